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
from motley.geometry.cellset import cells

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
        # the lines that may open onto a king (see `legal`): its queen lines
        self._queen = t.movement[0][t.kind_of_letter["q"]]

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
        """Moves by movement alone, each judged on its own side of the mirror (step 1):
        `movegen.pseudo_legal_moves` on each side's board (`sub_board`), plain side first,
        written out with the side's masks; the board of a side is built only to castle."""
        t = self.t
        board = s.board
        turn = board.turn
        zone = t.promotion_zone[turn]
        pawns = board.pieces[t.pawn]
        moves = t.moves
        out: list[Move] = []
        for side in (t.all_cells & ~s.checkers, s.checkers):
            us = board.colours[turn] & side
            if not us:
                continue
            them = board.colours[turn ^ 1] & side
            ep = board.ep if board.ep >= 0 and self._ep_open(s, side) else -1
            reaches = movegen.pseudo_reaches(t, board, us, us | them, them, ep)
            for origin in cells(us):
                reach = reaches[origin]
                promoting = reach & zone if (1 << origin) & pawns else 0
                row = moves[origin]
                out.extend([row[target] for target in cells(reach & ~promoting)])
                for target in cells(promoting):
                    out.extend(t.promotion_moves[origin, target])
            if board.castling & us:
                sub = self.sub_board(board, side)
                king = movegen.king_cell(t, sub, turn)
                if king >= 0 and not movegen.checkers(t, sub):
                    out.extend(movegen.castling_moves(t, sub, king))
        return out

    def _ep_open(self, s: HalfAliceState, side: int) -> bool:
        """May a pawn on `side` take en passant? (option `en_passant`)"""
        victim = self.t.ep_victim[s.board.turn][s.board.ep]
        if victim < 0 or not (1 << victim) & s.board.colours[s.board.turn ^ 1]:
            return False
        return self.en_passant == ANY or bool((1 << victim) & side)

    def legal(self, s: HalfAliceState) -> list[Move]:
        """Every legal move (`play` makes one), in the order of `candidates`.

        The steps are those of `judge`, written out with what the moves of one piece share
        worked out once (the tests hold the two to the same answers). Step 2 and step 3 are
        masks on a piece's targets. For step 4, whether the king can be taken on its side
        depends only on its queen lines up to the first piece on its side and its knight and
        king steps, and no leap needs an empty square:

        * a piece from the other side of the mirror arrives on the king's side after the
          switch (its captures are all on its own side): it can only block, so it is judged
          only when the king is in check now;
        * a piece from the king's side that takes nothing is judged on the king's side
          without it (after the switch it has gone; before, it stands in the way as well),
          the same for all its targets, and only if it stands on one of the king's lines or
          the king is in check;
        * the king's own steps, captures on the king's side and en passant (a third square)
          are judged one by one, a capture only if it takes a piece on the king's lines, or
          the mover stands on one, or the king is in check.
        """
        t = self.t
        board = s.board
        turn = board.turn
        by = turn ^ 1
        king = movegen.king_cell(t, board, turn)
        checkers = s.checkers
        plain = t.all_cells & ~checkers
        occupied = board.occupied
        own = board.colours[turn]
        enemy = board.colours[by]
        pieces = board.pieces
        king_side = 0  # no king: no move can leave it in check
        sees = 0  # squares on the king's side whose piece leaving may expose it
        if king >= 0:
            king_side = checkers if checkers >> king & 1 else plain
            sees = self._queen.captures(king, occupied & king_side) & king_side
        check = self.king_attacked(board, checkers, turn)
        spare = self.free_checkers(s, turn) >= 1
        zone = t.promotion_zone[turn]
        pawns = pieces[t.pawn]
        moves = t.moves
        out: list[Move] = []
        for side in (plain, checkers):
            us = own & side
            if not us:
                continue
            them = enemy & side
            # step 3: a piece leaving the plain side needs a free checker
            movers = us if spare or side != plain else 0
            ep = board.ep if board.ep >= 0 and self._ep_open(s, side) else -1
            reaches = movegen.pseudo_reaches(t, board, movers, us | them, them, ep)
            other_side = occupied & ~side  # step 2: nothing of the other side on the destination
            for origin in cells(movers):
                reach = reaches[origin] & ~other_side
                if not reach:
                    continue
                bit = 1 << origin
                row = moves[origin]
                if origin == king:
                    # step 4 for the king itself: before the switch on its side without
                    # its start (a piece taken on the target gone), then after it among
                    # the other side's pieces
                    ok = 0
                    other = t.all_cells & ~side
                    for target in cells(reach):
                        to = 1 << target
                        if not movegen.attacked_from(
                            t, pieces, them & ~to, target, by, (occupied & side & ~bit) | to
                        ) and not movegen.attacked_from(
                            t, pieces, enemy & other, target, by, (occupied & other) | to
                        ):
                            ok |= to
                elif side == king_side:
                    ok = reach & ~them
                    if (check or bit & sees) and movegen.attacked_from(
                        t, pieces, enemy & side, king, by, occupied & side & ~bit
                    ):
                        ok = 0
                    for target in cells(reach & them):
                        judged = check or (bit | 1 << target) & sees
                        if not judged or self._king_safe(s, row[target], king):
                            ok |= 1 << target
                elif check:
                    ok = 0
                    for target in cells(reach):
                        if self._king_safe(s, row[target], king):
                            ok |= 1 << target
                else:
                    ok = reach
                if ep >= 0 and reach >> ep & 1:  # en passant takes a pawn from a third square
                    ok &= ~(1 << ep)
                    if not self.judge(s, row[ep], build=False).broken:
                        ok |= 1 << ep
                promoting = reach & zone if bit & pawns else 0
                if ok == reach and not promoting:
                    out.extend([row[target] for target in cells(reach)])
                    continue
                out.extend([row[target] for target in cells(ok & ~promoting)])
                for target in cells(ok & promoting):
                    out.extend(t.promotion_moves[origin, target])
            if board.castling & us:
                sub = self.sub_board(board, side)
                home = movegen.king_cell(t, sub, turn)
                if home >= 0 and not movegen.checkers(t, sub):
                    for move in movegen.castling_moves(t, sub, home):
                        if not self._judge_castling(s, move, False).broken:
                            out.append(move)
        return out

    def _king_safe(self, s: HalfAliceState, move: Move, king: int) -> bool:
        """Step 4 for a move that is neither castling nor en passant (see `judge`)."""
        board = s.board
        checkers = s.checkers
        origin_bit = 1 << move.origin
        target_bit = 1 << move.target
        crossing = not origin_bit & checkers
        taken = target_bit & board.occupied
        base = checkers & ~origin_bit & ~taken
        stay = base | (0 if crossing else target_bit)
        switched = base | (target_bit if crossing else 0)
        after = (board.occupied & ~origin_bit & ~taken) | target_bit
        enemy = board.colours[board.turn ^ 1] & ~taken
        return not self._check_rule(s, move, king, enemy, after, stay, switched)

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
