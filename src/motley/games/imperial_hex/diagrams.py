"""The positions Imperial Hex Chess's rules page draws, as its tests pin them: the start,
the text's example of lost protection, a capture by two pawns and a checkmate."""

from __future__ import annotations

from typing import Any

from motley.core.present import Diagram
from motley.games.imperial_hex.rules import ImperialHex
from motley.games.imperial_hex.state import CoinToss, HexPosition, arrange

RULES = ImperialHex()


def _position(placement: str, turn: int = 0) -> HexPosition:
    pos = arrange(RULES.geometry, placement, turn)
    RULES.validate(pos)
    return pos


def _play(pos: HexPosition, *moves: str) -> HexPosition:
    for text in moves:
        pos = RULES.apply(pos, RULES.parse_action(pos, text))  # type: ignore[assignment]
    return pos


def _cells(*names: str) -> tuple[int, ...]:
    return tuple(RULES.geometry.parse(n) for n in names)


def start() -> Diagram:
    # White wins the toss; both sides put their scouts on the pair nearest the centre line
    state: Any = RULES.apply(RULES.initial_state(), CoinToss(0))
    state = RULES.apply(state, RULES.legal_actions(state)[0])
    state = RULES.apply(state, RULES.legal_actions(state)[0])
    return Diagram(
        "start",
        state,
        "The start, White having won the toss. Each side's scouts stand on its fifth row, "
        "mirrored across the middle.",
    )


def two_pawns() -> Diagram:
    return Diagram(
        "two-pawns",
        _position("KA3 PF4 PF5 kM8 dG5"),
        "Black's Dragon on G5 outranks a pawn, but both White pawns attack it, so either may "
        "take it. With one pawn alone, the Dragon would be safe.",
        highlight=_cells("F4", "F5", "G5"),
    )


def lost_protection() -> Diagram:
    after = _play(_position("KA2 EG4 PF3 kM8 dG8", turn=1), "G8xG4")
    return Diagram(
        "lost-protection",
        after,
        "Black's Dragon has just taken the Elephant on G4. Having captured, it has lost its "
        "protection for one move: White's pawn on F3 may take it alone, now or never.",
        highlight=_cells("F3", "G4"),
    )


def checkmate() -> Diagram:
    return Diagram(
        "checkmate",
        _position("KA2 QM7 DL6 EI6 kM9", turn=1),
        "Checkmate: White's Queen checks the Black King on M9 by itself, and every cell the "
        "King could reach is attacked.",
        highlight=_cells("M9", "M7"),
    )


def diagrams(rules: ImperialHex) -> tuple[Diagram, ...]:
    """Every diagram of the page, in its order, on the game's usual rules (the page's text
    speaks of those)."""
    return (start(), two_pawns(), lost_protection(), checkmate())
