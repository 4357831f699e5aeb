"""The Zombie Chess turn: which moves are legal, and what the end of a turn sets off.

A turn (seed 002, Zombie Chess, "Play"):

1. pawns that came back as zombies on their last rank are promoted (their owner chooses);
2. moves: one normal move, plus each of the player's zombies moving once (option `horde`);
   every move is a legal chess move, and may not leave the king to be checked by a zombie
   that the end of the turn would bring back ("If moving a piece would put your king in
   check by revealing a zombie, you may not move that piece");
3. the end of the turn, in the seed's order: each square left is checked for a burial
   ("no zombies anywhere", "no zombie at c6", or the zombie comes back there), unmoved
   zombies of the player are destroyed, then each captured piece is buried under one of the
   player's pieces (a secret decision), or goes to the dust bin when every piece of the
   player already hides a burial ("I cannot bury this piece").
"""

from __future__ import annotations

from motley.chesslike import movegen
from motley.chesslike.fen import write_fen
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.games.zombie.board import Step, letter_at, place, remove, step
from motley.games.zombie.state import (
    BURIABLE,
    BURIED,
    BURY,
    CANNOT,
    CHECK,
    DESTROYED,
    DUSTED,
    MOVE,
    NOWHERE,
    PROMOTE,
    SAFE,
    Entry,
    Shared,
    ZombieState,
    grid_drop,
    grid_get,
    grid_mask,
    grid_put,
)


class TurnRules:
    """The turn machine for one set of options (stateless after construction)."""

    def __init__(self, t: ChessTables, horde: str, castling_checks: str, rebury: bool) -> None:
        self.t = t
        self.horde = horde  # "extra" or "instead"
        self.castling_checks = castling_checks  # "both" or "king"
        self.rebury = rebury

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
        # a king is never captured, even by a horde's later move after a check earlier in
        # the same turn: chess ends in checkmate, never in taking the king
        kings = pos.pieces[self.t.royal] & pos.colours[pos.turn ^ 1]
        return [
            m
            for m in movegen.pseudo_legal_moves(self.t, pos)
            if not (1 << m.target) & kings
            and self._permitted(s, m.origin)
            and self.is_safe(s, step(self.t, pos, m))
        ]

    def is_safe(self, s: ZombieState, done: Step) -> bool:
        """The king is not in check after the move, nor once the turn ended right after it."""
        t = self.t
        after = done.board
        seat = after.turn
        king = movegen.king_cell(t, after, seat)
        if king < 0:
            return True
        if movegen.is_attacked(t, after, king, seat ^ 1, after.occupied):
            return False
        end = self._end_board(s, done)
        if end is after:
            return True
        if movegen.is_attacked(t, end, king, seat ^ 1, end.occupied):
            return False
        # a pawn back on its last rank is promoted at once by its owner: it counts as
        # whatever it may become ("immediately be promoted when they come back")
        crowned = end.pieces[t.pawn] & end.colours[seat ^ 1] & t.promotion_zone[seat ^ 1]
        while crowned:
            low = crowned & -crowned
            crowned ^= low
            if self.threatens("QN", low.bit_length() - 1, seat ^ 1, end.occupied, king):
                return False
        return True

    def threatens(self, letters: str, cell: int, colour: int, occupied: int, king: int) -> bool:
        """Whether a `colour` piece of any of `letters` on `cell` would attack `king`."""
        movement = self.t.movement[colour]
        kinds = self.t.kind_of_letter
        return any(
            movement[kinds[letter.lower()]].captures(cell, occupied) >> king & 1
            for letter in letters
        )

    def _end_board(self, s: ZombieState, done: Step) -> Position:
        """The board if the turn ended right after `done`: zombies back, unmoved ones gone."""
        t = self.t
        board = done.board
        seat = board.turn
        grid = s.grids[seat]
        for cell in (*s.left, *self._checked(done)):
            if not (1 << cell) & board.occupied:
                letter = grid_get(grid, cell)
                if letter:
                    board = place(t, board, cell, letter, seat ^ 1)
        zombies, moved = self._carry_marks(s, done)
        doomed = zombies & board.colours[seat] & ~moved
        while doomed:
            low = doomed & -doomed
            doomed ^= low
            board = remove(t, board, low.bit_length() - 1)
        return board

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
        done = step(t, pos, move)
        king = movegen.king_cell(t, done.board, pos.turn)
        if movegen.is_attacked(t, done.board, king, pos.turn ^ 1, done.board.occupied):
            return "the move leaves your king in check"
        return "the move would reveal a zombie that checks your king, or a destroyed zombie would"

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
        if not self.may_move_more(after):
            return self.end_turn(after)
        return after._replace(ledger=after.ledger.plus(*self._safe_entries(after)))

    def _safe_entries(self, s: ZombieState) -> tuple[Entry, ...]:
        """What a move in the middle of a horde tells everyone about the mover's grid.

        A square left earlier in the turn and still empty would bring its zombie back if the
        turn ended now, and the move was legal, so that zombie cannot be a piece that would
        check the king. Other squares left are counted as blockers, which keeps the
        conclusion sound whichever of them hide burials.
        """
        t = self.t
        pos = s.board
        seat = pos.turn
        pending = [c for c in dict.fromkeys(s.left) if not (1 << c) & pos.occupied]
        if not pending:
            return ()
        king = movegen.king_cell(t, pos, seat)
        if king < 0:
            return ()
        occupied = pos.occupied
        for cell in pending:
            occupied |= 1 << cell
        entries = []
        crown = self.t.promotion_zone[seat ^ 1]
        for cell in pending:
            allowed = "".join(
                letter
                for letter in BURIABLE
                if not self.threatens(
                    "QN" if letter == "P" and crown >> cell & 1 else letter,
                    cell,
                    seat ^ 1,
                    occupied,
                    king,
                )
            )
            if allowed != BURIABLE:
                entries.append(Entry(SAFE, seat, cell, allowed))
        return tuple(entries)

    # -- the end of the turn --------------------------------------------------------------

    def end_turn(self, s: ZombieState) -> ZombieState:
        """Check the squares left, destroy unmoved zombies, then start the burials."""
        t = self.t
        board = s.board
        seat = board.turn
        grid = s.grids[seat]
        zombies = s.zombies
        ledger = list(s.ledger)
        progress = s.progress
        for cell in dict.fromkeys(s.left):
            if (1 << cell) & board.occupied:
                continue  # a piece of the same turn stands there: whatever is buried stays
            if not grid:
                if not any(e.what == NOWHERE for e in ledger[len(s.ledger) :]):
                    ledger.append(Entry(NOWHERE, seat))
                continue
            letter = grid_get(grid, cell)
            ledger.append(Entry(CHECK, seat, cell, letter))
            if letter:
                board = place(t, board, cell, letter, seat ^ 1)
                zombies |= 1 << cell
                grid = grid_drop(grid, cell)
                progress = True
        dust = list(s.dust)
        doomed = zombies & board.colours[seat] & ~s.moved
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
        grids = (grid, s.grids[1]) if seat == 0 else (s.grids[0], grid)
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
        after = s._replace(
            board=board,
            phase=MOVE,
            moved=0,
            left=(),
            normal_used=False,
            captured="",
            double_step=-1,
            progress=False,
        )
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
        placement = write_fen(self.t, board._replace(ep=-1), counters=False)
        return f"{placement} {board.ep} {s.zombies:x}"
