"""Adrenaline Chess, the rules object (seed 002, The Rules of Chess Kit, Adrenaline Chess).

The package docstring (`motley.games.adrenaline`) states the rules and every reading chosen;
`turn` judges decisions and `threats` what the opponent could capture next turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from motley.chesslike.chain import history_texts, mate_or_draw, read_history
from motley.chesslike.coordinates import move_text, read_coordinates
from motley.chesslike.fen import follows_double_step, one_king_each
from motley.chesslike.marked import MARK, read_marked_fen, write_marked_fen
from motley.chesslike.orthodox import OrthodoxBoardRules
from motley.chesslike.position import Move
from motley.chesslike.present import outcome_words
from motley.chesslike.refusals import (
    move_refusal,
    movement_refusal,
    named_move,
    promotion_refusal,
    target_refusal,
    tries_castling,
)
from motley.chesslike.rules import (
    DRAW_OPTIONS,
    ORTHODOX_START,
    Outcome,
    start_from,
)
from motley.chesslike.spec import kit_spec, position_option
from motley.chesslike.tables import PROMOTIONS
from motley.core.actions import listed
from motley.core.errors import IllegalAction, NotationError, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Phase
from motley.core.spec import OptionSpec
from motley.games.adrenaline import evaluate, present
from motley.games.adrenaline.state import (
    CODEC,
    MOVE,
    RUSH,
    STEP,
    AdrenalineRecord,
    AdrenalineState,
    Rush,
    Step,
    Stop,
)
from motley.games.adrenaline.threats import KING_MASKS
from motley.games.adrenaline.turn import Decision, TurnRules

HINT = "write e2e4, e7e8q or O-O for the move, e4e5 or stop for an extra step, rush h7"


class AdrenalineChess(OrthodoxBoardRules[AdrenalineState, Decision]):
    spec = kit_spec(
        id="adrenaline",
        title="Adrenaline Chess",
        summary=(
            "Chess where every capturing turn ends with a checker under an enemy piece; "
            "each checker buys its piece one extra king step after a regular move."
        ),
        options=(
            OptionSpec(
                "rush_king",
                True,
                "the rush checker may go under the opponent's king too (true) or only under "
                "their other pieces (false)",
                label="The rush checker may go under the king",
            ),
            OptionSpec(
                "checkers",
                24,
                "checkers in the box: 24 (a standard set; with all of them under pieces no "
                "rush is given) or 0 (never short)",
                (24, 0),
                label="Checkers in the box",
            ),
            position_option(
                "a FEN to start from, each checker under a piece written '*' after its letter"
            ),
            *DRAW_OPTIONS,
        ),
    )
    presentation = present

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.turns = TurnRules(
            self.tables, bool(self.options["rush_king"]), int(self.options["checkers"])
        )
        self._start = start_from(self.options, self.read_setup, ORTHODOX_START)

    # -- the tree -------------------------------------------------------------------------

    @last_asked
    def decisions(self, s: AdrenalineState) -> list[Decision]:
        """The legal decisions of the player to act, ignoring the game-end rules."""
        return self.turns.legal(s)

    def in_check(self, s: AdrenalineState) -> bool:
        """The opponent could capture the king of the player to move on their next turn."""
        return self.turns.in_check(s)

    def phase(self, state: AdrenalineState) -> Phase:
        if self.outcome(state):
            return OVER
        return Phase.decision(state.board.turn, state.phase)

    def choices(self, state: AdrenalineState, seat: int) -> Sequence[Decision]:
        return self.decisions(state)

    @last_asked
    def outcome(self, state: AdrenalineState) -> Outcome | None:
        """The result if the game is over (judged at the start of a turn), else None."""
        if state.phase != MOVE:
            return None
        # "Win by checkmate ... you may use extra moves to threaten the king"
        left = bool(self.decisions(state))
        return mate_or_draw(self.tables, state, self.options, left, lambda: self.in_check(state))

    def apply(self, state: AdrenalineState, action: Decision) -> AdrenalineState:
        # an action from the legal list itself (search, playouts) needs no comparing
        if self._phase(state) is not OVER and listed(self.decisions(state), action):
            return self.turns.apply(state, action)
        return self.turns.apply(state, self.check_legal(state, action))

    # -- actions as text ------------------------------------------------------------------

    def action_text(self, state: AdrenalineState, action: Decision) -> str:
        """`e2e4`, `e7e8q`, castling `e1g1`; steps `e4e5`; `stop`; `rush h7`."""
        g = self.geometry
        if isinstance(action, Stop):
            return "stop"
        if isinstance(action, Rush):
            return f"rush {g.name(action.cell)}"
        return move_text(self.tables, state.board, action)

    def parse_action(self, state: AdrenalineState, text: str, seat: int | None = None) -> Decision:
        action = self._read(state, text)  # malformed text fails first, whoever typed it
        self.refuse_out_of_turn(state, text, seat)
        legal = self.decisions(state)
        if action in legal:
            return action
        if isinstance(action, Move | Step):
            kin = [d for d in legal if type(d) is type(action)]
            found = named_move(kin, action, lambda m: self.action_text(state, m))
            if found is not None:
                return found
        raise IllegalAction(text.strip(), self.why_illegal(state, action))

    def _read(self, state: AdrenalineState, text: str) -> Decision:
        """`stop`, `rush h7` or `h7`, `step e4e5` or `e4e5` or `e5` (while stepping), or a
        regular move in coordinates."""
        words = " ".join(text.strip().lower().split())
        if words == "stop":
            return Stop()
        verb, _, rest = words.partition(" ")
        if verb not in ("step", "rush"):
            verb, rest = "", words
        if verb == "step" and state.phase != STEP:
            raise IllegalAction(text.strip(), self._phase_rule(state))
        move = read_coordinates(self.tables, state.board, rest)
        if move is not None and verb != "rush":
            if state.phase == STEP:
                return Step(move.origin, move.target, move.promotion)
            return move
        body, promotion = rest, ""
        if len(rest) >= 3 and rest[-1] in PROMOTIONS:
            body, promotion = rest[:-1].removesuffix("="), rest[-1]
        try:
            cell = self.geometry.parse(body)
        except NotationError:
            raise NotationError(f"{text.strip()!r}: {HINT}") from None
        if verb == "rush" or state.phase != STEP:
            if promotion:
                raise NotationError(f"{text.strip()!r}: a checker is placed, not promoted")
            return Rush(cell)
        return Step(state.piece, cell, promotion)

    def why_illegal(self, state: AdrenalineState, action: Decision) -> str:
        """The rule an illegal decision breaks, in words."""
        if self.outcome(state):
            return "the game is over"
        if isinstance(action, Move):
            return self._why_move(state, action)
        if isinstance(action, Step):
            return self._why_step(state, action)
        if isinstance(action, Stop):
            if state.phase != STEP:
                return self._phase_rule(state)
            return self.turns.broken(state, action) or "not a legal decision here"
        if isinstance(action, Rush):
            return self._why_rush(state, action)
        return "only a move, a step, stop or a rush checker can be played here"

    def _phase_rule(self, state: AdrenalineState) -> str:
        if state.phase == MOVE:
            return "a turn starts with a regular move"
        if state.phase == STEP:
            name = self.geometry.name(state.piece)
            return f"the piece on {name} may take an extra king step, or stop"
        return "a capturing turn ends by placing a checker under an enemy piece (rush h7)"

    def _why_move(self, state: AdrenalineState, action: Move) -> str:
        if state.phase != MOVE:
            return self._phase_rule(state)
        t = self.tables
        board = state.board
        refused = move_refusal(t, board, action, self.spec.seat_name(board.turn), PROMOTIONS)
        if refused:
            return refused
        moves = [m for m in self.turns.candidates(state) if isinstance(m, Move)]
        found = named_move(moves, action, lambda m: self.action_text(state, m))
        if found is not None:
            return self.turns.broken(state, found) or "not a legal move here"
        if tries_castling(t, board, action):
            if state.stacks[action.origin]:
                return "no castling while the king or the rook has checkers"
            return "castling needs an unmoved king and rook, an empty path and no check"
        return target_refusal(t, board, action) or movement_refusal(
            t, board, action, "as its regular move"
        )

    def _why_step(self, state: AdrenalineState, action: Step) -> str:
        if state.phase != STEP:
            return self._phase_rule(state)
        t = self.tables
        g = self.geometry
        board = state.board
        if action.origin != state.piece:
            return f"only the piece that moved ({g.name(state.piece)}) takes extra steps"
        if not KING_MASKS[action.origin] >> action.target & 1:
            return "an extra step is a single king step"
        own = target_refusal(t, board, action)
        if own:
            return own
        if (1 << action.target) & board.pieces[t.royal]:
            return "the enemy king is never captured: it is checkmated"
        return promotion_refusal(t, board, action, PROMOTIONS) or (
            self.turns.broken(state, action) or "not a legal step here"
        )

    def _why_rush(self, state: AdrenalineState, action: Rush) -> str:
        if state.phase != RUSH:
            if state.phase == MOVE:
                return "a checker is placed only after a capture, at the end of the turn"
            return self._phase_rule(state)
        board = state.board
        bit = 1 << action.cell
        if not bit & board.colours[board.turn ^ 1]:
            return "the checker goes under one of the opponent's pieces"
        if bit & board.pieces[self.tables.royal] and not self.options["rush_king"]:
            return "the king may not receive a checker (option rush_king=false)"
        return self.turns.broken(state, action) or "not a legal place for the checker"

    # -- serialisation --------------------------------------------------------------------

    def setup_text(self, state: AdrenalineState) -> str:
        """The position as a FEN with a `*` after a piece for each checker under it."""
        stacks = state.stacks
        return write_marked_fen(
            self.tables, state.board, lambda cell: MARK * stacks[cell], state.board.ep
        )

    def read_setup(self, text: str, phase: str = MOVE) -> AdrenalineState:
        """A position from its setup text, checked to be one the game can reach."""
        t = self.tables
        try:
            board, stacks, ep_text = read_marked_fen(t, text)
            ep = -1 if ep_text == "-" else self.geometry.parse(ep_text)
            one_king_each(t, board)
        except NotationError as error:
            raise StateError(f"bad position: {error}") from None
        for seat in (0, 1):
            if board.pieces[t.pawn] & board.colours[seat] & t.promotion_zone[seat]:
                raise StateError("bad position: a pawn stands on its last rank")
        if self.turns.supply and sum(stacks) > self.turns.supply:
            raise StateError(f"bad position: more than {self.turns.supply} checkers")
        # the pawn that double-stepped belongs to the player who moved last
        stepper = board.turn ^ 1 if phase == MOVE else board.turn
        if ep >= 0 and not follows_double_step(t, board, ep, stepper):
            raise StateError(f"bad position: en-passant square {ep_text} follows no step")
        state = AdrenalineState(board._replace(ep=ep), stacks)
        if phase == MOVE and not self.turns.finished_safe(state):
            raise StateError("bad position: the side not to move could be captured")
        return state

    def state_to_json(self, state: AdrenalineState) -> dict[str, Any]:
        return CODEC.write(
            AdrenalineRecord(
                self.setup_text(state),
                state.phase,
                self.geometry.name(state.piece) if state.piece >= 0 else "-",
                state.captured,
                history_texts(state, self.setup_text),
            )
        )

    def state_from_json(self, data: Mapping[str, Any]) -> AdrenalineState:
        record = CODEC.read(data)
        start = self.read_setup(record.fen, record.phase)
        state = read_history(start, record.history, self.read_setup)
        if record.phase == MOVE:
            if record.piece != "-" or record.captured:
                raise StateError("a turn that has not started has no moved piece or capture")
            return state
        cell = -1
        if record.piece != "-":
            try:
                cell = self.geometry.parse(record.piece)
            except NotationError as error:
                raise StateError(f"bad moved piece: {error}") from None
        state = state._replace(phase=record.phase, piece=cell, captured=record.captured)
        return self._check_mid_turn(state)

    def _check_mid_turn(self, state: AdrenalineState) -> AdrenalineState:
        board = state.board
        if state.phase == STEP:
            if state.piece < 0 or not (1 << state.piece) & board.colours[board.turn]:
                raise StateError("during extra steps the moved piece must be the mover's")
            if not state.stacks[state.piece]:
                raise StateError("the piece taking extra steps has no checker left")
        elif state.piece != -1:
            raise StateError("only the extra-step phase names a moved piece")
        if state.phase == RUSH and not (state.captured and self.turns.rush_cells(state)):
            raise StateError("a checker is placed only after a capture, while one is free")
        if self.turns.exposed(state) or not self.decisions(state):
            raise StateError("bad position: this turn cannot be finished legally")
        return state

    # -- information ----------------------------------------------------------------------

    def describe(self, result: Outcome | None) -> str:
        return outcome_words(self.spec.seat_names, result)

    def evaluate(self, state: AdrenalineState, seat: int) -> float:
        """Material, placement, king shelter and checkers (see `evaluate.py`)."""
        return evaluate.evaluate(self.tables, state, seat)
