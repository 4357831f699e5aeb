"""The fast move list (`TarBoard.legal_moves`) against every candidate tested in full.

With a tarred piece on the board, `legal_moves` lets moves that change no cell seeing the
mover's king through on the king's safety as it stands; `_safe` makes each move and tests
the king on the board it leaves. Positions come from seeded random games.
"""

from __future__ import annotations

import random

import pytest

from motley.core.testing import random_positions
from motley.games.tar_pit import TarPitChess
from motley.games.tar_pit.state import MOVE, THROW


def test_fast_moves_agree_with_full_testing() -> None:
    rules = TarPitChess()
    board_rules = rules.board_rules
    rng = random.Random(4)
    tarred = 0
    for state in random_positions(rules, rng, games=12, plies=500):
        if state.phase == MOVE:
            board, checkers = state.board, state.checkers
            full = [
                m
                for m in board_rules.pseudo_moves(board, checkers)
                if board_rules._safe(board, checkers, m)
            ]
            if (board.colours[0] & checkers[1]) | (board.colours[1] & checkers[0]):
                assert board_rules.legal_moves(board, checkers) == full
                tarred += 1
    assert tarred > 200


def test_safety_on_moved_colours_agrees_with_the_made_board() -> None:
    """`_safe` moves only the colours; `_safe_made` makes the whole move (`make`)."""
    rules = TarPitChess({"tar_direction": "tarrer"})
    board_rules = rules.board_rules
    compared = 0
    for state in random_positions(rules, random.Random(6), games=8, plies=500):
        if state.phase == MOVE:
            board, checkers = state.board, state.checkers
            for move in board_rules.pseudo_moves(board, checkers):
                fast = board_rules._safe(board, checkers, move)
                assert fast == board_rules._safe_made(board, checkers, move), move
                compared += 1
    assert compared > 5000


@pytest.mark.parametrize("options", [{}, {"tar_direction": "tarrer", "check_escape": "move"}])
def test_repetition_key_is_the_saved_position(options: dict[str, str]) -> None:
    """The key written in one pass equals the first fields of the saved position."""
    rules = TarPitChess(options)
    seen = 0
    for state in random_positions(rules, random.Random(7), games=6, plies=400):
        if state.phase == MOVE:
            words = rules.state_to_json(state)["fen"].split()[:4]
            sizes = f"{state.supply[0]}/{state.supply[1]}"
            hands = f"{len(state.hands[0])}/{len(state.hands[1])}"
            assert rules.turns.key(state) == " ".join([*words, sizes, hands])
            seen += 1
    assert seen > 300


@pytest.mark.parametrize(("seed", "options"), [(8, {}), (9, {"no_match": "colour"})])
def test_covered_moves_agree_with_playing_every_move_out(
    seed: int, options: dict[str, str]
) -> None:
    """`_covered_moves` plays out only moves whose attackers a throw and a card could tar."""
    rules = TarPitChess(options)
    turns = rules.turns
    covered = 0
    for state in random_positions(rules, random.Random(seed), games=10, plies=500):
        if state.phase == MOVE:
            unsafe = rules.board_rules.split_moves(state.board, state.checkers)[1]
            full = []
            for move in unsafe:
                after = turns._move(state, move)
                seat = state.seat
                if after.phase == THROW or (after.hands[seat] and turns.plays(after)):
                    full.append(move)
            assert turns._covered_moves(state, unsafe) == full
            covered += len(full)
    assert covered > 50
