"""Tar Pit positions, states and views as text and JSON, read back with validation.

A position is a FEN whose placement marks the checkers: `*` after a piece's letter means it
stands on its own colour's checker (carrying), `~` on the opponent's (tarred). The seed's
example before Black's move is
`rnbqkb1r/ppppp~1pp/5n2/5p~2/4P~1P1/5P2/PPPP3P/RNBQKBNR b KQkq - 0 3`: the black pawns
on e7 and f5 stand on White's checkers, the white pawn on e4 on Black's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from motley.chesslike.fen import castling_field, ep_field, parse_fen
from motley.chesslike.marked import marked_placement, split_marks
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.components.chess_cards import Card, Pile
from motley.core.errors import NotationError, StateError
from motley.games.tar_pit.board import Checkers
from motley.games.tar_pit.state import PHASES, TarPitState

CARRY = "*"
TAR = "~"


class TarPitView(NamedTuple):
    """What one seat may see: the public state (both hands and the draw pile emptied), its
    own hand (None for a spectator), the hand sizes, the draw pile's size and the result."""

    seat: int
    public: TarPitState
    hand: Pile | None
    hand_sizes: tuple[int, int]
    draw_size: int
    outcome: str


def setup_text(t: ChessTables, board: Position, checkers: Checkers) -> str:
    """The position as a FEN with `*` after carrying pieces and `~` after tarred ones."""
    ep = ep_field(t, board)
    fields = [
        "",  # the placement, marked below
        "w" if board.turn == 0 else "b",
        castling_field(t, board),
        t.geometry.name(ep) if ep >= 0 else "-",
        str(board.halfmove),
        str(board.fullmove),
    ]  # as `write_fen` writes them

    def mark(cell: int) -> str:
        owner = 0 if board.colours[0] >> cell & 1 else 1
        if checkers[owner] >> cell & 1:
            return CARRY
        return TAR if checkers[owner ^ 1] >> cell & 1 else ""

    fields[0] = marked_placement(t, board, mark)
    return " ".join(fields)


def parse_setup(t: ChessTables, text: str) -> tuple[Position, Checkers]:
    """Read a marked FEN; raises NotationError."""
    fields = text.split()
    if len(fields) < 4 or len(fields) > 6:
        raise NotationError(f"a position needs 4 to 6 FEN fields, got {len(fields)}")
    placement = fields[0]
    plain, carry = split_marks(t, placement.replace(TAR, ""))
    _, tar = split_marks(t, placement.replace(CARRY, "").replace(TAR, CARRY))
    fields[0] = plain
    board = parse_fen(t, " ".join(fields), strict=False)
    marks = [0, 0]
    for cell in range(t.n):
        count = carry[cell] + tar[cell]
        if not count:
            continue
        if count > 1:
            raise NotationError(f"the piece on {t.geometry.name(cell)} has more than one checker")
        owner = 0 if board.colours[0] >> cell & 1 else 1
        marks[owner if carry[cell] else owner ^ 1] |= 1 << cell
    return board, (marks[0], marks[1])


def cell_text(t: ChessTables, cell: int) -> str:
    return t.geometry.name(cell) if cell >= 0 else "-"


def public_json(t: ChessTables, s: TarPitState) -> dict[str, Any]:
    return {
        "fen": setup_text(t, s.board, s.checkers),
        "phase": s.phase,
        "seat": s.seat,
        "piece": cell_text(t, s.piece),
        "supply": list(s.supply),
        "discard": str(s.discard),
        "top": s.top.letter if s.top is not None else "-",
        "plies": s.plies,
        "history": list(s.history),
    }


def state_json(t: ChessTables, s: TarPitState) -> dict[str, Any]:
    data = public_json(t, s)
    data["hands"] = [str(s.hands[0]), str(s.hands[1])]
    data["draw"] = str(s.draw)
    return data


def view_json(t: ChessTables, view: TarPitView) -> dict[str, Any]:
    data = public_json(t, view.public)
    data["viewer"] = view.seat
    data["hand"] = None if view.hand is None else str(view.hand)
    data["hand_sizes"] = list(view.hand_sizes)
    data["draw_size"] = view.draw_size
    data["outcome"] = view.outcome
    return data


def read_state(t: ChessTables, data: Mapping[str, Any]) -> TarPitState:
    """The fields of `state_json` as a state (shape only; the rules check the rest)."""
    if not isinstance(data, Mapping):
        raise StateError("tar_pit: a state is a JSON object")
    try:
        board, checkers = parse_setup(t, _field(data, "fen", str))
    except NotationError as error:
        raise StateError(f"tar_pit: bad position: {error}") from None
    phase = _field(data, "phase", str)
    if phase not in PHASES:
        raise StateError(f"tar_pit: 'phase' is one of {', '.join(PHASES)}")
    seat = _field(data, "seat", int)
    if seat not in (0, 1):
        raise StateError("tar_pit: 'seat' is 0 (White) or 1 (Black)")
    piece_text = _field(data, "piece", str)
    supply = _field(data, "supply", list)
    if len(supply) != 2 or not all(type(n) is int and n >= 0 for n in supply):
        raise StateError("tar_pit: 'supply' lists two counts of checkers, White's first")
    hands = _field(data, "hands", list)
    if len(hands) != 2 or not all(isinstance(h, str) for h in hands):
        raise StateError("tar_pit: 'hands' lists two hands of card letters, White's first")
    top_text = _field(data, "top", str)
    plies = _field(data, "plies", int)
    history = _field(data, "history", list)
    if plies < 0 or not all(isinstance(h, str) for h in history):
        raise StateError("tar_pit: 'plies' counts turns and 'history' lists positions")
    try:
        piece = -1 if piece_text == "-" else t.geometry.parse(piece_text)
        top = None if top_text == "-" else Card.parse(top_text)
        hand_piles = (Pile.parse(hands[0]), Pile.parse(hands[1]))
        draw = Pile.parse(_field(data, "draw", str))
        discard = Pile.parse(_field(data, "discard", str))
    except NotationError as error:
        raise StateError(f"tar_pit: {error}") from None
    return TarPitState(
        board=board,
        checkers=checkers,
        supply=(supply[0], supply[1]),
        hands=hand_piles,
        draw=draw,
        discard=discard,
        top=top,
        phase=phase,
        seat=seat,
        piece=piece,
        plies=plies,
        history=tuple(history),
    )


def _field(data: Mapping[str, Any], key: str, kind: type) -> Any:
    try:
        value = data[key]
    except KeyError:
        raise StateError(f"tar_pit: the state needs {key!r}") from None
    if type(value) is not kind:
        raise StateError(f"tar_pit: {key!r} must be a {kind.__name__}")
    return value
