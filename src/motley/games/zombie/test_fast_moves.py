"""The fast legal moves of a Zombie Chess turn equal the plain search's, move for move.

`TurnRules.legal_moves` prunes its search (checks out of every free piece's reach, idle
pieces left out, a shared memo); the plain search below tries every way of finishing the
turn, each free piece moving at most once in any order, and asks only whether the king is
safe at the end. Both run on positions from random games, mid-horde ones included, under
both `horde` options.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from motley.chesslike import movegen
from motley.chesslike.position import Move
from motley.games.zombie import ZombieChess
from motley.games.zombie.board import step
from motley.games.zombie.state import MOVE, ZombieState
from motley.games.zombie.turn import TurnRules

BUDGET = 3_000  # plain-search nodes per position; a position beyond it is left out


class TooLong(Exception):
    """The plain search went past its budget."""


def plain_moves(turns: TurnRules, s: ZombieState) -> list[Move]:
    """Every move after which some way of finishing the turn leaves the king safe."""
    nodes = [0]
    memo: dict[Any, bool] = {}

    def candidates(s: ZombieState) -> list[Move]:
        pos = s.board
        kings = pos.pieces[turns.t.royal] & pos.colours[pos.turn ^ 1]
        return [
            m
            for m in movegen.pseudo_legal_moves(turns.t, pos)
            if turns._permitted(s, m.origin) and not (1 << m.target) & kings
        ]

    def finishes(s: ZombieState) -> bool:
        nodes[0] += 1
        if nodes[0] > BUDGET:
            raise TooLong
        if turns.end_is_safe(s):
            return True
        if not turns.may_move_more(s):
            return False
        # a cache only: the rest of the turn depends on nothing else
        key = (s.board, s.zombies, s.moved, frozenset(s.left), s.normal_used)
        if key not in memo:
            memo[key] = any(
                finishes(turns.advance(s, step(turns.t, s.board, m))) for m in candidates(s)
            )
        return memo[key]

    return [m for m in candidates(s) if finishes(turns.advance(s, step(turns.t, s.board, m)))]


def positions(rules: ZombieChess, seed: int, games: int, plies: int) -> list[ZombieState]:
    """States where a move is to be chosen, from random games that favour zombies' moves
    (a zombie left standing is destroyed, so hordes otherwise seldom grow)."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = rules.initial_state()
        for _ in range(plies):
            if rules.outcome(state):
                break
            if state.phase == MOVE:
                found.append(state)
            actions = rules.legal_actions(state)
            hordes = [
                a for a in actions if isinstance(a, Move) and (1 << a.origin) & state.zombies
            ]
            if hordes and rng.random() < 0.8:
                actions = hordes
            state = rules.apply(state, actions[rng.randrange(len(actions))])
    return found


def own_zombies(s: ZombieState) -> int:
    return (s.zombies & s.board.colours[s.board.turn] & ~s.moved).bit_count()


@pytest.mark.slow
@pytest.mark.parametrize(("horde", "hints"), [("extra", True), ("instead", True), ("extra", False)])
def test_fast_moves_equal_the_plain_search(
    horde: str, hints: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = ZombieChess({"horde": horde})
    if not hints:
        # the quick proofs answer first and would hide a wrong refutation behind them
        monkeypatch.setattr(rules.turns, "_hinted", lambda *args: False)
    states = positions(rules, seed=16, games=4, plies=300)
    hordes = [s for s in states if own_zombies(s) >= 2]
    checked = with_hordes = 0
    for s in states[::3] + hordes:
        try:
            plain = plain_moves(rules.turns, s)
        except TooLong:
            continue
        assert rules.turns.legal_moves(s) == plain, rules.state_to_json(s)
        checked += 1
        with_hordes += own_zombies(s) >= 2
    assert checked >= 200 and with_hordes >= 40, (checked, with_hordes)
