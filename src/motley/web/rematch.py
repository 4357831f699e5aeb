"""Rematches: the same game again, with the same house rules and seats, the sides swapped.

Any player of a finished game may ask; the first request makes the new game and every later
one (from any player of the old game) gets its own seats in it. Each player keeps their kind
of seat: the people at the creator's device stay local, a friend's invitation seat stays
theirs (taken for them at once), a computer stays a computer of the same level. Colours are
swapped by moving everyone one seat on (with two sides, White becomes Black; with two teams
of two, each player changes team colour). The map from old games to new ones is kept in
memory: after a restart a finished game offers a fresh rematch.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from motley.web.decide import Rejected
from motley.web.header import INVITE, SeatPlan
from motley.web.hub import Hub

REMEMBERED = 1000  # old games whose rematch is kept


@dataclass(frozen=True)
class Made:
    """A rematch made: its id, and each old seat's new seat and token."""

    id: str
    seats: Mapping[int, tuple[int, str]]


def new_seat(old: int, players: int) -> int:
    """Where the player of seat `old` sits in the rematch: one seat on, colours swapped."""
    return (old - 1) % players


def swapped(plans: tuple[SeatPlan, ...]) -> list[SeatPlan]:
    """The seat plans of the rematch: each player's plan moved to their new seat."""
    players = len(plans)
    out = list(plans)
    for old, plan in enumerate(plans):
        out[new_seat(old, players)] = plan
    return out


class Rematches:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.made: OrderedDict[str, Made] = OrderedDict()
        self._lock = asyncio.Lock()

    def of(self, game_id: str) -> str | None:
        """The id of the rematch of `game_id`, once someone has asked for it."""
        made = self.made.get(game_id)
        return made.id if made else None

    async def ask(self, game_id: str, tokens: list[str], client: str = "") -> dict[str, Any]:
        """The rematch (made on the first request) and the asker's seat tokens in it."""
        live = await self.hub.get(game_id)
        held = {seat for token in tokens if (seat := live.seat_of(token)) is not None}
        if not held:
            raise Rejected("only the players of this game can ask for a rematch")
        if not live.match.over:
            raise Rejected("the game is not over yet")
        async with self._lock:
            made = self.made.get(game_id)
            if made is None:
                made = await self._make(game_id, client)
                self.made[game_id] = made
                while len(self.made) > REMEMBERED:
                    self.made.popitem(last=False)
                for conn in list(live.connections):
                    conn.send({"type": "rematch", "id": made.id})
        mine = {str(made.seats[s][0]): made.seats[s][1] for s in sorted(held) if s in made.seats}
        return {"id": made.id, "url": f"/g/{made.id}", "tokens": mine}

    async def _make(self, game_id: str, client: str) -> Made:
        live = await self.hub.get(game_id)
        match = live.match
        header = match.header
        plans = swapped(header.seats)
        made, tokens, codes = await self.hub.create(
            header.game,
            header.options,
            plans,
            header.listed,
            client,
            clock=header.clock,
        )
        new_id = made.match.header.id
        players = len(plans)
        seats: dict[int, tuple[int, str]] = {}
        for old, plan in enumerate(header.seats):
            seat = new_seat(old, players)
            if seat in tokens:
                seats[old] = (seat, tokens[seat])
            elif plan.kind == INVITE and old in match.claimed and seat in codes:
                # the friend's seat is taken for them: they reach it through their old token
                seats[old] = (seat, await self.hub.join(new_id, seat, codes[seat]))
        return Made(new_id, seats)
