"""The positions Chess Golf's rules page draws, for the single hole and for the round alike:
the text's layout example (its sixteen cards drawn in order), its special-move hole (black
queen and white knight chosen) and that hole after its first move. Each is reached by the
game's own steps, so the same text builds a hole's state or a round's."""

from __future__ import annotations

from typing import Any

from motley.core.present import Diagram
from motley.core.rules import NodeKind, Rules
from motley.games.chess_golf.board import GEOMETRY

LAYOUT_ORDER = "BRkrnNrbRqBnNbKQ"  # the text's layout example, the cards in the order drawn
CHOSEN = "qN"  # the text's special-move example: a black queen and a white knight


def _step(rules: Rules[Any, Any], state: Any, text: str) -> Any:
    return rules.apply(state, rules.parse_action(state, text))


def _laid_out(rules: Rules[Any, Any]) -> Any:
    state = rules.initial_state()
    for letter in LAYOUT_ORDER:
        state = _step(rules, state, f"lay {letter}")
    return state


def _dealt(rules: Rules[Any, Any]) -> Any:
    state = _laid_out(rules)
    texts = [rules.action_text(state, a) for a, _ in rules.chance_outcomes(state)]
    if texts and texts[0].startswith("dealer"):  # a round draws its first dealer
        state = _step(rules, state, texts[0])
    for letter in CHOSEN:
        state = _step(rules, state, f"deal {letter}")
    if rules.kind(state) is NodeKind.SIMULTANEOUS:  # a round: every golfer bids two moves
        players = rules.actors(state)
        bids = {p: rules.parse_action(state, "bid 2", p) for p in players}
        state = rules.apply_joint(state, bids)
    return state


def _cells(*names: str) -> tuple[int, ...]:
    return tuple(GEOMETRY.parse(n) for n in names)


def diagrams(rules: Rules[Any, Any]) -> tuple[Diagram, ...]:
    """Every diagram of the page, in the order the page places them."""
    dealt = _dealt(rules)
    return (
        Diagram(
            "layout",
            _laid_out(rules),
            "The sixteen cards drawn in the order white bishop, white rook, black king, black "
            "rook, ... white king, white queen: each piece goes after its gap of empty squares, "
            "from a1 along each rank.",
            highlight=_cells("c1", "g1"),
        ),
        Diagram(
            "special",
            dealt,
            "Black queen and white knight chosen. Neither white knight has a white neighbour to "
            "borrow a move from, and the queen on g5 has no black one. Only one pair of white "
            "pieces touches: the bishop on b6 and the rook on a5.",
            highlight=_cells("b6", "f6", "g5"),
        ),
        Diagram(
            "special-solved",
            _step(rules, dealt, "b6c6"),
            "The bishop steps to c6 with its neighbour's move, and now no two white pieces touch: "
            "every white piece may make a king's step, and the knight on f6 steps onto g5, "
            "taking the queen. Two moves.",
            highlight=_cells("b6", "c6", "f6", "g5"),
        ),
    )
