"""Chess Golf's own computer players: the puzzle's solver and the round's golfer (its bids,
demonstrations and pieces put back), as the rules hand them out for each level."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from motley.components.chess_cards import Card, Pile
from motley.core import registry
from motley.core.driver import Agent, pick_outcome, play
from motley.core.player import Player, Turn
from motley.core.rules import NodeKind
from motley.games.chess_golf.board import as_position, colour_at, read_placement
from motley.games.chess_golf.players import GolfPlayer, RoundGolfer
from motley.games.chess_golf.round import Bid, GolfRound, Put, RoundAction
from motley.games.chess_golf.rules import DECK, ChessGolf
from motley.games.chess_golf.solver import shortest_solution, solve
from motley.games.chess_golf.state import BID, DEMO, PLAY, PUT, GolfState, RoundState
from motley.games.chess_golf.test_moves import EXAMPLE, PROBLEMS, hole


@dataclass
class Stand(Player):
    """The ladder's player in these tests: takes the first action, counting its turns."""

    asked: list[int] = field(default_factory=list)

    def decide(self, turn: Turn) -> Any:
        self.asked.append(turn.seat)
        return turn.actions[0]


def own(game_id: str, level: int, generic: Agent | None = None) -> Agent | None:
    """The game's own player at `level` (as `agents.levels.player_for` asks for it)."""
    return registry.make(game_id).computer(level, 0, generic or Stand())


def test_the_puzzle_player_comes_from_level_3_with_longer_horizons() -> None:
    assert own("chess_golf", 1) is None and own("chess_golf", 2) is None
    players = [own("chess_golf", level) for level in (3, 4, 5)]
    assert all(isinstance(p, GolfPlayer) for p in players)
    assert [p.horizon for p in players if isinstance(p, GolfPlayer)] == [3, 6, None]


def test_round_levels_get_the_golfer_and_the_low_levels_stay_generic() -> None:
    for golfers in (1, 2, 4):
        game = f"chess_golf_{golfers}"
        golfer = own(game, 5)
        assert isinstance(golfer, RoundGolfer) and golfer.horizon is None
        assert isinstance(own(game, 3), RoundGolfer)
        assert own(game, 1) is None and own(game, 2) is None


def test_the_players_say_what_they_are() -> None:
    puzzle, golfer = own("chess_golf", 3), own("chess_golf_2", 5)
    assert isinstance(puzzle, GolfPlayer) and isinstance(golfer, RoundGolfer)
    assert puzzle.summary() == "exact solver, horizon 3"
    assert golfer.summary() == "exact solver, horizon all, bids its length"


def dealt_hole(seed: int) -> tuple[ChessGolf, GolfState]:
    rules = ChessGolf()
    state = rules.initial_state()
    rng = random.Random(seed)
    while rules.kind(state) is NodeKind.CHANCE:
        state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
    return rules, state


@pytest.mark.parametrize("seed", range(3))
def test_golf_level_5_plays_a_shortest_solution(seed: int) -> None:
    rules, state = dealt_hole(seed)
    best = shortest_solution(rules, state)
    if best is None:
        pytest.skip("this hole has no solution within the limit")
    player = own("chess_golf", 5)
    assert isinstance(player, GolfPlayer)
    rng = random.Random(seed)
    played = 0
    while rules.kind(state) is NodeKind.DECISION:
        state = rules.apply(state, player.choose(rules, state, 0, rules.legal_actions(state), rng))
        played += 1
    assert rules.is_solved(state) and played == len(best)


def test_beyond_its_horizon_the_puzzle_player_leans_on_the_ladder() -> None:
    rules, state = hole(*PROBLEMS[0])  # 5 moves at best: beyond level 3's horizon
    generic = Stand()
    player = own("chess_golf", 3, generic)
    assert isinstance(player, GolfPlayer)
    actions = rules.legal_actions(state)
    assert player.choose(rules, state, 0, actions, random.Random(0)) == actions[0]
    assert generic.asked == [0]


def dealt(rules: GolfRound, placement: str, chosen: str) -> RoundState:
    cards = tuple(Card.parse(c) for c in chosen)
    pile = DECK
    for card in cards:
        pile = pile.remove(card)
    return RoundState(BID, as_position(read_placement(placement)), pile, 0, chosen=cards)


def ask(player: Agent | None, rules: GolfRound, state: RoundState, seat: int) -> RoundAction:
    assert isinstance(player, RoundGolfer)
    actions = rules.legal_actions(state, seat)
    action: RoundAction = player.choose(
        rules, rules.view(state, seat), seat, actions, random.Random(seat)
    )
    return action


def par(rules: GolfRound, state: RoundState) -> int:
    found = solve(rules.puzzle, GolfState(state.board, PLAY, Pile(), 0, state.chosen))
    assert found is not None
    return len(found)


@pytest.mark.slow  # a book problem solved twice (about 10 s)
def test_level_5_bids_the_par_and_level_3_shows_a_fist_beyond_its_horizon() -> None:
    rules = registry.make("chess_golf_2")
    assert isinstance(rules, GolfRound)
    state = dealt(rules, *PROBLEMS[0])
    expert, casual = own("chess_golf_2", 5), own("chess_golf_2", 3)
    best = par(rules, state)
    assert best > 3  # beyond level 3's horizon
    assert ask(expert, rules, state, 0) == Bid(best)
    assert ask(casual, rules, state, 1) == Bid(0)


def test_the_demonstration_is_a_shortest_solution_and_the_piece_goes_beside_its_colour() -> None:
    rules = registry.make("chess_golf_2")
    assert isinstance(rules, GolfRound)
    golfer = own("chess_golf_2", 5)
    state = dealt(rules, EXAMPLE, "Kb")
    best = par(rules, state)
    state = rules.apply_joint(state, {0: Bid(best + 2), 1: ask(golfer, rules, state, 1)})
    assert state.phase == DEMO and state.actor == 1  # the lower bid demonstrates
    shown = 0
    while state.phase == DEMO:
        state = rules.apply(state, ask(golfer, rules, state, 1))
        shown += 1
    assert shown == best and state.phase == PUT
    assert state.card[-1].scores == (best + 2, best) and state.card[-1].by == 1
    assert state.play is not None
    colour = state.play.chosen[0].colour
    put = ask(golfer, rules, state, 1)
    assert isinstance(put, Put)
    file, rank = put.cell % 8, put.cell // 8
    around = [c for c in range(64) if abs(c % 8 - file) <= 1 and abs(c // 8 - rank) <= 1]
    assert any(colour_at(state.cells, c) == colour for c in around if c != put.cell)


def test_two_computer_golfers_play_a_round_to_the_end() -> None:
    rules = registry.make("chess_golf_2", {"holes": 2})
    expert, advanced = own("chess_golf_2", 5), own("chess_golf_2", 4)
    assert expert is not None and advanced is not None
    played = play(rules, {0: expert, 1: advanced}, seed=3)
    assert rules.kind(played.state) is NodeKind.TERMINAL and len(played.state.card) == 2
    for hole_played in played.state.card:
        # golfers who bid what they found never fail: a hole is shown or all said impossible
        assert hole_played.by >= 0 or not any(hole_played.bids)
        if hole_played.by >= 0:
            shown, bids = hole_played.shown, hole_played.bids
            assert len(shown) == bids[hole_played.by] == min(b for b in bids if b)
