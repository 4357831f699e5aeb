"""The positions drawn on the Crowded House rules page, as the scenario tests pin them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.core.present import Diagram
from motley.games.crowded_house.state import HouseState

if TYPE_CHECKING:
    from motley.games.crowded_house.rules import CrowdedHouse

WHITE_KING_SIDE, WHITE_QUEEN_SIDE = 0, 2
EXPOSED = "4k3/8/8/8/8/8/r7/4K3 w - - 0 1"  # a black rook sweeps the second rank
CORNERED = "k7/8/8/8/8/8/PP6/K2r4 w - - 0 1"  # the white king boxed in by the d1 rook


def at(rules: CrowdedHouse, fen: str, seat: int) -> HouseState:
    """A position with `seat` to move (the FEN's side to move is the seat's colour)."""
    return rules.state_from_json({"fen": fen, "seat": seat, "history": []})


def play(rules: CrowdedHouse, state: HouseState, *texts: str) -> HouseState:
    for text in texts:
        state = rules.apply(state, rules.parse_action(state, text))
    return state


def diagrams(rules: CrowdedHouse) -> tuple[Diagram, ...]:
    def cells(*names: str) -> tuple[int, ...]:
        return tuple(rules.geometry.parse(n) for n in names)

    opening = play(rules, rules.initial_state(), "e2e4", "e7e5")
    stepped = play(rules, at(rules, EXPOSED, WHITE_KING_SIDE), "e1d2")
    return (
        Diagram(
            "halves",
            opening,
            "After 1. e4 e5 it is White's queen-side player's turn. The bishop on f1 may come "
            "over to d3, c4, b5 or a6, ending on the queen side, but not to e2, which would "
            "start and end on the king side.",
            seat=WHITE_QUEEN_SIDE,
            highlight=cells("f1", "b5", "e2"),
        ),
        Diagram(
            "next-player",
            stepped,
            "White's king has stepped next to the rook on a2. It is not check: Black's "
            "king-side player moves next, and both the rook and d2 are on the queen side, "
            "out of their reach.",
            highlight=cells("d2", "a2"),
        ),
        Diagram(
            "mate",
            at(rules, CORNERED, WHITE_QUEEN_SIDE),
            "White's queen-side player is to move, and Black's queen-side player, who moves "
            "next, could take the king with the rook on d1. Nothing prevents it: checkmate. "
            "With White's king-side player to move it would not be mate.",
            seat=WHITE_QUEEN_SIDE,
            highlight=cells("a1", "d1"),
        ),
    )
