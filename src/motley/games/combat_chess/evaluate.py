"""A heuristic value of a Combat Chess II position, for the computer players.

Two counts per side make a position's worth: its leaders (the game is won by killing them
all, so the share of leaders left weighs most) and its pieces weighted by how hard they fight.
A prisoner under a standing castle counts for a fifth of its worth ("a piece that came next to
an enemy castle ... may try to free a prisoner held by that castle"); one whose castle fell
counts for nothing.

Challenges decide this game, and a search sees only a turn or so ahead, so the value looks one
fight further, exactly: a challenge is won with a chance that follows from the two bonuses
(ties re-rolled), and the winner kills the loser and holds it by one of its castles (a pawn
that kills a king becomes a bishop). The side that acts next takes its best challenge if that
beats standing still; the other side's best challenge counts for `LATER` of its gain, as it
comes a turn later, if the pieces are still there. A fight in progress is worth the mean of
its two ends.
"""

from __future__ import annotations

from motley.games.combat_chess.board import NEIGHBOURS, standing_castle
from motley.games.combat_chess.state import (
    ACT,
    AFTER_MOVE,
    COMBAT,
    CORNERS,
    FIRST,
    LEADERS,
    SIDE,
    CombatState,
)

VALUES = {"P": 1, "R": 1, "N": 2, "B": 4, "Q": 5, "K": 7}
#: share of a prisoner's value its side keeps while the castle holding it stands
PRISONER = 0.2
#: share of its gain the best challenge of the side that does not act next counts for
LATER = 0.5
#: weights of the share of leaders and of the share of fighting worth
LEAD, BALANCE = 0.5, 0.4


def win_chance(difference: int) -> float:
    """The chance that a side with `difference` more bonus wins a challenge (ties re-rolled)."""
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + difference > b)
    losses = sum(1 for a in range(1, 7) for b in range(1, 7) if a + difference < b)
    return wins / (wins + losses)


WIN_CHANCE = {d: win_chance(d) for d in range(-8, 9)}


#: a piece's worth by letter of either side, and the letters of leaders of either side
WORTH = {**VALUES, **{k.lower(): v for k, v in VALUES.items()}}
LEADER_LETTERS = frozenset(LEADERS + LEADERS.lower())

#: each side's leaders and worth (pieces plus credited prisoners): (l0, l1, w0, w1)
Tally = tuple[int, int, float, float]


def value(t: Tally) -> float:
    """White's value of a tally in [-1, 1] (Black's is its negative); no leaders: lost."""
    white, black, worth_w, worth_b = t
    if not black:
        return 1.0 if white else 0.0
    if not white:
        return -1.0
    total = worth_w + worth_b
    balance = (worth_w - worth_b) / total if total else 0.0
    return LEAD * (white - black) / (white + black) + BALANCE * balance


def tally(state: CombatState) -> Tally:
    board = state.board
    count = {letter: board.count(letter) for letter in WORTH}
    worth = [
        float(sum(v * count[k] for k, v in VALUES.items())),
        float(sum(v * count[k.lower()] for k, v in VALUES.items())),
    ]
    for index, held in enumerate(state.prisoners):
        # corners 0-1 are White's castles, holding Black's pieces, and 2-3 the reverse
        if held and standing_castle(board, index):
            worth[1 - index // 2] += PRISONER * sum(WORTH[p] for p in held)
    captive = state.captive
    if state.phase == SIDE and captive and _holds(board, state.chooser):
        # the killed piece is about to be held by a standing castle of its winner
        worth[1 - state.chooser] += PRISONER * WORTH[captive]
    white = count["B"] + count["Q"] + count["K"]
    black = count["b"] + count["q"] + count["k"]
    return (white, black, worth[0], worth[1])


def _holds(board: str, winner: int) -> bool:
    """Can `winner` hold a prisoner (does one of its corner castles stand)?"""
    return standing_castle(board, 2 * winner) or standing_castle(board, 2 * winner + 1)


def _killed(state: CombatState, base: Tally, cell: int, killer: str) -> Tally:
    """`base` after the piece on `cell` is killed by `killer`, which holds it if it can."""
    board = state.board
    letter = board[cell]
    white_lost = letter.isupper()
    lost = float(WORTH[letter])
    if _holds(board, 1 if white_lost else 0):
        lost *= 1 - PRISONER  # it waits by the winner's castle
    gained = 0.0
    if cell in CORNERS and letter in "Rr":
        # the prisoners of a fallen corner castle can never escape
        gained = -PRISONER * sum(WORTH[p] for p in state.prisoners[CORNERS.index(cell)])
    leader_lost = 1 if letter in LEADER_LETTERS else 0
    leader_won = 0
    if letter in "Kk" and killer in "Pp":  # a pawn that kills a king becomes a bishop
        leader_won = 1
        gained += VALUES["B"] - VALUES["P"]
    white, black, worth_w, worth_b = base
    if white_lost:
        return (white - leader_lost, black + leader_won, worth_w - lost, worth_b + gained)
    return (white + leader_won, black - leader_lost, worth_w + gained, worth_b - lost)


def fight_value(
    state: CombatState, base: Tally, challenger: int, defender: int, bonus: dict[str, int]
) -> float:
    """White's mean value of a challenge from `challenger` to `defender`."""
    board = state.board
    attacker, target = board[challenger], board[defender]
    p = WIN_CHANCE[bonus[attacker.upper()] - bonus[target.upper()]]
    won = value(_killed(state, base, defender, attacker))
    lost = value(_killed(state, base, challenger, target))
    return p * won + (1 - p) * lost


# each side's pieces as a 64-bit number (bit i for cell i, a1 first), to find contacts fast
_WHITE = str.maketrans({c: "1" if c.isupper() else "0" for c in ".PRNBQKprnbqk"})
_BLACK = str.maketrans({c: "1" if c.islower() else "0" for c in ".PRNBQKprnbqk"})
_FILE_A = sum(1 << (8 * r) for r in range(8))
_FILE_H = _FILE_A << 7
_FULL = (1 << 64) - 1


def _around(bits: int) -> int:
    """The cells next to (or on) the cells of `bits`."""
    row = bits | (bits << 1) & ~_FILE_A | (bits >> 1) & ~_FILE_H
    return (row | row << 8 | row >> 8) & _FULL


def contacts(board: str) -> list[tuple[int, int]]:
    """Every pair of neighbouring enemy pieces, (White's cell, Black's cell)."""
    white = int(board.translate(_WHITE)[::-1], 2)
    black = int(board.translate(_BLACK)[::-1], 2)
    touched = black & _around(white)
    pairs: list[tuple[int, int]] = []
    while touched:
        low = touched & -touched
        cell = low.bit_length() - 1
        touched ^= low
        pairs.extend((near, cell) for near in NEIGHBOURS[cell] if white >> near & 1)
    return pairs


def best_gain(
    state: CombatState,
    base: Tally,
    pairs: list[tuple[int, int]],
    side: int,
    bonus: dict[str, int],
    only: int = -1,
) -> float:
    """How far `side`'s best challenge (from `only`, if given) moves White's value its way
    (up for White, down for Black; 0 when no challenge beats waiting)."""
    board = state.board
    now = value(base)
    sign = 1.0 if side == 0 else -1.0
    best = 0.0
    for pair in pairs:
        cell, near = pair[side], pair[side ^ 1]
        if (only >= 0 and cell != only) or board[cell] in "Rr":
            continue  # castles never challenge: a winner moves in, and castles never move
        best = max(best, sign * (fight_value(state, base, cell, near, bonus) - now))
    return sign * best


def next_to_act(state: CombatState) -> int:
    """Who chooses the next challenge: the mover at the start of an action (or after a won
    fight), else the other side, whose turn comes once the mover's move is done."""
    if state.phase == ACT or state.phase == AFTER_MOVE:
        return state.turn
    if state.phase == SIDE:
        return state.chooser  # a winning challenger acts again; a beaten one's turn is over
    return state.turn ^ 1


def evaluate(state: CombatState, seat: int, bonus: dict[str, int]) -> float:
    """`seat`'s value of a position in play, in [-1, 1] (see the module's docstring)."""
    sign = 1.0 if seat == 0 else -1.0
    base = tally(state)
    if state.phase == COMBAT:
        return sign * fight_value(state, base, state.active, state.target, bonus)
    white = value(base)
    if state.phase == FIRST:
        return sign * white
    pairs = contacts(state.board)
    if pairs:
        actor = next_to_act(state)
        # right after a move only the piece that moved may challenge (the default reading)
        only = state.active if state.phase == AFTER_MOVE else -1
        white += best_gain(state, base, pairs, actor, bonus, only)
        white += LATER * best_gain(state, base, pairs, actor ^ 1, bonus)
    return sign * max(-1.0, min(1.0, white))
