"""Hockey Chess's evaluation: shots on goal, who may take them, pucks and goals."""

from __future__ import annotations

import pytest

from motley.games.hockey.rules import HockeyChess


def value(position: str, seat: int = 0) -> float:
    rules = HockeyChess({"position": position})
    return rules.evaluate(rules.initial_state(), seat)


# White's rook on d1 holds a puck; a white knight stands on d5, bare or on a referee. A bare
# piece stops the puck, one on a checker does not: only the second gives a shot on d9.
BLOCKED = "4k3/8/8/3N4/8/8/8/3R*K3 {} - -"
OPEN = "4k3/8/8/3N^4/8/8/8/3R*K3 {} - -"


def test_a_shot_on_goal_is_worth_more_than_a_blocked_puck() -> None:
    assert value(OPEN.format("w")) > value(BLOCKED.format("w")) + 0.1


def test_a_shot_counts_most_for_the_side_about_to_act() -> None:
    assert value(OPEN.format("w")) > value(OPEN.format("b")) > value(BLOCKED.format("b"))


def test_the_evaluation_is_zero_sum_and_counts_goals() -> None:
    level = "4k3/8/8/8/8/8/8/4K3 w - - {}"
    assert value(level.format("2-0")) > value(level.format("1-0")) > 0
    assert value(level.format("1-0"), 1) == pytest.approx(-value(level.format("1-0"), 0))
