"""Tar Pit Chess, the rules object (seed 002, The Rules of Chess Kit, section Tar Pit Chess).

The package docstring (`motley.games.tar_pit`) states the rules and every reading chosen;
`board` holds the tar-aware chess, `turn` the phases of a turn, `codec` and `notation` the
written forms, `present` what the screens draw and `show` the text picture.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from motley.chesslike.position import Move
from motley.chesslike.rules import DRAW_OPTIONS, ORTHODOX_START, Outcome
from motley.chesslike.tables import ChessTables, chess_tables
from motley.components.chess_cards import Card, Pile
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.present import Diagram, Gesture, Layout, Scene
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.spec import GameSpec, OptionSpec, Trait
from motley.games.tar_pit import codec, diagrams, evaluate, notation, present, show
from motley.games.tar_pit.board import TarBoard
from motley.games.tar_pit.codec import TarPitView
from motley.games.tar_pit.state import (
    CARD,
    CHANCE_PHASES,
    DEAL,
    MOVE,
    THROW,
    Action,
    Play,
    TarPitState,
    Throw,
    deck,
    merge,
    minus,
)
from motley.games.tar_pit.turn import TurnRules
from motley.games.tar_pit.validate import check_state, why_illegal
from motley.geometry.square import SquareGeometry, square_board
from motley.pieces.catalogue import ORTHODOX

PROMOTIONS = ("q", "r", "b", "n")


class TarPitChess(Rules[TarPitState, Action]):
    spec = GameSpec(
        id="tar_pit",
        title="Tar Pit Chess",
        version=1,
        players=2,
        seat_names=("White", "Black"),
        summary=(
            "Chess with checkers and a secret hand of cards: a piece on an enemy checker is "
            "tarred and moves like a pawn; after moving, a piece on its own checker may throw "
            "it one step, and a card adds a checker under a matching piece."
        ),
        seed="002, The Rules of Chess Kit: Tar Pit Chess",
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
            OptionSpec(
                "turn_limit",
                400,
                "the game is drawn after this many turns in all (0: never); the text has no "
                "such limit, it only guarantees an end",
                label="Draw after this many turns",
            ),
            OptionSpec(
                "position",
                "",
                "a FEN to start from, '*' after a piece on its own checker, '~' after a piece "
                "on the opponent's checker",
                label="Start from a position (FEN)",
            ),
            *DRAW_OPTIONS,
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.tables: ChessTables = chess_tables(square_board(8, 8), ORTHODOX, PROMOTIONS)
        self.geometry: SquareGeometry = self.tables.geometry  # the board, for drawing it
        total = int(self.options["checkers"])
        start = int(self.options["start_checkers"])
        cards = int(self.options["checker_cards"])
        self.turn_limit = int(self.options["turn_limit"])
        if not 0 <= start <= total <= 32:
            raise OptionError("options: need 0 <= start_checkers <= checkers <= 32")
        if not 0 <= cards <= 4:
            raise OptionError("option 'checker_cards' is 0 to 4 (a deck has four per colour)")
        if self.turn_limit < 0:
            raise OptionError("option 'turn_limit' is 0 (no limit) or a number of turns")
        self.board_rules = TarBoard(self.tables, str(self.options["tar_direction"]))
        self.turns = TurnRules(
            self.board_rules,
            str(self.options["no_match"]),
            total,
            start,
            str(self.options["check_escape"]),
        )
        self.deck: Pile = deck(cards)
        if 2 * start > len(self.deck):
            raise OptionError("option 'start_checkers': not enough cards to deal")
        try:
            board, checkers = codec.parse_setup(
                self.tables, str(self.options["position"]) or ORTHODOX_START
            )
        except NotationError as error:
            raise OptionError(f"option 'position': {error}") from None
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
            phase=DEAL,
            seat=board.turn,
        )
        try:
            check_state(self, self.turns._settle(self._start))
        except StateError as error:
            raise OptionError(f"option 'position': {error}") from None
        self._memo: tuple[TarPitState | None, list[Action]] = (None, [])
        self._outcome_memo: tuple[TarPitState | None, Outcome | None] = (None, None)

    # -- the tree -------------------------------------------------------------------------

    def initial_state(self) -> TarPitState:
        return self.turns._settle(self._start)

    def decisions(self, s: TarPitState) -> list[Action]:
        """The legal decisions at `s`, ignoring the game-end rules."""
        memo = self._memo
        if memo[0] is s:
            return memo[1]
        found = self.turns.legal(s)
        self._memo = (s, found)
        return found

    def outcome(self, s: TarPitState) -> Outcome | None:
        """The result if the game is over (judged at the start of a turn), else None."""
        memo = self._outcome_memo
        if memo[0] is s:
            return memo[1]
        result = self._outcome(s) if s.phase == MOVE else None
        self._outcome_memo = (s, result)
        return result

    def _outcome(self, s: TarPitState) -> Outcome | None:
        board = s.board
        if not self.decisions(s):
            if self.turns.in_check(s):
                return Outcome(board.turn ^ 1, "checkmate")
            return Outcome(None, "stalemate")
        t = self.tables
        if board.occupied == board.pieces[t.royal]:
            return Outcome(None, "insufficient material")
        limit = int(self.options["no_progress_plies"])
        if limit and board.halfmove >= limit:
            return Outcome(None, f"{limit} plies without a capture or pawn move")
        times = int(self.options["repetition"])
        if times and s.history and s.history.count(s.history[-1]) >= times:
            return Outcome(None, f"the same position {times} times")
        if self.turn_limit and s.plies >= self.turn_limit:
            return Outcome(None, f"the limit of {self.turn_limit} turns")
        return None

    def kind(self, state: TarPitState) -> NodeKind:
        if state.phase in CHANCE_PHASES:
            return NodeKind.CHANCE
        return NodeKind.TERMINAL if self.outcome(state) else NodeKind.DECISION

    def actors(self, state: TarPitState) -> tuple[int, ...]:
        if state.phase in CHANCE_PHASES or self.outcome(state):
            return ()
        return (self.turns.actor(state),)

    def legal_actions(self, state: TarPitState, seat: int | None = None) -> Sequence[Action]:
        actors = self.actors(state)
        if not actors or (seat is not None and seat not in actors):
            return []
        return self.decisions(state)

    def chance_outcomes(self, state: TarPitState) -> Sequence[tuple[Action, Fraction]]:
        if state.phase not in CHANCE_PHASES:
            raise StateError("tar_pit: this state is not a chance node")
        return list(self.turns.chance_outcomes(state))

    def apply(self, state: TarPitState, action: Action) -> TarPitState:
        if state.phase in CHANCE_PHASES:
            if not isinstance(action, Card) or action not in state.draw:
                raise IllegalAction(
                    self.action_text(state, action), "the card drawn must come from the draw pile"
                )
        elif self.outcome(state) or action not in self.decisions(state):
            raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))
        return self.turns.apply(state, action)

    def returns(self, state: TarPitState) -> tuple[float, ...]:
        result = self.outcome(state)
        if result is None or result.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if result.winner == 0 else (-1.0, 1.0)

    # -- actions as text ------------------------------------------------------------------

    def action_text(self, state: TarPitState, action: Action) -> str:
        return notation.action_text(self.tables, state.board, action)

    def parse_action(self, state: TarPitState, text: str, seat: int | None = None) -> Action:
        parsed = notation.read(self.tables, text)  # malformed text fails first
        words = text.strip()
        if state.phase in CHANCE_PHASES:
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
            if isinstance(action, Throw) and state.phase == THROW:
                alike = self.turns.same_throw(state, action)
            elif (
                isinstance(action, Play)
                and state.phase == CARD
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
        return why_illegal(self, state, action)

    def event_text_for(self, state: TarPitState, action: Action, seat: int) -> str:
        """Every decision is public (cards are played and discarded face up); a card drawn
        or dealt is told only to the player who gets it."""
        if isinstance(action, Card) and state.phase in CHANCE_PHASES:
            drawer = self.turns.drawer(state)
            if seat != drawer:
                return f"a card for {self.spec.seat_name(drawer)}"
        return self.action_text(state, action)

    # -- information ----------------------------------------------------------------------

    def describe(self, result: Outcome | None) -> str:
        if result is None:
            return ""
        if result.winner is None:
            return f"draw by {result.reason}"
        return f"{self.spec.seat_name(result.winner)} wins by {result.reason}"

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
            unseen = list(minus(minus(self.deck, own), public.discard))
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
        return codec.view_json(self.tables, view)

    # -- serialisation --------------------------------------------------------------------

    def state_to_json(self, state: TarPitState) -> dict[str, Any]:
        return codec.state_json(self.tables, state)

    def state_from_json(self, data: Mapping[str, Any]) -> TarPitState:
        state = codec.read_state(self.tables, data)
        check_state(self, state)
        return state

    def setup(self, text: str, **fields: Any) -> TarPitState:
        """A state from a marked FEN and any other fields (for tests and problems)."""
        board, checkers = codec.parse_setup(self.tables, text)
        state = self._start._replace(board=board, checkers=checkers, seat=board.turn, phase=MOVE)
        state = state._replace(**fields)
        if "draw" not in fields:
            rest = minus(self.deck, merge(state.hands[0], state.hands[1], state.discard))
            state = state._replace(draw=rest)
        check_state(self, state)
        return state

    # -- presentation (see `present`) ------------------------------------------------------

    def layout(self) -> Layout:
        return present.layout(self)

    def scene(self, view: TarPitView, seat: int) -> Scene:
        return present.scene(self, view, seat)

    def gesture(self, view: TarPitView, action: Action) -> Gesture:
        return present.gesture(self, view, action)

    def notate(self, state: TarPitState, action: Action, seat: int) -> str:
        return present.notate(self, state, action, seat)

    # -- screens --------------------------------------------------------------------------

    def render(self, state: TarPitState, seat: int = SPECTATOR) -> str:
        return show.render(self, self.view(state, seat))

    def evaluate(self, state: TarPitState, seat: int) -> float:
        """Material, tar, checkers, cards in hand and king safety (see `evaluate.py`)."""
        return evaluate.evaluate(self, state, seat)

    def diagrams(self) -> tuple[Diagram, ...]:
        return diagrams.diagrams(self)
