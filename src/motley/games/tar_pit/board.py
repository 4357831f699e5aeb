"""Chess with checkers under the pieces: tar-aware moves, attacks and the checker rules.

Seed 002, Tar Pit Chess. A piece on its own colour's checker is *carrying* and moves as in
chess; a piece on the opponent's checker is *tarred*: a tarred pawn cannot move, any other
tarred piece moves and captures like a pawn (one step forward, one step diagonally forward to
capture, en passant too, never the double step, never promoted). Check is judged with every
piece's actual moves: a tarred rook attacks only its two forward diagonals.

`TarBoard` holds the tables for one reading of "forward" (option `tar_direction`): the
owner's forward (default) or the forward of the player whose checker it is. The tar comes off
a piece that stands on the last rank of that pawn direction (the text's "back rank").
"""

from __future__ import annotations

from collections.abc import Iterator

from motley.chesslike import movegen
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.core.memo import last_asked
from motley.games.tar_pit.state import NONE, Checkers, Supply, checker_at


def cells(bits: int) -> Iterator[int]:
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def _king_masks(t: ChessTables) -> tuple[int, ...]:
    g = t.geometry
    masks = []
    for cell in range(t.n):
        mask = 0
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    near = g.step(cell, (dx, dy))
                    if near is not None:
                        mask |= 1 << near
        masks.append(mask)
    return tuple(masks)


def combine(present: int, incoming: int) -> tuple[int, tuple[int, ...]]:
    """Two checkers meeting under one piece: (the one left, or NONE; colours returned).

    Opposite colours cancel and both go back to their owners; the same colour repels, one
    going back and one staying (seed: Multiple Checkers)."""
    if present == NONE:
        return incoming, ()
    if incoming == NONE:
        return present, ()
    if present == incoming:
        return present, (incoming,)
    return NONE, (present, incoming)


class TarBoard:
    """Tables and rules of the board for one reading of the tarred pieces' direction."""

    def __init__(self, t: ChessTables, direction: str) -> None:
        self.t = t
        pawn = t.pawn
        # the seat whose pawns a tarred piece of each seat moves like
        self.pawn_seat = (0, 1) if direction == "owner" else (1, 0)
        ps = self.pawn_seat
        self.push = (t.pawn_push[ps[0]], t.pawn_push[ps[1]])
        self.capture_leaps = (
            t.movement[ps[0]][pawn].capture_leaps,
            t.movement[ps[1]][pawn].capture_leaps,
        )
        # attacked_from[s][c]: squares from which a tarred piece of seat s attacks c
        self.attacked_from = (
            t.movement[ps[0] ^ 1][pawn].capture_leaps,
            t.movement[ps[1] ^ 1][pawn].capture_leaps,
        )
        # where the tar comes off a piece of each seat (the end of its pawn path)
        self.free_rank = (t.promotion_zone[ps[0]], t.promotion_zone[ps[1]])
        self.king_masks = _king_masks(t)

    # -- who is tarred, who is attacked ----------------------------------------------------

    @staticmethod
    def tarred(board: Position, checkers: Checkers, seat: int) -> int:
        """Squares of `seat`'s pieces standing on the opponent's checkers."""
        return board.colours[seat] & checkers[seat ^ 1]

    def attacked(
        self, board: Position, tarred: int, cell: int, by: int, occupied: int | None = None
    ) -> bool:
        """Whether `by` could capture on `cell`, its pieces on `tarred` moving like pawns."""
        t = self.t
        if occupied is None:
            occupied = board.colours[0] | board.colours[1]
        if not tarred:
            return movegen.is_attacked(t, board, cell, by, occupied)
        # the tarred pieces attack as pawns below (a tarred pawn not at all): the others
        # attack as usual; only the pieces and the colours matter for that
        c0, c1 = board.colours
        if by == 0:
            c0 &= ~tarred
        else:
            c1 &= ~tarred
        plain = Position(board.pieces, (c0, c1), by, 0, -1, 0, 0)
        if movegen.is_attacked(t, plain, cell, by, occupied):
            return True
        return bool(self.attacked_from[by][cell] & tarred & ~board.pieces[t.pawn])

    def king_attackers(self, board: Position, tarred: int, seat: int) -> int:
        """The cells of the opponent's pieces that could capture `seat`'s king, those on
        `tarred` moving like pawns (0 without a king): what `attacked` tests, as a set."""
        king = movegen.king_cell(self.t, board, seat)
        if king < 0:
            return 0
        return self._attackers(board, tarred, king, seat ^ 1)

    def _attackers(self, board: Position, tarred: int, cell: int, by: int) -> int:
        t = self.t
        c0, c1 = board.colours
        occupied = c0 | c1
        if by == 0:
            c0 &= ~tarred
        else:
            c1 &= ~tarred
        plain = Position(board.pieces, (c0, c1), by, 0, -1, 0, 0)
        found = movegen.attackers(t, plain, cell, by, occupied)
        return found | (self.attacked_from[by][cell] & tarred & ~board.pieces[t.pawn])

    def attackers_after(self, board: Position, checkers: Checkers, move: Move) -> int:
        """`king_attackers` of the mover's king on the board `move` leaves. As in `_safe`,
        only the colours are moved; castling and en passant are made in full."""
        t = self.t
        seat = board.turn
        enemy = seat ^ 1
        from_bit, to_bit = 1 << move.origin, 1 << move.target
        us = board.colours[seat]
        if to_bit & us or move.target == board.ep:
            after = self.make(board, checkers, move)
            return self.king_attackers(after, after.colours[enemy] & checkers[seat], seat)
        king = movegen.king_cell(t, board, seat)
        if from_bit & board.pieces[t.royal]:
            king = move.target
        if king < 0:
            return 0
        them = board.colours[enemy] & ~to_bit
        us ^= from_bit | to_bit
        colours = (us, them) if seat == 0 else (them, us)
        after = Position(board.pieces, colours, seat, 0, -1, 0, 0)
        # the move changes no enemy piece's checker; only a captured one disappears
        return self._attackers(after, them & checkers[seat], king, enemy)

    def king_attacked(self, board: Position, checkers: Checkers, seat: int) -> bool:
        """Whether `seat`'s king stands where the opponent's actual moves could capture."""
        king = movegen.king_cell(self.t, board, seat)
        if king < 0:
            return False
        enemy = seat ^ 1
        return self.attacked(board, self.tarred(board, checkers, enemy), king, enemy)

    # -- moves -----------------------------------------------------------------------------

    def legal_moves(self, board: Position, checkers: Checkers) -> list[Move]:
        """The moves of the side to move that leave its king safe."""
        return self.split_moves(board, checkers)[0]

    @last_asked
    def split_moves(self, board: Position, checkers: Checkers) -> tuple[list[Move], list[Move]]:
        """The moves by movement alone (`pseudo_moves`, in its order) split into those that
        leave the mover's king safe and those that do not; kept for the last board asked
        about. Callers copy before changing either list."""
        t = self.t
        marked = checkers[0] | checkers[1]
        if (board.colours[0] & checkers[1]) | (board.colours[1] & checkers[0]):
            return self._tarred_moves(board, checkers)
        # nobody is tarred: chess as usual, but no castling with a checker (Special Cases)
        moves = movegen.legal_moves(t, board)
        if marked & board.castling or marked & board.pieces[t.royal]:
            us = board.colours[board.turn]
            moves = [
                m
                for m in moves
                if not ((1 << m.target) & us and ((1 << m.origin) | (1 << m.target)) & marked)
            ]
        known = set(moves)
        return moves, [m for m in self._pseudo_moves(board, checkers) if m not in known]

    def _tarred_moves(
        self, board: Position, checkers: Checkers
    ) -> tuple[list[Move], list[Move]]:
        """`split_moves` with a tarred piece on the board, by the orthodox method: the
        pieces attacking the king and the pinned pieces found once, each piece's targets
        then filtered by masks. Tar changes who attacks how (a tarred piece attacks like a
        pawn and pins nothing; a tarred pawn attacks nothing) but never who stands where,
        and a move changes no enemy piece's checker: the king's own steps, castling and en
        passant are judged one by one on the board they leave (`_safe`)."""
        t = self.t
        seat = board.turn
        enemy = seat ^ 1
        us = board.colours[seat]
        them = board.colours[enemy]
        occupied = us | them
        king = movegen.king_cell(t, board, seat)
        if king < 0:
            moves = self._pseudo_moves(board, checkers)
            kingless = [m for m in moves if self._safe(board, checkers, m)]
            known = set(kingless)
            return kingless, [m for m in moves if m not in known]
        everywhere = t.all_cells
        tarred_them = them & checkers[seat]
        attackers = self.king_attackers(board, tarred_them, seat)
        allowed = movegen.evasions(t, king, attackers)  # two: only the king's own step helps
        # pinned pieces may move only along the line between their king and the pinner,
        # a slider that is not tarred (a tarred one still blocks the line)
        pins = movegen.pinned(t, board, king, enemy, them & ~tarred_them)
        tarred_us = us & checkers[enemy]
        pieces = board.pieces
        pawns = pieces[t.pawn]
        zone = t.promotion_zone[seat]
        ep = board.ep
        moves_from = t.moves
        reaches = movegen.pseudo_reaches(t, board, us & ~tarred_us, occupied, them, ep)
        safe: list[Move] = []
        unsafe: list[Move] = []
        for origin in cells(us):
            bit = 1 << origin
            if bit & tarred_us:
                if bit & pawns:
                    continue  # a tarred pawn cannot move at all
                reach = self.tar_targets(board, origin, seat, occupied, them)
                promoting = 0
            else:
                reach = reaches[origin]
                promoting = reach & zone if bit & pawns else 0
            if not reach:
                continue
            if origin == king:
                # the king's step: safe where no attack reaches once it has left its cell
                # (a piece taken there attacks nothing on its own cell); en passant by a
                # tarred king takes from a third cell
                ok = 0
                without_king = occupied & ~bit
                for target in cells(reach):
                    if target == ep:
                        if self._safe(board, checkers, moves_from[origin][target]):
                            ok |= 1 << target
                    elif not self.attacked(board, tarred_them, target, enemy, without_king):
                        ok |= 1 << target
            else:
                ok = reach & allowed & pins.get(origin, everywhere)
                if ep >= 0 and reach >> ep & 1:  # en passant empties a third cell
                    ok &= ~(1 << ep)
                    if self._safe(board, checkers, moves_from[origin][ep]):
                        ok |= 1 << ep
            row = moves_from[origin]
            if ok == reach and not promoting:
                safe.extend([row[target] for target in cells(reach)])
                continue
            for target in cells(reach & ~promoting):
                (safe if ok >> target & 1 else unsafe).append(row[target])
            for target in cells(promoting):
                (safe if ok >> target & 1 else unsafe).extend(t.promotion_moves[origin, target])
        for move in self._castling(board, checkers):
            (safe if self._safe(board, checkers, move) else unsafe).append(move)
        return safe, unsafe

    def pseudo_moves(self, board: Position, checkers: Checkers) -> list[Move]:
        """The moves by movement alone (tarred pieces as pawns), castling included; kept
        for the last board asked about (legality and the covering test both ask)."""
        return list(self._pseudo_moves(board, checkers))

    @last_asked
    def _pseudo_moves(self, board: Position, checkers: Checkers) -> list[Move]:
        t = self.t
        seat = board.turn
        us = board.colours[seat]
        them = board.colours[seat ^ 1]
        occupied = us | them
        tarred = us & checkers[seat ^ 1]
        pawns = board.pieces[t.pawn]
        zone = t.promotion_zone[seat]
        out: list[Move] = []
        for origin in cells(us):
            bit = 1 << origin
            if bit & tarred:
                if bit & pawns:
                    continue  # a tarred pawn cannot move at all
                reach = self.tar_targets(board, origin, seat, occupied, them)
                out.extend(t.moves[origin][target] for target in cells(reach))
                continue
            reach = movegen.pseudo_targets(t, board, origin)
            promoting = reach & zone if bit & pawns else 0
            out.extend(t.moves[origin][target] for target in cells(reach & ~promoting))
            for target in cells(promoting):
                out.extend(t.promotion_moves[origin, target])
        out.extend(self._castling(board, checkers))
        return out

    def tar_targets(self, board: Position, origin: int, seat: int, occupied: int, them: int) -> int:
        """Where a tarred piece (not a pawn) on `origin` may go: a pawn's single step, its
        diagonal captures and en passant."""
        reach = 0
        push = self.push[seat][origin]
        if push >= 0 and not occupied >> push & 1:
            reach |= 1 << push
        diagonals = self.capture_leaps[seat][origin]
        reach |= diagonals & them
        if self.is_ep(board, origin, board.ep, seat):
            reach |= 1 << board.ep
        return reach

    def is_ep(self, board: Position, origin: int, target: int, seat: int) -> bool:
        """Whether a tarred piece on `origin` moving to `target` takes a pawn en passant."""
        t = self.t
        if target < 0 or target != board.ep or not self.capture_leaps[seat][origin] >> target & 1:
            return False
        if (board.colours[0] | board.colours[1]) >> target & 1:
            return False
        victim = t.ep_victim[seat][target]
        return victim >= 0 and bool((1 << victim) & board.pieces[t.pawn] & board.colours[seat ^ 1])

    def _castling(self, board: Position, checkers: Checkers) -> Iterator[Move]:
        """Castling as in chess (attacks judged with actual moves), never with a checker under
        the king or the rook."""
        t = self.t
        seat = board.turn
        enemy = seat ^ 1
        us = board.colours[seat]
        king = movegen.king_cell(t, board, seat)
        marked = checkers[0] | checkers[1]
        if king < 0 or not board.castling & us or marked >> king & 1:
            return
        king_bit = 1 << king
        if not king_bit & t.back_rank[seat]:
            return
        occupied = board.colours[0] | board.colours[1]
        tarred = self.tarred(board, checkers, enemy)
        if self.attacked(board, tarred, king, enemy, occupied):
            return
        rooks = board.castling & us & t.back_rank[seat] & board.pieces[t.rook] & ~marked
        for rook in cells(rooks):
            king_to, rook_to = t.castle_squares(seat, king, rook)
            king_path = t.between[king][king_to] | (1 << king_to)
            rook_path = t.between[rook][rook_to] | (1 << rook_to)
            if (occupied ^ king_bit ^ (1 << rook)) & (king_path | rook_path):
                continue
            without_king = occupied ^ king_bit
            crossed = t.between[king][king_to]
            if any(self.attacked(board, tarred, c, enemy, without_king) for c in cells(crossed)):
                continue
            yield t.moves[king][rook]

    def _safe(self, board: Position, checkers: Checkers, move: Move) -> bool:
        """Whether `move` leaves the mover's king where the opponent's actual moves could
        not capture it. Only where the pieces stand matters, and the kinds of the opponent's
        (which the move does not change): the colours are moved, not the whole board."""
        t = self.t
        seat = board.turn
        enemy = seat ^ 1
        origin, target = move.origin, move.target
        from_bit, to_bit = 1 << origin, 1 << target
        us = board.colours[seat]
        if to_bit & us:
            return self._safe_made(board, checkers, move)  # castling: king and rook move
        pieces = board.pieces
        them = board.colours[enemy] & ~to_bit
        if target == board.ep and (
            from_bit & pieces[t.pawn]
            or (from_bit & checkers[enemy] and self.is_ep(board, origin, target, seat))
        ):
            them &= ~(1 << t.ep_victim[seat][target])  # en passant (`make`)
        us ^= from_bit | to_bit
        if from_bit & pieces[t.royal]:
            king = target
        else:
            king = movegen.king_cell(t, board, seat)
            if king < 0:
                return True
        colours = (us, them) if seat == 0 else (them, us)
        after = Position(pieces, colours, seat, 0, -1, 0, 0)
        # the move changes no enemy piece's checker; only a captured one disappears
        return not self.attacked(after, them & checkers[seat], king, enemy, us | them)

    def _safe_made(self, board: Position, checkers: Checkers, move: Move) -> bool:
        after = self.make(board, checkers, move)
        seat = board.turn
        enemy = seat ^ 1
        king = movegen.king_cell(self.t, after, seat)
        if king < 0:
            return True
        # the move changes no enemy piece's checker; only a captured one disappears
        tarred = after.colours[enemy] & checkers[seat]
        return not self.attacked(after, tarred, king, enemy)

    def make(self, board: Position, checkers: Checkers, move: Move) -> Position:
        """The board after `move` (the pieces only; see `move_checkers` for the checkers)."""
        t = self.t
        after = make_move(t, board, move)._replace(previous=None)
        seat = board.turn
        origin_bit = 1 << move.origin
        tarred_piece = origin_bit & checkers[seat ^ 1] and not origin_bit & board.pieces[t.pawn]
        if tarred_piece and self.is_ep(board, move.origin, move.target, seat):
            # make_move knows en passant by pawns only: take the pawn here
            victim = 1 << t.ep_victim[seat][move.target]
            pieces = list(after.pieces)
            pieces[t.pawn] ^= victim
            colours = list(after.colours)
            colours[seat ^ 1] ^= victim
            after = after._replace(
                pieces=tuple(pieces), colours=(colours[0], colours[1]), halfmove=0
            )
        return after

    # -- the checkers ----------------------------------------------------------------------

    def move_checkers(
        self, board: Position, checkers: Checkers, supply: Supply, move: Move
    ) -> tuple[Checkers, Supply]:
        """Checkers after `move` on `board`: the mover brings its checker along and keeps the
        captured piece's checker (the two combine); a tarred piece reaching the end of its
        pawn path hands the tar back."""
        t = self.t
        seat = board.turn
        origin, target = move.origin, move.target
        if (1 << target) & board.colours[seat]:
            return checkers, supply  # castling: neither king nor rook has a checker
        victim = -1
        if (1 << target) & board.colours[seat ^ 1]:
            victim = target
        elif ((1 << origin) & checkers[seat ^ 1] and self.is_ep(board, origin, target, seat)) or (
            (1 << origin) & board.pieces[t.pawn] and target == board.ep
        ):
            victim = t.ep_victim[seat][target]
        mine = checker_at(checkers, origin)
        theirs = checker_at(checkers, victim) if victim >= 0 else NONE
        clear = ~((1 << origin) | ((1 << victim) if victim >= 0 else 0))
        marks = [checkers[0] & clear, checkers[1] & clear]
        counts = list(supply)
        kept, returned = combine(mine, theirs)
        for colour in returned:
            counts[colour] += 1
        if kept != NONE:
            marks[kept] |= 1 << target
            if kept != seat and (1 << target) & self.free_rank[seat]:
                marks[kept] &= ~(1 << target)
                counts[kept] += 1
        return (marks[0], marks[1]), (counts[0], counts[1])

    def add_checker(
        self, board: Position, checkers: Checkers, supply: Supply, cell: int, colour: int
    ) -> tuple[Checkers, Supply]:
        """A checker of `colour` put under the piece on `cell` (thrown there or added by a
        card, so not counted in `supply`): it combines with any checker already there, and an
        enemy checker under a piece at the end of its pawn path is removed at once."""
        owner = 0 if board.colours[0] >> cell & 1 else 1
        present = checker_at(checkers, cell)
        marks = [checkers[0] & ~(1 << cell), checkers[1] & ~(1 << cell)]
        counts = list(supply)
        kept, returned = combine(present, colour)
        for c in returned:
            counts[c] += 1
        if kept != NONE:
            if kept != owner and (1 << cell) & self.free_rank[owner]:
                counts[kept] += 1
            else:
                marks[kept] |= 1 << cell
        return (marks[0], marks[1]), (counts[0], counts[1])
