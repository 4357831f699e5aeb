"""The start position: the array behind the pawns, and the scouts placed during setup.

Fixed by the seed: each side has a King, a Queen, 2 Dragons, 2 Elephants, 2 Knights, 2
Guards and 8 Pawns; the first row is Dragon, King, Elephant ("each King has a Dragon on its
left and an Elephant on its right"); two of the pawns, the scouts, stand on the 5th row where
their owner places them, symmetrically about the centre line; the Guards start on red and
blue cells only.

Reconstructed (the diagram is lost; RULES-NOTES 2.2): the other six pawns fill the 4th row
(D1-D6); row B holds, from White's left, Knight, Dragon, Queen, Knight, and row C an empty
cell, Guard, Elephant, Guard, an empty cell. The Guards are a mirror pair (C2 blue, C4 red).
Why this array: a straight move leaves a cell through a corner and passes between the two
cells ahead, so a row of pawns does not shield row C from row E. Sliders that move straight
(Queen, Dragons) therefore stand on rows A and B, where the pawns close their lines, and the
Guards on C2 and C4 close the lines of the Dragon in the corner; at the start no piece attacks
any other. Black's array is White's turned 180 degrees. A layout is written as White's rows A
to D in position-text style, the default being "DKE/NDQN/1GEG1/PPPPPP"; the `layout` option
takes another.
"""

from __future__ import annotations

from collections import Counter

from motley.core.errors import NotationError, OptionError
from motley.games.imperial_hex.pieces import (
    DRAGON,
    ELEPHANT,
    GUARD,
    KIND_OF_LETTER,
    KINDS,
    KING,
    PAWN,
)
from motley.games.imperial_hex.state import HexPosition, read_row
from motley.geometry import cellset
from motley.geometry.hex import BLUE, RED, HexGeometry

PROVISIONAL_LAYOUT = "DKE/NDQN/1GEG1/PPPPPP"
#: Each side's pieces: "1 King, 1 Queen, 2 Dragons, 2 Elephants, 2 Knights, 2 Guards and
#: 8 Pawns", two of the pawns being the scouts placed on the 5th row during setup.
ARMY = Counter({"K": 1, "Q": 1, "D": 2, "E": 2, "N": 2, "G": 2, "P": 6})

Layout = tuple[tuple[int, int], ...]  # (cell, kind) of White's pieces before the scouts


def parse_layout(g: HexGeometry, text: str) -> Layout:
    """White's rows A to D; checked against everything the seed fixes about the array."""
    text = PROVISIONAL_LAYOUT if text.strip() == "provisional" else text.strip()
    rows = text.split("/")
    if len(rows) != 4:
        raise OptionError(f"option 'layout': White's rows A to D, as in {PROVISIONAL_LAYOUT!r}")
    placed: list[tuple[int, int]] = []
    for r, row in enumerate(rows):
        try:
            letters = read_row(g, r, row)
        except NotationError as error:
            raise OptionError(f"option 'layout': {error}") from None
        if not all(letter.isupper() for _, letter in letters):
            raise OptionError(f"option 'layout': row {'ABCD'[r]} is not valid: White's pieces")
        placed += [(cell, KIND_OF_LETTER[letter]) for cell, letter in letters]
    counts = Counter("KQDENGP"[kind] for _, kind in placed)
    if counts != ARMY:
        raise OptionError(
            "option 'layout': each side has K, Q, 2 D, 2 E, 2 N, 2 G and 6 pawns behind the scouts"
        )
    first_row = [kind for cell, kind in placed if g.row_of(cell, 0) == 0]
    if first_row != [DRAGON, KING, ELEPHANT]:
        raise OptionError("option 'layout': the first row is Dragon, King, Elephant (DKE)")
    if any(kind == GUARD and g.shade(cell) not in (RED, BLUE) for cell, kind in placed):
        raise OptionError("option 'layout': the Guards start on red and blue cells only")
    return tuple(placed)


def scout_pairs(g: HexGeometry, seat: int) -> tuple[tuple[int, int], ...]:
    """The symmetrical placements on `seat`'s 5th row, from the centre outwards."""
    pairs: set[tuple[int, int]] = set()
    for cell in cellset.cells(g.row(4, seat)):
        twin = g.mirror(cell)
        if twin != cell:
            pairs.add((min(cell, twin), max(cell, twin)))
    return tuple(sorted(pairs, key=lambda p: (-abs(p[1] - p[0]), p)))[::-1]


def start_position(
    g: HexGeometry, layout: Layout, scouts: tuple[tuple[int, int], ...], first: int
) -> HexPosition:
    """Both arrays with the scouts placed so far; `first` is the seat to move."""
    pieces = [0] * len(KINDS)
    colours = [0, 0]
    for cell, kind in layout:
        for seat, where in ((0, cell), (1, g.rotate(cell))):
            pieces[kind] |= 1 << where
            colours[seat] |= 1 << where
    for pair in scouts:
        for cell in pair:
            seat = 0 if g.row_of(cell, 0) == 4 else 1
            pieces[PAWN] |= 1 << cell
            colours[seat] |= 1 << cell
    return HexPosition(tuple(pieces), (colours[0], colours[1]), first, -1, -1, -1, 0, 0)
