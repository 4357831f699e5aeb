"""The live games: requests in, entries stored, events out, computers playing their turns.

The server is authoritative. A request is checked against the game, turned into entries
(plus the chance outcomes that follow, drawn from the game's seeded RNG), written to the
store, and only then acknowledged and pushed, as versioned per-seat events, to everyone
connected. One lock per game keeps its requests in order; different games run side by side
and share disk flushes (see `writer`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from motley.core import registry
from motley.core.errors import MotleyError, OptionError, StateError
from motley.core.rules import SPECTATOR
from motley.web import decide as rulings
from motley.web import entries, frames, invitations, presence, protocol
from motley.web.clock import TimeControl, think_budget
from motley.web.computer import ComputerError, Computers, Job
from motley.web.connection import Connection
from motley.web.entries import SERVER, Entry, Flag, Join, Step
from motley.web.header import COMPUTER, INVITE, LEVELS, LOCAL, SEAT_KINDS, Header, SeatPlan
from motley.web.header import secret_hash as hashed
from motley.web.match import Match
from motley.web.store import Append, NewGame, Store
from motley.web.writer import GroupWriter

log = logging.getLogger("motley.web")

MAX_CATCHUP = 200  # missed entries sent one by one; beyond this a fresh snapshot
MAX_REJECTIONS = 256  # remembered per game, so a retried request gets the same answer
RETRY_SECONDS = 5.0  # a computer that could not choose, or a move that could not be stored
FLAG_MARGIN = 0.02  # seconds past a clock's zero before the server looks (never early)
IDLE_SECONDS = 600.0  # an unwatched game untouched this long leaves memory (the store keeps it)
ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


class NotFound(MotleyError):
    """No game with that id."""


class LiveGame:
    """A game in memory: the match, its lock, its connections and its seat tokens."""

    def __init__(self, match: Match, tokens: Mapping[int, str]) -> None:
        self.match = match
        self.lock = asyncio.Lock()
        self.seats_by_hash = {digest: seat for seat, digest in tokens.items()}
        self.connections: set[Connection] = set()
        self.rejections: OrderedDict[tuple[int, str], str] = OrderedDict()
        self.thinking: set[int] = set()
        self.touched = time.monotonic()
        # people's seats with no connection, and since when (server time); see presence.py
        self.away: dict[int, float] = {}
        self.flag_timer: asyncio.Task[None] | None = None

    def idle(self, now: float) -> bool:
        """Nobody connected, nothing running, and not asked for in the last IDLE_SECONDS."""
        return (
            not self.connections
            and not self.thinking
            and not self.lock.locked()
            and now - self.touched > IDLE_SECONDS
        )

    def seat_of(self, token: str) -> int | None:
        try:
            return self.seats_by_hash.get(hashed(token))
        except UnicodeEncodeError:  # a lone surrogate: no token of ours
            return None

    def remember(self, key: tuple[int, str], reason: str) -> None:
        self.rejections[key] = reason
        while len(self.rejections) > MAX_REJECTIONS:
            self.rejections.popitem(last=False)


def _new_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(10))


@dataclass(frozen=True)
class Sources:
    """Where new ids, seeds and times come from (tests make them repeatable)."""

    new_id: Callable[[], str] = _new_id
    new_seed: Callable[[], str] = lambda: secrets.token_hex(16)
    clock: Callable[[], float] = time.time


class TooMany(MotleyError):
    """A client asked for more than its share (computer games, new games, connections)."""


@dataclass(frozen=True)
class Limits:
    """What one client may ask of the computer players, and what is replayed at start."""

    allow_computer_games: bool = False  # games with no seat for a person
    computer_games_per_client: int = 4  # unfinished games with a computer, in memory
    resume_seconds: float = 2 * 86_400.0  # games older than this wait to be opened


class Hub:
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
        self._computer_games: dict[str, set[str]] = {}  # client -> ids of its computer games
        self.writer = GroupWriter(store)
        self.games: dict[str, LiveGame] = {}
        self._loading = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

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
            self._schedule(live)

    def _computers_play(self, header: Header) -> bool:
        """Whether this server's computers take turns in the game."""
        kinds = {plan.kind for plan in header.seats}
        if COMPUTER not in kinds:
            return False
        return kinds != {COMPUTER} or self.limits.allow_computer_games

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
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
            match = _rebuild(loaded.header, loaded.entries)
            live = LiveGame(match, loaded.tokens)
            now = self.sources.clock()
            live.away = {seat: now for seat in presence.people(match)}
            self.games[game_id] = live
        self._schedule(live)  # a game opened again: its computer picks up where it was
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
        self._check_computers(seats, client)
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
        await self.writer.write(
            [NewGame(header, hashes), *self._appends(live.match, match, chance)]
        )
        live.match = match
        self.games[header.id] = live
        if any(plan.kind == COMPUTER for plan in seats):
            self._computer_games.setdefault(client, set()).add(header.id)
        self._schedule(live)
        return live, tokens, codes

    def _check_computers(self, seats: list[SeatPlan], client: str) -> None:
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
        if self._running_computer_games(client) >= limit:
            raise TooMany(
                f"you already have {limit} games against the computer going; "
                "finish or leave one first"
            )

    def _running_computer_games(self, client: str) -> int:
        ids = self._computer_games.get(client, set())
        unfinished = {g for g in ids if (live := self.games.get(g)) and not live.match.over}
        if unfinished:
            self._computer_games[client] = unfinished
        else:
            self._computer_games.pop(client, None)
        # a game left with nobody at it costs no computer time (its computer moves only after
        # a person does), so only games someone is at, or a computer is thinking in, count
        return sum(1 for g in unfinished if self.games[g].connections or self.games[g].thinking)

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
            entry = Join(seat, now)
            after = match.apply(entry)
            append = Append(game_id, after.version, "join", after.over, entries.dumps(entry))
            taken = await asyncio.to_thread(self.store.claim, game_id, seat, hashed(token), append)
            if not taken:
                raise rulings.Rejected("someone has already taken that seat")
            live.seats_by_hash[hashed(token)] = seat
            live.match = after
            live.away[seat] = now  # until the new player's page connects
            self._broadcast(live, match.version)
        self._schedule(live)
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
        self._present(live)
        match = live.match
        if match.over and not live.connections and not live.thinking:
            self.games.pop(match.header.id, None)  # finished and unwatched: reload on demand

    def _present(self, live: LiveGame) -> None:
        """Note who is connected now, and tell everyone watching who has gone (presence.py)."""
        match = live.match
        here = {conn.seat for conn in live.connections}
        now = self.sources.clock()
        people = presence.people(match)
        away = {seat: live.away.get(seat, now) for seat in people if seat not in here}
        if away == live.away:
            return
        live.away = away
        if presence.online(match) and not match.over:
            text = protocol.dumps(presence.message(match, away, now, self.claim_after))
            for conn in list(live.connections):
                conn.send_text(text)

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
        try:
            message = protocol.parse(raw)
        except protocol.ProtocolError as error:
            reply: dict[str, Any] = {"type": "error", "error": str(error)}
            if error.intent:
                reply = {"type": "reject", "id": error.intent, "error": str(error)}
            conn.send(reply)
            return
        if isinstance(message, protocol.Ping):
            conn.send({"type": "pong"})
        elif isinstance(message, protocol.Hello):
            self._hello(conn, live, message)
        elif isinstance(message, protocol.FrameRequest):
            self._frame(conn, live, message.ply)
        else:
            await self._intent(conn, live, message)

    def refuse(self, conn: Connection, raw: str | bytes, reason: str) -> None:
        """Turn a message away unread, answering an intent by its id so nobody waits."""
        try:
            message = protocol.parse(raw)
        except protocol.ProtocolError as error:
            message = None
            if error.intent:
                conn.send({"type": "reject", "id": error.intent, "error": reason})
                return
        if isinstance(message, protocol.Intent):
            conn.send({"type": "reject", "id": message.id, "error": reason})
        else:
            conn.send({"type": "error", "error": reason})

    def _hello(self, conn: Connection, live: LiveGame, hello: protocol.Hello) -> None:
        seat = SPECTATOR
        if hello.token is not None:
            found = live.seat_of(hello.token)
            if found is None:
                conn.send({"type": "error", "error": "that seat token is not valid for this game"})
                return
            seat = found
        same_seat = conn.seat == seat or conn.seat is None
        conn.seat = seat
        live.connections.add(conn)
        self._present(live)
        match = live.match
        missed = match.version - hello.seen
        if same_seat and 0 < hello.seen <= match.version and missed <= MAX_CATCHUP:
            now = self.sources.clock()
            conn.send_text(_safely(lambda: _event(match, seat, match.log[hello.seen :], None, now)))
            return
        conn.send_text(
            _safely(
                lambda: {
                    "type": "snapshot",
                    "version": match.version,
                    "seat": seat,
                    "info": frames.public_info(match),
                    "moves": frames.moves_for(match, seat),
                    "frame": frames.live_frame(match, seat, now=self.sources.clock()),
                }
            )
        )

    def _frame(self, conn: Connection, live: LiveGame, ply: int) -> None:
        match = live.match
        if conn.seat is None:
            conn.send({"type": "error", "error": "say hello first"})
        elif ply > len(match.steps):
            conn.send({"type": "error", "error": f"the game has only {len(match.steps)} steps"})
        else:
            seat = conn.seat
            message = _safely(
                lambda: {
                    "type": "frame",
                    "ply": ply,
                    "frame": frames.history_frame(match, seat, ply),
                }
            )
            conn.send_text(message)

    async def _intent(self, conn: Connection, live: LiveGame, intent: protocol.Intent) -> None:
        seat = live.seat_of(intent.token)
        if seat is None:
            conn.send({"type": "reject", "id": intent.id, "error": "that seat token is not valid"})
            return
        key = (seat, intent.id)
        async with live.lock:
            match = live.match
            if key in match.acked:
                conn.send({"type": "ack", "id": intent.id, "version": _acked(match, key)})
                return
            if key in live.rejections:
                conn.send({"type": "reject", "id": intent.id, "error": live.rejections[key]})
                return
            now = self.sources.clock()
            if await self._flag(live, now):  # the time ran out before this request came
                error = live.match.result_text()
                conn.send({"type": "reject", "id": intent.id, "error": error})
                return
            absent = presence.absent(live.away, now, self.claim_after)
            if not presence.online(match):
                absent = ()  # players at one device cannot walk out on each other
            try:
                after, made = _plan(match, intent, seat, now, absent)
            except rulings.Rejected as rejected:
                live.remember(key, str(rejected))
                conn.send({"type": "reject", "id": intent.id, "error": str(rejected)})
                return
            except Exception:  # a fault in a game's rules: refuse, keep the game as it was
                log.exception("game %s failed on %r", match.header.id, intent.action)
                error = "the game's rules failed on that request; nothing changed"
                conn.send({"type": "reject", "id": intent.id, "error": error})
                return
            try:
                await self._store(live, after, made)
            except Exception:
                log.exception("could not store game %s", match.header.id)
                error = "the server could not save that; nothing changed, please try again"
                conn.send({"type": "reject", "id": intent.id, "error": error, "retry": True})
                return
            conn.send({"type": "ack", "id": intent.id, "version": after.version})
            self._broadcast(live, match.version)
        self._schedule(live)

    async def _flag(self, live: LiveGame, now: float) -> bool:
        """Log a loss on time if a person's clock has run out by `now` (with the lock held).

        A computer's clock is never flagged: its moves are stamped within its budget (see
        `_think`), so it cannot run out through the server's own delays."""
        match = live.match
        if match.clocks is None or match.over:
            return False
        people = [s for s in match.clocks.flagged(now) if match.header.seats[s].kind != COMPUTER]
        if not people:
            return False
        entry = Flag(people[0], now)
        try:
            await self._commit(live, match.apply(entry), [entry])
        except Exception:
            log.exception("could not store a loss on time in game %s", match.header.id)
            return False
        return True

    def _arm(self, live: LiveGame) -> None:
        """Wake up when the first running clock of a person reaches zero, to flag it."""
        if live.flag_timer is not None:
            live.flag_timer.cancel()  # still asleep: it clears itself before it acts
            live.flag_timer = None
        match = live.match
        if match.clocks is None or match.over:
            return
        running = [s for s in match.clocks.running if match.header.seats[s].kind != COMPUTER]
        if not running:
            return
        due = match.clocks.since + min(match.clocks.left[s] for s in running)
        task = asyncio.create_task(self._flag_at(live, due))
        live.flag_timer = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _flag_at(self, live: LiveGame, due: float) -> None:
        await asyncio.sleep(max(0.0, due - self.sources.clock()) + FLAG_MARGIN)
        live.flag_timer = None  # from here on nothing cancels this task mid-write
        async with live.lock:
            flagged = await self._flag(live, self.sources.clock())
        if not flagged:
            self._schedule(live)  # the clocks moved on meanwhile: wait for the new due time

    async def _commit(self, live: LiveGame, after: Match, made: list[Entry]) -> None:
        """Store `made` (which turned live.match into `after`), make it live and tell all."""
        since = live.match.version
        await self._store(live, after, made)
        self._broadcast(live, since)

    async def _store(self, live: LiveGame, after: Match, made: list[Entry]) -> None:
        """Write `made` to disk; only then does `after` become the live match."""
        await self.writer.write(self._appends(live.match, after, made))
        live.match = after

    @staticmethod
    def _appends(before: Match, after: Match, made: list[Entry]) -> list[Append]:
        first = before.version + 1
        return [
            Append(
                after.header.id,
                first + i,
                entries.kind_of(entry),
                after.over and first + i == after.version,
                entries.dumps(entry),
            )
            for i, entry in enumerate(made)
        ]

    def _broadcast(self, live: LiveGame, since: int) -> None:
        match = live.match
        texts: dict[int, str] = {}
        shared: dict[Any, frames.Frame] = {}
        now = self.sources.clock()
        for conn in list(live.connections):
            seat = conn.seat
            if seat is None:
                continue
            text = texts.get(seat)
            if text is None:
                text = texts[seat] = _safely(
                    partial(_event, match, seat, match.log[since:], shared, now)
                )
            conn.send_text(text)

    # -- computer players ------------------------------------------------------------------------

    def _schedule(self, live: LiveGame) -> None:
        self._arm(live)
        match = live.match
        if not self._computers_play(match.header):
            return
        for seat in match.waiting():
            if match.header.seats[seat].kind == COMPUTER and seat not in live.thinking:
                live.thinking.add(seat)
                task = asyncio.create_task(self._think(live, seat, match))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _think(self, live: LiveGame, seat: int, seen: Match) -> None:
        retry = False
        try:
            if self.computer_delay:
                await asyncio.sleep(self.computer_delay)
            header = seen.header
            job = Job(
                seen.rules,
                seen.state,
                seat,
                header.computer_level(seat),
                f"{header.seed}/seat/{seat}/{seen.version}",
                header.id,
            )
            try:
                text = await self.computers.choose(job)
            except ComputerError as error:
                # never a random move in its place: the game waits and the computer tries again
                log.error("%s; it will try again", error)
                retry = True
                return
            async with live.lock:
                match = live.match
                if match.moved_at != seen.moved_at or seat not in match.waiting():
                    return  # the game moved on (an undo, a resignation) while it thought
                request = rulings.Request(seat, rulings.ACT, text)
                at = _computer_time(match, seat, self.sources.clock())
                try:
                    after, made = _plan_request(match, request, at)
                except rulings.Rejected as rejected:
                    log.error("game %s refused its computer's %r: %s", header.id, text, rejected)
                    return
                try:
                    await self._commit(live, after, made)
                except Exception:
                    log.exception("could not store game %s; the computer will retry", header.id)
                    retry = True
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer turn failed in game %s", seen.header.id)
        finally:
            live.thinking.discard(seat)
        if retry:
            await asyncio.sleep(RETRY_SECONDS)
        self._schedule(live)


def _safely(build: Callable[[], dict[str, Any]]) -> str:
    """A message as JSON, or a one-line error if drawing the game failed (a game's fault)."""
    try:
        return protocol.dumps(build())
    except Exception:
        log.exception("could not draw a game for a client")
        return protocol.dumps({"type": "error", "error": "the server could not draw this game"})


def _plan(
    match: Match, intent: protocol.Intent, seat: int, now: float, absent: tuple[int, ...]
) -> tuple[Match, list[Entry]]:
    if intent.seen > match.version:
        raise rulings.Rejected(f"this game has not reached version {intent.seen}")
    if intent.do in (rulings.ACT, rulings.UNDO) and intent.seen < match.moved_at:
        raise rulings.Rejected("the game has moved on since you looked; look again")
    request = rulings.Request(seat, intent.do, intent.action, intent.id, absent)
    return _plan_request(match, request, now)


def _computer_time(match: Match, seat: int, now: float) -> float:
    """When a computer's move counts as made: never later than its budget allows, so the
    server's own delays cannot make it lose on time (the others lose nothing by it)."""
    clocks = match.clocks
    if clocks is None or seat not in clocks.running:
        return now
    budget = think_budget(clocks.left[seat], clocks.control.increment)
    return min(now, clocks.since + budget)


def _plan_request(
    match: Match, request: rulings.Request, at: float = 0.0
) -> tuple[Match, list[Entry]]:
    made = rulings.decide(match, request)
    if at:
        made = [entries.stamped(entry, at) for entry in made]  # clocks replay from these
    after = match
    try:
        for entry in made:
            after = after.apply(entry)
        after, chance = rulings.settle(after)
    except StateError as error:
        raise rulings.Rejected(str(error)) from None
    return after, made + chance


def _acked(match: Match, key: tuple[int, str]) -> int:
    """The version a request was acknowledged with, for a retry: its own entry and the dice
    or cards drawn right after it (the same request made them), whatever followed since."""
    version = match.acked[key]
    log = match.log
    while version < len(log) and log[version].version == version + 1:
        entry = log[version].entry
        if not (isinstance(entry, Step) and entry.seat == SERVER):
            break
        version += 1
    return version


def _event(
    match: Match,
    viewer: int,
    logged: tuple[Any, ...],
    shared: dict[Any, Any] | None = None,
    now: float | None = None,
) -> dict[str, Any]:
    return {
        "type": "event",
        "version": match.version,
        "entries": [item.desc(viewer) for item in logged],
        "frame": frames.live_frame(match, viewer, shared, now),
    }


def _rebuild(header: Header, bodies: tuple[str, ...]) -> Match:
    """Replay a stored log; a log that no longer fits the rules fails with a clear error."""
    try:
        rules = registry.make(header.game, header.options)
    except MotleyError as error:
        raise StateError(f"game {header.id} cannot be opened here: {error}") from None
    if rules.spec.version != header.rules_version:
        raise StateError(
            f"game {header.id} was played under version {header.rules_version} of "
            f"{rules.spec.title}; this server has version {rules.spec.version}"
        )
    match = Match.start(header, rules, frozenset())
    for number, body in enumerate(bodies, 1):
        try:
            match = match.apply(entries.loads(body))
        except MotleyError as error:
            raise StateError(f"game {header.id}, entry {number}: {error}") from None
    return match
