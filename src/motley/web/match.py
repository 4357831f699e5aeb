"""A game at the server: its header, the entries so far, and everything they imply.

`Match` is an immutable value. `apply(entry)` returns the match after one more entry, and
checks that the entry fits (right node, right seat, legal action, chance draws in order), so
the same code accepts a live move and replays a stored log; a damaged log fails with a clear
StateError instead of silently becoming a different game.

Each step also stores how it is described to every viewer (see `describe`), fixed when it
happens, so a client catching up later is told exactly what it would have been told live.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any

from motley.core.errors import MotleyError, StateError
from motley.core.record import GameRecord
from motley.core.results import describe_returns, resign_returns
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.spec import GameSpec, Utility
from motley.core.table import Table
from motley.web import presenting
from motley.web.clock import Clocks
from motley.web.entries import (
    Abort,
    Answer,
    Claim,
    Commit,
    Entry,
    Flag,
    Join,
    Offer,
    Resign,
    Step,
    Undo,
    intent_of,
)
from motley.web.header import COMPUTER, INVITE, LOCAL, Header

Desc = dict[str, Any]  # an entry as one viewer is told about it (JSON-ready)


@dataclass(frozen=True)
class Ending:
    """How a game ended other than by its rules: a resignation or an agreed draw."""

    returns: tuple[float, ...] | None  # None: abandoned, no result
    reason: str


@dataclass(frozen=True)
class Logged:
    """One entry as it stands in the log, with its description for each viewer."""

    version: int
    entry: Entry
    descs: tuple[Desc, ...]  # index viewer + 1 (spectator first)

    def desc(self, viewer: int) -> Desc:
        return self.descs[viewer + 1]


@dataclass(frozen=True)
class Match:
    header: Header
    rules: Rules[Any, Any]
    table: Table
    version: int = 0
    log: tuple[Logged, ...] = ()
    steps: tuple[Logged, ...] = ()  # the steps standing (undo removes some)
    states: tuple[Any, ...] = ()  # the state before each step, then the current one
    draws: int = 0  # chance outcomes drawn so far (undone ones included)
    claimed: frozenset[int] = frozenset()
    offers: frozenset[int] = frozenset()
    ending: Ending | None = None
    moved_at: int = 0  # version of the last entry that changed the position
    acked: Mapping[tuple[int, str], int] = field(default_factory=lambda: MappingProxyType({}))
    clocks: Clocks | None = None  # None: a game without a time control

    @staticmethod
    def start(header: Header, rules: Rules[Any, Any], claimed: frozenset[int]) -> Match:
        state = rules.initial_state()
        match = Match(header, rules, Table(rules, state), states=(state,), claimed=claimed)
        if header.clock is None:
            return match
        clocks = Clocks.start(header.clock, rules.spec.players, header.created)
        return replace(match, clocks=clocks).ticked(header.created)

    # -- what the match is now ----------------------------------------------------------------

    @property
    def spec(self) -> GameSpec:
        return self.rules.spec

    @property
    def state(self) -> Any:
        return self.table.state

    # Worked out once per match value: games may keep only a one-position memo, and a frame
    # asks these questions many times while looking at other positions in between.
    @cached_property
    def kind(self) -> NodeKind:
        return self.table.kind

    @cached_property
    def over(self) -> bool:
        return self.ending is not None or self.kind is NodeKind.TERMINAL

    @cached_property
    def _waiting(self) -> tuple[int, ...]:
        if self.over or self.kind is NodeKind.CHANCE:
            return ()
        return self.table.waiting_for()

    def waiting(self) -> tuple[int, ...]:
        """Seats whose choice is needed now (none once the game is over)."""
        return self._waiting

    @cached_property
    def _texts(self) -> dict[int, list[str]]:
        return {}  # a memo: the value never changes, so neither do its actions

    def action_texts(self, seat: int) -> list[str]:
        """The notation of every action open to `seat` now (asked by frames and requests)."""
        texts = self._texts.get(seat)
        if texts is None:
            state, rules = self.state, self.rules
            texts = [rules.action_text(state, a) for a in rules.legal_actions(state, seat)]
            self._texts[seat] = texts
        return texts

    @cached_property
    def take_backs(self) -> dict[int, bool]:
        """A memo for `decide.can_take_back`, per seat: the value never changes, nor does it."""
        return {}

    def returns(self) -> tuple[float, ...] | None:
        if self.ending is not None:
            return self.ending.returns
        if self.kind is NodeKind.TERMINAL:
            return tuple(self.rules.returns(self.state))
        return None

    def result_text(self) -> str:
        if not self.over:
            return ""
        returns = self.returns()
        if self.ending is not None:
            reason = self.ending.reason
        else:
            reason = self.rules.end_reason(self.state)
        if returns is None:
            return reason
        verdict = describe_returns(self.spec, returns, draw="Draw")
        return f"{verdict} ({reason})" if reason else verdict

    def viewers(self) -> range:
        return range(SPECTATOR, self.spec.players)

    def seated(self) -> bool:
        """Every seat has its player (no invitation waits): only then do clocks run."""
        return all(
            plan.kind != INVITE or seat in self.claimed
            for seat, plan in enumerate(self.header.seats)
        )

    def moves_made(self) -> int:
        """Standing steps that were players' choices (chance steps left out)."""
        return sum(1 for s in self.steps if s.entry.seat >= 0)

    def ticked(self, at: float) -> Match:
        """The match with its clocks brought to `at` (see `clock.Clocks.tick`)."""
        clocks = self.clocks
        if clocks is None:
            return self
        if self.over:
            clocks = clocks.stop(at)
        elif self.kind is NodeKind.CHANCE:
            clocks = clocks.tick(at, None)
        else:
            clocks = clocks.tick(at, self.waiting() if self.seated() else ())
        return replace(self, clocks=clocks)

    def human(self, seat: int) -> bool:
        return self.header.seats[seat].kind in (LOCAL, INVITE)

    def draws_allowed(self) -> bool:
        """Draw offers need two sides and a person in every seat to agree."""
        return self.spec.utility in (Utility.ZERO_SUM, Utility.TEAMS) and all(
            plan.kind != COMPUTER for plan in self.header.seats
        )

    def record(self) -> GameRecord:
        """The game as a replayable record; the seed only once the game is over."""
        returns = self.returns()
        return GameRecord(
            game=self.header.game,
            version=self.header.rules_version,
            options=dict(self.header.options),
            seed_hash=self.header.seed_hash,
            events=tuple(s.entry.event for s in self.steps if isinstance(s.entry, Step)),
            seed=self.header.seed if self.over else None,
            result=returns if self.over else None,
            players=tuple(seat_label(self.header, s) for s in range(self.spec.players)),
        )

    # -- one more entry -----------------------------------------------------------------------

    def apply(self, entry: Entry) -> Match:
        """The match after `entry`; raises StateError if the entry does not fit."""
        if self.over and not isinstance(entry, Join):
            raise StateError("the game is over")
        try:
            after = self._apply(entry)
        except MotleyError as error:
            if isinstance(error, StateError):
                raise
            raise StateError(str(error)) from None
        version = self.version + 1
        logged = Logged(version, entry, describe(self, entry))
        acked = self.acked
        intent = intent_of(entry)
        if intent:
            acked = MappingProxyType({**acked, (entry.seat, intent): version})
        after = replace(after, version=version, log=(*self.log, logged), acked=acked)
        if isinstance(entry, Step):
            after = replace(after, steps=(*self.steps, logged), moved_at=version)
        elif isinstance(entry, Undo):
            after = replace(after, moved_at=version)
        if after.clocks is not None:
            # an entry without a time (a chance draw, made at once) takes no time
            after = after.ticked(entry.at or after.clocks.since)
        return after

    def _apply(self, entry: Entry) -> Match:
        seats = self.header.seats
        if not isinstance(entry, Step) and not 0 <= entry.seat < len(seats):
            raise StateError(f"no seat {entry.seat} in this game")
        if isinstance(entry, Step):
            return self._step(entry)
        if isinstance(entry, Commit):
            table = self.table.play(self.table.parse(entry.action, entry.seat), entry.seat)
            if table.state is not self.state:
                raise StateError("the last commitment must be logged as a joint step")
            return replace(self, table=table)
        if isinstance(entry, Undo):
            if not 0 <= entry.to <= len(self.steps):
                raise StateError(f"cannot undo to step {entry.to}")
            state = self.states[entry.to]
            return replace(
                self,
                table=Table(self.rules, state),
                steps=self.steps[: entry.to],
                states=self.states[: entry.to + 1],
                offers=frozenset(),
            )
        if isinstance(entry, Resign):
            name = self.spec.seat_name(entry.seat)
            returns = resign_returns(self.spec, entry.seat)
            reason = f"{name} resigned" if returns is not None else f"{name} abandoned the game"
            return replace(self, ending=Ending(returns, reason))
        if isinstance(entry, Flag):
            return replace(self, ending=self._flag(entry))
        if isinstance(entry, Claim):
            return replace(self, ending=self._claim(entry))
        if isinstance(entry, Abort):
            if self.moves_made() >= 2:
                raise StateError("a game can be aborted only before the first two moves")
            name = self.spec.seat_name(entry.seat)
            return replace(self, ending=Ending(None, f"game aborted by {name}"))
        if isinstance(entry, Offer):
            return replace(self, offers=self.offers | {entry.seat})
        if isinstance(entry, Answer):
            if not self.offers or entry.seat in self.offers:
                raise StateError("there is no draw offer to answer")
            if not entry.accept:
                return replace(self, offers=frozenset())
            offers = self.offers | {entry.seat}
            if len(offers) == len(seats):
                draw = (0.0,) * len(seats)
                return replace(self, offers=offers, ending=Ending(draw, "draw agreed"))
            return replace(self, offers=offers)
        if isinstance(entry, Join):
            if seats[entry.seat].kind != INVITE or entry.seat in self.claimed:
                raise StateError(f"seat {entry.seat} is not open")
            return replace(self, claimed=self.claimed | {entry.seat})
        raise StateError(f"unknown entry {entry!r}")

    def _flag(self, entry: Flag) -> Ending:
        """Loss on time: the seat's side loses, as if it had resigned (the team, in teams)."""
        name = self.spec.seat_name(entry.seat)
        if self.clocks is None or entry.seat not in self.clocks.flagged(entry.at):
            raise StateError(f"{name} still has time on the clock")
        returns = resign_returns(self.spec, entry.seat)
        reason = f"{name} lost on time" if returns is not None else f"{name} ran out of time"
        return Ending(returns, reason)

    def _claim(self, entry: Claim) -> Ending:
        spec = self.spec
        if not 0 <= entry.gone < spec.players:
            raise StateError(f"no seat {entry.gone} in this game")
        returns = resign_returns(spec, entry.gone)
        if returns is None or spec.team_of(entry.gone) == spec.team_of(entry.seat):
            raise StateError("only a win over an opponent who left can be claimed")
        gone, name = spec.seat_name(entry.gone), spec.seat_name(entry.seat)
        return Ending(returns, f"{gone} left the game; {name} claimed the win")

    def _step(self, entry: Step) -> Match:
        event = entry.event
        kind = self.kind
        if event.kind is not kind:
            raise StateError(f"a {event.kind.value} step at a {kind.value} node")
        table = self.table
        offers = self.offers
        if kind is NodeKind.CHANCE:
            if entry.draw != self.draws:
                raise StateError(f"chance draw {entry.draw} out of order (expected {self.draws})")
            table = table.play(table.parse(event.actions[0][1]))
        elif kind is NodeKind.DECISION:
            seat, text = event.actions[0]
            table = table.play(table.parse(text, seat), seat)
            if seat not in offers:
                offers = frozenset()  # moving instead of answering declines a draw offer
        else:
            given = dict(event.actions)
            for key, text in table.pending_json(None).items():
                if given.pop(int(key), None) != text:
                    raise StateError("a joint step disagrees with the commitments made")
            for seat, text in sorted(given.items()):
                table = table.play(table.parse(text, seat), seat)
            if table.state is self.state:
                raise StateError("a joint step left seats still to choose")
        draws = self.draws + (1 if kind is NodeKind.CHANCE else 0)
        return replace(
            self, table=table, states=(*self.states, table.state), draws=draws, offers=offers
        )


# -- describing entries to each viewer ------------------------------------------------------------


def describe(before: Match, entry: Entry) -> tuple[Desc, ...]:
    """How `entry` (applied to `before`) is told to each viewer, spectator first."""
    base: Desc = {"t": type(entry).__name__.lower(), "seat": entry.seat}
    if isinstance(entry, Undo):
        return _same(before, {**base, "to": entry.to})
    if isinstance(entry, Answer):
        return _same(before, {**base, "accept": entry.accept})
    if isinstance(entry, Claim):
        return _same(before, {**base, "gone": entry.gone})
    if isinstance(entry, Commit):
        return tuple(
            {**base, "text": entry.action if viewer == entry.seat else None}
            for viewer in before.viewers()
        )
    if not isinstance(entry, Step):
        return _same(before, base)
    state = before.state
    rules = before.rules
    event = entry.event
    descs = []
    shared: Desc | None = None
    # what each viewer is told: worked out once where every viewer is told the same
    public: dict[tuple[int, str], tuple[str | None, str | None, tuple[int, ...], tuple[int, ...]]]
    public = {}
    secret = presenting.hidden(rules)
    for viewer in before.viewers():
        # Tuples, not lists: a description holding only tuples, strings and numbers is left
        # out of the garbage collector's scans, which matters for a server holding many games.
        moves: list[tuple[int, str | None, str | None, tuple[int, ...]]] = []
        dice: tuple[int, ...] = ()
        for seat, text in event.actions:
            told = None if secret else public.get((seat, text))
            if told is None:
                shown, label, touched, faces = presenting.told(rules, state, seat, text, viewer)
                told = (shown, label, tuple(touched), faces)
                if not secret:
                    public[seat, text] = told
            moves.append((seat, told[1], told[0], told[2]))
            dice += told[3]
        desc = {
            **base,
            "ply": len(before.steps) + 1,
            "kind": event.kind.value,
            "moves": tuple(moves),
        }
        if dice:
            desc["dice"] = dice
        if shared == desc:
            desc = shared  # share one dict when viewers see the same thing
        shared = desc
        descs.append(desc)
    return tuple(descs)


def _same(before: Match, desc: Desc) -> tuple[Desc, ...]:
    return tuple(desc for _ in before.viewers())


# -- seats in words --------------------------------------------------------------------------------


def seat_label(header: Header, seat: int) -> str:
    plan = header.seats[seat]
    if plan.kind == COMPUTER:
        return f"Computer (level {plan.level})"
    if plan.kind == INVITE:
        return "Guest"
    return "Player"
