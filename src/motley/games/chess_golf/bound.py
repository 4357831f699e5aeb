"""A lower bound on the moves a hole of Chess Golf still needs, for the solver's search.

The bound solves a relaxed hole exactly: pieces never leave a square they have reached (so a
piece may stand on several squares at once), nothing blocks a line, and every reached square
of a same-coloured piece may lend its moves to a neighbouring square. A piece reaches a square
at cost k when, by cost k-1, it stood on a square from which one borrowed hop (or a king
step, once its colour may make them) gets there, and its lender stood beside it. The hole
is done at cost k when a piece that may capture reaches its victims that way. Every real
solution is also a solution of the relaxed hole, so the bound never overestimates: the
search (iterative deepening) stays exact. Because it follows chains of lenders, it sees why a
lone piece far from its friends needs several moves before it can even start.
"""

from __future__ import annotations

from motley.games.chess_golf.board import ALL, LETTERS, MOVEMENT, NEIGHBOURS, Board, has_pair

_NOT_A = ALL & ~sum(1 << (rank * 8) for rank in range(8))
_NOT_H = ALL & ~sum(1 << (rank * 8 + 7) for rank in range(8))
# each kind's targets on an empty board
EMPTY_REACH: tuple[tuple[int, ...], ...] = tuple(
    tuple(MOVEMENT[kind].captures(cell, 0) for cell in range(64)) for kind in range(len(LETTERS))
)


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
        self.groups: dict[tuple[int, int], list[int]] = {}

    def bound(self, limit: int) -> int:
        """The relaxed hole's cost if at most `limit`, else `limit + 1`.

        With two pieces to take, the capturer's second capture starts from a square where it
        can have made its first (a second token for the capturer, grown from there), so the
        two captures are counted one after the other.
        """
        n = len(self.cells)
        reached = [1 << c for c in self.cells]
        for i in range(n):
            self.groups.setdefault((self.colours[i], self.kinds[i]), []).append(i)
        # per goal and order of its two groups: the capturer's squares after the first capture
        tokens = [[0, 0] if len(groups) == 2 else [] for _, groups in self.goals]
        for cost in range(1, limit + 1):
            lent = self._lent(reached)
            if self._done(reached, lent, tokens, cost):
                return cost
            grown = [src | self._grow(i, src, lent[i], cost) for i, src in enumerate(reached)]
            before = [list(pair) for pair in tokens]
            for (capturer, _), pair in zip(self.goals, tokens, strict=True):
                for order, token in enumerate(pair):
                    pair[order] = self._grow(capturer, token, lent[capturer], cost) | token
            if grown == reached and tokens == before:
                return limit + 1  # nothing more can happen: the hole cannot be done
            reached = grown
        return limit + 1

    def _grow(self, i: int, src: int, lent: list[int], cost: int) -> int:
        """The squares one relaxed move from `src` for piece `i` (its lenders in `lent`)."""
        gained = 0
        for kind, helped in enumerate(lent):
            from_cells = src & helped
            table = EMPTY_REACH[kind]
            while from_cells:
                low = from_cells & -from_cells
                from_cells ^= low
                gained |= table[low.bit_length() - 1]
        if self.special_costs[self.colours[i]] <= cost - 1:
            gained |= king_reach(src)
        return gained

    def _done(
        self, reached: list[int], lent: list[list[int]], tokens: list[list[int]], cost: int
    ) -> bool:
        """Whether a goal is met at `cost`; records first captures in `tokens` meanwhile."""
        for (capturer, groups), pair in zip(self.goals, tokens, strict=True):
            hits = self._grow(capturer, reached[capturer], lent[capturer], cost)
            victims = [self._victims(reached, group) for group in groups]
            if len(groups) == 1:
                if hits & victims[0]:
                    return True
                continue
            for order in (0, 1):
                second = self._grow(capturer, pair[order], lent[capturer], cost)
                if second & victims[1 - order]:
                    return True
            for order in (0, 1):
                pair[order] |= hits & victims[order]
        return False

    def _victims(self, reached: list[int], group: int) -> int:
        victims = 0
        while group:
            low = group & -group
            group ^= low
            victims |= reached[self.index[low.bit_length() - 1]]
        return victims

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
