"""Orthodox chess as its package sets it up: the start, the `position` option and the
positions its rules page draws (the kit's own tests pin the rules of play)."""

from __future__ import annotations

import pytest

from motley.chesslike.fen import write_fen
from motley.core.errors import OptionError
from motley.core.rules import NodeKind
from motley.games.chess.diagrams import played
from motley.games.chess.rules import Chess

ORTHODOX = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
ENDGAME = "8/8/8/4k3/8/8/4P3/4K3 b - - 3 40"


def test_the_game_starts_from_the_orthodox_array() -> None:
    rules = Chess()
    assert write_fen(rules.tables, rules.initial_state()) == ORTHODOX
    assert len(rules.legal_actions(rules.initial_state())) == 20


def test_the_position_option_starts_anywhere() -> None:
    rules = Chess({"position": ENDGAME})
    assert write_fen(rules.tables, rules.initial_state()) == ENDGAME
    assert rules.actors(rules.initial_state()) == (1,)


@pytest.mark.parametrize("bad", ["8/8/8/8 w - - 0 1", "not a fen"])
def test_a_bad_position_is_one_line_naming_the_option(bad: str) -> None:
    with pytest.raises(OptionError) as info:
        Chess({"position": bad})
    message = str(info.value)
    assert message.startswith("option 'position':") and "\n" not in message


def test_the_pages_positions_are_what_their_captions_say() -> None:
    rules = Chess()
    castled = played(rules, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"])
    assert write_fen(rules.tables, castled).split()[0].endswith("/RNBQ1RK1")
    passant = played(rules, ["e4", "Nf6", "e5", "d5"])
    assert "e5d6" in [rules.action_text(passant, m) for m in rules.legal_actions(passant)]
    mate = played(rules, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"])
    assert rules.kind(mate) is NodeKind.TERMINAL and rules.returns(mate) == (1.0, -1.0)
