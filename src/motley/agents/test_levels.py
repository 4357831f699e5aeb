"""The strength levels: mates found and avoided, time budgets kept (on a fake clock),
opening variety, a game's own player asked first, and the cooperative game's planner."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from motley.agents import AlphaBetaPlayer, MctsPlayer, base, describe_level, player_for
from motley.agents.alphabeta import AlphaBeta
from motley.agents.levels import ladder_player
from motley.agents.planner import TurnPlanner
from motley.agents.simple import RandomPlayer
from motley.agents.testing import Lottery
from motley.core import registry
from motley.core.driver import random_walk
from motley.core.rules import NodeKind, Rules

# White mates in two: 1.Rd8+ (the d2 rook) Rxd8 2.Rxd8#; no mate in one
MATE_IN_TWO = "r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1"
# Black to move: 1...Rxa2?? 2.Rd8# (the back rank); any other move keeps the game going
BAIT = "r5k1/5ppp/8/8/8/8/Q4PPP/3R2K1 b - - 0 1"


def choose_text(player: Any, rules: Rules[Any, Any], state: Any, seed: int = 0) -> str:
    (seat,) = rules.actors(state)
    actions = list(rules.legal_actions(state, seat))
    choice = player.choose(rules, rules.view(state, seat), seat, actions, random.Random(seed))
    return rules.action_text(state, choice)


def test_alphabeta_finds_a_mate_in_two() -> None:
    rules = registry.make("chess", {"position": MATE_IN_TWO})
    player = AlphaBetaPlayer(seconds=None, depth=3)
    assert choose_text(player, rules, rules.initial_state()) == "d2d8"


@pytest.mark.parametrize("level", [3, 5])
@pytest.mark.parametrize("seed", range(2))
def test_levels_do_not_walk_into_a_mate_in_one(level: int, seed: int) -> None:
    rules = registry.make("chess", {"position": BAIT})
    state = rules.initial_state()
    assert choose_text(player_for("chess", level, seed), rules, state, seed) != "a8a2"


class FakeClock:
    """A clock that moves on by `step` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.time = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.time += self.step
        return self.time


def test_alphabeta_stops_on_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each node reads the clock once; a 1 s budget at 10 ms a reading stops after ~100."""
    clock = FakeClock(0.01)
    monkeypatch.setattr(base, "now", clock)
    rules = registry.make("chess")
    state = rules.initial_state()
    text = choose_text(AlphaBetaPlayer(seconds=1.0), rules, state)
    assert rules.parse_action(state, text) in rules.legal_actions(state)
    assert 50 <= clock.readings <= 110


def test_alphabeta_begins_no_depth_after_half_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that has used half its time answers with the depth it has finished."""
    clock = FakeClock(0.0)
    monkeypatch.setattr(base, "now", clock)
    rules = registry.make("chess")
    player = AlphaBetaPlayer(seconds=1.0)
    search = AlphaBeta(player, rules, 0, random.Random(0))
    depths: list[int] = []
    real_root = search.root

    def root(state: Any, order: list[Any], depth: int) -> Any:
        depths.append(depth)
        answer = real_root(state, order, depth)
        clock.time += 0.3  # every depth takes 0.3 s of the 1 s budget
        return answer

    monkeypatch.setattr(search, "root", root)
    search.run(rules.initial_state(), list(rules.legal_actions(rules.initial_state())))
    assert depths == [1, 2]  # after 0.6 s no third depth is begun


def test_mcts_stops_on_time(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock(0.01)
    monkeypatch.setattr(base, "now", clock)
    rules = registry.make("zombie")
    state = rules.initial_state()
    choose_text(MctsPlayer(iterations=None, seconds=0.5), rules, state)
    assert 40 <= clock.readings <= 60


def test_variety_opens_differently() -> None:
    """Seeds give level 3 different first moves, and none of them a wing pawn's lunge."""
    rules = registry.make("chess")
    state = rules.initial_state()
    firsts = {choose_text(player_for("chess", 3, seed), rules, state, seed) for seed in range(6)}
    assert len(firsts) > 1
    assert not firsts & {"a2a4", "b2b4", "g2g4", "h2h4", "a2a3", "h2h3"}


@dataclass(frozen=True)
class Oracle:
    """A game's own player: asks the ladder's player it was handed, and says so."""

    generic: Any

    def choose(
        self, rules: Rules[Any, Any], view: Any, seat: int, actions: Any, rng: random.Random
    ) -> Any:
        return self.generic.choose(rules, view, seat, actions, rng)

    def summary(self) -> str:
        return "the lottery's oracle"


class OwnLottery(Lottery):
    """The lottery with a player of its own at level 4 only."""

    def computer(self, level: int, seed: int, generic: Any) -> Any:
        return Oracle(generic) if level == 4 else None


def test_levels_ask_the_game_for_its_own_player_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, Lottery.spec.id, OwnLottery)
    game = Lottery.spec.id
    own = player_for(game, 4, seed=7)
    assert isinstance(own, Oracle)
    assert own.generic == ladder_player(OwnLottery, 4, seed=7)  # handed the ladder's player
    assert player_for(game, 5) == ladder_player(OwnLottery, 5)  # None: the ladder's own
    assert isinstance(player_for(game, 1), RandomPlayer)
    assert describe_level(game, 4) == "level 4: the lottery's oracle"
    assert describe_level(game, 5).startswith("level 5: MCTS")


def test_cooperative_planner_takes_a_capture_the_line_allows() -> None:
    """From random play: once the turn's quiet move is made, a capture the line allows beats
    ending the turn (a point now, with nothing left to wait for)."""
    rules = registry.make("cooperative_solitaire")
    planner = player_for("cooperative_solitaire", 3)
    assert isinstance(planner, TurnPlanner)
    rng = random.Random(2)
    checked = 0
    for state in random_walk(rules, rules.initial_state(), rng, 400):
        if rules.kind(state) is NodeKind.CHANCE:
            continue
        actions = list(rules.legal_actions(state))
        captures = [a for a in actions if type(a).__name__ == "Capture"]
        if captures and not state.quiet_left and checked < 3:
            before = state.board.occupied.bit_count()
            choice = planner.choose(rules, rules.view(state, 0), 0, actions, rng)
            after = rules.apply(state, choice)
            while rules.kind(after) is NodeKind.DECISION and rules.actors(after) == (0,):
                more = list(rules.legal_actions(after))
                after = rules.apply(
                    after, planner.choose(rules, rules.view(after, 0), 0, more, rng)
                )
            assert after.board.occupied.bit_count() < before
            checked += 1
    assert checked


@pytest.mark.parametrize("game", ["cooperative", "cooperative_solitaire"])
def test_cooperative_levels_search_more_each_level_within_three_seconds(game: str) -> None:
    """Each planner level has more time and no fewer guesses than the one below, and level 5
    stays within the 3 s a move a player waits at most (its clock is checked at every step)."""
    planners = [player_for(game, level) for level in (3, 4, 5)]
    assert all(isinstance(p, TurnPlanner) for p in planners)
    seconds = [p.seconds or 0.0 for p in planners if isinstance(p, TurnPlanner)]
    samples = [p.samples for p in planners if isinstance(p, TurnPlanner)]
    assert seconds == sorted(set(seconds)) and samples == sorted(samples)
    assert 0 < seconds[-1] <= 2.5  # 0.5 s left for the guesses and the slowest last step
