"""Finding a game's board without being told: the conventions the web app reads.

A game need not know the web app exists. To draw its board the app looks, in order, for:

* the geometry: `rules.geometry`, else the geometry of the rules' tables (an attribute with
  `geometry` and `letters`, such as `rules.tables`), else the one `Geometry` object at module
  level in the game's module or its package;
* the pieces, in the view or in its fields (two levels deep): a bitset board, i.e. a value
  with `pieces` (one cell set per piece kind) and `colours` (one cell set per seat), or a
  board text with one character per cell in cell order (a letter for a piece, upper case for
  the first seat and lower case for the second; anything else is an empty cell);
* the letter of each piece kind of a bitset board: the tables' `letters`, else the `letters`
  of a tables object at module level, else a module-level text `LETTERS` or `KINDS` with
  one letter per kind.

A game that keeps its board some other way can say so with the hooks in `hooks`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from functools import cache
from types import ModuleType
from typing import Any, TypeGuard

from motley.core.rules import Rules
from motley.geometry.base import Geometry

LETTER_NAMES = ("LETTERS", "KINDS")


def tables(rules: Rules[Any, Any]) -> Any | None:
    """The rules' precomputed tables: `rules.tables`, or an attribute that looks like them."""
    found = getattr(rules, "tables", None)
    if _is_tables(found):
        return found
    for value in vars(rules).values():
        if _is_tables(value):
            return value
    return None


def geometry(rules: Rules[Any, Any]) -> Geometry | None:
    own = getattr(rules, "geometry", None)
    if isinstance(own, Geometry):
        return own
    found = tables(rules)
    if found is not None:
        return found.geometry  # type: ignore[no-any-return]
    return _module_geometry(type(rules))


def board_in(view: Any) -> Any | None:
    """The bitset board in a view: the view itself or a field, two levels deep (or None)."""
    if _is_board(view):
        return view
    for value in _fields(view):
        if _is_board(value):
            return value
    for value in _fields(view):
        for inner in _fields(value):
            if _is_board(inner):
                return inner
    return None


def board_text_in(view: Any, cells: int) -> str | None:
    """A board written one character per cell (`cells` of them), in the view or a field."""
    candidates = [view, *_fields(view)]
    candidates += [inner for value in _fields(view) for inner in _fields(value)]
    for value in candidates:
        if isinstance(value, str) and len(value) == cells and any(c.isalpha() for c in value):
            return value
    return None


def pieces(rules: Rules[Any, Any], view: Any) -> list[dict[str, Any]] | None:
    """The pieces of the board found in `view`, or None if there is none to read."""
    where = geometry(rules)
    if where is None:
        return None
    out: list[dict[str, Any]] = []
    board = board_in(view)
    if board is not None:
        names = letters(rules, len(board.pieces))
        if names is None:
            return None
        for kind, bits in enumerate(board.pieces):
            for owner, colour in enumerate(board.colours):
                mine = bits & colour
                while mine:
                    low = mine & -mine
                    cell = low.bit_length() - 1
                    out.append({"cell": cell, "letter": names[kind], "owner": owner})
                    mine ^= low
        out.sort(key=lambda p: int(p["cell"]))
        return out
    text = board_text_in(view, where.cell_count)
    if text is None:
        return None
    for cell, char in enumerate(text):
        if char.isalpha():
            out.append({"cell": cell, "letter": char.upper(), "owner": 0 if char.isupper() else 1})
    return out


def letters(rules: Rules[Any, Any], kinds: int) -> Sequence[str] | None:
    """One letter per piece kind (`kinds` of them), or None if the game does not say."""
    found = getattr(tables(rules), "letters", None)
    if _letters_ok(found, kinds):
        return tuple(found)
    return _module_letters(type(rules), kinds)


def _is_tables(value: Any) -> bool:
    return (
        not isinstance(value, type | ModuleType)
        and isinstance(getattr(value, "geometry", None), Geometry)
        and hasattr(value, "letters")
    )


def _is_board(value: Any) -> bool:
    pieces = getattr(value, "pieces", None)
    colours = getattr(value, "colours", None)
    return (
        isinstance(pieces, tuple)
        and isinstance(colours, tuple)
        and all(isinstance(b, int) for b in pieces)
        and all(isinstance(b, int) for b in colours)
    )


def _fields(view: Any) -> Iterator[Any]:
    if isinstance(view, str | bytes | int | float | type):
        return
    names: Sequence[str] = getattr(view, "_fields", ())  # a named tuple
    if not names:
        names = tuple(getattr(view, "__dataclass_fields__", {}))
    for name in names:
        yield getattr(view, name, None)


def _letters_ok(found: Any, kinds: int) -> TypeGuard[Sequence[str]]:
    return (
        isinstance(found, Sequence)
        and len(found) == kinds
        and all(isinstance(x, str) and x and len(x) <= 3 for x in found)
    )


def _modules(rules_class: type[Any]) -> list[ModuleType]:
    """The rules class's module, then the other loaded modules of its package."""
    name = rules_class.__module__
    package = name.rsplit(".", 1)[0]
    found = [sys.modules[name]] if name in sys.modules else []
    if package.count(".") >= 2:  # a game written as a package (motley.games.NAME)
        found += [
            module
            for key, module in sorted(sys.modules.items())
            if key != name and (key == package or key.startswith(package + "."))
        ]
    return found


@cache
def _module_geometry(rules_class: type[Any]) -> Geometry | None:
    seen: list[Geometry] = []
    for module in _modules(rules_class):
        for value in vars(module).values():
            if isinstance(value, type | ModuleType):
                continue  # a class's default board is not this game's board
            candidate = value if isinstance(value, Geometry) else getattr(value, "geometry", None)
            if isinstance(candidate, Geometry) and all(candidate is not g for g in seen):
                seen.append(candidate)
    return seen[0] if len(seen) == 1 else None


@cache
def _module_letters(rules_class: type[Any], kinds: int) -> Sequence[str] | None:
    for module in _modules(rules_class):
        for value in vars(module).values():
            if isinstance(value, type | ModuleType):
                continue
            found = getattr(value, "letters", None)
            if _letters_ok(found, kinds):
                return tuple(found)
        for name in LETTER_NAMES:
            found = getattr(module, name, None)
            if isinstance(found, str) and _letters_ok(found, kinds):
                return found
    return None
