"""The positions Synchronous Chess's rules page draws, as its tests pin them: two rooks
swapping places, two knights meeting on one square, an exchange of blows and a king that
must move."""

from __future__ import annotations

from motley.chesslike.turnless import GEOMETRY
from motley.core.present import Diagram
from motley.games.synchronous.rules import Synchronous
from motley.games.synchronous.state import SyncState

BLOWS = "4r1k1/7p/3p4/4p3/8/5N2/4Q3/6K1 -"  # Nf3 takes e5, defended by the d6 pawn and Re8


def _start(position: str) -> tuple[Synchronous, SyncState]:
    rules = Synchronous({"position": position})
    return rules, rules.initial_state()


def _cells(*names: str) -> tuple[int, ...]:
    return tuple(GEOMETRY.parse(n) for n in names)


def _still(name: str, position: str, words: str, *cells: str) -> Diagram:
    """The start of a turn from `position`, with `cells` highlighted."""
    return Diagram(name, _start(position)[1], words, highlight=_cells(*cells))


def swap() -> Diagram:
    words = (
        "If White plays Ra1 to a8 while Black plays Ra8 to a1, neither rook captures: both "
        "moved, so they simply swap places."
    )
    return _still("swap", "r7/7k/8/8/8/8/7K/R7 -", words, "a1", "a8")


def collision() -> Diagram:
    words = "If both knights jump to the empty square e5 in the same turn, both are captured."
    return _still("collision", "4k3/p2n4/8/8/8/5N2/P7/4K3 -", words, "f3", "d7", "e5")


def blows() -> Diagram:
    rules, state = _start(BLOWS)
    joint = {0: rules.parse_action(state, "f3e5", 0), 1: rules.parse_action(state, "h7h6", 1)}
    after = rules.apply_joint(state, joint)
    return Diagram(
        "blows",
        after,
        "White's knight took the pawn on e5 while Black played h6. The pawn on d6 and the rook "
        "on e8 attacked e5 before the moves and still do, so Black may strike the knight; then "
        "White's queen may strike back, and so on.",
        highlight=_cells("e5", "d6", "e8", "e2"),
    )


def king_must_move() -> Diagram:
    words = (
        "White's king is attacked by the rook on e8. It must move, to d1, d2 or f2: blocking "
        "with the bishop on e2 or taking with the rook on a8 is not allowed."
    )
    return _still("king-must-move", "R3r3/7k/8/8/8/8/8/4KB2 -", words, "e1", "e8", "d1", "d2", "f2")


def diagrams(rules: Synchronous) -> tuple[Diagram, ...]:
    """Every diagram of the page, in its order, on the game's usual rules (the page's text
    speaks of those)."""
    return (swap(), collision(), blows(), king_must_move())
