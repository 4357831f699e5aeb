"""What a client may ask of the computer players: computer time is shared by everyone.

A game of computers alone runs only where the server allows it, and each client has a bounded
number of computer games going at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from motley.core.errors import MotleyError, OptionError
from motley.web.header import COMPUTER, Header, SeatPlan
from motley.web.live import LiveGame


class TooMany(MotleyError):
    """A client asked for more than its share (computer games, new games, connections)."""


@dataclass(frozen=True)
class Limits:
    """What one client may ask of the computer players, and what is replayed at start."""

    allow_computer_games: bool = False  # games with no seat for a person
    computer_games_per_client: int = 4  # unfinished games with a computer, in memory
    resume_seconds: float = 2 * 86_400.0  # games older than this wait to be opened


def computers_play(header: Header, limits: Limits) -> bool:
    """Whether this server's computers take turns in the game."""
    kinds = {plan.kind for plan in header.seats}
    if COMPUTER not in kinds:
        return False
    return kinds != {COMPUTER} or limits.allow_computer_games


class ComputerGames:
    """Each client's games with a computer, counted against its share."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._by_client: dict[str, set[str]] = {}  # client -> ids of its computer games

    def check(self, seats: Sequence[SeatPlan], client: str, games: Mapping[str, LiveGame]) -> None:
        """Computer time is shared: no game of computers alone unless the server allows it,
        and a bounded number of running computer games per client."""
        if not any(plan.kind == COMPUTER for plan in seats):
            return
        if all(plan.kind == COMPUTER for plan in seats) and not self.limits.allow_computer_games:
            raise OptionError(
                "games with only computer players are off on this server "
                "(it allows them when started with --allow-computer-games)"
            )
        limit = self.limits.computer_games_per_client
        if self._running(client, games) >= limit:
            raise TooMany(
                f"you already have {limit} games against the computer going; "
                "finish or leave one first"
            )

    def add(self, client: str, game_id: str, seats: Sequence[SeatPlan]) -> None:
        """Count a new game against its creator, if a computer plays in it."""
        if any(plan.kind == COMPUTER for plan in seats):
            self._by_client.setdefault(client, set()).add(game_id)

    def _running(self, client: str, games: Mapping[str, LiveGame]) -> int:
        ids = self._by_client.get(client, set())
        unfinished = {g for g in ids if (live := games.get(g)) and not live.match.over}
        if unfinished:
            self._by_client[client] = unfinished
        else:
            self._by_client.pop(client, None)
        # a game left with nobody at it costs no computer time (its computer moves only after
        # a person does), so only games someone is at, or a computer is thinking in, count
        return sum(1 for g in unfinished if games[g].connections or games[g].thinking)
