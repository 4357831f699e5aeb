"""Half Alice Chess, the rules object (seed 002, The Rules of Chess Kit, Half Alice Chess).

The package docstring (`motley.games.half_alice`) states the rules and every reading chosen;
`moves` judges single moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from motley.chesslike.chain import history_texts, mate_or_draw, read_history
from motley.chesslike.coordinates import move_text, read_coordinates
from motley.chesslike.fen import one_king_each
from motley.chesslike.marked import MARK, read_marked_fen, write_marked_fen
from motley.chesslike.orthodox import OrthodoxBoardRules
from motley.chesslike.position import Move
from motley.chesslike.present import outcome_words
from motley.chesslike.refusals import (
    move_refusal,
    movement_refusal,
    named_move,
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
from motley.core.errors import IllegalAction, NotationError, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Phase
from motley.core.spec import OptionSpec
from motley.games.half_alice import evaluate, present
from motley.games.half_alice.moves import ANY, BOTH, KING, NONE, SAME, MirrorMoves
from motley.games.half_alice.state import CODEC, HalfAliceRecord, HalfAliceState, side_mask


class HalfAliceChess(OrthodoxBoardRules[HalfAliceState, Move]):
    spec = kit_spec(
        id="half_alice",
        title="Half Alice Chess",
        summary=(
            "Alice Chess on one board: every piece that moves switches sides of the mirror "
            "(a checker added or removed) and only meets pieces on its own side."
        ),
        options=(
            OptionSpec(
                "castling",
                BOTH,
                "castling: 'both' (king and rook both switch sides, both arrival squares "
                "empty), 'king' (only the king switches) or 'none' (no castling)",
                (BOTH, KING, NONE),
                label="Castling through the mirror",
            ),
            OptionSpec(
                "en_passant",
                SAME,
                "en passant: 'same' (only a pawn on the same side of the mirror as the pawn "
                "it takes: pieces cannot capture across the mirror) or 'any' (whichever sides "
                "the two pawns are on)",
                (SAME, ANY),
                label="En passant across the mirror",
            ),
            OptionSpec(
                "checkers",
                12,
                "checkers each player owns: 12 (a standard set: a piece without a checker "
                "may move only while one is free) or 16 (never short, as in Alice Chess)",
                (12, 16),
                label="Checkers per player",
            ),
            position_option("a FEN to start from, a piece followed by '*' standing on a checker"),
            *DRAW_OPTIONS,
        ),
    )
    presentation = present

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.mirror = MirrorMoves(
            self.tables,
            str(self.options["castling"]),
            str(self.options["en_passant"]),
            int(self.options["checkers"]),
        )
        self._start = start_from(self.options, self.read_setup, ORTHODOX_START)

    # -- the tree -------------------------------------------------------------------------

    @last_asked
    def legal(self, s: HalfAliceState) -> list[Move]:
        """Legal moves (ignoring the game-end rules), kept for the last state asked about."""
        return self.mirror.legal(s)

    def moves(self, s: HalfAliceState) -> list[Move]:
        return list(self.legal(s))

    def in_check(self, s: HalfAliceState) -> bool:
        """The side to move's king can be taken by a piece on the king's side of the mirror."""
        return self.mirror.in_check(s)

    def phase(self, state: HalfAliceState) -> Phase:
        return OVER if self.outcome(state) else Phase.decision(state.board.turn)

    def choices(self, state: HalfAliceState, seat: int) -> Sequence[Move]:
        return self.legal(state)

    @last_asked
    def outcome(self, state: HalfAliceState) -> Outcome | None:
        # "Place the opponent's king in checkmate"; no move and no check is stalemate
        left = bool(self.legal(state))
        return mate_or_draw(self.tables, state, self.options, left, lambda: self.in_check(state))

    def apply(self, state: HalfAliceState, action: Move) -> HalfAliceState:
        return self.mirror.play(state, self.check_legal(state, action))

    # -- actions as text ------------------------------------------------------------------

    def action_text(self, state: HalfAliceState, action: Move) -> str:
        """Coordinates: `e2e4`, `e7e8q`; castling as the king's own step, `e1g1`."""
        return move_text(self.tables, state.board, action)

    def parse_action(self, state: HalfAliceState, text: str, seat: int | None = None) -> Move:
        move = read_coordinates(self.tables, state.board, text)
        if move is None:  # malformed text fails first, whoever typed it
            raise NotationError(f"{text.strip()!r}: write a move as e2e4, e7e8q or O-O")
        self.refuse_out_of_turn(state, text, seat)
        found = named_move(self.legal(state), move, lambda m: self.action_text(state, m))
        if found is not None:
            return found
        raise IllegalAction(text.strip(), self.why_illegal(state, move))

    def why_illegal(self, state: HalfAliceState, action: Move) -> str:
        """The rule an illegal move breaks, in words."""
        if not isinstance(action, Move):
            return "only a move can be played here"
        if self.outcome(state):
            return "the game is over"
        t = self.tables
        board = state.board
        turn = board.turn
        refused = move_refusal(t, board, action, self.spec.seat_name(turn), PROMOTIONS)
        if refused:
            return refused
        candidates = self.mirror.candidates(state)
        found = named_move(candidates, action, lambda m: self.action_text(state, m))
        if found is not None:
            return self.mirror.judge(state, found).broken or "not a legal move here"
        if tries_castling(t, board, action):
            if self.options["castling"] == NONE:
                return "castling is not played (option castling=none)"
            return (
                "castling needs an unmoved king and rook, an empty path on their side of "
                "the mirror, and no attacked square for the king"
            )
        own = target_refusal(t, board, action)
        if own:
            return own
        other_side = ~side_mask(t, state.checkers, action.origin)
        if (1 << action.target) & board.colours[turn ^ 1] & other_side:
            to = self.geometry.name(action.target)
            return f"pieces cannot capture across the mirror: {to} is on the other side"
        return movement_refusal(t, board, action, where="on its side of the mirror")

    # -- serialisation --------------------------------------------------------------------

    def setup_text(self, state: HalfAliceState) -> str:
        """The position as a FEN with `*` after each piece standing on a checker."""
        checkers = state.checkers
        return write_marked_fen(
            self.tables, state.board, lambda cell: MARK * (checkers >> cell & 1), state.board.ep
        )

    def read_setup(self, text: str) -> HalfAliceState:
        """A position from its setup text, checked to be one the game can reach."""
        t = self.tables
        try:
            board, marks, _ = read_marked_fen(t, text, keep_ep=True)
            one_king_each(t, board)
        except NotationError as error:
            raise StateError(f"bad position: {error}") from None
        if max(marks) > 1:
            raise StateError("bad position: a piece stands on one checker at most (one '*')")
        checkers = sum(1 << cell for cell, count in enumerate(marks) if count)
        board = board._replace(ep=self.mirror.usable_ep(board))
        for seat, colour in enumerate(("white", "black")):
            if (board.colours[seat] & checkers).bit_count() > self.mirror.supply:
                raise StateError(f"bad position: {colour} has more checkers than it owns")
        if board.pieces[t.pawn] & (t.back_rank[0] | t.back_rank[1]):
            raise StateError("bad position: a pawn stands on its first or last rank")
        for seat in (0, 1):
            rights = board.castling & board.colours[seat]
            king = board.pieces[t.royal] & board.colours[seat]
            if rights and (rights | king) & checkers:
                # only unmoved pieces castle, and every piece that moves switches sides
                raise StateError("bad position: a piece that may castle stands on a checker")
        state = HalfAliceState(board, checkers)
        if self.mirror.king_attacked(board, checkers, board.turn ^ 1):
            raise StateError("bad position: the side not to move is in check")
        return state

    def state_to_json(self, state: HalfAliceState) -> dict[str, Any]:
        texts = history_texts(state, self.setup_text)
        return CODEC.write(HalfAliceRecord(self.setup_text(state), texts))

    def state_from_json(self, data: Mapping[str, Any]) -> HalfAliceState:
        record = CODEC.read(data)
        return read_history(self.read_setup(record.fen), record.history, self.read_setup)

    # -- information ----------------------------------------------------------------------

    def describe(self, result: Outcome | None) -> str:
        return outcome_words(self.spec.seat_names, result)

    def evaluate(self, state: HalfAliceState, seat: int) -> float:
        """Material, placement, king shelter and free checkers (see `evaluate.py`)."""
        return evaluate.evaluate(self, state, seat)
