"""Monte Carlo tree search over the game API, for every kind of game.

One search handles all node kinds:

* decision nodes: UCT, each seat maximising its own value (so team-mates, whose returns are
  equal, pull together, and cooperative seats share one goal);
* chance nodes: an outcome is drawn with its listed probability on every pass, so the tree
  grows one child per outcome met and visits them in proportion;
* simultaneous nodes: decoupled UCT. Each actor keeps its own statistics and chooses as if
  alone; the joint choice picks the child. At the root the player's action is drawn from its
  visit counts, a mixed strategy that an opponent cannot read off;
* hidden information: information-set MCTS. Every pass starts from a fresh full state
  drawn by `rules.sample_hidden(view, rng)`, and a node's statistics are shared by all the
  states that reach it by the same actions. An action's exploration term counts the passes
  in which it was available, since a guessed state may not offer every action.

Values are backed up per seat and rescaled to [0, 1] by the range seen so far, so the
exploration constant means the same in games scored 1/-1, by stakes, or by points.
Playouts are random. Where the game supplies an evaluation, a playout stops after a few
plies and the evaluation scores it; otherwise it runs to the end (with a cap).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from motley.agents.base import (
    Budget,
    SeatValues,
    action_key,
    has_heuristic,
    pick_index,
    search_rng,
)
from motley.core.driver import pick_outcome, random_step
from motley.core.errors import MotleyError
from motley.core.player import Player, Turn
from motley.core.rules import NodeKind, Rules
from motley.core.spec import Trait

#: playout length when the game has an evaluation to score the last state
HEURISTIC_PLAYOUT = 4
#: playout cap for games without an evaluation (such a playout then scores as a draw)
FULL_PLAYOUT_CAP = 1000


@dataclass(frozen=True)
class MctsPlayer(Player):
    """UCT / IS-MCTS / decoupled UCT, stopping at `iterations` passes or `seconds`."""

    forced_at_once: ClassVar[bool] = True

    iterations: int | None = 1000
    seconds: float | None = None
    seed: int = 0
    exploration: float = 0.7
    playout: int | None = None  # plies before evaluating; None: chosen per game
    # At a simultaneous root, play the most visited action (False) or draw one in proportion
    # to the visits, the mixed strategy decoupled UCT approximates (True). The mixed draw is
    # the sound choice in pure guessing games; the most visited is far stronger where good
    # moves matter more than surprise (Synchronous Chess at 0.1 s a move against random:
    # 20 wins of 20, against 4 wins, 13 draws and 3 losses with the mixed draw).
    mixed: bool = False

    def __post_init__(self) -> None:
        Budget(self.iterations, self.seconds)  # validates
        if self.exploration < 0:
            raise MotleyError(f"mcts: exploration must be >= 0, not {self.exploration}")
        if self.playout is not None and self.playout < 0:
            raise MotleyError(f"mcts: playout must be >= 0, not {self.playout}")

    def decide(self, turn: Turn) -> Any:
        search = Search(self, turn.rules, turn.view, turn.seat, search_rng(self.seed, turn.rng))
        clock = Budget(self.iterations, self.seconds).clock()
        while True:
            search.iterate()
            if not clock.tick():
                break
        return search.best(turn.actions)

    def playout_length(self, rules: Rules[Any, Any]) -> int:
        if self.playout is not None:
            return self.playout
        return HEURISTIC_PLAYOUT if has_heuristic(rules) else FULL_PLAYOUT_CAP


class Edge:
    """Statistics of one action of one seat at one node (mutable search scratch)."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0  # sum of the acting seat's values through this edge
        self.available = 1  # passes in which the action could be chosen (IS-MCTS)


class Node:
    """A node of the tree: per-seat edge tables and children by action (or joint) key."""

    __slots__ = ("children", "tables")

    def __init__(self) -> None:
        self.tables: dict[int, Table] = {}
        self.children: dict[Hashable, Node] = {}

    def table(self, seat: int) -> Table:
        table = self.tables.get(seat)
        if table is None:
            table = self.tables[seat] = Table()
        return table

    def child(self, key: Hashable) -> tuple[Node, bool]:
        """The child under `key`, and whether it was just created."""
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
            return node, True
        return node, False


class Table:
    """One seat's edges at a node, and (perfect information) its legal actions and keys."""

    __slots__ = ("actions", "edges", "keys", "passes")

    def __init__(self) -> None:
        self.edges: dict[Hashable, Edge] = {}
        self.passes = 0
        self.actions: Sequence[Any] | None = None
        self.keys: list[Hashable] = []


class Search:
    """One decision's search tree and its private random stream."""

    def __init__(
        self,
        player: MctsPlayer,
        rules: Rules[Any, Any],
        view: Any,
        seat: int,
        rng: random.Random,
    ) -> None:
        self.rules = rules
        self.view = view
        self.seat = seat
        self.rng = rng
        self.c = player.exploration
        self.mixed = player.mixed
        self.playout = player.playout_length(rules)
        self.hidden = Trait.HIDDEN in rules.spec.traits
        self.values = SeatValues(rules)
        self.root = Node()
        # a perfect-information view is the state itself: sample it once, not every pass
        self.fixed = None if self.hidden else rules.sample_hidden(view, rng)
        self.low = math.inf
        self.high = -math.inf

    # -- one pass ---------------------------------------------------------------------------

    def iterate(self) -> None:
        rules = self.rules
        state = self.fixed if self.fixed is not None else rules.sample_hidden(self.view, self.rng)
        node = self.root
        trail: list[tuple[Edge, int]] = []
        while True:
            kind = rules.kind(state)
            if kind is NodeKind.TERMINAL:
                result = self.values.terminal(state)
                break
            if kind is NodeKind.CHANCE:
                outcome = pick_outcome(rules.chance_outcomes(state), self.rng)
                node, _ = node.child(action_key(rules, state, outcome))
                state = rules.apply(state, outcome)
                continue
            if kind is NodeKind.DECISION:
                (actor,) = rules.actors(state)
                action, key, edge = self.select(node, actor, state)
                trail.append((edge, actor))
                node, fresh = node.child(key)
                state = rules.apply(state, action)
            else:
                joint: dict[int, Any] = {}
                keys: list[Hashable] = []
                for actor in rules.actors(state):
                    action, key, edge = self.select(node, actor, state)
                    trail.append((edge, actor))
                    joint[actor] = action
                    keys.append((actor, key))
                node, fresh = node.child(tuple(keys))
                state = rules.apply_joint(state, joint)
            if fresh:
                result = self.rollout(state)
                break
        self.back_up(trail, result)

    def select(self, node: Node, actor: int, state: Any) -> tuple[Any, Hashable, Edge]:
        """UCT choice for `actor` at `node`: an untried action first, else the best bound."""
        rules = self.rules
        table = node.table(actor)
        table.passes += 1
        if table.actions is not None:
            actions, keys = table.actions, table.keys
        else:
            actions = rules.legal_actions(state, actor)
            keys = [action_key(rules, state, a) for a in actions]
            if not self.hidden:
                # every pass reaches this node in the same state: list its actions once (a
                # sampled hidden state may allow others, so those are listed each pass)
                table.actions, table.keys = actions, keys
        edges = table.edges
        untried: list[int] = []
        for index, key in enumerate(keys):
            edge = edges.get(key)
            if edge is None:
                untried.append(index)
            elif self.hidden:
                edge.available += 1
        if untried:
            index = untried[self.rng.randrange(len(untried))]
            edge = edges[keys[index]] = Edge()
            return actions[index], keys[index], edge
        low, span = self.low, self.high - self.low
        scale = 1.0 / span if span > 0 else 0.0
        log_passes = math.log(table.passes)
        best_index, best_score = 0, -math.inf
        for index, key in enumerate(keys):
            edge = edges[key]
            visits = edge.visits or 1
            mean = ((edge.total / visits) - low) * scale if scale else 0.5
            spread = math.log(edge.available) if self.hidden else log_passes
            score = mean + self.c * math.sqrt(spread / visits)
            if score > best_score:
                best_index, best_score = index, score
        return actions[best_index], keys[best_index], edges[keys[best_index]]

    def rollout(self, state: Any) -> tuple[float, ...]:
        """Random play from `state` for at most `playout` plies, then the seat values."""
        rules, rng = self.rules, self.rng
        for _ in range(self.playout):
            kind = rules.kind(state)
            if kind is NodeKind.TERMINAL:
                return self.values.terminal(state)
            state = random_step(rules, state, rng)
        if rules.kind(state) is NodeKind.TERMINAL:
            return self.values.terminal(state)
        return self.values.estimate(state)

    def back_up(self, trail: list[tuple[Edge, int]], result: tuple[float, ...]) -> None:
        for value in result:
            if value < self.low:
                self.low = value
            if value > self.high:
                self.high = value
        for edge, actor in trail:
            edge.visits += 1
            edge.total += result[actor]

    # -- the answer -------------------------------------------------------------------------

    def best(self, actions: Sequence[Any]) -> Any:
        """The most visited root action (drawn by visits at a simultaneous root)."""
        table = self.root.tables.get(self.seat)
        if table is None:
            return actions[self.rng.randrange(len(actions))]
        state = (
            self.fixed if self.fixed is not None else self.rules.sample_hidden(self.view, self.rng)
        )
        stats = [table.edges.get(action_key(self.rules, state, a)) for a in actions]
        visits = [e.visits if e is not None else 0 for e in stats]
        if self.rules.kind(state) is NodeKind.SIMULTANEOUS and self.mixed:
            return actions[pick_index([float(v) for v in visits], self.rng)]
        top = max(visits)
        candidates = [i for i, v in enumerate(visits) if v == top]

        def mean(index: int) -> float:
            edge = stats[index]
            return edge.total / edge.visits if edge is not None and edge.visits else -math.inf

        best_mean = max(mean(i) for i in candidates)
        candidates = [i for i in candidates if mean(i) == best_mean]
        return actions[candidates[self.rng.randrange(len(candidates))]]
