"""The live games: requests in, entries stored, events out, computers playing their turns.

The server is authoritative. A request is checked against the game, turned into entries
(plus the chance outcomes that follow, drawn from the game's seeded RNG), written to the
store, and only then acknowledged and pushed, as versioned per-seat events, to everyone
connected. One lock per game keeps its requests in order; different games run side by side
and share disk flushes (see `writer`).

`Hub` coordinates; the parts have modules of their own: a game in memory (`live`), where ids,
seeds and times come from (`sources`), computer-game limits (`limits`), a websocket's messages
(`messages`), requests planned into entries (`planning`), events out (`broadcast`), and
computer turns and flag timers (`scheduler`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Mapping
from typing import Any

from motley.core import registry
from motley.core.errors import MotleyError, OptionError
from motley.web import broadcast as events
from motley.web import decide as rulings
from motley.web import entries, invitations, messages, presence
from motley.web.clock import TimeControl
from motley.web.computer import Computers
from motley.web.connection import Connection
from motley.web.entries import Entry, Join
from motley.web.header import COMPUTER, INVITE, LEVELS, LOCAL, SEAT_KINDS, Header, SeatPlan
from motley.web.header import secret_hash as hashed
from motley.web.limits import ComputerGames, Limits, TooMany, computers_play
from motley.web.live import IDLE_SECONDS, LiveGame, NotFound, rebuild
from motley.web.match import Match
from motley.web.planning import appends
from motley.web.scheduler import Scheduler
from motley.web.sources import Sources
from motley.web.store import Append, NewGame, Store
from motley.web.writer import GroupWriter

__all__ = ["IDLE_SECONDS", "Hub", "Limits", "LiveGame", "NotFound", "Sources", "TooMany"]

log = logging.getLogger("motley.web")


class Hub:
    """Every live game: loading, creating and joining them, storing what happens, telling all."""

    def __init__(
        self,
        store: Store,
        computers: Computers,
        computer_delay: float = 0.0,
        sources: Sources | None = None,
        limits: Limits | None = None,
        claim_after: float = presence.CLAIM_AFTER,
    ) -> None:
        self.claim_after = claim_after
        self.store = store
        self.computers = computers
        self.computer_delay = computer_delay
        self.sources = sources or Sources()
        self.limits = limits or Limits()
        self.computer_games = ComputerGames(self.limits)
        self.writer = GroupWriter(store)
        self.games: dict[str, LiveGame] = {}
        self._loading = asyncio.Lock()
        self.scheduler = Scheduler(
            computers, self.sources.clock, self._computers_play, self.commit, computer_delay
        )

    # -- lifetime ---------------------------------------------------------------------------------

    async def resume(self) -> None:
        """Load the recent unfinished games with a computer, so the computers play on.

        Only those: a game between people waits for a person anyway, and replaying every
        abandoned game at each start costs time in proportion to all moves ever stored. An
        older game still loads (and its computer resumes) when someone opens it.
        """
        since = self.sources.clock() - self.limits.resume_seconds
        headers = await asyncio.to_thread(self.store.unfinished_headers, since)
        for header in headers:
            if not self._computers_play(header):
                continue
            try:
                live = await self.get(header.id)
            except MotleyError as error:
                log.warning("game %s cannot be resumed: %s", header.id, error)
                continue
            self.schedule(live)

    def _computers_play(self, header: Header) -> bool:
        """Whether this server's computers take turns in the game."""
        return computers_play(header, self.limits)

    def close(self) -> None:
        self.scheduler.cancel()
        self.writer.close()
        self.computers.close()

    async def get(self, game_id: str) -> LiveGame:
        live = self.games.get(game_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        async with self._loading:
            live = self.games.get(game_id)
            if live is not None:
                live.touched = time.monotonic()
                return live
            loaded = await asyncio.to_thread(self.store.load, game_id)
            if loaded is None:
                raise NotFound(f"there is no game {game_id!r}")
            match = rebuild(loaded.header, loaded.entries)
            live = LiveGame(match, loaded.tokens)
            now = self.sources.clock()
            live.away = {seat: now for seat in presence.people(match)}
            self.games[game_id] = live
        self.schedule(live)  # a game opened again: its computer picks up where it was
        return live

    # -- creating and joining ------------------------------------------------------------------

    async def create(
        self,
        game: str,
        options: Mapping[str, Any],
        seats: list[SeatPlan],
        listed: bool,
        client: str = "",
        clock: TimeControl | None = None,
        anyone: frozenset[int] = frozenset(),
    ) -> tuple[LiveGame, dict[int, str], dict[int, str]]:
        """A new game; returns it with the tokens of local seats and the invitation codes.

        Invitation seats in `anyone` get no code: whoever comes first (from the lobby, say)
        takes them. Every other invitation seat is the friend's, taken only with its code.
        """
        rules = registry.make(game, options)
        spec = rules.spec
        if len(seats) != spec.players:
            raise OptionError(f"{spec.title} needs {spec.players} seats, got {len(seats)}")
        for plan in seats:
            if plan.kind not in SEAT_KINDS:
                raise OptionError(f"a seat is {', '.join(SEAT_KINDS)}, not {plan.kind!r}")
            if plan.kind == COMPUTER and plan.level not in LEVELS:
                raise OptionError(f"computer levels are 1 to {LEVELS[-1]}, not {plan.level}")
        self.computer_games.check(seats, client, self.games)
        tokens = {s: secrets.token_urlsafe(32) for s, p in enumerate(seats) if p.kind == LOCAL}
        seed = self.sources.new_seed()
        # derived from the seed, so the creator can be shown the links again (invitations.py)
        codes = {
            s: invitations.invite_code(seed, s)
            for s, p in enumerate(seats)
            if p.kind == INVITE and s not in anyone
        }
        header = Header(
            id=self.sources.new_id(),
            game=spec.id,
            rules_version=spec.version,
            options=dict(rules.options),
            seats=tuple(SeatPlan(p.kind, p.level if p.kind == COMPUTER else 0) for p in seats),
            seed=seed,
            listed=listed,
            invites=tuple(hashed(codes[s]) if s in codes else "" for s in range(len(seats))),
            created=self.sources.clock(),
            clock=clock,
        )
        hashes = {seat: hashed(token) for seat, token in tokens.items()}
        live = LiveGame(Match.start(header, rules, frozenset()), hashes)
        live.away = {seat: header.created for seat in presence.people(live.match)}
        match, chance = rulings.settle(live.match)  # a drawn start position, say
        await self.writer.write([NewGame(header, hashes), *appends(live.match, match, chance)])
        live.match = match
        self.games[header.id] = live
        self.computer_games.add(client, header.id, seats)
        self.schedule(live)
        return live, tokens, codes

    async def join(self, game_id: str, seat: int, code: str) -> str:
        """Take an invitation seat; returns the new seat token."""
        live = await self.get(game_id)
        header = live.match.header
        if not 0 <= seat < len(header.seats) or header.seats[seat].kind != INVITE:
            raise rulings.Rejected("that seat is not open to join")
        # an invitation seat is the friend's, listed game or not: never taken without its code
        # (a seat made for anyone has none)
        expected = header.invites[seat] if seat < len(header.invites) else ""
        if expected and not secrets.compare_digest(hashed(code), expected):
            raise rulings.Rejected("that invitation link is not valid")
        async with live.lock:
            match = live.match
            if match.over:
                raise rulings.Rejected("the game is over")
            if seat in match.claimed:
                raise rulings.Rejected("someone has already taken that seat")
            token = secrets.token_urlsafe(32)
            now = self.sources.clock()
            entry = Join(seat, at=now)
            after = match.apply(entry)
            append = Append(game_id, after.version, "join", after.over, entries.dumps(entry))
            taken = await asyncio.to_thread(self.store.claim, game_id, seat, hashed(token), append)
            if not taken:
                raise rulings.Rejected("someone has already taken that seat")
            live.seats_by_hash[hashed(token)] = seat
            live.match = after
            live.away[seat] = now  # until the new player's page connects
            self.broadcast(live, match.version)
        self.schedule(live)
        return token

    # -- connections ---------------------------------------------------------------------------

    def sweep(self, now: float | None = None) -> int:
        """Let idle games go from memory (a later request reloads them); how many went.

        Abandoned games would otherwise stay loaded for the life of the server, and every
        live object lengthens the garbage collector's pauses. The grace period keeps a game
        that a request has just looked up from being dropped under that request's feet.
        """
        now = time.monotonic() if now is None else now
        idle = [game_id for game_id, live in self.games.items() if live.idle(now)]
        for game_id in idle:
            del self.games[game_id]
        return len(idle)

    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(IDLE_SECONDS / 4)
            self.sweep()

    def detach(self, conn: Connection, live: LiveGame) -> None:
        live.connections.discard(conn)
        live.touched = time.monotonic()
        self.present(live)
        match = live.match
        if match.over and not live.connections and not live.thinking:
            self.games.pop(match.header.id, None)  # finished and unwatched: reload on demand

    def present(self, live: LiveGame) -> None:
        """Note who is connected now, and tell everyone watching who has gone (presence.py)."""
        events.present(live, self.sources.clock(), self.claim_after)

    def listing(self, game_id: str) -> presence.Listing | None:
        """What the lobby needs to list a game in play (None: not loaded, so not in play)."""
        live = self.games.get(game_id)
        if live is None:
            return None
        match = live.match
        now = self.sources.clock()
        people = presence.people(match)
        here = any(now - live.away.get(seat, now) < presence.AWAY_GRACE for seat in people)
        return presence.Listing(presence.last_move(match), here, bool(people))

    def invitation_links(self, live: LiveGame, token: str) -> dict[str, str]:
        """The open invitation links, for the game's creator only."""
        header = live.match.header
        if not invitations.may_see(header, token, live.seat_of(token)):
            raise rulings.Rejected("only the game's creator may see its invitation links")
        return invitations.links(header, live.match.claimed)

    async def handle(self, conn: Connection, live: LiveGame, raw: str | bytes) -> None:
        await messages.handle(self, conn, live, raw)

    def refuse(self, conn: Connection, raw: str | bytes, reason: str) -> None:
        """Turn a message away unread, answering an intent by its id so nobody waits."""
        messages.refuse(conn, raw, reason)

    # -- storing and telling ---------------------------------------------------------------------

    async def commit(self, live: LiveGame, after: Match, made: list[Entry]) -> None:
        """Store `made` (which turned live.match into `after`), make it live and tell all."""
        since = live.match.version
        await self.save(live, after, made)
        self.broadcast(live, since)

    async def save(self, live: LiveGame, after: Match, made: list[Entry]) -> None:
        """Write `made` to disk; only then does `after` become the live match."""
        await self.writer.write(appends(live.match, after, made))
        live.match = after

    def broadcast(self, live: LiveGame, since: int) -> None:
        events.broadcast(live, since, self.sources.clock())

    def schedule(self, live: LiveGame) -> None:
        """Start what the game now waits for by itself: a computer's turn, a flag timer."""
        self.scheduler.schedule(live)
