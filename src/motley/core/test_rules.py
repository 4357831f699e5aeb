"""What every game declares with a default on `Rules`: how it ended, and its description."""

from __future__ import annotations

from dataclasses import dataclass

from motley.core import toys
from motley.core.toys import DiceRace, RaceState


@dataclass(frozen=True)
class Finish:
    winner: int | None
    reason: str


class NamedRace(DiceRace):
    """A dice race that names the rule that ended it."""

    def outcome(self, state: RaceState) -> Finish | None:
        if max(state.scores) < self._target():
            return None
        return Finish(0 if state.scores[0] > state.scores[1] else 1, "reached the target")


def test_a_game_that_names_its_ending_is_told_by_end_reason() -> None:
    rules = NamedRace({"target": 2})
    assert rules.end_reason(RaceState((1, 0))) == ""  # still going
    assert rules.end_reason(RaceState((2, 0))) == "reached the target"


def test_a_game_without_an_outcome_says_nothing() -> None:
    rules = DiceRace({"target": 2})
    assert rules.is_terminal(RaceState((2, 0)))
    assert rules.outcome(RaceState((2, 0))) is None
    assert rules.end_reason(RaceState((2, 0))) == ""


def test_the_description_is_the_module_then_the_class_docstring() -> None:
    text = DiceRace().description()
    module, own = (toys.__doc__ or "").splitlines()[0], "Two runners race to a target"
    assert text.startswith(module) and own in text
    assert "\n    " not in text  # indentation is taken off
    assert "names the rule" not in text  # a subclass's docstring is its own
    assert "A dice race that names the rule" in NamedRace().description()
