"""Every Motley game as an OpenSpiel game: `import motley.adapters.openspiel`, then
`pyspiel.load_game("motley_zombie")` or `pyspiel.load_game("motley_skock(kings_to_take=1)")`.

What OpenSpiel sees:

* seats are players; DECISION nodes belong to their seat, CHANCE nodes are explicit chance
  with the rules' exact probabilities (as floats), SIMULTANEOUS nodes are OpenSpiel's
  simultaneous nodes (a game with that trait has simultaneous dynamics; its decision nodes
  stay single-player nodes, as OpenSpiel allows);
* a seat that does not act at a simultaneous node has one action, `wait` (the last code);
* utility: zero-sum games and team games (team returns sum to 0) are ZERO_SUM in [-1, 1], the
  cooperative game is IDENTICAL, puzzles are GENERAL_SUM; the headers of the last two declare
  no range, so they are given [-1000, 1000];
* actions are the integer codes of `motley.adapters.encoding` (`num_distinct_actions` is the
  size of the game's decision codebook, `max_chance_outcomes` of its chance codebook);
* a seat's observation string is its view as JSON, its information-state string what it was
  told of every past event followed by that view (`motley.adapters.play`), its observation
  tensor the planes of `motley.adapters.tensor`; nothing else of the state reaches a seat;
* house rules are game parameters with their defaults; `max_game_length` (not a Motley rule)
  is only the bound OpenSpiel asks for;
* a state pickles (and so serializes) as a Motley game record and is restored by replaying
  it; `resample_from_infostate` draws a world with the rules' `sample_hidden`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from motley.adapters import tensor
from motley.adapters.encoding import Encoding, EncodingError, encoding
from motley.adapters.play import Play, rules_for
from motley.core import registry
from motley.core.rules import NodeKind, Rules
from motley.core.spec import GameSpec, Trait, Utility

PREFIX = "motley_"
MAX_GAME_LENGTH = 100_000
SCORE_RANGE = 1000.0
WAIT = "wait"

_Type = pyspiel.GameType


def game_type(spec: GameSpec) -> Any:
    """The OpenSpiel game type of a Motley game header."""
    utility = {
        Utility.ZERO_SUM: _Type.Utility.ZERO_SUM,
        Utility.TEAMS: _Type.Utility.ZERO_SUM,
        Utility.COOPERATIVE: _Type.Utility.IDENTICAL,
        Utility.SCORE: _Type.Utility.GENERAL_SUM,
    }[spec.utility]
    return pyspiel.GameType(
        short_name=PREFIX + spec.id,
        long_name=f"Motley: {spec.title}",
        dynamics=(
            _Type.Dynamics.SIMULTANEOUS
            if Trait.SIMULTANEOUS in spec.traits
            else _Type.Dynamics.SEQUENTIAL
        ),
        chance_mode=(
            _Type.ChanceMode.EXPLICIT_STOCHASTIC
            if Trait.CHANCE in spec.traits
            else _Type.ChanceMode.DETERMINISTIC
        ),
        information=(
            _Type.Information.IMPERFECT_INFORMATION
            if Trait.HIDDEN in spec.traits
            else _Type.Information.PERFECT_INFORMATION
        ),
        utility=utility,
        reward_model=_Type.RewardModel.TERMINAL,
        max_num_players=spec.players,
        min_num_players=spec.players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={o.name: o.default for o in spec.options},
    )


class MotleyGame(pyspiel.Game):  # type: ignore[misc]
    """One Motley game with its options, as an OpenSpiel game."""

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        spec = registry.rules_class(game_id).spec
        given = dict(params or {})
        options = {o.name: given.get(o.name, o.default) for o in spec.options}
        self.rules: Rules[Any, Any] = rules_for(game_id, options)
        self.encoding: Encoding = encoding(game_id)
        self.simultaneous = Trait.SIMULTANEOUS in spec.traits
        self.wait = self.encoding.decisions.size  # only used at simultaneous nodes
        scored = spec.utility in (Utility.COOPERATIVE, Utility.SCORE)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.decisions.size + int(self.simultaneous),
            max_chance_outcomes=self.encoding.chance.size,
            num_players=spec.players,
            min_utility=-SCORE_RANGE if scored else -1.0,
            max_utility=SCORE_RANGE if scored else 1.0,
            utility_sum=None if scored else 0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(spec), info, options)

    def new_initial_state(self) -> MotleyState:
        return MotleyState(self, Play(self.rules))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MotleyObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return MotleyObserver(self.rules, perfect_recall)


class MotleyState(pyspiel.State):  # type: ignore[misc]
    """A Motley game in progress. Its only attribute is the `Play`, so OpenSpiel's clone
    (a deep copy) and serialization (a pickle) go through `Play`'s copy and record."""

    def __init__(self, game: MotleyGame, play: Play) -> None:
        super().__init__(game)
        self.play = play

    # the game's fixed parts are the game object's, not the state's
    def _game(self) -> MotleyGame:
        game: MotleyGame = self.get_game()
        return game

    def current_player(self) -> int:
        rules, state = self.play.rules, self.play.state
        kind = rules.kind(state)
        if kind is NodeKind.DECISION:
            return int(rules.actors(state)[0])
        if kind is NodeKind.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if kind is NodeKind.SIMULTANEOUS:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return int(pyspiel.PlayerId.TERMINAL)

    def _menu(self, seat: int) -> dict[int, Any]:
        """Code to action for `seat`'s legal actions here."""
        rules, state = self.play.rules, self.play.state
        book = _book_of(self)
        return {book.code(rules.action_text(state, a)): a for a in rules.legal_actions(state, seat)}

    def _legal_actions(self, player: int) -> list[int]:
        rules, state = self.play.rules, self.play.state
        if player < 0 or rules.kind(state) in (NodeKind.TERMINAL, NodeKind.CHANCE):
            return []
        if player in rules.actors(state):
            return sorted(self._menu(player))
        if rules.kind(state) is NodeKind.SIMULTANEOUS:
            return [_wait_code(self)]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        rules, state = self.play.rules, self.play.state
        book = _chance_book(self)
        outcomes = self.play.chance_outcomes()
        return sorted((book.code(rules.action_text(state, o)), float(p)) for o, p in outcomes)

    def _apply_action(self, action: int) -> None:
        rules, state = self.play.rules, self.play.state
        if rules.kind(state) is NodeKind.CHANCE:
            text = _chance_book(self).text(action)
            for outcome, _ in rules.chance_outcomes(state):
                if rules.action_text(state, outcome) == text:
                    self.play.apply(outcome)
                    return
            raise EncodingError(f"chance outcome {action} ({text}) is not possible here")
        menu = self._menu(rules.actors(state)[0])
        if action not in menu:
            raise EncodingError(f"action {action} is not legal here")
        self.play.apply(menu[action])

    def _apply_actions(self, actions: list[int]) -> None:
        rules, state = self.play.rules, self.play.state
        joint = {}
        for seat in rules.actors(state):
            menu = self._menu(seat)
            if actions[seat] not in menu:
                raise EncodingError(f"action {actions[seat]} is not legal for seat {seat} here")
            joint[seat] = menu[actions[seat]]
        self.play.apply_joint(joint)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return str(_chance_book(self).text(action))
        if action == _wait_code(self) and _is_simultaneous(self):
            return WAIT
        return str(_book_of(self).text(action))

    def is_terminal(self) -> bool:
        return bool(self.play.rules.is_terminal(self.play.state))

    def returns(self) -> list[float]:
        rules, state = self.play.rules, self.play.state
        if not rules.is_terminal(state):
            return [0.0] * rules.spec.players
        return [float(x) for x in rules.returns(state)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MotleyState:
        """A state `player_id` cannot tell from this one (the rules' `sample_hidden`)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return MotleyState(self.get_game(), self.play.resampled(player_id, rng))

    def __str__(self) -> str:
        return str(self.play.rules.render(self.play.state, -1)) + "\n" + self.play.view_text(-1)


def _book_of(state: MotleyState) -> Any:
    return state.get_game().encoding.decisions


def _chance_book(state: MotleyState) -> Any:
    return state.get_game().encoding.chance


def _wait_code(state: MotleyState) -> int:
    return int(state.get_game().wait)


def _is_simultaneous(state: MotleyState) -> bool:
    return bool(state.get_game().simultaneous)


class MotleyObserver:
    """OpenSpiel's observer: strings and a tensor of one seat's view (or its history)."""

    def __init__(self, rules: Rules[Any, Any], perfect_recall: bool) -> None:
        self.rules = rules
        self.perfect_recall = perfect_recall
        self._shape = tensor.shape(rules)
        self.tensor = np.zeros(self._shape[0] * self._shape[1], np.float32)
        self.dict = {"board": self.tensor.reshape(self._shape)}

    def set_from(self, state: MotleyState, player: int) -> None:
        play = state.play
        tensor.fill(self.rules, self.rules.view(play.state, player), player, self.dict["board"])

    def string_from(self, state: MotleyState, player: int) -> str:
        if self.perfect_recall:
            return state.play.information_text(player)
        return state.play.view_text(player)


def game_class(game_id: str) -> type[MotleyGame]:
    """A MotleyGame subclass fixed to one game: what pyspiel calls with the parameters.

    pyspiel keeps the factory until the interpreter has gone; a class (unlike a closure) is
    never freed by that last release, which would abort the process at exit.
    """

    def __init__(self: MotleyGame, params: dict[str, Any] | None = None) -> None:
        MotleyGame.__init__(self, game_id, params)

    return type(f"MotleyGame_{game_id}", (MotleyGame,), {"__init__": __init__})


def register_all() -> list[str]:
    """Register every Motley game not yet known to pyspiel; the names registered."""
    known = set(pyspiel.registered_names())
    names = []
    for spec in registry.specs():
        name = PREFIX + spec.id
        if name not in known:
            pyspiel.register_game(game_type(spec), game_class(spec.id))
        names.append(name)
    return names


GAME_NAMES = register_all()
