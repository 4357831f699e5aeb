"""The kit's draw rules and its squares-only move reader, as the games that keep their own
position history and castling words use them."""

from __future__ import annotations

import pytest

from motley.chesslike.coordinates import read_squares
from motley.chesslike.draws import history_draw
from motley.chesslike.position import Move
from motley.chesslike.tables import orthodox_tables
from motley.core.errors import NotationError
from motley.core.phased import Outcome

OPTIONS = {"no_progress_plies": 100, "repetition": 3}


def test_no_progress_is_judged_before_repetition_in_the_games_words() -> None:
    history = ("a", "b", "a", "b", "a")
    assert history_draw(OPTIONS, 99, history[:4]) is None
    assert history_draw(OPTIONS, 99, history) == Outcome(None, "the same position 3 times")
    idle = "turns without a capture, pawn move or zombie"
    assert history_draw(OPTIONS, 100, history, idle) == Outcome(
        None, "100 turns without a capture, pawn move or zombie"
    )
    assert history_draw(OPTIONS, 0, history, same="the same position and knowledge") == Outcome(
        None, "the same position and knowledge 3 times"
    )


def test_zero_turns_a_draw_rule_off_and_an_empty_history_never_repeats() -> None:
    off = {"no_progress_plies": 0, "repetition": 0}
    assert history_draw(off, 500, ("a",) * 9) is None
    assert history_draw(OPTIONS, 0, ()) is None


def test_squares_are_read_with_or_without_separators_and_castling_words_are_not() -> None:
    t = orthodox_tables()
    e2, e4, e7, d8 = (t.geometry.parse(name) for name in ("e2", "e4", "e7", "d8"))
    assert read_squares(t, "e2e4") == read_squares(t, " E2-e4 ") == Move(e2, e4)
    assert read_squares(t, "e7xd8=Q") == Move(e7, d8, "q")
    for text in ("O-O", "Nf3", "e2", "z9z9", "keep"):
        assert read_squares(t, text) is None
    with pytest.raises(NotationError, match="promotion"):
        read_squares(t, "e2e4e5")
