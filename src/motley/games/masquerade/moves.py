"""Masquerade Chess moves: standard non-capturing moves, and "Capture?" attempts.

There is no check ("they don't have to call Check, and a threatened king doesn't have to
evade capture"), so nothing here looks at attacks on a king: a king may stay attacked, walk
into attack, and castle out of or through attack.

Pieces above pawns capture with the move their row of the secret table gives them; pawns
always capture as pawns (en passant included unless switched off). An attempt is offered for
every enemy piece that some capture move could reach from the attacker's square (a queen's
line or a knight's jump; the other capture moves are part of those); attempts no capture move
could make would always be refused, and are left out.
"""

from __future__ import annotations

from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.games.masquerade.assignment import ROWS
from motley.geometry import cellset


class Mechanics:
    def __init__(self, t: ChessTables, en_passant: bool, promoted_own: bool) -> None:
        self.t = t
        self.en_passant = en_passant
        self.promoted_own = promoted_own
        self.kind_of_row = {row: t.kind_of_letter[row.lower()] for row in ROWS}

    # -- generation -----------------------------------------------------------------------

    def moves(self, pos: Position) -> list[Move]:
        """Every action on the board for the side to move: moves, captures, attempts."""
        t = self.t
        turn = pos.turn
        us = pos.colours[turn]
        them = pos.colours[turn ^ 1]
        occupied = us | them
        out: list[Move] = []
        movement = t.movement[turn]
        queen = movement[self.kind_of_row["Q"]]
        knight = movement[self.kind_of_row["N"]]
        pawns = pos.pieces[t.pawn] & us
        for origin in cellset.cells(us & ~pawns):
            kind = t.kind_at(pos.pieces, 1 << origin)
            quiet = movement[kind].quiet(origin, occupied) & ~occupied
            reach = (queen.captures(origin, occupied) | knight.captures(origin, occupied)) & them
            row = t.moves[origin]
            out.extend(row[c] for c in cellset.cells(quiet | reach))
        zone = t.promotion_zone[turn]
        pawn_move = movement[t.pawn]
        for origin in cellset.cells(pawns):
            reach = pawn_move.quiet_leaps[origin] & ~occupied
            if reach and (1 << origin) & t.double_step_rows[turn]:
                reach |= pawn_move.quiet_leaps[reach.bit_length() - 1] & ~occupied
            reach |= pawn_move.capture_leaps[origin] & them
            if self.en_passant and pos.ep >= 0 and pawn_move.capture_leaps[origin] >> pos.ep & 1:
                reach |= 1 << pos.ep
            for target in cellset.cells(reach):
                if (1 << target) & zone:
                    out.extend(t.promotion_moves[origin, target])
                else:
                    out.append(t.moves[origin][target])
        out.extend(self._castling(pos))
        return out

    def _castling(self, pos: Position) -> list[Move]:
        """Castling with an unmoved king and rook over empty squares; attacks do not matter."""
        t = self.t
        turn = pos.turn
        us = pos.colours[turn]
        king_bits = pos.pieces[t.royal] & us & t.back_rank[turn]
        if not king_bits or not pos.castling & us:
            return []
        king = king_bits.bit_length() - 1
        occupied = pos.occupied
        out = []
        for rook in cellset.cells(pos.castling & us & pos.pieces[t.rook] & t.back_rank[turn]):
            king_to, rook_to = t.castle_squares(turn, king, rook)
            path = (
                t.between[king][king_to]
                | (1 << king_to)
                | t.between[rook][rook_to]
                | (1 << rook_to)
            )
            if not (occupied ^ (1 << king) ^ (1 << rook)) & path:
                out.append(t.moves[king][rook])
        return out

    # -- captures -------------------------------------------------------------------------

    def is_capture(self, pos: Position, move: Move) -> bool:
        t = self.t
        if (1 << move.target) & pos.colours[pos.turn ^ 1]:
            return True
        return move.target == pos.ep and bool((1 << move.origin) & pos.pieces[t.pawn])

    def is_attempt(self, pos: Position, move: Move, promoted: int) -> bool:
        """A capture whose success depends on a secret table: not a pawn's, and not a
        promoted piece's under promoted_capture=own (`promoted`: squares of such pieces)."""
        if not (1 << move.target) & pos.colours[pos.turn ^ 1]:
            return False
        origin = 1 << move.origin
        if origin & pos.pieces[self.t.pawn]:
            return False
        return not (self.promoted_own and origin & promoted)

    def row_of(self, pos: Position, cell: int) -> str:
        return self.t.letters[self.t.kind_at(pos.pieces, 1 << cell)]

    def fits(self, pos: Position, move: Move) -> str:
        """The capture moves (letters, in ROWS order) that reach the target from the origin."""
        t = self.t
        occupied = pos.occupied
        movement = t.movement[pos.turn]
        return "".join(
            row
            for row in ROWS
            if movement[self.kind_of_row[row]].captures(move.origin, occupied) >> move.target & 1
        )

    def refused(self, pos: Position) -> Position:
        """A refused capture: nothing moves, and the turn is over."""
        return pos._replace(
            turn=pos.turn ^ 1,
            ep=-1,
            halfmove=pos.halfmove + 1,
            fullmove=pos.fullmove + pos.turn,
            previous=None,
        )

    def played(self, pos: Position, move: Move) -> Position:
        return make_move(self.t, pos, move)._replace(previous=None)
