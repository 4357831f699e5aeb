"""The positions Atomic Chess's rules page draws, as its scenario tests pin them: a blast in
the centre, a capture the blast forbids, touching kings and a win by explosion."""

from __future__ import annotations

from motley.core.driver import played
from motley.core.present import Diagram
from motley.examples.atomic.rules import Atomic

# 1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. d4 d5: White may now take on e5
BLAST = ("", "e4", "e5", "Nf3", "Nc6", "Nc3", "Nf6", "d4", "d5")
# Black's knight next to White's king: taking it would blow the king up
OWN_KING = "4k3/8/8/8/8/8/3n4/3QK3 w - - 0 1"
# the kings touch, so the rook on h3 does not check White's king
TOUCHING = "8/8/8/8/3k4/3K3r/8/8 w - - 0 1"
# 1. Nf3 d5 2. Ne5 Nd7: the knight takes on d7, next to Black's king
WIN = ("", "Nf3", "d5", "Ne5", "Nd7")


def _cells(rules: Atomic, *names: str) -> tuple[int, ...]:
    return tuple(rules.geometry.parse(n) for n in names)


def diagrams(rules: Atomic) -> tuple[Diagram, ...]:
    """The page's diagrams, on the game's usual rules (the page's text speaks of those)."""
    rules, blast = played(Atomic, *BLAST)
    _, own_king = played(Atomic, OWN_KING)
    _, touching = played(Atomic, TOUCHING)
    _, win = played(Atomic, *WIN)
    return (
        Diagram(
            "blast",
            blast,
            "If White's knight takes the pawn on e5, the blast takes the pawn, the knight "
            "itself and Black's knight on f6. The pawns on d4, d5 and e4 survive: a blast "
            "never destroys a pawn beside it.",
            highlight=_cells(rules, "e5", "f6"),
        ),
        Diagram(
            "own-king",
            own_king,
            "White may not take the knight on d2. The queen's blast would kill White's own "
            "king on e1, and the king itself may never capture.",
            highlight=_cells(rules, "d2", "e1"),
        ),
        Diagram(
            "touching",
            touching,
            "The kings touch, so White is not in check from the rook on h3: taking the king "
            "on d3 would blow up Black's king on d4 as well.",
            highlight=_cells(rules, "d3", "d4", "h3"),
        ),
        Diagram(
            "win",
            win,
            "White's knight takes on d7. The blast takes both knights, the bishop on c8, the "
            "queen on d8 and the king on e8: White wins at once.",
            highlight=_cells(rules, "d7", "c8", "d8", "e8"),
        ),
    )
