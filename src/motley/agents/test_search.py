"""Search players on toy games with known answers: chance, teams, cooperation, puzzles,
simultaneous moves."""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from typing import Any

import pytest

from motley.agents import AlphaBetaPlayer, GreedyPlayer, MctsPlayer, make_agent
from motley.agents.alphabeta import AlphaBeta
from motley.agents.testing import Lottery, LotteryState
from motley.core.driver import play
from motley.core.rules import NodeKind, Rules
from motley.core.toys import (
    CooperativeCount,
    CountState,
    DiceRace,
    DoublingPuzzle,
    MatchingPennies,
    RaceState,
    TeamRelay,
)


def choose_text(player: Any, rules: Rules[Any, Any], state: Any, seed: int = 0) -> str:
    (seat,) = rules.actors(state)
    actions = list(rules.legal_actions(state, seat))
    view = rules.view(state, seat)
    return rules.action_text(state, player.choose(rules, view, seat, actions, random.Random(seed)))


# -- chance nodes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "player",
    [
        AlphaBetaPlayer(seconds=None, depth=2),
        MctsPlayer(iterations=3000),
        GreedyPlayer(),
    ],
    ids=["alphabeta", "mcts", "greedy"],
)
@pytest.mark.parametrize("seed", range(3))
def test_lottery_takes_the_best_mean(player: Any, seed: int) -> None:
    """Only the expectation prefers 'die' (not the best case, not the worst case)."""
    rules = Lottery()
    assert choose_text(player, rules, rules.initial_state(), seed) == "die"


class CoinLottery(Lottery):
    """The lottery with the coin ticket keeping only which half the die fell in: six
    outcomes, two distinct results."""

    def apply(self, state: LotteryState, action: str) -> LotteryState:
        after = super().apply(state, action)
        if after.ticket == "coin" and after.face:
            return LotteryState("coin", 1 if after.face <= 3 else 6)
        return after


@pytest.mark.parametrize("seed", range(8))
def test_outcomes_with_one_result_are_searched_once(seed: int) -> None:
    """Six outcomes but two results: valued exactly, though only two outcomes would be
    sampled."""
    rules = CoinLottery()
    player = AlphaBetaPlayer(seconds=None, depth=2, chance_samples=2)
    search = AlphaBeta(player, rules, 0, random.Random(seed))
    coin = rules.apply(rules.initial_state(), "coin")
    assert search.search(coin, 2, -math.inf, math.inf, 0) == pytest.approx(0.0)


def expectiminimax(rules: DiceRace, state: RaceState) -> float:
    """Seat 0's exact game value by brute force (no pruning), for checking alpha-beta."""

    @functools.cache
    def value(s: RaceState) -> float:
        kind = rules.kind(s)
        if kind is NodeKind.TERMINAL:
            return 2.0 * rules.returns(s)[0]
        if kind is NodeKind.CHANCE:
            return sum(float(p) * value(rules.apply(s, o)) for o, p in rules.chance_outcomes(s))
        children = [value(rules.apply(s, a)) for a in rules.legal_actions(s)]
        return max(children) if s.turn == 0 else min(children)

    return value(state)


@pytest.mark.parametrize("start", [RaceState(), RaceState((3, 4), 0), RaceState((5, 2), 1)])
def test_expectimax_value_is_exact(start: RaceState) -> None:
    rules = DiceRace({"target": 7})
    search = AlphaBeta(AlphaBetaPlayer(seconds=None, depth=40), rules, 0, random.Random(0))
    found = search.search(start, 40, -math.inf, math.inf, 0)
    # alpha-beta discounts wins by a ten-thousandth per ply; the reference does not
    assert found == pytest.approx(expectiminimax(rules, start), abs=5e-3)


def test_dice_race_choice_matches_the_exact_values() -> None:
    rules = DiceRace({"target": 7})
    player = AlphaBetaPlayer(seconds=None, depth=40)
    for scores in [(0, 0), (5, 5), (6, 0), (2, 6)]:
        state = RaceState(scores, 0)
        values = {
            rules.action_text(state, a): expectiminimax(rules, rules.apply(state, a))
            for a in rules.legal_actions(state)
        }
        best = max(values.values())
        chosen = choose_text(player, rules, state)
        assert values[chosen] == pytest.approx(best, abs=1e-9), (scores, values)


def test_mcts_beats_random_at_the_dice_race() -> None:
    rules = DiceRace()
    wins = 0
    for game in range(12):
        seat = game % 2
        agents = {seat: MctsPlayer(iterations=200), 1 - seat: make_agent("random", "")}
        result = play(rules, agents, f"race{game}").record.result
        assert result is not None
        wins += result[seat] > 0
    assert wins >= 9


# -- teams, cooperation, puzzles ---------------------------------------------------------------

SEARCHERS = [AlphaBetaPlayer(seconds=None, nodes=20000), MctsPlayer(iterations=2000)]


@pytest.mark.parametrize("player", SEARCHERS, ids=["alphabeta", "mcts"])
def test_team_relay_counts_on_the_team_mate(player: Any) -> None:
    """At 6 only '+1' wins, and only through the partner's move two plies later."""
    rules = TeamRelay()
    for plies in range(4):  # every seat, on either team
        assert choose_text(player, rules, CountState(6, plies)) == "+1"


@pytest.mark.parametrize("player", SEARCHERS, ids=["alphabeta", "mcts"])
def test_cooperative_count_lands_on_seven(player: Any) -> None:
    rules = CooperativeCount()
    assert choose_text(player, rules, CountState(6, 1)) == "+1"
    assert choose_text(player, rules, CountState(5, 0)) in ("+1", "+2")


@pytest.mark.parametrize("player", SEARCHERS, ids=["alphabeta", "mcts"])
def test_doubling_puzzle_is_solved(player: Any) -> None:
    rules = DoublingPuzzle()
    result = play(rules, {0: player}, "puzzle").record.result
    assert result == (1.0,)


# -- simultaneous moves --------------------------------------------------------------------------


def test_matching_pennies_is_played_mixed() -> None:
    """Decoupled UCT, mixed: neither face dominates, so the answers vary with the seed."""
    rules = MatchingPennies()
    state = rules.initial_state()
    player = MctsPlayer(iterations=400, mixed=True)
    for seat in (0, 1):
        actions = list(rules.legal_actions(state, seat))
        picks = Counter(
            player.choose(rules, state, seat, actions, random.Random(s)).word for s in range(24)
        )
        assert set(picks) == {"heads", "tails"}


def test_by_default_the_most_visited_simultaneous_action_is_played() -> None:
    from motley.agents.mcts import Search, action_key

    rules = MatchingPennies()
    state = rules.initial_state()
    actions = list(rules.legal_actions(state, 0))
    decided = 0
    for seed in range(6):
        search = Search(MctsPlayer(), rules, state, 0, random.Random(seed))
        for _ in range(200):
            search.iterate()
        edges = search.root.tables[0].edges
        visits = [edges[action_key(rules, state, a)].visits for a in actions]
        if visits[0] != visits[1]:
            assert search.best(actions) == actions[visits.index(max(visits))]
            decided += 1
    assert decided  # some searches did prefer one face, so the check above was made


# -- the transposition key ---------------------------------------------------------------------


def test_transpositions_share_a_key_and_history_is_left_out() -> None:
    from motley.agents.alphabeta import position_key
    from motley.core import registry

    rules = registry.make("chess")

    def after(*moves: str) -> Any:
        state = rules.initial_state()
        for text in moves:
            state = rules.apply(state, rules.parse_action(state, text))
        return state

    one = after("g1f3", "g8f6", "b1c3")
    other = after("b1c3", "g8f6", "g1f3")
    assert one != other  # their histories differ
    assert position_key(rules, one) == position_key(rules, other)
    assert position_key(rules, one) != position_key(rules, after("g1f3", "g8f6", "b1a3"))
    # a dataclass state keys by its fields
    race = DiceRace()
    assert position_key(race, RaceState((1, 2), 1)) == position_key(race, RaceState((1, 2), 1))
    assert position_key(race, RaceState((1, 2), 1)) != position_key(race, RaceState((2, 1), 1))


def test_a_perfect_information_search_lists_each_nodes_actions_once() -> None:
    from motley.agents.mcts import Search

    asked: Counter[RaceState] = Counter()

    class CountingRace(DiceRace):
        def legal_actions(self, state: RaceState, seat: int | None = None) -> Any:
            asked[state] += 1
            return super().legal_actions(state, seat)

    rules = CountingRace()
    state = rules.initial_state()
    search = Search(MctsPlayer(playout=0), rules, state, 0, random.Random(1))
    for _ in range(300):
        search.iterate()
    # without playouts, actions are listed only in the tree: once per node and seat there
    # (equal states reached by other paths are other nodes, so a state may count a few times)
    assert search.root.tables[0].passes == 300
    assert asked[state] == 1
    assert sum(asked.values()) < 300
