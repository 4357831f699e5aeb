"""Skock's evaluation: both kings, a king in reach of the king die, the queue."""

from __future__ import annotations

import pytest

from motley.games.skock.rules import Skock


def value(position: str, seat: int = 0) -> float:
    rules = Skock({"position": position})
    return rules.evaluate(rules.initial_state(), seat)


def test_the_second_king_is_worth_more_than_any_other_piece() -> None:
    # White keeps two kings, Black one king and a queen
    assert value("q6k/8/8/8/8/8/8/K5K1 w - -") > 0
    assert value("q6k/8/8/8/8/8/8/K5K1 w - -", 1) < 0


def test_a_king_in_reach_of_an_enemy_piece_is_in_danger() -> None:
    safe = value("k7/8/8/8/8/8/8/1R2K2K w - -")  # the rook on b1 does not reach a8
    checked = value("k7/8/8/8/8/8/8/R3K2K w - -")  # the rook on a1 does
    assert checked > safe
    assert value("k7/8/8/8/8/8/8/R3K2K w - -", 1) == pytest.approx(-checked)


def test_a_queued_piece_is_not_quite_lost() -> None:
    assert value("k6k/8/8/8/8/8/8/K5K1 w Q -") > value("k6k/8/8/8/8/8/8/K5K1 w - -")
