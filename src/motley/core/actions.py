"""Shapes of action values that many games share, written once.

A game's actions are frozen slotted dataclasses, and many have the same fields: a piece or
checker going from one cell to another, something done on one cell, a letter put on a cell,
or one word. Each shape here is such a dataclass; a game declares its own action as a
one-line subclass with its own docstring (its notation and meaning):

    class Pass(FromTo):
        \"\"\"The possessor on `origin` passes its puck to `target`.\"\"\"

        __slots__ = ()

The subclass keeps the fields, the constructor, equality, hashing, repr, pickling and
positional pattern matching of its shape, yet stays its own type: equality compares the
class, so two games' (or one game's two) actions of the same shape are never equal, and a
`match` or a table keyed by type tells them apart. `__slots__ = ()` keeps the values as small
and fast as the dataclasses they replace (no per-value `__dict__`).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any


def listed(legal: Sequence[Any], action: Any) -> bool:
    """Whether `action` is one of the objects in `legal` itself. Players, playouts and
    searches hand back the listed objects, so a legality test asks this first and compares
    values (field by field) only when it fails."""
    return any(map(operator.is_, legal, repeat(action)))


@dataclass(frozen=True, slots=True)
class FromTo:
    """From the cell `origin` to the cell `target` (a move, a pass, a referee's move)."""

    origin: int
    target: int


@dataclass(frozen=True, slots=True)
class OnCell:
    """Something done on one `cell` (a drop, a placed checker, a throw)."""

    cell: int


@dataclass(frozen=True, slots=True)
class LetterOnCell:
    """The piece `letter` put on `cell` (`Q@d1`: a piece brought back or placed)."""

    letter: str
    cell: int


@dataclass(frozen=True, slots=True)
class Word:
    """One word said as an action (`end`, `pass`, `roll`)."""

    word: str
