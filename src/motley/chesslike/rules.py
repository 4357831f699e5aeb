"""Orthodox chess written once, with the hooks variants use.

`ChessLikeRules` plays chess on any square board with any catalogue pieces: legal moves with
check judged against an explicit attacker, castling (orthodox and Chess960), en passant,
promotion, checkmate, stalemate, the no-progress and repetition draws and dead material.

Variants change behaviour through a few hooks rather than new move generators:

* `may_capture(pos, mover, victim)`: may this kind capture that one (capture policy);
* `after_move(before, move, after)`: what a move or capture sets off (consequences);
* `is_move_legal(pos, move)`: is this move legal at all (used when the fast path is off);
* `attacker(pos)`: whose captures decide check (for "can the next player capture?");
* `variant_outcome(pos)`: extra ways for the game to end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from motley.chesslike import movegen
from motley.chesslike.boards import board_lines
from motley.chesslike.chain import history_texts, read_history
from motley.chesslike.coordinates import move_text, read_coordinates
from motley.chesslike.draws import insufficient_material, repetitions
from motley.chesslike.evaluate import board_balance, squash
from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.present import (
    check_cells,
    chess_layout,
    chess_move_gesture,
    move_gesture,
    outcome_words,
    position_pieces,
    side_to_move_prompt,
)
from motley.chesslike.refusals import move_refusal, named_move, tries_castling
from motley.chesslike.san import check_mark, read_san, write_san
from motley.chesslike.tables import ChessTables, chess_tables
from motley.core import present
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Phase, PhasedRules
from motley.core.phased import Outcome as Outcome  # re-exported: variants import it here
from motley.core.present import Layout, Scene
from motley.core.rules import SPECTATOR, NodeKind
from motley.core.spec import OptionSpec
from motley.geometry.square import SquareGeometry, square_board
from motley.pieces.catalogue import ORTHODOX, PieceType

ORTHODOX_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

DRAW_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "repetition",
        3,
        "the game is drawn when a position stands for the n-th time (0: never); "
        "Motley applies the draw at once rather than waiting for a claim",
        label="Draw when a position repeats (times)",
    ),
    OptionSpec(
        "no_progress_plies",
        100,
        "the game is drawn after this many plies with no capture or pawn move (0: never)",
        label="Draw after moves without progress (plies)",
    ),
)

S = TypeVar("S")


def start_from(options: Mapping[str, Any], read: Callable[[str], S], usual: str) -> S:
    """The start the `position` option names (else `usual`), read by `read`; a bad setup is
    an OptionError naming the option."""
    try:
        return read(str(options["position"]).strip() or usual)
    except (NotationError, StateError) as error:
        raise OptionError(f"option 'position': {error}") from None


class ChessLikeRules(PhasedRules[Position, Move]):
    """The shared rules object for chess and its relatives."""

    geometry: ClassVar[SquareGeometry] = square_board(8, 8)
    pieces: ClassVar[tuple[PieceType, ...]] = ORTHODOX
    promotions: ClassVar[tuple[str, ...]] = ("q", "r", "b", "n")
    start_fen: ClassVar[str] = ORTHODOX_START
    #: write castling as king-takes-rook (Chess960) rather than the king's two-square step
    castling_as_rook_capture: ClassVar[bool] = False

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.tables: ChessTables = chess_tables(self.geometry, self.pieces, self.promotions)
        cls = type(self)
        # the fast generator is exact only while no hook changes what is legal
        self.fast_legality = (
            cls.may_capture is ChessLikeRules.may_capture
            and cls.is_move_legal is ChessLikeRules.is_move_legal
            and cls.attacker is ChessLikeRules.attacker
        )
        self.plain_moves = cls.after_move is ChessLikeRules.after_move

    # -- hooks ------------------------------------------------------------------------------

    def may_capture(self, pos: Position, mover: int, victim: int) -> bool:
        """May a piece of kind `mover` capture one of kind `victim`? (Always, in chess.)"""
        return True

    def _capture_allowed(self, pos: Position, move: Move) -> bool:
        t = self.tables
        target = 1 << move.target
        if not target & pos.colours[pos.turn ^ 1]:
            return True
        return self.may_capture(
            pos, t.kind_at(pos.pieces, 1 << move.origin), t.kind_at(pos.pieces, target)
        )

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        """What follows a move, given the positions before and after it (nothing, in chess)."""
        return after

    def attacker(self, pos: Position) -> int:
        """The seat whose possible captures decide whether the mover's king is in check."""
        return pos.turn ^ 1

    def is_move_legal(self, pos: Position, move: Move) -> bool:
        """Slow-path legality: the mover's king may not be capturable by `attacker` after it."""
        after = make_move(self.tables, pos, move)
        king = movegen.king_cell(self.tables, after, pos.turn)
        return king < 0 or not movegen.is_attacked(
            self.tables, after, king, self.attacker(pos), after.occupied
        )

    def variant_outcome(self, pos: Position) -> Outcome | None:
        """Ways to end the game besides mate and the draws (none, in chess)."""
        return None

    # -- the tree ---------------------------------------------------------------------------

    def initial_state(self) -> Position:
        return parse_fen(self.tables, self.start_fen)

    @last_asked
    def moves(self, pos: Position) -> list[Move]:
        """Legal moves ignoring the game-end rules (what perft counts)."""
        if self.fast_legality:
            return movegen.legal_moves(self.tables, pos)
        return [
            m
            for m in movegen.pseudo_legal_moves(self.tables, pos)
            if self._capture_allowed(pos, m) and self.is_move_legal(pos, m)
        ]

    def count_moves(self, pos: Position) -> int:
        """The number of legal moves, counted without building them where possible."""
        if self.fast_legality:
            return movegen.count_legal(self.tables, pos)
        return len(self.moves(pos))

    @last_asked
    def outcome(self, pos: Position) -> Outcome | None:
        """The result if the game is over at `pos`, else None."""
        special = self.variant_outcome(pos)
        if special is not None:
            return special
        t = self.tables
        if not self.moves(pos):
            if movegen.checkers(t, pos):
                return Outcome(pos.turn ^ 1, "checkmate")
            return Outcome(None, "stalemate")
        if insufficient_material(t, pos):
            return Outcome(None, "insufficient material")
        limit = self.options["no_progress_plies"]
        if limit and pos.halfmove >= int(limit):
            return Outcome(None, f"{limit} plies without a capture or pawn move")
        times = int(self.options["repetition"])
        if times and pos.halfmove >= 4 * (times - 1) and repetitions(t, pos) >= times:
            return Outcome(None, f"the same position {times} times")
        return None

    def phase(self, state: Position) -> Phase:
        return OVER if self.outcome(state) else Phase.decision(state.turn)

    def choices(self, state: Position, seat: int) -> Sequence[Move]:
        return self.moves(state)

    # the two questions every ply of search asks, answered straight from the remembered
    # outcome and moves (the phase adds nothing here and costs a tenth of playout speed)
    def kind(self, state: Position) -> NodeKind:
        return NodeKind.TERMINAL if self.outcome(state) else NodeKind.DECISION

    def legal_actions(self, state: Position, seat: int | None = None) -> Sequence[Move]:
        if (seat is not None and seat != state.turn) or self.outcome(state):
            return []
        return self.moves(state)

    def apply(self, state: Position, action: Move) -> Position:
        after = make_move(self.tables, state, action)
        if self.plain_moves:
            return after
        return self.after_move(state, action, after)

    # -- presentation (the chess kit's defaults) --------------------------------------------

    def layout(self) -> Layout:
        return chess_layout(self.tables)

    def scene(self, view: Position, seat: int) -> Scene:
        check = self.check_cells(view)
        name = self.spec.seat_name(view.turn)
        prompt, status = side_to_move_prompt(name, bool(check))
        return Scene(
            pieces=position_pieces(self.tables, view), check=check, prompt=prompt, status=status
        )

    def check_cells(self, pos: Position) -> tuple[int, ...]:
        return check_cells(self.tables, pos)

    def render(self, state: Position, seat: int = SPECTATOR) -> str:
        """The board as text (8x8 boards), then who is to move or how the game ended."""
        ended = outcome_words(self.spec.seat_names, self.outcome(state))
        words = ended.capitalize() if ended else f"{self.spec.seat_name(state.turn)} to move"
        return "\n".join([*board_lines(self.tables, state), words])

    def gesture(self, view: Position, action: Move) -> present.Gesture:
        if self.castling_as_rook_capture:
            return move_gesture(action, view.turn)
        return chess_move_gesture(self.tables, view, action)

    def check_mark(self, pos: Position) -> Callable[[Move], str]:
        """The check sign of each move at `pos`: `+` for check, `#` for mate."""

        def mark(move: Move) -> str:
            after = self.apply(pos, move)
            check = bool(movegen.checkers(self.tables, after))
            return check_mark(check, lambda: not self.moves(after))

        return mark

    def notate(self, state: Position, action: Move, seat: int) -> str:
        return write_san(self.tables, state, action, self.moves(state), self.check_mark(state))

    # -- actions as text --------------------------------------------------------------------

    def action_text(self, state: Position, action: Move) -> str:
        return move_text(self.tables, state, action, not self.castling_as_rook_capture)

    def parse_action(self, state: Position, text: str, seat: int | None = None) -> Move:
        self.refuse_out_of_turn(state, text, seat)
        text = text.strip()
        # an upper-case first letter names a piece (SAN `B2f5`), not a file
        move = None if text[:1].isupper() else read_coordinates(self.tables, state, text)
        if move is None:
            name = self.spec.seat_name(state.turn)
            legal = self.moves(state)
            return read_san(
                self.tables, state, text, legal, name, lambda m: self.why_illegal(state, m)
            )
        found = named_move(self.moves(state), move, lambda m: self.action_text(state, m))
        if found is not None:
            return found
        raise IllegalAction(text, self.why_illegal(state, move))

    def why_illegal(self, state: Position, action: Move) -> str:
        if not isinstance(action, Move):
            return "only a move can be played here"
        t = self.tables
        g = self.geometry
        name = self.spec.seat_name(state.turn)
        refused = move_refusal(t, state, action, name, self.promotions)
        if refused:
            return refused
        piece = t.kinds[t.kind_at(state.pieces, 1 << action.origin)].name
        same_target = [m for m in movegen.legal_moves(t, state) if m.origin == action.origin]
        pseudo = movegen.pseudo_targets(t, state, action.origin)
        if (1 << action.target) & pseudo and not any(
            m.target == action.target for m in same_target
        ):
            if movegen.checkers(t, state):
                return f"the {piece} move leaves the king in check"
            return f"the {piece} move would expose the king to capture"
        if tries_castling(t, state, action):
            return "castling needs unmoved king and rook, empty squares and no attacked square"
        return f"a {piece} cannot move from {g.name(action.origin)} to {g.name(action.target)}"

    # -- serialisation ----------------------------------------------------------------------

    def fen(self, state: Position, style: str = "xfen") -> str:
        return write_fen(self.tables, state, style)

    def state_to_json(self, state: Position) -> dict[str, Any]:
        return {"fen": self.fen(state), "history": list(history_texts(state, self.fen))}

    def state_from_json(self, data: Mapping[str, Any]) -> Position:
        try:
            fen = data["fen"]
            history = data.get("history", [])
            if not isinstance(fen, str) or not isinstance(history, list):
                raise TypeError
        except (KeyError, TypeError, AttributeError):
            raise StateError(
                f"{self.spec.id} state needs a 'fen' text and a 'history' list"
            ) from None
        if not all(isinstance(text, str) for text in history):
            raise StateError("state history entries must be FEN texts")
        return read_history(self._parse_state_fen(fen), history, self._parse_state_fen)

    def _parse_state_fen(self, text: str) -> Position:
        try:
            return parse_fen(self.tables, text)
        except NotationError as error:
            raise StateError(f"bad position in state: {error}") from None

    def evaluate(self, state: Position, seat: int) -> float:
        """Material, placement and king safety (`chesslike.evaluate`), squashed into [-1, 1]."""
        return squash(board_balance(self.tables, state.pieces, state.colours, seat))
