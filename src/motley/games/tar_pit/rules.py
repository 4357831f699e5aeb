"""Tar Pit Chess, the rules object (seed 002, The Rules of Chess Kit, section Tar Pit Chess).

The package docstring (`motley.games.tar_pit`) states the rules and every reading chosen;
`board` holds the tar-aware chess, `turn` the phases of a turn, `state` and `notation` the
written forms, `present` what the screens draw. Here: the options, the phases, which states
a game can reach, and in words why a decision is refused.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import partial
from typing import Any

from motley.chesslike.draws import history_draw
from motley.chesslike.orthodox import OrthodoxBoardRules
from motley.chesslike.position import Move
from motley.chesslike.present import outcome_words
from motley.chesslike.refusals import movement_refusal, origin_refusal
from motley.chesslike.rules import DRAW_OPTIONS, ORTHODOX_START, start_from
from motley.chesslike.spec import kit_spec, position_option, read_turn_limit, turn_limit_option
from motley.components.chess_cards import CHECKER, Card, Pile
from motley.core.errors import IllegalAction, OptionError, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Outcome, Phase
from motley.core.rules import SPECTATOR
from motley.core.spec import OptionSpec, Trait
from motley.games.tar_pit import evaluate, notation, present
from motley.games.tar_pit import state as st
from motley.games.tar_pit.board import TarBoard
from motley.games.tar_pit.state import Action, TarPitState, TarPitView
from motley.games.tar_pit.turn import TurnRules


class TarPitChess(OrthodoxBoardRules[TarPitState, Action]):
    spec = kit_spec(
        id="tar_pit",
        title="Tar Pit Chess",
        summary=(
            "Chess with checkers and a secret hand of cards: a piece on an enemy checker is "
            "tarred and moves like a pawn; after moving, a piece on its own checker may throw "
            "it one step, and a card adds a checker under a matching piece."
        ),
        traits=frozenset({Trait.CHANCE, Trait.HIDDEN}),
        options=(
            OptionSpec(
                "no_match",
                "yours",
                "a piece card whose pieces are all gone adds a checker under any of your own "
                "pieces ('yours', the seed) or under any piece of the card's colour ('colour', "
                "a newer text)",
                ("yours", "colour"),
                label="A card with no pieces left",
            ),
            OptionSpec(
                "tar_direction",
                "owner",
                "a tarred piece moves like its owner's pawns and is freed on its owner's last "
                "rank ('owner'), or like the pawns of the checker's owner and is freed on its "
                "own first rank ('tarrer')",
                ("owner", "tarrer"),
                label="Which way tarred pieces move",
            ),
            OptionSpec(
                "check_escape",
                "turn",
                "what may get a king out of check: the whole turn, so a throw or a card that "
                "tars the attacker also does ('turn'), or the move alone, every throw and card "
                "having to leave the king safe too ('move')",
                ("turn", "move"),
                label="What may get a king out of check",
            ),
            OptionSpec(
                "checkers",
                12,
                "checkers of each colour in the box",
                label="Checkers of each colour",
            ),
            OptionSpec(
                "start_checkers",
                6,
                "checkers in front of each player at the start (each is dealt as many cards)",
                label="Checkers in front of each player",
            ),
            OptionSpec(
                "checker_cards",
                2,
                "checker cards of each colour in the deck",
                label="Checker cards of each colour",
            ),
            turn_limit_option(400, why="the text has no such limit, it only guarantees an end"),
            position_option(
                "a FEN to start from, '*' after a piece on its own checker, '~' after a piece "
                "on the opponent's checker"
            ),
            *DRAW_OPTIONS,
        ),
    )
    presentation = present

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        total = int(self.options["checkers"])
        start = int(self.options["start_checkers"])
        cards = int(self.options["checker_cards"])
        self.turn_limit = read_turn_limit(self.options)
        if not 0 <= start <= total <= 32:
            raise OptionError("options: need 0 <= start_checkers <= checkers <= 32")
        if not 0 <= cards <= 4:
            raise OptionError("option 'checker_cards' is 0 to 4 (a deck has four per colour)")
        self.board_rules = TarBoard(self.tables, str(self.options["tar_direction"]))
        self.turns = TurnRules(
            self.board_rules,
            str(self.options["no_match"]),
            total,
            start,
            str(self.options["check_escape"]),
        )
        self.deck: Pile = st.deck(cards)
        if 2 * start > len(self.deck):
            raise OptionError("option 'start_checkers': not enough cards to deal")
        board, checkers = start_from(
            self.options, partial(st.parse_setup, self.tables), ORTHODOX_START
        )
        on_board = (checkers[0].bit_count(), checkers[1].bit_count())
        if any(on_board[c] + start > total for c in (0, 1)):
            raise OptionError("option 'position': more checkers than the box holds")
        self._start = TarPitState(
            board=board._replace(previous=None),
            checkers=checkers,
            supply=(start, start),
            hands=(Pile(), Pile()),
            draw=self.deck,
            discard=Pile(),
            top=None,
            phase=st.DEAL,
            seat=board.turn,
        )
        try:
            _check_state(self, self.turns._settle(self._start))
        except StateError as error:
            raise OptionError(f"option 'position': {error}") from None

    # -- the tree -------------------------------------------------------------------------

    def initial_state(self) -> TarPitState:
        return self.turns._settle(self._start)

    def phase(self, s: TarPitState) -> Phase:
        """The deal and the draws are chance; every other part of a turn is one player's
        decision (the opponent's when answering a checker card)."""
        if s.phase in st.CHANCE_PHASES:
            return Phase.chance(s.phase)
        return OVER if self.outcome(s) else Phase.decision(self.turns.actor(s), s.phase)

    def choices(self, s: TarPitState, seat: int) -> Sequence[Action]:
        return self.decisions(s)

    @last_asked
    def decisions(self, s: TarPitState) -> list[Action]:
        """The legal decisions at `s`, ignoring the game-end rules."""
        return self.turns.legal(s)

    @last_asked
    def outcome(self, s: TarPitState) -> Outcome | None:
        """The result if the game is over (judged at the start of a turn), else None."""
        if s.phase != st.MOVE:
            return None
        board = s.board
        if not self.decisions(s):
            if self.turns.in_check(s):
                return Outcome(board.turn ^ 1, "checkmate")
            return Outcome(None, "stalemate")
        t = self.tables
        if board.occupied == board.pieces[t.royal]:
            return Outcome(None, "insufficient material")
        drawn = history_draw(self.options, board.halfmove, s.history)
        if drawn is not None:
            return drawn
        if self.turn_limit and s.plies >= self.turn_limit:
            return Outcome(None, f"the limit of {self.turn_limit} turns")
        return None

    def chance_outcomes(self, state: TarPitState) -> Sequence[tuple[Action, Fraction]]:
        if state.phase not in st.CHANCE_PHASES:
            raise StateError("tar_pit: this state is not a chance node")
        return list(self.turns.chance_outcomes(state))

    def apply(self, state: TarPitState, action: Action) -> TarPitState:
        if state.phase in st.CHANCE_PHASES:
            if not isinstance(action, Card) or action not in state.draw:
                raise IllegalAction(
                    self.action_text(state, action), "the card drawn must come from the draw pile"
                )
        elif self.outcome(state) or action not in self.decisions(state):
            raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))
        return self.turns.apply(state, action)

    # -- actions as text ------------------------------------------------------------------

    def action_text(self, state: TarPitState, action: Action) -> str:
        return notation.action_text(self.tables, state.board, action)

    def parse_action(self, state: TarPitState, text: str, seat: int | None = None) -> Action:
        parsed = notation.read(self.tables, text)  # malformed text fails first
        words = text.strip()
        if state.phase in st.CHANCE_PHASES:
            if seat is not None:
                raise IllegalAction(words, "a card is drawn by chance, not chosen")
            if not isinstance(parsed.action, Card):
                raise IllegalAction(words, "a card is being drawn (draw N)")
            return self.check_legal(state, parsed.action)
        if self.outcome(state):
            raise IllegalAction(words, "the game is over")
        actor = self.turns.actor(state)
        if seat is not None and seat != actor:
            raise IllegalAction(words, f"it is {self.spec.seat_name(actor)}'s decision")
        action = parsed.action
        if action is None or isinstance(action, Move):
            action = self._move_of(state, parsed)
        if isinstance(action, Card):
            raise IllegalAction(words, "cards are drawn only at the end of a turn")
        if action not in self.decisions(state):
            # a throw or card whose result equals a listed one is that one (one per result)
            alike: Action | None = None
            if isinstance(action, st.Throw) and state.phase == st.THROW:
                alike = self.turns.same_throw(state, action)
            elif (
                isinstance(action, st.Play)
                and state.phase == st.CARD
                and action.card in state.hands[state.seat]
                and state.supply[state.seat]
            ):
                alike = self.turns.same_play(state, action)
            if alike is not None:
                return alike
        return self.check_legal(state, action)

    def _move_of(self, state: TarPitState, parsed: notation.Parsed) -> Action:
        g = self.geometry
        board = state.board
        if parsed.action is None:  # O-O / O-O-O: the king's step to the g or c file
            rank = "1" if board.turn == 0 else "8"
            wanted = "e" + rank + parsed.castle + rank
        else:
            assert isinstance(parsed.action, Move)
            move = parsed.action
            wanted = g.name(move.origin) + g.name(move.target) + move.promotion
        for legal in self.decisions(state):
            if isinstance(legal, Move) and self.action_text(state, legal) == wanted:
                return legal
        if parsed.action is None:
            king = self.turns.king(state, board.turn)
            target = g.parse(parsed.castle + rank)
            return Move(king if king >= 0 else g.parse("e" + rank), target)
        return parsed.action

    def why_illegal(self, state: TarPitState, action: Action) -> str:
        """The rule an illegal decision breaks, in words."""
        return _why_illegal(self, state, action)

    def event_text_for(self, state: TarPitState, action: Action, seat: int) -> str:
        """Every decision is public (cards are played and discarded face up); a card drawn
        or dealt is told only to the player who gets it."""
        if isinstance(action, Card) and state.phase in st.CHANCE_PHASES:
            drawer = self.turns.drawer(state)
            if seat != drawer:
                return f"a card for {self.spec.seat_name(drawer)}"
        return self.action_text(state, action)

    # -- information ----------------------------------------------------------------------

    def describe(self, result: Outcome | None) -> str:
        return outcome_words(self.spec.seat_names, result)

    def view(self, state: TarPitState, seat: int) -> TarPitView:
        return TarPitView(
            seat=seat,
            public=state._replace(hands=(Pile(), Pile()), draw=Pile()),
            hand=None if seat == SPECTATOR else state.hands[seat],
            hand_sizes=(len(state.hands[0]), len(state.hands[1])),
            draw_size=len(state.draw),
            outcome=self.describe(self.outcome(state)),
        )

    def sample_hidden(self, view: Any, rng: random.Random) -> TarPitState:
        """Deal the hands nobody at `view.seat` sees from the cards they cannot see (the
        draw pile and those hands, as one multiset); the rest is the draw pile."""
        if not isinstance(view, TarPitView):
            raise StateError("tar_pit: sample_hidden needs a Tar Pit view")
        public = view.public
        own = view.hand if view.hand is not None else Pile()
        try:
            unseen = list(st.minus(st.minus(self.deck, own), public.discard))
        except ValueError:
            raise StateError("tar_pit: the view's cards do not fit the deck") from None
        rng.shuffle(unseen)
        hands = [Pile(), Pile()]
        for seat in (0, 1):
            if seat == view.seat and view.hand is not None:
                hands[seat] = view.hand
                continue
            size = view.hand_sizes[seat]
            hands[seat] = Pile.of(unseen[:size])
            unseen = unseen[size:]
        if len(unseen) != view.draw_size:
            raise StateError("tar_pit: the view's card counts do not add up")
        return public._replace(hands=(hands[0], hands[1]), draw=Pile.of(unseen))

    def view_to_json(self, view: Any) -> dict[str, Any]:
        if not isinstance(view, TarPitView):
            raise StateError("tar_pit: not a Tar Pit view")
        return st.view_json(self.tables, view._replace(public=self.turns.written(view.public)))

    # -- serialisation --------------------------------------------------------------------

    def state_to_json(self, state: TarPitState) -> dict[str, Any]:
        return st.state_json(self.tables, self.turns.written(state))

    def state_from_json(self, data: Mapping[str, Any]) -> TarPitState:
        state = st.read_state(self.tables, data)
        _check_state(self, state)
        return state

    def setup(self, text: str, **fields: Any) -> TarPitState:
        """A state from a marked FEN and any other fields (for tests and problems)."""
        board, checkers = st.parse_setup(self.tables, text)
        state = self._start._replace(board=board, checkers=checkers, seat=board.turn, phase=st.MOVE)
        state = state._replace(**fields)
        if "draw" not in fields:
            rest = st.minus(self.deck, st.merge(state.hands[0], state.hands[1], state.discard))
            state = state._replace(draw=rest)
        _check_state(self, state)
        return state

    # -- for players -------------------------------------------------------------------------

    def evaluate(self, state: TarPitState, seat: int) -> float:
        """Material, tar, checkers, cards in hand and king safety (see `evaluate.py`)."""
        return evaluate.evaluate(self, state, seat)


# -- which states a game can reach, and why a decision is refused -------------------------

PHASE_HINT = {
    st.DEAL: "the cards are being dealt",
    st.MOVE: "a turn starts with a move",
    st.THROW: "the moved piece may throw its checker one step (throw f3) or keep it",
    st.CARD: "play a card (play n e4, play C) or no card",
    st.RETURN: "the opponent gives up a checker (return supply, return e4)",
    st.DISCARD: "the opponent discards a card (discard N)",
    st.DRAW: "cards are being drawn",
}


def _check_state(rules: TarPitChess, s: TarPitState) -> None:
    """Raise StateError unless `s` is a state the game can be in."""
    t = rules.tables
    turns = rules.turns
    board = s.board
    name = t.geometry.name
    for seat, colour in enumerate(("white", "black")):
        if (board.pieces[t.royal] & board.colours[seat]).bit_count() != 1:
            raise StateError(f"tar_pit: the position needs exactly one {colour} king")
        if board.pieces[t.pawn] & board.colours[seat] & t.promotion_zone[seat]:
            raise StateError("tar_pit: a pawn stands on its last rank")
        if rules.board_rules.tarred(board, s.checkers, seat) & rules.board_rules.free_rank[seat]:
            raise StateError("tar_pit: a tarred piece stands where the tar comes off")
        if s.checkers[seat].bit_count() + s.supply[seat] > turns.total:
            raise StateError(f"tar_pit: more {colour} checkers than the box holds")
    if (s.checkers[0] | s.checkers[1]) & ~board.occupied:
        raise StateError("tar_pit: a checker lies on an empty square")
    if st.merge(s.hands[0], s.hands[1], s.draw, s.discard) != rules.deck:
        raise StateError("tar_pit: the hands and piles are not the deck")
    if (s.top is None) != (not s.discard) or (s.top is not None and s.top not in s.discard):
        raise StateError("tar_pit: 'top' must be a card of the discard pile (or '-' if empty)")
    _check_ep(rules, s)
    _check_phase(rules, s)
    if s.phase != st.THROW and s.piece != -1:
        raise StateError("tar_pit: only the throw phase names a moved piece")
    mover = s.seat if s.phase != st.MOVE and s.phase != st.DEAL else s.seat ^ 1
    # with check_escape=turn the throw or the card still to come may cover the king
    covering = turns.escape == "turn" and s.phase in (st.THROW, st.CARD) and turns.legal(s)
    if rules.board_rules.king_attacked(board, s.checkers, mover) and not covering:
        raise StateError(
            f"tar_pit: {name(turns.king(s, mover))}: the last mover's king is en prise"
        )


def _check_ep(rules: TarPitChess, s: TarPitState) -> None:
    t = rules.tables
    board = s.board
    ep = board.ep
    if ep < 0:
        return
    stepper = board.turn ^ 1
    victim = t.ep_victim[board.turn][ep]
    behind = t.pawn_push[board.turn][ep]
    if (
        rules.geometry.row_of(ep, stepper) != 2
        or (1 << ep) & board.occupied
        or victim < 0
        or not (1 << victim) & board.pieces[t.pawn] & board.colours[stepper]
        or behind < 0
        or (1 << behind) & board.occupied
    ):
        raise StateError("tar_pit: the en-passant square follows no double step")


def _check_phase(rules: TarPitChess, s: TarPitState) -> None:
    turns = rules.turns
    phase = s.phase
    sizes = (len(s.hands[0]), len(s.hands[1]))
    if phase == st.DEAL:
        if s.seat != s.board.turn or s.plies or s.discard or s.history:
            raise StateError("tar_pit: during the deal nothing else has happened")
        if not 0 <= sizes[0] - sizes[1] <= 1 or max(sizes) > turns.start:
            raise StateError("tar_pit: the deal gives one card at a time, White first")
        if (min(sizes) >= turns.start) or not s.draw:
            raise StateError("tar_pit: the deal is over")
        return
    if phase == st.MOVE:
        if s.seat != s.board.turn:
            raise StateError("tar_pit: in the move phase 'seat' is the side to move")
    elif s.seat != s.board.turn ^ 1:
        raise StateError("tar_pit: after the move 'seat' is the player who moved")
    victim = s.seat ^ 1
    for seat in (0, 1):
        if sizes[seat] > s.supply[seat] + (phase == st.DISCARD and seat == victim):
            raise StateError("tar_pit: a hand holds more cards than checkers in front")
    if phase == st.THROW:
        if s.piece < 0 or not turns.carrying(s, s.piece) or not turns.throws(s):
            raise StateError("tar_pit: the throw phase needs a moved piece that can throw")
    elif phase == st.CARD and not s.hands[s.seat]:
        raise StateError("tar_pit: the card phase needs a card in hand")
    elif phase == st.RETURN and not (s.supply[victim] or s.checkers[victim]):
        raise StateError("tar_pit: the opponent has no checker to give up")
    elif phase == st.DISCARD and sizes[victim] <= s.supply[victim]:
        raise StateError("tar_pit: the opponent has no card too many")
    elif phase == st.DRAW and (sizes[s.seat] >= s.supply[s.seat] or not s.draw):
        raise StateError("tar_pit: a draw needs a card to draw and room in the hand")


def _why_illegal(rules: TarPitChess, s: TarPitState, action: Action) -> str:
    """The rule an illegal decision breaks, in words."""
    if s.phase in st.CHANCE_PHASES:
        return PHASE_HINT[s.phase]
    if rules.outcome(s):
        return "the game is over"
    wanted = {
        Move: st.MOVE,
        st.Throw: st.THROW,
        st.Keep: st.THROW,
        st.Play: st.CARD,
        st.NoCard: st.CARD,
        st.Return: st.RETURN,
        st.Discard: st.DISCARD,
    }.get(type(action))
    if wanted is None:
        return PHASE_HINT[s.phase]
    if wanted != s.phase:
        return f"not now: {PHASE_HINT[s.phase]}"
    if s.phase in (st.THROW, st.CARD) and rules.turns.king_attacked(s):
        checker_card = isinstance(action, st.Play) and action.card.type == CHECKER
        if isinstance(action, (st.Keep, st.NoCard)) or (
            checker_card and isinstance(action, st.Play) and action.card in s.hands[s.seat]
        ):
            return "your king is still in check: throw or play a card that tars its attacker"
    if isinstance(action, Move):
        return _why_move(rules, s, action)
    if isinstance(action, st.Throw):
        return _why_throw(rules, s, action)
    if isinstance(action, st.Play):
        return _why_play(rules, s, action)
    if isinstance(action, st.Return):
        return "give up a checker from in front of you or from under a piece of yours"
    if isinstance(action, st.Discard):
        return f"there is no {action.card.name} card in your hand"
    return "not a legal decision here"


def _why_move(rules: TarPitChess, s: TarPitState, move: Move) -> str:
    t = rules.tables
    g = rules.geometry
    board = s.board
    seat = board.turn
    origin = 1 << move.origin
    refused = origin_refusal(t, board, move.origin, rules.spec.seat_name(seat))
    if refused:
        return refused
    kind = t.kind_at(board.pieces, origin)
    tarred = origin & s.checkers[seat ^ 1]
    if tarred and kind == t.pawn:
        return "a tarred pawn cannot move at all"
    pseudo = [m for m in rules.board_rules.pseudo_moves(board, s.checkers) if m == move]
    if pseudo:
        if rules.turns.escape == "turn":
            return "the move would leave your king in check, and no throw or card covers it"
        return "the move would leave your king in check"
    if kind == t.royal and abs(g.file_of(move.origin) - g.file_of(move.target)) == 2:
        return "no castling with a checker under the king or the rook, or through check"
    if tarred:
        return "a tarred piece moves like a pawn: one step forward, or diagonally to capture"
    return movement_refusal(t, board, move)


def _why_throw(rules: TarPitChess, s: TarPitState, throw: st.Throw) -> str:
    board = s.board
    if not rules.board_rules.king_masks[s.piece] >> throw.cell & 1:
        return "a checker is thrown one king step from the piece that moved"
    if not board.occupied >> throw.cell & 1:
        return "a checker is thrown only under a piece, never onto an empty square"
    return "the throw would leave your king in check"


def _why_play(rules: TarPitChess, s: TarPitState, play: st.Play) -> str:
    card: Card = play.card
    if card not in s.hands[s.seat]:
        return f"there is no {card.name} card in your hand"
    if card.type == CHECKER:
        return "a checker card names no square"
    if not s.supply[s.seat]:
        return "you have no checker in front of you to add"
    if play.cell < 0 or not rules.turns.card_targets(s, card) >> play.cell & 1:
        return f"the {card.name} card adds a checker only under a matching piece"
    return "that checker would leave your king in check"
