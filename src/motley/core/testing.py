"""Small games and the conformance checks every Motley game must pass.

The toy games exercise what chess does not: a CHANCE node (a dice race), a SIMULTANEOUS node
(matching pennies), hidden information (high card), four players in two teams, a cooperative
game and a one-player puzzle. They are not registered; tests register them where needed.

The `check_*` functions raise `ConformanceError` (an AssertionError) naming what broke, so a
test can run them over any rules object, registered or not.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from motley.core.driver import Played, RandomAgent, play
from motley.core.errors import IllegalAction, MotleyError, NotationError, StateError
from motley.core.record import Event, GameRecord, apply_event
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.spec import GameSpec, OptionSpec, Trait, Utility


class ConformanceError(AssertionError):
    """A game broke one of the rules of the game API."""


def expect(condition: object, message: str) -> None:
    """Raise ConformanceError with `message` unless `condition` holds."""
    if not condition:
        raise ConformanceError(message)


# -- a dice race: chance nodes ---------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """A decision in the toy games, named by a word (`walk`, `roll`, `heads`, `+2`, ...)."""

    word: str


@dataclass(frozen=True)
class Roll:
    """A chance outcome: the face a die shows."""

    face: int


@dataclass(frozen=True)
class RaceState:
    scores: tuple[int, int] = (0, 0)
    turn: int = 0
    rolling: bool = False  # a die is in the air: the next node is chance


class DiceRace(Rules[RaceState, Step | Roll]):
    """Two runners race to a target: each turn `walk` one step or `roll` a d6 and move that far."""

    spec = GameSpec(
        id="toy-dice-race",
        title="Dice race",
        version=1,
        players=2,
        summary="Walk one step or roll a die; first to the target wins.",
        seed="test support",
        traits=frozenset({Trait.CHANCE}),
        seat_names=("Red", "Blue"),
        options=(OptionSpec("target", 10, "the score that wins"),),
    )

    def initial_state(self) -> RaceState:
        return RaceState()

    def _target(self) -> int:
        return int(self.options["target"])

    def kind(self, state: RaceState) -> NodeKind:
        if max(state.scores) >= self._target():
            return NodeKind.TERMINAL
        return NodeKind.CHANCE if state.rolling else NodeKind.DECISION

    def actors(self, state: RaceState) -> tuple[int, ...]:
        return (state.turn,) if self.kind(state) is NodeKind.DECISION else ()

    def legal_actions(self, state: RaceState, seat: int | None = None) -> Sequence[Step | Roll]:
        if self.kind(state) is not NodeKind.DECISION or seat not in (None, state.turn):
            return []
        return [Step("walk"), Step("roll")]

    def chance_outcomes(self, state: RaceState) -> Sequence[tuple[Step | Roll, Fraction]]:
        if self.kind(state) is not NodeKind.CHANCE:
            raise StateError("dice race: no die is rolling")
        return [(Roll(face), Fraction(1, 6)) for face in range(1, 7)]

    def apply(self, state: RaceState, action: Step | Roll) -> RaceState:
        kind = self.kind(state)
        if kind is NodeKind.CHANCE and isinstance(action, Roll) and 1 <= action.face <= 6:
            return self._advance(state, action.face)
        if kind is NodeKind.DECISION and action == Step("walk"):
            return self._advance(state, 1)
        if kind is NodeKind.DECISION and action == Step("roll"):
            return replace(state, rolling=True)
        raise IllegalAction(str(action), f"not possible at a {kind.value} node")

    def _advance(self, state: RaceState, distance: int) -> RaceState:
        scores = list(state.scores)
        scores[state.turn] += distance
        return RaceState((scores[0], scores[1]), state.turn ^ 1, False)

    def returns(self, state: RaceState) -> tuple[float, ...]:
        if self.kind(state) is not NodeKind.TERMINAL:
            return (0.0, 0.0)
        return (1.0, -1.0) if state.scores[0] > state.scores[1] else (-1.0, 1.0)

    def action_text(self, state: RaceState, action: Step | Roll) -> str:
        return f"rolled {action.face}" if isinstance(action, Roll) else action.word

    def parse_action(self, state: RaceState, text: str, seat: int | None = None) -> Step | Roll:
        words = text.split()
        kind = self.kind(state)
        if len(words) == 2 and words[0] == "rolled" and words[1].isdigit():
            action: Step | Roll = Roll(int(words[1]))
            if kind is not NodeKind.CHANCE or not 1 <= int(words[1]) <= 6:
                raise IllegalAction(text, "no die shows that here")
            return action
        if words in (["walk"], ["roll"]):
            if kind is not NodeKind.DECISION or seat not in (None, state.turn):
                raise IllegalAction(text, "it is not that seat's turn to move")
            return Step(words[0])
        raise NotationError(f"dice race: expected walk, roll or 'rolled N', got {text!r}")

    def state_to_json(self, state: RaceState) -> dict[str, Any]:
        return {"scores": list(state.scores), "turn": state.turn, "rolling": state.rolling}

    def state_from_json(self, data: Mapping[str, Any]) -> RaceState:
        try:
            a, b = (int(x) for x in data["scores"])
            turn = int(data["turn"])
            rolling = data["rolling"]
        except (KeyError, TypeError, ValueError):
            raise StateError("dice race: state needs scores, turn and rolling") from None
        if turn not in (0, 1) or not isinstance(rolling, bool) or min(a, b) < 0:
            raise StateError("dice race: state values out of range")
        return RaceState((a, b), turn, rolling)


# -- matching pennies: simultaneous nodes ----------------------------------------------------


@dataclass(frozen=True)
class PenniesState:
    winners: tuple[int, ...] = ()  # the seat that took each round played so far


class MatchingPennies(Rules[PenniesState, Step]):
    """Both seats show heads or tails at once; seat 0 takes a round on a match. Best of three."""

    spec = GameSpec(
        id="toy-pennies",
        title="Matching pennies",
        version=1,
        players=2,
        summary="Three rounds of simultaneous heads or tails.",
        seed="test support",
        traits=frozenset({Trait.SIMULTANEOUS}),
        seat_names=("Matcher", "Mismatcher"),
    )
    rounds = 3
    faces = ("heads", "tails")

    def initial_state(self) -> PenniesState:
        return PenniesState()

    def kind(self, state: PenniesState) -> NodeKind:
        done = len(state.winners) >= self.rounds
        return NodeKind.TERMINAL if done else NodeKind.SIMULTANEOUS

    def actors(self, state: PenniesState) -> tuple[int, ...]:
        return (0, 1) if self.kind(state) is NodeKind.SIMULTANEOUS else ()

    def legal_actions(self, state: PenniesState, seat: int | None = None) -> Sequence[Step]:
        if self.kind(state) is NodeKind.TERMINAL:
            return []
        if seat is None:
            raise StateError("matching pennies: both seats choose; name one")
        return [Step(face) for face in self.faces] if seat in (0, 1) else []

    def apply(self, state: PenniesState, action: Step) -> PenniesState:
        raise StateError("matching pennies: both seats choose at once (use apply_joint)")

    def apply_joint(self, state: PenniesState, actions: Mapping[int, Step]) -> PenniesState:
        if self.kind(state) is NodeKind.TERMINAL:
            raise IllegalAction("-", "the game is over")
        if sorted(actions) != [0, 1]:
            raise StateError("matching pennies: need exactly one choice from each seat")
        for seat, action in actions.items():
            if action not in self.legal_actions(state, seat):
                raise IllegalAction(str(action), "show heads or tails")
        winner = 0 if actions[0] == actions[1] else 1
        return PenniesState((*state.winners, winner))

    def returns(self, state: PenniesState) -> tuple[float, ...]:
        if self.kind(state) is not NodeKind.TERMINAL:
            return (0.0, 0.0)
        zero = state.winners.count(0)
        return (1.0, -1.0) if 2 * zero > len(state.winners) else (-1.0, 1.0)

    def action_text(self, state: PenniesState, action: Step) -> str:
        return action.word

    def parse_action(self, state: PenniesState, text: str, seat: int | None = None) -> Step:
        word = text.strip()
        if word not in self.faces:
            raise NotationError(f"matching pennies: expected heads or tails, got {text!r}")
        if self.kind(state) is NodeKind.TERMINAL:
            raise IllegalAction(word, "the game is over")
        return Step(word)

    def state_to_json(self, state: PenniesState) -> dict[str, Any]:
        return {"winners": list(state.winners)}

    def state_from_json(self, data: Mapping[str, Any]) -> PenniesState:
        try:
            winners = tuple(int(w) for w in data["winners"])
        except (KeyError, TypeError, ValueError):
            raise StateError("matching pennies: state needs a winners list") from None
        if any(w not in (0, 1) for w in winners) or len(winners) > self.rounds:
            raise StateError("matching pennies: bad winners list")
        return PenniesState(winners)


# -- high card: hidden information -----------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A chance outcome: the card dealt to the next seat."""

    value: int


@dataclass(frozen=True)
class HighCardState:
    hands: tuple[int, ...] = ()  # the cards dealt so far, seat 0's first
    bets: tuple[str, ...] = ()  # the words played so far


@dataclass(frozen=True)
class HighCardView:
    """What one seat knows: its own card, how many cards are out, the bets, any showdown."""

    seat: int
    own: int | None
    dealt: int
    bets: tuple[str, ...]
    shown: tuple[int, ...] | None  # both cards, once the hands are compared


class HighCard(Rules[HighCardState, Step | Card]):
    """Each seat gets a secret card from 1-4. Seat 0 may `show` (high card takes 1) or `raise`;
    after a raise seat 1 may `call` (high card takes 2) or `fold` (seat 0 takes 1)."""

    spec = GameSpec(
        id="toy-high-card",
        title="High card",
        version=1,
        players=2,
        summary="A secret card each, one raise, high card wins.",
        seed="test support",
        traits=frozenset({Trait.CHANCE, Trait.HIDDEN}),
        seat_names=("Dealer", "Caller"),
    )
    deck = (1, 2, 3, 4)

    def initial_state(self) -> HighCardState:
        return HighCardState()

    def kind(self, state: HighCardState) -> NodeKind:
        if len(state.hands) < 2:
            return NodeKind.CHANCE
        if state.bets in ((), ("raise",)):
            return NodeKind.DECISION
        return NodeKind.TERMINAL

    def actors(self, state: HighCardState) -> tuple[int, ...]:
        if self.kind(state) is not NodeKind.DECISION:
            return ()
        return (len(state.bets),)

    def legal_actions(self, state: HighCardState, seat: int | None = None) -> Sequence[Step | Card]:
        actors = self.actors(state)
        if not actors or seat not in (None, actors[0]):
            return []
        words = ("show", "raise") if not state.bets else ("call", "fold")
        return [Step(w) for w in words]

    def chance_outcomes(self, state: HighCardState) -> Sequence[tuple[Step | Card, Fraction]]:
        if self.kind(state) is not NodeKind.CHANCE:
            raise StateError("high card: the cards are already dealt")
        left = [c for c in self.deck if c not in state.hands]
        return [(Card(c), Fraction(1, len(left))) for c in left]

    def apply(self, state: HighCardState, action: Step | Card) -> HighCardState:
        if self.kind(state) is NodeKind.CHANCE:
            if not isinstance(action, Card) or action.value not in self.deck:
                raise IllegalAction(str(action), "a card must be dealt first")
            if action.value in state.hands:
                raise IllegalAction(str(action), "that card is already dealt")
            return HighCardState((*state.hands, action.value), state.bets)
        if action not in self.legal_actions(state):
            raise IllegalAction(str(action), "not a legal bet here")
        assert isinstance(action, Step)
        return HighCardState(state.hands, (*state.bets, action.word))

    def _showdown(self, state: HighCardState) -> bool:
        return state.bets in (("show",), ("raise", "call"))

    def returns(self, state: HighCardState) -> tuple[float, ...]:
        if self.kind(state) is not NodeKind.TERMINAL:
            return (0.0, 0.0)
        if state.bets == ("raise", "fold"):
            return (1.0, -1.0)
        stake = 2.0 if state.bets == ("raise", "call") else 1.0
        return (stake, -stake) if state.hands[0] > state.hands[1] else (-stake, stake)

    def action_text(self, state: HighCardState, action: Step | Card) -> str:
        return f"card {action.value}" if isinstance(action, Card) else action.word

    def parse_action(self, state: HighCardState, text: str, seat: int | None = None) -> Step | Card:
        words = text.split()
        if len(words) == 2 and words[0] == "card" and words[1].isdigit():
            card = Card(int(words[1]))
            if card not in [c for c, _ in self.chance_outcomes(state)]:
                raise IllegalAction(text, "that card cannot be dealt now")
            return card
        if len(words) == 1 and words[0] in ("show", "raise", "call", "fold"):
            step = Step(words[0])
            if step not in self.legal_actions(state, seat):
                raise IllegalAction(text, "not a legal bet here")
            return step
        raise NotationError(f"high card: expected a bet or 'card N', got {text!r}")

    def view(self, state: HighCardState, seat: int) -> HighCardView:
        own = state.hands[seat] if 0 <= seat < len(state.hands) else None
        shown = state.hands if self._showdown(state) else None
        return HighCardView(seat, own, len(state.hands), state.bets, shown)

    def sample_hidden(self, view: Any, rng: random.Random) -> HighCardState:
        if not isinstance(view, HighCardView):
            raise StateError("high card: sample_hidden needs a HighCardView")
        if view.shown is not None:
            return HighCardState(view.shown, view.bets)
        hands: list[int] = []
        for seat in range(view.dealt):
            if seat == view.seat and view.own is not None:
                hands.append(view.own)
            else:
                left = [c for c in self.deck if c not in hands and c != view.own]
                hands.append(rng.choice(left))
        return HighCardState(tuple(hands), view.bets)

    def view_to_json(self, view: Any) -> dict[str, Any]:
        if not isinstance(view, HighCardView):
            raise StateError("high card: not a view")
        return {
            "seat": view.seat,
            "own": view.own,
            "dealt": view.dealt,
            "bets": list(view.bets),
            "shown": None if view.shown is None else list(view.shown),
        }

    def state_to_json(self, state: HighCardState) -> dict[str, Any]:
        return {"hands": list(state.hands), "bets": list(state.bets)}

    def state_from_json(self, data: Mapping[str, Any]) -> HighCardState:
        try:
            hands = tuple(int(c) for c in data["hands"])
            bets = tuple(str(b) for b in data["bets"])
        except (KeyError, TypeError, ValueError):
            raise StateError("high card: state needs hands and bets") from None
        if len(hands) > 2 or len(set(hands)) != len(hands) or set(hands) - set(self.deck):
            raise StateError("high card: bad hands")
        if bets not in ((), ("show",), ("raise",), ("raise", "call"), ("raise", "fold")):
            raise StateError("high card: bad bets")
        if bets and len(hands) < 2:
            raise StateError("high card: bets before the deal")
        return HighCardState(hands, bets)


# -- counting games: teams, a cooperative pair, a one-player puzzle ---------------------------


@dataclass(frozen=True)
class CountState:
    total: int = 0
    plies: int = 0


class CountingGame(Rules[CountState, Step]):
    """Seats take turns adding one of `steps` to a shared total until it reaches `target`."""

    target = 10
    steps = (1, 2)
    max_plies = 0  # 0: no limit

    def initial_state(self) -> CountState:
        return CountState()

    def kind(self, state: CountState) -> NodeKind:
        over = state.total >= self.target or (self.max_plies and state.plies >= self.max_plies)
        return NodeKind.TERMINAL if over else NodeKind.DECISION

    def actors(self, state: CountState) -> tuple[int, ...]:
        if self.kind(state) is NodeKind.TERMINAL:
            return ()
        return (state.plies % self.spec.players,)

    def legal_actions(self, state: CountState, seat: int | None = None) -> Sequence[Step]:
        actors = self.actors(state)
        if not actors or seat not in (None, actors[0]):
            return []
        return [Step(self._word(s)) for s in self.steps]

    def _word(self, step: int) -> str:
        return f"+{step}" if step > 0 else f"x{-step}"

    def apply(self, state: CountState, action: Step) -> CountState:
        if action not in self.legal_actions(state):
            raise IllegalAction(action.word, "not a step of this game")
        if action.word.startswith("x"):
            total = state.total * int(action.word[1:])
        else:
            total = state.total + int(action.word[1:])
        return CountState(total, state.plies + 1)

    def action_text(self, state: CountState, action: Step) -> str:
        return action.word

    def parse_action(self, state: CountState, text: str, seat: int | None = None) -> Step:
        word = text.strip()
        if word not in [self._word(s) for s in self.steps]:
            raise NotationError(f"{self.spec.id}: expected one of the steps, got {text!r}")
        step = Step(word)
        if step not in self.legal_actions(state, seat):
            raise IllegalAction(word, "not this seat's turn, or the game is over")
        return step

    def state_to_json(self, state: CountState) -> dict[str, Any]:
        return {"total": state.total, "plies": state.plies}

    def state_from_json(self, data: Mapping[str, Any]) -> CountState:
        try:
            total, plies = int(data["total"]), int(data["plies"])
        except (KeyError, TypeError, ValueError):
            raise StateError(f"{self.spec.id}: state needs total and plies") from None
        if total < 0 or plies < 0:
            raise StateError(f"{self.spec.id}: negative counts")
        return CountState(total, plies)


class TeamRelay(CountingGame):
    """Four seats in two teams (0+2 against 1+3); whoever brings the total to 10 wins."""

    spec = GameSpec(
        id="toy-team-relay",
        title="Team relay",
        version=1,
        players=4,
        summary="Add 1 or 2 in turn; the team that reaches 10 wins.",
        seed="test support",
        traits=frozenset({Trait.TEAMS}),
        utility=Utility.TEAMS,
        teams=((0, 2), (1, 3)),
    )

    def returns(self, state: CountState) -> tuple[float, ...]:
        if self.kind(state) is not NodeKind.TERMINAL:
            return (0.0,) * 4
        last = (state.plies - 1) % 4
        return tuple(1.0 if seat % 2 == last % 2 else -1.0 for seat in range(4))


class CooperativeCount(CountingGame):
    """Two seats add 1 or 2 in turn; both score 1 if the total lands exactly on 7."""

    spec = GameSpec(
        id="toy-coop-count",
        title="Land on seven",
        version=1,
        players=2,
        summary="Together, land the total exactly on 7.",
        seed="test support",
        traits=frozenset({Trait.COOPERATIVE}),
        utility=Utility.COOPERATIVE,
    )
    target = 7

    def returns(self, state: CountState) -> tuple[float, ...]:
        hit = 1.0 if state.total == self.target else 0.0
        return (hit, hit)


class DoublingPuzzle(CountingGame):
    """One player, at most five moves of +1 or x2, to reach exactly 12."""

    spec = GameSpec(
        id="toy-doubling-puzzle",
        title="Doubling puzzle",
        version=1,
        players=1,
        summary="Reach exactly 12 in five moves of +1 or x2.",
        seed="test support",
        traits=frozenset({Trait.PUZZLE}),
        utility=Utility.SCORE,
    )
    target = 12
    steps = (1, -2)
    max_plies = 5

    def returns(self, state: CountState) -> tuple[float, ...]:
        return (1.0 if state.total == self.target else 0.0,)


TOY_GAMES: tuple[type[Rules[Any, Any]], ...] = (
    DiceRace,
    MatchingPennies,
    HighCard,
    TeamRelay,
    CooperativeCount,
    DoublingPuzzle,
)


# -- the conformance checks ------------------------------------------------------------------

GARBAGE_TEXTS = ("", "  ", "zz9 not-a-move", "\x00", "e2e4e5e6", "sp 99999", "card 0 0")


def json_copy(data: Any) -> Any:
    """`data` through a JSON text and back; fails if it is not plain JSON."""
    return json.loads(json.dumps(data, sort_keys=True, allow_nan=False))


def one_line(error: BaseException) -> bool:
    text = str(error)
    return bool(text.strip()) and "\n" not in text


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
