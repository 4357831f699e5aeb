"""Masquerade Chess values: the state, the assignment action, the views, and their JSON.

Seed 002, The Rules of Chess Kit, section Masquerade Chess. The state holds both secret
tables; the clues (every "Capture?" and its answer) are public, since both players hear them.
States and views are written as JSON and read back with validation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.forms import cell_or, cell_set, whole
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.core.codec import Form, Spread, StateCodec, pair_of, text_form, tuple_of
from motley.core.errors import StateError
from motley.games.masquerade.assignment import (
    EMPTY,
    ROWS,
    Clue,
    clue_from_text,
    combos,
    from_old,
    is_complete,
    is_table,
    marks,
    possible,
    tables_of,
)


class MasqueradeState(NamedTuple):
    board: Position
    # tables[s]: the capture letters of seat s's K, Q, R, B, N, as the OPPONENT filled them
    # in (secret from s); shorter than five while the opponent is still filling it in
    tables: tuple[str, str]
    clues: tuple[tuple[Clue, ...], tuple[Clue, ...]]  # clues[s]: about seat s's pieces
    promoted: int  # squares of pieces that were pawns (for option promoted_capture=own)
    winner: int  # the seat that captured a king, or -1
    history: tuple[str, ...]  # positions (with knowledge) since the last capture or pawn move
    last: str = ""  # the last action as everyone heard it ("b1xc3? no"; "White fills in row K")


@dataclass(frozen=True, slots=True)
class Assign:
    """Circle one square of the opponent's table: `row` captures like `capture` (`KQ`)."""

    row: str
    capture: str


Action = Move | Assign


# -- views, and states and views as JSON ------------------------------------------------


class MasqueradeView(NamedTuple):
    """What one seat may see: the board, the table it filled in, every clue, the result."""

    seat: int
    board: Position
    filled: tuple[str, str]  # the rows of each seat's table circled so far (public)
    known: str | None  # the table this seat filled in for the opponent (None: spectator)
    clues: tuple[tuple[Clue, ...], tuple[Clue, ...]]
    promoted: int
    winner: int
    outcome: str
    history: tuple[str, ...]
    last: str


def _read_table(data: Any) -> str:
    if not isinstance(data, str) or not is_table(from_old(data)):
        raise ValueError(data)
    return from_old(data)  # a table stored before rows came in any order is padded


def _read_clue(data: Any) -> Clue:
    clue = clue_from_text(data) if isinstance(data, str) else None
    if clue is None:
        raise ValueError(data)
    return clue


TABLE = Form("a table of five distinct letters KQRBN or '.'", str, _read_table)
CLUES = pair_of(tuple_of(Form("a clue such as 'N:BN+'", Clue.text, _read_clue)))
WINNER = Form("-1, 0 or 1", whole(-1, 1).write, whole(-1, 1).read)


class Codec(StateCodec[MasqueradeState]):
    """A state's JSON, every key required: the board as a FEN without en passant and the
    en-passant square beside it, both tables, the clues as text, then the table's marks."""

    def __init__(self, t: ChessTables) -> None:
        self.t = t
        self.g = t.geometry
        fen = text_form("a FEN", lambda board: write_fen(t, board), self._board)
        board = Spread(
            ("board",), {"fen": fen, "ep": cell_or(self.g, "-")}, _split_ep, self._with_ep
        )
        super().__init__(
            "masquerade",
            MasqueradeState,
            {
                "tables": pair_of(TABLE),
                "clues": CLUES,
                "promoted": cell_set(self.g),
                "winner": WINNER,
            },
            spreads=(board,),
            required=("last",),
            check=self._check,
            omit_defaults=False,
        )

    def _board(self, fen: str) -> Position:
        board = parse_fen(self.t, fen, strict=False)
        if board.pieces[self.t.pawn] & (self.t.back_rank[0] | self.t.back_rank[1]):
            raise StateError("a pawn stands on the first or last rank")
        return board

    def _with_ep(self, keys: tuple[Any, ...]) -> tuple[Position]:
        board, ep = keys
        if ep < 0:
            return (board,)
        t = self.t
        victim = t.ep_victim[board.turn][ep]
        if not (
            victim >= 0
            and (1 << victim) & board.pieces[t.pawn] & board.colours[board.turn ^ 1]
            and not (1 << ep) & board.occupied
        ):
            raise ValueError("the en-passant square follows no double step")
        return (board._replace(ep=ep),)

    def board_of(self, data: Mapping[str, Any]) -> Position:
        """The board of a state's 'fen' and 'ep', kings and pawns where they may stand."""
        return self._with_ep((self._board(data["fen"]), self.forms["ep"].read(data["ep"])))[0]

    def _check(self, s: MasqueradeState) -> None:
        """What no game reaches: tables, clues, marks and kings that disagree."""
        tables, board, t = s.tables, s.board, self.t
        if tables[0] != EMPTY and not is_complete(tables[1]):
            raise StateError("masquerade: 'tables': White's is filled in only after Black's")
        for seat in (0, 1):
            if s.clues[seat] and not is_complete(tables[seat]):
                raise StateError("masquerade: 'clues' given before the tables are filled in")
            for clue in s.clues[seat]:
                if (tables[seat][ROWS.index(clue.row)] in clue.fits) != clue.hit:
                    raise StateError("masquerade: 'clues': a clue disagrees with the table")
        if s.promoted & ~board.occupied:
            raise StateError("masquerade: 'promoted': a mark lies on an empty square")
        for seat in (0, 1):
            kings = (board.pieces[t.royal] & board.colours[seat]).bit_count()
            if kings != (0 if s.winner == seat ^ 1 else 1):
                raise StateError("masquerade: 'winner': each king stands until it is captured")
        if not s.history:
            raise StateError("masquerade: 'history' must list the positions reached")

    def view_json(self, v: MasqueradeView) -> dict[str, Any]:
        public = MasqueradeState(
            v.board, (EMPTY, EMPTY), v.clues, v.promoted, v.winner, v.history, v.last
        )
        shared = self.write(public)
        known = [possible(v.clues[0]), possible(v.clues[1])]
        data: dict[str, Any] = {
            "seat": v.seat,
            "fen": shared["fen"],
            "ep": shared["ep"],
            "filled": list(v.filled),
            "table_you_filled": v.known,
            "clues": shared["clues"],
            # what each player has learned about their own pieces (public: both hear every
            # answer), as the seed's X/O table, and how many tables are still possible
            "knowledge": [list(marks(known[0])), list(marks(known[1]))],
            "possible": [known[0].bit_count(), known[1].bit_count()],
            **{key: shared[key] for key in ("promoted", "winner")},
            "outcome": v.outcome,
            **{key: shared[key] for key in ("history", "last")},
        }
        if v.seat in (0, 1):
            # the deduction aid: every table of this seat's own pieces still possible
            data["your_possible_tables"] = [combos(p) for p in tables_of(known[v.seat])]
        return data


def _split_ep(fields: tuple[Any, ...]) -> tuple[Position, int]:
    (board,) = fields
    return board._replace(ep=-1), board.ep
