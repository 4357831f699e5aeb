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
* a table of positions already searched with as many moves left (in this pass or a shorter
  one), so the same position reached by moves in another order, or one move later in the
  next pass, is searched once;
* counting captures: when as many moves are left as captures still to make, only captures
  are tried; with one move to spare and no capture open, only moves after which a capture
  can open (a piece that captures or is taken moves, a lender comes beside a capturer, a
  line between them clears, or a capturer's colour loses its last neighbouring pair), and
  of those only the ones after which a capture is open;
* idle colours: when no chosen card left in play has a colour (under the text's special
  move), that colour's moves only matter by the square they leave, so such a move is
  followed only by the other colour's moves that use that square (or land on its line);
  the busy colour's moves are tried first;
* the bound is skipped where those rules already decide (one spare move or none): there it
  costs more than the few moves it would cut; elsewhere the children are tried in the order
  of their bounds, so the last pass meets a solution sooner.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from motley.chesslike.position import Move
from motley.components.chess_cards import Card
from motley.core.errors import IllegalAction, MotleyError, StateError
from motley.games.chess_golf.board import (
    KIND,
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
    SAME_TYPE,
    capture_rights,
    legal_moves,
    remaining,
    solved,
)
from motley.games.chess_golf.rules import ChessGolf
from motley.games.chess_golf.state import PLAY, GolfState
from motley.geometry import cellset

Spot = tuple[Board, tuple[Card, ...], int]  # a position: board, cards taken, capturer
Key = tuple[Board, tuple[Card, ...], int, int]  # and the last idle move (see `dfs`)
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
        self.bounds: dict[Spot, tuple[int, bool]] = {}  # a key's bound, and whether exact
        self.bounded = True  # False: search without the lower bound (to check it)
        self.idle: dict[tuple[Card, ...], tuple[int, ...]] = {}  # cards taken -> idle colours
        self.plans: dict[tuple[Card, ...], list[tuple[int, int, tuple[tuple[int, int], ...]]]] = {}
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
        if not self.bounded:
            return 0
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
            relaxed = Relaxed(
                board, goals, costs, self.special == NO_PAIRS, self.second == SAME_TYPE
            )
            value = relaxed.bound(limit)
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
            # `seen` is kept from the shorter passes: a position that failed with k moves
            # left fails with k again when a longer pass reaches it one move deeper
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
        beside a capturer, leave a line between them, or leave a capturer's colour with no
        neighbouring pair (its king steps). A capture (the first of two) is always tried.
        Under the other reading of the special move any move might leave a colour stuck: no
        filter.
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
        # per colour with a capturer: the pieces whose move may leave it with no pair (a colour
        # without one gains nothing from king steps)
        breakers = [0, 0]
        for colour in (0, 1):
            own = board[1][colour]
            if beside[colour] and has_pair(own):
                for cell in cellset.cells(own):
                    if not has_pair(own & ~(1 << cell)):
                        breakers[colour] |= 1 << cell
        starts = ends | lines
        out = []
        for move in moves:
            origin, target = move.origin, move.target
            colour = 0 if board[1][0] >> origin & 1 else 1
            if (
                starts >> origin & 1
                or beside[colour] >> target & 1
                or (
                    breakers[colour] >> origin & 1
                    and not has_pair(board[1][colour] & ~(1 << origin) | (1 << target))
                )
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

    def any_capture(self, board: Board, rights: dict[int, int]) -> bool:
        """Whether a capture is open now."""
        for _ in self.open_captures(board, rights):
            return True
        return False

    def _kings(self, board: Board, colour: int, rights: dict[int, int]) -> bool:
        if self.special == NO_PAIRS:
            return not has_pair(board[1][colour])
        return not colour_moves(board, colour, rights, False)

    def rights(self, board: Board, taken: tuple[Card, ...], capturer: int) -> dict[int, int]:
        """`goal.capture_rights` from a plan made once per cards taken (the hottest step)."""
        plan = self.plans.get(taken)
        if plan is None:
            plan = self.plans[taken] = self._plan(taken)
        pieces, colours = board
        out: dict[int, int] = {}
        if capturer >= 0:
            bit = 1 << capturer
            colour = 0 if colours[0] & bit else 1
            plan = [entry for entry in plan if entry[1] == colour and pieces[entry[0]] & bit]
        for kind, colour, victims in plan:
            cells = 0
            for victim_kind, victim_colour in victims:
                cells |= pieces[victim_kind] & colours[victim_colour]
            if not cells:
                continue
            if capturer >= 0 and self.second == SAME_PIECE:
                out[capturer] = cells
                continue
            movers = pieces[kind] & colours[colour]
            while movers:
                low = movers & -movers
                movers ^= low
                out[low.bit_length() - 1] = cells
        return out

    def _plan(self, taken: tuple[Card, ...]) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
        """Per chosen card left: its (kind, colour) and those of the cards it may take."""
        if solved(self.chosen, taken):
            return []
        left = remaining(self.chosen, taken)
        plan = []
        for card in dict.fromkeys(left):
            rest = list(left)
            rest.remove(card)
            victims = tuple((KIND[other.type], other.colour) for other in rest)
            plan.append((KIND[card.type], card.colour, victims))
        return plan

    def dfs(
        self,
        board: Board,
        taken: tuple[Card, ...],
        capturer: int,
        left: int,
        path: list[Move],
        idle: int = -1,
    ) -> bool:
        """Whether the hole can be finished in `left` moves (appending them to `path`).

        `idle` is the last move (origin * 64 + target) if a piece of an idle colour made it
        (see `idle_cells`), else -1.
        """
        self.nodes += 1
        if self.nodes & 4095 == 0:
            self.check()
        need = len(self.chosen) - 1 - len(taken)  # captures still to make
        if left < need:
            return False
        rights = self.rights(board, taken, capturer)
        if left == 1:
            return self.finish(board, taken, rights, path)
        if left == need:
            # every move left must be a capture: few, so no table (it would cost more)
            for origin, target in list(self.open_captures(board, rights)):
                path.append(MOVES[origin][target])
                new_taken = _sorted((*taken, card_of(board, target)))
                if self.dfs(move_piece(board, origin, target), new_taken, target, left - 1, path):
                    return True
                path.pop()
            return False
        key = (board, taken, capturer, idle)
        if self.seen.get(key, -1) >= left:
            return False
        self.seen[key] = left
        if left > need + 1 and self.lower_bound(board, taken, capturer, left) > left:
            return False
        moves = legal_moves(board, rights, self.special)
        if left == need + 1 and not self.captures(board, rights):
            moves = self.enablers(board, rights, moves)
        idle_cells = self.idle_cells(board, taken)
        if idle_cells:
            moves = self.busy_first(moves, idle_cells, idle)
        children = []
        for move in moves:
            origin, target = move.origin, move.target
            victims = rights.get(origin, 0)
            after = move_piece(board, origin, target)
            if victims >> target & 1:
                new_taken = _sorted((*taken, card_of(board, target)))
                if solved(self.chosen, new_taken):
                    path.append(move)
                    return True
                new_capturer = target
            else:
                new_taken = taken
                new_capturer = target if origin == capturer else capturer
                if left == need + 1 and not self.any_capture(after, _moved(rights, origin, target)):
                    # every move after this one must be a capture: skip the position unless
                    # one opens (most do not; this check is cheaper than a visit)
                    continue
            now_idle = origin * 64 + target if idle_cells >> origin & 1 else -1
            children.append((move, after, new_taken, new_capturer, now_idle))
        if left - 1 > need + 1:
            # the children's bounds are needed anyway: try the most hopeful first (this only
            # finds a solution sooner in the last pass)
            children.sort(
                key=lambda child: self.lower_bound(child[1], child[2], child[3], left - 1)
            )
        for move, after, new_taken, new_capturer, now_idle in children:
            path.append(move)
            if self.dfs(after, new_taken, new_capturer, left - 1, path, now_idle):
                return True
            path.pop()
        return False

    def idle_cells(self, board: Board, taken: tuple[Card, ...]) -> int:
        """The pieces of the idle colours: those holding no chosen card still in play.

        Under the text's special move such a piece neither captures, is taken, lends to the
        other colour nor changes whether it may make king steps: its move only matters by
        the square it leaves (or blocks). Always 0 under the other reading, where blocking
        the other colour's moves may give it king steps.
        """
        if self.special != NO_PAIRS:
            return 0
        idle = self.idle.get(taken)
        if idle is None:
            busy = {card.colour for card in remaining(self.chosen, taken)}
            idle = self.idle[taken] = tuple(c for c in (0, 1) if c not in busy)
        cells = 0
        for colour in idle:
            cells |= board[1][colour]
        return cells

    @staticmethod
    def busy_first(moves: list[Move], idle_cells: int, idle: int) -> list[Move]:
        """The moves with those of the busy colours first, and, right after an idle move,
        only the busy moves that depend on it.

        An idle move followed by a busy move that neither uses the square it left nor lands
        on the line it took could be made after that move instead, to the same position; a
        shortest solution never ends with an idle move (the last move captures), so some
        shortest solution has no such pair, and only those are searched.
        """
        busy: list[Move] = []
        rest: list[Move] = []
        if idle < 0:
            for move in moves:
                (rest if idle_cells >> move.origin & 1 else busy).append(move)
            return busy + rest
        left_from, went_to = divmod(idle, 64)
        line = BETWEEN[left_from][went_to]
        for move in moves:
            if idle_cells >> move.origin & 1:
                rest.append(move)
            elif (
                move.target == left_from
                or BETWEEN[move.origin][move.target] >> left_from & 1
                or line >> move.target & 1
            ):
                busy.append(move)
        return busy + rest


def _moved(rights: dict[int, int], origin: int, target: int) -> dict[int, int]:
    """The capture rights after a move that takes nothing (the pieces keep their rights)."""
    here, there = 1 << origin, 1 << target
    out = {}
    for mover, victims in rights.items():
        if victims & here:
            victims ^= here | there
        out[target if mover == origin else mover] = victims
    return out


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
    bounded: bool = True,
) -> Solution | None:
    """A shortest solution of the hole at `state` (a hole being played), or None if none
    exists within `max_moves` (default: the moves left under the rules' move limit).

    `node_cap` (positions) and `time_cap` (seconds) stop the search early, raising `Capped`
    with the length it had proved too short (0 for no cap). The node cap gives the same
    answer on every machine; the time cap does not. `bounded=False` searches without the
    lower bound: slower, and the same answer (how the bound is checked).
    """
    if state.phase != PLAY:
        raise StateError("chess_golf: the hole is still being set up; deal it first")
    if rules.is_solved(state):
        return Solution((), (), 0)
    budget = rules.limit - state.moves if max_moves is None else max_moves
    search = _Search(state.chosen, rules.second, rules.special)
    search.progress = progress
    search.bounded = bounded
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
