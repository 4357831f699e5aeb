"""What a player could capture on their next turn, extra king steps included.

Seed 002, Adrenaline Chess: "you may use extra moves to threaten the king". A square is
threatened by a side when, in one turn of that side, some piece could capture on it: by its
regular move, or by a regular move followed by king steps paid with the checkers it carries,
including checkers taken over from pieces it captures on the way (RULES-NOTES,
`adrenaline-chess2`). Whether that side's own king would be safe meanwhile does not matter,
just as a pinned piece still gives check in chess.
"""

from __future__ import annotations

from functools import cache

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
    if budget <= 0 or DISTANCES[start][goal] > budget + spare:
        return False
    goal_bit = 1 << goal
    if not gains:  # nothing to take over: one spread, `_grow` written out
        seen = frontier = 1 << start
        for _ in range(budget):
            frontier |= ((frontier << 1) & NOT_A) | ((frontier >> 1) & NOT_H)
            grown = (frontier | (frontier << 8) | (frontier >> 8)) & FULL & ~seen
            if grown & goal_bit:
                return True
            seen |= grown
            frontier = grown & ~blockers
            if not frontier:
                break
        return False
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


# DISTANCES[a][b]: `distance(a, b)`, looked up in the inner loops
DISTANCES: tuple[tuple[int, ...], ...] = tuple(
    tuple(distance(a, b) for b in range(SIZE * SIZE)) for a in range(SIZE * SIZE)
)


@cache
def leapers(t: ChessTables, seat: int) -> tuple[int, ...]:
    """The kinds of `seat` whose regular moves are leaps only (`spans` less than the board)."""
    return tuple(
        kind
        for kind, move in enumerate(t.movement[seat])
        if not (move.quiet_sliders or move.capture_sliders)
    )


def _within(cell: int, radius: int) -> int:
    return BALLS[cell][min(radius, SIZE - 1)] if radius >= 0 else 0


@cache
def spans(t: ChessTables) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """`spans(t)[seat][kind][cell]`: every square a regular move of that piece from `cell`
    could ever land on, whatever stands where (a rider's lines on the empty board), so that a
    piece too far from a square to matter is passed over before its moves are worked out."""
    out = []
    for seat in (0, 1):
        per_kind = []
        for move in t.movement[seat]:
            row = []
            for cell in range(t.n):
                # blockers only shorten a rider's lines: the empty board's lines hold them all
                span = move.quiet(cell, 0) | move.captures(cell, 0)
                for single in cellset.cells(move.quiet_leaps[cell]):
                    span |= move.quiet_leaps[single]  # a pawn's double step
                row.append(span)
            per_kind.append(tuple(row))
        out.append(tuple(per_kind))
    return tuple(out)


def threatened(
    t: ChessTables, board: Position, stacks: Stacks, cell: int, by: int, ep: int
) -> bool:
    """Could `by`, moving next with en-passant square `ep`, capture the piece on `cell`?"""
    if movegen.is_attacked(t, board, cell, by, board.occupied):
        return True  # an ordinary capture by a regular move
    return stepped_threat(t, board, stacks, cell, by, ep)


ALL = -1  # every square: `stepped_threat` unrestricted


def stepped_threat(
    t: ChessTables,
    board: Position,
    stacks: Stacks,
    cell: int,
    by: int,
    ep: int,
    origins: int = ALL,
    targets: int = ALL,
) -> bool:
    """Could `by` capture on `cell` by a regular move followed by extra steps?

    `origins` and `targets` narrow the search to the starts of the pieces with checkers on
    `origins` and to the captures of the other side's pieces with checkers on `targets`
    (`footprints` says which starts a quiet move can change). This runs for nearly every
    candidate decision, so the loops are written out over bits and each start is searched
    as soon as it is found (`_start_reaches`)."""
    colours = board.colours
    theirs = colours[by]
    prey = colours[by ^ 1]
    stacked = stacked_mask(stacks)
    charged = stacked & theirs
    rich = stacked & prey & ~(1 << cell)
    if not charged & origins and not rich:
        return False
    # king steps cover one square each, so a start farther from `cell` than all the
    # checkers it could ever hold is skipped before its search is set up
    spare = 0
    bits = rich
    while bits:
        low = bits & -bits
        bits ^= low
        spare += stacks[low.bit_length() - 1]
    occupied = theirs | prey
    near_cell = BALLS[cell]
    far = DISTANCES[cell]
    found: list[dict[int, int]] = []  # the gains of every rich piece, once a search asks
    bits = charged & origins
    if bits:
        pieces = board.pieces
        pawn = t.pawn
        movement = t.movement[by]
        span = spans(t)[by]
        extra = spare + stacks[cell]
        while bits:
            low = bits & -bits
            bits ^= low
            origin = low.bit_length() - 1
            own = stacks[origin]
            near = near_cell[min(own + extra, SIZE - 1)]
            kind = t.kind_at(pieces, low)
            if not span[kind][origin] & near:
                continue  # lands too far from `cell`, whatever it takes on the way
            # `movegen.pseudo_targets` with `by` to move and `ep` as en-passant square
            move = movement[kind]
            reach = (move.quiet(origin, occupied) & ~occupied) | (
                move.captures(origin, occupied) & prey
            )
            if kind == pawn:
                if reach & ~prey and low & t.double_step_rows[by]:
                    single = reach & ~prey & move.quiet_leaps[origin]
                    if single:
                        reach |= move.quiet_leaps[single.bit_length() - 1] & ~occupied
                if ep >= 0 and move.capture_leaps[origin] >> ep & 1:
                    reach |= 1 << ep
            reach &= near
            blockers = theirs & ~low
            while reach:
                spot = reach & -reach
                reach ^= spot
                landing = spot.bit_length() - 1
                if spot & prey:
                    victim, budget = landing, own + stacks[landing]
                elif landing == ep and kind == pawn:
                    victim = t.ep_victim[by][landing]
                    budget = own + _gain(stacks, victim)
                elif own and far[landing] <= own + spare:
                    victim, budget = -1, own
                else:
                    continue
                if _start_reaches(
                    stacks, rich, spare, far, found, landing, victim, budget, blockers, cell
                ):
                    return True
    bits = rich & near_cell[min(spare, SIZE - 1)] & targets
    while bits:
        # a piece without checkers takes a piece that has some, then spends them at once
        low = bits & -bits
        bits ^= low
        target = low.bit_length() - 1
        takers = movegen.attackers(t, board, target, by, occupied) & ~charged
        budget = stacks[target]
        while takers:
            one = takers & -takers
            takers ^= one
            if _start_reaches(
                stacks, rich, spare, far, found, target, target, budget, theirs & ~one, cell
            ):
                return True
    if ep >= 0:
        victim = t.ep_victim[by][ep]
        if victim >= 0 and (1 << victim) & rich:
            takers = t.movement[by ^ 1][t.pawn].capture_leaps[ep] & board.pieces[t.pawn] & theirs
            takers &= ~charged
            while takers:
                one = takers & -takers
                takers ^= one
                if _start_reaches(
                    stacks, rich, spare, far, found, ep, victim, stacks[victim], theirs & ~one, cell
                ):
                    return True
    return False


def _start_reaches(
    stacks: Stacks,
    rich: int,
    spare: int,
    far: tuple[int, ...],
    found: list[dict[int, int]],
    landing: int,
    victim: int,
    budget: int,
    blockers: int,
    cell: int,
) -> bool:
    """One start of `stepped_threat`: a piece lands on `landing` (taking the piece on
    `victim`, -1 for none) with `budget` checkers; can its steps reach `cell`?"""
    taken = victim >= 0 and (1 << victim) & rich
    rest = spare - stacks[victim] if taken else spare
    if budget <= 0 or far[landing] > budget + rest:
        return False  # the first test of `steps_reach`, before its gains are gathered
    if not found:
        found.append({c: stacks[c] for c in cellset.cells(rich)})
    gains = found[0]
    if taken:
        gains = dict(gains)
        del gains[victim]
    return steps_reach(landing, budget, blockers, gains, cell)


Footprint = tuple[int, int, int]  # (squares looked at, origin square bit, target square bit)


def footprints(
    t: ChessTables, board: Position, stacks: Stacks, cell: int, by: int
) -> list[Footprint]:
    """What each start of `stepped_threat` (without en passant) depends on on the board.

    One entry per piece of `by` with checkers (the squares its regular moves look at,
    blockers included) and per capturable piece of the other side with checkers (the lines
    from which it could be taken). A quiet move by the other side, of a piece without
    checkers and not from `cell`, changes only the starts of the entries whose squares it
    leaves or enters: the steps see only `by`'s own pieces, the checkers and `cell`, which
    such a move does not touch. So when the threat was not there before the move, it is
    there after it exactly when `stepped_threat` narrowed to those entries finds it. A piece
    whose moves can never land near enough to `cell` (`spans`) has no entry: such a move
    changes neither its checkers nor the ones it could take over."""
    occupied = board.occupied
    theirs = board.colours[by]
    prey = board.colours[by ^ 1]
    stacked = stacked_mask(stacks)
    rich = stacked & prey & ~(1 << cell)
    out: list[Footprint] = []
    movement = t.movement[by]
    span = spans(t)[by]
    near = BALLS[cell]
    spare = 0
    for victim in cellset.cells(rich):
        spare += stacks[victim]
    extra = spare + stacks[cell]
    for origin in cellset.cells(stacked & theirs):
        kind = t.kind_at(board.pieces, 1 << origin)
        if not span[kind][origin] & near[min(stacks[origin] + extra, SIZE - 1)]:
            continue  # lands too far from `cell` whatever the move changes (`stepped_threat`)
        move = movement[kind]
        seen = move.quiet(origin, occupied) | move.captures(origin, occupied)
        for single in cellset.cells(move.quiet_leaps[origin]):
            seen |= move.quiet_leaps[single]  # a pawn's double step
        out.append((seen, 1 << origin, 0))
    if rich:
        for target in cellset.cells(rich & _within(cell, spare)):
            out.append((_lines(t, target, occupied), 0, 1 << target))
    return out


def king_reach(t: ChessTables, board: Position, stacks: Stacks, king: int, by: int) -> int:
    """The squares the king on `king`, without checkers, may step to (a plain move, legal in
    orthodox chess) and stay out of `stepped_threat` for sure: outside them it must be judged.

    A start of `by` lands on a square (the king's lines opened as if it had left) and steps
    at most its own checkers plus every checker it could take over (`spare`); a capture of
    a piece with checkers by a piece without lands on that piece. Farther than that from
    every landing, the king cannot be reached. Only the checkers within reach count
    (`_gathered`): a piece with checkers farther from every landing than the steps that
    could get there is never taken on the way."""
    theirs = board.colours[by]
    prey = board.colours[by ^ 1]
    stacked = stacked_mask(stacks)
    charged = stacked & theirs
    rich = stacked & prey & ~(1 << king)
    colours = list(board.colours)
    colours[by ^ 1] &= ~(1 << king)
    pos = board._replace(colours=(colours[0], colours[1]), turn=by, ep=-1)
    occupied = pos.occupied
    region = 0
    for origin in cellset.cells(charged):
        landings = movegen.pseudo_targets(t, pos, origin)
        region |= _gathered(landings, stacks[origin], stacks, rich)
    for target in cellset.cells(rich):
        if movegen.attackers(t, pos, target, by, occupied) & ~charged:
            region |= _gathered(1 << target, stacks[target], stacks, rich & ~(1 << target))
    return FULL & ~region


def _gathered(landings: int, budget: int, stacks: Stacks, rich: int) -> int:
    """The squares king steps from `landings` with `budget` checkers could reach, taking over
    the checkers of the pieces on `rich` met on the way, blockers ignored: every square
    within the budget plus the checkers of each rich piece already inside that ball."""
    radius = budget
    region = _spread(landings, radius)
    found = rich & region
    while found:  # each piece reached adds its checkers, which may reach more
        rich &= ~found
        for victim in cellset.cells(found):
            radius += stacks[victim]
        region = _spread(landings, radius)
        found = rich & region
    return region


def _spread(cells: int, radius: int) -> int:
    """`cells` and every square at most `radius` king steps from one of them."""
    for _ in range(min(radius, SIZE - 1)):
        cells = _grow(cells)
    return cells


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


def rush_threat(
    t: ChessTables, board: Position, stacks: Stacks, cell: int, by: int, origin: int
) -> bool:
    """Would one more checker under `by`'s piece on `origin` (the rush) let `by`, moving next
    without en passant, capture on `cell` by a regular move of that piece and extra steps?

    Only that piece's starts change when it gets the checker (`stepped_threat`: a piece that
    had none only gains budget), so when `stepped_threat` found nothing before the rush, this
    alone decides whether the rush opens the king."""
    prey = board.colours[by ^ 1]
    rich = stacked_mask(stacks) & prey & ~(1 << cell)
    spare = 0
    for victim in cellset.cells(rich):
        spare += stacks[victim]
    own = stacks[origin] + 1
    near = _within(cell, own + spare + stacks[cell])
    if not spans(t)[by][t.kind_at(board.pieces, 1 << origin)][origin] & near:
        return False  # lands too far from `cell`, whatever it takes on the way
    landings = movegen.pseudo_targets(t, board._replace(turn=by, ep=-1), origin) & near
    gains: dict[int, int] | None = None
    blockers = board.colours[by] & ~(1 << origin)
    for landing in cellset.cells(landings):
        victim = landing if (1 << landing) & prey else -1
        budget = own + _gain(stacks, victim)
        rest = spare - stacks[victim] if victim >= 0 and (1 << victim) & rich else spare
        if DISTANCES[landing][cell] > budget + rest:
            continue
        if gains is None:
            gains = {c: stacks[c] for c in cellset.cells(rich)}
        mine = gains
        if victim in gains:
            mine = dict(gains)
            del mine[victim]
        if steps_reach(landing, budget, blockers, mine, cell):
            return True
    return False


def harmless_rush(
    t: ChessTables, board: Position, stacks: Stacks, cell: int, by: int, cells: int
) -> bool:
    """Is there a square among `cells` where one more checker (the rush) would not let `by`
    capture on `cell` (`rush_threat`)? Pieces that move by leaps and stand too far to reach
    `cell` with their checkers, the new one and every one they could take over are tried
    first, as they need no move worked out."""
    rich = stacked_mask(stacks) & board.colours[by ^ 1] & ~(1 << cell)
    spare = stacks[cell]
    for victim in cellset.cells(rich):
        spare += stacks[victim]
    span = spans(t)[by]
    near = BALLS[cell]
    for kind in leapers(t, by):
        row = span[kind]
        for origin in cellset.cells(cells & board.pieces[kind]):
            if not row[origin] & near[min(stacks[origin] + 1 + spare, SIZE - 1)]:
                return True
    for origin in cellset.cells(cells):
        if not rush_threat(t, board, stacks, cell, by, origin):
            return True
    return False
