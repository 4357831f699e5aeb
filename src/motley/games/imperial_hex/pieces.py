"""The pieces of Imperial Hex Chess: what the seed fixes, and the moves as loadable data.

The seed fixes the seven kinds, their capture levels and their values, and two facts about
movement: only Guards and Knights jump, and Guards never change colour. The moves themselves
were pictures that did not survive, so they are a table (`PieceTable`) read from JSON; every
table is checked against the fixed facts when it is loaded, so no reading can break them.

A table maps each piece name to a list of strides. A stride is an object with

* "dirs": a direction group of the board ("royal", "orthogonal", "diagonal", "knight",
  "corner", "edge", "sideways", "straight", "forward", "forward-diagonal", ...) or a list of
  [dq, dr] steps, as seen by White (forward is +r);
* "range": how many steps it may repeat, stopping at the first occupied cell (1, the
  default, is a single step; 0 is unlimited);
* "only": "move" or "capture" to restrict it to one of the two (default: both).

A stride whose step is neither an edge step nor a corner step crosses a cell, i.e. jumps; only
the Knight and the Guard may have one. Every Guard step must keep the cell's colour. Pawn
strides are single steps that advance (the text has pawns reach row 11 and then row 12).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from motley.core.errors import OptionError
from motley.geometry.base import Direction
from motley.geometry.hex import HexGeometry, passes_over_a_cell

KING, QUEEN, DRAGON, ELEPHANT, KNIGHT, GUARD, PAWN = range(7)
KINDS = range(7)
NAMES = ("King", "Queen", "Dragon", "Elephant", "Knight", "Guard", "Pawn")
LETTERS = "KQDENGP"
KIND_OF_LETTER = {letter: kind for kind, letter in enumerate(LETTERS)}

#: The capture hierarchy ("Rules for Capturing"), 1 the highest: King = Queen, then
#: Dragon = Elephant, then Knight = Guard, then Pawn.
LEVEL = (1, 1, 2, 2, 3, 3, 4)
#: "Approximate Relative Power of the Pieces", in the seed's units (a Pawn is 2).
VALUE = (6, 30, 20, 18, 8, 6, 2)
#: "Only Guards and Knights can 'jump' over obstructing pieces."
JUMPERS = frozenset({KNIGHT, GUARD})


@dataclass(frozen=True)
class Stride:
    """One way a piece moves: steps along `vectors` (White's view), up to `range` times."""

    vectors: frozenset[Direction]
    range: int  # 1 a single step, n at most n steps, 0 unlimited
    moves: bool  # may go to an empty cell
    captures: bool  # may take an enemy piece


@dataclass(frozen=True)
class PieceTable:
    """The strides of each kind, indexed by KING .. PAWN; `name` is the preset or "custom"."""

    name: str
    strides: tuple[tuple[Stride, ...], ...]

    def quiet_steps(self, kind: int) -> tuple[Direction, ...]:
        """Single steps to an empty cell (a pawn's double step repeats one of them)."""
        return tuple(
            sorted({v for s in self.strides[kind] if s.moves and s.range == 1 for v in s.vectors})
        )


PROVISIONAL: dict[str, Any] = {
    "king": [{"dirs": "royal"}],
    "queen": [{"dirs": "royal", "range": 0}],
    "dragon": [{"dirs": "orthogonal", "range": 0}],
    "elephant": [{"dirs": "diagonal", "range": 0}],
    "knight": [{"dirs": "knight"}],
    "guard": [{"dirs": "corner"}],
    "pawn": [{"dirs": "forward-diagonal"}],
}

#: The same, but pawns take only straight ahead (through the corner), like a chess pawn turned
#: around: they step to the forward neighbours and capture on the cell between them, ahead.
PROVISIONAL_PAWN_AHEAD: dict[str, Any] = {
    **PROVISIONAL,
    "pawn": [
        {"dirs": "forward-diagonal", "only": "move"},
        {"dirs": "forward", "only": "capture"},
    ],
}

PRESETS: Mapping[str, dict[str, Any]] = {
    "provisional": PROVISIONAL,
    "provisional-pawn-ahead": PROVISIONAL_PAWN_AHEAD,
}


def load_table(text: str, geometry: HexGeometry) -> PieceTable:
    """A preset name or a JSON table, checked against the facts the seed fixes."""
    text = text.strip()
    if text in PRESETS:
        return _build(text, PRESETS[text], geometry)
    if not text.startswith("{"):
        known = ", ".join(PRESETS)
        raise OptionError(f"option 'moves' takes a preset ({known}) or a JSON table, not {text!r}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise OptionError(f"option 'moves': the JSON table does not parse ({error.msg})") from None
    return _build("custom", data, geometry)


def _build(name: str, data: Any, geometry: HexGeometry) -> PieceTable:
    if not isinstance(data, dict):
        raise OptionError("option 'moves': the table must map piece names to lists of strides")
    wanted = [n.lower() for n in NAMES]
    unknown = sorted(set(data) - set(wanted))
    missing = [n for n in wanted if n not in data]
    if unknown or missing:
        raise OptionError(
            f"option 'moves': the table needs exactly the pieces {', '.join(wanted)}"
            + (f" (unknown: {', '.join(map(str, unknown))})" if unknown else "")
            + (f" (missing: {', '.join(missing)})" if missing else "")
        )
    strides = tuple(_strides(kind, data[wanted[kind]], geometry) for kind in KINDS)
    return PieceTable(name, strides)


def _strides(kind: int, items: Any, geometry: HexGeometry) -> tuple[Stride, ...]:
    piece = NAMES[kind]
    if not isinstance(items, list) or not items:
        raise OptionError(f"option 'moves': the {piece} needs a non-empty list of strides")
    out = []
    for item in items:
        if not isinstance(item, dict) or set(item) - {"dirs", "range", "only"}:
            raise OptionError(
                f"option 'moves': a {piece} stride is an object with dirs, range and only"
            )
        vectors = _vectors(piece, item.get("dirs"), geometry)
        reach = item.get("range", 1)
        if type(reach) is not int or reach < 0:
            raise OptionError(f"option 'moves': a {piece} range must be a whole number >= 0")
        only = item.get("only")
        if only not in (None, "move", "capture"):
            raise OptionError(f"option 'moves': a {piece} stride's 'only' is move or capture")
        stride = Stride(vectors, reach, only != "capture", only != "move")
        _check_fixed_facts(kind, stride)
        out.append(stride)
    return tuple(out)


def _vectors(piece: str, dirs: Any, geometry: HexGeometry) -> frozenset[Direction]:
    groups = geometry.direction_groups
    if isinstance(dirs, str):
        if dirs not in groups:
            known = ", ".join(groups)
            raise OptionError(f"option 'moves': unknown direction group {dirs!r} ({known})")
        return frozenset(groups[dirs])
    if isinstance(dirs, list) and dirs:
        vectors = []
        for v in dirs:
            if (
                not isinstance(v, list)
                or len(v) != 2
                or not all(type(x) is int for x in v)
                or v == [0, 0]
            ):
                raise OptionError(
                    f"option 'moves': a {piece} step must be [dq, dr], two whole numbers"
                )
            vectors.append((v[0], v[1]))
        return frozenset(vectors)
    raise OptionError(f"option 'moves': a {piece} stride needs dirs (a group or [dq, dr] steps)")


def _check_fixed_facts(kind: int, stride: Stride) -> None:
    """Refuse a stride that breaks what the seed's "Points of Note" fix."""
    piece = NAMES[kind]
    if kind not in JUMPERS and any(passes_over_a_cell(v) for v in stride.vectors):
        raise OptionError(
            f"option 'moves': only Guards and Knights jump, so a {piece} may not leap over cells"
        )
    if kind == GUARD and any((dq + dr) % 3 for dq, dr in stride.vectors):
        raise OptionError(
            "option 'moves': Guards never change colour, so a Guard step must keep its colour"
        )
    if kind == PAWN:
        if stride.range != 1:
            raise OptionError("option 'moves': a Pawn moves one step at a time (range 1)")
        if any(dr <= 0 for _, dr in stride.vectors):
            raise OptionError("option 'moves': every Pawn step must advance (towards row 12)")


def table_json(table: PieceTable, geometry: HexGeometry) -> dict[str, Any]:
    """A table as JSON (steps listed explicitly), readable back by `load_table`."""
    out: dict[str, Any] = {}
    for kind in KINDS:
        items = []
        for stride in table.strides[kind]:
            item: dict[str, Any] = {"dirs": [list(v) for v in sorted(stride.vectors)]}
            if stride.range != 1:
                item["range"] = stride.range
            if not stride.captures:
                item["only"] = "move"
            elif not stride.moves:
                item["only"] = "capture"
            items.append(item)
        out[NAMES[kind].lower()] = items
    return out
