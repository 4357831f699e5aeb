"""The conformance checks every Motley game must pass.

The `check_*` functions raise `ConformanceError` (an AssertionError) naming what broke, so a
test can run them over any rules object, registered or not. The toy games they are tried on
live in `motley.core.toys`.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

from motley.core.driver import Played, RandomAgent, play, random_step
from motley.core.errors import IllegalAction, MotleyError, NotationError, StateError
from motley.core.record import Event, GameRecord, apply_event
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.spec import Trait, Utility


class ConformanceError(AssertionError):
    """A game broke one of the rules of the game API."""


def expect(condition: object, message: str) -> None:
    """Raise ConformanceError with `message` unless `condition` holds."""
    if not condition:
        raise ConformanceError(message)


GARBAGE_TEXTS = ("", "  ", "zz9 not-a-move", "\x00", "e2e4e5e6", "sp 99999", "card 0 0")


def json_copy(data: Any) -> Any:
    """`data` through a JSON text and back; fails if it is not plain JSON."""
    return json.loads(json.dumps(data, sort_keys=True, allow_nan=False))


def one_line(error: BaseException) -> bool:
    text = str(error)
    return bool(text.strip()) and "\n" not in text


def check_part_of_joint_refused(rules: Rules[Any, Any], state: Any, action: Any) -> None:
    """At a simultaneous node every actor chooses at once: seat 0's choice alone is refused,
    whether handed over as a joint action or as a plain one."""
    attempts: tuple[Callable[[], Any], ...] = (
        lambda: rules.apply_joint(state, {0: action}),
        lambda: rules.apply(state, action),
    )
    for attempt in attempts:
        try:
            attempt()
        except StateError:
            continue
        raise ConformanceError("part of a joint action was accepted")


def all_seat_actions(rules: Rules[Any, Any], state: Any) -> list[tuple[int | None, Any]]:
    """(seat, action) for every action open at `state`; seat None for chance outcomes."""
    kind = rules.kind(state)
    if kind is NodeKind.CHANCE:
        return [(None, outcome) for outcome, _ in rules.chance_outcomes(state)]
    return [(seat, a) for seat in rules.actors(state) for a in rules.legal_actions(state, seat)]


def check_node(rules: Rules[Any, Any], state: Any) -> NodeKind:
    """Kind, actors, legal actions, chance probabilities and returns agree with each other."""
    spec = rules.spec
    kind = rules.kind(state)
    expect(isinstance(kind, NodeKind), f"{spec.id}: kind() returned {kind!r}")
    actors = rules.actors(state)
    expect(isinstance(actors, tuple), f"{spec.id}: actors() must be a tuple, got {actors!r}")
    expect(
        all(isinstance(s, int) and 0 <= s < spec.players for s in actors),
        f"{spec.id}: actors {actors} are not seats",
    )
    expect(len(set(actors)) == len(actors), f"{spec.id}: a seat is listed twice in {actors}")
    if kind is NodeKind.DECISION:
        expect(len(actors) == 1, f"{spec.id}: a decision node needs one actor, got {actors}")
        seat = actors[0]
        own = list(rules.legal_actions(state, seat))
        expect(own, f"{spec.id}: no legal actions at a non-terminal decision node")
        default = list(rules.legal_actions(state))
        expect(default == own, f"{spec.id}: legal_actions() differs from the actor's list")
    elif kind is NodeKind.SIMULTANEOUS:
        expect(actors, f"{spec.id}: a simultaneous node with nobody to act")
        expect(Trait.SIMULTANEOUS in spec.traits, f"{spec.id}: simultaneous node, no trait")
        for seat in actors:
            expect(rules.legal_actions(state, seat), f"{spec.id}: seat {seat} has no actions")
    else:
        expect(actors == (), f"{spec.id}: a {kind.value} node has actors {actors}")
    for seat in range(spec.players):
        if seat not in actors:
            others = list(rules.legal_actions(state, seat))
            expect(not others, f"{spec.id}: seat {seat} has actions but is not to act")
    if kind is NodeKind.CHANCE:
        expect(Trait.CHANCE in spec.traits, f"{spec.id}: chance node without the CHANCE trait")
        outcomes = list(rules.chance_outcomes(state))
        expect(outcomes, f"{spec.id}: a chance node with no outcomes")
        expect(
            all(isinstance(p, Fraction) and p > 0 for _, p in outcomes),
            f"{spec.id}: chance probabilities must be positive Fractions",
        )
        total = sum((p for _, p in outcomes), Fraction(0))
        expect(total == 1, f"{spec.id}: chance probabilities sum to {total}, not 1")
        texts = [rules.action_text(state, o) for o, _ in outcomes]
        expect(len(set(texts)) == len(texts), f"{spec.id}: two chance outcomes share a text")
    if kind is NodeKind.TERMINAL:
        check_returns(rules, rules.returns(state))
    return kind


def check_returns(rules: Rules[Any, Any], returns: Sequence[float]) -> None:
    """Returns have one number per seat and fit the game's utility type."""
    spec = rules.spec
    values = tuple(returns)
    expect(len(values) == spec.players, f"{spec.id}: returns {values} for {spec.players} seats")
    expect(all(isinstance(v, int | float) for v in values), f"{spec.id}: non-numbers in {values}")
    if spec.utility is Utility.ZERO_SUM:
        expect(sum(values) == 0, f"{spec.id}: zero-sum returns {values} do not sum to 0")
    elif spec.utility is Utility.TEAMS:
        expect(spec.teams, f"{spec.id}: a team game with no teams in its header")
        expect(
            sorted(s for team in spec.teams for s in team) == list(range(spec.players)),
            f"{spec.id}: teams {spec.teams} do not cover every seat once",
        )
        for team in spec.teams:
            expect(
                len({values[s] for s in team}) == 1,
                f"{spec.id}: team-mates {team} get different returns {values}",
            )
        expect(sum(values) == 0, f"{spec.id}: team returns {values} do not sum to 0")
    elif spec.utility is Utility.COOPERATIVE:
        expect(len(set(values)) == 1, f"{spec.id}: cooperative returns {values} differ")


def action_texts(rules: Rules[Any, Any], state: Any) -> list[tuple[int | None, str]]:
    return [(seat, rules.action_text(state, a)) for seat, a in all_seat_actions(rules, state)]


def check_json_round_trip(rules: Rules[Any, Any], state: Any) -> None:
    """A state survives JSON text: same JSON, same kind, same actions."""
    spec = rules.spec
    data = rules.state_to_json(state)
    again = rules.state_from_json(json_copy(data))
    expect(
        json_copy(rules.state_to_json(again)) == json_copy(data),
        f"{spec.id}: state JSON changes on a round trip: {json.dumps(data)[:200]}",
    )
    expect(rules.kind(again) is rules.kind(state), f"{spec.id}: kind changes on a JSON trip")
    expect(
        action_texts(rules, again) == action_texts(rules, state),
        f"{spec.id}: legal actions change on a JSON round trip",
    )


def check_action_text_round_trip(rules: Rules[Any, Any], state: Any) -> None:
    """parse_action(action_text(a)) == a for every legal action and chance outcome."""
    spec = rules.spec
    for seat, action in all_seat_actions(rules, state):
        text = rules.action_text(state, action)
        expect(isinstance(text, str) and text, f"{spec.id}: empty text for {action!r}")
        expect(text.strip() == text and "\n" not in text, f"{spec.id}: untidy text {text!r}")
        back = rules.parse_action(state, text, seat)
        expect(back == action, f"{spec.id}: {text!r} parses to {back!r}, not {action!r}")


def check_rejects(rules: Rules[Any, Any], state: Any, foreign: Sequence[Any] = ()) -> None:
    """Garbage text and actions from other states are refused with a one-line MotleyError."""
    spec = rules.spec
    kind = rules.kind(state)
    legal = [a for _, a in all_seat_actions(rules, state)]
    seats: list[int | None] = [None] if kind is not NodeKind.SIMULTANEOUS else []
    seats += list(rules.actors(state))
    for text in GARBAGE_TEXTS:
        for seat in seats:
            try:
                parsed = rules.parse_action(state, text, seat)
            except MotleyError as error:
                expect(one_line(error), f"{spec.id}: error for {text!r} is not one line")
                expect(
                    isinstance(error, NotationError | IllegalAction),
                    f"{spec.id}: bad text {text!r} raised {type(error).__name__}",
                )
            else:
                raise ConformanceError(f"{spec.id}: garbage {text!r} parsed as {parsed!r}")
    for action in foreign:
        if action in legal:
            continue
        try:
            rules.check_legal(state, action, seats[-1] if seats else None)
        except IllegalAction as error:
            expect(one_line(error), f"{spec.id}: IllegalAction message is not one line")
        else:
            raise ConformanceError(f"{spec.id}: check_legal accepted foreign {action!r}")


def check_foreign_text(rules: Rules[Any, Any], state: Any, texts: Sequence[str]) -> None:
    """Text from another state either fails with a one-line MotleyError or names a legal action."""
    spec = rules.spec
    pairs = all_seat_actions(rules, state)
    seats = sorted({seat for seat, _ in pairs}, key=lambda s: -1 if s is None else s)
    for text in texts:
        for seat in seats or [None]:
            try:
                parsed = rules.parse_action(state, text, seat)
            except MotleyError as error:
                expect(one_line(error), f"{spec.id}: error for {text!r} is not one line")
            else:
                expect(
                    (seat, parsed) in pairs,
                    f"{spec.id}: {text!r} parsed to {parsed!r}, which is not legal here",
                )


def check_views(rules: Rules[Any, Any], state: Any, rng: random.Random) -> None:
    """Every seat's view is JSON, and a state sampled from a view shows the same view.

    Games without the HIDDEN trait are checked from the spectator's seat only.
    """
    spec = rules.spec
    seats = (*range(spec.players), SPECTATOR) if Trait.HIDDEN in spec.traits else (SPECTATOR,)
    for seat in seats:
        view = rules.view(state, seat)
        data = json_copy(rules.view_to_json(view))
        sampled = rules.sample_hidden(view, rng)
        again = json_copy(rules.view_to_json(rules.view(sampled, seat)))
        expect(again == data, f"{spec.id}: a state sampled from seat {seat}'s view looks different")
        expect(
            rules.kind(sampled) is rules.kind(state),
            f"{spec.id}: a state sampled from seat {seat}'s view is another kind of node",
        )
        if seat in rules.actors(state):
            mine = [rules.action_text(state, a) for a in rules.legal_actions(state, seat)]
            theirs = [rules.action_text(sampled, a) for a in rules.legal_actions(sampled, seat)]
            expect(mine == theirs, f"{spec.id}: seat {seat}'s actions depend on hidden facts")


def apply_checked(rules: Rules[Any, Any], state: Any, event: Event, *, deep: bool = True) -> Any:
    """Apply a recorded event, checking that neither the state nor (if `deep`) its JSON changed."""
    before_json = json_copy(rules.state_to_json(state)) if deep else None
    before = copy.deepcopy(state)
    after = apply_event(rules, state, event)
    spec = rules.spec
    expect(state == before, f"{spec.id}: applying {event.to_json()} mutated the state")
    if deep:
        expect(
            json_copy(rules.state_to_json(state)) == before_json,
            f"{spec.id}: applying {event.to_json()} changed the old state's JSON",
        )
    return after


def walk_record(
    rules: Rules[Any, Any],
    record: GameRecord,
    *,
    rng: random.Random,
    deep_every: int = 1,
) -> Any:
    """Replay `record` on `rules`, checking every node; deep checks at every `deep_every`-th."""
    expect(record.game == rules.spec.id, f"record is for {record.game}, not {rules.spec.id}")
    state = rules.initial_state()
    previous: list[Any] = []
    previous_texts: list[str] = []
    for index, event in enumerate(record.events):
        kind = check_node(rules, state)
        expect(kind is event.kind, f"{rules.spec.id}: event {index} recorded at the wrong kind")
        deep = index % deep_every == 0
        if deep:
            check_json_round_trip(rules, state)
            check_action_text_round_trip(rules, state)
            check_rejects(rules, state, previous)
            check_foreign_text(rules, state, previous_texts)
            check_views(rules, state, rng)
        pairs = all_seat_actions(rules, state)
        if kind is not NodeKind.CHANCE:  # outcomes offered at a decision are another test
            previous = [a for _, a in pairs][:12]
        previous_texts = [rules.action_text(state, a) for _, a in pairs[:8]]
        state = apply_checked(rules, state, event, deep=deep)
    check_node(rules, state)
    check_json_round_trip(rules, state)
    check_views(rules, state, rng)
    check_rejects(rules, state, previous)
    return state


def random_positions(
    rules: Rules[Any, Any], rng: random.Random, *, games: int, plies: int, ends: bool = False
) -> Iterator[Any]:
    """The states where a seat is to act in `games` random games of at most `plies` plies.

    Chance outcomes are drawn with their probabilities and count as plies; with `ends`, the
    state each finished game ends in is yielded too. A test compares a fast path with the
    slow one at each position (the fast_legal tests of the games).
    """
    for _ in range(games):
        state = rules.initial_state()
        for _ in range(plies):
            kind = rules.kind(state)
            if kind is NodeKind.TERMINAL:
                if ends:
                    yield state
                break
            if kind is not NodeKind.CHANCE:
                yield state
            state = random_step(rules, state, rng)


def random_agents(rules: Rules[Any, Any]) -> dict[int, RandomAgent]:
    return {seat: RandomAgent() for seat in range(rules.spec.players)}


def check_playout(
    rules: Rules[Any, Any], seed: int | str, *, max_events: int, deep_every: int = 1
) -> Played:
    """Play a seeded random game through the driver, then check every node of its record."""
    played = play(rules, random_agents(rules), seed, max_events=max_events)
    spec = rules.spec
    expect(
        rules.kind(played.state) is NodeKind.TERMINAL,
        f"{spec.id}: seed {seed!r} did not end within {max_events} events",
    )
    expect(played.record.result is not None, f"{spec.id}: a finished game has no result")
    assert played.record.result is not None
    check_returns(rules, played.record.result)
    expect(
        tuple(played.record.result) == tuple(rules.returns(played.state)),
        f"{spec.id}: the record's result differs from the final returns",
    )
    final = walk_record(
        rules, played.record, rng=random.Random(f"{seed}/views"), deep_every=deep_every
    )
    expect(
        json_copy(rules.state_to_json(final)) == json_copy(rules.state_to_json(played.state)),
        f"{spec.id}: replaying the record of seed {seed!r} ends in another state",
    )
    return played
