"""Adrenaline Chess turns: the regular move, extra king steps and the rush checker.

Seed 002, The Rules of Chess Kit, section Adrenaline Chess; readings from RULES-NOTES
section 7. A turn is a chain of small decisions by one player. Only decisions after which
the turn can still be finished legally are offered: every position inside the turn must
leave the mover's king unthreatened ("no step may expose your own king"), and so must the
position the turn ends in.
"""

from __future__ import annotations

from motley.chesslike import movegen
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.games.adrenaline.state import (
    MOVE,
    RUSH,
    STEP,
    AdrenalineState,
    Rush,
    Stacks,
    Step,
    Stop,
    moved_stacks,
    new_position,
    new_state,
    stacked_mask,
)
from motley.games.adrenaline.threats import (
    DISTANCES,
    KING_STEPS,
    Footprint,
    far_rushes,
    footprints,
    harmless_rush,
    king_reach,
    rush_threat,
    stepped_threat,
    threatened,
)
from motley.geometry import cellset

Decision = Move | Step | Stop | Rush


class TurnRules:
    """Legal decisions and their effects, for one set of options."""

    def __init__(self, t: ChessTables, rush_king: bool, supply: int) -> None:
        self.t = t
        self.rush_king = rush_king
        self.supply = supply  # checkers in the box; 0: never short
        self._memo: dict[tuple[object, ...], bool] = {}

    # -- looking at a state -------------------------------------------------------------

    def king(self, board: Position, seat: int) -> int:
        return movegen.king_cell(self.t, board, seat)

    def in_check(self, s: AdrenalineState) -> bool:
        """At the start of a turn: could the opponent capture the mover's king next turn?"""
        board = s.board
        king = self.king(board, board.turn)
        return king >= 0 and threatened(self.t, board, s.stacks, king, board.turn ^ 1, -1)

    def exposed(self, s: AdrenalineState) -> bool:
        """Inside a turn: could the opponent capture the mover's king if the turn ended now?"""
        board = s.board
        king = self.king(board, board.turn)
        return king >= 0 and threatened(self.t, board, s.stacks, king, board.turn ^ 1, board.ep)

    def finished_safe(self, s: AdrenalineState) -> bool:
        """After a turn: the player who just moved has not left their king open to capture."""
        board = s.board
        king = self.king(board, board.turn ^ 1)
        return king < 0 or not threatened(self.t, board, s.stacks, king, board.turn, -1)

    def rush_cells(self, s: AdrenalineState) -> int:
        """Where the rush checker may go: under an opponent piece (the king by option)."""
        board = s.board
        if self.supply and sum(s.stacks) >= self.supply:
            return 0  # every checker is already under a piece
        cells = board.colours[board.turn ^ 1]
        if not self.rush_king:
            cells &= ~board.pieces[self.t.royal]
        return cells

    # -- applying decisions -------------------------------------------------------------

    def play_move(self, s: AdrenalineState, move: Move) -> AdrenalineState:
        """The regular move; the checkers travel with the piece and a capture adds the
        victim's checkers to its own."""
        t = self.t
        board = s.board
        mover = board.turn
        target_bit = 1 << move.target
        stacks = list(s.stacks)
        captured = False
        made = make_move(t, board, move)
        after = new_position(  # the mover keeps the turn until it ends (`finish`)
            made.pieces, made.colours, mover, made.castling, made.ep, made.halfmove, made.fullmove
        )
        if target_bit & board.colours[mover]:  # castling: neither piece has checkers
            return self._next(s, after, tuple(stacks), -1, False)
        victim = -1
        if target_bit & board.colours[mover ^ 1]:
            victim = move.target
        elif move.target == board.ep and (1 << move.origin) & board.pieces[t.pawn]:
            victim = t.ep_victim[mover][move.target]
        if victim >= 0:
            captured = True
            gained = stacks[victim]
            stacks[victim] = 0
        else:
            gained = 0
        carried = stacks[move.origin] + gained
        stacks[move.origin] = 0
        stacks[move.target] = carried
        return self._next(s, after, tuple(stacks), move.target, captured)

    def play_step(self, s: AdrenalineState, step: Step) -> AdrenalineState:
        """One extra king step: a checker is spent, a captured piece's checkers are kept."""
        t = self.t
        board = s.board
        mover = board.turn
        origin, target = step.origin, step.target
        from_bit, to_bit = 1 << origin, 1 << target
        pieces = list(board.pieces)
        colours = list(board.colours)
        stacks = list(s.stacks)
        halfmove = board.halfmove
        captured = s.captured
        gained = 0
        if to_bit & colours[mover ^ 1]:
            pieces[t.kind_at(board.pieces, to_bit)] ^= to_bit
            colours[mover ^ 1] ^= to_bit
            gained = stacks[target]
            captured = True
            halfmove = 0
        kind = t.kind_at(board.pieces, from_bit)
        pieces[kind] ^= from_bit | to_bit
        colours[mover] ^= from_bit | to_bit
        if kind == t.pawn:
            halfmove = 0
            if step.promotion:  # the seed: a pawn reaching the back rank promotes at once
                pieces[kind] ^= to_bit
                pieces[t.kind_of_letter[step.promotion]] |= to_bit
        stacks[target] = stacks[origin] - 1 + gained
        stacks[origin] = 0
        after = new_position(
            tuple(pieces),
            (colours[0], colours[1]),
            mover,
            board.castling & ~(from_bit | to_bit),
            -1,  # the seed: no en passant after a pawn used an extra move
            halfmove,
            board.fullmove,
        )
        return self._next(s, after, tuple(stacks), target, captured)

    def _next(
        self, s: AdrenalineState, board: Position, stacks: tuple[int, ...], piece: int, took: bool
    ) -> AdrenalineState:
        start = s if s.phase == MOVE else s.previous
        mid = new_state(board, stacks, STEP, piece, took or s.captured, start)
        if piece >= 0 and stacks[piece] > 0:
            return mid
        return self.stop(mid)

    def stop(self, s: AdrenalineState) -> AdrenalineState:
        """No more steps: on to the rush checker if anything was captured, else the end."""
        after = new_state(s.board, s.stacks, RUSH, -1, s.captured, s.previous)
        if s.captured and self.rush_cells(after):
            return after
        return self.finish(after)

    def rush(self, s: AdrenalineState, cell: int) -> AdrenalineState:
        stacks = list(s.stacks)
        stacks[cell] += 1
        return self.finish(
            new_state(s.board, tuple(stacks), s.phase, s.piece, s.captured, s.previous)
        )

    def finish(self, s: AdrenalineState) -> AdrenalineState:
        """Hand the turn over; the en-passant square stays only if a pawn could use it."""
        t = self.t
        board = s.board
        ep = board.ep
        opponent = board.turn ^ 1
        if ep >= 0:
            takers = t.movement[board.turn][t.pawn].capture_leaps[ep]
            if not takers & board.pieces[t.pawn] & board.colours[opponent]:
                ep = -1
        start = s.previous
        handed = new_position(
            board.pieces,
            board.colours,
            opponent,
            board.castling,
            ep,
            board.halfmove,
            board.fullmove,
        )
        return new_state(
            handed,
            s.stacks,
            MOVE,
            -1,
            False,
            start if board.halfmove else None,
        )

    def apply(self, s: AdrenalineState, action: Decision) -> AdrenalineState:
        if isinstance(action, Move):
            return self.play_move(s, action)
        if isinstance(action, Step):
            return self.play_step(s, action)
        if isinstance(action, Stop):
            return self.stop(s)
        return self.rush(s, action.cell)

    # -- what may be chosen -------------------------------------------------------------

    def candidates(self, s: AdrenalineState) -> list[Decision]:
        """Decisions the phase allows by movement alone, before the king is looked at."""
        t = self.t
        board = s.board
        if s.phase == MOVE:
            return list(movegen.pseudo_legal_moves(t, board))
        if s.phase == STEP:
            out: list[Decision] = [Stop()]
            own = board.colours[board.turn]
            enemy_king = board.pieces[t.royal] & board.colours[board.turn ^ 1]
            pawn = (1 << s.piece) & board.pieces[t.pawn]
            zone = t.promotion_zone[board.turn]
            for near in KING_STEPS[s.piece]:
                bit = 1 << near
                if bit & (own | enemy_king):
                    continue
                if pawn and bit & zone:
                    out.extend(Step(s.piece, near, p) for p in t.promotions)
                else:
                    out.append(Step(s.piece, near))
            return out
        cells = self.rush_cells(s)
        return [Rush(c) for c in range(t.n) if cells >> c & 1]

    def legal(self, s: AdrenalineState) -> list[Decision]:
        """The decisions after which the turn can still end legally."""
        self._memo = {}
        if s.phase == MOVE:
            out = self._legal_moves(s)
        elif s.phase == RUSH:
            out = self._legal_rushes(s)
        else:
            out = [action for action in self.candidates(s) if self.broken(s, action) is None]
        self._memo = {}
        return out

    def _legal_rushes(self, s: AdrenalineState) -> list[Decision]:
        """The rush checkers `broken` allows, found faster: a checker only adds to what the
        opponent can do, so none is legal if the turn cannot end safely without one, and
        otherwise a checker is legal unless the piece it goes under could then reach the
        king (`rush_threat`)."""
        board = s.board
        mover = board.turn
        cells = self.rush_cells(s)
        king = self.king(board, mover)
        if king < 0:
            return [Rush(c) for c in cellset.cells(cells)]
        if threatened(self.t, board, s.stacks, king, mover ^ 1, -1):
            return []
        far = far_rushes(self.t, board, s.stacks, king, mover ^ 1, cells)  # cleared at once
        return [
            Rush(c)
            for c in cellset.cells(cells)
            if far >> c & 1 or not rush_threat(self.t, board, s.stacks, king, mover ^ 1, c)
        ]

    def _safe_rush(self, s: AdrenalineState) -> bool:
        """At a RUSH state whose king is not exposed: may some checker be placed safely?"""
        board = s.board
        mover = board.turn
        king = self.king(board, mover)
        if king < 0:
            return True
        return harmless_rush(self.t, board, s.stacks, king, mover ^ 1, self.rush_cells(s))

    def _completable_unexposed(self, s: AdrenalineState) -> bool:
        """`completable` for a state inside a turn whose king is not exposed, found faster.

        Not exposed there (en passant counted) means safe once the turn ends without more
        changes, so stopping is enough when nothing was captured; after a capture, stopping
        is enough if one rush checker is harmless. Otherwise every way on is searched."""
        if s.phase == STEP:
            if not s.captured:
                return True
            stopped = self.stop(s)
            if stopped.phase == MOVE or self._safe_rush(stopped):
                return True
            return self.completable(s)
        return self._safe_rush(s)

    def _legal_moves(self, s: AdrenalineState) -> list[Decision]:
        """The legal regular moves: what `broken` allows, found faster.

        A move illegal in orthodox chess leaves the king to an ordinary capture. Most other
        moves end the turn at once (no capture, no checkers to spend). Such a move by a
        piece other than the king, which neither leaves nor enters a square the regular
        moves of the opponent's extra-step threat depend on (`stepped_threat`'s footprint),
        is legal when the king is not under that threat already. A capture between pieces
        without checkers, and a quiet move of a piece with checkers, are judged on the board
        they leave (`_capture_safe`, `_charged_safe`); castling, en passant and captures
        that take over checkers by `broken`, which plays the turn on. Only the moves legal
        in orthodox chess are looked at, in the order of `candidates`.
        """
        t = self.t
        board = s.board
        turn = board.turn
        king = self.king(board, turn)
        if king < 0:
            return [move for move in self.candidates(s) if self.broken(s, move) is None]
        plain, castling = movegen.legal_targets(t, board)  # `_plain_legal` for every move
        stacks = s.stacks
        threat = stepped_threat(t, board, stacks, king, turn ^ 1, -1)
        prints = footprints(t, board, stacks, king, turn ^ 1)
        footprint = 1 << king  # a king move changes the square the threat is judged on
        for seen, _, _, _ in prints:
            footprint |= seen
        occupied = board.occupied
        ep = board.ep
        pawns = board.pieces[t.pawn]
        charged = stacked_mask(stacks)
        reach: list[int] = []  # `king_reach`, once a king move asks
        far_rush: list[int] = []  # `_far_rushes`, once a capture asks
        # a quiet move can bring a threat only by the square it leaves (lines open: judged
        # once per square, `vacated`) or by standing where a pawn with checkers captures
        # (`hunted`); when either may, the move is judged itself
        vacated: dict[int, bool] = {}
        hunted_from = charged & pawns & board.colours[turn ^ 1]
        hunted = 0
        for hunter in cellset.cells(hunted_from):
            hunted |= t.movement[turn ^ 1][t.pawn].capture_leaps[hunter]
        # the most checkers one start of the opponent could spend: its own and all the mover's
        budget = 0
        for cell in cellset.cells(charged & board.colours[turn ^ 1]):
            budget = max(budget, stacks[cell])
        for cell in cellset.cells(charged & board.colours[turn]):
            budget += stacks[cell]
        far = DISTANCES[king]

        def legal(move: Move) -> bool:
            origin, target = move.origin, move.target
            origin_bit, target_bit = 1 << origin, 1 << target
            moved = origin_bit | target_bit
            if (origin_bit | target_bit & occupied) & charged or (
                target == ep and origin_bit & pawns
            ):
                # checkers change hands, or en passant: the turn goes on
                if origin_bit & charged and not (target_bit & occupied or target == ep):
                    # the checkers too far from the king to be spent on it: as a quiet move
                    narrow = (
                        not threat
                        and origin != king
                        and not origin_bit & pawns
                        and far[target] > budget
                    )
                    if self._charged_safe(s, move, king, prints if narrow else None):
                        return True
                elif self._taking_safe(s, move, king, plain):
                    return True
            elif target_bit & occupied:
                # the taken piece no longer blocks extra steps: that matters only within
                # the most checkers a start could spend of the king
                narrow = not threat and origin != king and far[target] > budget
                if not far_rush:
                    far_rush.append(self._far_rushes(board, stacks, king))
                if self._capture_safe(s, move, king, prints if narrow else None, far_rush[0]):
                    return True
            elif not moved & footprint:
                if not threat:  # nothing the threat depends on has changed
                    return True
            elif origin == king and target_bit & self._king_free(s, king, reach):
                return True
            elif threat or origin == king:  # judge the whole position the move leaves
                after = make_move(t, board, move)
                guarded = target if origin == king else king
                if not stepped_threat(t, after, stacks, guarded, turn ^ 1, -1):
                    return True
            else:  # only the starts whose squares the move touches can bring a threat
                left = vacated.get(origin)
                if left is None:
                    left = vacated[origin] = _opened(t, board, stacks, king, prints, origin_bit, 0)
                if not left and target_bit & hunted:
                    hunters = t.movement[turn][t.pawn].capture_leaps[target] & hunted_from
                    chasing = [entry for entry in prints if entry[1] & hunters]
                    left = _opened(t, board, stacks, king, chasing, 0, target_bit)
                if not left or not _opened(t, board, stacks, king, prints, origin_bit, target_bit):
                    return True
            return False

        moves = t.moves
        zone = t.promotion_zone[turn]
        avoid = footprint | charged
        out: list[Decision] = []
        for origin in sorted(plain):  # the order of `candidates`: by origin, then target
            goes = plain[origin]
            row = moves[origin]
            origin_bit = 1 << origin
            promoting = goes & zone if origin_bit & pawns else 0  # promotions come last
            goes &= ~promoting
            sure = 0  # quiet moves touching nothing the threat depends on (`legal`)
            if not threat and not origin_bit & avoid:
                sure = goes & ~(occupied | footprint)
                if origin_bit & pawns and ep >= 0:
                    sure &= ~(1 << ep)
            elif origin == king and not origin_bit & charged and goes & ~occupied:
                sure = goes & ~occupied & self._king_free(s, king, reach)  # as `legal` finds
            while goes:
                low = goes & -goes
                goes ^= low
                move = row[low.bit_length() - 1]
                if low & sure or legal(move):
                    out.append(move)
            while promoting:
                low = promoting & -promoting
                promoting ^= low
                for move in t.promotion_moves[origin, low.bit_length() - 1]:
                    if legal(move):
                        out.append(move)
        for move in castling:  # castling has rules of its own: judged in full
            if self.broken(s, move) is None:
                out.append(move)
        return out

    def _charged_safe(
        self, s: AdrenalineState, move: Move, king: int, prints: list[Footprint] | None
    ) -> bool:
        """`broken` for a quiet move, legal in orthodox chess, of a piece with checkers: the
        turn goes on with its steps, and as nothing was captured, stopping at once ends it
        safely when the position the move leaves does not expose the king
        (`_completable_unexposed`).

        With `prints` (`footprints`; the king not threatened before, the piece neither king
        nor pawn and landing farther from the king than any start could step), its checkers
        are out of every start's reach there, and only the starts whose squares the move
        touches are judged, as for a piece without checkers."""
        t = self.t
        board = s.board
        origin, target = move.origin, move.target
        # the checkers travel with the piece
        stacks = moved_stacks(s.stacks, origin, target, s.stacks[origin])
        if prints is not None:
            return not _opened(t, board, stacks, king, prints, 1 << origin, 1 << target)
        if (1 << origin) & board.pieces[t.pawn]:
            after = make_move(t, board, move)  # a double step gives an en-passant square
        else:
            after = _moved(board, (1 << origin) | (1 << target), 0)
        guarded = target if origin == king else king
        return not stepped_threat(t, after, stacks, guarded, board.turn ^ 1, after.ep)

    def _capture_safe(
        self,
        s: AdrenalineState,
        move: Move,
        king: int,
        prints: list[Footprint] | None,
        harmless: int = 0,
    ) -> bool:
        """`broken` for a capture, legal in orthodox chess, by a piece without checkers of
        a piece without checkers: no checkers move and none are left to spend, so the turn
        ends with the rush checker (if one is free), which must leave some safe place.

        With `prints` (`footprints`; the king not threatened before, not moving, and the
        taken piece too far from it to open a way for extra steps), only the starts whose
        squares the move touches are judged, as for a quiet move. `harmless` (`far_rushes`)
        holds pieces a checker could go under safely after any such capture by a piece
        other than the king, unless it is the one taken."""
        t = self.t
        board = s.board
        left, taken = 1 << move.origin, 1 << move.target
        stacks = s.stacks
        opponent = board.turn ^ 1
        guarded = move.target if move.origin == king else king
        if prints is not None:
            if _opened(t, board, stacks, king, prints, left, taken, taken):
                return False
            after = None
        else:
            after = _moved(board, left | taken, taken)
            if stepped_threat(t, after, stacks, guarded, opponent, -1):
                return False
        if self.supply and sum(stacks) >= self.supply:
            return True  # no checker left to place (`rush_cells`)
        if move.origin != king and harmless & ~taken:
            return True  # a far piece takes the checker harmlessly (`harmless_rush`)
        if after is None:
            after = _moved(board, left | taken, taken)
        cells = after.colours[opponent]
        if not self.rush_king:
            cells &= ~after.pieces[t.royal]
        if not cells:
            return True
        return harmless_rush(t, after, stacks, guarded, opponent, cells)  # `_safe_rush`

    def _taking_safe(
        self, s: AdrenalineState, move: Move, king: int, plain: dict[int, int]
    ) -> bool:
        """`broken` for a capture, legal in orthodox chess, in which checkers change hands
        (the capturing piece has some or takes some over) or en passant. Nothing is placed
        before the steps, so the turn can end safely by stopping at once when the board the
        capture leaves does not expose the king (no ordinary attack: it is legal in orthodox
        chess) and some rush checker is harmless there; otherwise, if the piece has checkers
        to step with, every way on is searched (`broken`)."""
        t = self.t
        board = s.board
        mover = board.turn
        opponent = mover ^ 1
        origin, target = move.origin, move.target
        victim = target
        if not (1 << target) & board.colours[opponent]:
            victim = t.ep_victim[mover][target]  # en passant
        carried = s.stacks[origin] + s.stacks[victim]  # `play_move`
        if victim == target:
            after_stacks = moved_stacks(s.stacks, origin, target, carried)
        else:  # en passant: the taken pawn is not on the target square
            stacks = list(s.stacks)
            stacks[victim] = stacks[origin] = 0
            stacks[target] = carried
            after_stacks = tuple(stacks)
        after = _moved(board, (1 << origin) | (1 << target), 1 << victim)
        guarded = target if origin == king else king
        if stepped_threat(t, after, after_stacks, guarded, opponent, -1):
            return False  # `exposed`, or `finished_safe` when no checker is left to spend
        if self.supply and sum(after_stacks) >= self.supply:
            return True  # no checker left to place (`rush_cells`)
        cells = after.colours[opponent]
        if not self.rush_king:
            cells &= ~after.pieces[t.royal]
        if not cells or harmless_rush(t, after, after_stacks, guarded, opponent, cells):
            return True  # `_safe_rush`
        return bool(carried) and self.broken(s, move, plain) is None

    def _far_rushes(self, board: Position, stacks: Stacks, king: int) -> int:
        """The opponent's pieces that a rush checker may go under without letting them reach
        the king on `king`, after any capture between pieces without checkers by a piece
        other than the king: such a capture changes neither the checkers nor the squares a
        piece's moves could ever land on (`far_rushes`, the first test of `harmless_rush`)."""
        opponent = board.turn ^ 1
        cells = board.colours[opponent]
        if not self.rush_king:
            cells &= ~board.pieces[self.t.royal]
        return far_rushes(self.t, board, stacks, king, opponent, cells)

    def _king_free(self, s: AdrenalineState, king: int, reach: list[int]) -> int:
        """`king_reach` for the king on `king`, worked out once per list of moves."""
        if not reach:
            reach.append(king_reach(self.t, s.board, s.stacks, king, s.board.turn ^ 1))
        return reach[0]

    def broken(
        self, s: AdrenalineState, action: Decision, plain: dict[int, int] | None = None
    ) -> str | None:
        """The rule a candidate decision breaks, or None if it is legal; `plain`, when given,
        holds the moves legal in orthodox chess here (`movegen.legal_targets`)."""
        if isinstance(action, Move):
            reason = self._castling_rule(s, action)
            if reason:
                return reason
            if plain is None or (1 << action.target) & s.board.colours[s.board.turn]:
                if not self._plain_legal(s, action):
                    return "the move would leave the king in check"
            elif not plain.get(action.origin, 0) >> action.target & 1:
                return "the move would leave the king in check"
        after = self.apply(s, action)
        if after.phase == MOVE:
            if not self.finished_safe(after):
                if isinstance(action, Rush):
                    return "that checker would let the opponent capture your king"
                return "the king would be open to capture next turn (extra steps included)"
            return None
        if self.exposed(after):
            return "the king would be open to capture next turn (extra steps included)"
        if not self._completable_unexposed(after):
            return "the turn could not then be finished without exposing the king"
        return None

    def _plain_legal(self, s: AdrenalineState, move: Move) -> bool:
        """The orthodox test first: an ordinary attack on the king already forbids a move."""
        t = self.t
        board = s.board
        if (1 << move.target) & board.colours[board.turn]:
            return True  # castling: judged by `_castling_rule`
        after = make_move(t, board, move)
        king = movegen.king_cell(t, after, board.turn)
        return king < 0 or not movegen.is_attacked(t, after, king, board.turn ^ 1, after.occupied)

    def _castling_rule(self, s: AdrenalineState, move: Move) -> str:
        """No castling with checkers under king or rook, nor through threatened squares."""
        t = self.t
        board = s.board
        turn = board.turn
        if not (1 << move.target) & board.colours[turn]:
            return ""
        if s.stacks[move.origin] or s.stacks[move.target]:
            return "no castling while the king or the rook has checkers"
        path = movegen.castling_path(t, turn, move.origin, move.target).crossed
        for cell in range(t.n):
            if path >> cell & 1 and self._threat_if_king_on(s, move.origin, cell):
                return "the king may not castle out of, or through, a square extra moves reach"
        return ""

    def _threat_if_king_on(self, s: AdrenalineState, king: int, cell: int) -> bool:
        t = self.t
        board = s.board
        turn = board.turn
        pieces = list(board.pieces)
        pieces[t.royal] ^= (1 << king) | (1 << cell)
        colours = list(board.colours)
        colours[turn] ^= (1 << king) | (1 << cell)
        if king == cell:
            pieces, colours = list(board.pieces), list(board.colours)
        moved = board._replace(pieces=tuple(pieces), colours=(colours[0], colours[1]))
        return threatened(t, moved, s.stacks, cell, turn ^ 1, -1)

    def completable(self, s: AdrenalineState) -> bool:
        """Can the turn in progress at `s` (whose king is safe) end legally?"""
        if s.phase == MOVE:
            return self.finished_safe(s)
        b = s.board
        key = (b.pieces, b.colours, b.ep, s.stacks, s.phase, s.piece, s.captured)
        known = self._memo.get(key)
        if known is not None:
            return known
        self._memo[key] = False  # a position met again on the way cannot help
        result = False
        for action in self.candidates(s):
            after = self.apply(s, action)
            if after.phase == MOVE:
                ok = self.finished_safe(after)
            else:
                ok = not self.exposed(after) and self._completable_unexposed(after)
            if ok:
                result = True
                break
        self._memo[key] = result
        return result


def _moved(board: Position, moved: int, taken: int) -> Position:
    """The board after the mover's piece went between the squares `moved` (bits) and took
    the opponent's piece on `taken`, for the threat tests alone: they read where the pieces
    stand and the opponent's piece kinds, so the mover's kinds are left as they were."""
    white, black = board.colours
    if board.turn:
        colours = (white & ~taken, black ^ moved)
    else:
        colours = (white ^ moved, black & ~taken)
    # built field by field: `_replace` costs more than the threat test it feeds, here
    return new_position(
        board.pieces, colours, board.turn, board.castling, -1, board.halfmove, board.fullmove
    )


def _opened(
    t: ChessTables,
    board: Position,
    stacks: Stacks,
    king: int,
    prints: list[Footprint],
    left: int,
    entered: int,
    taken: int = 0,
) -> bool:
    """Would the opponent, with the mover's piece gone from the square `left` and one on
    `entered` (bits, 0 for none; taking their piece on `taken`), capture the king by a
    regular move and extra steps starting from one of the `prints` (`footprints`) that those
    squares touch? (`_moved`: the mover's piece kinds matter not.)

    The king was not threatened before, and the searches from the landings and by the
    takers an entry holds are the same after such a move (the same checkers, blockers and
    king, or a blocker gone too far away to matter), so only new ones are searched."""
    moved = left | entered
    after = None
    for seen, start_bit, victim_bit, known in prints:
        if seen & moved:
            if after is None:
                after = _moved(board, moved, taken)
            by = board.turn ^ 1
            if stepped_threat(t, after, stacks, king, by, -1, start_bit, victim_bit, known):
                return True
    return False
