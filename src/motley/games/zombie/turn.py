"""The Zombie Chess turn: which moves are legal, and what the end of a turn sets off.

A turn (seed 002, Zombie Chess, "Play"):

1. pawns that came back as zombies on their last rank are promoted (their owner chooses);
2. moves: one normal move, plus each of the player's zombies moving once (option `horde`);
   every move is a chess move, and the turn as a whole may not leave the king in check,
   by a piece on the board or by a zombie that the end of the turn brings back ("If moving
   a piece would put your king in check by revealing a zombie, you may not move that
   piece"); a later zombie of the horde may still cover what an earlier move uncovered;
3. the end of the turn, in the seed's order: each square left is checked for a burial
   ("no zombies anywhere", "no zombie at c6", or the zombie comes back there), unmoved
   zombies of the player are destroyed, then each captured piece is buried under one of the
   player's pieces (a secret decision), or goes to the dust bin when every piece of the
   player already hides a burial ("I cannot bury this piece").
"""

from __future__ import annotations

from motley.chesslike import movegen
from motley.chesslike.fen import castling_field, cell_letters
from motley.chesslike.position import Move
from motley.chesslike.tables import ChessTables
from motley.games.zombie.board import Step, ep_still_open, letter_at, place, remove, step
from motley.games.zombie.horde import Here, HordeSearch
from motley.games.zombie.state import (
    BURIED,
    BURY,
    CANNOT,
    CHECK,
    DESTROYED,
    DUSTED,
    MOVE,
    NOWHERE,
    PROMOTE,
    Entry,
    Grid,
    Shared,
    ZombieState,
    grid_drop,
    grid_get,
    grid_mask,
    grid_put,
)
from motley.geometry import cellset


class TurnRules(HordeSearch):
    """The turn machine for one set of options (stateless after construction, but for
    the last point of the turn asked about, kept by identity: `_here`)."""

    def __init__(
        self,
        t: ChessTables,
        horde: str,
        castling_checks: str,
        rebury: bool,
        uncovered_by: str = "burier",
    ) -> None:
        self.t = t
        self.horde = horde  # "extra" or "instead"
        self.castling_checks = castling_checks  # "both" or "king"
        self.rebury = rebury
        self.uncovered_by = uncovered_by  # "burier" or "anyone"
        self._last_here: tuple[ZombieState, Here | None] | None = None  # (see `_here`)
        self._last_graves: tuple[Grid, dict[int, str], int] = ((), {}, 0)  # `_graves_of`
        # the cells on a queen's lines from each cell, whatever stands between
        queen = t.movement[0][t.kind_of_letter["q"]]
        self._rays = tuple(queen.captures(cell, 0) for cell in range(t.n))
        # ... and those a knight's leap away too: where any orthodox piece could attack from
        knight = t.movement[0][t.kind_of_letter["n"]]
        self._near = tuple(self._rays[cell] | knight.captures(cell, 0) for cell in range(t.n))
        # a promotion's place after the other moves of its pawn to the same cell
        self._promotion_rank = {letter: index + 1 for index, letter in enumerate(t.promotions)}

    # -- what may move --------------------------------------------------------------------

    def may_move_more(self, s: ZombieState) -> bool:
        """Whether the turn lets another piece move (public: which pieces moved, zombies)."""
        pos = s.board
        unmoved_zombies = s.zombies & pos.colours[pos.turn] & ~s.moved
        if not s.left:
            return True
        if self.horde == "instead":
            return not s.normal_used and bool(unmoved_zombies)
        return not s.normal_used or bool(unmoved_zombies)

    def _permitted(self, s: ZombieState, origin: int) -> bool:
        bit = 1 << origin
        if bit & s.moved:
            return False
        if bit & s.zombies:
            return self.horde == "extra" or not s.normal_used
        return not s.normal_used and (self.horde == "extra" or not s.left)

    def legal_moves(self, s: ZombieState) -> list[Move]:
        pos = s.board
        if not s.left and not s.zombies & pos.colours[pos.turn]:
            only = self._only_moves(s)
            if only is not None:
                return only
        # a king is never captured, even by a horde's later move after a check earlier in
        # the same turn: chess ends in checkmate, never in taking the king (`_moves_of`,
        # in the order of `movegen.pseudo_legal_moves`)
        seen: dict[tuple[object, ...], bool] = {}  # shared by the moves' searches
        here = self._here(s)
        quiet = self._quiet(s, here)
        ep = pos.ep if pos.ep >= 0 else -2
        judged = [
            (m, True, True)
            if quiet >> m.origin & 1 and m.target != ep
            else (m, *self._after(s, m, here))
            for m in self._moves_of(pos, self._free(s))
        ]
        # a move that ends the turn safe now often still does after another piece moved
        # first: the searches try those first (`can_finish`'s `hints`)
        own = pos.colours[pos.turn]
        hints = [m for m, safe, _ in judged if safe and not (1 << m.target) & own]
        found = []
        for m, safe, more in judged:
            if safe or (
                more
                and not self._hopeless(s, m, here)
                and self.can_finish(self.advance(s, step(self.t, pos, m)), seen, hints)
            ):
                found.append(m)
        return found

    def _quiet(self, s: ZombieState, here: Here | None) -> int:
        """The mover's pieces whose every move (but castling and en passant) ends the turn
        safe, as `_after` would find without its tests: the king unchecked, not moving, on
        no line that one move may clear, nothing buried left behind or under the piece, and
        no crowned pawn of the enemy's."""
        if here is None or here.king < 0 or here.checked or here.buried_left or here.crowned:
            return 0
        if here.doomed & here.lines:
            return 0
        pos = s.board
        return pos.colours[pos.turn] & ~(1 << here.king) & ~here.lines & ~here.buried

    def _here(self, s: ZombieState) -> Here | None:
        """What `_after` needs of a point of the turn, worked out once for all its moves;
        None where `_after` gives way to the plain test (a stale en-passant square)."""
        known = self._last_here
        if known is not None and known[0] is s:
            return known[1]  # a search node asks twice (`_hinted`, then its moves)
        here = self._build_here(s)
        self._last_here = (s, here)
        return here

    def _build_here(self, s: ZombieState) -> Here | None:
        t = self.t
        pos = s.board
        seat = pos.turn
        if pos.ep >= 0 and ep_still_open(t, pos) != pos.ep:
            return None
        grid = s.grids[seat]
        king = movegen.king_cell(t, pos, seat)
        enemy = pos.colours[seat ^ 1]
        checked = lines = 0
        doomed = s.zombies & pos.colours[seat] & ~s.moved
        if king >= 0:
            checked = movegen.attackers(t, pos, king, seat ^ 1, pos.occupied)
            # only a piece that would attack the king on an empty board can be exposed, and
            # only where one move (its own square emptied, unmoved zombies destroyed) clears
            # the line: at most one blocker that is not an unmoved zombie
            stay = pos.occupied & ~doomed
            for cell in cellset.cells(movegen.attackers(t, pos, king, seat ^ 1, 0)):
                between = t.between[cell][king]
                blockers = between & stay
                if not blockers & (blockers - 1):
                    lines |= between
        graves, buried = self._graves_of(grid)
        return Here(
            king=king,
            graves=graves,
            buried=buried,
            buried_left=tuple(c for c in dict.fromkeys(s.left) if (1 << c) & buried),
            doomed=doomed,
            crowned=pos.pieces[t.pawn] & enemy & t.promotion_zone[seat ^ 1],
            checked=checked,
            lines=lines,
        )

    def _graves_of(self, grid: Grid) -> tuple[dict[int, str], int]:
        """The burials of `grid` by square (never changed) and their squares, kept for the
        last grid asked about: a turn keeps its grids."""
        known = self._last_graves
        if known[0] is grid:
            return known[1], known[2]
        graves = dict(grid)
        buried = grid_mask(grid)
        self._last_graves = (grid, graves, buried)  # one assignment, as in `_here`
        return graves, buried

    def _after(self, s: ZombieState, m: Move, here: Here | None) -> tuple[bool, bool]:
        """`end_is_safe` and `may_move_more` of the turn after the pseudo-legal move `m`,
        without building the board: the enemy's pieces stand still (but for the one taken),
        so attacks on the king are the old board's with the new blockers."""
        t = self.t
        pos = s.board
        if here is None:
            done = self.advance(s, step(t, pos, m))
            return self.end_is_safe(done), self.may_move_more(done)
        seat = pos.turn
        origin = m.origin
        target = m.target
        occupied = pos.occupied
        from_bit = 1 << origin
        to_bit = 1 << target
        taken = 0
        king = here.king
        if to_bit & pos.colours[seat]:  # castling, written king-takes-own-rook
            king_to, rook_to = t.castle_squares(seat, origin, target)
            origins: tuple[int, ...] = self._checked_castling(origin, target)
            after = (occupied & ~from_bit & ~to_bit) | (1 << king_to) | (1 << rook_to)
            left_bits = from_bit | to_bit
            king = king_to
        else:
            origins = (origin,)
            after = (occupied & ~from_bit) | to_bit
            left_bits = from_bit
            if to_bit & pos.colours[seat ^ 1]:
                taken = to_bit
            elif target == pos.ep and from_bit & pos.pieces[t.pawn]:
                taken = 1 << t.ep_victim[seat][target]
                after &= ~taken
            if origin == king:
                king = target
        # the normal move spent, and zombies still to move (a zombie's coin moves with it)
        normal_used = s.normal_used or not from_bit & s.zombies
        doomed = here.doomed & ~left_bits
        if self.horde == "extra":
            more = not normal_used or bool(doomed)
        else:
            more = not normal_used and bool(doomed)
        if king < 0:
            return True, more
        enemy = seat ^ 1
        # the enemy's pieces stand still: with the king unchecked and staying, only a piece
        # taken off a line between it and an enemy piece can expose it (a capture puts a
        # piece where one stood; en passant takes a pawn off its square)
        unmoved = (
            king == here.king
            and not here.checked
            and not (from_bit | doomed) & here.lines
            and (not taken or taken == to_bit)
        )
        if not unmoved and movegen.attackers(t, pos, king, enemy, after) & ~taken:
            return False, more
        graves = here.graves
        back = 0
        returning = []
        if here.buried_left or left_bits & here.buried:
            for cell in (*here.buried_left, *origins):
                bit = 1 << cell
                if not bit & (after | back):
                    letter = graves.get(cell)
                    if letter:
                        back |= bit
                        returning.append((cell, letter))
        if not back and not doomed:
            return True, more  # the end of the turn changes nothing
        end = (after | back) & ~doomed
        if doomed and not unmoved and movegen.attackers(t, pos, king, enemy, end) & ~taken:
            return False, more  # a zombie destroyed uncovers a check
        crowned = here.crowned & ~taken
        zone = t.promotion_zone[enemy]
        for cell, letter in returning:
            if self.threatens(letter, cell, enemy, end, king):
                return False, more
            if letter == "P" and (1 << cell) & zone:
                crowned |= 1 << cell
        while crowned:
            low = crowned & -crowned
            crowned ^= low
            if self.threatens("QN", low.bit_length() - 1, enemy, end, king):
                return False, more
        return True, more

    def _checked_castling(self, king: int, rook: int) -> tuple[int, ...]:
        return (king,) if self.castling_checks == "king" else (king, rook)

    def _only_moves(self, s: ZombieState) -> list[Move] | None:
        """The legal moves of a turn with no zombie of the mover's, where the first move is
        the only one, or None for positions this shortcut does not cover.

        The turn then ends with that move, so a move is legal when it is a legal chess move
        (the king not attacked once it is made) and no piece coming back on a square it
        leaves would check the king (`_after`, asked only for moves off a burial).
        Chess's generator finds the first part with pins and checks, once per position,
        where testing every move's board would cost a board per move.
        """
        t = self.t
        pos = s.board
        seat = pos.turn
        occupied = pos.occupied
        king = movegen.king_cell(t, pos, seat)
        kings = pos.pieces[t.royal] & pos.colours[seat ^ 1]
        if king < 0 or kings.bit_count() != 1 or pos.ep != ep_still_open(t, pos):
            return None
        if movegen.is_attacked(t, pos, kings.bit_length() - 1, seat, occupied):
            return None  # a king to take: the general search leaves such moves out
        graves = grid_mask(s.grids[seat])
        own = pos.colours[seat]
        ranks = self._promotion_rank
        n = t.n
        here = self._here(s) if graves else None
        # a piece coming back far from the king (off its lines, not a knight's leap away)
        # cannot check it, unless the end of the turn brings crowned pawns into it: only
        # moves of the king, castling and moves off burials near the king need `_after`
        near = self._near[king] | (t.all_cells if here is not None and here.crowned else 0)
        pawn_graves = 0
        for cell, letter in s.grids[seat]:
            if letter == "P":
                pawn_graves |= 1 << cell
        near |= pawn_graves & t.promotion_zone[seat ^ 1]
        found = []
        for m in movegen.legal_moves(t, pos):
            castles = (1 << m.target) & own
            leaves = 1 << m.origin | (1 << m.target if castles else 0)
            if (
                leaves & graves
                and (castles or m.origin == king or leaves & near)
                and not self._after(s, m, here)[0]
            ):
                continue
            rank = (m.origin * n + m.target) * 8 + (ranks[m.promotion] if m.promotion else 0)
            found.append((rank + (_CASTLING if castles else 0), m))
        # in the order of `movegen.pseudo_legal_moves`, like the general search's answer
        found.sort(key=_first)
        return [m for _, m in found]

    def advance(self, s: ZombieState, done: Step) -> ZombieState:
        """The marks of the turn after `done` (board, coins, moved pieces, squares left),
        without the bookkeeping of captures: enough to judge what may follow."""
        zombies, moved = self._carry_marks(s, done)
        return s._replace(
            board=done.board,
            zombies=zombies,
            moved=moved,
            left=s.left + self._checked(done),
            normal_used=s.normal_used or not (1 << done.origins[0]) & s.zombies,
        )

    def end_is_safe(self, s: ZombieState) -> bool:
        """The king is not in check now, nor once the turn ended here (zombies brought
        back, the mover's unmoved zombies destroyed)."""
        t = self.t
        after = s.board
        seat = after.turn
        king = movegen.king_cell(t, after, seat)
        if king < 0:
            return True
        if movegen.is_attacked(t, after, king, seat ^ 1, after.occupied):
            return False
        end, returning, changed = self._ending(s)
        if not changed:
            return True
        enemy = seat ^ 1
        if movegen.is_attacked(t, after, king, enemy, end):
            return False
        # a pawn back on its last rank is promoted at once by its owner: it counts as
        # whatever it may become ("immediately be promoted when they come back")
        crowned = after.pieces[t.pawn] & after.colours[enemy]
        for cell, letter in returning:
            if self.threatens(letter, cell, enemy, end, king):
                return False
            if letter == "P":
                crowned |= 1 << cell
        crowned &= t.promotion_zone[enemy]
        while crowned:
            low = crowned & -crowned
            crowned ^= low
            if self.threatens("QN", low.bit_length() - 1, enemy, end, king):
                return False
        return True

    def threatens(self, letters: str, cell: int, colour: int, occupied: int, king: int) -> bool:
        """Whether a `colour` piece of any of `letters` on `cell` would attack `king`."""
        if not self._near[king] >> cell & 1:
            return False  # off the king's lines and a knight's leap away: nothing reaches it
        movement = self.t.movement[colour]
        kinds = self.t.kind_of_letter
        for letter in letters:
            if movement[kinds[letter.lower()]].captures(cell, occupied) >> king & 1:
                return True
        return False

    def _ending(self, s: ZombieState) -> tuple[int, list[tuple[int, str]], bool]:
        """The turn's end if it ended now, without building the board: the cells then
        occupied, the pieces coming back (cell, letter; the enemy's), and whether anything
        changes (a piece back, or an unmoved zombie of the mover's destroyed)."""
        board = s.board
        seat = board.turn
        grid = s.grids[seat]
        occupied = board.occupied
        back = 0
        returning = []
        if grid:
            for cell in s.left:
                bit = 1 << cell
                if not bit & (occupied | back):
                    letter = grid_get(grid, cell)
                    if letter:
                        back |= bit
                        returning.append((cell, letter))
        doomed = s.zombies & board.colours[seat] & ~s.moved
        return (occupied | back) & ~doomed, returning, bool(back or doomed)

    def _checked(self, done: Step) -> tuple[int, ...]:
        """The squares a move leaves that the end of the turn checks."""
        if len(done.origins) == 2 and self.castling_checks == "king":
            return done.origins[:1]
        return done.origins

    def _carry_marks(self, s: ZombieState, done: Step) -> tuple[int, int]:
        """Zombie coins and moved marks after `done` (a coin travels with its piece)."""
        zombies = s.zombies
        if done.captured_cell >= 0:
            zombies &= ~(1 << done.captured_cell)
        moved = s.moved
        for origin, target in zip(done.origins, done.targets, strict=True):
            if zombies >> origin & 1:
                zombies ^= (1 << origin) | (1 << target)
            moved |= 1 << target
        return zombies, moved

    def why_illegal(self, s: ZombieState, move: Move) -> str:
        """The rule a move breaks, in words that reveal nothing the mover does not know."""
        t = self.t
        pos = s.board
        name = t.geometry.name(move.origin)
        bit = 1 << move.origin
        if not bit & pos.colours[pos.turn]:
            return f"there is no piece of yours on {name}"
        if bit & s.moved:
            return f"the piece on {name} has already moved this turn"
        if (1 << move.target) & pos.pieces[t.royal]:
            return "a king is never captured: checkmate ends the game"
        if not self._permitted(s, move.origin):
            if self.horde == "instead" and s.left:
                return "this turn is for zombies only, or for one normal move"
            return "the normal move has been made: only zombies that have not moved may move"
        pseudo = movegen.pseudo_legal_moves(t, pos)
        if move not in pseudo:
            return f"that piece cannot move from {name} to {t.geometry.name(move.target)}"
        after = self.advance(s, step(t, pos, move))
        king = movegen.king_cell(t, after.board, pos.turn)
        board = after.board
        alone = not self.may_move_more(after) or not self._zombies_left(after)
        if alone and movegen.is_attacked(t, board, king, pos.turn ^ 1, board.occupied):
            return "the move leaves your king in check"
        return (
            "the turn could not end with your king safe: a zombie coming back, or a zombie "
            "destroyed, would check it"
        )

    def why_not_end(self, s: ZombieState) -> str:
        """Why the turn may not end here (its moves leave the king unsafe)."""
        t = self.t
        pos = s.board
        king = movegen.king_cell(t, pos, pos.turn)
        if movegen.is_attacked(t, pos, king, pos.turn ^ 1, pos.occupied):
            return "your king is in check: a zombie must still cover it"
        return (
            "ending now would bring back a zombie that checks your king, or destroy a zombie "
            "that shields it: move a zombie first"
        )

    def _zombies_left(self, s: ZombieState) -> bool:
        pos = s.board
        return bool(s.zombies & pos.colours[pos.turn] & ~s.moved)

    # -- making moves ---------------------------------------------------------------------

    def apply_move(self, s: ZombieState, move: Move) -> ZombieState:
        t = self.t
        done = step(t, s.board, move)
        seat = s.board.turn
        zombies, moved = self._carry_marks(s, done)
        captured = s.captured
        ledger = s.ledger
        if done.captured_letter:
            if (1 << done.captured_cell) & s.zombies and not self.rebury:
                ledger = ledger.plus(Entry(DUSTED, seat, done.captured_cell, done.captured_letter))
                dust = list(s.dust)
                dust[seat ^ 1] += done.captured_letter
                s = s._replace(dust=(dust[0], dust[1]))
            else:
                captured += done.captured_letter
        moved_normal = not (1 << move.origin) & s.zombies
        after = s._replace(
            board=done.board,
            zombies=zombies,
            moved=moved,
            left=s.left + self._checked(done),
            normal_used=s.normal_used or moved_normal,
            captured=captured,
            double_step=done.double_step if done.double_step >= 0 else s.double_step,
            progress=s.progress or done.pawn_moved or bool(done.captured_letter),
            ledger=ledger,
        )
        # nothing is said in the middle of a horde: whether the move uncovered a zombie is
        # only known once the turn ends and the squares left are checked
        if not self.may_move_more(after):
            return self.end_turn(after)
        return after

    # -- the end of the turn --------------------------------------------------------------

    def end_turn(self, s: ZombieState) -> ZombieState:
        """Check the squares left, destroy unmoved zombies, then start the burials."""
        t = self.t
        board = s.board
        seat = board.turn
        grid = s.grids[seat]
        other = s.grids[seat ^ 1]
        zombies = s.zombies
        ledger = list(s.ledger)
        progress = s.progress
        fresh = 0  # the mover's own pieces back this turn (option uncovered_by=anyone)
        for cell in dict.fromkeys(s.left):
            bit = 1 << cell
            if bit & board.occupied:
                continue  # a piece of the same turn stands there: whatever is buried stays
            if not grid:
                if not any(e.what == NOWHERE for e in ledger[len(s.ledger) :]):
                    ledger.append(Entry(NOWHERE, seat))
            else:
                letter = grid_get(grid, cell)
                ledger.append(Entry(CHECK, seat, cell, letter))
                if letter:
                    board = place(t, board, cell, letter, seat ^ 1)
                    zombies |= bit
                    grid = grid_drop(grid, cell)
                    progress = True
            if self.uncovered_by == "anyone" and other and not bit & board.occupied:
                # "When they move off the space, first ask them if they revealed one of your
                # buried pieces. If so, it comes back, and you don't yet have to reveal the
                # piece you have buried there": otherwise the other player reveals it now
                letter = grid_get(other, cell)
                ledger.append(Entry(CHECK, seat ^ 1, cell, letter))
                if letter:
                    board = place(t, board, cell, letter, seat)
                    zombies |= bit
                    fresh |= bit
                    other = grid_drop(other, cell)
                    progress = True
        dust = list(s.dust)
        # a zombie of the mover's that came back just now could not have moved: it waits for
        # its owner's next turn like any other zombie
        doomed = zombies & board.colours[seat] & ~s.moved & ~fresh
        while doomed:
            low = doomed & -doomed
            doomed ^= low
            cell = low.bit_length() - 1
            letter = letter_at(t, board, cell)
            ledger.append(Entry(DESTROYED, seat, cell, letter))
            dust[seat] += letter
            board = remove(t, board, cell)
            zombies ^= low
            progress = True
        grids = (grid, other) if seat == 0 else (other, grid)
        after = s._replace(
            board=board,
            zombies=zombies,
            grids=grids,
            dust=(dust[0], dust[1]),
            phase=BURY,
            progress=progress,
            ledger=Shared(ledger),
        )
        return self.settle_burials(after)

    def bury_squares(self, s: ZombieState) -> int:
        """Squares of the mover's pieces with nothing of theirs buried there yet."""
        seat = s.board.turn
        return s.board.colours[seat] & ~grid_mask(s.grids[seat])

    def settle_burials(self, s: ZombieState) -> ZombieState:
        """Send unburiable pieces to the dust bin; stop at the next burial to decide."""
        seat = s.board.turn
        while s.captured:
            if self.bury_squares(s):
                return s._replace(phase=BURY)
            letter = s.captured[0]
            dust = list(s.dust)
            dust[seat ^ 1] += letter
            entry = Entry(CANNOT, seat, -1, letter, s.board.colours[seat])
            s = s._replace(
                captured=s.captured[1:], dust=(dust[0], dust[1]), ledger=s.ledger.plus(entry)
            )
        return self.pass_turn(s)

    def bury(self, s: ZombieState, cell: int) -> ZombieState:
        seat = s.board.turn
        letter = s.captured[0]
        grid = grid_put(s.grids[seat], cell, letter)
        grids = (grid, s.grids[1]) if seat == 0 else (s.grids[0], grid)
        entry = Entry(BURIED, seat, -1, letter, s.board.colours[seat])
        after = s._replace(grids=grids, captured=s.captured[1:], ledger=s.ledger.plus(entry))
        return self.settle_burials(after)

    def pass_turn(self, s: ZombieState) -> ZombieState:
        board = s.board
        seat = board.turn
        board = board._replace(
            turn=seat ^ 1,
            ep=s.double_step,
            halfmove=0 if s.progress else board.halfmove + 1,
            fullmove=board.fullmove + seat,
        )
        # the other player's turn starts afresh: nothing moved, left or captured yet
        after = ZombieState(board, s.zombies, s.grids, s.dust, ledger=s.ledger, history=s.history)
        key = self.position_key(after)
        history = Shared((key,)) if s.progress else s.history.plus(key)
        after = after._replace(history=history)
        if self.promotions_due(after):
            after = after._replace(phase=PROMOTE)
        return after

    # -- promotion of pawns that came back on their last rank -----------------------------

    def promotions_due(self, s: ZombieState) -> int:
        pos = s.board
        t = self.t
        return pos.pieces[t.pawn] & pos.colours[pos.turn] & t.promotion_zone[pos.turn]

    def promote(self, s: ZombieState, cell: int, letter: str) -> ZombieState:
        t = self.t
        seat = s.board.turn
        board = place(t, remove(t, s.board, cell), cell, letter, seat)
        after = s._replace(board=board, progress=True)
        if not self.promotions_due(after):
            after = after._replace(phase=MOVE, history=Shared((self.position_key(after),)))
        return after

    # -- repetition -----------------------------------------------------------------------

    def position_key(self, s: ZombieState) -> str:
        """The public position at the start of a turn, for the repetition rule."""
        board = s.board
        t = self.t
        # `write_fen(t, board._replace(ep=-1), counters=False)`, written row by row from
        # each row's occupancy (one key a turn, so worth the speed)
        letters = cell_letters(t, board)
        occupied = board.occupied
        rows = []
        for base in range(t.n - 8, -8, -8):
            runs = _RUNS[occupied >> base & 255]
            rows.append("".join([letters[base + r] if r >= 0 else _GAPS[r] for r in runs]))
        side = "w" if board.turn == 0 else "b"
        rights = castling_field(t, board) if board.castling else "-"
        return f"{'/'.join(rows)} {side} {rights} - {board.ep} {s.zombies:x}"


def _runs(row: int) -> tuple[int, ...]:
    """A row's FEN pattern from its occupancy: the file of each piece, -n for n empty."""
    runs: list[int] = []
    for file in range(8):
        if row >> file & 1:
            runs.append(file)
        elif runs and runs[-1] < 0:
            runs[-1] -= 1
        else:
            runs.append(-1)
    return tuple(runs)


_RUNS = tuple(_runs(row) for row in range(256))
_GAPS = {-n: str(n) for n in range(1, 9)}

_CASTLING = 1 << 40  # castling comes after every other move in the pseudo-legal list


def _first(item: tuple[int, Move]) -> int:
    return item[0]
