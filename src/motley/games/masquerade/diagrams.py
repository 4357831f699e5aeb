"""The positions drawn on the Masquerade Chess rules page, as the scenario tests pin them.

The Chess Kit's example tables are lost with its pictures; its Strategy section names one
table, "KQ, QN, RB, NR, BK", which Black's pieces use here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.core.present import Diagram
from motley.games.masquerade.assignment import combos
from motley.games.masquerade.state import MasqueradeState

if TYPE_CHECKING:
    from motley.games.masquerade.rules import MasqueradeChess

BLACK_TABLE = "QNBKR"  # rows K Q R B N: the king captures like a queen, the queen like a knight...


def ready(
    rules: MasqueradeChess, white: str, black: str, fen: str, moves: str = ""
) -> MasqueradeState:
    """From `fen` with both tables filled in (White's pieces' `white`, Black's `black`)."""
    game = type(rules)({**rules.options, "position": fen})
    state = game.initial_state()
    for text in f"{combos(black)} {combos(white)} {moves}".split():
        state = game.apply(state, game.parse_action(state, text))
    return state


def diagrams(rules: MasqueradeChess) -> tuple[Diagram, ...]:
    def cells(*names: str) -> tuple[int, ...]:
        return tuple(rules.t.geometry.parse(n) for n in names)

    refused = ready(rules, "KQRNB", BLACK_TABLE, "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "c3xd5")
    allowed = ready(rules, "KRQBN", BLACK_TABLE, "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1xd8")
    castled = ready(rules, "KQRBN", BLACK_TABLE, "4k3/8/8/8/8/8/3r4/R3K3 w Q - 0 1", "e1c1")
    return (
        Diagram(
            "refused",
            refused,
            "White's knight on c3 asked to capture the pawn on d5 with a knight's jump. The "
            "answer was no: in the table Black filled in, White's knight captures like a "
            "bishop. Nothing moved, the turn is over, and both players cross out that square.",
            highlight=cells("c3", "d5"),
        ),
        Diagram(
            "allowed",
            allowed,
            "White's queen asked to capture along the d-file and the answer was yes: it "
            "captures like a rook. Now both players know it is not a king, bishop or knight "
            "capture.",
            highlight=cells("d8"),
        ),
        Diagram(
            "no-check",
            castled,
            "There is no check. White's king was attacked by the rook on d2 and still castled, "
            "crossing the attacked d1.",
            highlight=cells("c1", "d1", "d2"),
        ),
    )
