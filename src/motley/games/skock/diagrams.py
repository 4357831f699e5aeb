"""The positions Skock's rules page draws: the text's worked examples, as its scenario tests
play them (pictures 1, 3, 5 and 6)."""

from __future__ import annotations

from motley.core.driver import played
from motley.core.present import Diagram
from motley.games.skock.rules import Skock


def _cells(rules: Skock, *names: str) -> tuple[int, ...]:
    return tuple(rules.geometry.parse(n) for n in names)


def start() -> Diagram:
    rules, state = played(Skock, "")
    return Diagram(
        "start",
        state,
        "The start: every row of the chess setup doubled. Each side's queens stand on their "
        "own colour (White's on d1 and e2).",
        highlight=_cells(rules, "d1", "e2", "d8", "e7"),
    )


def opening() -> Diagram:
    rules, state = played(Skock, "", "roll 1 4", "1:f4e5", "4:g2f4", "f4g2", "g2f4", "f4e6")
    return Diagram(
        "opening",
        state,
        "An opening throw of 1 and 4: the 1 moves the pawn from f4 to e5, freeing the knight on "
        "g2, which uses the 4 to go f4, g2, f4 and take the pawn on e6.",
        highlight=_cells(rules, "f4", "e5", "g2", "e6"),
    )


def promotion() -> Diagram:
    rules, state = played(Skock, "k6r/8/5P2/8/8/8/8/K5N1 w Q -", "roll 1 5")
    return Diagram(
        "promotion",
        state,
        "A throw of 5 and 1. The pawn spends two steps of the 5 reaching f8 and is exchanged "
        "for the queen waiting in White's queue; the queen uses the last three steps, g8, g7 "
        "and takes on h8. The 1 moves the knight.",
        highlight=_cells(rules, "f6", "f7", "f8", "g8", "g7", "h8"),
    )


def last_king() -> Diagram:
    rules, state = played(Skock, "k7/8/8/8/N7/8/8/R3K3 w - K", "roll 2 6")
    return Diagram(
        "last-king",
        state,
        "Black has one king left. With 2 and 6, the 2 moves the knight out of the rook's way "
        "and the 6, the die that may take kings, lets the rook take the king on a8.",
        highlight=_cells(rules, "a4", "a1", "a8"),
    )


def diagrams() -> tuple[Diagram, ...]:
    """Every diagram of the page, in the order the page places them."""
    return (start(), opening(), promotion(), last_king())
