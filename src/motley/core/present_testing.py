"""What the tests of a game's presentation ask of it, written once: each legal action's gesture
and notation by its text, one action's notation, the items of a scene of one type, the words
of a gesture's chooser, the one drag that several actions share, and a roll told and drawn."""

from __future__ import annotations

from typing import Any, TypeVar

from motley.core.present import Dice, Gesture, Move, Scene

T = TypeVar("T")


def gestures(rules: Any, state: Any) -> dict[str, Gesture]:
    """How each legal action at `state` is made, by its text (the state serves as the view
    of a game without secrets)."""
    legal = rules.legal_actions(state)
    return {rules.action_text(state, a): rules.gesture(state, a) for a in legal}


def notations(rules: Any, state: Any, seat: int = 0) -> dict[str, str]:
    """How the move list writes each legal action at `state` for `seat`, by its text."""
    legal = rules.legal_actions(state)
    return {rules.action_text(state, a): rules.notate(state, a, seat) for a in legal}


def notated(rules: Any, state: Any, text: str, seat: int = 0) -> str:
    """How the move list writes the action `text` at `state` for `seat`."""
    return str(rules.notate(state, rules.parse_action(state, text), seat))


def items_of(scene: Scene, kind: type[T]) -> list[T]:
    """The scene's items of one type (its dice, its trays), in the order it lists them."""
    return [item for item in scene.items if isinstance(item, kind)]


def labelled(gesture: Gesture) -> str:
    """The words of the chooser that tells the gesture's action apart."""
    assert gesture.choice is not None, f"{gesture} asks no choice"
    return gesture.choice.label


def one_drag(made: dict[str, Gesture], *texts: str) -> tuple[int, int]:
    """The origin and target of the one drag that the actions `texts` share (a chooser then
    tells them apart)."""
    drags = [made[text] for text in texts]
    assert all(isinstance(d, Move) for d in drags), drags
    ends = {(d.origin, d.target) for d in drags if isinstance(d, Move)}
    assert len(ends) == 1, f"{texts} are not one drag: {ends}"
    return ends.pop()


def rolled(rules: Any, state: Any, text: str, told: str, dice: Dice) -> tuple[Any, Scene]:
    """The state after the roll `text` and the scene its roller (`dice.owner`) sees there,
    checking that the opponent's move list (of two seats) tells the roll as `told` and that
    the scene draws it as `dice`, the only dice on the table."""
    assert dice.owner in (0, 1), dice
    assert notated(rules, state, text, dice.owner ^ 1) == told
    state = rules.apply(state, rules.parse_action(state, text))
    scene = rules.scene(state, dice.owner)
    assert items_of(scene, Dice) == [dice]
    return state, scene
