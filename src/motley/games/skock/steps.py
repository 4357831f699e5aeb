"""Steps and the search that keeps every offered step completable.

A Skock die moves one piece exactly that many steps, each a chess move, all but the last onto
an empty cell; the two dice must move two different pieces or the player does not move. So a
step is offered only if the rest of the turn can still be played: the piece can use all its
steps, and (while the other die is still to come) some other piece can then use that die.

The search is a depth-first walk over (cell, kind, steps left, queue) with memos. Two facts
keep it cheap. Every piece but the pawn moves alike in both directions, so once it has one
quiet step it can go out and back as often as it likes: any number of steps can be used up.
And a piece with two empty cells among its nearest reachable cells still has a quiet step
after any other single piece lands somewhere, so while such a piece exists the second die is
always usable and the first die's end needs no further look.
"""

from __future__ import annotations

from functools import cache

from motley.games.skock.board import put, remove
from motley.games.skock.state import KIND_OF, KINDS, KING, PAWN, Board, SkockState, Step
from motley.geometry import cellset
from motley.geometry.square import square_board
from motley.pieces.catalogue import BISHOP, KNIGHT, QUEEN, ROOK
from motley.pieces.catalogue import KING as KING_TYPE
from motley.pieces.catalogue import PAWN as PAWN_TYPE
from motley.pieces.movement import Movement, compile_movement, leaps

# No double step: no pawn starts on its second row, and the text grants no special moves
# (RULES-NOTES 3.2); `pawn_double_step` adds one as an option.
PIECE_TYPES = (PAWN_TYPE, KNIGHT, BISHOP, ROOK, QUEEN, KING_TYPE)
Option = tuple[int, str, int, str]  # (target, promotion letter, kind after, queue after)


class StepTables:
    """Movement per seat and kind on the 8x8 board, and the rows that matter to pawns."""

    def __init__(self, double_step: bool) -> None:
        g = square_board(8, 8)
        self.movement: tuple[tuple[Movement, ...], ...] = tuple(
            tuple(compile_movement(g, seat, t.atoms) for t in PIECE_TYPES) for seat in (0, 1)
        )
        self.last_row = (g.row(7, 0), g.row(7, 1))
        self.back_rows = tuple(tuple(g.row(r, seat) for r in range(8)) for seat in (0, 1))
        self.double_step = double_step
        # the rows the pawns start on (3rd and 4th from each side), for `pawn_double_step`
        self.pawn_rows = (g.row(2, 0) | g.row(3, 0), g.row(2, 1) | g.row(3, 1))
        self.push = tuple(
            tuple(_cell_or(g.step(c, g.facing(seat, (0, 1)))) for c in range(64)) for seat in (0, 1)
        )
        groups = g.direction_groups
        king_cells = leaps(g, frozenset(groups["royal"]))
        rook_cells = leaps(g, frozenset(groups["orthogonal"]))
        bishop_cells = leaps(g, frozenset(groups["diagonal"]))
        knight_cells = leaps(g, frozenset(groups["knight"]))
        # the nearest cells each kind can step to: if one is empty, it has a quiet step
        self.near = (
            (0,) * 64,
            knight_cells,
            bishop_cells,
            rook_cells,
            king_cells,
            king_cells,
        )


def _cell_or(cell: int | None) -> int:
    return -1 if cell is None else cell


@cache
def step_tables(double_step: bool) -> StepTables:
    return StepTables(double_step)


class Planner:
    """Step generation and completion search for one set of options."""

    def __init__(
        self,
        *,
        king_die: int,
        promoted_pawn: str,
        compulsory: bool,
        free_promotion: bool,
        double_step: bool,
    ) -> None:
        self.tables = step_tables(double_step)
        self.king_die = king_die
        self.promoted_pawn = promoted_pawn
        self.compulsory = compulsory
        self.free_promotion = free_promotion
        self._promotions: dict[str, tuple[tuple[str, int, str], ...]] = {}

    # -- single steps -----------------------------------------------------------------------

    def targets(
        self, seat: int, kind: int, cell: int, occ: int, theirs: int, last: bool, kings: int
    ) -> int:
        """Cells one step reaches. Only a `last` step may capture; `kings` may not be taken."""
        t = self.tables
        movement = t.movement[seat][kind]
        reached = movement.quiet(cell, occ) & ~occ
        if kind == PAWN and t.double_step and (1 << cell) & t.pawn_rows[seat]:
            one = t.push[seat][cell]
            two = t.push[seat][one] if one >= 0 and not occ >> one & 1 else -1
            if two >= 0 and not occ >> two & 1:
                reached |= 1 << two
        if last:
            reached |= movement.captures(cell, occ) & theirs & ~kings
        return reached

    def promotions(self, queue: str) -> tuple[tuple[str, int, str], ...]:
        """(letter, kind after, queue after) for a pawn reaching the last row; '' stays a pawn."""
        known = self._promotions.get(queue)
        if known is not None:
            return known
        out: list[tuple[str, int, str]] = []
        for letter in KINDS[1:]:
            if letter in queue:
                out.append((letter, KIND_OF[letter], self.exchange(queue, letter)))
        if not out and self.free_promotion:
            out = [(letter, KIND_OF[letter], queue) for letter in "NBRQ"]
        if not (self.compulsory and out):
            out.append(("", PAWN, queue))
        result = tuple(out)
        if len(self._promotions) > 4096:
            self._promotions.clear()
        self._promotions[queue] = result
        return result

    def exchange(self, queue: str, letter: str) -> str:
        """The queue after a pawn is exchanged for its latest `letter` (see `promoted_pawn`)."""
        index = queue.rfind(letter)
        rest = queue[:index] + queue[index + 1 :]
        if self.promoted_pawn == "exchange":
            return queue[:index] + "P" + queue[index + 1 :]
        if self.promoted_pawn == "queue_end":
            return rest + "P"
        return rest

    # -- the second die ---------------------------------------------------------------------

    def has_robust(self, board: Board, seat: int) -> bool:
        """Does some non-pawn have two empty nearest cells (so keeps a step whatever lands)?"""
        pieces, colours = board
        empty = ~(colours[0] | colours[1])
        near = self.tables.near
        for kind in range(1, 6):
            for cell in cellset.cells(pieces[kind] & colours[seat]):
                free = near[kind][cell] & empty
                if free & (free - 1):
                    return True
        return False

    def any_finish(self, board: Board, seat: int, die: int, queue: str, exclude: int) -> bool:
        """Can some piece of `seat` other than the one on `exclude` use all of `die`?"""
        pieces, colours = board
        occ = colours[0] | colours[1]
        theirs = colours[seat ^ 1]
        kings = 0 if die == self.king_die else pieces[KING] & theirs
        mine = colours[seat] & ~(1 << exclude) if exclude >= 0 else colours[seat]
        last = die == 1
        for kind in range(1, 6):
            for cell in cellset.cells(pieces[kind] & mine):
                if self.targets(seat, kind, cell, occ, theirs, last, kings):
                    return True
        for cell in cellset.cells(pieces[PAWN] & mine):
            walk = Walk(self, remove(board, cell), seat, die, 0)
            if walk.can_finish(cell, PAWN, die, queue):
                return True
        return False

    # -- the actions a turn offers ----------------------------------------------------------

    def first_steps(self, state: SkockState) -> list[Step]:
        """First steps of a die, each with a full legal completion of the turn."""
        seat = state.turn
        board: Board = (state.pieces, state.colours)
        queue = state.queues[seat]
        out: list[Step] = []
        dice = state.dice
        for die in sorted(set(dice)):
            then = (dice[1] if dice[0] == die else dice[0]) if len(dice) == 2 else 0
            for origin in cellset.cells(state.colours[seat]):
                if origin == state.moved:
                    continue  # the two dice must move two different pieces
                kind = state.kind_at(origin)
                walk = Walk(self, remove(board, origin), seat, die, then)
                for target, letter, after, rest in walk.options(origin, kind, die, queue):
                    if walk.can_finish(target, after, die - 1, rest):
                        out.append(Step(origin, target, die, letter))
        return out

    def next_steps(self, state: SkockState) -> list[Step]:
        """The next step of the piece part-way through its die."""
        seat = state.turn
        cell = state.cell
        kind = state.kind_at(cell)
        queue = state.queues[seat]
        then = state.dice[0] if state.dice else 0
        walk = Walk(self, remove((state.pieces, state.colours), cell), seat, state.die, then)
        return [
            Step(cell, target, 0, letter)
            for target, letter, after, rest in walk.options(cell, kind, state.left, queue)
            if walk.can_finish(target, after, state.left - 1, rest)
        ]


class Walk:
    """One piece using one die on an otherwise fixed board (`base` lacks the piece).

    `then` is the value of the die still to come after this one (0 if none): the walk's end
    must leave some other piece able to use it.
    """

    __slots__ = (
        "base",
        "end_memo",
        "kings",
        "memo",
        "occ",
        "planner",
        "seat",
        "theirs",
        "then",
    )

    def __init__(self, planner: Planner, base: Board, seat: int, die: int, then: int) -> None:
        self.planner = planner
        self.base = base
        self.seat = seat
        colours = base[1]
        self.occ = colours[0] | colours[1]
        self.theirs = colours[seat ^ 1]
        # only a step made with the king die may take a king
        self.kings = 0 if die == planner.king_die else base[0][KING] & self.theirs
        if then and planner.has_robust(base, seat):
            then = 0  # the other die is usable wherever this piece ends
        self.then = then
        self.memo: dict[tuple[int, int, int, str], bool] = {}
        self.end_memo: dict[tuple[int, int, str], bool] = {}

    def options(self, cell: int, kind: int, left: int, queue: str) -> list[Option]:
        """Every next step (with each promotion choice) from `cell`, completable or not."""
        p = self.planner
        occ = self.occ | 1 << cell
        bits = p.targets(self.seat, kind, cell, occ, self.theirs, left == 1, self.kings)
        last_row = p.tables.last_row[self.seat]
        out: list[Option] = []
        for target in cellset.cells(bits):
            if kind == PAWN and (1 << target) & last_row:
                out.extend((target, letter, k, q) for letter, k, q in p.promotions(queue))
            else:
                out.append((target, "", kind, queue))
        return out

    def can_finish(self, cell: int, kind: int, left: int, queue: str) -> bool:
        """Can the piece, standing on `cell` with `left` steps to go, use them all?"""
        if left == 0:
            return self._end_ok(cell, kind, queue)
        if not self.then and kind != PAWN:
            # out and back along any quiet step uses up any number of steps
            occ = self.occ | 1 << cell
            p = self.planner
            return bool(p.targets(self.seat, kind, cell, occ, self.theirs, left == 1, self.kings))
        key = (cell, kind, left, queue)
        known = self.memo.get(key)
        if known is None:
            known = any(
                self.can_finish(target, after, left - 1, rest)
                for target, _, after, rest in self.options(cell, kind, left, queue)
            )
            self.memo[key] = known
        return known

    def _end_ok(self, cell: int, kind: int, queue: str) -> bool:
        if not self.then:
            return True
        key = (cell, kind, queue)
        known = self.end_memo.get(key)
        if known is None:
            board = put(remove(self.base, cell), cell, self.seat, kind)
            known = self.planner.any_finish(board, self.seat, self.then, queue, cell)
            self.end_memo[key] = known
        return known
