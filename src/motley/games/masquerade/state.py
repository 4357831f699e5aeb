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
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import NotationError, StateError
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


class Codec:
    def __init__(self, t: ChessTables) -> None:
        self.t = t
        self.g = t.geometry

    # -- out ------------------------------------------------------------------------------

    def _board_json(self, board: Position) -> dict[str, Any]:
        return {
            "fen": write_fen(self.t, board._replace(ep=-1)),
            "ep": self.g.name(board.ep) if board.ep >= 0 else "-",
        }

    def _cells(self, mask: int) -> list[str]:
        return [self.g.name(c) for c in range(self.t.n) if mask >> c & 1]

    def state_json(self, s: MasqueradeState) -> dict[str, Any]:
        return {
            **self._board_json(s.board),
            "tables": list(s.tables),
            "clues": [[c.text() for c in s.clues[0]], [c.text() for c in s.clues[1]]],
            "promoted": self._cells(s.promoted),
            "winner": s.winner,
            "history": list(s.history),
            "last": s.last,
        }

    def view_json(self, v: MasqueradeView) -> dict[str, Any]:
        known = [possible(v.clues[0]), possible(v.clues[1])]
        data: dict[str, Any] = {
            "seat": v.seat,
            **self._board_json(v.board),
            "filled": list(v.filled),
            "table_you_filled": v.known,
            "clues": [[c.text() for c in v.clues[0]], [c.text() for c in v.clues[1]]],
            # what each player has learned about their own pieces (public: both hear every
            # answer), as the seed's X/O table, and how many tables are still possible
            "knowledge": [list(marks(known[0])), list(marks(known[1]))],
            "possible": [known[0].bit_count(), known[1].bit_count()],
            "promoted": self._cells(v.promoted),
            "winner": v.winner,
            "outcome": v.outcome,
            "history": list(v.history),
            "last": v.last,
        }
        if v.seat in (0, 1):
            # the deduction aid: every table of this seat's own pieces still possible
            data["your_possible_tables"] = [combos(p) for p in tables_of(known[v.seat])]
        return data

    # -- in -------------------------------------------------------------------------------

    def state_from_json(self, data: Mapping[str, Any]) -> MasqueradeState:
        if not isinstance(data, Mapping):
            raise StateError("masquerade: a state is a JSON object")
        board = self.board_of(data)
        tables = _field(data, "tables", list)
        if len(tables) == 2 and all(isinstance(x, str) for x in tables):
            tables = [from_old(x) for x in tables]  # stored before rows came in any order
        if len(tables) != 2 or not all(isinstance(x, str) and is_table(x) for x in tables):
            raise StateError(
                "masquerade: 'tables' needs two tables of five distinct letters KQRBN or '.'"
            )
        if tables[0] != EMPTY and not is_complete(tables[1]):
            raise StateError("masquerade: White's table is filled in only after Black's")
        clues = _field(data, "clues", list)
        if len(clues) != 2 or not all(isinstance(x, list) for x in clues):
            raise StateError("masquerade: 'clues' needs one list per player")
        read = (self._clues(clues[0]), self._clues(clues[1]))
        for seat in (0, 1):
            if read[seat] and not is_complete(tables[seat]):
                raise StateError("masquerade: clues before the tables are filled in")
            for clue in read[seat]:
                if (tables[seat][ROWS.index(clue.row)] in clue.fits) != clue.hit:
                    raise StateError("masquerade: a clue disagrees with the table")
        promoted = 0
        for name in _field(data, "promoted", list):
            promoted |= 1 << self._cell(name)
        if promoted & ~board.occupied:
            raise StateError("masquerade: a promoted mark lies on an empty square")
        winner = _field(data, "winner", int)
        if winner not in (-1, 0, 1):
            raise StateError("masquerade: 'winner' is -1, 0 or 1")
        t = self.t
        for seat in (0, 1):
            kings = (board.pieces[t.royal] & board.colours[seat]).bit_count()
            if kings != (0 if winner == seat ^ 1 else 1):
                raise StateError("masquerade: each king stands until it is captured")
        history = _field(data, "history", list)
        if not history or not all(isinstance(h, str) for h in history):
            raise StateError("masquerade: 'history' must be a non-empty list of positions")
        last = _field(data, "last", str)
        return MasqueradeState(
            board, (tables[0], tables[1]), read, promoted, winner, tuple(history), last
        )

    def board_of(self, data: Mapping[str, Any]) -> Position:
        """The board of a state (its 'fen' and 'ep'), kings and pawns where they may stand."""
        fen = _field(data, "fen", str)
        try:
            board = parse_fen(self.t, fen, strict=False)
        except NotationError as error:
            raise StateError(f"masquerade: bad position in state: {error}") from None
        if board.pieces[self.t.pawn] & (self.t.back_rank[0] | self.t.back_rank[1]):
            raise StateError("masquerade: a pawn stands on the first or last rank")
        ep_name = _field(data, "ep", str)
        if ep_name != "-":
            ep = self._cell(ep_name)
            t = self.t
            victim = t.ep_victim[board.turn][ep]
            ok = (
                victim >= 0
                and (1 << victim) & board.pieces[t.pawn] & board.colours[board.turn ^ 1]
                and not (1 << ep) & board.occupied
            )
            if not ok:
                raise StateError("masquerade: the en-passant square follows no double step")
            board = board._replace(ep=ep)
        return board

    def _clues(self, texts: list[Any]) -> tuple[Clue, ...]:
        out = []
        for text in texts:
            clue = clue_from_text(text) if isinstance(text, str) else None
            if clue is None:
                raise StateError(f"masquerade: bad clue {text!r}")
            out.append(clue)
        return tuple(out)

    def _cell(self, name: Any) -> int:
        if not isinstance(name, str):
            raise StateError(f"masquerade: {name!r} is not a square")
        try:
            return self.g.parse(name)
        except NotationError as error:
            raise StateError(f"masquerade: {error}") from None


def _field(data: Mapping[str, Any], key: str, kind: type) -> Any:
    try:
        value = data[key]
    except KeyError:
        raise StateError(f"masquerade: the state needs {key!r}") from None
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise StateError(f"masquerade: {key!r} must be a {kind.__name__}")
    return value
