"""Atomic chess, the rules object: chess from the chess kit, changed through its hooks.

The package docstring (`motley.examples.atomic`) states the rules and the readings chosen;
`moves` holds the blast, atomic check and castling, `state` the FEN reading, `present` the
two things shown differently.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from motley.chesslike import movegen
from motley.chesslike.draws import repetitions
from motley.chesslike.position import Move, Position
from motley.chesslike.rules import DRAW_OPTIONS, ChessLikeRules, Outcome
from motley.chesslike.spec import chess_spec, position_option
from motley.core.errors import NotationError, OptionError, StateError
from motley.core.memo import last_asked
from motley.core.spec import OptionSpec
from motley.examples.atomic import moves, present
from motley.examples.atomic.state import read_position

LANDING, TAKEN = "landing", "taken"


class Atomic(ChessLikeRules):
    spec = chess_spec(
        id="atomic",
        title="Atomic Chess",
        summary="Chess where every capture explodes: blow up the enemy king to win.",
        seed="none: the worked example of docs/adding-a-game.md (the rules as FIDE plays them)",
        options=(
            position_option(
                "a FEN to start from instead of the usual position (the kings may touch)"
            ),
            OptionSpec(
                "en_passant_blast",
                LANDING,
                "where an en-passant capture explodes: on the square the capturing pawn lands "
                "on, or on the square of the pawn it takes",
                choices=(LANDING, TAKEN),
                label="En passant explodes where",
            ),
            *DRAW_OPTIONS,
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.ring = moves.rings(self.geometry)
        try:
            self._start = read_position(
                self.tables, self.ring, str(self.options["position"]) or self.start_fen
            )
        except NotationError as error:
            raise OptionError(f"option 'position': {error}") from None

    def initial_state(self) -> Position:
        return self._start

    # -- the kit's hooks ----------------------------------------------------------------------

    def may_capture(self, pos: Position, mover: int, victim: int) -> bool:
        """A king never captures: its own blast would kill it."""
        return mover != self.tables.royal

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        """A capture explodes (`moves.explode`)."""
        t = self.tables
        centre = move.target
        en_passant = move.target == before.ep and (1 << move.origin) & before.pieces[t.pawn]
        if en_passant and self.options["en_passant_blast"] == TAKEN:
            centre = t.ep_victim[before.turn][move.target]
        return moves.explode(t, self.ring, before, move, after, centre)

    def is_move_legal(self, pos: Position, move: Move) -> bool:
        """A move may not blow up the mover's king; one that blows up the enemy king wins at
        once, whatever else it leaves; any other must not leave the mover's king in check."""
        t = self.tables
        after = self.apply(pos, move)
        if movegen.king_cell(t, after, pos.turn) < 0:
            return False
        if movegen.king_cell(t, after, after.turn) < 0:
            return True
        return not moves.in_check(t, self.ring, after, pos.turn)

    def variant_outcome(self, pos: Position) -> Outcome | None:
        """The side to move has no king: the other side's blast took it."""
        if movegen.king_cell(self.tables, pos, pos.turn) < 0:
            return Outcome(pos.turn ^ 1, "the king exploded")
        return None

    # -- where chess's own judgement differs ------------------------------------------------

    def moves(self, pos: Position) -> list[Move]:
        return self._legal(pos)

    @last_asked
    def _legal(self, pos: Position) -> list[Move]:
        # the kit offers castling judged by chess's check; atomic's is offered here instead
        t = self.tables
        own = pos.colours[pos.turn]
        found = [m for m in super().moves(pos) if not (1 << m.target) & own]
        found += [m for m in moves.castlings(t, self.ring, pos) if self.is_move_legal(pos, m)]
        return found

    def outcome(self, pos: Position) -> Outcome | None:
        found = super().outcome(pos)
        if found is None:
            return None
        if found.reason == "checkmate" and not moves.in_check(
            self.tables, self.ring, pos, pos.turn
        ):
            return Outcome(None, "stalemate")  # the kings touch: no check, so no mate
        if found.reason == "insufficient material" and not self._dead(pos):
            return self._drawn_by_the_clock(pos)
        return found

    def _dead(self, pos: Position) -> bool:
        """Chess's dead material holds only against a bare king: bishops of one colour on both
        sides can still meet next to a king, and the blast wins."""
        bare = pos.pieces[self.tables.royal]
        return any(not colour & ~bare for colour in pos.colours)

    def _drawn_by_the_clock(self, pos: Position) -> Outcome | None:
        """The no-progress and repetition draws (what chess checks after dead material)."""
        plies, times = int(self.options["no_progress_plies"]), int(self.options["repetition"])
        if plies and pos.halfmove >= plies:
            return Outcome(None, f"{plies} plies without a capture or pawn move")
        if times and repetitions(self.tables, pos) >= times:
            return Outcome(None, f"the same position {times} times")
        return None

    def why_illegal(self, state: Position, action: Move) -> str:
        t = self.tables
        if not isinstance(action, Move) or not (1 << action.target) & movegen.pseudo_targets(
            t, state, action.origin
        ):
            return super().why_illegal(state, action)
        square = self.geometry.name(action.target)
        if (1 << action.origin) & state.pieces[t.royal] and moves.is_capture(t, state, action):
            return "a king may not capture: the blast would kill it"
        after = self.apply(state, action)
        if movegen.king_cell(t, after, state.turn) < 0:
            return f"the blast on {square} would kill your own king"
        if movegen.king_cell(t, after, after.turn) >= 0 and moves.in_check(
            t, self.ring, after, state.turn
        ):
            return "the move leaves the king where an enemy piece could take it"
        return super().why_illegal(state, action)

    # -- presentation and stored games --------------------------------------------------------

    def check_cells(self, pos: Position) -> tuple[int, ...]:
        return present.check_cells(self, self.ring, pos)

    def check_mark(self, pos: Position) -> Callable[[Move], str]:
        return present.check_marks(self, self.ring, pos)

    def _parse_state_fen(self, text: str) -> Position:
        try:
            return read_position(self.tables, self.ring, text, ended=True)
        except NotationError as error:
            raise StateError(f"bad position in state: {error}") from None
