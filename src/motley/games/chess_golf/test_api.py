"""Chess Golf at the game API: notation and JSON round trips, refusals, the computer player."""

from __future__ import annotations

import random

import pytest

from motley.agents.mcts import MctsPlayer
from motley.core.driver import RandomAgent, play
from motley.core.errors import MotleyError, NotationError, StateError
from motley.core.rules import NodeKind
from motley.core.testing import check_action_text_round_trip
from motley.games.chess_golf.rules import ChessGolf
from motley.games.chess_golf.state import GolfState
from motley.games.chess_golf.test_moves import EXAMPLE, LAYOUT


def walk(rules: ChessGolf, seed: int) -> list[GolfState]:
    """A random hole from the shuffle to its end: every state met."""
    rng = random.Random(seed)
    state = rules.initial_state()
    states = [state]
    while rules.kind(state) is not NodeKind.TERMINAL:
        if rules.kind(state) is NodeKind.CHANCE:
            outcomes = rules.chance_outcomes(state)
            action = outcomes[rng.randrange(len(outcomes))][0]
        else:
            actions = rules.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        state = rules.apply(state, action)
        states.append(state)
    return states


@pytest.mark.parametrize("options", [{}, {"cards": 3}, {"special": "no_moves"}])
def test_notation_and_json_round_trip(options: dict[str, object]) -> None:
    rules = ChessGolf(options)
    for seed in range(3):
        for state in walk(rules, seed):
            data = rules.state_to_json(state)
            again = rules.state_from_json(data)
            assert rules.state_to_json(again) == data and again == state
            check_action_text_round_trip(rules, state)


def test_a_dealt_hole_has_16_pieces_and_two_cards() -> None:
    rules = ChessGolf()
    states = walk(rules, 11)
    first_play = next(s for s in states if s.phase == "play")
    pieces = (first_play.board.colours[0] | first_play.board.colours[1]).bit_count()
    assert pieces == 16 and len(first_play.chosen) == 2
    assert len(states) - states.index(first_play) - 1 <= rules.limit


def test_hand_edited_states_are_refused() -> None:
    rules = ChessGolf({"position": EXAMPLE, "chosen": "Kb"})
    good = rules.state_to_json(rules.initial_state())
    for bad in (
        {**good, "taken": "Q"},
        {**good, "capturer": "e5"},
        {**good, "chosen": "KbN"},
        {**good, "pile": "NN"},
        {**good, "phase": "golf"},
        {**good, "moves": -1},
        {**good, "board": "8/8/8/8/8/8/8/P7"},
    ):
        with pytest.raises(StateError) as info:
            rules.state_from_json(bad)
        assert "\n" not in str(info.value)


def test_garbage_text_is_refused() -> None:
    rules = ChessGolf({"position": EXAMPLE, "chosen": "Kb"})
    state = rules.initial_state()
    for text in ("flibbertigibbet", "e5", "lay Z", "e9e5"):
        with pytest.raises(MotleyError) as info:
            rules.parse_action(state, text)
        assert "\n" not in str(info.value)
    with pytest.raises(NotationError):
        rules.parse_action(state, "x")


def test_board_as_text_for_the_terminal() -> None:
    rules = ChessGolf({"position": LAYOUT, "chosen": "qN"})
    text = rules.render(rules.initial_state())
    assert "Chosen: qN" in text and "Moves: 0 of 10" in text


def test_mcts_scores_better_than_random() -> None:
    """On the opening example (3 moves at best) the searching player finishes the hole in
    fewer moves than random play, over a few holes."""
    rules = ChessGolf({"position": EXAMPLE, "chosen": "Kb", "move_limit": 5})
    searched, randoms = [], []
    for index in range(3):
        seed = f"golf-strength/{index}"
        searched.append(play(rules, {0: MctsPlayer(iterations=150)}, seed).record.result)
        randoms.append(play(rules, {0: RandomAgent()}, seed).record.result)
    mcts_total = sum(r[0] for r in searched if r)
    random_total = sum(r[0] for r in randoms if r)
    assert mcts_total > random_total, (searched, randoms)
