"""Telepathic Chess, the rules object (seed 002, The Rules of Chess Kit, Telepathic Chess).

The package docstring (`motley.games.telepathic`) states the rules and every reading chosen.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from motley.chesslike import movegen
from motley.chesslike.draws import history_draw
from motley.chesslike.fen import parse_fen
from motley.chesslike.orthodox import OrthodoxBoardRules
from motley.chesslike.position import Move, Position
from motley.chesslike.refusals import movement_refusal, promotion_refusal, tries_castling
from motley.chesslike.rules import DRAW_OPTIONS, ORTHODOX_START, start_from
from motley.chesslike.spec import kit_seed, position_option
from motley.chesslike.tables import PROMOTIONS
from motley.components.chess_cards import NAMES, TYPES
from motley.core.errors import IllegalAction, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Outcome, Phase
from motley.core.spec import GameSpec, OptionSpec, Trait, Utility
from motley.games.telepathic import evaluate, notation, present
from motley.games.telepathic.state import (
    EIGHT,
    END,
    MOVE,
    PREDICT,
    REMOVE,
    SEAT_NAMES,
    TEAM_NAMES,
    TEAMS,
    UNSEEN,
    Action,
    Codec,
    Predict,
    Remove,
    TeleState,
    TeleView,
)
from motley.games.telepathic.turn import EIGHTH_LOSS, KING_SAFETY, REMOVERS, TurnRules

ARMY = 16  # pieces in a full army: a position option's missing pieces count as lost


class TelepathicChess(OrthodoxBoardRules[TeleState, Action]):
    spec = GameSpec(
        id="telepathic",
        title="Telepathic Chess",
        players=4,
        seat_names=SEAT_NAMES,
        summary=(
            "Chess for two teams of two: each turn one partner secretly predicts with a card "
            "which piece type the other will move; the prediction pulls or pushes a trophy, "
            "and pushing it off the end costs a piece. Capture the king to win."
        ),
        seed=kit_seed("Telepathic Chess"),
        traits=frozenset({Trait.HIDDEN, Trait.TEAMS}),
        utility=Utility.TEAMS,
        teams=TEAMS,
        options=(
            OptionSpec(
                "white_first_mover",
                0,
                "which White seat makes White's first move (its partner predicts first); "
                "the roles then swap every White turn",
                (0, 2),
                label="White's first mover",
            ),
            OptionSpec(
                "black_first_mover",
                1,
                "which Black seat makes Black's first move (its partner predicts first)",
                (1, 3),
                label="Black's first mover",
            ),
            OptionSpec(
                "remover",
                "next_mover",
                "who chooses the piece a losing team removes: the team's player who moves next "
                "for it ('next_mover') or its other player, who holds the cards next "
                "('next_predictor')",
                REMOVERS,
                label="Who removes a lost piece",
            ),
            OptionSpec(
                "king_removable",
                False,
                "a team pushed beyond its end may remove its king too, and loses by doing so "
                "(a team with only its king must); default: never the king, and a team with "
                "only its king removes nothing",
                label="The king may be removed",
            ),
            OptionSpec(
                "eighth_loss",
                "at_once",
                "when a team has lost eight pieces its face-up card goes back to its hand at "
                "once ('at_once') or stays until the team's next pick-up ('after_turn')",
                EIGHTH_LOSS,
                label="After the eighth lost piece",
            ),
            OptionSpec(
                "king_safety",
                "chess",
                "'chess': moves must be legal in chess (the mover's king is never left in "
                "check), except that taking the enemy king is always allowed, and a team in "
                "check with no move is mated; 'none': no check rule, a king left attacked is "
                "simply captured",
                KING_SAFETY,
                label="Check rule",
            ),
            OptionSpec(
                "turn_limit",
                400,
                "the game is drawn after this many team turns (moves of both teams together; "
                "0: never)",
                label="Draw after this many team turns",
            ),
            position_option("a FEN to start from; pieces missing from a side's 16 count as lost"),
            *DRAW_OPTIONS,
        ),
    )
    presentation = present
    codec: Codec  # set with the tables, in __init__

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.turns = TurnRules(
            self.tables,
            str(self.options["remover"]),
            str(self.options["eighth_loss"]),
            str(self.options["king_safety"]),
            bool(self.options["king_removable"]),
        )
        self.codec = Codec(self.tables, self.turns)
        self._start = self._initial()

    def _initial(self) -> TeleState:
        t = self.tables
        board = start_from(self.options, lambda fen: parse_fen(t, fen), ORTHODOX_START)
        lost = tuple(max(0, ARMY - board.colours[c].bit_count()) for c in (0, 1))
        # setup: each team's predictor plays the pawn card face up (none after eight losses
        # under eighth_loss=at_once)
        at_once = self.options["eighth_loss"] == "at_once"
        face_up = tuple("" if at_once and n >= EIGHT else "P" for n in lost)
        state = TeleState(
            board=board._replace(previous=None),
            phase=PREDICT,
            movers=(int(self.options["white_first_mover"]), int(self.options["black_first_mover"])),
            face_up=(face_up[0], face_up[1]),
            face_down="",
            trophy=0,
            lost=(lost[0], lost[1]),
            loser=-1,
            turns=0,
            history=(),
            last="",
        )
        return replace(state, history=(self.turns.key(state),))

    # -- the tree ---------------------------------------------------------------------------

    def phase(self, state: TeleState) -> Phase:
        return OVER if self.outcome(state) else Phase.decision(self.actor(state), state.phase)

    def choices(self, state: TeleState, seat: int) -> Sequence[Action]:
        if state.phase == PREDICT:
            return [Predict(card) for card in state.hand()]
        if state.phase == REMOVE:
            bits = self.turns.removable(state.board, state.loser)
            return [Remove(c) for c in range(self.tables.n) if bits >> c & 1]
        return self.moves(state.board)

    @last_asked
    def moves(self, board: Position) -> list[Move]:
        return self.turns.moves(board)

    @last_asked
    def outcome(self, state: TeleState) -> Outcome | None:
        """The result if the game is over, else None (draws are judged as a turn starts).
        `winner` is the winning team (0 White, 1 Black), which is also the seat of its first
        player, so the base `returns` shares the win by teams."""
        if state.phase == END:
            if state.loser >= 0:  # a team removed its own king
                return Outcome(state.loser ^ 1, "king removed")
            return Outcome(state.team, "king captured")
        if state.phase != PREDICT:
            return None
        board = state.board
        if not self.moves(board):
            if self.turns.chess_safety and movegen.checkers(self.tables, board):
                return Outcome(state.team ^ 1, "checkmate")
            return Outcome(None, f"{TEAM_NAMES[state.team]} has no move")
        if board.occupied == board.pieces[self.tables.royal]:
            return Outcome(None, "insufficient material")
        limit = int(self.options["turn_limit"])
        if limit and state.turns >= limit:
            return Outcome(None, f"the turn limit ({limit} team turns)")
        idle = "turns without a capture, pawn move or removal"
        return history_draw(self.options, board.halfmove, state.history, idle)

    def actor(self, state: TeleState) -> int:
        """The seat to act (whether or not the game is over)."""
        if state.phase == PREDICT:
            return state.predictor
        if state.phase == REMOVE:
            return self.turns.remover(state)
        return state.mover

    def apply(self, state: TeleState, action: Action) -> TeleState:
        if action not in self.legal_actions(state):
            raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))
        if isinstance(action, Predict):
            return self.turns.predict(state, action.card)
        if isinstance(action, Remove):
            return self.turns.remove(state, action.cell)
        return self.turns.move(state, action)

    # -- actions as text --------------------------------------------------------------------

    def action_text(self, state: TeleState, action: Action) -> str:
        return notation.action_text(self.tables, state.board, state.team, action)

    def parse_action(self, state: TeleState, text: str, seat: int | None = None) -> Action:
        shape = notation.read(self.tables, text)  # malformed text fails first
        self.refuse_out_of_turn(state, text, None)  # the game is over
        actor = self.actor(state)
        if seat is not None and seat != actor:
            raise IllegalAction(text, f"it is {SEAT_NAMES[actor]}'s turn to {state.phase}")
        wanted = {PREDICT: "predict", MOVE: "move", REMOVE: "remove"}[state.phase]
        kind = "move" if shape.kind == "castle" else shape.kind
        if kind != wanted:
            raise IllegalAction(text, f"{SEAT_NAMES[actor]} must {self._task(state)} now")
        action: Action
        if shape.kind == "predict":
            action = Predict(shape.card)
        elif shape.kind == "remove":
            action = Remove(shape.target)
        else:
            found = notation.find_move(self.tables, state.board, self.moves(state.board), shape)
            if found is None:
                raise IllegalAction(
                    text,
                    "castling needs an unmoved king and rook, empty squares between and "
                    "no attacked square for the king",
                )
            action = found
        return self.check_legal(state, action)

    def _task(self, state: TeleState) -> str:
        if state.phase == PREDICT:
            return "predict: play a card face down ('predict N')"
        if state.phase == REMOVE:
            return f"remove one of {TEAM_NAMES[state.loser]}'s pieces ('remove b7')"
        return "move a piece"

    def why_illegal(self, state: TeleState, action: Action) -> str:
        if self.outcome(state):
            return "the game is over"
        g = self.geometry
        if isinstance(action, Predict):
            if state.phase != PREDICT:
                return f"the prediction is made; now {self._task(state)}"
            name = NAMES[action.card]
            if action.card == state.face_up[state.team]:
                return f"the {name} card lies face up on the table, not in the hand"
            return f"the {name} card is not in the hand"
        if isinstance(action, Remove):
            if state.phase != REMOVE:
                return "no team has to remove a piece now"
            bit = 1 << action.cell
            if not bit & state.board.colours[state.loser]:
                return f"{TEAM_NAMES[state.loser]} has no piece on {g.name(action.cell)}"
            return "the king may not be removed"
        if state.phase != MOVE:
            return f"first {self._task(state)}"
        return self._why_move(state.board, action)

    def _why_move(self, board: Position, move: Move) -> str:
        t = self.tables
        g = self.geometry
        origin_bit = 1 << move.origin
        name = g.name(move.origin)
        if not origin_bit & board.colours[board.turn]:
            return f"there is no {TEAM_NAMES[board.turn]} piece on {name}"
        refused = promotion_refusal(t, board, move, PROMOTIONS)
        if refused:
            return refused
        if tries_castling(t, board, move):
            return (
                "castling needs an unmoved king and rook, empty squares between and no "
                "attacked square for the king"
            )
        return movement_refusal(t, board, move)

    def event_text_for(self, state: TeleState, action: Action, seat: int) -> str:
        """What `seat` learns: a face-down card only by the predictor who plays it (the others
        hear that a card was played); a move with the card it revealed and what followed."""
        text = self.action_text(state, action)
        if isinstance(action, Predict):
            return text if seat == state.predictor else "predict (a card face down)"
        after = self.apply(state, action)
        said = [text]
        if isinstance(action, Move):
            said.append(after.last)
        result = self.outcome(after)
        if result is not None:
            said.append(f"game over: {self.describe(result)}")
        return "; ".join(said)

    def describe(self, result: Outcome | None) -> str:
        if result is None:
            return ""
        if result.winner is None:
            return f"draw by {result.reason}"
        return f"{TEAM_NAMES[result.winner]} wins: {result.reason}"

    # -- information ------------------------------------------------------------------------

    def view(self, state: TeleState, seat: int) -> TeleView:
        if state.phase == MOVE and seat != state.predictor:
            state = replace(state, face_down=UNSEEN)
        return TeleView(seat, state)

    def sample_hidden(self, view: Any, rng: random.Random) -> TeleState:
        if not isinstance(view, TeleView):
            raise StateError("telepathic: sample_hidden needs a Telepathic Chess view")
        state = view.state
        if state.face_down != UNSEEN:
            return state
        # the card is any of the predictor's hand: the team's cards less the face-up one
        up = state.face_up[state.team]
        return replace(state, face_down=rng.choice([c for c in TYPES if c != up]))

    def view_to_json(self, view: Any) -> dict[str, Any]:
        if not isinstance(view, TeleView):
            raise StateError("telepathic: not a Telepathic Chess view")
        return {"seat": view.seat, **self.codec.write(view.state)}

    # -- for players -------------------------------------------------------------------------

    def evaluate(self, state: TeleState, seat: int) -> float:
        """Material balance for the seat's team, plus a little for the trophy on its side."""
        return evaluate.evaluate(self.tables, state, seat)
