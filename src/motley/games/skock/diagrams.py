"""The positions Skock's rules page draws: the text's worked examples, as its scenario tests
play them (pictures 1, 3, 5 and 6)."""

from __future__ import annotations

from motley.core.worked import Worked, on_usual_rules

# in the order the page places them
EXAMPLES = (
    Worked(
        "start",
        "The start: every row of the chess setup doubled. Each side's queens stand on their "
        "own colour (White's on d1 and e2).",
        cells="d1 e2 d8 e7",
    ),
    Worked(
        "opening",
        "An opening throw of 1 and 4: the 1 moves the pawn from f4 to e5, freeing the knight on "
        "g2, which uses the 4 to go f4, g2, f4 and take the pawn on e6.",
        actions=("roll 1 4", "1:f4e5", "4:g2f4", "f4g2", "g2f4", "f4e6"),
        cells="f4 e5 g2 e6",
    ),
    Worked(
        "promotion",
        "A throw of 5 and 1. The pawn spends two steps of the 5 reaching f8 and is exchanged "
        "for the queen waiting in White's queue; the queen uses the last three steps, g8, g7 "
        "and takes on h8. The 1 moves the knight.",
        position="k6r/8/5P2/8/8/8/8/K5N1 w Q -",
        actions=("roll 1 5",),
        cells="f6 f7 f8 g8 g7 h8",
    ),
    Worked(
        "last-king",
        "Black has one king left. With 2 and 6, the 2 moves the knight out of the rook's way "
        "and the 6, the die that may take kings, lets the rook take the king on a8.",
        position="k7/8/8/8/N7/8/8/R3K3 w - K",
        actions=("roll 2 6",),
        cells="a4 a1 a8",
    ),
)


diagrams = on_usual_rules(EXAMPLES)
