"""Imperial Hex states and actions as immutable values, the position text, and the JSON.

A `HexPosition` is a named tuple of bitsets (one per piece kind, one per seat) plus the side
to move, the en-passant right, the piece that lost its protection by capturing, the clocks
and a link back to the last irreversible move (for repetition). Before the first move the
game is in its setup phase (`Setup`): a coin toss, then each side places its two scouts.

Position text, like FEN: rows M down to A separated by '/', each row's cells in order of
their number (M7 M8 M9 / L6 .. L9 / ... / A1 A2 A3), White's pieces in upper case, Black's in
lower case, digits for runs of empty cells; then the side to move (w or b), the en-passant
right (the passed cell and the pawn, e.g. E2F2, or -), the piece without protection (a cell
or -), the plies since the last capture or pawn move, and the plies played.

A state's JSON is `{"setup": {"first": "White" | "Black" | null, "scouts": [[cell, cell]]}}`
during the setup, then `{"position": text, "history": [text, ...]}`, the history reaching
back to the last irreversible move, oldest first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from motley.core.errors import NotationError, StateError
from motley.games.imperial_hex.pieces import KIND_OF_LETTER, KINDS, LETTERS
from motley.geometry import cellset
from motley.geometry.hex import ROWS, HexGeometry

SEAT_LETTERS = "wb"


class HexPosition(NamedTuple):
    pieces: tuple[int, ...]  # per kind (KING .. PAWN), both colours
    colours: tuple[int, int]  # per seat: the cells it occupies
    turn: int  # seat to move
    ep: int  # the cell a pawn passed with its double step on the last move, or -1
    ep_pawn: int  # where that pawn stands, or -1
    exposed: int  # the piece that captured on the last move: it has lost protection, or -1
    halfmove: int  # plies since the last capture or pawn move
    ply: int  # plies played since the setup
    previous: HexPosition | None = None  # back to the last irreversible move, for repetition

    @property
    def occupied(self) -> int:
        return self.colours[0] | self.colours[1]

    def key(self) -> tuple[tuple[int, ...], tuple[int, int], int, int, int]:
        """What makes two positions the same for repetition: placement, turn and rights."""
        return (self.pieces, self.colours, self.turn, self.ep, self.exposed)


@dataclass(frozen=True, slots=True)
class Move:
    """A move from `origin` to `target`; `promotion` is the new kind's letter (or "").

    `en_passant` marks a pawn's capture on the cell an enemy pawn passed: where pawns also
    step onto the cells they attack, stepping there without capturing is another move.
    """

    origin: int
    target: int
    promotion: str = ""
    en_passant: bool = False


@dataclass(frozen=True)
class CoinToss:
    """Chance outcome: the seat the coin makes move first (written `first White`)."""

    first: int


@dataclass(frozen=True)
class Scouts:
    """A setup decision: the two front-row cells of the mover's scouts (written `scouts E3 E5`)."""

    cells: tuple[int, int]


@dataclass(frozen=True)
class Setup:
    """Before the first move: who moves first (-1 before the toss) and the scouts placed."""

    first: int = -1
    scouts: tuple[tuple[int, int], ...] = ()  # in the order placed: the first mover's first

    @property
    def placing(self) -> int:
        """The seat placing its scouts now (the first mover, then the other)."""
        return self.first if not self.scouts else self.first ^ 1


State = Setup | HexPosition
Action = Move | CoinToss | Scouts


def write_position(g: HexGeometry, pos: HexPosition) -> str:
    return _write(g, pos[:8])


@lru_cache(maxsize=8192)
def _write(g: HexGeometry, fields: tuple[Any, ...]) -> str:
    """Position text of the position fields (the history link left out, so hashing is cheap;
    a state's JSON writes its whole history, so the same positions are written again)."""
    pieces, colours, turn, ep, ep_pawn, exposed, halfmove, ply = fields
    marks = [""] * g.cell_count
    for kind in KINDS:
        for seat, letter in ((0, LETTERS[kind]), (1, LETTERS[kind].lower())):
            for cell in cellset.cells(pieces[kind] & colours[seat]):
                marks[cell] = letter
    rows = []
    for r in range(ROWS, 0, -1):
        text, empty = "", 0
        for cell in cellset.cells(g.row(r - 1, 0)):
            if not marks[cell]:
                empty += 1
                continue
            if empty:
                text, empty = text + str(empty), 0
            text += marks[cell]
        rows.append(text + (str(empty) if empty else ""))
    ep_text = "-" if ep < 0 else g.name(ep) + g.name(ep_pawn)
    exposed_text = "-" if exposed < 0 else g.name(exposed)
    return f"{'/'.join(rows)} {SEAT_LETTERS[turn]} {ep_text} {exposed_text} {halfmove} {ply}"


def read_row(g: HexGeometry, r: int, text: str) -> list[tuple[int, str]]:
    """(cell, letter) of each piece one row of placement text puts on row `r` (0 is A), a
    digit counting empty cells; NotationError unless the text fills the row exactly."""
    cells = list(cellset.cells(g.row(r, 0)))
    name = "ABCDEFGHIJKLM"[r]
    place, found = 0, []
    for ch in text:
        if ch.isdigit():
            place += int(ch)
            continue
        if ch.upper() not in KIND_OF_LETTER:
            raise NotationError(f"row {name} is not valid: {ch!r} is not a piece (K Q D E N G P)")
        if place >= len(cells):
            raise NotationError(f"row {name} is not valid: {text!r} has too many cells")
        found.append((cells[place], ch))
        place += 1
    if place != len(cells):
        raise NotationError(f"row {name} needs {len(cells)} cells, got {text!r}")
    return found


def parse_position(g: HexGeometry, text: str) -> HexPosition:
    """Read position text (its shape only; the rules check that it could arise)."""
    return _parse(g, text)


@lru_cache(maxsize=8192)
def _parse(g: HexGeometry, text: str) -> HexPosition:
    fields = text.split()
    if len(fields) != 6:
        raise NotationError(
            "position text has 6 fields (cells, side to move, en passant, unprotected piece, "
            f"clock, plies); got {len(fields)}"
        )
    board, turn, ep_text, exposed_text, halfmove, ply = fields
    rows = board.split("/")
    if len(rows) != ROWS:
        raise NotationError(f"position text has 13 rows (M to A); got {len(rows)}")
    pieces = [0] * len(KINDS)
    colours = [0, 0]
    for index, row in enumerate(rows):
        try:
            placed = read_row(g, ROWS - 1 - index, row)
        except NotationError as error:
            raise NotationError(f"position text: {error}") from None
        for cell, letter in placed:
            pieces[KIND_OF_LETTER[letter.upper()]] |= 1 << cell
            colours[0 if letter.isupper() else 1] |= 1 << cell
    if turn not in ("w", "b"):
        raise NotationError(f"position text: side to move is w or b, not {turn!r}")
    ep = ep_pawn = -1
    if ep_text != "-":
        if len(ep_text) != 4:
            raise NotationError(
                f"position text: en passant is a cell pair like E2F2, not {ep_text!r}"
            )
        ep, ep_pawn = g.parse(ep_text[:2]), g.parse(ep_text[2:])
    exposed = -1 if exposed_text == "-" else g.parse(exposed_text)
    if not (halfmove.isdigit() and ply.isdigit()):
        raise NotationError("position text: the clock and the ply count are whole numbers")
    return HexPosition(
        tuple(pieces),
        (colours[0], colours[1]),
        SEAT_LETTERS.index(turn),
        ep,
        ep_pawn,
        exposed,
        int(halfmove),
        int(ply),
    )


def arrange(
    g: HexGeometry,
    placement: str,
    turn: int = 0,
    *,
    ep: str = "",
    exposed: str = "",
    halfmove: int = 0,
) -> HexPosition:
    """A position from words like "Ka2 Qc3 kM8 pF4": a piece letter (upper case White, lower
    case Black) and a cell, for setting up studies and tests (not checked: see validate)."""
    pieces = [0] * len(KINDS)
    colours = [0, 0]
    for word in placement.split():
        kind = KIND_OF_LETTER.get(word[:1].upper())
        if kind is None:
            raise NotationError(f"{word!r}: expected a piece letter (K Q D E N G P) and a cell")
        bit = 1 << g.parse(word[1:])
        if bit & (colours[0] | colours[1]):
            raise NotationError(f"{word!r}: the cell is taken twice")
        pieces[kind] |= bit
        colours[0 if word[0].isupper() else 1] |= bit
    return HexPosition(
        tuple(pieces),
        (colours[0], colours[1]),
        turn,
        g.parse(ep[:2]) if ep else -1,
        g.parse(ep[2:]) if ep else -1,
        g.parse(exposed) if exposed else -1,
        halfmove,
        0,
    )


# -- JSON -------------------------------------------------------------------------------------

SEAT_NAMES = ("White", "Black")


def state_to_json(g: HexGeometry, state: State) -> dict[str, Any]:
    if isinstance(state, Setup):
        first = None if state.first < 0 else SEAT_NAMES[state.first]
        return {"setup": {"first": first, "scouts": [[g.name(c) for c in p] for p in state.scouts]}}
    history = []
    prior = state.previous
    while prior is not None:
        history.append(write_position(g, prior))
        prior = prior.previous
    return {"position": write_position(g, state), "history": history[::-1]}


ScoutPairs = Callable[[int], tuple[tuple[int, int], ...]]  # a seat's possible scout pairs


def state_from_json(
    g: HexGeometry,
    data: Mapping[str, Any],
    read_position: Callable[[str], HexPosition],
    scout_pairs: ScoutPairs | None,
) -> State:
    """Read `state_to_json` output; `read_position` checks each position the rules' way, and
    `scout_pairs` is None when the game starts from a given position (it has no setup)."""
    if not isinstance(data, Mapping):
        raise StateError("imperial_hex state must be a JSON object")
    if "setup" in data:
        if scout_pairs is None:
            raise StateError("this game starts from a given position; it has no setup")
        return _setup_from_json(g, data["setup"], scout_pairs)
    text, history = data.get("position"), data.get("history", [])
    if not isinstance(text, str) or not isinstance(history, list):
        raise StateError(
            "imperial_hex state needs 'setup', or a 'position' text and a 'history' list"
        )
    prior: HexPosition | None = None
    try:
        for entry in history:
            if not isinstance(entry, str):
                raise StateError("state history entries are position texts")
            prior = read_position(entry)._replace(previous=prior)
        return read_position(text)._replace(previous=prior)
    except NotationError as error:
        raise StateError(f"bad position in state: {error}") from None


def _setup_from_json(g: HexGeometry, data: Any, scout_pairs: ScoutPairs) -> Setup:
    if not isinstance(data, Mapping) or not isinstance(data.get("scouts"), list):
        raise StateError("a setup state has 'first' and a 'scouts' list")
    first = data.get("first")
    if first is None:
        if data["scouts"]:
            raise StateError("no scouts are placed before the coin toss")
        return Setup()
    if first not in SEAT_NAMES:
        raise StateError(f"'first' is White, Black or null, not {first!r}")
    state = Setup(SEAT_NAMES.index(first))
    scouts = data["scouts"]
    if len(scouts) > 1:
        raise StateError("once both sides have placed their scouts the game has a position")
    for pair in scouts:
        try:
            cells = [g.parse(c) for c in pair]
        except (NotationError, AttributeError, TypeError):
            raise StateError(f"scouts {pair!r} are not two cells") from None
        a, b = sorted(cells) if len(cells) == 2 else (-1, -1)
        if (a, b) not in scout_pairs(state.placing):
            raise StateError(f"scouts {pair!r} are not a symmetrical 5th-row pair")
        state = Setup(state.first, (*state.scouts, (a, b)))
    return state
