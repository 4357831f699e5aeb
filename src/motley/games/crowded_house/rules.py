"""Crowded House, the rules object (seed 002, The Rules of Chess Kit, section Crowded House).

The package docstring (`motley.games.crowded_house`) states the rules and every reading chosen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from motley.chesslike import movegen
from motley.chesslike.boards import fen_text
from motley.chesslike.coordinates import move_text, read_squares
from motley.chesslike.fen import parse_fen
from motley.chesslike.make import make_move
from motley.chesslike.orthodox import OrthodoxBoardRules
from motley.chesslike.position import Move, Position
from motley.chesslike.present import is_castle
from motley.chesslike.refusals import (
    movement_refusal,
    named_move,
    origin_refusal,
    promotion_refusal,
)
from motley.chesslike.rules import ORTHODOX_START, start_from
from motley.chesslike.spec import kit_seed, position_option
from motley.chesslike.tables import PROMOTIONS
from motley.core.errors import IllegalAction, NotationError, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Outcome, Phase
from motley.core.spec import GameSpec, OptionSpec, Trait, Utility
from motley.games.crowded_house import evaluate, present
from motley.games.crowded_house.moves import KING_SIDES, HouseMoves
from motley.games.crowded_house.state import (
    COLOUR_NAMES,
    HALF_NAMES,
    PASS,
    SEAT_NAMES,
    Action,
    HouseState,
    Pass,
    colour_of,
    half_of,
    next_seat,
    read_state,
    state_json,
)

_CASTLING = {"o-o": "short", "0-0": "short", "o-o-o": "long", "0-0-0": "long"}


class CrowdedHouse(OrthodoxBoardRules[HouseState, Action]):
    spec = GameSpec(
        id="crowded_house",
        title="Crowded House",
        players=4,
        seat_names=SEAT_NAMES,
        summary=(
            "Chess for two teams of two: each player moves only pieces that start or end on "
            "their half of the board, and check is whatever the next player could capture."
        ),
        seed=kit_seed("Crowded House"),
        traits=frozenset({Trait.TEAMS}),
        utility=Utility.TEAMS,
        teams=((0, 2), (1, 3)),
        options=(
            OptionSpec(
                "king_side",
                "e-h",
                "the files of the king side, the half of the players who move first in each "
                "team ('e-h' as in the seed's diagram; 'a-d' gives them the other half)",
                KING_SIDES,
                label="Files of the king side",
            ),
            OptionSpec(
                "exposed_king",
                "illegal",
                "a move that leaves the king open to capture by the next player is not "
                "allowed ('illegal': \"if the next player can't make the capture\"), or is "
                "allowed and the next player may take the king, which ends the game "
                "('capture')",
                ("illegal", "capture"),
                label="Leaving the king open to capture",
            ),
            OptionSpec(
                "no_move",
                "pass",
                "with exposed_king=illegal, a player not in check whose every move is refused "
                "moves nothing that turn ('pass', like a player with nothing on their half) "
                "or is stalemated and the game is drawn ('stalemate')",
                ("pass", "stalemate"),
                label="A player without a legal move",
            ),
            OptionSpec(
                "castling",
                "both",
                "under the half rule, castling needs the king's and the rook's moves to start "
                "or end on the player's half ('both') or only the king's ('king')",
                ("both", "king"),
                label="Castling under the half rule",
            ),
            position_option(
                "a FEN to start from instead of the usual position (White to move: the White "
                "king side player moves first; Black: the Black king side player)"
            ),
            OptionSpec(
                "repetition",
                3,
                "the game is drawn when a position stands for the n-th time with the same "
                "player to move (0: never)",
                label="Draw when a position repeats (times)",
            ),
            OptionSpec(
                "no_progress_plies",
                200,
                "the game is drawn after this many turns (passes included) with no capture "
                "or pawn move (0: never); 200 turns are 50 for each player",
                label="Draw after turns without progress",
            ),
        ),
    )
    presentation = present

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.house = HouseMoves(
            self.tables,
            str(self.options["king_side"]),
            str(self.options["castling"]),
            str(self.options["exposed_king"]),
        )
        self.stalemate = str(self.options["no_move"]) == "stalemate"
        king_side = str(self.options["king_side"])
        self.half_files = (king_side, "a-d" if king_side == "e-h" else "e-h")
        board = start_from(self.options, lambda fen: parse_fen(self.tables, fen), ORTHODOX_START)
        self._start = HouseState(board._replace(previous=None), board.turn)

    # -- the tree ---------------------------------------------------------------------------

    def phase(self, state: HouseState) -> Phase:
        return OVER if self.outcome(state) else Phase.decision(state.seat)

    def choices(self, state: HouseState, seat: int) -> Sequence[Action]:
        # a player with no move on (or onto) their half moves nothing this turn
        return self.moves(state) or [PASS]

    @last_asked
    def moves(self, state: HouseState) -> list[Move]:
        """The moves the player to move may make, ignoring the end of the game (perft)."""
        return self.house.legal(state.board, state.seat)

    @last_asked
    def outcome(self, state: HouseState) -> Outcome | None:
        """How the game ended, or None. `winner` is the winning colour (0 White, 1 Black),
        which is also the seat of that team's king-side player, so the base `returns` shares
        the win by teams."""
        t = self.tables
        board = state.board
        for colour in (0, 1):
            if movegen.king_cell(t, board, colour) < 0:
                return Outcome(colour ^ 1, "king captured")
        # mate is judged on what the next player, of the attacking team, could capture
        if self.house.checkmated(board, state.seat, self.moves(state)):
            return Outcome(colour_of(state.seat) ^ 1, "checkmate")
        if self.stalemate and not self.moves(state) and self.house.candidates(board, state.seat):
            # moves by the half rule, none of them legal: orthodox stalemate, not a pass
            return Outcome(None, "stalemate")
        if board.occupied == board.pieces[t.royal]:
            return Outcome(None, "only the kings are left")
        limit = int(self.options["no_progress_plies"])
        if limit and board.halfmove >= limit:
            return Outcome(None, f"{limit} turns without a capture or pawn move")
        times = int(self.options["repetition"])
        if times and board.halfmove >= 4 * (times - 1) and self.repetitions(state) >= times:
            return Outcome(None, f"the same position {times} times")
        return None

    def repetitions(self, state: HouseState) -> int:
        """How often this position has stood with the same player to move (every 4th ply)."""
        board = state.board
        count = 1
        prior = board.previous
        back = 1
        while prior is not None:
            if (
                back % 4 == 0
                and prior.pieces == board.pieces
                and prior.colours == board.colours
                and prior.castling == board.castling
                and prior.ep == board.ep
            ):
                count += 1
            prior = prior.previous
            back += 1
        return count

    def apply(self, state: HouseState, action: Action) -> HouseState:
        board = state.board
        if isinstance(action, Pass):
            after = board._replace(
                turn=board.turn ^ 1,
                ep=-1,  # en passant is open to the very next player only
                halfmove=board.halfmove + 1,
                fullmove=board.fullmove + board.turn,
                previous=board,
            )
            return HouseState(after, next_seat(state.seat))
        if not isinstance(action, Move):
            raise StateError(f"crowded_house: {action!r} is not a move or a pass")
        t = self.tables
        after = make_move(t, board, action)
        if after.ep >= 0:
            takers = t.movement[board.turn][t.pawn].capture_leaps[after.ep]
            if not takers & after.pieces[t.pawn] & after.colours[after.turn]:
                after = after._replace(ep=-1)  # no pawn could take it: no right to keep
        loser = after.turn
        if movegen.king_cell(t, after, loser) < 0:
            after = after._replace(castling=after.castling & ~after.colours[loser])
        return HouseState(after, next_seat(state.seat))

    # -- actions as text --------------------------------------------------------------------

    def action_text(self, state: HouseState, action: Action) -> str:
        if isinstance(action, Pass):
            return "pass"
        if not isinstance(action, Move):
            return str(action)
        return move_text(self.tables, state.board, action)  # castling as the king's step

    def parse_action(self, state: HouseState, text: str, seat: int | None = None) -> Action:
        self.refuse_out_of_turn(state, text, seat)
        word = text.strip().lower()
        if word == "pass":
            return self.check_legal(state, PASS)
        if word in _CASTLING:
            return self._parse_castling(state, text, _CASTLING[word])
        wanted = read_squares(self.tables, word)
        if wanted is None:
            raise NotationError(
                f"expected a move such as e2e4 (e7e8q to promote, e1g1 to castle) "
                f"or 'pass', not {text!r}"
            )
        if wanted.promotion and wanted.promotion not in PROMOTIONS:
            raise NotationError(f"{text!r}: a pawn is promoted to q, r, b or n")
        found = named_move(self.moves(state), wanted, lambda m: self.action_text(state, m))
        if found is not None:
            return found
        raise IllegalAction(text, self.why_illegal(state, wanted))

    def _parse_castling(self, state: HouseState, text: str, side: str) -> Action:
        board = state.board
        king = movegen.king_cell(self.tables, board, board.turn)
        for move in self.moves(state):
            if is_castle(self.tables, board, move) and (move.target > king) == (side == "short"):
                return move
        step = 2 if side == "short" else -2
        if king < 0 or not 0 <= self.geometry.file_of(king) + step < self.geometry.files:
            raise IllegalAction(text, "castling needs the king on its first rank")
        return self.check_legal(state, Move(king, king + step))  # raises with the reason

    def why_illegal(self, state: HouseState, action: Action) -> str:
        if self.outcome(state):
            return "the game is over"
        if isinstance(action, Pass):
            return f"{SEAT_NAMES[state.seat]} has a move, and a player passes only without one"
        if not isinstance(action, Move):
            return "only a move or 'pass' can be played here"
        return self._why_move(state, action)

    def _half_text(self, seat: int) -> str:
        half = half_of(seat)
        return f"{HALF_NAMES[half]} (files {self.half_files[half]})"

    def _why_move(self, state: HouseState, move: Move) -> str:
        t = self.tables
        g = self.geometry
        board = state.board
        seat = state.seat
        refused = origin_refusal(t, board, move.origin, COLOUR_NAMES[board.turn])
        if refused:
            return refused
        name = g.name(move.origin)
        kind = t.kind_at(board.pieces, 1 << move.origin)
        piece = t.kinds[kind].name
        castles = kind == t.royal and (
            (1 << move.target) & board.colours[board.turn] & board.pieces[t.rook]
            or abs(g.file_of(move.origin) - g.file_of(move.target)) == 2
        )
        if castles:
            return self._why_castling(state, move)
        if not self.house.on_half(seat, move.origin, move.target):
            return f"the {piece} on {name} neither starts nor ends on the {self._half_text(seat)}"
        refused = promotion_refusal(t, board, move, PROMOTIONS)
        if refused:
            return refused
        if not (1 << move.target) & movegen.pseudo_targets(t, board, move.origin):
            return movement_refusal(t, board, move)
        if self.house.exposes(board, seat, move):
            return self._exposed_text(seat)
        return "not a legal move here"

    def _exposed_text(self, seat: int) -> str:
        colour = COLOUR_NAMES[colour_of(seat)]
        return (
            f"the move would leave {colour}'s king open to capture by "
            f"{SEAT_NAMES[next_seat(seat)]}, who moves next"
        )

    def _why_castling(self, state: HouseState, move: Move) -> str:
        t = self.tables
        g = self.geometry
        board = state.board
        seat = state.seat
        colour = board.turn
        king = move.origin
        rooks = board.castling & board.colours[colour] & t.back_rank[colour] & board.pieces[t.rook]
        if (1 << move.target) & board.colours[colour] & board.pieces[t.rook]:
            rook = move.target if (1 << move.target) & rooks else -1
        else:
            side = [r for r in range(t.n) if rooks >> r & 1 and (r > king) == (move.target > king)]
            rook = side[0] if side else -1
        if rook < 0 or not (1 << king) & t.back_rank[colour]:
            return "castling needs a king and a rook that have not moved"
        king_to, rook_to = t.castle_squares(colour, king, rook)
        half = self._half_text(seat)
        if not self.house.on_half(seat, king, king_to):
            return (
                f"castling moves the king from {g.name(king)} to {g.name(king_to)}, "
                f"which neither starts nor ends on the {half}"
            )
        if self.house.castling_needs_both and not self.house.on_half(seat, rook, rook_to):
            return (
                f"castling moves the rook from {g.name(rook)} to {g.name(rook_to)}, "
                f"which neither starts nor ends on the {half}"
            )
        if t.moves[king][rook] in self.house.castling(board, seat):
            return self._exposed_text(seat)
        path = t.between[king][king_to] | t.between[rook][rook_to] | (1 << king_to)
        if (board.occupied ^ (1 << king) ^ (1 << rook)) & (path | (1 << rook_to)):
            return "castling needs every square the king and the rook cross to be empty"
        return (
            f"the king may not castle from or across a square where "
            f"{SEAT_NAMES[next_seat(seat)]}, who moves next, could capture it"
        )

    # -- serialisation (see `motley.games.crowded_house.state`) ---------------------------

    def fen(self, board: Position) -> str:
        """The board as FEN; the en-passant field is kept as the rules keep it."""
        return fen_text(self.tables, board)

    def state_to_json(self, state: HouseState) -> dict[str, Any]:
        return state_json(self.tables, state)

    def state_from_json(self, data: Mapping[str, Any]) -> HouseState:
        return read_state(self.tables, data)

    def evaluate(self, state: HouseState, seat: int) -> float:
        """Material, placement and king shelter of the seat's colour (see `evaluate.py`)."""
        return evaluate.evaluate(self.tables, state, colour_of(seat))
