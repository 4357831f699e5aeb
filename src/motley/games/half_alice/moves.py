"""Half Alice Chess moves: which are legal, why others are not, and what a move does.

Seed 002, The Rules of Chess Kit, section Half Alice Chess. A move is judged in four steps,
each citing the rule it enforces (the package docstring gives the readings):

1. movement on the mover's own side of the mirror, ignoring the other side ("pieces ... can
   move through squares that are occupied by pieces on the other side"; player aid: "make a
   legal move ignoring pieces on the other side of the mirror");
2. the destination holds no piece of the other side ("pieces cannot capture pieces on the
   other side of the mirror", and one square holds one piece);
3. a free checker for each piece that crosses from the plain side (12 checkers each);
4. check: a king on the mover's side must be safe before the switch ("the move must be legal
   before the switch"), and the mover's king must be safe after it (the seed's b7 example).
"""

from __future__ import annotations

from typing import NamedTuple

from motley.chesslike import movegen
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.games.half_alice.state import HalfAliceState, side_mask

# castling readings (option `castling`)
BOTH = "both"  # king and rook both switch sides
KING = "king"  # only the king switches; the rook stays where it was
NONE = "none"  # no castling

# en-passant readings (option `en_passant`)
ANY = "any"  # whichever sides the two pawns are on
SAME = "same"  # only a pawn on the same side as the pawn it takes


class Verdict(NamedTuple):
    """A move's result: the state after it, or the rule it breaks ('' when legal)."""

    after: HalfAliceState | None
    broken: str


class MirrorMoves:
    """Move generation and making for one set of house rules."""

    def __init__(self, t: ChessTables, castling: str, en_passant: str, checkers: int) -> None:
        self.t = t
        self.castling = castling
        self.en_passant = en_passant
        self.supply = checkers  # checkers each player owns
        # what sees a king (see `legal`): its queen lines, and per square its knight and
        # king steps
        kinds = t.kind_of_letter
        self._queen = t.movement[0][kinds["q"]]
        self._steps = tuple(
            t.movement[0][kinds["n"]].captures(cell, 0) | t.movement[0][t.royal].captures(cell, 0)
            for cell in range(t.n)
        )

    # -- sides of the mirror --------------------------------------------------------------

    def sub_board(self, board: Position, side: int) -> Position:
        """Only the pieces within `side` (a square mask), as an orthodox position."""
        return board._replace(
            pieces=tuple(bits & side for bits in board.pieces),
            colours=(board.colours[0] & side, board.colours[1] & side),
            previous=None,
        )

    def king_attacked(self, board: Position, checkers: int, seat: int) -> bool:
        """Whether `seat`'s king can be taken by an enemy piece on the king's own side."""
        king = movegen.king_cell(self.t, board, seat)
        if king < 0:
            return False
        return self.attacked_on(board.pieces, board.colours[seat ^ 1], board.occupied,
                                checkers, king, seat ^ 1)

    def attacked_on(
        self, pieces: tuple[int, ...], enemy: int, occupied: int, checkers: int, cell: int,
        by: int,
    ) -> bool:
        """Whether a piece of `by` (on `enemy`, kinds from `pieces`) on `cell`'s side of the
        mirror attacks `cell`, with blockers `occupied` on that side: the same test as
        `movegen.is_attacked` on `sub_board`, with the side's mask applied instead of
        building that board (the other pieces' kinds do not matter)."""
        t = self.t
        side = checkers if checkers >> cell & 1 else t.all_cells & ~checkers
        enemy &= side
        if not enemy:
            return False
        return movegen.attacked_from(t, pieces, enemy, cell, by, occupied & side)

    def in_check(self, s: HalfAliceState) -> bool:
        return self.king_attacked(s.board, s.checkers, s.board.turn)

    def free_checkers(self, s: HalfAliceState, seat: int) -> int:
        """Checkers `seat` still has off the board (a captured piece gives its checker back)."""
        return self.supply - (s.board.colours[seat] & s.checkers).bit_count()

    # -- generation -----------------------------------------------------------------------

    def candidates(self, s: HalfAliceState) -> list[Move]:
        """Moves by movement alone, each judged on its own side of the mirror (step 1)."""
        t = self.t
        board = s.board
        us = board.colours[board.turn]
        out: list[Move] = []
        for side in (t.all_cells & ~s.checkers, s.checkers):
            if not us & side:
                continue
            sub = self.sub_board(board, side)
            if sub.ep >= 0 and not self._ep_open(s, side):
                sub = sub._replace(ep=-1)
            out.extend(movegen.pseudo_legal_moves(t, sub))
        return out

    def _ep_open(self, s: HalfAliceState, side: int) -> bool:
        """May a pawn on `side` take en passant? (option `en_passant`)"""
        victim = self.t.ep_victim[s.board.turn][s.board.ep]
        if victim < 0 or not (1 << victim) & s.board.colours[s.board.turn ^ 1]:
            return False
        return self.en_passant == ANY or bool((1 << victim) & side)

    def legal(self, s: HalfAliceState) -> list[Move]:
        """Every legal move (`play` makes one).

        Whether the king can be taken on its side depends only on the squares that see it:
        its queen lines up to the first piece on its side, its knight and king steps. A
        move by another piece that changes none of them (origin, destination, a pawn taken
        en passant) leaves each of those lines, and so that answer, as it was before the
        move, before and after the switch alike:
        such a move is judged by steps 2 and 3 alone, and is illegal exactly when the king
        is in check now. The steps are those of `judge`, written out here with what every
        move shares worked out once (the tests hold the two to the same answers).
        """
        t = self.t
        board = s.board
        turn = board.turn
        king = movegen.king_cell(t, board, turn)
        checkers = s.checkers
        sees = t.all_cells
        if king >= 0:
            side = checkers if checkers >> king & 1 else t.all_cells & ~checkers
            sees = self._steps[king] | self._queen.captures(king, board.occupied & side)
        check = self.king_attacked(board, s.checkers, turn)
        plain = t.all_cells & ~checkers
        occupied = board.occupied
        own = board.colours[turn]
        enemy = board.colours[turn ^ 1]
        spare = self.free_checkers(s, turn) >= 1
        out = []
        for move in self.candidates(s):
            origin_bit = 1 << move.origin
            target_bit = 1 << move.target
            if target_bit & own:  # only castling (king takes own rook) may go there
                if self.is_castling(s, move) and not self._judge_castling(s, move, False).broken:
                    out.append(move)
                continue
            # step 2: nothing of the other side on the destination
            if target_bit & occupied & ~(checkers if origin_bit & checkers else plain):
                continue
            # step 3: a free checker for a piece leaving the plain side
            crossing = not origin_bit & checkers
            if crossing and not spare:
                continue
            if move.target == board.ep:  # en passant takes a pawn from a third square
                if not self.judge(s, move, build=False).broken:
                    out.append(move)
            elif (origin_bit | target_bit) & sees or move.origin == king:
                # step 4 on the board after the move
                taken = target_bit & occupied
                base = checkers & ~origin_bit & ~taken
                stay = base | (0 if crossing else target_bit)
                switched = base | (target_bit if crossing else 0)
                after = (occupied & ~origin_bit & ~taken) | target_bit
                if not self._check_rule(s, move, king, enemy & ~taken, after, stay, switched):
                    out.append(move)
            elif not check:
                out.append(move)
        return out

    def play(self, s: HalfAliceState, move: Move) -> HalfAliceState:
        """The state after `move`, which `legal` returned for `s`."""
        after = self.judge(s, move, king_safe=True).after
        assert after is not None, "play takes a legal move"
        return after

    # -- judging one candidate ------------------------------------------------------------

    def is_castling(self, s: HalfAliceState, move: Move) -> bool:
        board = s.board
        return bool(
            (1 << move.target) & board.colours[board.turn] & board.castling
            and (1 << move.origin) & board.pieces[self.t.royal]
        )

    def is_en_passant(self, s: HalfAliceState, move: Move) -> bool:
        board = s.board
        return (
            move.target == board.ep
            and not (1 << move.target) & board.occupied
            and bool((1 << move.origin) & board.pieces[self.t.pawn])
            and self.t.geometry.file_of(move.origin) != self.t.geometry.file_of(move.target)
        )

    def judge(
        self, s: HalfAliceState, move: Move, king_safe: bool = False, build: bool = True
    ) -> Verdict:
        """Steps 2-4 for a move that passed step 1 (a candidate); with `king_safe`, the
        caller knows step 4 holds (see `legal`). Without `build`, a legal move's verdict
        has no state after it (only the empty rule broken), for speed."""
        t = self.t
        board = s.board
        turn = board.turn
        origin_bit = 1 << move.origin
        crossing = not origin_bit & s.checkers  # the piece goes from the plain side to checkers
        own_side = side_mask(t, s.checkers, move.origin)
        castle = self.is_castling(s, move)
        if castle:
            return self._judge_castling(s, move, build)
        target_bit = 1 << move.target
        # step 2: one square, one piece; a piece of the other side can neither be taken nor shared
        if target_bit & board.colours[turn ^ 1] & ~own_side:
            return Verdict(None, "pieces cannot capture a piece on the other side of the mirror")
        if target_bit & board.occupied & ~own_side:
            return Verdict(None, "the destination holds a piece on the other side of the mirror")
        if target_bit & board.colours[turn]:
            return Verdict(None, "a piece cannot move onto a square its own side holds")
        en_passant = self.is_en_passant(s, move)
        # step 3: "you must have a free checker in order to move a piece without a checker"
        if crossing and self.free_checkers(s, turn) < 1:
            return Verdict(None, "you have no free checker for a piece leaving the plain side")
        if king_safe and not build:
            return Verdict(None, "")
        taken = target_bit & board.occupied
        if en_passant:
            taken = 1 << t.ep_victim[turn][move.target]
        base = s.checkers & ~origin_bit & ~taken
        stay = base | (target_bit if not crossing else 0)  # the piece before the switch
        switched = base | (target_bit if crossing else 0)
        if not king_safe:
            # step 4 on the board after the move: the enemy less what was taken, the
            # mover's piece gone from its square to the destination
            enemy = board.colours[turn ^ 1] & ~taken
            occupied = (board.occupied & ~origin_bit & ~taken) | target_bit
            king = movegen.king_cell(t, board, turn)
            broken = self._check_rule(s, move, king, enemy, occupied, stay, switched)
            if broken or not build:
                return Verdict(None, broken)
        played = board if en_passant or board.ep < 0 else board._replace(ep=-1)
        after = make_move(t, played, move)._replace(previous=None)
        return Verdict(self._next(s, after, switched), "")

    def _check_rule(
        self,
        s: HalfAliceState,
        move: Move,
        king: int,
        enemy: int,
        occupied: int,
        stay: int,
        switched: int,
    ) -> str:
        """Step 4 for the mover's `king` (its cell before the move, -1 if none): the king
        before the switch (if on the mover's side), then after it; the rule broken, or ''."""
        if king < 0:
            return ""
        turn = s.board.turn
        moved = king == move.origin
        cell = move.target if moved else king
        pieces = s.board.pieces
        checkers = s.checkers
        same_side = (checkers >> king & 1) == (checkers >> move.origin & 1)
        if same_side and self.attacked_on(
            pieces, enemy, occupied, stay, cell, turn ^ 1
        ):
            if moved:
                return "the king would be in check before switching sides"
            return "the move leaves the king in check on its side of the mirror"
        if self.attacked_on(pieces, enemy, occupied, switched, cell, turn ^ 1):
            if moved:
                return "the king would be in check after switching sides"
            return "after the switch the king would be in check"
        return ""

    def _judge_castling(self, s: HalfAliceState, move: Move, build: bool = True) -> Verdict:
        """Castling: orthodox on the plain side, both arrival squares empty, then the switch."""
        t = self.t
        board = s.board
        turn = board.turn
        if self.castling == NONE:
            return Verdict(None, "castling is not played (option castling=none)")
        king_to, rook_to = t.castle_squares(turn, move.origin, move.target)
        arrivals = (1 << king_to) | (1 << rook_to)
        # the castling pieces have never moved, so they stand on the plain side
        if arrivals & board.occupied & s.checkers:
            return Verdict(None, "castling needs both arrival squares empty on both sides")
        crossing = 2 if self.castling == BOTH else 1
        if self.free_checkers(s, turn) < crossing:
            return Verdict(None, f"castling needs {crossing} free checkers")
        after = make_move(t, board._replace(ep=-1), move)._replace(previous=None)
        switched = s.checkers | (1 << king_to) | ((1 << rook_to) if self.castling == BOTH else 0)
        if self.king_attacked(after, s.checkers, turn):
            return Verdict(None, "the king would be in check before switching sides")
        if self.king_attacked(after, switched, turn):
            return Verdict(None, "the king would be in check after switching sides")
        return Verdict(self._next(s, after, switched) if build else None, "")

    def _next(self, s: HalfAliceState, after: Position, checkers: int) -> HalfAliceState:
        """The new state, linked back for repetition unless the move was irreversible."""
        after = after._replace(ep=self.usable_ep(after))
        return HalfAliceState(after, checkers, s if after.halfmove else None)

    def usable_ep(self, board: Position) -> int:
        """The en-passant square kept after a double step: only if it is physically empty and
        a pawn of the side to move stands ready to take on it (else -1), so that positions
        with no en-passant chance compare equal."""
        ep = board.ep
        if ep < 0 or (1 << ep) & board.occupied:
            return -1
        t = self.t
        enemy = board.turn ^ 1
        ready = t.movement[enemy][t.pawn].capture_leaps[ep] & board.pieces[t.pawn]
        return ep if ready & board.colours[board.turn] else -1
