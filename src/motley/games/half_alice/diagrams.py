"""The positions Half Alice Chess's rules page draws, as its scenario tests pin them: a rook
passing through the other side, the pawns of 1. e4 e5, and the text's king in check."""

from __future__ import annotations

from motley.core.worked import Worked, on_usual_rules

# the text's example: Black's king on b8, checked by the queen on d8, White's rook on b1 on
# a checker; a8 is still in check before the switch, b7 after it, so a7 is the only move
SEED_EXAMPLE = "1k1Q4/8/8/8/8/8/8/1R*5K b - - 0 1"

# in the order the page places them
EXAMPLES = (
    Worked(
        "through",
        "Black's knight on d1 stands on a checker, on the other side of the mirror. White's "
        "rook on a1 passes through d1 as if it were empty and may stop on b1, c1, e1 or f1, "
        "but it cannot take the knight or land on its square.",
        position="4k3/8/8/8/8/8/8/R2n*2K1 w - - 0 1",
        cells="a1 d1 f1",
    ),
    Worked(
        "pawns",
        "After 1. e4 e5 both pawns stand on checkers, on the same side of the mirror, so they "
        "block each other as in chess.",
        actions=("e2e4", "e7e5"),
        cells="e4 e5",
    ),
    Worked(
        "in-check",
        "Black to move, in check from the queen. a8 is still in check before the king switches "
        "sides, and on b7 the rook on b1 would check it once it has switched to the checkers' "
        "side. Its only move is a7.",
        position=SEED_EXAMPLE,
        cells="b8 a8 b7 a7",
    ),
    Worked(
        "escaped",
        "After the king's move to a7 it stands on a checker, on the rook's side of the mirror, "
        "where neither the queen nor the rook attacks it.",
        position=SEED_EXAMPLE,
        actions=("b8a7",),
        cells="a7",
    ),
)


diagrams = on_usual_rules(EXAMPLES)
