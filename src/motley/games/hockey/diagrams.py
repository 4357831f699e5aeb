"""The positions Hockey Chess's rules page draws, taken from its scenario tests."""

from __future__ import annotations

from motley.core.worked import Worked, on_usual_rules

# in the order the page places them
EXAMPLES = (
    Worked(
        "start",
        "The start: a puck under each king, White's referee put under the queen on d1 and "
        "Black's on c6.",
        actions=("ref@d1", "ref@c6"),
        cells="e1 e8 d1 c6",
    ),
    Worked(
        "shot",
        "The rook on e4 has the puck and a clear e-file: it shoots straight into Black's goal "
        "behind e8. New pucks then go on the referees in the corners.",
        position="7k/8/8/8/4R*3/8/8/.^2K3.^ w - -",
        cells="e4 e5 e6 e7 e8",
    ),
    Worked(
        "bounce",
        "A bishop's pass may bounce off the side of the board: from c1 the puck runs to h6, "
        "comes back through g7 and f8 and scores behind e8.",
        position="4k3/8/8/8/8/8/8/2B*1K3 w - -",
        cells="c1 d2 e3 f4 g5 h6 g7 f8",
    ),
    Worked(
        "crease",
        "White's king stands in Black's crease (c8 to f8), but the bishop on h6 guards f8, so "
        "the king may not walk into the goal yet.",
        position="3K4/8/7b/k7/8/8/8/7R w - -",
        cells="c8 d8 e8 f8",
    ),
)


diagrams = on_usual_rules(EXAMPLES)
