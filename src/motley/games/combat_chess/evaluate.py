"""A heuristic value of a Combat Chess II position, for the computer players.

The balance is counted in pawns, from one seat's point of view, and squashed into (-1, 1)
the way the Chess Kit squashes centipawns (a pawn near an equal position is worth about
0.09, so the searches' margins, tuned on chess, mean the same here). Its parts:

* the leaders left (the game is won by killing them all): `LEAD` times the leader balance
  as a share of all leaders, so each leader lost weighs more as they thin out;
* the pieces left, weighted by how hard they fight (`VALUES`);
* the prisoners the castles hold ("a piece that came next to an enemy castle ... may try to
  free a prisoner held by that castle": a prisoner under a standing castle is not quite
  lost, and one whose castle fell is);
* the challenges at hand: whoever acts next with a free hand (the side to act, or the
  other side once the mover has rolled) may open its best challenge, a gamble whose odds
  follow from the two bonuses; its expected gain counts in full, and the other side's at
  half (it must survive a turn first).

The value is the same whichever step of a turn the position is in: a fight under way is
worth the mean of its two endings, and a killed piece waiting to be put aside already
counts as a prisoner. A search that stops at a die or a fight then sees what that step
is worth, and deeper searches are not misled by a value that swings from step to step.
"""

from __future__ import annotations

from motley.games.combat_chess.board import NEIGHBOURS, leaders, standing_castle
from motley.games.combat_chess.state import (
    ACT,
    AFTER_MOVE,
    CASTLE,
    COMBAT,
    EMPTY,
    FIRST,
    SIDE,
    CombatState,
    owner,
)

VALUES = {"P": 1, "R": 1, "N": 2, "B": 4, "Q": 5, "K": 7}
#: share of a prisoner's value its side keeps while the castle holding it stands
PRISONER = 0.2
#: pawns the whole leader balance is worth (one leader of eight: about 6 pawns more)
LEAD = 40.0
#: a balance of this many pawns is worth 0.5 (a pawn near equality about 0.09)
SCALE = 10.0
#: weight of the best challenge of the side that does not act next
LATER = 0.5


def win_chance(difference: int) -> float:
    """The chance that a side with `difference` more bonus wins a challenge (ties re-rolled)."""
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + difference > b)
    losses = sum(1 for a in range(1, 7) for b in range(1, 7) if a + difference < b)
    return wins / (wins + losses)


WIN_CHANCE = {d: win_chance(d) for d in range(-8, 9)}


def evaluate(state: CombatState, seat: int, bonus: dict[str, int]) -> float:
    """The position's worth to `seat` in (-1, 1)."""
    if state.phase == COMBAT:
        return fight_value(state, seat, bonus)
    return squash(balance(state, seat, bonus))


def squash(pawns: float) -> float:
    return pawns / (abs(pawns) + SCALE)


def balance(state: CombatState, seat: int, bonus: dict[str, int]) -> float:
    """The position's worth to `seat` in pawns (any phase but a fight under way)."""
    board = state.board
    counts = (leaders(board, 0), leaders(board, 1))
    score = [
        float(sum(value * board.count(letter) for letter, value in VALUES.items())),
        float(sum(value * board.count(letter.lower()) for letter, value in VALUES.items())),
    ]
    for index, held in enumerate(state.prisoners):
        # corners 0-1 are White's castles, holding Black's pieces, and 2-3 the reverse
        if held and standing_castle(board, index):
            score[1 - index // 2] += PRISONER * sum(VALUES[p.upper()] for p in held)
    # a killed piece the winner is about to put by a standing castle counts as held already
    chooser = state.chooser
    if state.phase == SIDE and any(standing_castle(board, 2 * chooser + s) for s in (0, 1)):
        score[owner(state.captive)] += PRISONER * VALUES[state.captive.upper()]
    pawns = lead_worth(counts[seat], counts[seat ^ 1]) + score[seat] - score[seat ^ 1]
    if state.phase != FIRST:
        threats = best_challenges(state, bonus, counts)
        first = next_actor(state)
        pawns += threats[seat] * (1.0 if seat == first else LATER)
        pawns -= threats[seat ^ 1] * (1.0 if seat ^ 1 == first else LATER)
    return pawns


def lead_worth(mine: int, theirs: int) -> float:
    return LEAD * (mine - theirs) / (mine + theirs) if mine + theirs else 0.0


def next_actor(state: CombatState) -> int:
    """Who next chooses freely among challenges: the mover at the start of an action (or
    after winning a fight), else the other side once this turn ends."""
    if state.phase in (ACT, AFTER_MOVE):
        return state.turn
    if state.phase == SIDE and state.chooser == state.turn:
        return state.turn  # a winning challenger acts again
    return state.turn ^ 1


def best_challenges(
    state: CombatState, bonus: dict[str, int], counts: tuple[int, int]
) -> tuple[float, float]:
    """Each side's expected gain (pawns) from its best challenge now open, 0 if none pays.

    Right after a move only the piece that moved may challenge ("becomes adjacent"), so the
    mover's gain then comes from that piece alone. Castles never challenge.
    """
    board = state.board
    best = [0.0, 0.0]
    only = state.active if state.phase == AFTER_MOVE else -1
    for cell, letter in enumerate(board):
        if letter == EMPTY:
            continue
        side = owner(letter)
        for near in NEIGHBOURS[cell]:
            enemy = board[near]
            # each neighbouring pair once (from its lower cell), in both directions
            if near < cell or enemy == EMPTY or owner(enemy) == side:
                continue
            pair = ((letter, enemy, cell, side), (enemy, letter, near, side ^ 1))
            for one, two, at, mover in pair:
                if one.upper() == CASTLE or (only >= 0 and mover == state.turn and at != only):
                    continue
                p = WIN_CHANCE[bonus[one.upper()] - bonus[two.upper()]]
                gain = p * worth(two, counts, mover ^ 1) - (1 - p) * worth(one, counts, mover)
                if gain > best[mover]:
                    best[mover] = gain
    return best[0], best[1]


def worth(letter: str, counts: tuple[int, int], side: int) -> float:
    """What `side` loses with the piece `letter`: its value, and a leader's share of the lead."""
    value = float(VALUES[letter.upper()])
    if letter.upper() in "BQK":
        mine, theirs = counts[side], counts[side ^ 1]
        value += lead_worth(mine, theirs) - lead_worth(mine - 1, theirs)
    return value


def fight_value(state: CombatState, seat: int, bonus: dict[str, int]) -> float:
    """A fight under way: the mean of its two endings' values, weighted by their chances
    (an ending that kills a side's last leader is a won or lost game, worth 1 or -1)."""
    board = state.board
    challenger, defender = board[state.active], board[state.target]
    p = WIN_CHANCE[bonus[challenger.upper()] - bonus[defender.upper()]]
    cells = list(board)
    cells[state.active] = EMPTY
    cells[state.target] = _killer(challenger, defender)
    won = state._replace(board="".join(cells), phase=SIDE, chooser=state.turn, captive=defender)
    cells[state.target] = _killer(defender, challenger)
    lost = state._replace(
        board="".join(cells), phase=SIDE, chooser=state.turn ^ 1, captive=challenger
    )
    values = []
    for after, loser in ((won, defender), (lost, challenger)):
        if not leaders(after.board, owner(loser)):
            values.append(1.0 if owner(loser) != seat else -1.0)
        else:
            values.append(squash(balance(after, seat, bonus)))
    return p * values[0] + (1 - p) * values[1]


def _killer(winner: str, loser: str) -> str:
    """A pawn that kills a king becomes a bishop (as in the rules)."""
    if winner.upper() == "P" and loser.upper() == "K":
        return "B" if winner.isupper() else "b"
    return winner
