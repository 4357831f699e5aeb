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

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol

from motley.chesslike import movegen
from motley.chesslike.draws import insufficient_material, repetitions
from motley.chesslike.evaluate import board_balance, squash
from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.present import (
    check_cells,
    chess_layout,
    is_castle,
    move_gesture,
    position_pieces,
    side_to_move_prompt,
)
from motley.chesslike.tables import ChessTables, chess_tables
from motley.core import present
from motley.core.errors import IllegalAction, NotationError, StateError
from motley.core.phased import Outcome
from motley.core.present import Layout, Scene
from motley.core.rules import NodeKind, Rules
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


class Chained(Protocol):
    """A game state linked back to the last irreversible move, with a repetition key."""

    @property
    def previous(self) -> Chained | None: ...

    def key(self) -> object: ...


def chained_draw(
    t: ChessTables, board: Position, state: Chained, options: Mapping[str, Any]
) -> Outcome | None:
    """Bare kings, the no-progress rule or repetition, for states kept in a `previous` chain.

    For variants that wrap a chess position in a state of their own (checkers under pieces);
    `repetition` and `no_progress_plies` are the options of `DRAW_OPTIONS`.
    """
    if board.occupied == board.pieces[t.royal]:
        return Outcome(None, "insufficient material")
    limit = int(options["no_progress_plies"])
    if limit and board.halfmove >= limit:
        return Outcome(None, f"{limit} plies without a capture or pawn move")
    times = int(options["repetition"])
    if times and board.halfmove >= 4 * (times - 1):  # fewer plies cannot repeat that often
        key = state.key()
        seen = 0
        prior: Chained | None = state
        while prior is not None:
            seen += prior.key() == key
            prior = prior.previous
        if seen >= times:
            return Outcome(None, f"the same position {times} times")
    return None


class ChessLikeRules(Rules[Position, Move]):
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
        # one-entry memos: a driver asks for the kind, the actors and the actions of the same
        # position in a row; results depend only on the (immutable) position
        self._memo: tuple[Position | None, list[Move]] = (None, [])
        self._outcome_memo: tuple[Position | None, Outcome | None] = (None, None)

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

    def moves(self, pos: Position) -> list[Move]:
        """Legal moves ignoring the game-end rules (what perft counts)."""
        memo = self._memo
        if memo[0] is pos:
            return memo[1]
        if self.fast_legality:
            found = movegen.legal_moves(self.tables, pos)
        else:
            found = [
                m
                for m in movegen.pseudo_legal_moves(self.tables, pos)
                if self._capture_allowed(pos, m) and self.is_move_legal(pos, m)
            ]
        self._memo = (pos, found)
        return found

    def count_moves(self, pos: Position) -> int:
        """The number of legal moves, counted without building them where possible."""
        if self.fast_legality:
            return movegen.count_legal(self.tables, pos)
        return len(self.moves(pos))

    def outcome(self, pos: Position) -> Outcome | None:
        """The result if the game is over at `pos`, else None."""
        memo = self._outcome_memo
        if memo[0] is pos:
            return memo[1]
        result = self._outcome(pos)
        self._outcome_memo = (pos, result)
        return result

    def _outcome(self, pos: Position) -> Outcome | None:
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

    def kind(self, state: Position) -> NodeKind:
        return NodeKind.TERMINAL if self.outcome(state) else NodeKind.DECISION

    def actors(self, state: Position) -> tuple[int, ...]:
        return () if self.outcome(state) else (state.turn,)

    def legal_actions(self, state: Position, seat: int | None = None) -> Sequence[Move]:
        if (seat is not None and seat != state.turn) or self.outcome(state):
            return []
        return self.moves(state)

    def apply(self, state: Position, action: Move) -> Position:
        after = make_move(self.tables, state, action)
        if self.plain_moves:
            return after
        return self.after_move(state, action, after)

    def returns(self, state: Position) -> tuple[float, ...]:
        result = self.outcome(state)
        if result is None or result.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if result.winner == 0 else (-1.0, 1.0)

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

    def gesture(self, view: Position, action: Move) -> present.Gesture:
        target = action.target
        if not self.castling_as_rook_capture and is_castle(self.tables, view, action):
            target, _ = self.tables.castle_squares(view.turn, action.origin, target)
        return move_gesture(Move(action.origin, target, action.promotion), view.turn)

    def notate(self, state: Position, action: Move, seat: int) -> str:
        from motley.chesslike.san import san  # SAN reads moves through these rules

        return san(self, state, action)

    # -- actions as text --------------------------------------------------------------------

    def action_text(self, state: Position, action: Move) -> str:
        g = self.geometry
        target = action.target
        if (
            not self.castling_as_rook_capture
            and (1 << target) & state.colours[state.turn]
            and (1 << action.origin) & state.pieces[self.tables.royal]
        ):
            target, _ = self.tables.castle_squares(state.turn, action.origin, target)
        return g.name(action.origin) + g.name(target) + action.promotion

    def parse_action(self, state: Position, text: str, seat: int | None = None) -> Move:
        if seat is not None and seat != state.turn and not self.outcome(state):
            raise IllegalAction(text, f"it is {self.spec.seat_name(state.turn)}'s turn")
        if self.outcome(state):
            raise IllegalAction(text, "the game is over")
        text = text.strip()
        # an upper-case first letter names a piece (SAN `B2f5`), not a file
        move = None if text[:1].isupper() else self._parse_coordinates(state, text)
        if move is None:
            from motley.chesslike.san import parse_san  # SAN reads moves through these rules

            return parse_san(self, state, text.strip())
        return self.check_legal(state, move)

    def _parse_coordinates(self, state: Position, text: str) -> Move | None:
        g = self.geometry
        if len(text) < 4 or not text[0].isalpha() or not text[1].isdigit():
            return None
        split = 2 + next((i for i, c in enumerate(text[2:]) if c.isalpha()), len(text) - 2)
        rest = text[split:]
        end = 1 + next((i for i, c in enumerate(rest[1:]) if not c.isdigit()), len(rest) - 1)
        try:
            origin, target = g.parse(text[:split]), g.parse(rest[:end])
        except NotationError:
            return None
        promotion = rest[end:].lower()
        if promotion and promotion not in self.tables.kind_of_letter:
            raise NotationError(f"{text!r}: unknown promotion piece {promotion!r}")
        for move in self.moves(state):
            if (
                move.origin == origin
                and move.promotion == promotion
                and (move.target == target or self.action_text(state, move) == text.lower())
            ):
                return move
        if promotion and not self._pawn_reaches_last_rank(state, origin, target):
            raise IllegalAction(text, "only a pawn reaching the last rank is promoted")
        return Move(origin, target, promotion)

    def _pawn_reaches_last_rank(self, state: Position, origin: int, target: int) -> bool:
        t = self.tables
        return bool(
            (1 << origin) & state.pieces[t.pawn] and (1 << target) & t.promotion_zone[state.turn]
        )

    def why_illegal(self, state: Position, action: Move) -> str:
        if not isinstance(action, Move):
            return "only a move can be played here"
        t = self.tables
        g = self.geometry
        origin_bit = 1 << action.origin
        name = g.name(action.origin)
        if not origin_bit & state.occupied:
            return f"there is no piece on {name}"
        if not origin_bit & state.colours[state.turn]:
            return f"the piece on {name} is not {self.spec.seat_name(state.turn)}'s"
        kind = t.kind_at(state.pieces, origin_bit)
        piece = t.kinds[kind].name
        if kind == t.pawn and (1 << action.target) & t.promotion_zone[state.turn]:
            if not action.promotion:
                return "a pawn reaching the last rank must be promoted (add q, r, b or n)"
            if action.promotion not in self.promotions:
                return f"a pawn may not be promoted to {action.promotion!r}"
        same_target = [m for m in movegen.legal_moves(t, state) if m.origin == action.origin]
        pseudo = movegen.pseudo_targets(t, state, action.origin)
        if (1 << action.target) & pseudo and not any(
            m.target == action.target for m in same_target
        ):
            if movegen.checkers(t, state):
                return f"the {piece} move leaves the king in check"
            return f"the {piece} move would expose the king to capture"
        if kind == t.royal and (1 << action.target) & state.colours[state.turn]:
            return "castling needs unmoved king and rook, empty squares and no attacked square"
        if kind == t.royal and abs(g.file_of(action.origin) - g.file_of(action.target)) == 2:
            return "castling needs unmoved king and rook, empty squares and no attacked square"
        return f"a {piece} cannot move from {name} to {g.name(action.target)}"

    # -- serialisation ----------------------------------------------------------------------

    def fen(self, state: Position, style: str = "xfen") -> str:
        return write_fen(self.tables, state, style)

    def state_to_json(self, state: Position) -> dict[str, Any]:
        history = []
        prior = state.previous
        while prior is not None:
            history.append(self.fen(prior))
            prior = prior.previous
        return {"fen": self.fen(state), "history": history[::-1]}

    def state_from_json(self, data: Mapping[str, Any]) -> Position:
        try:
            fen = data["fen"]
            history = data.get("history", [])
            if not isinstance(fen, str) or not isinstance(history, list):
                raise TypeError
        except (KeyError, TypeError):
            raise StateError(
                f"{self.spec.id} state needs a 'fen' text and a 'history' list"
            ) from None
        prior: Position | None = None
        for text in history:
            if not isinstance(text, str):
                raise StateError("state history entries must be FEN texts")
            prior = self._parse_state_fen(text)._replace(previous=prior)
        return self._parse_state_fen(fen)._replace(previous=prior)

    def _parse_state_fen(self, text: str) -> Position:
        try:
            return parse_fen(self.tables, text)
        except NotationError as error:
            raise StateError(f"bad position in state: {error}") from None

    def evaluate(self, state: Position, seat: int) -> float:
        """Material, placement and king safety (`chesslike.evaluate`), squashed into [-1, 1]."""
        return squash(board_balance(self.tables, state.pieces, state.colours, seat))
