"""Chess960 on the table: the start is named in a note, castling is king onto rook."""

from __future__ import annotations

from motley.chesslike.position import Move, Position
from motley.core import present, registry
from motley.core.present import Note
from motley.games.chess960.rules import Chess960
from motley.games.chess960.state import CardDeal, StartPosition

# king e1 between rooks a1 and f1, as in start position 620 (RBNQKRBN) with the rest gone
CASTLES = "1r2k3/8/8/8/8/8/8/R3KR2 w KQ - 0 1"


def test_the_draw_of_the_start_adds_nothing_to_the_move_list() -> None:
    rules = Chess960()
    undealt = rules.initial_state()
    assert rules.notate(undealt, StartPosition(620), 0) == ""
    assert rules.notate(undealt, StartPosition(620), 1) == ""
    cards = Chess960({"start": "cards"})
    assert cards.notate(cards.initial_state(), CardDeal("BNRQKRNB"), 0) == ""
    scene = rules.scene(undealt, 0)
    assert scene.pieces == () and scene.status == "The start position is being drawn"


def test_the_start_position_is_named_in_a_note() -> None:
    rules = Chess960()
    state = rules.apply(rules.initial_state(), StartPosition(620))
    scene = rules.scene(state, 0)
    assert scene.items == (Note("Starting position 620", "start"),)
    assert len(scene.pieces) == 32
    knight = rules.parse_action(state, "Nd3")
    state = rules.apply(state, knight)
    assert rules.scene(state, 1).items == (Note("Starting position 620", "start"),)
    # a pawn move cuts the position's chain: past it, only a given start is known
    state = rules.apply(state, rules.parse_action(state, "e5"))
    assert rules.scene(state, 0).items == ()
    given = Chess960({"position": "620"})
    state = given.initial_state()
    for text in ("e4", "e5"):
        state = given.apply(state, given.parse_action(state, text))
    assert given.scene(state, 0).items == (Note("Starting position 620", "start"),)


def test_a_position_that_is_no_start_array_names_none() -> None:
    rules = Chess960({"position": CASTLES})
    assert rules.scene(rules.initial_state(), 0).items == ()


def test_castling_is_the_king_dropped_on_its_rook_and_reads_o_o() -> None:
    rules = Chess960({"position": CASTLES})
    state = rules.initial_state()
    assert isinstance(state, Position)
    g = rules.geometry
    short = Move(g.parse("e1"), g.parse("f1"))
    long = Move(g.parse("e1"), g.parse("a1"))
    assert rules.gesture(state, short) == present.Move(g.parse("e1"), g.parse("f1"))
    assert rules.gesture(state, long) == present.Move(g.parse("e1"), g.parse("a1"))
    assert rules.notate(state, short, 0) == "O-O"
    assert rules.notate(state, long, 1) == "O-O-O"
    assert rules.notate(state, Move(g.parse("e1"), g.parse("d1")), 0) == "Kd1"
    scene = rules.scene(state, 0)
    assert scene.prompt == "Your move as White; to castle, drop the king on its rook"


def test_the_prompt_mentions_castling_only_when_it_is_legal() -> None:
    rules = Chess960({"position": "1r2k3/8/8/8/8/8/8/R3KR2 b KQ - 0 1"})
    assert rules.scene(rules.initial_state(), 1).prompt == "Your move as Black"
    crossed = Chess960({"position": "3rk3/8/8/8/8/8/8/R3KR2 w KQ - 0 1"})  # d1 attacked
    start = crossed.initial_state()
    moves = {crossed.action_text(start, m) for m in crossed.legal_actions(start)}
    assert "e1f1" in moves and "e1a1" not in moves
    assert crossed.scene(start, 0).prompt.endswith("drop the king on its rook")
    blocked = registry.make("chess960", {"position": "4k3/8/8/8/8/8/8/R2BKB1R w KQ - 0 1"})
    assert blocked.scene(blocked.initial_state(), 0).prompt == "Your move as White"
