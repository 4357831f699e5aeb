"""The positions drawn on the Adrenaline Chess rules page, as the scenario tests pin them;
positions are setups, a FEN with a `*` after a piece for each checker under it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.core.present import Diagram
from motley.games.adrenaline.state import RUSH, AdrenalineState

if TYPE_CHECKING:
    from motley.games.adrenaline.rules import AdrenalineChess

# The Chess Kit's strange checkmate, rebuilt from its text (its picture is lost): three
# checkers under a White bishop trapped on c1, which Black's queen takes and spends.
SEED_MATE = "k7/8/8/7p*/2q3b1/8/1P1P1KP1/2B**3N1 b - - 0 1"


def play(rules: AdrenalineChess, fen: str, texts: str, phase: str = "") -> AdrenalineState:
    """From the setup `fen` (mid-turn at `phase`, after a capture, if given), play `texts`."""
    game = type(rules)({**rules.options, "position": fen})
    state = game.initial_state()
    if phase:
        data = {"fen": fen, "phase": phase, "piece": "-", "captured": True, "history": []}
        state = game.state_from_json(data)
    for text in filter(None, (t.strip() for t in texts.split(","))):
        state = game.apply(state, game.parse_action(state, text))
    return state


def diagrams(rules: AdrenalineChess) -> tuple[Diagram, ...]:
    def cells(*names: str) -> tuple[int, ...]:
        return tuple(rules.geometry.parse(n) for n in names)

    stepping = play(rules, "4k3/8/8/8/8/8/8/1N**2K3 w - - 0 1", "b1c3")
    took_over = play(rules, "r3k3/8/8/8/3p**4/8/8/1N*5K w - - 0 1", "b1c3, c3d4, stop")
    mate = play(rules, SEED_MATE, "rush c1", RUSH)
    return (
        Diagram(
            "steps",
            stepping,
            "The knight had two checkers under it on b1. It has made its regular move to c3, "
            "taking them along; now it may spend them on up to two king steps, or stop.",
            highlight=cells("c3"),
        ),
        Diagram(
            "rush",
            took_over,
            "The knight stepped from c3 to d4, spending a checker and taking the pawn's two. "
            "Having captured, White now places one checker under a Black piece: the rook on "
            "a8 or the king.",
            highlight=cells("d4", "a8", "e8"),
        ),
        Diagram(
            "strange-mate",
            mate,
            "The Chess Kit's strange checkmate. Black gave the trapped bishop on c1 its third "
            "checker. The bishop cannot use them without a regular move, but Black's queen "
            "can take it and spend all three to reach the king on f2: check, and no escape.",
            highlight=cells("c1", "c4", "f2"),
        ),
    )
