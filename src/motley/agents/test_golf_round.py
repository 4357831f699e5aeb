"""The computer golfer in a round of Chess Golf: its bids, demonstrations and pieces put back."""

from __future__ import annotations

import random

import pytest

from motley.agents.golf_round import RoundGolfer
from motley.agents.levels import player_for
from motley.agents.simple import RandomPlayer
from motley.components.chess_cards import Card, Pile
from motley.core import registry
from motley.core.driver import play
from motley.core.rules import NodeKind
from motley.games.chess_golf.board import as_position, colour_at, read_placement
from motley.games.chess_golf.round import Bid, GolfRound, Put, RoundAction
from motley.games.chess_golf.round_state import BID, DEMO, PUT, RoundState
from motley.games.chess_golf.rules import DECK
from motley.games.chess_golf.solver import solve
from motley.games.chess_golf.state import PLAY, GolfState
from motley.games.chess_golf.test_moves import EXAMPLE, PROBLEMS


def dealt(rules: GolfRound, placement: str, chosen: str) -> RoundState:
    cards = tuple(Card.parse(c) for c in chosen)
    pile = DECK
    for card in cards:
        pile = pile.remove(card)
    return RoundState(BID, as_position(read_placement(placement)), pile, 0, chosen=cards)


def ask(player: RoundGolfer, rules: GolfRound, state: RoundState, seat: int) -> RoundAction:
    actions = rules.legal_actions(state, seat)
    action: RoundAction = player.choose(
        rules, rules.view(state, seat), seat, actions, random.Random(seat)
    )
    return action


def par(rules: GolfRound, state: RoundState) -> int:
    found = solve(rules.puzzle, GolfState(state.board, PLAY, Pile(), 0, state.chosen))
    assert found is not None
    return len(found)


def test_round_levels_get_the_golfer_and_the_low_levels_stay_generic() -> None:
    for golfers in (1, 2, 4):
        game = f"chess_golf_{golfers}"
        golfer = player_for(game, 5)
        assert isinstance(golfer, RoundGolfer) and golfer.horizon is None
        assert isinstance(player_for(game, 3), RoundGolfer)
        assert isinstance(player_for(game, 1), RandomPlayer)


@pytest.mark.slow  # a book problem solved twice (about 10 s)
def test_level_5_bids_the_par_and_level_3_shows_a_fist_beyond_its_horizon() -> None:
    rules = registry.make("chess_golf_2")
    assert isinstance(rules, GolfRound)
    state = dealt(rules, *PROBLEMS[0])
    expert, casual = player_for("chess_golf_2", 5), player_for("chess_golf_2", 3)
    assert isinstance(expert, RoundGolfer) and isinstance(casual, RoundGolfer)
    best = par(rules, state)
    assert best > 3  # beyond level 3's horizon
    assert ask(expert, rules, state, 0) == Bid(best)
    assert ask(casual, rules, state, 1) == Bid(0)


def test_the_demonstration_is_a_shortest_solution_and_the_piece_goes_beside_its_colour() -> None:
    rules = registry.make("chess_golf_2")
    assert isinstance(rules, GolfRound)
    golfer = player_for("chess_golf_2", 5)
    assert isinstance(golfer, RoundGolfer)
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
    agents = {0: player_for("chess_golf_2", 5), 1: player_for("chess_golf_2", 4)}
    played = play(rules, agents, seed=3)
    assert rules.kind(played.state) is NodeKind.TERMINAL and len(played.state.card) == 2
    for hole in played.state.card:
        # golfers who bid what they found never fail: a hole is shown or all said impossible
        assert hole.by >= 0 or not any(hole.bids)
        if hole.by >= 0:
            assert len(hole.shown) == hole.bids[hole.by] == min(b for b in hole.bids if b)
