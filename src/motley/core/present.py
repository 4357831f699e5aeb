"""How a game is shown and played: the presentation every shell reads.

A game declares, once, the board it is played on (`Layout`: the geometry, any cells off the
grid such as goals, a legend for the marks under pieces, names for its piece letters), and,
for any view, the table as that seat sees it (`Scene`: pieces and their marks, what lies
around the board, the sentence that tells the seat to act what to do) and, for each legal
action, how a player makes it (`Gesture`: a piece from a cell to a cell, a click on a cell,
a pick of a card or a die, or a button labelled in words).

Everything here is computed from a view, so hidden information still leaves only through
`Rules.view`. Shells (web, terminal, records) draw these values and never guess from the
text of an action, nor know a game by name.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from motley.geometry.base import Geometry, Point

# -- the board, declared once ------------------------------------------------------------------


class MarkStyle(enum.Enum):
    """How a mark is drawn on its cell."""

    STACK = "stack"  # discs stacked under the piece, with a count (checkers, tar)
    TOKEN = "token"  # a round token beside the piece, with a letter (a puck, a referee)
    BADGE = "badge"  # a small tag in the corner, with a letter (a zombie coin, "chosen")
    TINT = "tint"  # the whole cell tinted (a side of the mirror, a region)
    HALO = "halo"  # a ring around the piece (a piece the rules single out)
    GHOST = "ghost"  # the piece drawn faded (through the looking glass)


@dataclass(frozen=True)
class MarkKind:
    """One entry of the legend: what a mark is called, what it means and how it looks."""

    key: str
    label: str  # a noun, "checker"
    meaning: str  # one sentence, in the rulebook's words
    style: MarkStyle
    colour: str = "#555555"  # a CSS colour
    letter: str = ""  # drawn on tokens and badges


@dataclass(frozen=True)
class OffCell:
    """A cell off the geometry's grid (a goal), numbered after the grid's cells."""

    name: str  # as the notation writes it ("d0")
    label: str  # in words ("White's goal")
    corners: tuple[Point, ...]
    centre: Point
    shade: int = 0


@dataclass(frozen=True)
class Layout:
    """The board a game is played on, and the words for what is drawn on it."""

    geometry: Geometry
    off_cells: tuple[OffCell, ...] = ()
    legend: tuple[MarkKind, ...] = ()
    piece_names: tuple[tuple[str, str], ...] = ()  # (letter, name) for the legend
    figures: bool = True  # draw orthodox figures for K Q R B N P (else letters in discs)
    # the board has sides: each seat sees it from its own end (chess). A board nobody sits
    # behind (a puzzle laid out from cards) reads one way up for every seat and never flips.
    sides: bool = True

    def cell_name(self, cell: int) -> str:
        count = self.geometry.cell_count
        return self.geometry.name(cell) if cell < count else self.off_cells[cell - count].name


# -- the table, for one view -------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A mark on a cell (under its piece, if any): a key into the legend and how many."""

    key: str
    count: int = 1


@dataclass(frozen=True)
class Piece:
    """What stands on a cell: a piece (letter and owner) and the marks under it.

    An empty letter draws the marks alone (a checker on an empty square).
    """

    cell: int
    letter: str
    owner: int = 0
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True)
class Card:
    """A card as it lies on the table. `key` names it for gestures; a face-down card has
    an empty rank."""

    key: str
    rank: str = ""  # what the corner says: "Q", "7", "N"
    caption: str = ""  # in words: "queen", "knight or pawn"
    owner: int = -1  # the colour the card shows (the seat of that colour; -1: neither)
    letter: str = ""  # the piece it shows, for a figure on its face


@dataclass(frozen=True)
class Cards:
    """A row of cards: a hand, a face-up line, a pile (face down: only `hidden` counts)."""

    id: str
    title: str
    cards: tuple[Card, ...] = ()
    hidden: int = 0  # face-down cards, drawn as backs with a count
    owner: int = -1  # the seat holding them (drawn on that seat's side), -1: the table
    kind: str = "hand"  # "hand", "line" or "pile"


@dataclass(frozen=True)
class Dice:
    """Dice showing faces (a roll just made, or a die to pick)."""

    id: str
    title: str
    faces: tuple[int, ...]
    owner: int = -1
    used: tuple[bool, ...] = ()  # a die already spent this turn is drawn faded


@dataclass(frozen=True)
class Track:
    """A marker on a track of steps (the trophy between two teams, a score race)."""

    id: str
    title: str
    steps: tuple[str, ...]  # each position's caption
    at: int
    owner: int = -1  # whose marker, or -1 for a neutral one


@dataclass(frozen=True)
class Tray:
    """Pieces off the board: prisoners, a capture queue, the dead, a reserve."""

    id: str
    title: str
    pieces: tuple[tuple[str, int], ...]  # (letter, owner)
    owner: int = -1


@dataclass(frozen=True)
class Grid:
    """A small table of text (Masquerade's capture table): column heads, then rows. A `Pick`
    of one of its cells has the index `row * len(columns) + column`."""

    id: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]  # (row head, cells)
    owner: int = -1
    note: str = ""


@dataclass(frozen=True)
class Score:
    """Numbers per side or a count (goals, points, moves taken)."""

    id: str
    title: str
    values: tuple[tuple[str, str], ...]  # (caption, value)


@dataclass(frozen=True)
class Note:
    """A sentence for the table: an announcement, a rule in force now."""

    text: str
    id: str = ""


Item = Cards | Dice | Track | Tray | Grid | Score | Note


@dataclass(frozen=True)
class Scene:
    """The table as one seat sees it now."""

    pieces: tuple[Piece, ...] = ()
    items: tuple[Item, ...] = ()
    check: tuple[int, ...] = ()  # royal pieces in check
    highlight: tuple[int, ...] = ()  # cells the rules point at now (a target, a chosen piece)
    prompt: str = ""  # to the seat that acts: what to do now, in the game's words
    status: str = ""  # to everyone else: what is going on ("Black is choosing cards")


@dataclass(frozen=True)
class Diagram:
    """A position drawn on the rules page: a state of the game as `seat` sees it."""

    name: str  # how the page's text calls it: "::: diagram zombie-rises"
    state: Any
    caption: str
    seat: int = 0
    highlight: tuple[int, ...] = ()  # cells the caption speaks of


# -- how each legal action is made --------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """How an action is told apart when several share one gesture (a small chooser)."""

    label: str  # in words: "queen", "bury the pawn here"
    letter: str = ""  # a piece figure to show
    owner: int = -1
    card: Card | None = None


@dataclass(frozen=True)
class Move:
    """Drag or click a piece from `origin` to `target`."""

    origin: int
    target: int
    choice: Choice | None = None


@dataclass(frozen=True)
class Click:
    """Click one cell (place, bury, throw, remove, challenge)."""

    cell: int
    choice: Choice | None = None


@dataclass(frozen=True)
class Pick:
    """Click the `index`-th thing of the item `item` (a card in a hand, a die)."""

    item: str
    index: int
    choice: Choice | None = None


@dataclass(frozen=True)
class Button:
    """A button, for a choice that names nothing on the table (roll, pass, end the turn)."""

    label: str
    choice: Choice | None = None


Gesture = Move | Click | Pick | Button


# -- as JSON, for shells that speak it ---------------------------------------------------------

_TAGS: dict[type, str] = {
    Cards: "cards",
    Dice: "dice",
    Track: "track",
    Tray: "tray",
    Grid: "grid",
    Score: "score",
    Note: "note",
    Move: "move",
    Click: "click",
    Pick: "pick",
    Button: "button",
}


def to_json(value: Any) -> Any:
    """A presentation value as JSON-ready data; tagged unions carry `"type"`."""
    if isinstance(value, enum.Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        tag = _TAGS.get(type(value))
        if tag:
            out["type"] = tag
        for f in fields(value):
            item = getattr(value, f.name)
            if isinstance(item, Geometry):
                continue
            out[f.name] = to_json(item)
        return out
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    return value
