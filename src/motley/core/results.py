"""A game's result in words, and what resigning does to it: shared by every shell."""

from __future__ import annotations

from collections.abc import Sequence

from motley.core.spec import GameSpec, Utility


def resign_returns(spec: GameSpec, seat: int) -> tuple[float, ...] | None:
    """The returns when `seat` resigns: its side loses; where there are no sides (one player,
    a cooperative table, a scored contest of several) resigning only abandons the game: None."""
    if spec.utility is Utility.ZERO_SUM and spec.players == 2:
        return tuple(-1.0 if s == seat else 1.0 for s in range(2))
    if spec.utility is Utility.TEAMS:
        team = spec.team_of(seat)
        return tuple(-1.0 if spec.team_of(s) == team else 1.0 for s in range(spec.players))
    return None


def describe_returns(spec: GameSpec, returns: Sequence[float], draw: str = "draw") -> str:
    """The result in words: who won, `draw`, or the score where there are no sides."""
    alone = spec.utility is Utility.SCORE and spec.players == 1
    if spec.utility is Utility.COOPERATIVE or alone:
        return f"score {returns[0]:g}"
    best = max(returns)
    if all(r == best for r in returns):
        return draw
    winners = [spec.seat_name(s) for s, r in enumerate(returns) if r == best]
    return " and ".join(winners) + (" wins" if len(winners) == 1 else " win")
