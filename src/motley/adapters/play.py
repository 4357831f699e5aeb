"""A game in progress as the adapters keep it: the state, how it got there, and what each
seat was told on the way.

The adapters are mutable (OpenSpiel states and PettingZoo environments change in place), so
they keep a `Play`: the current Motley state, the events as a Motley record, and per seat the
descriptions of past events (`Rules.event_text_for`, which tells a seat exactly what it
learns). A seat's information state is its own descriptions plus its current view, so it is
built from that seat's view only. Copies share the immutable states; pickling goes through the
game record, so a saved game is replayed (and checked) by Motley's own record code.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from motley.core import registry
from motley.core.record import Event, GameRecord, apply_event
from motley.core.rules import NodeKind, Rules

CHANCE_SEAT = -1


@functools.cache
def _rules(game_id: str, options: str) -> Rules[Any, Any]:
    return registry.make(game_id, json.loads(options))


def rules_for(game_id: str, options: Mapping[str, Any]) -> Rules[Any, Any]:
    """One shared rules object per game and options (rules objects are stateless)."""
    return _rules(game_id, json.dumps(dict(options), sort_keys=True))


class Play:
    """The current state, the record so far and what each seat has been told."""

    __slots__ = ("_told", "before", "events", "rules", "start", "state", "steps")

    def __init__(self, rules: Rules[Any, Any], state: Any = None, start: Any = None) -> None:
        self.rules = rules
        self.start = start  # state JSON when the game began mid-way (a resampled world)
        self.state = rules.initial_state() if state is None else state
        self.events: list[Event] = []
        self.before: list[Any] = []  # the state each event was played at
        self.steps: list[Any] = []  # the action, or {seat: action} for a joint one
        self._told: dict[int, list[str]] = {}

    # -- moving on ------------------------------------------------------------------------

    def apply(self, action: Any) -> None:
        """Apply a decision or chance outcome."""
        rules, state = self.rules, self.state
        kind = rules.kind(state)
        seat = CHANCE_SEAT if kind is NodeKind.CHANCE else rules.actors(state)[0]
        self.events.append(Event(kind, ((seat, rules.action_text(state, action)),)))
        self.before.append(state)
        self.steps.append(action)
        self.state = rules.apply(state, action)

    def apply_joint(self, joint: Mapping[int, Any]) -> None:
        """Resolve a simultaneous node with one action per seat to act."""
        rules, state = self.rules, self.state
        texts = tuple(sorted((s, rules.action_text(state, a)) for s, a in joint.items()))
        self.events.append(Event(NodeKind.SIMULTANEOUS, texts))
        self.before.append(state)
        self.steps.append(dict(joint))
        self.state = rules.apply_joint(state, joint)

    # -- what a seat knows ----------------------------------------------------------------

    def told(self, seat: int) -> list[str]:
        """One line per past event, as `seat` was told it."""
        lines = self._told.setdefault(seat, [])
        rules = self.rules
        for index in range(len(lines), len(self.steps)):
            before, step, event = self.before[index], self.steps[index], self.events[index]
            if isinstance(step, dict):
                lines.append(
                    " ".join(f"{s}:{rules.event_text_for(before, step[s], seat)}"
                             for s in sorted(step))
                )
            else:
                actor = event.actions[0][0]
                who = "chance" if actor == CHANCE_SEAT else str(actor)
                lines.append(f"{who}:{rules.event_text_for(before, step, seat)}")
        return lines

    def view_text(self, seat: int) -> str:
        """What `seat` sees now, as the view's JSON."""
        view = self.rules.view(self.state, seat)
        return json.dumps(self.rules.view_to_json(view), sort_keys=True, separators=(",", ":"))

    def information_text(self, seat: int) -> str:
        """Everything `seat` has been told, then what it sees now."""
        return "\n".join([f"seat {seat}", *self.told(seat), self.view_text(seat)])

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return list(self.rules.chance_outcomes(self.state))

    def resampled(self, seat: int, rng: random.Random) -> Play:
        """A world `seat` cannot tell from this one, told to every seat as `seat` was told.

        The other seats' past descriptions are theirs to know; the new world stands in for
        them with `seat`'s own, so nothing beyond `seat`'s view reaches a search over it.
        """
        rules = self.rules
        state = rules.sample_hidden(rules.view(self.state, seat), rng)
        world = Play(rules, state, start=rules.state_to_json(state))
        mine = list(self.told(seat))
        world._told = {s: list(mine) for s in range(rules.spec.players)}
        world._told[seat] = mine
        return world

    # -- copies and records ---------------------------------------------------------------

    def copy(self) -> Play:
        other = Play.__new__(Play)
        other.rules, other.start, other.state = self.rules, self.start, self.state
        other.events, other.before = list(self.events), list(self.before)
        other.steps = list(self.steps)
        other._told = {s: list(lines) for s, lines in self._told.items()}
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        return self.copy()

    def __copy__(self) -> Play:
        return self.copy()

    def record(self) -> GameRecord:
        """The game so far as a Motley record (no seed: the adapters own no dice of theirs)."""
        spec = self.rules.spec
        result = self.rules.returns(self.state) if self.rules.is_terminal(self.state) else None
        return GameRecord(
            game=spec.id,
            version=spec.version,
            options=dict(self.rules.options),
            seed_hash="",
            events=tuple(self.events),
            result=result,
            start=self.start,
        )

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Play.from_record_text, (json.dumps(self.record().to_json(), sort_keys=True),))

    @staticmethod
    def from_record_text(text: str) -> Play:
        """Replay a record (raises StateError on a record that does not replay)."""
        record = GameRecord.from_json(json.loads(text))
        rules = rules_for(record.game, record.options)
        start = None if record.start is None else rules.state_from_json(record.start)
        play = Play(rules, start, start=record.start)
        for event in record.events:
            kind = event.kind
            before = play.state
            after = apply_event(rules, before, event)
            if kind is NodeKind.SIMULTANEOUS:
                step: Any = {s: rules.parse_action(before, t, s) for s, t in event.actions}
            else:
                seat, text = event.actions[0]
                step = rules.parse_action(before, text, None if seat < 0 else seat)
            play.events.append(event)
            play.before.append(before)
            play.steps.append(step)
            play.state = after
        return play
