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
from motley.chesslike.position import Position, kind_on
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
    the checkers the stepper takes over by capturing them (each only once)."""
    if budget <= 0 or DISTANCES[start][goal] > budget + sum(gains.values()):
        return False
    return spread_reaches(1 << start, budget, blockers, gains, goal)


def spread_reaches(
    starts: int, budget: int, blockers: int, gains: dict[int, int], goal: int
) -> bool:
    """Can king steps from one of the squares `starts` (bits, none of them a square of
    `gains` or `goal`), `budget` checkers each, capture on `goal` (`steps_reach`)?

    The steps spread a ring of squares at a time; a piece with checkers that the ring
    reaches first starts a new spread from its square with the checkers left plus the ones
    taken over (passing over it without taking them could only do less). Starting from all
    the squares at once finds the same: a ring reaches each square first from the nearest
    start, which leaves the most checkers there."""
    goal_bit = 1 << goal
    if not gains:  # nothing to take over: one spread, `_grow` written out
        seen = frontier = starts
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
    work = [(starts, budget, 0)]  # (squares, checkers left, squares whose checkers were taken)
    while work:
        seen, left, taken = work.pop()
        frontier = seen
        untaken = rich & ~taken
        for depth in range(1, left + 1):
            frontier |= ((frontier << 1) & NOT_A) | ((frontier >> 1) & NOT_H)  # `_grow`
            grown = (frontier | (frontier << 8) | (frontier >> 8)) & FULL & ~seen
            if grown & goal_bit:
                return True
            seen |= grown
            frontier = grown & ~blockers
            found = frontier & untaken
            frontier ^= found
            while found:
                low = found & -found
                found ^= low
                now = left - depth + gains[low.bit_length() - 1]
                key = (low, taken | low)
                if best.get(key, 0) < now:
                    best[key] = now
                    work.append((low, now, taken | low))
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


@cache
def remote(t: ChessTables) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    """`remote(t)[seat][kind][cell][r]`: the squares from which that piece's regular moves
    could never land within `r` king steps of `cell` (`spans`), whatever stands where, so
    that all such pieces are found with one mask."""
    out = []
    for per_kind in spans(t):
        kinds = []
        for row in per_kind:
            table = [[0] * SIZE for _ in range(t.n)]
            for origin, span in enumerate(row):
                bit = 1 << origin
                grown = span
                for radius in range(SIZE):
                    if radius:
                        grown = _grow(grown)
                    for cell in cellset.cells(FULL & ~grown):
                        table[cell][radius] |= bit
            kinds.append(tuple(tuple(radii) for radii in table))
        out.append(tuple(kinds))
    return tuple(out)


def landings_of(
    t: ChessTables, by: int, kind: int, origin: int, occupied: int, prey: int, ep: int = -1
) -> int:
    """Where `by`'s piece of `kind` on `origin` may land by a regular move (quiet or
    capturing `prey`, en passant on `ep`): `movegen.pseudo_targets` for any side to move."""
    move = t.movement[by][kind]
    if t.symmetric[by][kind]:
        return move.captures(origin, occupied) & ~(occupied & ~prey)
    reach = (move.quiet(origin, occupied) & ~occupied) | (move.captures(origin, occupied) & prey)
    if kind == t.pawn:
        if reach & ~prey and (1 << origin) & t.double_step_rows[by]:
            single = reach & ~prey & move.quiet_leaps[origin]
            if single:
                reach |= move.quiet_leaps[single.bit_length() - 1] & ~occupied
        if ep >= 0 and move.capture_leaps[origin] >> ep & 1:
            reach |= 1 << ep
    return reach


def threatened(
    t: ChessTables, board: Position, stacks: Stacks, cell: int, by: int, ep: int
) -> bool:
    """Could `by`, moving next with en-passant square `ep`, capture the piece on `cell`?"""
    if movegen.is_attacked(t, board, cell, by, board.occupied):
        return True  # an ordinary capture by a regular move
    return stepped_threat(t, board, stacks, cell, by, ep)


ALL = -1  # every square: `stepped_threat` unrestricted
# `stepped_threat`'s last stacks, pieces it could take checkers from and their checkers:
# a turn's tests ask about the same ones again and again
_last_spare: list[tuple[Stacks, int, int]] = [((), 0, 0)]


def stepped_threat(
    t: ChessTables,
    board: Position,
    stacks: Stacks,
    cell: int,
    by: int,
    ep: int,
    origins: int = ALL,
    targets: int = ALL,
    known: int = 0,
) -> bool:
    """Could `by` capture on `cell` by a regular move followed by extra steps?

    `origins` and `targets` narrow the search to the starts of the pieces with checkers on
    `origins` and to the captures of the other side's pieces with checkers on `targets`
    (`footprints` says which starts a quiet move can change); `known` leaves out landings of
    those pieces, and pieces taking on `targets`, already searched in vain. This runs for
    nearly every candidate decision, so the loops are written out over bits and each start
    is searched as soon as it is found (`_start_reaches`)."""
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
    last = _last_spare[0]
    if last[0] is stacks and last[1] == rich:
        spare = last[2]
    else:
        spare = 0
        bits = rich
        while bits:
            low = bits & -bits
            bits ^= low
            spare += stacks[low.bit_length() - 1]
        _last_spare[0] = (stacks, rich, spare)
    occupied = theirs | prey
    near_cell = BALLS[cell]
    far = DISTANCES[cell]
    found: list[dict[int, int]] = []  # the gains of every rich piece, once a search asks
    bits = charged & origins
    if bits:
        pieces = board.pieces
        pawn = t.pawn
        span = spans(t)[by]
        while bits:
            low = bits & -bits
            bits ^= low
            origin = low.bit_length() - 1
            own = stacks[origin]
            # every landing's steps, with all they could take over, cover at most own + spare
            near = near_cell[min(own + spare, SIZE - 1)]
            kind = kind_on(pieces, origin)
            if not span[kind][origin] & near:
                continue  # lands too far from `cell`, whatever it takes on the way
            reach = landings_of(t, by, kind, origin, occupied, prey, ep) & near & ~known
            blockers = theirs & ~low
            quiet = reach & ~prey
            if kind == pawn and ep >= 0:
                quiet &= ~(1 << ep)
            if quiet:  # every quiet landing spends the same checkers: searched at once
                reach ^= quiet
                if not found:
                    found.append(_gains(stacks, rich))
                if spread_reaches(quiet, own, blockers, found[0], cell):
                    return True
            while reach:
                spot = reach & -reach
                reach ^= spot
                landing = spot.bit_length() - 1
                if spot & prey:
                    victim, budget = landing, own + stacks[landing]
                else:  # en passant
                    victim = t.ep_victim[by][landing]
                    budget = own + _gain(stacks, victim)
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
        takers = movegen.attackers(t, board, target, by, occupied) & ~charged & ~known
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
        found.append(_gains(stacks, rich))
    gains = found[0]
    if taken:
        gains = dict(gains)
        del gains[victim]
    return steps_reach(landing, budget, blockers, gains, cell)


def _gains(stacks: Stacks, rich: int) -> dict[int, int]:
    """The checkers under each piece on `rich`, by square (never changed by its readers:
    the one asked for last is kept, as a turn's threat tests ask for it again and again)."""
    last = _last_gains[0]
    if last[0] is stacks and last[1] == rich:
        return last[2]
    gathered = {}
    bits = rich
    while bits:
        low = bits & -bits
        bits ^= low
        square = low.bit_length() - 1
        gathered[square] = stacks[square]
    _last_gains[0] = (stacks, rich, gathered)
    return gathered


_last_gains: list[tuple[Stacks, int, dict[int, int]]] = [((), 0, {})]


# (squares looked at, origin square bit, target square bit, landings or takers now)
Footprint = tuple[int, int, int, int]


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
    changes neither its checkers nor the ones it could take over.

    Each entry also holds where that piece lands now, or which pieces without checkers take
    the piece with checkers now: when the threat is not there, such a move leaves each of
    those searches as it was, so only new landings and new takers need searching (`known`
    of `stepped_threat`)."""
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
    pieces = board.pieces
    symmetric = t.symmetric[by]
    for origin in cellset.cells(stacked & theirs):
        bit = 1 << origin
        kind = 0
        while not pieces[kind] & bit:
            kind += 1
        if not span[kind][origin] & near[min(stacks[origin] + extra, SIZE - 1)]:
            continue  # lands too far from `cell` whatever the move changes (`stepped_threat`)
        move = movement[kind]
        if symmetric[kind]:
            seen = move.captures(origin, occupied)
            landings = seen & ~theirs
        else:
            quiet = move.quiet(origin, occupied)
            captures = move.captures(origin, occupied)
            seen = quiet | captures
            landings = (quiet & ~occupied) | (captures & prey)
            if kind == t.pawn:
                for single in cellset.cells(move.quiet_leaps[origin]):
                    seen |= move.quiet_leaps[single]  # a pawn's double step
                if landings & ~prey and bit & t.double_step_rows[by]:
                    single_bit = landings & ~prey & move.quiet_leaps[origin]
                    if single_bit:
                        landings |= move.quiet_leaps[single_bit.bit_length() - 1] & ~occupied
        out.append((seen, bit, 0, landings))
    if rich:
        charged = stacked & theirs
        for target in cellset.cells(rich & _within(cell, spare)):
            takers = movegen.attackers(t, board, target, by, occupied) & ~charged
            out.append((_lines(t, target, occupied), 0, 1 << target, takers))
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
    stacked = stacked_mask(stacks)
    charged = stacked & theirs
    rich = stacked & board.colours[by ^ 1] & ~(1 << king)
    prey = board.colours[by ^ 1] & ~(1 << king)  # the king's lines opened as if it had left
    occupied = theirs | prey
    pieces = board.pieces
    region = 0
    bits = charged
    while bits:
        low = bits & -bits
        bits ^= low
        origin = low.bit_length() - 1
        kind = kind_on(pieces, origin)
        landings = landings_of(t, by, kind, origin, occupied, prey)
        region |= _gathered(landings, stacks[origin], stacks, rich)
        if region == FULL:
            return 0
    if rich:
        for target in cellset.cells(rich):  # `attackers` reads `by`'s pieces alone
            if movegen.attackers(t, board, target, by, occupied) & ~charged:
                region |= _gathered(1 << target, stacks[target], stacks, rich & ~(1 << target))
    return FULL & ~region


def _gathered(landings: int, budget: int, stacks: Stacks, rich: int) -> int:
    """The squares king steps from `landings` with `budget` checkers could reach, taking over
    the checkers of the pieces on `rich` met on the way, blockers ignored: every square
    within the budget plus the checkers of each rich piece already inside that ball."""
    region = _spread(landings, budget)
    found = rich & region
    while found:  # each piece reached adds its checkers, which may reach more
        rich &= ~found
        more = 0
        for victim in cellset.cells(found):
            more += stacks[victim]
        region = _spread(region, more)  # growing the ball grown so far: the same squares
        found = rich & region
    return region


def _spread(cells: int, radius: int) -> int:
    """`cells` and every square at most `radius` king steps from one of them."""
    for _ in range(min(radius, SIZE - 1)):
        cells |= ((cells << 1) & NOT_A) | ((cells >> 1) & NOT_H)
        cells = (cells | (cells << 8) | (cells >> 8)) & FULL
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
    kind = kind_on(board.pieces, origin)
    if not spans(t)[by][kind][origin] & near:
        return False  # lands too far from `cell`, whatever it takes on the way
    occupied = board.colours[by] | prey
    landings = landings_of(t, by, kind, origin, occupied, prey) & near
    blockers = board.colours[by] & ~(1 << origin)
    gains = _gains(stacks, rich)
    # every quiet landing spends the same checkers: searched at once
    quiet = landings & ~prey & _within(cell, own + spare)
    if quiet and spread_reaches(quiet, own, blockers, gains, cell):
        return True
    for landing in cellset.cells(landings & prey):
        victim = landing
        budget = own + stacks[victim]
        rest = spare - stacks[victim] if (1 << victim) & rich else spare
        if DISTANCES[landing][cell] > budget + rest:
            continue
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
    capture on `cell` (`rush_threat`)? Pieces that stand too far to reach `cell` with their
    checkers, the new one and every one they could take over (`far_rushes`) are looked for
    first, as they need no move worked out."""
    if far_rushes(t, board, stacks, cell, by, cells):
        return True
    # the farthest pieces first: they are the likeliest to be harmless and the quickest to
    # judge (`rush_threat` passes over a piece whose moves land too far before working them out)
    rings = BALLS[cell]
    for radius in range(SIZE - 1, -1, -1):
        ring = cells & ~rings[radius - 1] if radius else cells
        cells ^= ring
        while ring:
            low = ring & -ring
            ring ^= low
            if not rush_threat(t, board, stacks, cell, by, low.bit_length() - 1):
                return True
    return False


def far_rushes(
    t: ChessTables, board: Position, stacks: Stacks, cell: int, by: int, cells: int
) -> int:
    """The pieces on `cells` under which one more checker (the rush) cannot let `by` capture
    on `cell`, however the board changes, as long as the checkers stay (`rush_threat`, its
    first test): their regular moves never land within reach of `cell` with their own
    checkers, the new one and every one they could take over (`remote`)."""
    stacked = stacked_mask(stacks)
    rich = stacked & board.colours[by ^ 1] & ~(1 << cell)
    spare = stacks[cell]
    bits = rich
    while bits:
        low = bits & -bits
        bits ^= low
        spare += stacks[low.bit_length() - 1]
    far = remote(t)[by]
    pieces = board.pieces
    plain = cells & ~stacked
    radius = min(1 + spare, SIZE - 1)
    out = 0
    for kind, bits in enumerate(pieces):
        if bits & plain:
            out |= bits & plain & far[kind][cell][radius]
    bits = cells & stacked
    while bits:  # the few pieces with checkers of their own
        low = bits & -bits
        bits ^= low
        origin = low.bit_length() - 1
        kind = kind_on(pieces, origin)
        out |= low & far[kind][cell][min(stacks[origin] + 1 + spare, SIZE - 1)]
    return out
