"""Adrenaline Chess, the rules object (seed 002, The Rules of Chess Kit, Adrenaline Chess).

The package docstring (`motley.games.adrenaline`) states the rules and every reading chosen;
`turn` judges decisions and `threats` what the opponent could capture next turn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from motley.chesslike import movegen
from motley.chesslike.judged import JudgedRules
from motley.chesslike.marked import marked_board_text
from motley.chesslike.position import Move
from motley.chesslike.rules import DRAW_OPTIONS, ORTHODOX_START, Outcome, chained_draw
from motley.chesslike.tables import ChessTables, chess_tables
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.present import Diagram, Gesture, Layout, Scene
from motley.core.rules import SPECTATOR
from motley.core.spec import GameSpec, OptionSpec
from motley.games.adrenaline import diagrams, evaluate, present
from motley.games.adrenaline.state import (
    MOVE,
    PHASES,
    RUSH,
    STEP,
    AdrenalineState,
    Rush,
    Step,
    Stop,
    parse_setup,
    write_setup,
)
from motley.games.adrenaline.threats import KING_MASKS
from motley.games.adrenaline.turn import Decision, TurnRules
from motley.geometry.square import SquareGeometry, square_board
from motley.pieces.catalogue import ORTHODOX

PROMOTIONS = ("q", "r", "b", "n")
_PAIR = re.compile(r"^(?:step\s+)?([a-h][1-8])-?x?([a-h][1-8])=?([qrbn]?)$")
_ONE = re.compile(r"^(?:step\s+|rush\s+)?([a-h][1-8])=?([qrbn]?)$")
_CASTLES = {"o-o": "g", "0-0": "g", "o-o-o": "c", "0-0-0": "c"}
HINT = "write e2e4, e7e8q or O-O for the move, e4e5 or stop for an extra step, rush h7"


class AdrenalineChess(JudgedRules[AdrenalineState, Decision]):
    spec = GameSpec(
        id="adrenaline",
        title="Adrenaline Chess",
        version=1,
        players=2,
        seat_names=("White", "Black"),
        summary=(
            "Chess where every capturing turn ends with a checker under an enemy piece; "
            "each checker buys its piece one extra king step after a regular move."
        ),
        seed="002, The Rules of Chess Kit: Adrenaline Chess",
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
            OptionSpec(
                "position",
                "",
                "a FEN to start from, each checker under a piece written '*' after its letter",
                label="Start from a position (FEN)",
            ),
            *DRAW_OPTIONS,
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.tables: ChessTables = chess_tables(square_board(8, 8), ORTHODOX, PROMOTIONS)
        self.geometry: SquareGeometry = self.tables.geometry  # the board, for drawing it
        self.turns = TurnRules(
            self.tables, bool(self.options["rush_king"]), int(self.options["checkers"])
        )
        try:
            self._start = self.read_setup(str(self.options["position"]) or ORTHODOX_START)
        except StateError as error:
            raise OptionError(f"option 'position': {error}") from None
        self._memo: tuple[AdrenalineState | None, list[Decision]] = (None, [])

    # -- the tree -------------------------------------------------------------------------

    def initial_state(self) -> AdrenalineState:
        return self._start

    def decisions(self, s: AdrenalineState) -> list[Decision]:
        """The legal decisions of the player to act, ignoring the game-end rules."""
        memo = self._memo
        if memo[0] is s:
            return memo[1]
        found = self.turns.legal(s)
        self._memo = (s, found)
        return found

    def in_check(self, s: AdrenalineState) -> bool:
        """The opponent could capture the king of the player to move on their next turn."""
        return self.turns.in_check(s)

    def mover(self, state: AdrenalineState) -> int:
        return state.board.turn

    def choices(self, state: AdrenalineState) -> Sequence[Decision]:
        return self.decisions(state)

    def judge(self, s: AdrenalineState) -> Outcome | None:
        """The result if the game is over (judged at the start of a turn), else None."""
        if s.phase != MOVE:
            return None
        board = s.board
        if not self.decisions(s):
            # "Win by checkmate ... you may use extra moves to threaten the king"
            if self.in_check(s):
                return Outcome(board.turn ^ 1, "checkmate")
            return Outcome(None, "stalemate")
        return chained_draw(self.tables, board, s, self.options)

    def apply(self, state: AdrenalineState, action: Decision) -> AdrenalineState:
        if not self.outcome(state) and action in self.decisions(state):
            return self.turns.apply(state, action)
        raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))

    # -- actions as text ------------------------------------------------------------------

    def action_text(self, state: AdrenalineState, action: Decision) -> str:
        """`e2e4`, `e7e8q`, castling `e1g1`; steps `e4e5`; `stop`; `rush h7`."""
        g = self.geometry
        if isinstance(action, Stop):
            return "stop"
        if isinstance(action, Rush):
            return f"rush {g.name(action.cell)}"
        target = action.target
        board = state.board
        if (
            isinstance(action, Move)
            and (1 << target) & board.colours[board.turn]
            and (1 << action.origin) & board.pieces[self.tables.royal]
        ):
            target, _ = self.tables.castle_squares(board.turn, action.origin, target)
        return g.name(action.origin) + g.name(target) + action.promotion

    def parse_action(self, state: AdrenalineState, text: str, seat: int | None = None) -> Decision:
        action = self._read(state, text)  # malformed text fails first, whoever typed it
        if self.outcome(state):
            raise IllegalAction(text.strip(), "the game is over")
        if seat is not None and seat != state.board.turn:
            raise IllegalAction(
                text.strip(), f"it is {self.spec.seat_name(state.board.turn)}'s turn"
            )
        wanted = self.action_text(state, action)
        for legal in self.decisions(state):
            if legal == action or (
                type(legal) is type(action) and self.action_text(state, legal) == wanted
            ):
                return legal
        raise IllegalAction(text.strip(), self.why_illegal(state, action))

    def _read(self, state: AdrenalineState, text: str) -> Decision:
        g = self.geometry
        words = " ".join(text.strip().lower().split())
        if words == "stop":
            return Stop()
        castle = _CASTLES.get(words)
        if castle is not None:
            rank = "1" if state.board.turn == 0 else "8"
            king = movegen.king_cell(self.tables, state.board, state.board.turn)
            start = g.name(king) if king >= 0 else "e" + rank
            words = start + castle + rank
        pair = _PAIR.match(words)
        if pair is not None:
            origin, target = g.parse(pair.group(1)), g.parse(pair.group(2))
            if state.phase == STEP or words.startswith("step"):
                return Step(origin, target, pair.group(3))
            if pair.group(3):
                return Move(origin, target, pair.group(3))
            return self.tables.moves[origin][target]
        one = _ONE.match(words)
        if one is not None:
            cell = g.parse(one.group(1))
            if words.startswith("step") and state.phase != STEP:
                raise IllegalAction(text.strip(), self._phase_rule(state))
            if words.startswith("rush") or state.phase != STEP:
                if one.group(2):
                    raise NotationError(f"{text.strip()!r}: a checker is placed, not promoted")
                return Rush(cell)
            return Step(state.piece, cell, one.group(2))
        raise NotationError(f"{text.strip()!r}: {HINT}")

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
        g = self.geometry
        board = state.board
        turn = board.turn
        origin, target = action.origin, action.target
        name, to = g.name(origin), g.name(target)
        if not (1 << origin) & board.occupied:
            return f"there is no piece on {name}"
        if not (1 << origin) & board.colours[turn]:
            return f"the piece on {name} is not {self.spec.seat_name(turn)}'s"
        kind = t.kind_at(board.pieces, 1 << origin)
        piece = t.kinds[kind].name
        last_rank = kind == t.pawn and (1 << target) & t.promotion_zone[turn]
        if last_rank and not action.promotion:
            return "a pawn reaching the last rank must be promoted (add q, r, b or n)"
        if action.promotion and not last_rank:
            return "only a pawn reaching the last rank is promoted"
        wanted = self.action_text(state, action)
        for move in self.turns.candidates(state):
            if (
                isinstance(move, Move)
                and move.origin == origin
                and move.promotion == action.promotion
                and (move.target == target or self.action_text(state, move) == wanted)
            ):
                return self.turns.broken(state, move) or "not a legal move here"
        if kind == t.royal and abs(g.file_of(origin) - g.file_of(target)) == 2:
            if state.stacks[origin]:
                return "no castling while the king or the rook has checkers"
            return "castling needs an unmoved king and rook, an empty path and no check"
        if (1 << target) & board.colours[turn]:
            return f"your own piece stands on {to}"
        return f"a {piece} cannot move from {name} to {to} as its regular move"

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
        to = g.name(action.target)
        if (1 << action.target) & board.colours[board.turn]:
            return f"your own piece stands on {to}"
        if (1 << action.target) & board.pieces[t.royal]:
            return "the enemy king is never captured: it is checkmated"
        pawn = (1 << action.origin) & board.pieces[t.pawn]
        last_rank = pawn and (1 << action.target) & t.promotion_zone[board.turn]
        if last_rank and action.promotion not in PROMOTIONS:
            return "a pawn stepping onto the last rank must be promoted (add q, r, b or n)"
        if action.promotion and not last_rank:
            return "only a pawn reaching the last rank is promoted"
        return self.turns.broken(state, action) or "not a legal step here"

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
        return write_setup(self.tables, state.board, state.stacks)

    def read_setup(self, text: str, phase: str = MOVE) -> AdrenalineState:
        """A position from its setup text, checked to be one the game can reach."""
        t = self.tables
        try:
            board, stacks, ep_text = parse_setup(t, text)
            ep = -1 if ep_text == "-" else self.geometry.parse(ep_text)
        except NotationError as error:
            raise StateError(f"bad position: {error}") from None
        for seat, colour in enumerate(("white", "black")):
            if (board.pieces[t.royal] & board.colours[seat]).bit_count() != 1:
                raise StateError(f"bad position: it needs exactly one {colour} king")
        for seat in (0, 1):
            if board.pieces[t.pawn] & board.colours[seat] & t.promotion_zone[seat]:
                raise StateError("bad position: a pawn stands on its last rank")
        if self.turns.supply and sum(stacks) > self.turns.supply:
            raise StateError(f"bad position: more than {self.turns.supply} checkers")
        if ep >= 0:
            # the pawn that double-stepped belongs to the player who moved last
            stepper = board.turn ^ 1 if phase == MOVE else board.turn
            victim = t.ep_victim[stepper ^ 1][ep]
            behind = t.pawn_push[stepper ^ 1][ep]
            if (
                self.geometry.row_of(ep, stepper) != 2
                or (1 << ep) & board.occupied
                or victim < 0
                or not (1 << victim) & board.pieces[t.pawn] & board.colours[stepper]
                or behind < 0
                or (1 << behind) & board.occupied
            ):
                raise StateError(f"bad position: en-passant square {ep_text} follows no step")
        state = AdrenalineState(board._replace(ep=ep), stacks)
        if phase == MOVE and not self.turns.finished_safe(state):
            raise StateError("bad position: the side not to move could be captured")
        return state

    def state_to_json(self, state: AdrenalineState) -> dict[str, Any]:
        history = []
        prior = state.previous
        while prior is not None:
            history.append(self.setup_text(prior))
            prior = prior.previous
        piece = self.geometry.name(state.piece) if state.piece >= 0 else "-"
        return {
            "fen": self.setup_text(state),
            "phase": state.phase,
            "piece": piece,
            "captured": state.captured,
            "history": history[::-1],
        }

    def state_from_json(self, data: Mapping[str, Any]) -> AdrenalineState:
        try:
            fen, phase = data["fen"], data.get("phase", MOVE)
            piece, captured = data.get("piece", "-"), data.get("captured", False)
            history = data.get("history", [])
            if not (isinstance(fen, str) and isinstance(history, list)):
                raise TypeError
            if not (isinstance(piece, str) and isinstance(captured, bool)):
                raise TypeError
        except (KeyError, TypeError, AttributeError):
            raise StateError(
                "adrenaline state needs 'fen', 'phase', 'piece', 'captured' and 'history'"
            ) from None
        if phase not in PHASES:
            raise StateError(f"adrenaline state phase must be one of {', '.join(PHASES)}")
        prior: AdrenalineState | None = None
        for text in history:
            if not isinstance(text, str):
                raise StateError("adrenaline state history entries must be FEN texts")
            prior = self.read_setup(text)._replace(previous=prior)
        state = self.read_setup(fen, phase)._replace(previous=prior)
        if phase == MOVE:
            if piece != "-" or captured:
                raise StateError("a turn that has not started has no moved piece or capture")
            return state
        cell = -1
        if piece != "-":
            try:
                cell = self.geometry.parse(piece)
            except NotationError as error:
                raise StateError(f"bad moved piece: {error}") from None
        state = state._replace(phase=phase, piece=cell, captured=captured)
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
        if result is None:
            return ""
        if result.winner is None:
            return f"draw by {result.reason}"
        return f"{self.spec.seat_name(result.winner)} wins by {result.reason}"

    # -- presentation (see `present`) ----------------------------------------------------

    def layout(self) -> Layout:
        return present.layout(self)

    def scene(self, view: AdrenalineState, seat: int) -> Scene:
        return present.scene(self, view, seat)

    def gesture(self, view: AdrenalineState, action: Decision) -> Gesture:
        return present.gesture(self, view, action)

    def notate(self, state: AdrenalineState, action: Decision, seat: int) -> str:
        return present.notate(self, state, action)

    def _phase_note(self, state: AdrenalineState) -> str:
        name = self.spec.seat_name(state.board.turn)
        if state.phase == STEP:
            where = self.geometry.name(state.piece)
            count = state.stacks[state.piece]
            return f"{name}: extra king step from {where} ({count} left) or stop"
        if state.phase == RUSH:
            return f"{name}: place a checker under an enemy piece"
        return f"{name} to move"

    def render(self, state: AdrenalineState, seat: int = SPECTATOR) -> str:
        stacks = state.stacks
        lines = marked_board_text(
            self.tables, state.board, lambda cell: str(min(stacks[cell], 9)) if stacks[cell] else ""
        )
        lines.append("(a digit after a piece: the checkers under it)")
        result = self.outcome(state)
        if result is not None:
            lines.append(f"Game over: {self.describe(result)}")
        elif state.phase == MOVE:
            check = ", in check" if self.in_check(state) else ""
            lines.append(f"{self._phase_note(state)}{check}")
        else:
            lines.append(self._phase_note(state))
        return "\n".join(lines)

    def evaluate(self, state: AdrenalineState, seat: int) -> float:
        """Material, placement, king shelter and checkers (see `evaluate.py`)."""
        return evaluate.evaluate(self.tables, state, seat)

    def diagrams(self) -> tuple[Diagram, ...]:
        return diagrams.diagrams(self)
