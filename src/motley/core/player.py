"""A computer player's side of the driver's `Agent` protocol, written once for all players.

The driver's random player, the agents and the games' own players (`Rules.computer`)
subclass `Player` and write only `decide`, which receives the whole question as one `Turn`.
It sits in the core, below them all, because games never import the agents.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from motley.core.rules import Rules

if TYPE_CHECKING:  # the driver's own random player is a `Player`
    from motley.core.driver import Agent


@dataclass(frozen=True)
class Turn:
    """One decision put to a player: the game, its seat's view, the legal actions, and the
    driver's random stream for the seat."""

    rules: Rules[Any, Any]
    view: Any
    seat: int
    actions: Sequence[Any]
    rng: random.Random

    def hand_to(self, agent: Agent) -> Any:
        """The decision as another player makes it (a fallback)."""
        return agent.choose(self.rules, self.view, self.seat, self.actions, self.rng)


class Player:
    """A computer player: meets the driver's `Agent` protocol once for every player, which
    then writes only `decide` (a template method)."""

    #: a lone legal action is played at once, without thinking and without drawing from the
    #: driver's stream (a player that draws even then keeps False: its later choices depend
    #: on the stream)
    forced_at_once: ClassVar[bool] = False

    def choose(
        self,
        rules: Rules[Any, Any],
        view: Any,
        seat: int,
        actions: Sequence[Any],
        rng: random.Random,
    ) -> Any:
        if self.forced_at_once and len(actions) == 1:
            return actions[0]
        return self.decide(Turn(rules, view, seat, actions, rng))

    def decide(self, turn: Turn) -> Any:
        """The action to play on `turn` (one of `turn.actions`)."""
        raise NotImplementedError
