"""The positions drawn on the Telepathic Chess rules page, as the scenario tests pin them
(the last is the Chess Kit's own example of a push beyond the end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.core.present import Diagram
from motley.games.telepathic.state import TeleState

if TYPE_CHECKING:
    from motley.games.telepathic.rules import TelepathicChess

WHITE_A, BLACK_A, WHITE_B, BLACK_B = 0, 1, 2, 3
QUIET = "4k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1"


def play(rules: TelepathicChess, state: TeleState, *texts: str) -> TeleState:
    for text in texts:
        state = rules.apply(state, rules.parse_action(state, text, rules.actors(state)[0]))
    return state


def diagrams(rules: TelepathicChess) -> tuple[Diagram, ...]:
    def cells(*names: str) -> tuple[int, ...]:
        return tuple(rules.geometry.parse(n) for n in names)

    predicted = play(rules, rules.initial_state(), "predict N")
    pulled = play(rules, predicted, "g1f3")
    beside_white = rules.state_from_json({"fen": QUIET, "trophy": -1, "face_up": ["P", "P"]})
    pushed = play(rules, beside_white, "predict q", "e8f8")
    return (
        Diagram(
            "predicting",
            predicted,
            "White's predictor has laid the knight card face down, beside the pawn card that "
            "lies face up. Only the predictor sees it; the partner must now move.",
            seat=WHITE_B,
        ),
        Diagram(
            "pulled",
            pulled,
            "The partner moved the knight from g1 to f3. The face-down card matched, so the "
            "trophy is pulled one place towards White's side of the board.",
            highlight=cells("f3"),
        ),
        Diagram(
            "pushed-beyond",
            pushed,
            "The trophy stood beside White. Black's predictor guessed a queen, but the king "
            "moved: matching neither card, the push goes beyond the end. Black must remove "
            "one of its pieces, and the trophy returns to the middle.",
            seat=BLACK_B,
            highlight=cells("a7", "b7", "c7", "d7"),
        ),
    )
