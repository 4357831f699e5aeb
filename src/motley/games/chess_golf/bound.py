"""A lower bound on the moves a hole of Chess Golf still needs, for the solver's search.

The bound solves a relaxed hole exactly: pieces never leave a square they have reached (so a
piece may stand on several squares at once), nothing blocks a line, and every reached square
of a same-coloured piece may lend its moves to a neighbouring square. A piece reaches a square
at cost k when, by cost k-1, it stood on a square from which one borrowed hop (or a king
step, once its colour may make them) gets there, and its lender stood beside it. The hole
is done at cost k when a piece that may capture reaches its victims that way. Every real
solution is also a solution of the relaxed hole, so the bound never overestimates: the
search (iterative deepening) stays exact. Because it follows chains of lenders, it sees why a
lone piece far from its friends needs several moves before it can even start. Two rules cut
it without losing a solution: under the text's special move a king's step never takes a
piece of the mover's colour (king steps or borrowed moves, never both), and the piece taken
first neither lends nor is taken again; under `second=same_type` any piece of the
capturer's card may make the second capture.
"""

from __future__ import annotations

from motley.games.chess_golf.board import ALL, LETTERS, MOVEMENT, NEIGHBOURS, Board, has_pair

_NOT_A = ALL & ~sum(1 << (rank * 8) for rank in range(8))
_NOT_H = ALL & ~sum(1 << (rank * 8 + 7) for rank in range(8))
# each kind's targets on an empty board
EMPTY_REACH: tuple[tuple[int, ...], ...] = tuple(
    tuple(MOVEMENT[kind].captures(cell, 0) for cell in range(64)) for kind in range(len(LETTERS))
)


def _cells(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        bits ^= low
        out.append(low.bit_length() - 1)
    return out


def dilate(bits: int) -> int:
    """The cells and their eight neighbours."""
    row = bits | ((bits << 1) & _NOT_A) | ((bits >> 1) & _NOT_H)
    return (row | (row << 8) | (row >> 8)) & ALL


def king_reach(bits: int) -> int:
    return dilate(bits) & ~bits


def pair_count(own: int) -> int:
    """Disjoint neighbouring pairs found greedily: each needs a move before none is left."""
    count = 0
    while own:
        low = own & -own
        own ^= low
        cell = low.bit_length() - 1
        mate = NEIGHBOURS[cell] & own
        if mate:
            own ^= mate & -mate
            count += 1
    return count


class Relaxed:
    """One relaxed hole: pieces as (cell, kind, colour), who may capture whom, lend moves."""

    def __init__(
        self,
        board: Board,
        goals: list[tuple[int, list[int]]],
        special_costs: tuple[int, int],
        pairs_rule: bool = True,
        same_type: bool = False,
    ) -> None:
        self.cells: list[int] = []
        self.kinds: list[int] = []
        self.colours: list[int] = []
        index: dict[int, int] = {}
        for colour in (0, 1):
            own = board[1][colour]
            while own:
                low = own & -own
                own ^= low
                cell = low.bit_length() - 1
                index[cell] = len(self.cells)
                self.cells.append(cell)
                self.kinds.append(next(k for k in range(len(LETTERS)) if board[0][k] & low))
                self.colours.append(colour)
        # goals: (capturer cell, victim groups as cell sets): all groups must be taken
        self.index = index
        self.goals = [(index[c], groups) for c, groups in goals]
        self.special_costs = special_costs
        self.pairs_rule = pairs_rule  # king steps once a colour has no pairs (the text)
        self.same_type = same_type  # any piece of the capturer's card may take the second
        self.groups: dict[tuple[int, int], list[int]] = {}
        for i, kind in enumerate(self.kinds):
            self.groups.setdefault((self.colours[i], kind), []).append(i)

    def bound(self, limit: int) -> int:
        """The relaxed hole's cost with every piece moving at once, or `limit + 1`.

        With two pieces to take, the capturer's second capture starts from a square where it
        can have made its first (a token for the capturer per piece taken first, grown from
        there), so the two captures are counted one after the other; the piece taken first
        neither lends to that token nor is taken again.
        """
        reached = [1 << c for c in self.cells]
        # per goal: (piece taken first, the pieces left to take second) -> capturer's squares
        tokens = [self._firsts(groups) for _, groups in self.goals]
        for cost in range(1, limit + 1):
            lent = self._lent(reached)
            rows = [
                {first: self._lent_row(capturer, reached, first[0]) for first in pair}
                for (capturer, _), pair in zip(self.goals, tokens, strict=True)
            ]
            if self._done(reached, lent, tokens, rows, cost):
                return cost
            grown = [src | self._grow(i, src, lent[i], cost) for i, src in enumerate(reached)]
            changed = grown != reached
            for (capturer, _), pair, row in zip(self.goals, tokens, rows, strict=True):
                for first, token in pair.items():
                    more = self._grow(capturer, token, row[first], cost) | token
                    changed = changed or more != token
                    pair[first] = more
            if not changed:
                return limit + 1  # nothing more can happen: the hole cannot be done
            reached = grown
        return limit + 1

    def _firsts(self, groups: list[int]) -> dict[tuple[int, int], int]:
        """For two groups to take: each (piece taken first, cells of the pieces that may be
        taken second) with an empty token; none for one group."""
        if len(groups) < 2:
            return {}
        out = {}
        for order in (0, 1):
            for cell in _cells(groups[order]):
                out[(self.index[cell], groups[1 - order] & ~(1 << cell))] = 0
        return out

    def _lent_row(self, i: int, reached: list[int], without: int) -> list[int]:
        """Piece `i`'s lenders per kind (as `_lent`), once the piece `without` is gone."""
        colour = self.colours[i]
        row = []
        for kind in range(len(LETTERS)):
            bits = 0
            for j in self.groups.get((colour, kind), ()):
                if j != i and j != without:
                    bits |= reached[j]
            row.append(dilate(bits) if bits else 0)
        return row

    def _grow(self, i: int, src: int, lent: list[int], cost: int) -> int:
        """The squares one relaxed move from `src` for piece `i` (its lenders in `lent`) at
        `cost` (king steps once its colour's pairs can be broken)."""
        return self._gain(i, src, lent, self.special_costs[self.colours[i]] <= cost - 1)

    def _gain(self, i: int, src: int, lent: list[int], kings: bool) -> int:
        """The squares one relaxed move from `src` for piece `i`: its lenders' moves, and a
        king's step if `kings`."""
        gained = 0
        for kind, helped in enumerate(lent):
            from_cells = src & helped
            table = EMPTY_REACH[kind]
            while from_cells:
                low = from_cells & -from_cells
                from_cells ^= low
                gained |= table[low.bit_length() - 1]
        if kings:
            gained |= king_reach(src)
        return gained

    def _done(
        self,
        reached: list[int],
        lent: list[list[int]],
        tokens: list[dict[tuple[int, int], int]],
        rows: list[dict[tuple[int, int], list[int]]],
        cost: int,
    ) -> bool:
        """Whether a goal is met at `cost`; records first captures in `tokens` meanwhile."""
        for (capturer, groups), pair, row in zip(self.goals, tokens, rows, strict=True):
            hits = self._hits(capturer, reached[capturer], lent[capturer], cost)
            if len(groups) == 1:
                if self._takes(hits, reached, groups[0], capturer):
                    return True
                continue
            for first, token in pair.items():
                second = self._hits(capturer, token, row[first], cost)
                if self._takes(second, reached, first[1], capturer):
                    return True
                if (
                    token
                    and self.same_type
                    and self._mate_takes(capturer, first, reached, lent, cost)
                ):
                    return True
            for first in pair:
                victim = first[0]
                own = self.colours[victim] == self.colours[capturer]
                pair[first] |= hits[0 if own else 1] & reached[victim]
        return False

    def _mate_takes(
        self,
        capturer: int,
        first: tuple[int, int],
        reached: list[int],
        lent: list[list[int]],
        cost: int,
    ) -> bool:
        """Under `second=same_type`: whether another piece of the capturer's card, wherever
        it may stand, can make the second capture once the capturer made the first."""
        for mate in self.groups[(self.colours[capturer], self.kinds[capturer])]:
            if mate not in (capturer, first[0]):
                hits = self._hits(mate, reached[mate], lent[mate], cost)
                if self._takes(hits, reached, first[1], mate):
                    return True
        return False

    def _hits(self, i: int, src: int, lent: list[int], cost: int) -> tuple[int, int]:
        """Where piece `i` may capture from `src`: (a piece of its colour, of the other).

        Under the text's special move a king's step never takes a piece of the mover's own
        colour: the two would stand side by side, a pair, and a colour with a pair makes no
        king steps (king steps or borrowed moves, never both).
        """
        borrowed = self._gain(i, src, lent, False)
        steps = king_reach(src) if self.special_costs[self.colours[i]] <= cost - 1 else 0
        return (borrowed if self.pairs_rule else borrowed | steps), borrowed | steps

    def _takes(self, hits: tuple[int, int], reached: list[int], group: int, i: int) -> bool:
        """Whether `hits` (from `_hits` for piece `i`) reach a piece of `group`."""
        colour = self.colours[i]
        while group:
            low = group & -group
            group ^= low
            j = self.index[low.bit_length() - 1]
            if hits[0 if self.colours[j] == colour else 1] & reached[j]:
                return True
        return False

    def _lent(self, reached: list[int]) -> list[list[int]]:
        """For each piece and kind: the cells beside which another same-coloured piece of
        that kind has stood."""
        kinds_count = len(LETTERS)
        spread: dict[tuple[int, int], int] = {}
        for key, members in self.groups.items():
            bits = 0
            for j in members:
                bits |= reached[j]
            spread[key] = dilate(bits)
        per_colour = [[spread.get((colour, k), 0) for k in range(kinds_count)] for colour in (0, 1)]
        out = []
        for i, colour in enumerate(self.colours):
            row = per_colour[colour]
            kind = self.kinds[i]
            members = self.groups[(colour, kind)]
            if len(members) == 1:
                own = 0
            else:
                bits = 0
                for j in members:
                    if j != i:
                        bits |= reached[j]
                own = dilate(bits)
            out.append([*row[:kind], own, *row[kind + 1 :]])
        return out


def special_cost(board: Board, colour: int, has_moves: bool | None) -> int:
    """Moves needed at least before a colour may make king steps.

    With the text's reading (`has_moves` None) every disjoint neighbouring pair must be
    broken; with the other reading one move is the least that can leave a colour stuck.
    """
    own = board[1][colour]
    if has_moves is None:
        return pair_count(own) if has_pair(own) else 0
    return 1 if has_moves else 0
