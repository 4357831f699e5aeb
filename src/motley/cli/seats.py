"""Who sits in each seat of a terminal game: a person at the keyboard or a computer agent."""

from __future__ import annotations

from collections.abc import Sequence

from motley.agents.registry import agent_names, make_agent, split_spec
from motley.cli.inputs import parse_seat
from motley.core.driver import Agent, RandomAgent
from motley.core.errors import MotleyError
from motley.core.spec import GameSpec

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
