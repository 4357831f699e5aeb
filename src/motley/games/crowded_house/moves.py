"""Which moves each player of Crowded House may make.

The half rule: a player moves a piece of their colour that starts or ends on their half of
the board. The capture rule replaces check: what matters is whether the *next* player (of
the other colour) could capture the king, and the next player's own moves obey the half
rule too, so a king is open to capture by them only when the king or the attacker stands on
their half.
"""

from __future__ import annotations

from motley.chesslike import movegen
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.games.crowded_house.state import colour_of, half_of, next_seat
from motley.geometry.cellset import cells

KING_SIDES = ("e-h", "a-d")  # the files of the king side, as the option names them


class HouseMoves:
    """Move generation for one choice of the options (shared by every state)."""

    def __init__(self, t: ChessTables, king_side: str, castling: str, exposed_king: str) -> None:
        self.t = t
        g = t.geometry
        right = sum(1 << c for c in range(t.n) if g.file_of(c) >= g.files // 2)
        left = t.all_cells & ~right
        # halves[0] is the king side, halves[1] the queen side
        self.halves = (right, left) if king_side == "e-h" else (left, right)
        self.castling_needs_both = castling == "both"
        self.capture_allowed = exposed_king == "capture"

    # -- the half rule ----------------------------------------------------------------------

    def half(self, seat: int) -> int:
        """The cells of `seat`'s half."""
        return self.halves[half_of(seat)]

    def on_half(self, seat: int, origin: int, target: int) -> bool:
        """Does a piece going from `origin` to `target` start or end on `seat`'s half?"""
        return bool(((1 << origin) | (1 << target)) & self.half(seat))

    # -- the capture rule -------------------------------------------------------------------

    def capturers(self, board: Position, seat: int, cell: int, occupied: int) -> int:
        """Cells from which `seat` could capture a piece on `cell` within the half rule."""
        found = movegen.attackers(self.t, board, cell, colour_of(seat), occupied)
        return found if (1 << cell) & self.half(seat) else found & self.half(seat)

    def king_threat(self, board: Position, colour: int, seat: int) -> int:
        """Cells from which `seat` could capture `colour`'s king now (0: none or no king)."""
        king = movegen.king_cell(self.t, board, colour)
        if king < 0:
            return 0
        return self.capturers(board, seat, king, board.occupied)

    def in_check(self, board: Position, seat: int) -> bool:
        """Could the player after `seat` capture `seat`'s king as the board stands?"""
        return bool(self.king_threat(board, colour_of(seat), next_seat(seat)))

    def exposes(self, board: Position, seat: int, move: Move) -> bool:
        """After `move`, could the next player capture the mover's king?

        Taking the enemy king ends the game at once, so such a move never exposes.
        """
        after = make_move(self.t, board, move)
        colour = colour_of(seat)
        if movegen.king_cell(self.t, after, colour ^ 1) < 0:
            return False
        return bool(self.king_threat(after, colour, next_seat(seat)))

    # -- generation -------------------------------------------------------------------------

    def candidates(self, board: Position, seat: int) -> list[Move]:
        """Moves by the pieces' movement that obey the half rule (king safety not judged)."""
        t = self.t
        us = board.colours[board.turn]
        zone = t.promotion_zone[board.turn]
        pawns = board.pieces[t.pawn]
        half = self.half(seat)
        out: list[Move] = []
        for origin in cells(us):
            reach = movegen.pseudo_targets(t, board, origin)
            if not (1 << origin) & half:
                reach &= half  # a piece from the other half must end on this one
            promoting = reach & zone if (1 << origin) & pawns else 0
            out.extend(t.moves[origin][target] for target in cells(reach & ~promoting))
            for target in cells(promoting):
                out.extend(t.promotion_moves[origin, target])
        out.extend(self.castling(board, seat))
        return out

    def castling(self, board: Position, seat: int) -> list[Move]:
        """Castling moves for `seat` (written king-takes-own-rook, as the tables keep them).

        King and rook unmoved, every cell they cross empty but for the two of them, and the
        next player unable to capture the king on its start cell or any cell it crosses
        ("castle out of check, if the next player can't make the capture"). Where the king
        lands is judged like any other move. Under the half rule the king's move, and with
        `castling=both` the rook's as well, must start or end on the player's half.
        """
        t = self.t
        colour = board.turn
        us = board.colours[colour]
        king = movegen.king_cell(t, board, colour)
        if king < 0 or not (1 << king) & t.back_rank[colour]:
            return []
        rooks = board.castling & us & t.back_rank[colour] & board.pieces[t.rook]
        occupied = board.occupied
        without_king = occupied ^ (1 << king)
        following = next_seat(seat)
        out: list[Move] = []
        for rook in cells(rooks):
            king_to, rook_to = t.castle_squares(colour, king, rook)
            if not self.on_half(seat, king, king_to):
                continue
            if self.castling_needs_both and not self.on_half(seat, rook, rook_to):
                continue
            king_path = t.between[king][king_to] | (1 << king_to)
            rook_path = t.between[rook][rook_to] | (1 << rook_to)
            if (occupied ^ (1 << king) ^ (1 << rook)) & (king_path | rook_path):
                continue
            crossed = (t.between[king][king_to] | (1 << king)) & ~(1 << king_to)
            if any(self.capturers(board, following, c, without_king) for c in cells(crossed)):
                continue
            out.append(t.moves[king][rook])
        return out

    def legal(self, board: Position, seat: int) -> list[Move]:
        """The moves `seat` may make (empty: the player passes).

        With `exposed_king=capture` a move may leave the king open to the next player, who
        may then take it; with `exposed_king=illegal` such moves are not allowed.
        """
        found = self.candidates(board, seat)
        if self.capture_allowed:
            return found
        t = self.t
        colour = colour_of(seat)
        king = movegen.king_cell(t, board, colour)
        if king < 0:
            return [m for m in found if not self.exposes(board, seat, m)]
        # who could take the king depends only on the cells that see it: its lines up to
        # the first piece and its leaps. A move by another piece that changes none of them
        # (and takes no king, and nothing en passant) leaves that as it was before the move
        sees = 0
        for table, _ in t.attack_leaps[colour ^ 1]:
            sees |= table[king]
        for rider, _ in t.attack_sliders[colour ^ 1]:
            sees |= rider.attacks(king, board.occupied)
        sees |= (1 << king) | board.pieces[t.royal]
        threatened = bool(self.king_threat(board, colour, next_seat(seat)))
        out = []
        for m in found:
            if ((1 << m.origin) | (1 << m.target)) & sees or m.target == board.ep:
                if not self.exposes(board, seat, m):
                    out.append(m)
            elif not threatened:
                out.append(m)
        return out

    def checkmated(self, board: Position, seat: int, moves: list[Move]) -> bool:
        """The next player could capture `seat`'s king, and none of `moves` prevents it."""
        if not self.in_check(board, seat):
            return False
        return all(self.exposes(board, seat, m) for m in moves)
