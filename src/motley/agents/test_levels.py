"""The strength levels: mates found and avoided, time budgets kept (on a fake clock),
opening variety, and the players of the puzzle and the cooperative game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from motley.agents import AlphaBetaPlayer, MctsPlayer, base, player_for
from motley.agents.alphabeta import AlphaBeta
from motley.agents.golf import GolfPlayer
from motley.agents.planner import TurnPlanner
from motley.core import registry
from motley.core.driver import pick_outcome
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


def dealt_hole(seed: int) -> Any:
    rules = registry.make("chess_golf")
    state = rules.initial_state()
    rng = random.Random(seed)
    while rules.kind(state) is NodeKind.CHANCE:
        state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
    return rules, state


@pytest.mark.parametrize("seed", range(3))
def test_golf_level_5_plays_a_shortest_solution(seed: int) -> None:
    from motley.games.chess_golf.solver import shortest_solution

    rules, state = dealt_hole(seed)
    best = shortest_solution(rules, state)
    if best is None:
        pytest.skip("this hole has no solution within the limit")
    player = player_for("chess_golf", 5)
    assert isinstance(player, GolfPlayer)
    rng = random.Random(seed)
    played = 0
    while rules.kind(state) is NodeKind.DECISION:
        state = rules.apply(state, player.choose(rules, state, 0, rules.legal_actions(state), rng))
        played += 1
    assert rules.is_solved(state) and played == len(best)


def test_cooperative_planner_takes_a_capture_the_line_allows() -> None:
    """From random play: once the turn's quiet move is made, a capture the line allows beats
    ending the turn (a point now, with nothing left to wait for)."""
    rules = registry.make("cooperative_solitaire")
    planner = player_for("cooperative_solitaire", 3)
    assert isinstance(planner, TurnPlanner)
    rng = random.Random(2)
    state = rules.initial_state()
    checked = 0
    for _ in range(400):
        kind = rules.kind(state)
        if kind is NodeKind.TERMINAL:
            break
        if kind is NodeKind.CHANCE:
            state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
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
        state = rules.apply(state, actions[rng.randrange(len(actions))])
    assert checked
