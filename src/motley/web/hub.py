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
from motley.core.driver import RandomAgent
from motley.core.errors import MotleyError, OptionError, StateError
from motley.core.rules import SPECTATOR
from motley.web import decide as rulings
from motley.web import entries, frames, protocol
from motley.web.computer import Computers, Job
from motley.web.connection import Connection
from motley.web.entries import Entry, Join
from motley.web.header import COMPUTER, INVITE, LEVELS, LOCAL, SEAT_KINDS, Header, SeatPlan
from motley.web.header import secret_hash as hashed
from motley.web.match import Match
from motley.web.store import Append, NewGame, Store
from motley.web.writer import GroupWriter

log = logging.getLogger("motley.web")

MAX_CATCHUP = 200  # missed entries sent one by one; beyond this a fresh snapshot
MAX_REJECTIONS = 256  # remembered per game, so a retried request gets the same answer
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

    def idle(self, now: float) -> bool:
        """Nobody connected, nothing running, and not asked for in the last IDLE_SECONDS."""
        return (
            not self.connections
            and not self.thinking
            and not self.lock.locked()
            and now - self.touched > IDLE_SECONDS
        )

    def seat_of(self, token: str) -> int | None:
        return self.seats_by_hash.get(hashed(token))

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


class Hub:
    def __init__(
        self,
        store: Store,
        computers: Computers,
        computer_delay: float = 0.0,
        sources: Sources | None = None,
    ) -> None:
        self.store = store
        self.computers = computers
        self.computer_delay = computer_delay
        self.sources = sources or Sources()
        self.writer = GroupWriter(store)
        self.games: dict[str, LiveGame] = {}
        self._loading = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    # -- lifetime ---------------------------------------------------------------------------------

    async def resume(self) -> None:
        """Load every unfinished game, so computer players pick up where they were."""
        for game_id in await asyncio.to_thread(self.store.unfinished):
            try:
                live = await self.get(game_id)
            except MotleyError as error:
                log.warning("game %s cannot be resumed: %s", game_id, error)
                continue
            self._schedule(live)

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
            self.games[game_id] = live
            return live

    # -- creating and joining ------------------------------------------------------------------

    async def create(
        self, game: str, options: Mapping[str, Any], seats: list[SeatPlan], listed: bool
    ) -> tuple[LiveGame, dict[int, str], dict[int, str]]:
        """A new game; returns it with the tokens of local seats and the invitation codes."""
        rules = registry.make(game, options)
        spec = rules.spec
        if len(seats) != spec.players:
            raise OptionError(f"{spec.title} needs {spec.players} seats, got {len(seats)}")
        for plan in seats:
            if plan.kind not in SEAT_KINDS:
                raise OptionError(f"a seat is {', '.join(SEAT_KINDS)}, not {plan.kind!r}")
            if plan.kind == COMPUTER and plan.level not in LEVELS:
                raise OptionError(f"computer levels are 1 to {LEVELS[-1]}, not {plan.level}")
        tokens = {s: secrets.token_urlsafe(32) for s, p in enumerate(seats) if p.kind == LOCAL}
        codes = {s: secrets.token_urlsafe(12) for s, p in enumerate(seats) if p.kind == INVITE}
        header = Header(
            id=self.sources.new_id(),
            game=spec.id,
            rules_version=spec.version,
            options=dict(rules.options),
            seats=tuple(SeatPlan(p.kind, p.level if p.kind == COMPUTER else 0) for p in seats),
            seed=self.sources.new_seed(),
            listed=listed,
            invites=tuple(hashed(codes[s]) if s in codes else "" for s in range(len(seats))),
            created=self.sources.clock(),
        )
        hashes = {seat: hashed(token) for seat, token in tokens.items()}
        live = LiveGame(Match.start(header, rules, frozenset()), hashes)
        match, chance = rulings.settle(live.match)  # a drawn start position, say
        await self.writer.write(
            [NewGame(header, hashes), *self._appends(live.match, match, chance)]
        )
        live.match = match
        self.games[header.id] = live
        self._schedule(live)
        return live, tokens, codes

    async def join(self, game_id: str, seat: int, code: str) -> str:
        """Take an invitation seat; returns the new seat token."""
        live = await self.get(game_id)
        header = live.match.header
        if not 0 <= seat < len(header.seats) or header.seats[seat].kind != INVITE:
            raise rulings.Rejected("that seat is not open to join")
        if not header.listed and not secrets.compare_digest(hashed(code), header.invites[seat]):
            raise rulings.Rejected("that invitation link is not valid")
        async with live.lock:
            match = live.match
            if match.over:
                raise rulings.Rejected("the game is over")
            if seat in match.claimed:
                raise rulings.Rejected("someone has already taken that seat")
            token = secrets.token_urlsafe(32)
            entry = Join(seat)
            after = match.apply(entry)
            append = Append(game_id, after.version, "join", after.over, entries.dumps(entry))
            taken = await asyncio.to_thread(self.store.claim, game_id, seat, hashed(token), append)
            if not taken:
                raise rulings.Rejected("someone has already taken that seat")
            live.seats_by_hash[hashed(token)] = seat
            live.match = after
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
        match = live.match
        if match.over and not live.connections and not live.thinking:
            self.games.pop(match.header.id, None)  # finished and unwatched: reload on demand

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
        match = live.match
        missed = match.version - hello.seen
        if same_seat and 0 < hello.seen <= match.version and missed <= MAX_CATCHUP:
            conn.send_text(_safely(lambda: _event(match, seat, match.log[hello.seen :])))
            return
        conn.send_text(
            _safely(
                lambda: {
                    "type": "snapshot",
                    "version": match.version,
                    "seat": seat,
                    "info": frames.public_info(match),
                    "moves": frames.moves_for(match, seat),
                    "frame": frames.live_frame(match, seat),
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
                conn.send({"type": "ack", "id": intent.id, "version": match.acked[key]})
                return
            if key in live.rejections:
                conn.send({"type": "reject", "id": intent.id, "error": live.rejections[key]})
                return
            try:
                after, made = _plan(match, intent, seat)
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
        for conn in list(live.connections):
            seat = conn.seat
            if seat is None:
                continue
            text = texts.get(seat)
            if text is None:
                text = texts[seat] = _safely(
                    partial(_event, match, seat, match.log[since:], shared)
                )
            conn.send_text(text)

    # -- computer players ------------------------------------------------------------------------

    def _schedule(self, live: LiveGame) -> None:
        match = live.match
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
            )
            try:
                text = await self.computers.choose(job)
            except Exception:
                log.exception("computer player failed in game %s; playing at random", header.id)
                text = ""
            async with live.lock:
                match = live.match
                if match.moved_at != seen.moved_at or seat not in match.waiting():
                    return  # the game moved on (an undo, a resignation) while it thought
                request = rulings.Request(seat, rulings.ACT, text)
                try:
                    after, made = _plan_request(match, request)
                except rulings.Rejected:
                    request = rulings.Request(seat, rulings.ACT, _random_text(match, seat))
                    after, made = _plan_request(match, request)
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
            await asyncio.sleep(1.0)
        self._schedule(live)


def _safely(build: Callable[[], dict[str, Any]]) -> str:
    """A message as JSON, or a one-line error if drawing the game failed (a game's fault)."""
    try:
        return protocol.dumps(build())
    except Exception:
        log.exception("could not draw a game for a client")
        return protocol.dumps({"type": "error", "error": "the server could not draw this game"})


def _plan(match: Match, intent: protocol.Intent, seat: int) -> tuple[Match, list[Entry]]:
    if intent.seen > match.version:
        raise rulings.Rejected(f"this game has not reached version {intent.seen}")
    if intent.do in (rulings.ACT, rulings.UNDO) and intent.seen < match.moved_at:
        raise rulings.Rejected("the game has moved on since you looked; look again")
    return _plan_request(match, rulings.Request(seat, intent.do, intent.action, intent.id))


def _plan_request(match: Match, request: rulings.Request) -> tuple[Match, list[Entry]]:
    made = rulings.decide(match, request)
    after = match
    try:
        for entry in made:
            after = after.apply(entry)
        after, chance = rulings.settle(after)
    except StateError as error:
        raise rulings.Rejected(str(error)) from None
    return after, made + chance


def _random_text(match: Match, seat: int) -> str:
    rules, state = match.rules, match.state
    actions = rules.legal_actions(state, seat)
    rng = rulings.chance_rng(match.header.seed + "/fallback", match.version)
    return rules.action_text(state, RandomAgent().choose(rules, None, seat, actions, rng))


def _event(
    match: Match, viewer: int, logged: tuple[Any, ...], shared: dict[Any, Any] | None = None
) -> dict[str, Any]:
    return {
        "type": "event",
        "version": match.version,
        "entries": [item.desc(viewer) for item in logged],
        "frame": frames.live_frame(match, viewer, shared),
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
