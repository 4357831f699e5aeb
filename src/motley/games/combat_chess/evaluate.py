"""A heuristic value of a Combat Chess II position, for the computer players.

Four parts, all from one seat's point of view: the leaders left (the game is won by killing
them all), the pieces left weighted by how hard they fight, the prisoners the castles hold ("a
piece that came next to an enemy castle ... may try to free a prisoner held by that castle":
a prisoner under a standing castle is not quite lost, and one whose castle fell is), and the
best challenge the side to act could open with (a challenge is a gamble whose odds follow
from the two bonuses).
"""

from __future__ import annotations

from motley.games.combat_chess.board import NEIGHBOURS, leaders, standing_castle
from motley.games.combat_chess.state import ACT, CASTLE, EMPTY, CombatState, owner

VALUES = {"P": 1, "R": 1, "N": 2, "B": 4, "Q": 5, "K": 7}
#: share of a prisoner's value its side keeps while the castle holding it stands
PRISONER = 0.2


def win_chance(difference: int) -> float:
    """The chance that a side with `difference` more bonus wins a challenge (ties re-rolled)."""
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + difference > b)
    losses = sum(1 for a in range(1, 7) for b in range(1, 7) if a + difference < b)
    return wins / (wins + losses)


WIN_CHANCE = {d: win_chance(d) for d in range(-8, 9)}


def evaluate(state: CombatState, seat: int, bonus: dict[str, int]) -> float:
    board = state.board
    mine, theirs = leaders(board, seat), leaders(board, seat ^ 1)
    lead = (mine - theirs) / (mine + theirs) if mine + theirs else 0.0
    score = [0.0, 0.0]
    for letter in board:
        if letter != EMPTY:
            score[owner(letter)] += VALUES[letter.upper()]
    for index, held in enumerate(state.prisoners):
        # corners 0-1 are White's castles, holding Black's pieces, and 2-3 the reverse
        if held and standing_castle(board, index):
            score[1 - index // 2] += PRISONER * sum(VALUES[p.upper()] for p in held)
    total = score[0] + score[1]
    balance = (score[seat] - score[seat ^ 1]) / total if total else 0.0
    threat = best_challenge(state, bonus) / VALUES["K"] if state.phase == ACT else 0.0
    if state.turn != seat:
        threat = -threat
    return max(-1.0, min(1.0, 0.5 * lead + 0.4 * balance + 0.1 * threat))


def best_challenge(state: CombatState, bonus: dict[str, int]) -> float:
    """The expected material the side to act gains by its best opening challenge (or 0)."""
    board, mover = state.board, state.turn
    best = 0.0
    for cell, letter in enumerate(board):
        if letter == EMPTY or owner(letter) != mover or letter.upper() == CASTLE:
            continue
        attack = bonus[letter.upper()]
        for near in NEIGHBOURS[cell]:
            enemy = board[near]
            if enemy == EMPTY or owner(enemy) == mover:
                continue
            p = WIN_CHANCE[attack - bonus[enemy.upper()]]
            gain = p * VALUES[enemy.upper()] - (1 - p) * VALUES[letter.upper()]
            best = max(best, gain)
    return best
