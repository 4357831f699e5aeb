"""What a player could capture on their next turn, extra king steps included.

Seed 002, Adrenaline Chess: "you may use extra moves to threaten the king". A square is
threatened by a side when, in one turn of that side, some piece could capture on it: by its
regular move, or by a regular move followed by king steps paid with the checkers it carries,
including checkers taken over from pieces it captures on the way (RULES-NOTES,
`adrenaline-chess2`). Whether that side's own king would be safe meanwhile does not matter,
just as a pinned piece still gives check in chess.
"""

from __future__ import annotations

from motley.chesslike import movegen
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.games.adrenaline.state import Stacks, stacked_mask
from motley.geometry import cellset

SIZE = 8


def _neighbours(cell: int) -> tuple[int, ...]:
    file, rank = cell % SIZE, cell // SIZE
    return tuple(
        (rank + dy) * SIZE + file + dx
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and 0 <= file + dx < SIZE and 0 <= rank + dy < SIZE
    )


KING_STEPS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(SIZE * SIZE))
KING_MASKS: tuple[int, ...] = tuple(sum(1 << n for n in row) for row in KING_STEPS)


def distance(a: int, b: int) -> int:
    """King steps from `a` to `b` on an empty board."""
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))


FULL = (1 << SIZE * SIZE) - 1
NOT_A = FULL & ~sum(1 << (rank * SIZE) for rank in range(SIZE))  # all but the a-file
NOT_H = FULL & ~sum(1 << (rank * SIZE + SIZE - 1) for rank in range(SIZE))  # all but h


def _grow(cells: int) -> int:
    """`cells` and every square one king step away from them."""
    cells |= ((cells << 1) & NOT_A) | ((cells >> 1) & NOT_H)
    return (cells | (cells << 8) | (cells >> 8)) & FULL


def steps_reach(start: int, budget: int, blockers: int, gains: dict[int, int], goal: int) -> bool:
    """Can king steps from `start`, one checker each, capture on `goal`?

    `blockers` are the stepping side's own pieces; `gains` maps squares of enemy pieces to
    the checkers the stepper takes over by capturing them (each only once). The steps
    spread a ring of squares at a time; a piece with checkers that the ring reaches first
    starts a new spread from its square with the checkers left plus the ones taken over
    (passing over it without taking them could only do less).
    """
    spare = sum(gains.values())
    if budget <= 0 or distance(start, goal) > budget + spare:
        return False
    goal_bit = 1 << goal
    rich = 0
    for cell in gains:
        rich |= 1 << cell
    best: dict[tuple[int, int], int] = {}
    work = [(start, budget, 0)]  # (square, checkers left, squares whose checkers were taken)
    while work:
        cell, left, taken = work.pop()
        seen = frontier = 1 << cell
        untaken = rich & ~taken
        for depth in range(1, left + 1):
            grown = _grow(frontier) & ~seen
            if grown & goal_bit:
                return True
            seen |= grown
            frontier = grown & ~blockers
            found = frontier & untaken
            frontier ^= found
            while found:
                low = found & -found
                found ^= low
                near = low.bit_length() - 1
                now = left - depth + gains[near]
                key = (near, taken | low)
                if best.get(key, 0) < now:
                    best[key] = now
                    work.append((near, now, taken | low))
            if not frontier:
                break
    return False


def _ball(cell: int, radius: int) -> int:
    return sum(1 << near for near in range(SIZE * SIZE) if distance(cell, near) <= radius)


# BALLS[cell][r]: the squares at most r king steps from `cell` (r up to 7 covers the board)
BALLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_ball(cell, radius) for radius in range(SIZE)) for cell in range(SIZE * SIZE)
)


def _within(cell: int, radius: int) -> int:
    return BALLS[cell][min(radius, SIZE - 1)] if radius >= 0 else 0


def threatened(
    t: ChessTables, board: Position, stacks: Stacks, cell: int, by: int, ep: int
) -> bool:
    """Could `by`, moving next with en-passant square `ep`, capture the piece on `cell`?"""
    if movegen.is_attacked(t, board, cell, by, board.occupied):
        return True  # an ordinary capture by a regular move
    return stepped_threat(t, board, stacks, cell, by, ep, False)[0]


def stepped_threat(
    t: ChessTables, board: Position, stacks: Stacks, cell: int, by: int, ep: int, trace: bool
) -> tuple[bool, int]:
    """Could `by` capture on `cell` by a regular move followed by extra steps? With `trace`,
    also every square whose contents the answer depends on (its footprint): a move that
    changes none of them, and not `cell` either, leaves the answer as it is."""
    occupied = board.occupied
    theirs = board.colours[by]
    prey = board.colours[by ^ 1]
    stacked = stacked_mask(stacks)
    charged = stacked & theirs
    rich = stacked & prey & ~(1 << cell)
    if not charged and not rich:
        return False, stacked
    footprint = stacked
    # king steps cover one square each, so a start farther from `cell` than all the
    # checkers it could ever hold is skipped before its search is set up
    spare = 0
    for victim in cellset.cells(rich):
        spare += stacks[victim]
    pos = board._replace(turn=by, ep=ep)
    pawn_cells = board.pieces[t.pawn]
    movement = t.movement[by]
    starts: list[tuple[int, int, int, int]] = []  # (origin, landing, victim or -1, checkers)
    for origin in cellset.cells(charged):
        if trace:  # the squares its regular moves look at, blockers included
            move = movement[t.kind_at(board.pieces, 1 << origin)]
            seen = move.quiet(origin, occupied) | move.captures(origin, occupied)
            for single in cellset.cells(move.quiet_leaps[origin]):
                seen |= move.quiet_leaps[single]  # a pawn's double step
            footprint |= seen
        near = _within(cell, stacks[origin] + spare + stacks[cell])
        for landing in cellset.cells(movegen.pseudo_targets(t, pos, origin) & near):
            victim = -1
            if (1 << landing) & prey:
                victim = landing
            elif landing == ep and (1 << origin) & pawn_cells:
                victim = t.ep_victim[by][landing]
            starts.append((origin, landing, victim, stacks[origin] + _gain(stacks, victim)))
    for target in cellset.cells(rich & _within(cell, spare)):
        # a piece without checkers takes a piece that has some, then spends them at once
        if trace:
            footprint |= _lines(t, target, occupied)
        for origin in cellset.cells(movegen.attackers(t, pos, target, by, occupied) & ~charged):
            starts.append((origin, target, target, stacks[target]))
    if ep >= 0:
        victim = t.ep_victim[by][ep]
        if trace:
            footprint |= (1 << ep) | t.movement[by ^ 1][t.pawn].capture_leaps[ep]
            footprint |= 1 << victim if victim >= 0 else 0
        if victim >= 0 and (1 << victim) & rich:
            takers = t.movement[by ^ 1][t.pawn].capture_leaps[ep] & pawn_cells & theirs
            for origin in cellset.cells(takers & ~charged):
                starts.append((origin, ep, victim, stacks[victim]))
    gains: dict[int, int] | None = None
    for origin, landing, victim, budget in starts:
        rest = spare - stacks[victim] if victim >= 0 and (1 << victim) & rich else spare
        if budget <= 0 or distance(landing, cell) > budget + rest:
            continue  # the first test of `steps_reach`, before its gains are gathered
        if trace:  # the steps never go farther than their checkers pay for
            footprint |= _within(landing, budget + rest)
        if gains is None:
            gains = {c: stacks[c] for c in cellset.cells(rich)}
        if victim in gains:
            mine = dict(gains)
            del mine[victim]
        else:
            mine = gains
        blockers = theirs & ~(1 << origin)
        if steps_reach(landing, budget, blockers, mine, cell):
            return True, footprint
    return False, footprint


def _lines(t: ChessTables, cell: int, occupied: int) -> int:
    """The squares from which a piece could capture on `cell`, up to the first blockers."""
    kinds = t.kind_of_letter
    movement = t.movement[0]
    return (
        movement[kinds["q"]].captures(cell, occupied)
        | movement[kinds["n"]].captures(cell, 0)
        | movement[t.royal].captures(cell, 0)
    )


def _gain(stacks: Stacks, victim: int) -> int:
    return stacks[victim] if victim >= 0 else 0
