"""Alpha-beta search with expectimax at chance nodes, for turn-based perfect-information games.

Iterative deepening to a depth, a node count or a time limit (under a time limit no new
depth is begun once half the time is gone: it would rarely finish, and a prompt answer
matters more); a transposition table keyed by what a state offers for the purpose; move
ordering by the table's best move, killer moves, a one-ply look at each move's evaluation
(so captures come first, the most valuable victim first) and the history of moves that cut
off elsewhere; and a short quiescence search that follows only "noisy" moves (those that
change the evaluation by about a pawn or more, such as captures and promotions) past the
horizon, so a search does not stop in the middle of an exchange.

Opening variety: with `variety` above zero, root moves are searched with a window that
keeps every move within `variety` of the best exact, and the player picks among those at
random (from its seeded stream), so two games need not repeat; a move that loses by force
is never within reach of one that does not.

Values are from the searching seat's side: its team maximises, every other seat minimises
(the paranoid reading for more than two sides), and in cooperative games and puzzles every
seat maximises. A chance node is worth the probability-weighted mean of its outcomes, each
searched with a full window; outcomes that lead to the same position are searched once, and
a chance node with many distinct results is estimated from a sample.

Games with hidden information or simultaneous moves are outside minimax: there the player
hands the decision to MCTS with the same budget.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from motley.agents.base import (
    TERMINAL_WEIGHT,
    Budget,
    Clock,
    SeatValues,
    action_key,
    perfect_information,
    search_rng,
    team_table,
)
from motley.agents.mcts import MctsPlayer
from motley.core.driver import pick_outcome
from motley.core.errors import MotleyError
from motley.core.player import Player, Turn
from motley.core.rules import NodeKind, Rules
from motley.core.spec import Utility

EXACT, LOWER, UPPER = 0, 1, 2
#: the evaluation change, in units of the evaluation's local slope, that makes a move "noisy"
#: for quiescence: about 80 centipawns for the chess kit's evaluation (whose slope near an
#: equal position is 1/1000 per centipawn), so captures count and piece placement does not
NOISE = 0.08
#: a quicker win (or slower loss) is worth this much more per ply
PLY_DISCOUNT = 1e-4
#: consecutive chance nodes searched before the rest of a run of dice is estimated
CHANCE_CHAIN = 3
#: how often (in nodes) the clock is read (every node: a node costs far more than a reading)
CLOCK_STRIDE = 1
#: under a time limit, no new depth is begun after this share of the time
SOFT_LIMIT = 0.5


class OutOfBudget(Exception):
    """Raised inside the search when the node count or the clock runs out."""


@dataclass(frozen=True)
class AlphaBetaPlayer(Player):
    """Iterative-deepening alpha-beta; `nodes`, `seconds` and `depth` bound the search."""

    # a lone action is played at once here and by the MCTS fallback alike
    forced_at_once: ClassVar[bool] = True

    seconds: float | None = 1.0
    nodes: int | None = None
    depth: int | None = None
    seed: int = 0
    quiescence: int = 4  # extra plies of noisy moves at the horizon (0: none)
    chance_samples: int = 12  # outcomes beyond this many are sampled, not enumerated
    variety: float = 0.0  # root moves this close to the best are chosen among at random

    def __post_init__(self) -> None:
        if self.depth is not None and self.depth < 1:
            raise MotleyError(f"alphabeta: depth must be at least 1, not {self.depth}")
        if self.depth is None or self.nodes is not None or self.seconds is not None:
            Budget(self.nodes, self.seconds)  # validates; without a depth, something must stop
        if self.quiescence < 0 or self.chance_samples < 1:
            raise MotleyError("alphabeta: quiescence must be >= 0 and chance_samples >= 1")
        if not 0 <= self.variety < 1:
            raise MotleyError(f"alphabeta: variety must be in [0, 1), not {self.variety}")

    def decide(self, turn: Turn) -> Any:
        rules = turn.rules
        if not perfect_information(rules.spec):
            return turn.hand_to(self.fallback())
        own = search_rng(self.seed, turn.rng)
        state = rules.sample_hidden(turn.view, own)  # the view itself, for perfect information
        search = AlphaBeta(self, rules, turn.seat, own)
        return search.run(state, turn.actions)

    def fallback(self) -> MctsPlayer:
        """The MCTS player used where minimax does not apply, with about the same budget.

        An MCTS pass costs about as much as two alpha-beta nodes (each node here also looks
        one ply ahead for move ordering), hence half as many passes as nodes.
        """
        if self.nodes is None and self.seconds is None:
            return MctsPlayer(seed=self.seed)
        passes = None if self.nodes is None else max(1, self.nodes // 2)
        return MctsPlayer(iterations=passes, seconds=self.seconds, seed=self.seed)


class TableEntry:
    __slots__ = ("best", "depth", "flag", "value")

    def __init__(self, depth: int, value: float, flag: int, best: Hashable | None) -> None:
        self.depth = depth
        self.value = value
        self.flag = flag
        self.best = best


def position_key(rules: Rules[Any, Any], state: Any) -> Hashable | None:
    """A hashable stand-in for a state, or None when it offers none.

    A state that is a named tuple or a dataclass is keyed by its fields, leaving out any
    field typed as the state's own class: that is a link back to earlier states (kept for
    repetition), which would make the key cost as much as the game so far and keep two
    transpositions of one position apart. Other hashable states key themselves; anything
    else is keyed by its JSON text.
    """
    kept = _kept_fields(type(state))
    key: Any = state if kept is None else (type(state), *(getattr(state, f) for f in kept))
    try:
        hash(key)
    except TypeError:
        try:
            return json.dumps(rules.state_to_json(state), sort_keys=True)
        except (TypeError, ValueError, MotleyError):
            return None
    return key  # type: ignore[no-any-return]


_KEPT: dict[type, tuple[str, ...] | None] = {}


def _kept_fields(cls: type) -> tuple[str, ...] | None:
    """The fields of a named-tuple or dataclass state that are not links to earlier states."""
    if cls not in _KEPT:
        _KEPT[cls] = _fields_without_history(cls)
    return _KEPT[cls]


def _fields_without_history(cls: type) -> tuple[str, ...] | None:
    if dataclasses.is_dataclass(cls):
        typed = {f.name: str(f.type) for f in dataclasses.fields(cls)}
    elif issubclass(cls, tuple) and hasattr(cls, "_fields"):
        notes = getattr(cls, "__annotations__", {})
        typed = {name: str(notes.get(name, "")) for name in cls._fields}
    else:
        return None
    own = re.compile(rf"\b{re.escape(cls.__name__)}\b")
    return tuple(name for name, note in typed.items() if not own.search(note))


class AlphaBeta:
    """The search of one decision (mutable: table, killers, counters)."""

    def __init__(
        self, player: AlphaBetaPlayer, rules: Rules[Any, Any], seat: int, rng: random.Random
    ) -> None:
        self.player = player
        self.rules = rules
        self.rng = rng
        self.values = SeatValues(rules)
        self.seat = seat
        spec = rules.spec
        every = spec.utility in (Utility.COOPERATIVE, Utility.SCORE)
        friends = team_table(spec)[seat]
        self.maximiser = tuple(every or s in friends for s in range(spec.players))
        self.table: dict[Hashable, TableEntry] = {}
        self.killers: dict[int, Hashable] = {}
        self.history: dict[Hashable, int] = {}
        self.clock: Clock | None = None
        if player.nodes is not None or player.seconds is not None:
            self.clock = Budget(player.nodes, player.seconds).clock()
        self.horizon_reached = False

    # -- driving the deepening ----------------------------------------------------------------

    def run(self, state: Any, actions: Sequence[Any]) -> Any:
        rules = self.rules
        order = list(actions)
        self.rng.shuffle(order)  # equal moves are then chosen among at random
        order.sort(key=lambda a: -self.guess(rules.apply(state, a)))
        near = [order[0]]  # the best move and those within `variety` of it
        depth = 0
        clock = self.clock
        soft = None if clock is None or clock.seconds is None else SOFT_LIMIT * clock.seconds
        while self.player.depth is None or depth < self.player.depth:
            if depth and soft is not None and clock is not None and clock.elapsed() >= soft:
                break
            depth += 1
            self.horizon_reached = False
            try:
                near, scores = self.root(state, order, depth)
            except OutOfBudget as stop:
                partial = stop.args[0] if stop.args else None
                if partial is not None and partial[0] is not near[0]:
                    near = partial  # this depth overturned the previous best
                break
            order.sort(key=lambda a: -scores[id(a)])
            if not self.horizon_reached or abs(max(scores.values())) >= TERMINAL_WEIGHT / 2:
                break  # the whole tree is seen, or a forced result is found
        return near[self.rng.randrange(len(near))] if len(near) > 1 else near[0]

    def root(self, state: Any, order: list[Any], depth: int) -> tuple[list[Any], dict[int, float]]:
        """The best move (first) with the moves near it, and every move's score at `depth`."""
        variety = self.player.variety
        best_value = -math.inf
        scores: dict[int, float] = {}
        for index, action in enumerate(order):
            try:
                child = self.rules.apply(state, action)
                value = self.search(child, depth - 1, best_value - variety, math.inf, 1)
            except OutOfBudget:
                # the first move of each iteration is the previous best: once it has been
                # searched, whatever beat it in this iteration is a sound choice
                near = self.near(order[:index], scores, best_value) if index > 0 else None
                raise OutOfBudget(near) from None
            scores[id(action)] = value
            best_value = max(best_value, value)
        # moves refuted by the window keep their (upper-bound) scores for ordering only
        return self.near(order, scores, best_value), scores

    def near(self, order: list[Any], scores: dict[int, float], best: float) -> list[Any]:
        """The best-scored move first, then the others within `variety` of it."""
        top = next(a for a in order if scores[id(a)] == best)
        if best >= TERMINAL_WEIGHT / 2:
            return [top]  # a forced win: take the quickest, no variety
        close = [a for a in order if a is not top and scores[id(a)] >= best - self.player.variety]
        return [top, *close] if self.player.variety > 0 else [top]

    # -- the recursive search -----------------------------------------------------------------

    def tick(self) -> None:
        clock = self.clock
        if clock is None:
            return
        clock.done += 1
        limit = clock.limit
        if limit is not None and clock.done >= limit:
            raise OutOfBudget()
        if clock.deadline is not None and clock.done % CLOCK_STRIDE == 0 and clock.spent():
            raise OutOfBudget()

    def guess(self, state: Any) -> float:
        """The searching seat's heuristic value of a state, without asking if it is over.

        Asking would generate the state's moves; the ordering and quiescence steps call this
        for every move, so they use the evaluation alone and leave game ends to the search.
        """
        return self.values.heuristic_of(state, self.seat)

    def terminal(self, state: Any, ply: int) -> float:
        value = TERMINAL_WEIGHT * self.values.terminal(state)[self.seat]
        if value > 0:
            return value - PLY_DISCOUNT * ply
        if value < 0:
            return value + PLY_DISCOUNT * ply
        return value

    def search(
        self, state: Any, depth: int, alpha: float, beta: float, ply: int, chain: int = 0
    ) -> float:
        self.tick()
        rules = self.rules
        kind = rules.kind(state)
        if kind is NodeKind.TERMINAL:
            return self.terminal(state, ply)
        if kind is NodeKind.CHANCE:
            if depth <= 0 or chain >= CHANCE_CHAIN:
                # at the horizon, or deep in a run of dice (re-rolled ties can run on for
                # ever): judge the position as it stands instead of enumerating further
                self.horizon_reached = True
                return self.guess(state)
            return self.chance(state, depth, ply, chain + 1)
        if kind is not NodeKind.DECISION:
            raise MotleyError(f"alphabeta: {rules.spec.id} reached a {kind.value} node")
        if depth <= 0:
            self.horizon_reached = True
            return self.quiesce(state, alpha, beta, self.player.quiescence, ply)
        (actor,) = rules.actors(state)
        maximise = self.maximiser[actor]
        key = position_key(rules, state)
        entry = self.table.get(key) if key is not None else None
        if entry is not None and entry.depth >= depth:
            if entry.flag == EXACT:
                return entry.value
            if entry.flag == LOWER and entry.value >= beta:
                return entry.value
            if entry.flag == UPPER and entry.value <= alpha:
                return entry.value
        children = self.ordered(state, actor, entry.best if entry else None, ply, maximise)
        low, high = alpha, beta
        best_value = -math.inf if maximise else math.inf
        best_key: Hashable | None = None
        for move_key, child in children:
            value = self.search(child, depth - 1, low, high, ply + 1)
            if maximise:
                if value > best_value:
                    best_value, best_key = value, move_key
                low = max(low, value)
            else:
                if value < best_value:
                    best_value, best_key = value, move_key
                high = min(high, value)
            if low >= high:
                self.killers[ply] = move_key
                self.history[move_key] = self.history.get(move_key, 0) + depth * depth
                break
        if key is not None:
            if best_value <= alpha:
                flag = UPPER
            elif best_value >= beta:
                flag = LOWER
            else:
                flag = EXACT
            self.table[key] = TableEntry(depth, best_value, flag, best_key)
        return best_value

    def ordered(
        self, state: Any, actor: int, hint: Hashable | None, ply: int, maximise: bool
    ) -> list[tuple[Hashable, Any]]:
        """(key, child) pairs, most promising first for the side to move."""
        rules = self.rules
        killer = self.killers.get(ply)
        history = self.history
        scored = []
        for action in rules.legal_actions(state, actor):
            key = action_key(rules, state, action)
            child = rules.apply(state, action)
            guess = self.guess(child)
            if not maximise:
                guess = -guess
            if key == hint:
                guess += 100.0
            elif key == killer:
                guess += 10.0
            cuts = history.get(key, 0)
            if cuts:  # a tie-break among moves the evaluation finds alike
                guess += 0.005 * cuts / (cuts + 64)
            scored.append((guess, key, child))
        scored.sort(key=lambda item: -item[0])
        return [(key, child) for _, key, child in scored]

    def chance(self, state: Any, depth: int, ply: int, chain: int) -> float:
        """Expectimax: the mean over outcomes (exact, or over a sample when there are many).

        Outcomes that lead to the same position (two dice whose only effect is who wins a
        fight, say) are searched once with their chances added, so a node of many outcomes
        but few distinct results is valued exactly rather than from a noisy sample.
        """
        rules = self.rules
        outcomes = rules.chance_outcomes(state)
        samples = self.player.chance_samples
        results = self.distinct_results(state, outcomes, samples)
        if results is not None:
            return sum(
                p * self.search(child, depth, -math.inf, math.inf, ply, chain)
                for p, child in results
            )
        if len(outcomes) <= samples:
            return sum(
                float(p)
                * self.search(rules.apply(state, o), depth, -math.inf, math.inf, ply, chain)
                for o, p in outcomes
            )
        drawn = [pick_outcome(outcomes, self.rng) for _ in range(samples)]
        total = sum(
            self.search(rules.apply(state, o), depth, -math.inf, math.inf, ply, chain)
            for o in drawn
        )
        return total / samples

    def distinct_results(
        self, state: Any, outcomes: Sequence[tuple[Any, Any]], most: int
    ) -> list[tuple[float, Any]] | None:
        """(chance, position) per distinct result of a chance node, or None where a result
        has no key to compare by or there are more than `most` (then a sample is searched,
        and the outcomes are not all made first)."""
        rules = self.rules
        merged: dict[Hashable, list[Any]] = {}
        for outcome, p in outcomes:
            child = rules.apply(state, outcome)
            key = position_key(rules, child)
            if key is None:
                return None
            if key in merged:
                merged[key][0] += float(p)
            elif len(merged) == most:
                return None
            else:
                merged[key] = [float(p), child]
        return [(p, child) for p, child in merged.values()]

    def quiesce(self, state: Any, alpha: float, beta: float, left: int, ply: int) -> float:
        """Past the horizon: stand pat, or follow moves that change the evaluation."""
        stand = self.guess(state)
        if left <= 0:
            return stand
        rules = self.rules
        (actor,) = rules.actors(state)
        maximise = self.maximiser[actor]
        if maximise:
            if stand >= beta:
                return stand
            alpha = max(alpha, stand)
        else:
            if stand <= alpha:
                return stand
            beta = min(beta, stand)
        noisy = []
        # a gain measured against the evaluation's slope where it stands (squashed values
        # flatten towards +-1), so a capture is noisy in a won position too
        threshold = NOISE * max(1e-3, (1 - min(1.0, abs(stand))) ** 2)
        for action in rules.legal_actions(state, actor):
            child = rules.apply(state, action)
            gain = self.guess(child) - stand
            if not maximise:
                gain = -gain
            if gain > threshold:
                noisy.append((gain, child))
        noisy.sort(key=lambda item: -item[0])
        best = stand
        for _, child in noisy:
            self.tick()
            kind = rules.kind(child)
            if kind is NodeKind.TERMINAL:
                value = self.terminal(child, ply + 1)
            elif kind is NodeKind.DECISION:
                value = self.quiesce(child, alpha, beta, left - 1, ply + 1)
            else:
                value = self.guess(child)
            if maximise:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best
