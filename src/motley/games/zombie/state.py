"""Zombie Chess values: the state, the actions and the public ledger of announcements.

Seed 002, The Rules of Chess Kit, section Zombie Chess. The state keeps both secret burial
grids; everything else in it is public. A player's grid holds the opponent's pieces that the
player buried, by square; the graveyard of a colour is exactly the pieces on the other
player's grid, so it is not stored twice.

States and views as JSON, read back with validation: a view has the state's public fields,
plus the seat's own grid (none for a spectator) and both graveyards (public: the pieces are
seen going there, not where they are buried).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.core.actions import OnCell
from motley.core.errors import NotationError, StateError
from motley.games.zombie.board import ep_still_open

# the phases of a turn: promote returning pawns, move, then bury what was captured
PROMOTE = "promote"
MOVE = "move"
BURY = "bury"
PHASES = (PROMOTE, MOVE, BURY)

BURIABLE = "PNBRQ"  # a king is never captured, so never buried
NAMES = {"P": "pawn", "N": "knight", "B": "bishop", "R": "rook", "Q": "queen", "K": "king"}

Grid = tuple[tuple[int, str], ...]  # (square, letter of the buried piece), sorted by square


# -- the ledger: what was said aloud, in order ----------------------------------------------

CHECK = "check"  # a square left was checked: letter '' for "no zombie at X", else the zombie
NOWHERE = "nowhere"  # "no zombies anywhere": the opponent's graveyard was empty
BURIED = "buried"  # a captured piece was buried; mask: the burier's squares at that moment
CANNOT = "cannot"  # "I cannot bury this piece": every square of the burier hides a burial
DESTROYED = "destroyed"  # an unmoved zombie was destroyed at the end of its owner's turn
DUSTED = "dusted"  # a captured zombie went to the dust bin (option rebury_zombies=false)
SAFE = "safe"  # public constraint: a burial on `cell` can only be one of `letter`'s pieces
ENTRY_KINDS = (CHECK, NOWHERE, BURIED, CANNOT, DESTROYED, DUSTED, SAFE)


class Entry(NamedTuple):
    """One public announcement, made during the turn of `seat`.

    `SAFE` entries are not spoken: they record what every player can work out from a move
    made in the middle of a zombie horde's turn (a square left earlier that turn would have
    returned a zombie checking the mover's king, so it cannot hide certain pieces).
    """

    what: str
    seat: int
    cell: int = -1
    letter: str = ""
    mask: int = 0


class Shared(tuple[Any, ...]):
    """A tuple of immutable values (named tuples of ints and strings) that only grows.

    Nothing in it can change, so a deep copy may share it: copying a long game's ledger
    for every state would otherwise cost time proportional to the game's length.
    """

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __copy__(self) -> Shared:
        return self

    def plus(self, *items: Any) -> Shared:
        return Shared((*self, *items))


class ZombieState(NamedTuple):
    """A Zombie Chess position in the middle of some turn.

    `board.turn` is the player whose turn it is for the whole turn (a zombie horde makes
    several moves); `board.ep` is the en-passant square open to that player this turn.
    """

    board: Position
    zombies: int = 0  # squares of zombie pieces (a coin under them), either colour
    grids: tuple[Grid, Grid] = ((), ())  # grids[s]: the opponent's pieces s buried, secret to s
    dust: tuple[str, str] = ("", "")  # dust[c]: letters of colour c's pieces in the dust bin
    # what a turn has done so far: the defaults are the start of a turn
    phase: str = MOVE
    moved: int = 0  # squares of the pieces that have moved this turn
    left: tuple[int, ...] = ()  # squares left this turn, in order: checked at the end of it
    normal_used: bool = False  # a piece that is not a zombie has moved this turn
    captured: str = ""  # letters of pieces captured this turn, still to be buried
    double_step: int = -1  # en-passant square this turn's double step gives the opponent
    progress: bool = False  # a capture, pawn move, return, destruction or promotion
    ledger: Shared = Shared()  # of Entry
    history: Shared = Shared()  # of str: turn-start positions since the last progress


# -- actions ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop moving zombies: the turn ends (unmoved zombies are destroyed). Written `end`."""


class Bury(OnCell):
    """Bury the next captured piece under the mover's piece on `cell`. Written `bury P@b2`."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Promote:
    """Promote a pawn that came back on its last rank. Written `c8=Q`."""

    cell: int
    letter: str


Action = Move | EndTurn | Bury | Promote


# -- small helpers on grids ---------------------------------------------------------------


def grid_get(grid: Grid, cell: int) -> str:
    for square, letter in grid:
        if square == cell:
            return letter
    return ""


def grid_put(grid: Grid, cell: int, letter: str) -> Grid:
    return tuple(sorted((*grid, (cell, letter))))


def grid_drop(grid: Grid, cell: int) -> Grid:
    return tuple(entry for entry in grid if entry[0] != cell)


def grid_mask(grid: Grid) -> int:
    mask = 0
    for square, _ in grid:
        mask |= 1 << square
    return mask


def graveyard(state: ZombieState, colour: int) -> str:
    """The letters of `colour`'s pieces in the zombie graveyard (public), sorted."""
    return "".join(sorted(letter for _, letter in state.grids[colour ^ 1]))


# -- views, and states and views as JSON ------------------------------------------------


class ZombieView(NamedTuple):
    """What one seat may see: the public state, its own grid, the graveyards, the result."""

    seat: int
    public: ZombieState  # with both grids emptied
    own_grid: Grid | None  # None for a spectator
    graveyards: tuple[str, str]  # letters of each colour's pieces in the graveyard
    outcome: str  # "" while the game goes on, else who won and why


class Codec:
    """JSON in and out for one board's tables."""

    def __init__(self, t: ChessTables) -> None:
        self.t = t
        self.g = t.geometry
        # a long game's ledger is written and read over and over: remember each entry
        self._entry_texts: dict[Entry, str] = {}
        self._entries: dict[str, Entry] = {}
        self._ledger_memo: tuple[Shared, list[str]] = (Shared(), [])

    # -- out ------------------------------------------------------------------------------

    def cells(self, mask: int) -> list[str]:
        return [self.g.name(c) for c in range(self.t.n) if mask >> c & 1]

    def cell_or_dash(self, cell: int) -> str:
        return self.g.name(cell) if cell >= 0 else "-"

    def grid_json(self, grid: Grid) -> dict[str, str]:
        return {self.g.name(cell): letter for cell, letter in grid}

    def entry_json(self, entry: Entry) -> str:
        """An entry as one short text: `what seat square letters mask` ('-' for none)."""
        text = self._entry_texts.get(entry)
        if text is None:
            text = " ".join(
                (
                    entry.what,
                    str(entry.seat),
                    self.cell_or_dash(entry.cell),
                    entry.letter or "-",
                    format(entry.mask, "x"),
                )
            )
            self._entry_texts[entry] = text
        return text

    def ledger_json(self, ledger: Shared) -> list[str]:
        """The ledger as texts; a game asks for a ledger one entry longer than last time."""
        known, texts = self._ledger_memo
        if len(known) <= len(ledger) and ledger[: len(known)] == known:
            texts = texts + [self.entry_json(e) for e in ledger[len(known) :]]
        else:
            texts = [self.entry_json(e) for e in ledger]
        self._ledger_memo = (ledger, texts)
        return list(texts)

    def public_json(self, s: ZombieState) -> dict[str, Any]:
        return {
            "fen": write_fen(self.t, s.board._replace(ep=-1)),
            "ep": self.cell_or_dash(s.board.ep),
            "zombies": self.cells(s.zombies),
            "dust": list(s.dust),
            "phase": s.phase,
            "moved": self.cells(s.moved),
            "left": [self.g.name(c) for c in s.left],
            "normal_used": s.normal_used,
            "captured": s.captured,
            "double_step": self.cell_or_dash(s.double_step),
            "progress": s.progress,
            "ledger": self.ledger_json(s.ledger),
            "history": list(s.history),
        }

    def write(self, s: ZombieState) -> dict[str, Any]:
        data = self.public_json(s)
        data["grids"] = [self.grid_json(s.grids[0]), self.grid_json(s.grids[1])]
        return data

    def view_json(self, view: ZombieView) -> dict[str, Any]:
        data = self.public_json(view.public)
        data["seat"] = view.seat
        data["own_grid"] = None if view.own_grid is None else self.grid_json(view.own_grid)
        data["graveyards"] = list(view.graveyards)
        data["outcome"] = view.outcome
        return data

    # -- in -------------------------------------------------------------------------------

    def read(self, data: Mapping[str, Any]) -> ZombieState:
        if not isinstance(data, Mapping):
            raise StateError("zombie: a state is a JSON object")
        board = self._board(data)
        grids_data = _field(data, "grids", list)
        if len(grids_data) != 2:
            raise StateError("zombie: 'grids' needs one grid per player")
        grids = (self._grid(grids_data[0]), self._grid(grids_data[1]))
        return self._state(data, board, grids)

    def _state(
        self, data: Mapping[str, Any], board: Position, grids: tuple[Grid, Grid]
    ) -> ZombieState:
        t = self.t
        dust = _field(data, "dust", list)
        if len(dust) != 2 or not all(isinstance(d, str) and set(d) <= set(BURIABLE) for d in dust):
            raise StateError("zombie: 'dust' needs two strings of piece letters")
        phase = _field(data, "phase", str)
        if phase not in PHASES:
            raise StateError(f"zombie: unknown phase {phase!r}")
        zombies = self._mask(_field(data, "zombies", list))
        if zombies & ~board.occupied or zombies & board.pieces[t.royal]:
            raise StateError("zombie: a zombie coin lies where no piece (other than a king) is")
        moved = self._mask(_field(data, "moved", list))
        if moved & ~board.colours[board.turn]:
            raise StateError("zombie: a moved mark lies under no piece of the player to move")
        left = tuple(self._cell(c) for c in _field(data, "left", list))
        captured = _field(data, "captured", str)
        if not set(captured) <= set(BURIABLE):
            raise StateError("zombie: 'captured' must be piece letters")
        if (phase == "bury" and not captured) or (phase == "promote" and captured):
            raise StateError("zombie: the burial phase needs a captured piece to bury")
        ledger = Shared(self._entry(e) for e in _field(data, "ledger", list))
        history = _field(data, "history", list)
        if not history or not all(isinstance(h, str) for h in history):
            raise StateError("zombie: 'history' must be a non-empty list of positions")
        double_step = self._cell_or_dash(_field(data, "double_step", str))
        return ZombieState(
            board=board,
            zombies=zombies,
            grids=grids,
            dust=(dust[0], dust[1]),
            phase=phase,
            moved=moved,
            left=left,
            normal_used=_field(data, "normal_used", bool),
            captured=captured,
            double_step=double_step,
            progress=_field(data, "progress", bool),
            ledger=ledger,
            history=Shared(history),
        )

    def _board(self, data: Mapping[str, Any]) -> Position:
        t = self.t
        fen = _field(data, "fen", str)
        try:
            board = parse_fen(t, fen, strict=False)
        except NotationError as error:
            raise StateError(f"zombie: bad position in state: {error}") from None
        for seat, colour in enumerate(("white", "black")):
            if (board.pieces[t.royal] & board.colours[seat]).bit_count() != 1:
                raise StateError(f"zombie: the position needs exactly one {colour} king")
        ep = self._cell_or_dash(_field(data, "ep", str))
        if ep >= 0:
            board = board._replace(ep=ep)
            if ep_still_open(t, board) != ep:
                raise StateError("zombie: the en-passant square follows no double step")
        return board

    def _grid(self, data: Any) -> Grid:
        if not isinstance(data, Mapping):
            raise StateError("zombie: a grid maps squares to piece letters")
        grid = []
        for name, letter in data.items():
            if not isinstance(letter, str) or len(letter) != 1 or letter not in BURIABLE:
                raise StateError(f"zombie: a grid holds piece letters {BURIABLE}, not {letter!r}")
            grid.append((self._cell(name), letter))
        return tuple(sorted(grid))

    def _entry(self, data: Any) -> Entry:
        if not isinstance(data, str):
            raise StateError("zombie: a ledger entry is a text 'what seat square letters mask'")
        known = self._entries.get(data)
        if known is not None:
            return known
        words = data.split(" ")
        if len(words) != 5:
            raise StateError(f"zombie: bad ledger entry {data!r}")
        what, seat, cell, letter, mask = words
        letter = "" if letter == "-" else letter
        if what not in ENTRY_KINDS or seat not in ("0", "1") or not set(letter) <= set(BURIABLE):
            raise StateError(f"zombie: bad ledger entry {data!r}")
        try:
            bits = int(mask, 16)
        except ValueError:
            raise StateError(f"zombie: bad ledger entry {data!r}") from None
        if bits < 0 or bits >> self.t.n:
            raise StateError(f"zombie: bad ledger entry {data!r}")
        entry = Entry(what, int(seat), self._cell_or_dash(cell), letter, bits)
        self._entries[data] = entry
        return entry

    def _cell(self, name: Any) -> int:
        if not isinstance(name, str):
            raise StateError(f"zombie: {name!r} is not a square")
        try:
            return self.g.parse(name)
        except NotationError as error:
            raise StateError(f"zombie: {error}") from None

    def _cell_or_dash(self, name: Any) -> int:
        return -1 if name == "-" else self._cell(name)

    def _mask(self, names: list[Any]) -> int:
        mask = 0
        for name in names:
            mask |= 1 << self._cell(name)
        return mask


def _field(data: Mapping[str, Any], key: str, kind: type) -> Any:
    try:
        value = data[key]
    except KeyError:
        raise StateError(f"zombie: the state needs {key!r}") from None
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise StateError(f"zombie: {key!r} must be a {kind.__name__}")
    return value
