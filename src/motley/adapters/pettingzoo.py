"""Every Motley game as a PettingZoo environment: `env(game_id, **options)` (the AEC API) and
`parallel_env(game_id, **options)` (the parallel API, for simultaneous games).

* Agents are the seats, named after them (`white`, `black`, ...; `seat_<n>` where names repeat).
* An action is an integer code of `motley.adapters.encoding`; the action space is
  `Discrete(num_distinct_actions)` and every observation carries the mask of the codes legal
  for that agent now (all zero when it is not its turn).
* An observation is a dict: `observation`, the fixed-shape array of `motley.adapters.tensor`
  drawn from the seat's view, and `action_mask`. `env.view(agent)` is the seat's view as JSON
  text, for agents that read the rules' own notation (not put in `infos`: it costs a copy of
  the position's history at every step).
* Chance nodes are resolved inside the environment with exact probabilities, from the RNG that
  `reset(seed=...)` seeds; a seeded environment given the same actions replays exactly.
* Simultaneous nodes: in the AEC API the seats to act commit one after the other, each
  commitment hidden from the others until the last one resolves the node with
  `apply_joint`; in the parallel API they act at once.
* Rewards are the game's returns at the end (zero before); the game ending is a termination.
  `env.record()` is the game so far as a Motley record.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv, ParallelEnv

from motley.adapters import tensor
from motley.adapters.encoding import Codebook, EncodingError, encoding
from motley.adapters.play import Play, rules_for
from motley.core import registry
from motley.core.driver import pick_outcome
from motley.core.record import GameRecord
from motley.core.rules import SPECTATOR, NodeKind, Rules


def agent_names(rules: Rules[Any, Any]) -> list[str]:
    """One name per seat: the seat's name in lower case, or `seat_<n>` if names repeat."""
    spec = rules.spec
    names = [spec.seat_name(s).lower().replace(" ", "_") for s in range(spec.players)]
    if len(set(names)) < len(names) or not all(n.isidentifier() for n in names):
        names = [f"seat_{s}" for s in range(spec.players)]
    return names


class Seats:
    """The game, its codes and spaces, and the game in progress: what both APIs share."""

    def __init__(self, game_id: str, options: Mapping[str, Any]) -> None:
        registry.rules_class(game_id).spec.resolve_options(options)  # a clear error first
        self.rules = rules_for(game_id, options)
        self.book: Codebook = encoding(game_id).decisions
        self.names = agent_names(self.rules)
        self.seat_of = {name: seat for seat, name in enumerate(self.names)}
        self.shape = tensor.shape(self.rules)
        size = self.book.size
        self.observation_spaces = {
            name: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, np.inf, self.shape, np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for name in self.names
        }
        self.action_spaces = {name: gymnasium.spaces.Discrete(size) for name in self.names}
        self.rng = random.Random()
        self.play = Play(self.rules)
        self.pending: dict[int, Any] = {}  # commitments at a simultaneous node

    def reset(self, seed: int | None) -> None:
        self.rng = random.Random(seed)
        self.play = Play(self.rules)
        self.pending = {}
        self.resolve_chance()

    def resolve_chance(self) -> None:
        play = self.play
        while self.rules.kind(play.state) is NodeKind.CHANCE:
            play.apply(pick_outcome(play.chance_outcomes(), self.rng))

    def to_act(self) -> list[int]:
        """Seats still to choose here (at a simultaneous node: those not yet committed)."""
        return [s for s in self.rules.actors(self.play.state) if s not in self.pending]

    def menu(self, seat: int) -> dict[int, Any]:
        rules, state = self.rules, self.play.state
        if seat not in self.to_act():
            return {}
        book = self.book
        return {book.code(rules.action_text(state, a)): a for a in rules.legal_actions(state, seat)}

    def choose(self, seat: int, code: Any) -> None:
        """Apply (or, at a simultaneous node, commit) `seat`'s action code."""
        menu = self.menu(seat)
        try:
            action = menu[int(code)]
        except (KeyError, TypeError, ValueError):
            name = self.names[seat]
            raise EncodingError(f"action {code!r} is not legal for {name} now") from None
        if self.rules.kind(self.play.state) is NodeKind.SIMULTANEOUS:
            self.pending[seat] = action
            if not self.to_act():
                joint, self.pending = self.pending, {}
                self.play.apply_joint(joint)
        else:
            self.play.apply(action)
        self.resolve_chance()

    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        board = np.zeros(self.shape, np.float32)
        tensor.fill(self.rules, self.rules.view(self.play.state, seat), seat, board)
        mask = np.zeros(self.book.size, np.int8)
        mask[list(self.menu(seat))] = 1
        return {"observation": board, "action_mask": mask}

    def info(self, seat: int) -> dict[str, Any]:
        return {}

    def over(self) -> bool:
        return bool(self.rules.is_terminal(self.play.state))

    def returns(self) -> dict[str, float]:
        values = self.rules.returns(self.play.state)
        return {name: float(values[s]) for s, name in enumerate(self.names)}


class _SeatsShown:
    """What both environments share beyond the API's steps: the board as text, the record,
    a seat's view (`seats` and `render_mode` are set by each environment's constructor)."""

    seats: Seats
    render_mode: str | None

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (only 'ansi')")
            return None
        return str(self.seats.rules.render(self.seats.play.state, SPECTATOR))

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""

    def record(self) -> GameRecord:
        return self.seats.play.record()

    def view(self, agent: str) -> str:
        """What `agent`'s seat sees now, as the view's JSON text."""
        return self.seats.play.view_text(self.seats.seat_of[agent])


class MotleyEnv(_SeatsShown, AECEnv):  # type: ignore[misc]
    """A Motley game under PettingZoo's AEC API."""

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.seats = Seats(game_id, options)
        self.metadata = {"render_modes": ["ansi"], "name": f"motley_{game_id}"}
        self.render_mode = render_mode
        self.possible_agents = list(self.seats.names)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.seats.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.seats.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.seats.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {name: self.seats.info(s) for s, name in enumerate(self.agents)}
        self._select()

    def _select(self) -> None:
        to_act = self.seats.to_act()
        if to_act:
            self.agent_selection = self.seats.names[to_act[0]]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        return self.seats.observe(self.seats.seat_of[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.seats.choose(self.seats.seat_of[agent], action)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.seats.over():
            self.rewards = self.seats.returns()
            self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {name: self.seats.info(self.seats.seat_of[name]) for name in self.agents}
        self._cumulative_rewards[agent] = 0.0
        self._select()
        self._accumulate_rewards()


class MotleyParallelEnv(_SeatsShown, ParallelEnv):  # type: ignore[misc]
    """A Motley game under PettingZoo's parallel API: every seat to act acts in one step
    (at a decision node, only the seat to act; the others' actions are not needed)."""

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any) -> None:
        self.seats = Seats(game_id, options)
        self.metadata = {"render_modes": ["ansi"], "name": f"motley_{game_id}"}
        self.render_mode = render_mode
        self.possible_agents = list(self.seats.names)
        self.agents: list[str] = []

    @functools.cache  # noqa: B019 (one env, a handful of agents)
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.seats.observation_spaces[agent]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.seats.action_spaces[agent]

    def _observations(self) -> dict[str, Any]:
        return {name: self.seats.observe(self.seats.seat_of[name]) for name in self.agents}

    def _infos(self) -> dict[str, Any]:
        return {name: self.seats.info(self.seats.seat_of[name]) for name in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.seats.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos()

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        seats = self.seats
        to_act = seats.to_act()
        missing = [seats.names[s] for s in to_act if seats.names[s] not in actions]
        if missing:
            raise EncodingError(f"no action given for {', '.join(missing)}, who must act now")
        for seat in to_act:
            seats.choose(seat, actions[seats.names[seat]])
        over = seats.over()
        rewards = seats.returns() if over else dict.fromkeys(self.agents, 0.0)
        observations, infos = self._observations(), self._infos()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def env(game_id: str, **options: Any) -> MotleyEnv:
    """The AEC environment of a Motley game with its house rules (`render_mode="ansi"`)."""
    return MotleyEnv(game_id, **options)


def parallel_env(game_id: str, **options: Any) -> MotleyParallelEnv:
    """The parallel environment of a Motley game (made for its simultaneous nodes)."""
    return MotleyParallelEnv(game_id, **options)
