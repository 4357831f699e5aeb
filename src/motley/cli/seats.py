"""Who sits in each seat of a terminal game: a person at the keyboard or a computer agent."""

from __future__ import annotations

from collections.abc import Sequence

from motley.agents.registry import agent_names, make_agent, split_spec
from motley.cli.inputs import parse_seat
from motley.core.driver import Agent, RandomAgent
from motley.core.errors import MotleyError
from motley.core.spec import GameSpec, Utility

HUMAN = "human"


def make_seat_agent(kind: str, game_id: str) -> Agent:
    """The computer player for a seat: `random` is the driver's own (so a seeded terminal game
    matches `driver.play`), any other name comes from the agents registry (`mcts`, `level3`,
    `alphabeta:seconds=2`, ...)."""
    return RandomAgent() if kind == "random" else make_agent(kind, game_id)


def parse_seats(spec: GameSpec, given: Sequence[str]) -> dict[int, str]:
    """`--seat N=KIND` flags over the default of a person in every seat (hot-seat)."""
    seats = dict.fromkeys(range(spec.players), HUMAN)
    kinds = [HUMAN, *agent_names()]
    for item in given:
        seat_text, sep, kind = item.partition("=")
        if not sep:
            raise MotleyError(f"expected --seat SEAT=KIND (KIND: {', '.join(kinds)}), got {item!r}")
        kind = kind.strip().lower()
        if kind != HUMAN:
            try:
                split_spec(kind)
                make_seat_agent(kind, spec.id)  # settings are checked before the game starts
            except MotleyError:
                raise MotleyError(
                    f"unknown player kind {kind!r} (choose from {', '.join(kinds)}, "
                    "with settings after a colon, e.g. mcts:seconds=2)"
                ) from None
        seats[parse_seat(spec, seat_text)] = kind
    return seats


def resign_returns(spec: GameSpec, seat: int) -> tuple[float, ...] | None:
    """The returns when `seat` resigns, or None where resigning just abandons the game."""
    if spec.utility is Utility.ZERO_SUM and spec.players == 2:
        return tuple(-1.0 if s == seat else 1.0 for s in range(2))
    if spec.utility is Utility.TEAMS:
        team = spec.team_of(seat)
        return tuple(-1.0 if spec.team_of(s) == team else 1.0 for s in range(spec.players))
    return None


def describe_returns(spec: GameSpec, returns: Sequence[float]) -> str:
    """The result in words: who won, a draw, or the score."""
    alone = spec.utility is Utility.SCORE and spec.players == 1
    if spec.utility is Utility.COOPERATIVE or alone:
        return f"score {returns[0]:g}"
    best = max(returns)
    if all(r == best for r in returns):
        return "draw"
    winners = [spec.seat_name(s) for s, r in enumerate(returns) if r == best]
    return " and ".join(winners) + (" wins" if len(winners) == 1 else " win")
