"""Every registered game declares how it is shown and played (see `core.present`).

Seeded random playouts of every game; at every decision, for every seat to act, the scene of
its view is drawable, the prompt tells it what to do, and every legal action has a gesture
that names something on the table or, for a button, says in words what it does.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from motley.core import present, registry
from motley.core.driver import random_walk
from motley.core.rules import Rules
from motley.geometry.square import SquareGeometry

GAME_IDS = registry.game_ids()
PLAYOUT_STEPS = 160
# a button naming a square (`e4`) or written like notation (`bury P@a1`, `4:g2f4`) is not
# words a player reads
SQUARE_NAME = re.compile(r"\b[a-z]\d{1,2}\b")
NOTATION = re.compile(r"[@:]|\b[a-z]\d|\d[a-z]\d")


def cell_limit(layout: present.Layout | None) -> int:
    if layout is None:
        return 0
    return layout.geometry.cell_count + len(layout.off_cells)


def item_sizes(scene: present.Scene) -> dict[str, int]:
    """How many pickable things each item with an id holds."""
    sizes: dict[str, int] = {}
    for item in scene.items:
        if isinstance(item, present.Cards):
            sizes[item.id] = len(item.cards)
        elif isinstance(item, present.Dice):
            sizes[item.id] = len(item.faces)
        elif isinstance(item, present.Tray):
            sizes[item.id] = len(item.pieces)
        elif isinstance(item, present.Grid):
            sizes[item.id] = len(item.rows) * len(item.columns)  # row * columns + column
    return sizes


def gesture_key(gesture: present.Gesture) -> tuple[Any, ...]:
    choice = gesture.choice.label if gesture.choice is not None else None
    if isinstance(gesture, present.Move):
        return ("move", gesture.origin, gesture.target, choice)
    if isinstance(gesture, present.Click):
        return ("click", gesture.cell, choice)
    if isinstance(gesture, present.Pick):
        return ("pick", gesture.item, gesture.index, choice)
    return ("button", gesture.label)


def check_decision(rules: Rules[Any, Any], state: Any, seat: int) -> None:
    layout = rules.layout()
    limit = cell_limit(layout)
    view = rules.view(state, seat)
    scene = rules.scene(view, seat)
    json.dumps(present.to_json(scene))
    game = rules.spec.id
    assert scene.prompt.strip() and scene.prompt.strip() != "Your turn", (
        f"{game}: no prompt for {rules.spec.seat_name(seat)}"
    )
    for piece in scene.pieces:
        assert 0 <= piece.cell < limit, f"{game}: a piece off the board at {piece.cell}"
    legend = {m.key for m in layout.legend} if layout is not None else set()
    for piece in scene.pieces:
        for mark in piece.marks:
            assert mark.key in legend, f"{game}: mark {mark.key!r} has no legend entry"
    sizes = item_sizes(scene)
    seen: dict[tuple[Any, ...], str] = {}
    for action in rules.legal_actions(state, seat):
        text = rules.action_text(state, action)
        gesture = rules.gesture(view, action)
        if isinstance(gesture, present.Move):
            assert 0 <= gesture.origin < limit and 0 <= gesture.target < limit, (game, text)
        elif isinstance(gesture, present.Click):
            assert 0 <= gesture.cell < limit, (game, text)
        elif isinstance(gesture, present.Pick):
            assert gesture.item in sizes, f"{game}: {text} picks from no item {gesture.item!r}"
            assert 0 <= gesture.index < sizes[gesture.item], (game, text)
        else:
            label = gesture.label
            assert label.strip(), f"{game}: an empty button for {text}"
            if layout is not None and isinstance(layout.geometry, SquareGeometry):
                assert not SQUARE_NAME.search(label), f"{game}: button {label!r} names a cell"
            assert not NOTATION.search(label), f"{game}: button {label!r} reads as notation"
        key = gesture_key(gesture)
        assert key not in seen, f"{game}: {text} and {seen[key]} share the gesture {key}"
        seen[key] = text


def playout(rules: Rules[Any, Any], seed: int) -> None:
    for state in random_walk(rules, rules.initial_state(), random.Random(seed), PLAYOUT_STEPS):
        for seat in rules.actors(state):
            check_decision(rules, state, seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_decision_is_shown_and_made_on_the_table(game_id: str) -> None:
    rules = registry.make(game_id)
    for seed in range(3):
        playout(rules, seed)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_board_is_declared(game_id: str) -> None:
    layout = registry.make(game_id).layout()
    if layout is None:
        return
    assert layout.geometry.cell_count > 0
    keys = [m.key for m in layout.legend]
    assert len(keys) == len(set(keys)), f"{game_id}: a legend key twice"
    for mark in layout.legend:
        assert mark.label.strip() and mark.meaning.strip(), (game_id, mark.key)


def test_chess_moves_are_drags_and_promotions_ask_for_the_piece() -> None:
    rules = registry.make("chess", {"position": "4k3/P7/8/8/8/8/8/4K2R w K - 0 1"})
    state = rules.initial_state()
    g = rules.layout().geometry  # type: ignore[union-attr]
    gestures = {
        rules.action_text(state, a): rules.gesture(state, a) for a in rules.legal_actions(state)
    }
    queen = gestures["a7a8q"]
    assert isinstance(queen, present.Move) and queen.choice is not None
    assert (queen.origin, queen.target, queen.choice.label) == (
        g.parse("a7"),
        g.parse("a8"),
        "queen",
    )
    castle = gestures["e1g1"]  # orthodox castling is the king's two-square step
    assert isinstance(castle, present.Move) and castle.target == g.parse("g1")
    scene = rules.scene(state, 0)
    assert len(scene.pieces) == 4 and scene.prompt
