"""The secret table of Masquerade Chess and what the players can deduce about it.

Each player circles one square in every row and column of a 5x5 table for the opponent's
pieces: row = the piece (K, Q, R, B, N), column = the capture move it uses. A table is
therefore a permutation, written as the five capture letters in row order (`QNBRK` gives the
king a queen's capture, the queen a knight's, ...) or as the seed's combos (`KQ QN RB NR BK`).
The rows may be filled in any order, so a table being filled in has gaps: `.` for a row not
circled yet (`QN..R`).

Every "Capture?" is a clue about the attacker's row: the set of capture moves that could
make that capture from there, and whether the answer was yes. The deduction aid keeps every
table that agrees with all clues; a square of the X/O table is O when every such table has
it, X when none has.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

ROWS = "KQRBN"  # the order rows are written (they may be filled in in any order)
BLANK = "."  # a row with no circle yet
EMPTY = BLANK * len(ROWS)
PERMS: tuple[str, ...] = tuple("".join(p) for p in itertools.permutations(ROWS))
ALL = (1 << len(PERMS)) - 1


class Clue(NamedTuple):
    """A "Capture?" answered: `row`'s capture is among `fits` (letters) iff `hit`."""

    row: str
    fits: str  # the capture moves that reach the target from there, in ROWS order
    hit: bool

    def text(self) -> str:
        return f"{self.row}:{self.fits or '-'}{'+' if self.hit else '-'}"


def clue_from_text(text: str) -> Clue | None:
    """Read `Clue.text()` back; None if malformed."""
    row, colon, rest = text.partition(":")
    if not colon or row not in ROWS or len(rest) < 2 or rest[-1] not in "+-":
        return None
    fits = "" if rest[:-1] == "-" else rest[:-1]
    if not set(fits) <= set(ROWS) or len(set(fits)) != len(fits):
        return None
    return Clue(row, "".join(c for c in ROWS if c in fits), rest[-1] == "+")


def combos(table: str) -> str:
    """A table in the seed's combo notation: `KQ QN RB NR BK` (rows with no circle left out)."""
    return " ".join(
        row + capture for row, capture in zip(ROWS, table, strict=False) if capture != BLANK
    )


def filled_rows(table: str) -> str:
    """The rows of `table` with a circle, in ROWS order."""
    return "".join(row for row, capture in zip(ROWS, table, strict=False) if capture != BLANK)


def is_complete(table: str) -> bool:
    return len(table) == len(ROWS) and BLANK not in table


def with_circle(table: str, row: str, capture: str) -> str:
    """`table` with `row` circled in the `capture` column."""
    index = ROWS.index(row)
    return table[:index] + capture + table[index + 1 :]


def masked(table: str, rows: str) -> str:
    """`table` with only `rows` circled (the others blank)."""
    return "".join(c if r in rows else BLANK for r, c in zip(ROWS, table, strict=True))


@cache
def _clue_mask(clue: Clue) -> int:
    """The permutations (as bits over PERMS) that agree with one clue."""
    index = ROWS.index(clue.row)
    mask = 0
    for number, perm in enumerate(PERMS):
        if (perm[index] in clue.fits) == clue.hit:
            mask |= 1 << number
    return mask


def possible(clues: Iterable[Clue]) -> int:
    """The tables still possible after `clues`, as bits over PERMS."""
    mask = ALL
    for clue in clues:
        mask &= _clue_mask(clue)
    return mask


def tables_of(mask: int) -> list[str]:
    return [PERMS[n] for n in range(len(PERMS)) if mask >> n & 1]


def marks(mask: int) -> tuple[str, ...]:
    """The X/O table, one text per row in ROWS order: `O`, `X` or `.` per capture column."""
    tables = tables_of(mask)
    rows = []
    for index in range(len(ROWS)):
        seen = {perm[index] for perm in tables}
        row = ""
        for capture in ROWS:
            if capture not in seen:
                row += "X"
            elif len(seen) == 1:
                row += "O"
            else:
                row += "."
        rows.append(row)
    return tuple(rows)


def is_table(text: str) -> bool:
    """Whether `text` is a table, complete or with gaps: five letters or blanks, no capture
    circled twice."""
    circles = text.replace(BLANK, "")
    return (
        len(text) == len(ROWS) and set(circles) <= set(ROWS) and len(set(circles)) == len(circles)
    )


def from_old(text: str) -> str:
    """A table as stored before rows could be filled in any order: the rows filled so far,
    in ROWS order without gaps (`QN`: the king and the queen). Anything else is returned
    as it is."""
    if len(text) < len(ROWS) and BLANK not in text:
        return text + BLANK * (len(ROWS) - len(text))
    return text
