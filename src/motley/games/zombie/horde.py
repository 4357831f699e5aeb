"""The search behind a Zombie turn with a horde: can the turn still end with the king safe?

Seed 002, Zombie Chess: "If moving a piece would put your king in check by revealing a
zombie, you may not move that piece", judged at the end of the whole turn (see `turn.py`).
So a move is legal when some order of the horde's remaining moves, each piece once, ends the
turn safely. This module is that search: it tries the movers that can matter (those that
see the king's square or its lines, the king itself, pieces in the way), drops the rest, and
remembers positions already refuted. Cheap tests come first: a move that already ended the
turn safe at its start often still does (`_hinted`), a check that no zombie can cover ends
the search (`_hopeless`), the last piece to move need only try the cells that matter
(`_landings_that_matter`), and a turn is given up when the checks at its end, the pieces
that squares left bring back included, outnumber the landings that could end them, with
the king where it stands or on each of its steps (`_in_the_way`: `_may_stay`,
`_may_flee`). `TurnRules` supplies the turn's steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from motley.chesslike import movegen
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.games.zombie.board import Step, step
from motley.games.zombie.state import Grid, ZombieState, grid_get, grid_mask
from motley.geometry import cellset

HINTS_TRIED = 3  # hinted moves tried before a search node's full work


class Here(NamedTuple):
    """A point of the turn, for judging its moves (`TurnRules._after`)."""

    king: int  # the mover's king (-1 if none)
    graves: dict[int, str]  # the mover's burials, by square
    buried: int  # their squares
    buried_left: tuple[int, ...]  # the squares left this turn that hide one of them
    doomed: int  # the mover's zombies that have not moved yet
    crowned: int  # the enemy's pawns on their last rank
    checked: int  # the enemy's pieces that check the king now
    lines: int  # cells of lines to the king that one move may clear (`_build_here`)


class HordeSearch:
    """Whether a turn can still end safely; mixed into `TurnRules`, which makes the steps."""

    t: ChessTables
    horde: str

    # the turn's own steps and tests, from `TurnRules`
    def advance(self, s: ZombieState, done: Step) -> ZombieState:
        raise NotImplementedError

    def end_is_safe(self, s: ZombieState) -> bool:
        raise NotImplementedError

    def may_move_more(self, s: ZombieState) -> bool:
        raise NotImplementedError

    def _here(self, s: ZombieState) -> Here | None:
        raise NotImplementedError

    def _after(self, s: ZombieState, m: Move, here: Here | None) -> tuple[bool, bool]:
        raise NotImplementedError

    def _ending(self, s: ZombieState) -> tuple[int, list[tuple[int, str]], bool]:
        raise NotImplementedError

    def threatens(self, letters: str, cell: int, colour: int, occupied: int, king: int) -> bool:
        raise NotImplementedError

    def can_finish(
        self,
        s: ZombieState,
        seen: dict[tuple[object, ...], bool] | None = None,
        hints: Sequence[Move] = (),
    ) -> bool:
        """Whether the turn can still end with the mover's king safe.

        King safety is judged once, at the end of the whole turn ("If moving a piece would
        put your king in check by revealing a zombie, you may not move that piece": zombies
        are revealed at the end of the turn), so a move that would uncover a zombie is legal
        when a later zombie of the same horde can cover the square again.
        """
        if self.end_is_safe(s):
            return True
        if not self.may_move_more(s):
            return False
        # the horde's moves may come in any order, so the same point of the turn is reached
        # many ways: what decides the rest is the board, the coins, what moved, the squares
        # left (as a set: each is checked once) and whether the normal move is spent
        memo = {} if seen is None else seen
        key = (s.board, s.zombies, s.moved, frozenset(s.left), s.normal_used)
        known = memo.get(key)
        if known is not None:
            return known
        free = self._free(s)
        if hints and self._hinted(s, free, hints):
            memo[key] = True
            return True
        if free and not free & (free - 1):
            last = self._last_mover(s, free.bit_length() - 1)
            if last is not None:
                memo[key] = last
                return last
        fixed = self._fixed(s, free)
        reaches = {cell: self._reach(s.board, cell, fixed) for cell in cellset.cells(free)}
        lines = self._in_the_way(s, free, fixed, reaches)
        if lines is None:
            memo[key] = False
            return False
        seeing = self._seeing(s, free, fixed, reaches)
        idle, harmless = self._idle(seeing, reaches)
        if idle:
            # pieces that cannot change the king's safety nor anyone's way stay where they
            # are: the answer is the same with them out of the search (see `_idle`)
            found = self.can_finish(s._replace(moved=s.moved | idle), memo, hints)
            memo[key] = found
            return found
        pos = s.board
        own = pos.colours[pos.turn]
        moves = []
        tried = 0  # pieces whose one move to a harmless cell is kept
        for m in self._moves_of(pos, free):
            bit = 1 << m.origin
            target = 1 << m.target
            if target & harmless.get(m.origin, 0) and not target & own:
                if bit & tried:
                    continue  # the same as the piece's other harmless move (see `_idle`)
                tried |= bit
            moves.append(m)
        # moves onto the checks' lines first, then the king's: the answer, when there is
        # one, is found soon
        king = pos.pieces[self.t.royal] & own

        def first(m: Move) -> int:
            return 0 if (1 << m.target) & lines else 1 if (1 << m.origin) & king else 2

        moves.sort(key=first)
        here = self._here(s)
        found = False
        for m in moves:
            safe, more = self._after(s, m, here)
            if safe or (
                more
                and not self._hopeless(s, m, here)
                and self.can_finish(self.advance(s, step(self.t, pos, m)), memo, hints)
            ):
                found = True
                break
        memo[key] = found
        return found

    def _hopeless(self, s: ZombieState, m: Move, here: Here | None) -> bool:
        """Whether the turn after `m`, a move whose end is not safe with moves to come,
        surely cannot end safe (False when unsure), without building the board.

        Once the normal move is made, only the mover's unmoved zombies move and the king
        stands still. A piece of the enemy's that checks the king on the board stands still
        too, so its check goes only when a zombie lands on its line (taking it or coming in
        between), one zombie per check (lines of checks on one board meet only at the king):
        when the zombies cannot cover every line, no order of their moves helps. An
        en-passant capture takes off the line: then the search decides.
        """
        pos = s.board
        if here is None or pos.ep >= 0 or here.king < 0:
            return False
        t = self.t
        seat = pos.turn
        from_bit = 1 << m.origin
        to_bit = 1 << m.target
        if to_bit & pos.colours[seat] or not (s.normal_used or not from_bit & s.zombies):
            return False  # castling, or the normal move still to come (the king may move)
        king = m.target if m.origin == here.king else here.king
        after = (pos.occupied & ~from_bit) | to_bit
        checks = movegen.attackers(t, pos, king, seat ^ 1, after) & ~to_bit
        if not checks:
            return False
        movers = here.doomed & ~from_bit
        fixed = after & ~movers
        landings = [self._reach(pos, z, fixed) & ~(1 << z) for z in cellset.cells(movers)]
        lines = [(1 << c) | t.between[c][king] for c in cellset.cells(checks)]
        return not matched(lines, landings)

    def _hinted(self, s: ZombieState, free: int, hints: Sequence[Move]) -> bool:
        """Whether one of the first few `hints` (no castling) may be played now and ends the
        turn safe: a quick proof, tried before the search."""
        t = self.t
        pos = s.board
        own = pos.colours[pos.turn]
        here = None
        tried = 0
        pawns = pos.pieces[t.pawn]
        occupied = pos.occupied
        for m in hints:
            origin = m.origin
            if not (1 << origin) & free or (1 << m.target) & own:
                continue
            # the piece has not moved: its move is still there if nothing came in its way
            if (1 << origin) & pawns:
                if not movegen.pseudo_targets(t, pos, origin) >> m.target & 1:
                    continue
            elif t.between[origin][m.target] & occupied:
                continue
            if here is None:
                here = self._here(s)
            safe, _ = self._after(s, m, here)
            if safe:
                return True
            tried += 1
            if tried == HINTS_TRIED:
                break
        return False

    def _moves_of(self, pos: Position, free: int) -> list[Move]:
        """The pseudo-legal moves of the pieces on `free`, none taking a king."""
        t = self.t
        seat = pos.turn
        zone = t.promotion_zone[seat]
        pawns = pos.pieces[t.pawn]
        kings = pos.pieces[t.royal] & pos.colours[seat ^ 1]
        moves: list[Move] = []
        for origin in cellset.cells(free):
            reach = movegen.pseudo_targets(t, pos, origin) & ~kings
            crowning = reach & zone if (1 << origin) & pawns else 0
            row = t.moves[origin]
            moves.extend(row[target] for target in cellset.cells(reach & ~crowning))
            for target in cellset.cells(crowning):
                moves.extend(t.promotion_moves[origin, target])
        king = movegen.king_cell(t, pos, seat)
        castles = king >= 0 and (1 << king) & free and pos.castling & pos.colours[seat]
        if castles and not movegen.checkers(t, pos):
            moves.extend(movegen.castling_moves(t, pos, king))
        return moves

    def _last_mover(self, s: ZombieState, cell: int) -> bool | None:
        """Whether the one piece still free to move (on `cell`) has a move that ends the
        turn safe, or None when its move would not end the turn (or it could castle)."""
        t = self.t
        pos = s.board
        own = pos.colours[pos.turn]
        bit = 1 << cell
        if bit & pos.pieces[t.royal] and pos.castling & own:
            return None
        kings = pos.pieces[t.royal] & pos.colours[pos.turn ^ 1]
        targets = movegen.pseudo_targets(t, pos, cell) & ~kings
        if not targets:
            return False
        if self.horde == "extra" and not s.normal_used and bit & s.zombies:
            return None  # the normal move would still be there to make
        if not bit & pos.pieces[t.royal]:
            safe, matters = self._landings_that_matter(s, cell)
            if safe and targets & ~matters:
                return True  # a landing that changes nothing leaves the king safe
            targets &= matters
        crowning = targets & t.promotion_zone[pos.turn] if bit & pos.pieces[t.pawn] else 0
        here = self._here(s)
        for target in cellset.cells(targets):
            if (1 << target) & crowning:
                moves: tuple[Move, ...] = t.promotion_moves[cell, target]
            else:
                moves = (t.moves[cell][target],)
            for m in moves:
                safe, more = self._after(s, m, here)
                if more:
                    return None
                if safe:
                    return True
        return False

    def _landings_that_matter(self, s: ZombieState, cell: int) -> tuple[bool, int]:
        """For the last piece to move (on `cell`, not the king): whether the turn would end
        safe without it, and the cells where its landing could change that.

        With the piece gone (it moves, and no unmoved zombie is left to be destroyed), some
        pieces check the king on the board or once zombies come back. Landing on a cell off
        their lines and off the squares where a zombie would come back adds a blocker where
        none counts (a capture there takes a piece that checks nothing): so such a landing
        ends the turn safe exactly when the board without the piece does. An en-passant
        capture empties another cell: the en-passant square always matters.
        """
        t = self.t
        pos = s.board
        seat = pos.turn
        enemy = seat ^ 1
        king = movegen.king_cell(t, pos, seat)
        if king < 0:
            return True, 0  # no king to keep safe: any landing will do
        occupied = pos.occupied & ~(1 << cell)
        checks = movegen.attackers(t, pos, king, enemy, occupied)
        graves = grid_mask(s.grids[seat])
        back = 0
        returning = []
        if graves:
            for square in (*s.left, cell):
                bit = 1 << square
                if bit & graves and not bit & (occupied | back):
                    back |= bit
                    returning.append((square, grid_get(s.grids[seat], square)))
        if back:
            # as in `_after`: pieces coming back only block the board's checks, but may
            # check themselves, and then the enemy's crowned pawns count too
            end = occupied | back
            zone = t.promotion_zone[enemy]
            crowned = pos.pieces[t.pawn] & pos.colours[enemy] & zone
            for square, letter in returning:
                if self.threatens(letter, square, enemy, end, king):
                    checks |= 1 << square
                if letter == "P" and (1 << square) & zone:
                    crowned |= 1 << square
            for square in cellset.cells(crowned):
                if self.threatens("QN", square, enemy, end, king):
                    checks |= 1 << square
        matters = back | (1 << pos.ep if pos.ep >= 0 else 0)
        for square in cellset.cells(checks):
            matters |= (1 << square) | t.between[square][king]
        return not checks, matters

    def _free(self, s: ZombieState) -> int:
        """The cells of the mover's pieces that may still move this turn (`_permitted`)."""
        pos = s.board
        own = pos.colours[pos.turn] & ~s.moved
        zombies = own & s.zombies
        if s.normal_used:
            return zombies if self.horde == "extra" else 0
        if self.horde == "extra" or not s.left:
            return own
        return zombies

    def _fixed(self, s: ZombieState, free: int) -> int:
        """Cells that stay occupied to the end of the turn whatever is played: the enemy's
        pieces (never moved; a capture puts a piece that has moved in their place) and the
        mover's pieces that may not move, except unmoved zombies (destroyed at the end)."""
        pos = s.board
        doomed = s.zombies & pos.colours[pos.turn] & ~s.moved
        return pos.occupied & ~free & ~doomed

    def _in_the_way(
        self, s: ZombieState, free: int, fixed: int, reaches: dict[int, int]
    ) -> int | None:
        """Cells a later move must reach for the turn to end safe, or None if none can.

        Were the turn to end now, some pieces would check the king: enemy pieces, zombies
        coming back, pawns coming back crowned; or the king stands in check now. Enemy pieces
        stand still for the rest of the turn, so each such check goes only if a later move
        takes the checker, lands between it and the king, moves the king, or leaves a square
        where a buried piece comes back in the way. Each free piece moves at most once, within
        its `_reach`: when a check is out of every free piece's reach, the turn cannot end
        safe (None). Otherwise the cells of the checks and their lines, for trying first the
        moves that go there; a king free to move may instead flee (`_may_flee`). An en-passant
        capture or a king free to castle gives no bound.
        """
        t = self.t
        pos = s.board
        seat = pos.turn
        king = movegen.king_cell(t, pos, seat)
        if king < 0:
            return 0
        enemy = seat ^ 1
        end, returning, _ = self._ending(s)
        now = movegen.attackers(t, pos, king, enemy, pos.occupied)
        later = movegen.attackers(t, pos, king, enemy, end)
        crowned = pos.pieces[t.pawn] & pos.colours[enemy]
        for cell, letter in returning:
            if self.threatens(letter, cell, enemy, end, king):
                later |= 1 << cell
            if letter == "P":
                crowned |= 1 << cell
        for cell in cellset.cells(crowned & t.promotion_zone[enemy]):
            if self.threatens("QN", cell, enemy, end, king):
                later |= 1 << cell
        now_lines = [(1 << c) | t.between[c][king] for c in cellset.cells(now)]
        later_lines = [(1 << c) | t.between[c][king] for c in cellset.cells(later)]
        castles = (1 << king) & free and pos.castling & pos.colours[seat]
        if not self._takes_en_passant(s, free) and not castles:
            # each move lands on one cell, and the checks' lines (on one board) are apart:
            # a move ends at most one check, two when the square it leaves brings a zombie
            # back in the way of another (only at the end of the turn)
            # the turn has one normal move at most: the pieces that are not zombies (the king
            # aside) count as one mover, landing or leaving a square where any of them could
            grid = s.grids[seat]
            graves = grid_mask(grid)
            others = {cell: reach for cell, reach in reaches.items() if cell != king}
            zombies: list[tuple[int, int, int]] = []  # (landing, return, line of its return)
            normal_landing = normal_return = 0
            zone = t.promotion_zone[enemy]
            for cell, reach in others.items():
                bit = 1 << cell
                if bit & s.zombies:
                    threat = 0
                    if bit & graves:
                        letter = grid_get(grid, cell)
                        letters = "PQN" if letter == "P" and bit & zone else letter
                        if self.threatens(letters, cell, enemy, end, king):
                            threat = bit | t.between[cell][king]
                    zombies.append((reach & ~bit, bit & graves, threat))
                else:
                    normal_landing |= reach & ~bit
                    normal_return |= bit & graves
            normal = (normal_landing, normal_return)
            stays = _may_stay(now_lines, later_lines, zombies, normal)
            if not stays and not ((1 << king) & free and self._may_flee(s, king, free, others)):
                return None
        lines = 0
        for line in now_lines + later_lines:
            lines |= line
        return lines

    def _may_flee(self, s: ZombieState, king: int, free: int, others: dict[int, int]) -> bool:
        """Whether the king, free to move, has a step where the enemy's pieces (which stand
        still) could all be shut out by the other free pieces, each moving or staying once:
        a check on the board the moves leave cannot be blocked by a zombie coming back."""
        t = self.t
        pos = s.board
        seat = pos.turn
        standing = pos.occupied & ~free  # pieces that cannot move stand there all turn
        # ... and so do the pieces that are not zombies, once the king made the normal move
        blockers = standing | (free & ~s.zombies & ~(1 << king))
        steps = t.movement[seat][t.royal].captures(king, 0) & ~(blockers & pos.colours[seat])
        # the king's step is the turn's normal move: only zombies may move besides
        # (none with horde=instead, where a normal move is the whole turn)
        movers = [
            reach
            for cell, reach in others.items()
            if (1 << cell) & s.zombies and self.horde == "extra"
        ]
        # the square the king leaves brings back what is buried there, unless a piece
        # takes it (a pawn on its last rank counts as crowned)
        grid = s.grids[seat]
        buried = grid_get(grid, king)
        if buried == "P" and (1 << king) & t.promotion_zone[seat ^ 1]:
            buried = "PQN"
        # squares left earlier this turn and empty now bring back what is buried there,
        # unless a zombie lands on them
        returning = self._returning(s, grid)
        for cell in cellset.cells(steps):
            found = movegen.attackers(t, pos, cell, seat ^ 1, blockers)
            lines = [(1 << c) | t.between[c][cell] for c in cellset.cells(found)]
            # (a returning piece next to the king: nothing comes between; a landing on the
            # king's square ends a check through it too, see `_narrow`)
            if buried and self.threatens(buried, king, seat ^ 1, standing, cell):
                _narrow(lines, 1 << king)
            for square, letters in returning:
                if square != cell and self.threatens(letters, square, seat ^ 1, blockers, cell):
                    _narrow(lines, (1 << square) | t.between[square][cell])
            if matched(lines, movers):
                return True
        return False

    def _returning(self, s: ZombieState, grid: Grid) -> list[tuple[int, str]]:
        """The squares left this turn, empty now, hiding a burial of the mover's: each brings
        its piece back at the end of the turn unless a piece lands there (a pawn on its last
        rank as whatever it is promoted to)."""
        t = self.t
        pos = s.board
        zone = t.promotion_zone[pos.turn ^ 1]
        found = []
        for square in dict.fromkeys(s.left):
            if (1 << square) & pos.occupied:
                continue
            letter = grid_get(grid, square)
            if letter:
                found.append((square, "PQN" if letter == "P" and (1 << square) & zone else letter))
        return found

    def _takes_en_passant(self, s: ZombieState, free: int) -> bool:
        """Whether a free pawn stands where it could take en passant: only then does a move
        empty a square it does not land on (a pawn that moves may not move again)."""
        t = self.t
        pos = s.board
        if pos.ep < 0:
            return False
        seat = pos.turn
        takers = t.movement[seat ^ 1][t.pawn].capture_leaps[pos.ep]
        return bool(takers & pos.pieces[t.pawn] & pos.colours[seat] & free)

    def _reach(self, pos: Position, cell: int, fixed: int) -> int:
        """The cell of a free piece and every cell it could pass or land on this turn.

        Only the `fixed` cells are sure to block it (the others may empty); enemy pieces
        never appear in the middle of a turn (zombies come back at its end), so a pawn takes
        only where one stands now. En passant is left to the callers.
        """
        t = self.t
        seat = pos.turn
        kind = t.kind_at(pos.pieces, 1 << cell)
        move = t.movement[seat][kind]
        if kind != t.pawn:
            return (1 << cell) | move.quiet(cell, fixed) | move.captures(cell, fixed)
        reach = (1 << cell) | (move.capture_leaps[cell] & pos.colours[seat ^ 1])
        ahead = move.quiet_leaps[cell] & ~fixed
        reach |= ahead
        if ahead and (1 << cell) & t.double_step_rows[seat]:
            reach |= move.quiet_leaps[ahead.bit_length() - 1] & ~fixed
        return reach

    def _seeing(self, s: ZombieState, free: int, fixed: int, reaches: dict[int, int]) -> int:
        """The cells whose contents can decide whether the king ends the turn safe, or -1.

        From the king's last square, only the queen's lines up to the first `_fixed` cell
        (beyond, nothing reaches it), the knight's and the king's steps see it: pieces,
        zombies coming back and crowned pawns check from there or nowhere. A king free to
        move may end on any of its steps (castling, an en-passant capture or no king: -1).
        """
        t = self.t
        pos = s.board
        seat = pos.turn
        king = movegen.king_cell(t, pos, seat)
        if king < 0 or self._takes_en_passant(s, free) or not s.left:
            return -1
        bit = 1 << king
        lasts = bit
        if bit & free:
            if pos.castling & pos.colours[seat]:
                return -1
            lasts = reaches[king]
        movement = t.movement[seat]
        queen = movement[t.kind_of_letter["q"]]
        knight = movement[t.kind_of_letter["n"]]
        steps = movement[t.royal]
        seeing = 0
        for cell in cellset.cells(lasts):
            seeing |= (
                queen.captures(cell, fixed)
                | knight.captures(cell, 0)
                | steps.captures(cell, 0)
                | (1 << cell)
            )
        return seeing

    def _idle(self, seeing: int, reaches: dict[int, int]) -> tuple[int, dict[int, int]]:
        """Free pieces whose moves cannot matter, and for each free piece the cells where
        its move would matter no more than any other such move.

        A cell matters when it `_seeing`s the king or another free piece could pass or land
        there. A piece that moves to a cell that does not matter changes, for the rest of the
        turn, only that its square is empty: any other such move would do the same. A piece
        whose square and reach do not matter at all (idle) could move last in a turn that
        ends safe, and then its move changes nothing that counts: so the turn can end safe
        with it standing still, whether it is destroyed or not (its square sees nothing).
        """
        if seeing < 0:
            return 0, {}
        idle = 0
        harmless = {}
        for cell, reach in reaches.items():
            others = 0
            for other, cells in reaches.items():
                if other != cell:
                    others |= cells
            bit = 1 << cell
            if not (reach | bit) & (seeing | others):
                idle |= bit
            harmless[cell] = ~(seeing | others)
        return idle, harmless


CHOOSERS = 3  # zombies whose staying or leaving `_may_stay` tries both ways, at most


def _may_stay(
    now_lines: list[int],
    later_lines: list[int],
    zombies: list[tuple[int, int, int]],
    normal: tuple[int, int],
) -> bool:
    """Whether the king may end the turn where it stands, as far as each check's line can
    have a mover of its own (`matched`): the zombies (landing, square left, and the line
    of the check the piece buried under it would give, or 0), then the normal mover.

    A zombie whose square hides a piece that would check the king either stays, and is
    destroyed (it lands nowhere), or leaves, and its check must be ended too: both are
    tried for the first few such zombies. Lines toward one king are apart or one inside
    the other (on one ray): ending the inner one ends both, so it stands for the pair.
    """
    choosers = [index for index, zombie in enumerate(zombies) if zombie[2]][:CHOOSERS]
    for chosen in range(1 << len(choosers)):
        landings = []
        returns = []
        lines = list(later_lines)
        for index, (landing, back, threat) in enumerate(zombies):
            if index in choosers:
                if not chosen >> choosers.index(index) & 1:
                    continue  # it stays and is destroyed
                # its square then brings back the checking piece: no shield of its own
                _narrow(lines, threat)
            elif back:
                returns.append(back)
            landings.append(landing)
        if normal[0]:
            landings.append(normal[0])
        if normal[1]:
            returns.append(normal[1])
        if matched(now_lines, landings) and matched(lines, landings + returns):
            return True
    return False


def _narrow(lines: list[int], line: int) -> None:
    """Add `line` to `lines`, keeping the inner of two lines on one ray (see `_may_stay`)."""
    for index, other in enumerate(lines):
        if other & line:
            if line & other == line:
                lines[index] = line
            return  # the other is inside it (or they cross: then it is left out)
    lines.append(line)


def matched(lines: list[int], movers: list[int]) -> bool:
    """Whether each line can have a mover of its own that reaches it (Kuhn's matching)."""
    owner: dict[int, int] = {}  # mover index -> line index

    def place(line: int, tried: set[int]) -> bool:
        for index, cells in enumerate(movers):
            if index in tried or not cells & lines[line]:
                continue
            tried.add(index)
            if index not in owner or place(owner[index], tried):
                owner[index] = line
                return True
        return False

    return all(place(line, set()) for line in range(len(lines)))
