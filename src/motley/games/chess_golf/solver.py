"""Solving a hole of Chess Golf: the shortest solution, and checking a claimed one.

The public entry is `solve(rules, state, ...) -> Solution | None`: a shortest solution of the
hole at `state`, or None when there is none within the moves allowed; `node_cap` and
`time_cap` stop it early (raising `Capped`, which says how many moves a solution needs at
least), and `progress(depth, nodes)` hears of each new length tried and every 4096 nodes.

It is iterative deepening (IDA*) over positions: each pass searches every sequence of moves up
to a length, in increasing lengths, so the first solution found is a shortest one. What keeps
it quick without giving up exactness:

* a lower bound on the moves still needed (`bound.Relaxed`), which never overestimates, so a
  line is cut only when it cannot finish within the length being tried;
* a table of positions already searched in this pass with as many moves left, so the same
  position reached by moves in another order is searched once;
* counting captures: when as many moves are left as captures still to make, only captures
  are tried; with one move to spare and no capture open, only moves after which a capture
  can open (a piece that captures or is taken moves, a lender comes beside a capturer, a
  line between them clears, or a colour's last neighbouring pair breaks);
* the bound is skipped where those rules already decide (one spare move or none): there it
  costs more than the few moves it would cut.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from motley.chesslike.position import Move
from motley.components.chess_cards import Card
from motley.core.errors import IllegalAction, MotleyError, StateError
from motley.games.chess_golf.board import (
    MOVES,
    NEIGHBOURS,
    TABLES,
    Board,
    borrowed_reach,
    card_cells,
    card_of,
    colour_moves,
    has_pair,
    move_piece,
)
from motley.games.chess_golf.bound import Relaxed, special_cost
from motley.games.chess_golf.goal import (
    NO_PAIRS,
    SAME_PIECE,
    capture_rights,
    legal_moves,
    remaining,
    solved,
)
from motley.games.chess_golf.rules import ChessGolf
from motley.games.chess_golf.state import PLAY, GolfState
from motley.geometry import cellset

Key = tuple[Board, tuple[Card, ...], int]
BETWEEN = TABLES.between  # the squares strictly between two squares on a line


class Capped(MotleyError):
    """The search stopped at its node or time cap before it was done."""

    def __init__(self, at_least: int, nodes: int) -> None:
        super().__init__(f"the search stopped after {nodes} positions: at least {at_least} moves")
        self.at_least = at_least
        self.nodes = nodes


class _Stop(Exception):
    """Raised inside the search when a cap is reached."""


@dataclass(frozen=True)
class Solution:
    """A shortest solution: its moves, their text (`e5g6`) and the positions searched."""

    moves: tuple[Move, ...]
    texts: tuple[str, ...]
    nodes: int

    def __len__(self) -> int:
        return len(self.moves)


Progress = Callable[[int, int], None]  # (length being tried, positions searched so far)


class _Search:
    def __init__(self, chosen: tuple[Card, ...], second: str, special: str) -> None:
        self.chosen = chosen
        self.second = second
        self.special = special
        self.seen: dict[Key, int] = {}
        self.bounds: dict[Key, tuple[int, bool]] = {}  # a key's bound, and whether exact
        self.nodes = 0
        self.depth = 0
        self.progress: Progress | None = None
        self.node_cap = 0  # 0: none
        self.deadline = 0.0  # time.monotonic() past which the search stops; 0: none

    # -- one position ------------------------------------------------------------------------

    def goals(
        self, board: Board, taken: tuple[Card, ...], capturer: int
    ) -> list[tuple[int, list[int]]]:
        left = remaining(self.chosen, taken)
        out: list[tuple[int, list[int]]] = []
        if capturer >= 0:
            card = card_of(board, capturer)
            cells = (
                [capturer]
                if self.second == SAME_PIECE
                else list(cellset.cells(card_cells(board, card)))
            )
            rest = list(left)
            rest.remove(card)
            for cell in cells:
                out.append((cell, [card_cells(board, c) & ~(1 << cell) for c in rest]))
            return out
        for card in set(left):
            rest = list(left)
            rest.remove(card)
            for cell in cellset.cells(card_cells(board, card)):
                out.append((cell, [card_cells(board, c) & ~(1 << cell) for c in rest]))
        return out

    def lower_bound(self, board: Board, taken: tuple[Card, ...], capturer: int, limit: int) -> int:
        key = (board, taken, capturer)
        known = self.bounds.get(key)
        if known is not None and (known[1] or known[0] > limit):
            return known[0]
        goals = [g for g in self.goals(board, taken, capturer) if all(g[1])]
        if not goals:
            value = limit + 1
        else:
            costs = (
                self._special(board, taken, capturer, 0),
                self._special(board, taken, capturer, 1),
            )
            value = Relaxed(board, goals, costs).bound(limit)
        self.bounds[key] = (value, value <= limit)
        return value

    def _special(self, board: Board, taken: tuple[Card, ...], capturer: int, colour: int) -> int:
        if self.special == NO_PAIRS:
            return special_cost(board, colour, None)
        rights = capture_rights(board, self.chosen, taken, capturer, self.second)
        return special_cost(board, colour, bool(colour_moves(board, colour, rights, False)))

    # -- the search --------------------------------------------------------------------------

    def check(self) -> None:
        """Tell the progress callback, and stop at a cap."""
        if self.progress is not None:
            self.progress(self.depth, self.nodes)
        if self.node_cap and self.nodes >= self.node_cap:
            raise _Stop
        if self.deadline and time.monotonic() >= self.deadline:
            raise _Stop

    def run(
        self, board: Board, taken: tuple[Card, ...], capturer: int, budget: int
    ) -> list[Move] | None:
        first = self.lower_bound(board, taken, capturer, budget)
        for depth in range(max(first, 1), budget + 1):
            self.depth = depth
            if self.progress is not None:
                self.progress(depth, self.nodes)
            self.seen = {}
            path: list[Move] = []
            if self.dfs(board, taken, capturer, depth, path):
                return path
        return None

    def finish(
        self, board: Board, taken: tuple[Card, ...], rights: dict[int, int], path: list[Move]
    ) -> bool:
        """With one move left: a capture that finishes the hole, if there is one."""
        for origin, target in self.open_captures(board, rights):
            if solved(self.chosen, (*taken, card_of(board, target))):
                path.append(MOVES[origin][target])
                return True
        return False

    def enablers(self, board: Board, rights: dict[int, int], moves: list[Move]) -> list[Move]:
        """With two moves left, the moves after which a finishing capture may exist.

        No capture finishes the hole now (a shorter pass would have found it), so the next
        move must make one possible: move a piece that captures or is taken, bring a lender
        beside a capturer, leave a line between them, or leave a colour with no neighbouring
        pair (its king steps). A capture (the first of two) is always tried. Under the other
        reading of the special move any move might leave a colour stuck: no filter.
        """
        if self.special != NO_PAIRS or not rights:
            return moves
        ends = 0
        lines = 0
        beside = [0, 0]
        for origin, victims in rights.items():
            ends |= (1 << origin) | victims
            colour = 0 if board[1][0] >> origin & 1 else 1
            beside[colour] |= NEIGHBOURS[origin]
            for victim in cellset.cells(victims):
                lines |= BETWEEN[origin][victim]
        paired = (has_pair(board[1][0]), has_pair(board[1][1]))
        out = []
        for move in moves:
            origin, target = move.origin, move.target
            colour = 0 if board[1][0] >> origin & 1 else 1
            if (
                (ends | lines) >> origin & 1
                or beside[colour] >> target & 1
                or (
                    paired[colour]
                    and not has_pair(board[1][colour] & ~(1 << origin) | (1 << target))
                )
                or rights.get(origin, 0) >> target & 1
            ):
                out.append(move)
        return out

    def captures(self, board: Board, rights: dict[int, int]) -> list[Move]:
        """The captures open now (the only moves worth trying when every move left must be one)."""
        return [MOVES[origin][target] for origin, target in self.open_captures(board, rights)]

    def open_captures(self, board: Board, rights: dict[int, int]) -> Iterator[tuple[int, int]]:
        """Each capture open now as (origin, target), found lazily so a finish stops early.

        A capturer reaches with the movement it borrows, plus a king's step when its colour
        may use the special move (see `_kings`).
        """
        occupied = board[1][0] | board[1][1]
        kings: dict[int, bool] = {}
        for origin, victims in rights.items():
            colour = 0 if board[1][0] >> origin & 1 else 1
            reach = borrowed_reach(board, origin, colour, occupied)
            if colour not in kings:
                kings[colour] = self._kings(board, colour, rights)
            if kings[colour]:
                reach |= NEIGHBOURS[origin]
            hits = reach & victims
            while hits:
                low = hits & -hits
                hits ^= low
                yield origin, low.bit_length() - 1

    def _kings(self, board: Board, colour: int, rights: dict[int, int]) -> bool:
        if self.special == NO_PAIRS:
            return not has_pair(board[1][colour])
        return not colour_moves(board, colour, rights, False)

    def dfs(
        self, board: Board, taken: tuple[Card, ...], capturer: int, left: int, path: list[Move]
    ) -> bool:
        self.nodes += 1
        if self.nodes & 4095 == 0:
            self.check()
        need = len(self.chosen) - 1 - len(taken)  # captures still to make
        if left < need:
            return False
        rights = capture_rights(board, self.chosen, taken, capturer, self.second)
        if left == 1:
            return self.finish(board, taken, rights, path)
        key = (board, taken, capturer)
        if self.seen.get(key, -1) >= left:
            return False
        self.seen[key] = left
        if left == need:
            moves = self.captures(board, rights)  # every move left must be a capture
        else:
            if left > need + 1 and self.lower_bound(board, taken, capturer, left) > left:
                return False
            moves = legal_moves(board, rights, self.special)
            if left == need + 1 and not self.captures(board, rights):
                moves = self.enablers(board, rights, moves)
        for move in moves:
            origin, target = move.origin, move.target
            victims = rights.get(origin, 0)
            if victims >> target & 1:
                new_taken = _sorted((*taken, card_of(board, target)))
                new_capturer = target
            else:
                if left == 1:
                    continue  # the last move must be a capture
                new_taken = taken
                new_capturer = target if origin == capturer else capturer
            after = move_piece(board, origin, target)
            path.append(move)
            if solved(self.chosen, new_taken):
                return True
            if self.dfs(after, new_taken, new_capturer, left - 1, path):
                return True
            path.pop()
        return False


def _rank(card: Card) -> tuple[int, int]:
    return card.rank


def solve(
    rules: ChessGolf,
    state: GolfState,
    *,
    max_moves: int | None = None,
    node_cap: int = 0,
    time_cap: float = 0.0,
    progress: Progress | None = None,
) -> Solution | None:
    """A shortest solution of the hole at `state` (a hole being played), or None if none
    exists within `max_moves` (default: the moves left under the rules' move limit).

    `node_cap` (positions) and `time_cap` (seconds) stop the search early, raising `Capped`
    with the length it had proved too short (0 for no cap). The node cap gives the same
    answer on every machine; the time cap does not.
    """
    if state.phase != PLAY:
        raise StateError("chess_golf: the hole is still being set up; deal it first")
    if rules.is_solved(state):
        return Solution((), (), 0)
    budget = rules.limit - state.moves if max_moves is None else max_moves
    search = _Search(state.chosen, rules.second, rules.special)
    search.progress = progress
    search.node_cap = node_cap
    search.deadline = time.monotonic() + time_cap if time_cap > 0 else 0.0
    try:
        found = search.run(state.cells, _sorted(state.taken), state.capturer, budget)
    except _Stop:
        raise Capped(search.depth, search.nodes) from None
    if found is None:
        return None
    texts: list[str] = []
    here = state
    for move in found:
        texts.append(rules.action_text(here, move))
        here = rules.apply(here, move)
    return Solution(tuple(found), tuple(texts), search.nodes)


def shortest_solution(
    rules: ChessGolf, state: GolfState, max_moves: int | None = None
) -> list[Move] | None:
    """A shortest list of moves that finishes the hole from `state`, or None if none exists
    within `max_moves` (default: the moves left under the rules' move limit); uncapped."""
    found = solve(rules, state, max_moves=max_moves)
    return None if found is None else list(found.moves)


def validate_solution(rules: ChessGolf, state: GolfState, moves: Sequence[Move | str]) -> int:
    """The number of moves of a claimed solution from `state`; raises IllegalAction (or
    NotationError) naming the first move that is not legal, or if the hole is not done."""
    for index, move in enumerate(moves, 1):
        if rules.is_over(state):
            raise IllegalAction(_text(rules, state, move), f"move {index}: the hole is over")
        action = rules.parse_action(state, move) if isinstance(move, str) else move
        if not isinstance(action, Move):
            raise IllegalAction(str(action), f"move {index} is not a move")
        state = rules.apply(state, action)
    if not rules.is_solved(state):
        raise IllegalAction(
            " ".join(_text(rules, state, m) for m in moves) or "-",
            "these moves do not finish the hole",
        )
    return len(moves)


def _text(rules: ChessGolf, state: GolfState, move: Move | str) -> str:
    return move if isinstance(move, str) else rules.action_text(state, move)


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_rank))
