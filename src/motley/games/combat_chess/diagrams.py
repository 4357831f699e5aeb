"""The positions Combat Chess II's rules page draws, as its scenario tests play them: an
opening roll, a chain of won challenges and an escape from a castle."""

from __future__ import annotations

from motley.core.worked import Worked, on_usual_rules

# in the order the page places them
EXAMPLES = (
    Worked(
        "opening",
        "White won the first roll and rolled a 3 to move. The pawn on e2 may go exactly three "
        "squares in a straight line (e5, b5 or h5), and a dragon may jump the pawns (b1 to b4 "
        "or e4). The other back-rank pieces are blocked, and castles never move.",
        actions=("first 2 1", "roll", "roll 3"),
        cells="e2 e5 b1 b4",
    ),
    Worked(
        "chain",
        "The queen on d4 challenges the pawn on d5: she rolls and adds 3, the pawn adds "
        "nothing. If she wins she moves into d5 and goes on, here by challenging the pawn on "
        "e6 next.",
        position="7k/8/4p3/3p4/3Q4/8/8/R3K2R w -/-/-/-",
        cells="d4 d5 e6",
    ),
    Worked(
        "escape",
        "Black's castle on a8 holds White's queen and a dragon. White's bishop came next to it "
        "on an earlier turn: it rolls and adds 2, and on 6 or more a prisoner comes back onto "
        "a7 or b8.",
        position="r6k/1B6/8/8/8/8/8/R6K w -/-/-/QN",
        cells="a8 b7 a7 b8",
    ),
)


diagrams = on_usual_rules(EXAMPLES)
