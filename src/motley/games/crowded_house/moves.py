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
        out: list[Move] = []
        for origin, reach in self._reaches(board, seat):
            self._add_moves(out, board, origin, reach, reach)
        out.extend(self.castling(board, seat))
        return out

    def _reaches(self, board: Position, seat: int) -> list[tuple[int, int]]:
        """Each piece of the player's colour with where it may go by its movement and the
        half rule, in the order of its cell."""
        t = self.t
        us = board.colours[board.turn]
        them = board.colours[board.turn ^ 1]
        half = self.half(seat)
        reaches = movegen.pseudo_reaches(t, board, us, us | them, them, board.ep)
        out = []
        for origin in cells(us):
            reach = reaches[origin]
            if not (1 << origin) & half:
                reach &= half  # a piece from the other half must end on this one
            if reach:
                out.append((origin, reach))
        return out

    def _add_moves(
        self, out: list[Move], board: Position, origin: int, reach: int, ok: int
    ) -> None:
        """The moves from `origin` to the cells of `reach` that are in `ok`, promotions
        after the others (as `movegen.pseudo_legal_moves` lists them)."""
        t = self.t
        row = t.moves[origin]
        promoting = 0
        if (1 << origin) & board.pieces[t.pawn]:
            promoting = reach & t.promotion_zone[board.turn]
        out.extend([row[target] for target in cells(reach & ~promoting & ok)])
        for target in cells(promoting & ok):
            out.extend(t.promotion_moves[origin, target])

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

        The next player's pieces that could take the king are those on their half, or all
        of them when the king stands there; which of those attack it changes with a move as
        in chess. So moves are judged as chess does, by masks: with the king attacked, the
        other pieces may only take the attacker or block (or nothing helps against two);
        a piece alone between the king and such a slider may only move along that line.
        The king's own moves, castling, en passant (a third cell) and taking the enemy
        king (which ends the game) are played out one by one (`exposes`).
        """
        if self.capture_allowed:
            return self.candidates(board, seat)
        t = self.t
        colour = colour_of(seat)
        king = movegen.king_cell(t, board, colour)
        if king < 0:
            return [m for m in self.candidates(board, seat) if not self.exposes(board, seat, m)]
        by = colour ^ 1
        us = board.colours[colour]
        them = board.colours[by]
        occupied = us | them
        everywhere = t.all_cells
        following = self.half(next_seat(seat))
        able = them if (1 << king) & following else them & following
        threat = movegen.attackers(t, board, king, by, occupied) & able
        allowed = movegen.evasions(t, king, threat)  # two attackers: only the king may move
        pins = movegen.pinned(t, board, king, by, able)
        # cells whose move is played out: en passant, and the enemy king taken
        special = them & board.pieces[t.royal]
        if board.ep >= 0:
            special |= 1 << board.ep
        moves = t.moves
        out: list[Move] = []
        for origin, reach in self._reaches(board, seat):
            row = moves[origin]
            if origin == king:
                ok = 0
                for target in cells(reach):
                    if not self.exposes(board, seat, row[target]):
                        ok |= 1 << target
            else:
                ok = reach & allowed & pins.get(origin, everywhere)
                for target in cells(reach & special):
                    ok &= ~(1 << target)
                    if not self.exposes(board, seat, row[target]):
                        ok |= 1 << target
            self._add_moves(out, board, origin, reach, ok)
        out.extend(m for m in self.castling(board, seat) if not self.exposes(board, seat, m))
        return out

    def checkmated(self, board: Position, seat: int, moves: list[Move]) -> bool:
        """The next player could capture `seat`'s king, and none of `moves` prevents it."""
        if not self.in_check(board, seat):
            return False
        return all(self.exposes(board, seat, m) for m in moves)
