"""Two Move Chess: both players choose two piece cards at once, then the cards move pieces.

Seed: 002, The Rules of Chess Kit, section Two Move Chess (Don Kirkby), with Appendix A for
the cards; readings from RULES-NOTES section 7.

Rules in short:

* Each player holds five cards: knight, bishop, rook, queen, king (no pawn). At setup White
  lays two cards face up; they cannot be chosen in the first turn.
* Each turn both players secretly choose two cards that are not lying face up in front of
  them (a SIMULTANEOUS node), then reveal them. The same pair on both sides: nothing moves.
  One card in common: it is eliminated and each player's other card moves twice.
* The cards left move in the order knight, bishop, rook, queen, king (after cancelling, no
  type is held by both players). Each move is its owner's decision: a piece of the card's
  type, or one of the player's least valuable movable pieces (usually a pawn). A card that
  can move must; one that cannot is spent. No pawn moves twice in one turn.
* Pieces move as in chess, but there is no check: moving next to or onto an attacked square
  is allowed, and taking the enemy king wins at once, even in the middle of a turn.
  Castling takes the king card, needs an unmoved king and rook with empty squares between
  them, and ignores attacks. Pawns promote; there is no en passant.
* After the moves, whoever has four cards face up takes them all back; the other player's
  two stay face up and cannot be chosen next turn.

Interpretations (each a named option where the text is open):

* `first_face_up` = `choose` (default): White picks its two face-up cards at the start (a
  decision node); a pair such as `KR` (the seed's advice for a first game) lays those
  instead.
* `promoted_pawn_moves_again` = true: a pawn promoted by a card's first move may move again,
  as its new piece, with that card's second move or a later card (the quiz's last example,
  two-move-chess7, promotes with one rook move and captures with the next). False: the
  promoted piece is still "the same pawn" and may not move again that turn.
* "Least valuable movable" is judged at the moment of each move, among pieces that have a
  move then; a pawn that has already moved this turn does not count as movable. Values go
  pawn, knight, bishop, rook, queen, king, as the cards are ordered.
* Castling is a king-card move only: another card whose least valuable movable piece is the
  king moves it by a king's step (such a king has no rook free to castle with anyway).
* Draws: the seed names none. As in chess, `repetition` = 3 draws when the same board with
  the same face-up cards stands at the start of a turn for the third time, and
  `no_progress_turns` = 50 draws after 50 turns with no capture and no pawn move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from motley.chesslike import movegen
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.rules import Outcome
from motley.core import present as shown
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.rules import NodeKind, Rules
from motley.core.spec import GameSpec, OptionSpec, Trait
from motley.games.synchronous.board import (
    GEOMETRY,
    KING,
    PAWN,
    SEAT_NAMES,
    START,
    TABLES,
    as_mover,
    draw_board,
    find_move,
    has_king,
    is_castling,
    kind_on,
    material,
    move_text,
    owner,
    parse_coordinates,
    read_board,
)
from motley.games.two_move import diagrams, present
from motley.games.two_move import state as codec
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
from motley.games.two_move.state import CHOOSE, MOVE, SETUP, TwoMoveState, position_key
from motley.geometry import cellset
from motley.geometry.base import Geometry

Action = CardPair | Move


class TwoMove(Rules[TwoMoveState, Action]):
    geometry: Geometry = GEOMETRY  # the board, for anything that draws it
    spec = GameSpec(
        id="two_move",
        title="Two Move Chess",
        version=1,
        players=2,
        seat_names=SEAT_NAMES,
        summary="Both players choose two piece cards at once; the cards then move pieces "
        "from least to most valuable. Take the king to win.",
        seed="002, The Rules of Chess Kit: Two Move Chess (and Appendix A, chess cards)",
        traits=frozenset({Trait.SIMULTANEOUS}),
        options=(
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
            OptionSpec(
                "repetition",
                3,
                "drawn when the same board and face-up cards stand at the start of a turn "
                "this many times (0: never)",
                label="Draw when a position repeats (times)",
            ),
            OptionSpec(
                "no_progress_turns",
                50,
                "drawn after this many turns with no capture and no pawn move (0: never)",
                label="Draw after turns without progress",
            ),
            OptionSpec(
                "position",
                "",
                "a board to start from: FEN placement and castling rights ('-' for none)",
                label="Start from a position",
            ),
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        try:
            board = read_board(str(self.options["position"]) or START)
        except NotationError as error:
            raise OptionError(f"option 'position': {error}") from None
        if not (has_king(board, 0) and has_king(board, 1)):
            raise OptionError("option 'position': each side needs its king")
        first = str(self.options["first_face_up"])
        self._start = TwoMoveState(board, SETUP)
        if first != "choose":
            try:
                pair = read_pair(first)
            except NotationError as error:
                raise OptionError(f"option 'first_face_up': {error} (or 'choose')") from None
            self._start = self._lay_out(self._start, pair)
        self._memo: tuple[TwoMoveState | None, list[Move]] = (None, [])

    # -- card moves --------------------------------------------------------------------------

    def card_moves(self, state: TwoMoveState) -> list[Move]:
        """The moves the next card allows its owner (empty outside the move phase)."""
        if self._memo[0] is not state:
            found: list[Move] = []
            if state.phase == MOVE and state.queue and not self._king_taken(state.board):
                seat, card = state.queue[0]
                found = self.moves_for(state.board, seat, card, state.moved)
            self._memo = (state, found)
        return self._memo[1]

    def moves_for(self, board: Position, seat: int, card: int, moved: int) -> list[Move]:
        """What `card` lets `seat` move: a piece of its type or of the least valuable type
        that can move; `moved` holds the pawns that have moved already this turn."""
        candidates = [
            m
            for m in self._piece_moves(board, seat, moved)
            if not is_castling(board, m)  # castling is the king card's, added below
        ]
        movable = {kind_on(board, m.origin) for m in candidates}
        allowed = {card, min(movable)} if movable else {card}
        found = [m for m in candidates if kind_on(board, m.origin) in allowed]
        if card == KING:
            found += self._castles(board, seat)
        return found

    def _piece_moves(self, board: Position, seat: int, moved: int) -> list[Move]:
        """Every move by the pieces' movement (no check in this game), minus the pawns that
        have moved this turn (the seed: no pawn moves twice in one turn)."""
        barred = moved
        if self.options["promoted_pawn_moves_again"]:
            barred &= board.pieces[PAWN]
        return [
            m
            for m in movegen.pseudo_legal_moves(TABLES, as_mover(board, seat))
            if not (1 << m.origin) & barred
        ]

    def _castles(self, board: Position, seat: int) -> list[Move]:
        """Castling with the king card: unmoved king and rook, nothing between them; the
        seed says attacks on the king's squares do not matter."""
        king = movegen.king_cell(TABLES, board, seat)
        rooks = board.castling & board.colours[seat] & board.pieces[TABLES.rook]
        found = []
        for rook in cellset.cells(rooks):
            if king >= 0 and not TABLES.between[king][rook] & board.occupied:
                found.append(TABLES.moves[king][rook])
        return found

    def least_movable(self, board: Position, seat: int, moved: int = 0) -> str:
        """The name of `seat`'s least valuable movable piece type ('' if nothing can move)."""
        kinds = {kind_on(board, m.origin) for m in self._piece_moves(board, seat, moved)}
        return TABLES.kinds[min(kinds)].name if kinds else ""

    # -- the tree ----------------------------------------------------------------------------

    def initial_state(self) -> TwoMoveState:
        return self._start

    def _king_taken(self, board: Position) -> bool:
        return not (has_king(board, 0) and has_king(board, 1))

    def outcome(self, state: TwoMoveState) -> Outcome | None:
        """How the game has ended at `state`, or None while it goes on."""
        board = state.board
        if self._king_taken(board):
            return Outcome(0 if has_king(board, 0) else 1, "capture of the king")
        if state.phase != CHOOSE:
            return None
        limit = int(self.options["no_progress_turns"])
        if limit and len(state.seen) - 1 >= limit:
            return Outcome(None, f"{limit} turns without a capture or pawn move")
        times = int(self.options["repetition"])
        if times and state.seen.count(state.seen[-1]) >= times:
            return Outcome(None, f"the same position {times} times")
        return None

    def kind(self, state: TwoMoveState) -> NodeKind:
        if self.outcome(state) is not None:
            return NodeKind.TERMINAL
        return NodeKind.SIMULTANEOUS if state.phase == CHOOSE else NodeKind.DECISION

    def actors(self, state: TwoMoveState) -> tuple[int, ...]:
        if self.outcome(state) is not None:
            return ()
        if state.phase == CHOOSE:
            return (0, 1)
        if state.phase == SETUP:
            return (0,)
        return (state.queue[0][0],)

    def choices(self, state: TwoMoveState, seat: int) -> list[CardPair]:
        """The pairs `seat` may choose: any two cards not lying face up in front of it."""
        return pairs_from(HAND & ~state.face_up[seat])

    def legal_actions(self, state: TwoMoveState, seat: int | None = None) -> Sequence[Action]:
        actors = self.actors(state)
        if seat is None:
            if len(actors) > 1:
                raise StateError("two_move: both players choose at once; name the seat")
            if not actors:
                return []
            seat = actors[0]
        if seat not in actors:
            return []
        if state.phase == SETUP:
            return pairs_from(HAND)
        if state.phase == CHOOSE:
            return self.choices(state, seat)
        return self.card_moves(state)

    def apply(self, state: TwoMoveState, action: Action) -> TwoMoveState:
        if state.phase == CHOOSE:
            raise StateError("two_move: both players choose at once (use apply_joint)")
        self.check_legal(state, action)
        if isinstance(action, CardPair):
            return self._lay_out(state, action)
        return self._move(state, action)

    def _lay_out(self, state: TwoMoveState, pair: CardPair) -> TwoMoveState:
        """Setup: White's face-up cards, which it may not choose in the first turn."""
        face_up = (pair.cards, 0)
        return state._replace(
            phase=CHOOSE, face_up=face_up, seen=(position_key(state.board, face_up),)
        )

    def apply_joint(self, state: TwoMoveState, actions: Mapping[int, Action]) -> TwoMoveState:
        if state.phase != CHOOSE or self.outcome(state) is not None:
            raise StateError("two_move: only the choice of cards is made at the same time")
        if sorted(actions) != [0, 1]:
            raise StateError("two_move: need exactly one pair of cards from each player")
        for seat, action in actions.items():
            self.check_legal(state, action, seat)
        chosen = (self._cards(actions[0]), self._cards(actions[1]))
        face_up = (state.face_up[0] | chosen[0], state.face_up[1] | chosen[1])
        revealed = state._replace(
            phase=MOVE, face_up=face_up, chosen=chosen, queue=resolution(*chosen)
        )
        return self._next_card(revealed)

    @staticmethod
    def _cards(action: Action) -> int:
        assert isinstance(action, CardPair)
        return action.cards

    def _move(self, state: TwoMoveState, move: Move) -> TwoMoveState:
        seat = state.queue[0][0]
        board = state.board
        pawn = kind_on(board, move.origin) == PAWN
        capture = owner(board, move.target) == seat ^ 1
        after = make_move(TABLES, as_mover(board, seat), move)
        # no en passant in this game, and the turn's own history is kept in the state
        after = after._replace(turn=0, ep=-1, halfmove=0, fullmove=1, previous=None)
        if not has_king(after, seat ^ 1):  # a king taken at home takes its castling rights
            after = after._replace(castling=after.castling & ~TABLES.back_rank[seat ^ 1])
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

    def returns(self, state: TwoMoveState) -> tuple[float, ...]:
        result = self.outcome(state)
        if result is None or result.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if result.winner == 0 else (-1.0, 1.0)

    # -- actions as text ---------------------------------------------------------------------

    def action_text(self, state: TwoMoveState, action: Action) -> str:
        if isinstance(action, CardPair):
            return cards_text(action.cards)
        return move_text(state.board, action)

    def parse_action(self, state: TwoMoveState, text: str, seat: int | None = None) -> Action:
        actors = self.actors(state)
        if not actors:
            raise IllegalAction(text, "the game is over")
        if seat is None:
            if len(actors) > 1:
                raise IllegalAction(text, "both players choose at once: say which one this is")
            seat = actors[0]
        if seat not in actors:
            raise IllegalAction(text, f"{SEAT_NAMES[seat]} has nothing to choose now")
        if state.phase != MOVE:
            return self.check_legal(state, read_pair(text), seat)
        if read_cards_or_none(text):
            raise IllegalAction(text.strip(), "the cards are already revealed: move a piece")
        found = find_move(state.board, seat, text, self.card_moves(state))
        if found is None:
            coords = parse_coordinates(text.strip())
            if coords is None:
                reason = f"no move of this card matches it: {self._card_rule(state)}"
                raise IllegalAction(text.strip(), reason)
            raise IllegalAction(text.strip(), self._why_not(state, Move(*coords)))
        return found

    def check_legal(self, state: TwoMoveState, action: Action, seat: int | None = None) -> Action:
        if action in self.legal_actions(state, seat):
            return action
        raise IllegalAction(self.action_text(state, action), self._why_not(state, action, seat))

    def _why_not(self, state: TwoMoveState, action: Action, seat: int | None = None) -> str:
        """The rule an action breaks, in words."""
        if self.outcome(state) is not None:
            return "the game is over"
        if isinstance(action, CardPair):
            if state.phase == MOVE:
                return "the cards are already revealed: now the cards move pieces"
            if seat is not None and seat not in self.actors(state):
                return f"{SEAT_NAMES[seat]} has nothing to choose now"
            face_up = state.face_up[seat if seat is not None else 0] & action.cards
            if action.cards.bit_count() != 2:
                return "choose exactly two cards"
            names = " and ".join(NAMES[k] for k in range(6) if face_up >> k & 1)
            return f"the {names} card lies face up from last turn and cannot be chosen"
        if state.phase != MOVE:
            return "first both players choose two cards; pieces move after the reveal"
        seat, card = state.queue[0]
        board = state.board
        name = GEOMETRY.name(action.origin)
        if owner(board, action.origin) != seat:
            return f"there is no {SEAT_NAMES[seat]} piece on {name}"
        if (1 << action.origin) & state.moved and kind_on(board, action.origin) == PAWN:
            return "a pawn may not move twice in one turn"
        kind = kind_on(board, action.origin)
        least = self.least_movable(board, seat, state.moved)
        if kind != card and TABLES.kinds[kind].name != least:
            return self._card_rule(state)
        if kind == KING and (is_castling(board, action) or abs(action.target - action.origin) == 2):
            return "castling needs the king card, an unmoved king and rook, and nothing between"
        piece = TABLES.kinds[kind].name
        return f"the {piece} on {name} cannot reach {GEOMETRY.name(action.target)}"

    def _card_rule(self, state: TwoMoveState) -> str:
        seat, card = state.queue[0]
        least = self.least_movable(state.board, seat, state.moved)
        return (
            f"the {NAMES[card]} card moves a {NAMES[card]} or one of {SEAT_NAMES[seat]}'s least "
            f"valuable movable pieces ({least}s)"
        )

    # -- information and serialisation -------------------------------------------------------

    def state_to_json(self, state: TwoMoveState) -> dict[str, Any]:
        return codec.state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> TwoMoveState:
        state = codec.state_from_json(data)
        if state.phase == MOVE and state.queue and not self.card_moves(state):
            raise StateError("the next card in 'queue' can move nothing; it would be spent")
        return state

    def render(self, state: TwoMoveState, seat: int = -1) -> str:
        lines = draw_board(state.board, flipped=seat == 1)
        for s in (0, 1):
            shown = " ".join(cards_text(state.face_up[s])) or "-"
            lines.append(f"{SEAT_NAMES[s]}'s cards face up: {shown}")
        result = self.outcome(state)
        if result is not None:
            winner = "draw" if result.winner is None else f"{SEAT_NAMES[result.winner]} wins"
            lines.append(f"Game over: {winner} by {result.reason}")
        elif state.phase == SETUP:
            lines.append("White lays two cards face up; they cannot be chosen in turn 1")
        elif state.phase == CHOOSE:
            lines.append(f"Turn {state.turn}: both players choose two cards (e.g. BQ)")
        else:
            revealed = ", ".join(f"{SEAT_NAMES[s]} {cards_text(state.chosen[s])}" for s in (0, 1))
            mover, card = state.queue[0]
            left = " ".join(f"{SEAT_NAMES[s][0]}{cards_text(1 << c)}" for s, c in state.queue)
            lines.append(f"Revealed: {revealed}; moves to come: {left}")
            least = self.least_movable(state.board, mover, state.moved)
            lines.append(
                f"{SEAT_NAMES[mover]}'s {NAMES[card]} card: move a {NAMES[card]} or a {least}"
            )
        return "\n".join(lines)

    def evaluate(self, state: TwoMoveState, seat: int) -> float:
        return material(state.board, seat)

    # -- presentation (see `motley.games.two_move.present`) ----------------------------------

    def layout(self) -> shown.Layout:
        return present.layout()

    def scene(self, view: TwoMoveState, seat: int) -> shown.Scene:
        return present.scene(self, view, seat)

    def gesture(self, view: TwoMoveState, action: Action) -> shown.Gesture:
        return present.gesture(view, action)

    def notate(self, state: TwoMoveState, action: Action, seat: int) -> str:
        return present.notate(self, state, action)

    def diagrams(self) -> tuple[shown.Diagram, ...]:
        return diagrams.diagrams(self)


def read_cards_or_none(text: str) -> int:
    """The cards `text` names, or 0 when it is not card letters."""
    try:
        return read_cards(text)
    except NotationError:
        return 0
