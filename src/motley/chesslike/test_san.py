"""SAN reading rejects text that names a different move than a legal one.

(Agreement of SAN output with python-chess over whole games is in test_differential.py.)
"""

from __future__ import annotations

import pytest

from motley.chesslike.fen import parse_fen
from motley.chesslike.san import parse_san, san
from motley.chesslike.testing import KitChess
from motley.core.errors import IllegalAction, MotleyError, NotationError


@pytest.mark.parametrize("text", ["exd4", "Nah3", "N5f3", "e9e4", "Ke2", "O-O", "Bb5"])
def test_wrong_text_is_refused_not_reinterpreted(text: str) -> None:
    rules = KitChess()
    with pytest.raises(MotleyError):
        parse_san(rules, rules.initial_state(), text)


def test_refusal_names_the_rule() -> None:
    rules = KitChess()
    with pytest.raises(IllegalAction, match="no bishop of White can reach b5"):
        parse_san(rules, rules.initial_state(), "Bb5")
    with pytest.raises(NotationError):
        parse_san(rules, rules.initial_state(), "Zz9")


def test_pinned_rival_needs_no_disambiguation() -> None:
    rules = KitChess()
    pos = parse_fen(rules.tables, "1k6/4n1r1/p1P2P2/6p1/1n2p1Pp/1RB1P2B/8/4K3 b - - 0 53")
    move = parse_san(rules, pos, "Nxc6")
    assert rules.action_text(pos, move) == "e7c6"
    assert san(rules, pos, move) == "Nxc6"
