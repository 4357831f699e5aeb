"""The positions drawn on the Tar Pit Chess rules page: the Chess Kit's worked example, as
the scenario tests play it, and a tarred queen. Setups are FENs with `*` after a piece on its
own colour's checker and `~` after a piece on the opponent's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.components.chess_cards import Card, Pile
from motley.core.present import Diagram
from motley.core.rules import NodeKind
from motley.games.tar_pit.state import TarPitState

if TYPE_CHECKING:
    from motley.games.tar_pit.rules import TarPitChess

# Black to move: White's checkers under the black pawns on e7 and f5, Black's under the
# white pawn on e4; Black holds a rook, a bishop, a pawn and a knight card.
EXAMPLE = "rnbqkb1r/ppppp~1pp/5n2/5p~2/4P~1P1/5P2/PPPP3P/RNBQKBNR b KQkq - 0 3"
TARRED_QUEEN = "4k3/8/8/3Q~4/8/8/8/4K3 w - - 0 1"


def example(rules: TarPitChess) -> TarPitState:
    return rules.setup(
        EXAMPLE,
        supply=(4, 5),
        hands=(Pile.parse("NBRQ"), Pile.parse("rbpn")),
        discard=Pile.parse("P"),
        top=Card.parse("P"),
    )


def play(rules: TarPitChess, state: TarPitState, *texts: str) -> TarPitState:
    for text in texts:
        seat = None if rules.kind(state) is NodeKind.CHANCE else rules.actors(state)[0]
        state = rules.apply(state, rules.parse_action(state, text, seat))
    return state


def diagrams(rules: TarPitChess) -> tuple[Diagram, ...]:
    def cells(*names: str) -> tuple[int, ...]:
        return tuple(rules.geometry.parse(n) for n in names)

    start = example(rules)
    thrown = play(rules, start, "f6e4", "throw f3")
    return (
        Diagram(
            "example",
            start,
            "Black to move. White's checkers lie under Black's pawns on e7 and f5, tarring "
            "them; Black's checker lies under White's pawn on e4. Black holds four cards.",
            seat=1,
            highlight=cells("e7", "f5", "e4"),
        ),
        Diagram(
            "thrown",
            thrown,
            "Black's knight took the pawn on e4 and with it Black's own checker, so the knight "
            "now carries. It threw the checker one step to the pawn on f3, which is now "
            "tarred and can no longer take the knight.",
            seat=1,
            highlight=cells("e4", "f3"),
        ),
        Diagram(
            "tarred-queen",
            rules.setup(TARRED_QUEEN, supply=(0, 0)),
            "A tarred queen moves like a pawn: its only move here is one step forward, to d6. "
            "It would capture only diagonally forward, on c6 or e6.",
            highlight=cells("d5", "d6"),
        ),
    )
