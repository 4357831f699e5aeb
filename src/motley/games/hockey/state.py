"""Hockey Chess values: the state, the actions, the position key used for repetition, and the
state as text (the placement with its checkers) and as JSON.

Seed 000, Hockey Chess (Chuck Smith, 1997). The pieces stand on an orthodox `Position`; the
checkers are two cell sets beside it: `pucks` (black checkers) and `refs` (red checkers,
the referees). A piece standing on a puck is its possessor. Two checkers share a square only
when a new puck has been put on a referee after a goal.

The four goal cells lie off the board, behind the d and e files: `d0`/`e0` is White's goal,
`d9`/`e9` Black's. They are numbered after the 64 squares.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from motley.chesslike.fen import castling_field, parse_fen
from motley.chesslike.forms import cell_or, cell_set, whole
from motley.chesslike.position import Move, Position
from motley.components.dice import Die
from motley.core import actions
from motley.core.codec import STR, Form, Spread, StateCodec, one_of, pair_of, text_form
from motley.core.errors import NotationError, StateError
from motley.games.hockey.board import LETTERS, PAWN, HockeyTables
from motley.geometry.square import square_board

# goal cells, numbered after the squares: White's goal (d0, e0), then Black's (d9, e9)
GOALS = {64: "d0", 65: "e0", 66: "d9", 67: "e9"}
GOAL_OF_NAME = {name: cell for cell, name in GOALS.items()}


def goal_owner(cell: int) -> int:
    """The seat whose goal `cell` is (a puck shot into it scores for the other seat)."""
    return 0 if cell < 66 else 1


# phases: placing referees, the acts of a turn (move and/or passes), where a moving
# possessor leaves its puck, the choice after a promotion, the referee die, the referee move
SETUP = "setup"
ACT = "act"
DROP = "drop"
PROMOTE = "promote"
ROLL = "roll"
REF = "ref"
OVER = "over"
PHASES = (SETUP, ACT, DROP, PROMOTE, ROLL, REF, OVER)

PLAYING = -1  # `result` while the game goes on
DRAW = 2  # `result` of a game stopped by the turn limit


class HockeyState(NamedTuple):
    """A Hockey Chess position, at any step of a turn.

    `board.turn` is the player whose turn it is through all its steps (the acts, the roll,
    the referee move); `board.ep` is the square that player may take en passant on.
    """

    board: Position  # pieces, side whose turn it is, castling rights, en passant
    pucks: int  # squares holding a puck (under a piece or loose)
    refs: int  # squares holding a referee
    phase: str
    score: tuple[int, int] = (0, 0)
    lost: tuple[str, str] = ("", "")  # per seat: letters of its captured pieces, sorted
    acts: int = 0  # ACT: moves and passes made this turn
    moved: bool = False  # a piece has moved this turn (only one move per turn)
    cell: int = -1  # DROP: where the moving possessor stands now
    drops: int = 0  # DROP: squares of its path where it may leave its puck
    keep: bool = False  # DROP: it may keep the puck under it instead
    next_ep: int = -1  # a double step made this turn: the opponent's en-passant square
    fresh: int = 0  # pucks put on referees after a goal this turn (the referee leaves one)
    die: int = 0  # REF: the value rolled
    turns: int = 0  # turns completed (for the turn limit)
    history: frozenset[int] = frozenset()  # keys of the positions reached so far
    result: int = PLAYING  # OVER: the winning seat or DRAW
    reason: str = ""  # OVER: why

    @property
    def turn(self) -> int:
        return self.board.turn


_KEYS: dict[tuple[object, ...], int] = {}  # keys worked out lately (a turn asks many times)
_KEYS_KEPT = 50_000


def position_key(board: Position, pucks: int, to_move: int) -> int:
    """A 64-bit key of the pieces, the pucks and the side to move (referees left out).

    The mix is written out (rather than Python's `hash`) so that keys stored in a saved
    state mean the same on every platform.
    """
    return key_of(board.pieces, board.colours, pucks, to_move)


def key_of(pieces: tuple[int, ...], colours: tuple[int, int], pucks: int, to_move: int) -> int:
    """`position_key` of a placement given as its bitsets (no board need be built)."""
    asked = (pieces, colours, pucks, to_move)
    key = _KEYS.get(asked)
    if key is None:
        if len(_KEYS) >= _KEYS_KEPT:
            _KEYS.clear()
        key = _KEYS[asked] = _mix((*pieces, *colours, pucks), to_move)
    return key


OFFSET = 0xCBF29CE484222325  # where the mix starts (FNV's offset), before the side to move


def _mix(values: tuple[int, ...], to_move: int) -> int:
    return fold(OFFSET ^ to_move, values)


def fold(key: int, values: Iterable[int]) -> int:
    """The mix of `position_key` carried on from `key` over `values`: the key of a placement
    can start from the mix of the bitsets it shares with another (`prefixes`)."""
    for value in values:
        # two FNV steps per value (low half, then high half); masking only after the second
        # gives the same low 64 bits, since the bits above them never reach below
        key = (
            (((key ^ (value & 0xFFFFFFFF)) * 0x100000001B3) ^ (value >> 32)) * 0x100000001B3
        ) & 0xFFFFFFFFFFFFFFFF
        key ^= key >> 29
    return key


def prefixes(pieces: tuple[int, ...], to_move: int) -> list[int]:
    """The mix after each leading run of `pieces`: entry k has mixed the first k kinds."""
    out = [OFFSET ^ to_move]
    for value in pieces:
        out.append(fold(out[-1], (value,)))
    return out


# -- actions ----------------------------------------------------------------------------------
# A plain move of a piece is the chess-like `Move` (castling is king-takes-own-rook inside,
# a pawn reaching the last rank has no promotion letter: what follows is `Score`/`Return`).


@dataclass(frozen=True, slots=True)
class Slide:
    """A bishop's move to the last rank followed by its one-square slide (`b5e8f8`)."""

    origin: int
    via: int
    target: int


@dataclass(frozen=True, slots=True)
class KingGoal:
    """A king in the opponent's crease walks into their goal (`e8 goal`)."""

    origin: int


class Pass(actions.FromTo):
    """The possessor on `origin` passes its puck to `target` (a square or a goal cell)."""

    __slots__ = ()


class Drop(actions.OnCell):
    """A moving possessor leaves its puck on `cell` of its path (`put@e3`)."""

    __slots__ = ()


class Return(actions.LetterOnCell):
    """After a promotion: one of the player's captured pieces (`letter`, upper case) comes
    back on `cell` (`Q@a1`)."""

    __slots__ = ()


class Word(actions.Word):
    """`end` (no second act), `keep` (keep the puck), `score` (a promotion's point)."""

    __slots__ = ()


class RefMove(actions.FromTo):
    """Move the referee on `origin` exactly the rolled distance to `target` (`ref:c3c6`)."""

    __slots__ = ()


class PlaceRef(actions.OnCell):
    """Setup: put a referee on `cell` (`ref@d4`)."""

    __slots__ = ()


END = Word("end")
KEEP = Word("keep")
SCORE = Word("score")

Act = Move | Slide | KingGoal | Pass
Action = Move | Slide | KingGoal | Pass | Drop | Return | Word | Die | RefMove | PlaceRef


# -- the placement with its checkers ------------------------------------------------------------
# A FEN placement in which `.` is an empty square written out, and a piece letter or `.` may be
# followed by `*` (a puck there) and `^` (a referee there):
# `rnbqk*bnr/pppppppp/8/8/3.^4/8/PPPPPPPP/RNBQK*BNR`.


def write_placement(
    pieces: tuple[int, ...], colours: tuple[int, int], pucks: int, refs: int
) -> str:
    """The placement with its checkers (see `read_placement`)."""
    rows = []
    for rank in range(7, -1, -1):
        row = ""
        empty = 0
        for file in range(8):
            cell = rank * 8 + file
            bit = 1 << cell
            marks = ("*" if pucks & bit else "") + ("^" if refs & bit else "")
            kind = -1
            for index, bits in enumerate(pieces):
                if bits & bit:
                    kind = index
                    break
            if kind < 0 and not marks:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            if kind < 0:
                row += "." + marks
            else:
                letter = LETTERS[kind]
                row += (letter if colours[0] & bit else letter.lower()) + marks
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def read_placement(text: str) -> tuple[tuple[int, ...], tuple[int, int], int, int]:
    """(pieces per kind, colours, pucks, refs) from a placement; raises NotationError."""
    rows = text.split("/")
    if len(rows) != 8:
        raise NotationError(f"a placement needs 8 ranks, got {len(rows)}")
    pieces = [0] * 6
    colours = [0, 0]
    pucks = refs = 0
    for index, row in enumerate(rows):
        rank = 7 - index
        file = 0
        last = -1  # the cell the last letter or '.' stood for, while marks may follow
        marks = ""
        for char in row:
            if char.isdigit():
                file += int(char)
                last = -1
                continue
            if char in "*^":
                if last < 0 or char in marks:
                    raise NotationError(f"a {char!r} must follow a piece or '.' once: {row!r}")
                marks += char
                if char == "*":
                    pucks |= 1 << last
                else:
                    refs |= 1 << last
                continue
            if file >= 8:
                raise NotationError(f"rank {rank + 1} has more than 8 files: {row!r}")
            cell = rank * 8 + file
            if char != ".":
                kind = LETTERS.find(char.upper())
                if kind < 0:
                    raise NotationError(f"unknown piece {char!r} in the placement")
                pieces[kind] |= 1 << cell
                colours[0 if char.isupper() else 1] |= 1 << cell
            last = cell
            marks = ""
            file += 1
        if file != 8:
            raise NotationError(f"rank {rank + 1} has {file} files, not 8: {row!r}")
    return tuple(pieces), (colours[0], colours[1]), pucks, refs


# -- JSON ------------------------------------------------------------------------------------

RESULTS = {PLAYING: "-", 0: "white", 1: "black", DRAW: "draw"}
RESULT_OF = {text: value for value, text in RESULTS.items()}
FIELDS = (
    *("placement", "turn", "castling", "ep", "phase", "score", "lost", "acts", "moved"),
    *("cell", "drops", "keep", "next_ep", "fresh", "die", "turns", "history", "result"),
    "reason",
)


CELL = cell_or(square_board(8, 8), "-")
CELLS = cell_set(square_board(8, 8))
Placed = tuple[tuple[int, ...], tuple[int, int], int, int]  # pieces, colours, pucks, refs


def _read_lost(data: Any) -> str:
    """A seat's captured pieces: sorted upper-case letters."""
    if not isinstance(data, str) or set(data) - set(LETTERS) or "".join(sorted(data)) != data:
        raise ValueError(data)
    return data


def _read_history(data: Any) -> frozenset[int]:
    if not isinstance(data, list) or not all(isinstance(e, str) and len(e) == 16 for e in data):
        raise ValueError(data)
    return frozenset(int(entry, 16) for entry in data)


HISTORY = Form(
    "a list of 16 hex digits each", lambda keys: sorted(f"{k:016x}" for k in keys), _read_history
)
RESULT = Form("'-', 'white', 'black' or 'draw'", RESULTS.__getitem__, RESULT_OF.__getitem__)
PLACEMENT: Form[Placed] = text_form(
    "a placement with its checkers", lambda placed: write_placement(*placed), read_placement
)


@cache
def codec(t: HockeyTables) -> StateCodec[HockeyState]:
    """Every key required; the board and its checkers spread over the placement (pieces,
    pucks and referees), the turn, the castling rights and the en-passant square."""

    def split(fields: tuple[Any, ...]) -> tuple[Any, ...]:
        board, pucks, refs = fields
        placed = (board.pieces, board.colours, pucks, refs)
        return placed, "wb"[board.turn], castling_field(t.chess, board), board.ep

    def join(keys: tuple[Any, ...]) -> tuple[Position, int, int]:
        (pieces, colours, pucks, refs), turn, rights, ep = keys
        plain = write_placement(pieces, colours, 0, 0)
        fen = f"{plain} {turn} {rights} {t.geometry.name(ep) if ep >= 0 else '-'}"
        return parse_fen(t.chess, fen, strict=False), pucks, refs

    keys: dict[str, Form[Any]] = {"placement": PLACEMENT, "turn": one_of(("w", "b"))}
    keys |= {"castling": STR, "ep": CELL}
    return StateCodec(
        "hockey",
        HockeyState,
        {
            "phase": one_of(PHASES),
            "score": pair_of(whole(0)),
            "lost": pair_of(Form("sorted upper-case letters", str, _read_lost)),
            **{"cell": CELL, "next_ep": CELL, "drops": CELLS, "fresh": CELLS},
            **{"history": HISTORY, "result": RESULT},
        },
        spreads=(Spread(("board", "pucks", "refs"), keys, split, join),),
        required=FIELDS,
        check=lambda state: _check(t, state),
        omit_defaults=False,
    )


def to_json(t: HockeyTables, s: HockeyState) -> dict[str, Any]:
    return codec(t).write(s)


def from_json(t: HockeyTables, data: Mapping[str, Any]) -> HockeyState:
    """Read `to_json` output (the caller then checks the turn can go on)."""
    return codec(t).read(data)


def _check(t: HockeyTables, s: HockeyState) -> None:
    """What no turn of the game can produce."""
    board = s.board
    if not 0 <= s.acts <= 1 or s.turns < 0:
        raise StateError("hockey: 'acts': a turn has made 0 or 1 acts before it closes")
    if (s.phase == OVER) != (s.result != PLAYING):
        raise StateError("hockey: 'result': one is given exactly when the game is over")
    rims = t.end_ranks & board.pieces[PAWN]
    if rims and not (s.phase == DROP and rims == 1 << s.cell):
        raise StateError("hockey: 'placement': a pawn stands on its first or last rank")
    if (s.phase == DROP) != (s.cell >= 0) or (s.phase == DROP and not s.drops):
        raise StateError(
            "hockey: 'cell': only a moving possessor has a cell and squares to leave its puck"
        )
    if s.phase == DROP and not board.colours[board.turn] >> s.cell & 1:
        raise StateError("hockey: 'cell': the moving possessor must be the mover's piece")
    if (s.phase == REF) != (s.die > 0) or not 0 <= s.die <= 6:
        raise StateError("hockey: 'die': a value 1-6 is kept only for the referee move")
    if s.next_ep >= 0 and t.geometry.row_of(s.next_ep, board.turn) != 2:
        raise StateError("hockey: 'next_ep': an en-passant square follows a double step")
    if s.keep and s.phase != DROP:
        raise StateError("hockey: 'keep': only a moving possessor may keep its puck")
    if s.phase != SETUP and not s.history:
        raise StateError("hockey: 'history': a game under way remembers its positions")
