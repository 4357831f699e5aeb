"""The positions drawn on the Zombie Chess rules page: the Chess Kit's own example game
(1. d4 Nc6 2. Nf3 e5 3. e3 exd4, the burials and the return it describes), as the scenario
tests play it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.core.present import Diagram
from motley.games.zombie.state import ZombieState

if TYPE_CHECKING:
    from motley.games.zombie.rules import ZombieChess

OPENING = "d2d4 b8c6 g1f3 e7e5 e2e3 e5d4"


def play(rules: ZombieChess, texts: str, state: ZombieState | None = None) -> ZombieState:
    """Play `texts`, actions separated by spaces (`bury P@b2` counts as one)."""
    state = rules.initial_state() if state is None else state
    for text in texts.replace("bury ", "bury_").split():
        state = rules.apply(state, rules.parse_action(state, text.replace("_", " ")))
    return state


def diagrams(rules: ZombieChess) -> tuple[Diagram, ...]:
    def cells(*names: str) -> tuple[int, ...]:
        return tuple(rules.t.geometry.parse(n) for n in names)

    buried = play(rules, OPENING + " bury P@c6")
    returned = play(rules, "f3d4 bury P@b2 c6d4 bury N@g7", buried)
    recaptured = play(rules, "e3d4", returned)
    return (
        Diagram(
            "buried",
            buried,
            "Black's pawn has taken on d4, and Black buries the white pawn under the knight on "
            "c6. Black sees the burial; White knows only that a pawn went into the ground.",
            seat=1,
            highlight=cells("c6", "d4"),
        ),
        Diagram(
            "returns",
            returned,
            "White's knight took on d4 (its pawn went under b2), then Black's knight took it "
            "back from c6. The square it left is checked, and the white pawn comes back there "
            "as a zombie.",
            highlight=cells("c6"),
        ),
        Diagram(
            "must-move",
            recaptured,
            "White has taken back on d4 with the e-pawn. The zombie on c6 has not moved yet: "
            "it may still take on b7 or d7, or the turn ends and the zombie is destroyed.",
            highlight=cells("c6", "b7", "d7"),
        ),
    )
