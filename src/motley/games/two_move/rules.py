"""The rules object of Two Move Chess (seed 002, The Rules of Chess Kit; readings in the
package docstring).

The turn is a simultaneous choice of cards, then one decision per card move; what every
simultaneous-move game on the orthodox board shares comes from `SimultaneousChess`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from motley.chesslike import movegen
from motley.chesslike import turnless as tl
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.simultaneous import SimultaneousChess, draw_options, header
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Phase
from motley.core.spec import OptionSpec
from motley.games.two_move import present
from motley.games.two_move.cards import (
    HAND,
    NAMES,
    CardPair,
    after_turn,
    cards_text,
    pairs_from,
    read_cards,
    read_pair,
    resolution,
)
from motley.games.two_move.state import (
    CHOOSE,
    CODEC,
    MOVE,
    SETUP,
    TwoMoveState,
    position_key,
)
from motley.geometry import cellset

Action = CardPair | Move
# the phases, made once (asked for at every step of a playout)
CHOOSING = Phase.simultaneous((0, 1), "choose cards")
LAYING_OUT = Phase.decision(0, "lay out cards")
CARD_MOVES = (Phase.decision(0, "card moves"), Phase.decision(1, "card moves"))


class TwoMove(SimultaneousChess[TwoMoveState, Action]):
    choosers = "players"
    spec = header(
        "two_move",
        "Two Move Chess",
        "Both players choose two piece cards at once; the cards then move pieces from least "
        "to most valuable. Take the king to win.",
        (
            OptionSpec(
                "first_face_up",
                "choose",
                "White's two face-up cards at setup: 'choose' lets White pick them; a pair "
                "such as 'KR' (the seed's advice for a first game) lays those",
                label="White's first face-up cards",
            ),
            OptionSpec(
                "promoted_pawn_moves_again",
                True,
                "whether a pawn promoted during a turn may move again that turn as its new piece",
                label="A promoted pawn may move again",
            ),
            *draw_options("board and face-up cards stand", "position"),
        ),
        cards=True,
    )
    presentation = present
    codec = CODEC

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        first = str(self.options["first_face_up"])
        self._start = TwoMoveState(self.start_board(), SETUP)
        if first != "choose":
            try:
                pair = read_pair(first)
            except NotationError as error:
                raise OptionError(f"option 'first_face_up': {error} (or 'choose')") from None
            self._start = self._lay_out(self._start, pair)

    # -- card moves --------------------------------------------------------------------------

    @last_asked
    def card_moves(self, state: TwoMoveState) -> list[Move]:
        """The moves the next card allows its owner (empty outside the move phase)."""
        if state.phase != MOVE or not state.queue or self._king_taken(state.board):
            return []
        seat, card = state.queue[0]
        return self.moves_for(state.board, seat, card, state.moved)

    def moves_for(self, board: Position, seat: int, card: int, moved: int) -> list[Move]:
        """What `card` lets `seat` move: a piece of its type or of the least valuable type
        that can move; `moved` holds the pawns that have moved already this turn."""
        # `_piece_moves` less castling (the king card's, added below), a kind at a time: this
        # runs at every card move of a playout (bench/playout_bench.py)
        t = tl.TABLES
        us = board.colours[seat]
        movers = us & ~self._barred(board, moved)
        them = board.colours[seat ^ 1]
        reaches = movegen.pseudo_reaches(
            t, tl.as_mover(board, seat), movers, board.occupied, them, board.ep
        )
        movable = 0
        for origin, reach in reaches.items():
            if reach:
                movable |= 1 << origin
        pieces = board.pieces
        least = next((bits for bits in pieces if bits & movable), 0)
        zone = t.promotion_zone[seat]
        pawns = pieces[tl.PAWN]
        rows, promotions = t.moves, t.promotion_moves
        found: list[Move] = []
        for origin in cellset.cells((pieces[card] | least) & movable):
            reach = reaches[origin]
            promoting = reach & zone if (1 << origin) & pawns else 0
            row = rows[origin]
            found.extend(row[target] for target in cellset.cells(reach & ~promoting))
            for target in cellset.cells(promoting):
                found.extend(promotions[origin, target])
        if card == tl.KING:
            found += self._castles(board, seat)
        return found

    def _piece_moves(self, board: Position, seat: int, moved: int) -> list[Move]:
        """Every move by the pieces' movement (no check in this game), minus the pawns that
        have moved this turn (the seed: no pawn moves twice in one turn)."""
        barred = self._barred(board, moved)
        return [
            m
            for m in movegen.pseudo_legal_moves(tl.TABLES, tl.as_mover(board, seat))
            if not (1 << m.origin) & barred
        ]

    def _barred(self, board: Position, moved: int) -> int:
        """The cells of pieces that may not move again this turn."""
        if self.options["promoted_pawn_moves_again"]:
            return moved & board.pieces[tl.PAWN]
        return moved

    def _castles(self, board: Position, seat: int) -> list[Move]:
        """Castling with the king card: unmoved king and rook, nothing between them; the
        seed says attacks on the king's squares do not matter."""
        king = movegen.king_cell(tl.TABLES, board, seat)
        rooks = board.castling & board.colours[seat] & board.pieces[tl.TABLES.rook]
        found = []
        for rook in cellset.cells(rooks):
            if king >= 0 and not tl.TABLES.between[king][rook] & board.occupied:
                found.append(tl.TABLES.moves[king][rook])
        return found

    def least_movable(self, board: Position, seat: int, moved: int = 0) -> str:
        """The name of `seat`'s least valuable movable piece type ('' if nothing can move)."""
        kinds = {tl.kind_on(board, m.origin) for m in self._piece_moves(board, seat, moved)}
        return tl.TABLES.kinds[min(kinds)].name if kinds else ""

    # -- the tree ----------------------------------------------------------------------------

    def initial_state(self) -> TwoMoveState:
        return self._start

    def _king_taken(self, board: Position) -> bool:
        return not (tl.has_king(board, 0) and tl.has_king(board, 1))

    def between_turns(self, state: TwoMoveState) -> bool:
        return state.phase == CHOOSE

    def phase(self, state: TwoMoveState) -> Phase:
        if self.outcome(state) is not None:
            return OVER
        if state.phase == CHOOSE:
            return CHOOSING
        if state.phase == SETUP:
            return LAYING_OUT
        return CARD_MOVES[state.queue[0][0]]

    def choices(self, state: TwoMoveState, seat: int) -> Sequence[Action]:
        """Setup: any pair to lay face up; then any two cards not lying face up in front of
        `seat`; after the reveal, what the next card allows."""
        if state.phase == SETUP:
            return pairs_from(HAND)
        if state.phase == CHOOSE:
            return pairs_from(HAND & ~state.face_up[seat])
        return self.card_moves(state)

    def carry_out(self, state: TwoMoveState, actions: Mapping[int, Action]) -> TwoMoveState:
        if state.phase == CHOOSE:
            return self._reveal(state, self._cards(actions[0]), self._cards(actions[1]))
        (action,) = actions.values()
        if isinstance(action, CardPair):
            return self._lay_out(state, action)
        return self._move(state, action)

    def _lay_out(self, state: TwoMoveState, pair: CardPair) -> TwoMoveState:
        """Setup: White's face-up cards, which it may not choose in the first turn."""
        face_up = (pair.cards, 0)
        return state._replace(
            phase=CHOOSE, face_up=face_up, seen=(position_key(state.board, face_up),)
        )

    def _reveal(self, state: TwoMoveState, white: int, black: int) -> TwoMoveState:
        """Both pairs face up; the cards left after cancelling move in the seed's order."""
        face_up = (state.face_up[0] | white, state.face_up[1] | black)
        revealed = state._replace(
            phase=MOVE, face_up=face_up, chosen=(white, black), queue=resolution(white, black)
        )
        return self._next_card(revealed)

    @staticmethod
    def _cards(action: Action) -> int:
        assert isinstance(action, CardPair)
        return action.cards

    def _move(self, state: TwoMoveState, move: Move) -> TwoMoveState:
        seat = state.queue[0][0]
        board = state.board
        pawn = tl.kind_on(board, move.origin) == tl.PAWN
        capture = tl.owner(board, move.target) == seat ^ 1
        after = make_move(tl.TABLES, tl.as_mover(board, seat), move)
        # no en passant in this game, and the turn's own history is kept in the state
        after = after._replace(turn=0, ep=-1, halfmove=0, fullmove=1, previous=None)
        if not tl.has_king(after, seat ^ 1):  # a king taken at home takes its castling rights
            after = after._replace(castling=after.castling & ~tl.TABLES.back_rank[seat ^ 1])
        # follow the pieces that set out this turn as pawns (a promoted one too)
        moved = state.moved & ~(1 << move.origin) & ~(1 << move.target)
        if pawn or (1 << move.origin) & state.moved:
            moved |= 1 << move.target
        moved_on = state._replace(
            board=after,
            queue=state.queue[1:],
            moved=moved,
            progress=state.progress or pawn or capture,
        )
        return self._next_card(moved_on)

    def _next_card(self, state: TwoMoveState) -> TwoMoveState:
        """Skip cards that cannot move anything; end the turn when no card is left."""
        if self._king_taken(state.board):
            return state._replace(queue=())  # taking the king ends the game at once
        while state.queue:
            if self.card_moves(state):
                return state
            state = state._replace(queue=state.queue[1:])  # a card that cannot move is spent
        face_up = after_turn(state.face_up)
        key = position_key(state.board, face_up)
        seen = (key,) if state.progress else (*state.seen, key)
        return TwoMoveState(
            state.board, CHOOSE, face_up, (0, 0), (), 0, state.turn + 1, False, seen
        )

    # -- actions as text ---------------------------------------------------------------------

    def action_text(self, state: TwoMoveState, action: Action) -> str:
        if isinstance(action, CardPair):
            return cards_text(action.cards)
        return tl.move_text(state.board, action)

    def parse_action(self, state: TwoMoveState, text: str, seat: int | None = None) -> Action:
        seat = self.parse_seat(state, text, seat)
        if state.phase != MOVE:
            return self.check_legal(state, read_pair(text), seat)
        if read_cards_or_none(text):
            raise IllegalAction(text.strip(), "the cards are already revealed: move a piece")
        found = tl.find_move(state.board, seat, text, self.card_moves(state))
        if found is None:
            coords = tl.parse_coordinates(text.strip())
            if coords is None:
                reason = f"no move of this card matches it: {self._card_rule(state)}"
                raise IllegalAction(text.strip(), reason)
            raise IllegalAction(text.strip(), self.why_not(state, Move(*coords), seat))
        return found

    def why_not(self, state: TwoMoveState, action: Action, seat: int) -> str:
        if isinstance(action, CardPair):
            if state.phase == MOVE:
                return "the cards are already revealed: now the cards move pieces"
            face_up = state.face_up[seat] & action.cards
            if action.cards.bit_count() != 2:
                return "choose exactly two cards"
            names = " and ".join(NAMES[k] for k in range(6) if face_up >> k & 1)
            return f"the {names} card lies face up from last turn and cannot be chosen"
        if state.phase != MOVE:
            return "first both players choose two cards; pieces move after the reveal"
        card = state.queue[0][1]
        board = state.board
        if foreign := tl.not_own_piece(board, action, seat):
            return foreign
        if (1 << action.origin) & state.moved and tl.kind_on(board, action.origin) == tl.PAWN:
            return "a pawn may not move twice in one turn"
        kind = tl.kind_on(board, action.origin)
        least = self.least_movable(board, seat, state.moved)
        if kind != card and tl.TABLES.kinds[kind].name != least:
            return self._card_rule(state)
        if tl.tries_castling(board, action):
            return "castling needs the king card, an unmoved king and rook, and nothing between"
        return tl.cannot_reach(board, action)

    def _card_rule(self, state: TwoMoveState) -> str:
        seat, card = state.queue[0]
        least = self.least_movable(state.board, seat, state.moved)
        return (
            f"the {NAMES[card]} card moves a {NAMES[card]} or one of {tl.SEAT_NAMES[seat]}'s "
            f"least valuable movable pieces ({least}s)"
        )

    # -- serialisation -----------------------------------------------------------------------

    def check_state(self, state: TwoMoveState) -> None:
        if state.phase == MOVE and state.queue and not self.card_moves(state):
            raise StateError("the next card in 'queue' can move nothing; it would be spent")


def read_cards_or_none(text: str) -> int:
    """The cards `text` names, or 0 when it is not card letters."""
    try:
        return read_cards(text)
    except NotationError:
        return 0
