"""The chess kit's plain functions, over positions no rules object stands behind."""

from __future__ import annotations

import pytest

from motley.chesslike import movegen
from motley.chesslike.chain import history_texts, read_history
from motley.chesslike.coordinates import move_text, read_coordinates
from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.marked import read_marked_fen, turn_line, write_marked_fen
from motley.chesslike.position import Move, Position
from motley.chesslike.refusals import move_refusal, named_move, target_refusal, tries_castling
from motley.chesslike.san import check_mark, read_san, write_san
from motley.chesslike.tables import ChessTables, orthodox_tables
from motley.core.errors import IllegalAction, NotationError, StateError

CASTLES = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def t() -> ChessTables:
    return orthodox_tables()


def cell(t: ChessTables, name: str) -> int:
    return t.geometry.parse(name)


def test_coordinates_read_castling_words_and_separators(t: ChessTables) -> None:
    pos = parse_fen(t, CASTLES)
    assert read_coordinates(t, pos, "O-O") == Move(cell(t, "e1"), cell(t, "g1"))
    assert read_coordinates(t, pos, " e1-c1 ") == Move(cell(t, "e1"), cell(t, "c1"))
    assert read_coordinates(t, pos, "a1xa8") == Move(cell(t, "a1"), cell(t, "a8"))
    assert read_coordinates(t, pos, "Nf3") is None
    with pytest.raises(NotationError, match="promotion"):
        read_coordinates(t, pos, "a1a8x")


def test_castling_is_written_as_the_kings_step_or_on_the_rook(t: ChessTables) -> None:
    pos = parse_fen(t, CASTLES)
    short = Move(cell(t, "e1"), cell(t, "h1"))  # king takes own rook, inside
    assert move_text(t, pos, short) == "e1g1"
    assert move_text(t, pos, short, king_step=False) == "e1h1"
    found = named_move(movegen.legal_moves(t, pos), Move(cell(t, "e1"), cell(t, "g1")),
                       lambda m: move_text(t, pos, m))
    assert found == short


def test_castling_takes_the_games_own_attack_test(t: ChessTables) -> None:
    pos = parse_fen(t, CASTLES)
    king = cell(t, "e1")
    both = {move_text(t, pos, m) for m in movegen.castling_moves(t, pos, king)}
    assert both == {"e1g1", "e1c1"}
    f1 = cell(t, "f1")
    kept = movegen.castling_moves(t, pos, king, lambda _pos, at, _occupied: at == f1)
    assert {move_text(t, pos, m) for m in kept} == {"e1c1"}
    assert movegen.castling_path(t, 0, king, cell(t, "h1")).crossed == (1 << king) | (1 << f1)


def test_refusals_name_the_shared_rules(t: ChessTables) -> None:
    pos = parse_fen(t, "4k3/P7/8/8/8/8/8/R3K3 w Q - 0 1")
    names = ("q", "r", "b", "n")
    assert move_refusal(t, pos, Move(cell(t, "e4"), cell(t, "e5")), "White", names) == (
        "there is no piece on e4"
    )
    assert "not White's" in move_refusal(t, pos, Move(cell(t, "e8"), cell(t, "e7")), "White", names)
    pawn = Move(cell(t, "a7"), cell(t, "a8"))
    assert "must be promoted (add q, r, b or n)" in move_refusal(t, pos, pawn, "White", names)
    assert "may not be promoted to 'k'" in move_refusal(
        t, pos, Move(pawn.origin, pawn.target, "k"), "White", names
    )
    rook = Move(cell(t, "a1"), cell(t, "a2"), "q")
    assert move_refusal(t, pos, rook, "White", names) == (
        "only a pawn reaching the last rank is promoted"
    )
    assert move_refusal(t, pos, Move(cell(t, "a1"), cell(t, "a2")), "White", names) == ""
    assert target_refusal(t, pos, Move(cell(t, "e1"), cell(t, "a1"))) == (
        "your own piece stands on a1"
    )
    assert tries_castling(t, pos, Move(cell(t, "e1"), cell(t, "c1")))
    assert not tries_castling(t, pos, Move(cell(t, "e1"), cell(t, "d1")))


def test_san_takes_plain_values_and_the_games_own_check(t: ChessTables) -> None:
    pos = parse_fen(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    legal = movegen.legal_moves(t, pos)
    rook = Move(cell(t, "a1"), cell(t, "a8"))
    assert write_san(t, pos, rook, legal, lambda m: "+") == "Ra8+"
    assert write_san(t, pos, rook, legal, lambda m: "") == "Ra8"
    assert read_san(t, pos, "Ra8+", legal, "White", lambda m: "no") == rook
    with pytest.raises(IllegalAction, match="no bishop of White can reach b5"):
        read_san(t, pos, "Bb5", legal, "White", lambda m: "no")
    assert check_mark(True, lambda: True) == "#" and check_mark(False, lambda: True) == ""


def test_marked_fen_round_trip_keeps_marks_and_the_en_passant_field(t: ChessTables) -> None:
    text = "4k3/8/8/3pP*3/8/8/8/2B**1K3 w - d6 0 1"
    board, marks, ep = read_marked_fen(t, text)
    assert ep == "d6" and board.ep == -1
    assert marks[cell(t, "c1")] == 2 and marks[cell(t, "e5")] == 1 and sum(marks) == 3
    again = write_marked_fen(t, board, lambda c: "*" * marks[c], cell(t, ep))
    assert again == text
    kept, _, _ = read_marked_fen(t, text, keep_ep=True)
    assert kept.ep == cell(t, "d6")
    with pytest.raises(NotationError):
        read_marked_fen(t, "*4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert turn_line("", "White to move", True) == "White to move, in check"
    assert turn_line("draw by stalemate", "White to move") == "Game over: draw by stalemate"


def test_history_is_written_oldest_first_and_read_back(t: ChessTables) -> None:
    first = parse_fen(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    second = parse_fen(t, "4k3/8/8/8/8/8/8/1R2K3 b - - 1 1")._replace(previous=first)
    third = parse_fen(t, "3k4/8/8/8/8/8/8/1R2K3 w - - 2 2")._replace(previous=second)

    def write(pos: Position) -> str:
        return write_fen(t, pos)

    texts = history_texts(third, write)
    assert texts == (write(first), write(second))
    back = read_history(parse_fen(t, write(third)), texts, lambda text: parse_fen(t, text))
    assert back == third
    with pytest.raises(StateError, match="history entry 2"):

        def refuse(text: str) -> Position:
            raise StateError("bad")

        read_history(first, ["x", "y"], lambda text: first if text == "x" else refuse(text))


@pytest.mark.parametrize(
    "fen",
    [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3",
        "8/2P5/8/8/8/8/5p2/K6k b - - 0 1",
    ],
)
def test_pseudo_reaches_are_each_pieces_pseudo_targets(t: ChessTables, fen: str) -> None:
    """A kind at a time, on the whole board or on part of it (one half's pieces alone)."""
    pos = parse_fen(t, fen)
    us = pos.colours[pos.turn]
    them = pos.colours[pos.turn ^ 1]
    reaches = movegen.pseudo_reaches(t, pos, us, us | them, them, pos.ep)
    assert reaches == {c: movegen.pseudo_targets(t, pos, c) for c in range(t.n) if us >> c & 1}
    half = sum(1 << c for c in range(t.n) if c % 8 < 4)
    part = pos._replace(
        pieces=tuple(bits & half for bits in pos.pieces),
        colours=(pos.colours[0] & half, pos.colours[1] & half),
    )
    mine = us & half
    found = movegen.pseudo_reaches(t, pos, mine, (us | them) & half, them & half, pos.ep)
    assert found == {c: movegen.pseudo_targets(t, part, c) for c in range(t.n) if mine >> c & 1}
