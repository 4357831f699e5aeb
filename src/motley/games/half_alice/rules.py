"""Half Alice Chess, the rules object (seed 002, The Rules of Chess Kit, Half Alice Chess).

The package docstring (`motley.games.half_alice`) states the rules and every reading chosen;
`moves` judges single moves.
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
from motley.games.half_alice import evaluate, present
from motley.games.half_alice.moves import ANY, BOTH, KING, NONE, SAME, MirrorMoves
from motley.games.half_alice.state import HalfAliceState, parse_setup, side_mask, write_setup
from motley.geometry.square import SquareGeometry, square_board
from motley.pieces.catalogue import ORTHODOX

PROMOTIONS = ("q", "r", "b", "n")
_COORDINATES = re.compile(r"^([a-h][1-8])-?x?([a-h][1-8])=?([qrbn]?)$")
_CASTLES = {"o-o": "g", "0-0": "g", "o-o-o": "c", "0-0-0": "c"}

Legal = list[Move]


class HalfAliceChess(JudgedRules[HalfAliceState, Move]):
    spec = GameSpec(
        id="half_alice",
        title="Half Alice Chess",
        version=1,
        players=2,
        seat_names=("White", "Black"),
        summary=(
            "Alice Chess on one board: every piece that moves switches sides of the mirror "
            "(a checker added or removed) and only meets pieces on its own side."
        ),
        seed="002, The Rules of Chess Kit: Half Alice Chess",
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
            OptionSpec(
                "position",
                "",
                "a FEN to start from, a piece followed by '*' standing on a checker",
                label="Start from a position (FEN)",
            ),
            *DRAW_OPTIONS,
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.tables: ChessTables = chess_tables(square_board(8, 8), ORTHODOX, PROMOTIONS)
        self.geometry: SquareGeometry = self.tables.geometry  # the board, for drawing it
        self.mirror = MirrorMoves(
            self.tables,
            str(self.options["castling"]),
            str(self.options["en_passant"]),
            int(self.options["checkers"]),
        )
        try:
            self._start = self.read_setup(str(self.options["position"]) or ORTHODOX_START)
        except StateError as error:
            raise OptionError(f"option 'position': {error}") from None
        self._memo: tuple[HalfAliceState | None, Legal] = (None, [])

    # -- the tree -------------------------------------------------------------------------

    def initial_state(self) -> HalfAliceState:
        return self._start

    def legal(self, s: HalfAliceState) -> Legal:
        """Legal moves (ignoring the game-end rules), kept for the last state asked about."""
        memo = self._memo
        if memo[0] is s:
            return memo[1]
        found = self.mirror.legal(s)
        self._memo = (s, found)
        return found

    def moves(self, s: HalfAliceState) -> list[Move]:
        return list(self.legal(s))

    def in_check(self, s: HalfAliceState) -> bool:
        """The side to move's king can be taken by a piece on the king's side of the mirror."""
        return self.mirror.in_check(s)

    def mover(self, state: HalfAliceState) -> int:
        return state.board.turn

    def choices(self, state: HalfAliceState) -> Sequence[Move]:
        return self.moves(state)

    def judge(self, s: HalfAliceState) -> Outcome | None:
        board = s.board
        if not self.legal(s):
            # "Place the opponent's king in checkmate"; no move and no check is stalemate
            if self.in_check(s):
                return Outcome(board.turn ^ 1, "checkmate")
            return Outcome(None, "stalemate")
        return chained_draw(self.tables, board, s, self.options)

    def apply(self, state: HalfAliceState, action: Move) -> HalfAliceState:
        if not self.outcome(state) and action in self.legal(state):
            return self.mirror.play(state, action)
        raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))

    # -- actions as text ------------------------------------------------------------------

    def action_text(self, state: HalfAliceState, action: Move) -> str:
        """Coordinates: `e2e4`, `e7e8q`; castling as the king's own step, `e1g1`."""
        g = self.geometry
        target = action.target
        if isinstance(action, Move) and self.mirror.is_castling(state, action):
            target, _ = self.tables.castle_squares(state.board.turn, action.origin, target)
        return g.name(action.origin) + g.name(target) + action.promotion

    def parse_action(self, state: HalfAliceState, text: str, seat: int | None = None) -> Move:
        move = self._read(state, text)  # malformed text fails first, whoever typed it
        self.refuse_out_of_turn(state, text, seat)
        wanted = self.action_text(state, move)
        for legal in self.moves(state):
            if (
                legal.origin == move.origin
                and legal.promotion == move.promotion
                and (legal.target == move.target or self.action_text(state, legal) == wanted)
            ):
                return legal
        raise IllegalAction(text.strip(), self.why_illegal(state, move))

    def _read(self, state: HalfAliceState, text: str) -> Move:
        g = self.geometry
        words = text.strip().lower()
        castle = _CASTLES.get(words)
        if castle is not None:
            rank = "1" if state.board.turn == 0 else "8"
            king = movegen.king_cell(self.tables, state.board, state.board.turn)
            start = g.name(king) if king >= 0 else "e" + rank
            words = start + castle + rank
        found = _COORDINATES.match(words)
        if found is None:
            raise NotationError(f"{text.strip()!r}: write a move as e2e4, e7e8q or O-O")
        origin, target = g.parse(found.group(1)), g.parse(found.group(2))
        if found.group(3):
            return Move(origin, target, found.group(3))
        return self.tables.moves[origin][target]

    def why_illegal(self, state: HalfAliceState, action: Move) -> str:
        """The rule an illegal move breaks, in words."""
        if not isinstance(action, Move):
            return "only a move can be played here"
        if self.outcome(state):
            return "the game is over"
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
        for move in self.mirror.candidates(state):
            if (
                move.origin == origin
                and move.promotion == action.promotion
                and (move.target == target or self.action_text(state, move) == wanted)
            ):
                return self.mirror.judge(state, move).broken or "not a legal move here"
        if kind == t.royal and abs(g.file_of(origin) - g.file_of(target)) == 2:
            if self.options["castling"] == NONE:
                return "castling is not played (option castling=none)"
            return (
                "castling needs an unmoved king and rook, an empty path on their side of "
                "the mirror, and no attacked square for the king"
            )
        if (1 << target) & board.colours[turn]:
            return f"your own piece stands on {to}"
        own_side = side_mask(t, state.checkers, origin)
        if (1 << target) & board.colours[turn ^ 1] & ~own_side:
            return f"pieces cannot capture across the mirror: {to} is on the other side"
        return f"a {piece} on its side of the mirror cannot move from {name} to {to}"

    # -- serialisation --------------------------------------------------------------------

    def setup_text(self, state: HalfAliceState) -> str:
        """The position as a FEN with `*` after each piece standing on a checker."""
        return write_setup(self.tables, state.board, state.checkers, state.board.ep)

    def read_setup(self, text: str) -> HalfAliceState:
        """A position from its setup text, checked to be one the game can reach."""
        t = self.tables
        try:
            board, checkers = parse_setup(t, text)
        except NotationError as error:
            raise StateError(f"bad position: {error}") from None
        board = board._replace(ep=self.mirror.usable_ep(board))
        for seat, colour in enumerate(("white", "black")):
            if (board.pieces[t.royal] & board.colours[seat]).bit_count() != 1:
                raise StateError(f"bad position: it needs exactly one {colour} king")
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
        history = []
        prior = state.previous
        while prior is not None:
            history.append(self.setup_text(prior))
            prior = prior.previous
        return {"fen": self.setup_text(state), "history": history[::-1]}

    def state_from_json(self, data: Mapping[str, Any]) -> HalfAliceState:
        try:
            fen = data["fen"]
            history = data.get("history", [])
            if not isinstance(fen, str) or not isinstance(history, list):
                raise TypeError
        except (KeyError, TypeError, AttributeError):
            raise StateError("half_alice state needs a 'fen' text and a 'history' list") from None
        prior: HalfAliceState | None = None
        for text in history:
            if not isinstance(text, str):
                raise StateError("half_alice state history entries must be FEN texts")
            prior = self.read_setup(text)._replace(previous=prior)
        return self.read_setup(fen)._replace(previous=prior)

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

    def diagrams(self) -> tuple[Diagram, ...]:
        from motley.games.half_alice import diagrams  # it builds positions with this class

        return diagrams.diagrams()

    def scene(self, view: HalfAliceState, seat: int) -> Scene:
        return present.scene(self, view, seat)

    def gesture(self, view: HalfAliceState, action: Move) -> Gesture:
        return present.gesture(self, view, action)

    def notate(self, state: HalfAliceState, action: Move, seat: int) -> str:
        return present.notate(self, state, action)

    def render(self, state: HalfAliceState, seat: int = SPECTATOR) -> str:
        board, checkers = state.board, state.checkers
        lines = marked_board_text(self.tables, board, lambda cell: "*" * (checkers >> cell & 1))
        lines.append("(* a piece on a checker: the other side of the mirror)")
        names = self.spec.seat_names
        lines.append(
            ", ".join(f"{names[s]} {self.mirror.free_checkers(state, s)}" for s in (0, 1))
            + " free checkers"
        )
        result = self.outcome(state)
        if result is not None:
            lines.append(f"Game over: {self.describe(result)}")
        else:
            check = ", in check" if self.in_check(state) else ""
            lines.append(f"{names[board.turn]} to move{check}")
        return "\n".join(lines)

    def evaluate(self, state: HalfAliceState, seat: int) -> float:
        """Material, placement, king shelter and free checkers (see `evaluate.py`)."""
        return evaluate.evaluate(self, state, seat)
