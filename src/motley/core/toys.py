"""Small games that exercise what chess does not, for tests of the game API.

A CHANCE node (a dice race), a SIMULTANEOUS node (matching pennies), hidden information (high
card), four players in two teams, a cooperative game and a one-player puzzle. They are not
registered; tests register them where needed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from motley.core.actions import Word
from motley.core.codec import StateCodec
from motley.core.errors import IllegalAction, NotationError, StateError
from motley.core.rules import NodeKind, Rules
from motley.core.spec import GameSpec, OptionSpec, Trait, Utility


def toy_spec(
    id: str, title: str, summary: str, *traits: Trait, players: int = 2, **more: Any
) -> GameSpec:
    """The spec of a game written for tests: version 1, its seed "test support"."""
    return GameSpec(
        id=id, title=title, version=1, players=players, summary=summary, seed="test support",
        traits=frozenset(traits), **more,
    )


# -- a dice race: chance nodes ---------------------------------------------------------------


class Step(Word):
    """A decision in the toy games, named by a word (`walk`, `roll`, `heads`, `+2`, ...)."""

    __slots__ = ()


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

    spec = toy_spec(
        "toy-dice-race", "Dice race", "Walk one step or roll a die; first to the target wins.",
        Trait.CHANCE, seat_names=("Red", "Blue"),
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

    def dice(self, state: RaceState, outcome: Step | Roll) -> tuple[int, ...]:
        return (outcome.face,) if isinstance(outcome, Roll) else ()

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

    spec = toy_spec(
        "toy-pennies", "Matching pennies", "Three rounds of simultaneous heads or tails.",
        Trait.SIMULTANEOUS, seat_names=("Matcher", "Mismatcher"),
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

    spec = toy_spec(
        "toy-high-card", "High card", "A secret card each, one raise, high card wins.",
        Trait.CHANCE, Trait.HIDDEN, seat_names=("Dealer", "Caller"),
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
    # both counts always written, so a state file names them even at the start
    codec = StateCodec("toy counting game", CountState, omit_defaults=False)

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

    def check_state(self, state: CountState) -> None:
        if state.total < 0 or state.plies < 0:
            raise StateError(f"{self.spec.id}: negative counts")


class TeamRelay(CountingGame):
    """Four seats in two teams (0+2 against 1+3); whoever brings the total to 10 wins."""

    spec = toy_spec(
        "toy-team-relay", "Team relay", "Add 1 or 2 in turn; the team that reaches 10 wins.",
        Trait.TEAMS, players=4, utility=Utility.TEAMS, teams=((0, 2), (1, 3)),
    )

    def returns(self, state: CountState) -> tuple[float, ...]:
        if self.kind(state) is not NodeKind.TERMINAL:
            return (0.0,) * 4
        last = (state.plies - 1) % 4
        return tuple(1.0 if seat % 2 == last % 2 else -1.0 for seat in range(4))


class CooperativeCount(CountingGame):
    """Two seats add 1 or 2 in turn; both score 1 if the total lands exactly on 7."""

    spec = toy_spec(
        "toy-coop-count", "Land on seven", "Together, land the total exactly on 7.",
        Trait.COOPERATIVE, utility=Utility.COOPERATIVE,
    )
    target = 7

    def returns(self, state: CountState) -> tuple[float, ...]:
        hit = 1.0 if state.total == self.target else 0.0
        return (hit, hit)


class DoublingPuzzle(CountingGame):
    """One player, at most five moves of +1 or x2, to reach exactly 12."""

    spec = toy_spec(
        "toy-doubling-puzzle", "Doubling puzzle", "Reach exactly 12 in five moves of +1 or x2.",
        Trait.PUZZLE, players=1, utility=Utility.SCORE,
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
