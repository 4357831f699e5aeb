"""Cooperative Chess move generation against a naive reading of the rules, and the computer
player against random play."""

from __future__ import annotations

import random

import pytest

from motley.agents.mcts import MctsPlayer
from motley.chesslike import movegen
from motley.chesslike.turnless import TABLES, as_mover, is_castling, move_text
from motley.components.chess_cards import Card
from motley.core.driver import RandomAgent, pick_outcome, play
from motley.core.rules import NodeKind
from motley.games.cooperative.rules import CooperativeChess, CooperativeSolitaire
from motley.games.cooperative.state import ACT, KINDS, CoopState

RULES = CooperativeChess()


def naive_actions(state: CoopState, castling: str) -> set[str]:
    """Every action at an ACT node, worked out from the text with no shortcut."""
    colour = state.board.turn
    pos = as_mover(state.board, colour)
    line = state.line
    out = {"end"}
    for move in movegen.pseudo_legal_moves(TABLES, pos):
        if is_castling(pos, move):
            continue
        piece = TABLES.kind_at(pos.pieces, 1 << move.origin)
        target = 1 << move.target
        en_passant = piece == 0 and move.target == pos.ep
        if move.promotion and not (
            Card(colour, "P") in line and Card(colour, move.promotion.upper()) in state.discard
        ):
            continue
        if not target & pos.occupied and not en_passant:
            if state.quiet_left:
                out.add(move_text(pos, move))
            continue
        victim_cell = TABLES.ep_victim[colour][move.target] if en_passant else move.target
        victim = Card(colour ^ 1, KINDS[TABLES.kind_at(pos.pieces, 1 << victim_cell)])
        mover = Card(colour, KINDS[piece])
        left_lines = set()
        for index, card in enumerate(line):
            beside = line[max(index - 1, 0) : index] + line[index + 1 : index + 2]
            if card == victim and mover in beside:
                left = line[:index] + line[index + 1 :]
                if left not in left_lines:
                    left_lines.add(left)
                    out.add(f"{move_text(pos, move)} @{index + 1}")
    king = movegen.king_cell(TABLES, pos, colour)
    if state.quiet_left and king >= 0:
        for rook in range(64):
            mine = pos.castling >> rook & 1 and (1 << rook) & pos.colours[colour]
            if mine and not TABLES.between[king][rook] & pos.occupied:
                # the text: never out of or through check; landing in check is allowed
                king_to = TABLES.castle_squares(colour, king, rook)[0]
                step = 1 if king_to > king else -1
                crossed = range(king, king_to, step)
                if castling == "text" and any(
                    movegen.is_attacked(TABLES, pos, c, colour ^ 1, pos.occupied) for c in crossed
                ):
                    continue
                out.add(move_text(pos, TABLES.moves[king][rook]))
    return out


def act_states(rules: CooperativeChess, games: int) -> list[CoopState]:
    found = []
    for game in range(games):
        rng = random.Random(f"act/{game}")
        state = rules.initial_state()
        while rules.kind(state) is not NodeKind.TERMINAL:
            if rules.kind(state) is NodeKind.CHANCE:
                state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
                continue
            if state.phase == ACT:
                found.append(state)
            actions = rules.legal_actions(state)
            state = rules.apply(state, actions[rng.randrange(len(actions))])
    return found


@pytest.mark.parametrize(
    "rules", [RULES, CooperativeSolitaire(), CooperativeChess({"free_order": True})]
)
def test_the_moves_offered_are_the_naive_reading(rules: CooperativeChess) -> None:
    states = act_states(rules, 6)
    assert len(states) > 100
    captures = 0
    for state in states:
        offered = [rules.action_text(state, a) for a in rules.legal_actions(state)]
        assert len(offered) == len(set(offered))
        castling = str(rules.options["castling"])
        assert set(offered) == naive_actions(state, castling), rules.render(state)
        captures += sum("@" in text for text in offered)
    assert captures > 20  # the line allowed captures often enough to test them


@pytest.mark.slow
def test_mcts_scores_more_than_random_play() -> None:
    """From two positions met in random games, the searching team finishes with more
    points than the random team's average over ten continuations (with castling as
    'ignored', the games these seeds were first measured on)."""
    rules = CooperativeChess({"castling": "ignored"})
    for index in range(2):
        agents = {0: RandomAgent(), 1: RandomAgent()}
        start = play(rules, agents, f"start/{index}", max_events=80).state
        searched = play(
            rules,
            {seat: MctsPlayer(iterations=20, seed=index) for seat in (0, 1)},
            f"go/{index}",
            state=start,
        )
        assert searched.record.result is not None
        scores = []
        for other in range(10):
            result = play(rules, agents, f"go/{index}/{other}", state=start).record.result
            assert result is not None
            scores.append(result[0])
        assert searched.record.result[0] > sum(scores) / len(scores)
