"""The positions Hockey Chess's rules page draws, taken from its scenario tests."""

from __future__ import annotations

from motley.core.driver import played
from motley.core.present import Diagram
from motley.games.hockey.rules import HockeyChess


def _cells(rules: HockeyChess, *names: str) -> tuple[int, ...]:
    return tuple(rules.geometry.parse(n) for n in names)


def start() -> Diagram:
    rules, state = played(HockeyChess, "", "ref@d1", "ref@c6")
    return Diagram(
        "start",
        state,
        "The start: a puck under each king, White's referee put under the queen on d1 and "
        "Black's on c6.",
        highlight=_cells(rules, "e1", "e8", "d1", "c6"),
    )


def shot() -> Diagram:
    rules, state = played(HockeyChess, "7k/8/8/8/4R*3/8/8/.^2K3.^ w - -")
    return Diagram(
        "shot",
        state,
        "The rook on e4 has the puck and a clear e-file: it shoots straight into Black's goal "
        "behind e8. New pucks then go on the referees in the corners.",
        highlight=_cells(rules, "e4", "e5", "e6", "e7", "e8"),
    )


def bounce() -> Diagram:
    rules, state = played(HockeyChess, "4k3/8/8/8/8/8/8/2B*1K3 w - -")
    return Diagram(
        "bounce",
        state,
        "A bishop's pass may bounce off the side of the board: from c1 the puck runs to h6, "
        "comes back through g7 and f8 and scores behind e8.",
        highlight=_cells(rules, "c1", "d2", "e3", "f4", "g5", "h6", "g7", "f8"),
    )


def crease() -> Diagram:
    rules, state = played(HockeyChess, "3K4/8/7b/k7/8/8/8/7R w - -")
    return Diagram(
        "crease",
        state,
        "White's king stands in Black's crease (c8 to f8), but the bishop on h6 guards f8, so "
        "the king may not walk into the goal yet.",
        highlight=_cells(rules, "c8", "d8", "e8", "f8"),
    )


def diagrams() -> tuple[Diagram, ...]:
    """Every diagram of the page, in the order the page places them."""
    return (start(), shot(), bounce(), crease())
