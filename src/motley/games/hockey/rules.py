"""Hockey Chess, the rules object (seed 000). The package docstring states the rules and every
reading chosen; `turn` holds the steps of a turn, `explain` the reasons a step is refused,
`present` the table as it is drawn and played, `show` the text picture and the evaluation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from motley.chesslike.fen import parse_fen
from motley.chesslike.position import Move
from motley.chesslike.rules import Outcome
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.present import Diagram, Gesture, Layout, Scene
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.spec import GameSpec, OptionSpec, Trait
from motley.games.hockey import codec, evaluate, explain, notation, present, show
from motley.games.hockey.board import KING, HockeyTables, hockey_tables, kind_at, owner_at
from motley.games.hockey.state import (
    ACT,
    OVER,
    REF,
    ROLL,
    SETUP,
    Action,
    HockeyState,
    PlaceRef,
    RefMove,
    Roll,
    position_key,
)
from motley.games.hockey.turn import TurnRules
from motley.geometry.square import SquareGeometry

START = "rnbqk*bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK*BNR w KQkq -"
ROLLS: tuple[tuple[Roll, Fraction], ...] = tuple((Roll(v), Fraction(1, 6)) for v in range(1, 7))

SPEC = GameSpec(
    id="hockey",
    title="Hockey Chess",
    version=1,
    players=2,
    seat_names=("White", "Black"),
    summary=(
        "Chess with pucks: pass them like the pieces move, shoot them into the goal behind "
        "the enemy king and queen, and move a referee by a die after every turn."
    ),
    seed="000, Hockey Chess (Chuck Smith, 1997)",
    traits=frozenset({Trait.CHANCE}),
    provisional=(
        "The original rules have no pictures: where the goals (behind the d and e files) "
        "and the crease lie is our reading of 'behind the king and queen'."
    ),
    options=(
        OptionSpec(
            "goals",
            5,
            "goals needed to win (the text's 5; it allows other targets)",
            label="Goals needed to win",
        ),
        OptionSpec(
            "promotion_goals",
            0,
            "goals a pawn or king promotion scores; 0 (default) keeps it in proportion to the "
            "goals needed, as the Variations ask: goals / 5, rounded, at least 1 (1 for 5)",
            label="Goals a promotion scores (0: in proportion)",
        ),
        OptionSpec(
            "crease_guard",
            "attacked",
            "what guards a crease square against a king walking into the goal: 'attacked' by "
            "an enemy piece (as check is judged) or 'occupied' (an enemy piece standing there "
            "guards it too)",
            ("attacked", "occupied"),
            label="A crease square is guarded when",
        ),
        OptionSpec(
            "referees",
            2,
            "referees (red checkers), placed in turn before the game, White first (0-8)",
            label="Referees",
        ),
        OptionSpec(
            "castling",
            True,
            "castling as in orthodox chess (uncertain: the text only says pieces move as in chess)",
            label="Castling",
        ),
        OptionSpec(
            "en_passant",
            True,
            "en passant as in orthodox chess (uncertain, like castling)",
            label="En passant",
        ),
        OptionSpec(
            "bishop_bounce",
            True,
            "a bishop's pass may bounce off the a and h files, as often as it meets them",
            label="Bishop passes bounce off the edge",
        ),
        OptionSpec(
            "play_after_goal",
            False,
            "after a goal the turn may go on with its second act before the referee roll "
            "(default: a goal ends the acts; the scorer rolls at once)",
            label="Play on after a goal",
        ),
        OptionSpec(
            "turn_limit",
            200,
            "the game is drawn after this many turns in all (0: never); the text has no draw",
            label="Draw after this many turns",
        ),
        OptionSpec(
            "position",
            "",
            "start from '<placement> <w|b> <castling> <ep> [<White>-<Black> score]' instead of "
            "the setup; in the placement '*' marks a puck, '^' a referee, '.' an empty square",
            label="Start from a position",
        ),
    ),
)


class HockeyChess(Rules[HockeyState, Action]):
    spec = SPEC

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        goals = int(self.options["goals"])
        self.referees = int(self.options["referees"])
        turn_limit = int(self.options["turn_limit"])
        if goals < 1:
            raise OptionError("option 'goals' must be at least 1")
        promotion_goals = int(self.options["promotion_goals"])
        if promotion_goals < 0:
            raise OptionError("option 'promotion_goals' is 0 (in proportion) or a number")
        # the Variations: change the promotion's goals along with the goals needed
        self.promotion_goals = promotion_goals or max(1, round(goals / 5))
        if not 0 <= self.referees <= 8:
            raise OptionError("option 'referees' takes 0 to 8")
        if turn_limit < 0:
            raise OptionError("option 'turn_limit' is 0 (no limit) or a number of turns")
        self.tables: HockeyTables = hockey_tables(bool(self.options["bishop_bounce"]))
        self.geometry: SquareGeometry = self.tables.geometry
        self._layout = present.layout(self.tables)
        self.turns = TurnRules(
            self.tables,
            goals=goals,
            castling=bool(self.options["castling"]),
            en_passant=bool(self.options["en_passant"]),
            play_after_goal=bool(self.options["play_after_goal"]),
            turn_limit=turn_limit,
            promotion_goals=self.promotion_goals,
            crease_occupied=self.options["crease_guard"] == "occupied",
        )
        try:
            self._start = self._read_start(str(self.options["position"]).strip())
        except (NotationError, StateError) as error:
            raise OptionError(f"option 'position': {error}") from None
        self._memo: tuple[HockeyState | None, list[Action], frozenset[Action]] = (
            None,
            [],
            frozenset(),
        )

    def _read_start(self, text: str) -> HockeyState:
        fields = (text or START).split()
        if len(fields) not in (4, 5):
            raise NotationError("a position is '<placement> <w|b> <castling> <ep> [1-0]'")
        pieces, colours, pucks, refs = notation.read_placement(fields[0])
        plain = notation.write_placement(self.tables, pieces, colours, 0, 0)
        board = parse_fen(self.tables.chess, " ".join([plain, *fields[1:4]]), strict=False)
        score = (0, 0)
        if len(fields) == 5:
            parts = fields[4].split("-")
            if len(parts) != 2 or not all(p.isdigit() for p in parts):
                raise NotationError("the score is written like 1-0")
            score = (int(parts[0]), int(parts[1]))
        if board.pieces[0] & self.tables.end_ranks:
            raise NotationError("a pawn stands on its first or last rank")
        state = HockeyState(board, pucks, refs, ACT, score=score)
        if text or not self.referees:
            key = position_key(board, pucks, board.turn)
            return state._replace(history=frozenset({key}))
        return state._replace(phase=SETUP)

    # -- the tree -------------------------------------------------------------------------

    def initial_state(self) -> HockeyState:
        return self._start

    def kind(self, state: HockeyState) -> NodeKind:
        if state.phase == OVER:
            return NodeKind.TERMINAL
        return NodeKind.CHANCE if state.phase == ROLL else NodeKind.DECISION

    def actor(self, state: HockeyState) -> int:
        if state.phase == SETUP:
            return state.refs.bit_count() % 2  # White places the first referee
        return state.turn

    def actors(self, state: HockeyState) -> tuple[int, ...]:
        if state.phase in (ROLL, OVER):
            return ()
        return (self.actor(state),)

    def _known(self, state: HockeyState) -> tuple[list[Action], frozenset[Action]]:
        memo = self._memo
        if memo[0] is state:
            return memo[1], memo[2]
        found = self._legal(state)
        known = frozenset(found)
        self._memo = (state, found, known)
        return found, known

    def _legal(self, state: HockeyState) -> list[Action]:
        if state.phase in (ROLL, OVER):
            return []
        if state.phase == SETUP:
            free = self.tables.chess.all_cells & ~(state.pucks | state.refs)
            return [PlaceRef(c) for c in range(64) if free >> c & 1]
        if state.phase == REF:
            return list(self.turns.ref_moves(state, state.die))
        return self.turns.legal_steps(state)

    def legal_actions(self, state: HockeyState, seat: int | None = None) -> Sequence[Action]:
        if state.phase in (ROLL, OVER) or (seat is not None and seat != self.actor(state)):
            return []
        return self._known(state)[0]

    def dice(self, state: HockeyState, outcome: Action) -> tuple[int, ...]:
        return (outcome.value,) if isinstance(outcome, Roll) else ()

    def chance_outcomes(self, state: HockeyState) -> Sequence[tuple[Action, Fraction]]:
        if state.phase != ROLL:
            return super().chance_outcomes(state)
        return ROLLS

    def apply(self, state: HockeyState, action: Action) -> HockeyState:
        if state.phase == ROLL:
            if isinstance(action, Roll) and 1 <= action.value <= 6:
                return self.turns.rolled(state, action.value)
            raise IllegalAction(self.action_text(state, action), explain.ROLL_RULE)
        if action not in self._known(state)[1]:
            raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))
        if isinstance(action, PlaceRef):
            refs = state.refs | 1 << action.cell
            if refs.bit_count() < self.referees:
                return state._replace(refs=refs)
            key = position_key(state.board, state.pucks, state.turn)
            return state._replace(refs=refs, phase=ACT, history=frozenset({key}))
        if isinstance(action, RefMove):
            refs = state.refs ^ (1 << action.origin) ^ (1 << action.target)
            return self.turns.next_turn(state._replace(refs=refs))
        after = self.turns.advance(state, action)
        assert after is not None  # a legal step always leads on
        return after

    def returns(self, state: HockeyState) -> tuple[float, ...]:
        if state.phase != OVER or state.result not in (0, 1):
            return (0.0, 0.0)
        return (1.0, -1.0) if state.result == 0 else (-1.0, 1.0)

    # -- actions as text ------------------------------------------------------------------

    def action_text(self, state: HockeyState, action: Action) -> str:
        return notation.action_text(self.tables, action, state.board)

    def parse_action(self, state: HockeyState, text: str, seat: int | None = None) -> Action:
        if state.phase == OVER:
            raise IllegalAction(text.strip(), "the game is over")
        if seat is not None and state.phase != ROLL and seat != self.actor(state):
            name = self.spec.seat_name(self.actor(state))
            raise IllegalAction(text.strip(), f"it is {name}'s turn")
        castle: dict[tuple[int, int], Move] = {}
        board = state.board
        for action in self.legal_actions(state):
            if (
                isinstance(action, Move)
                and kind_at(board, action.origin) == KING
                and owner_at(board, action.target) == board.turn
            ):
                king_to = self.tables.chess.castle_squares(
                    board.turn, action.origin, action.target
                )[0]
                castle[action.origin, king_to] = action
        action = notation.read_action(self.tables, text, castle)
        if state.phase == ROLL:
            if not isinstance(action, Roll):
                raise IllegalAction(text.strip(), explain.ROLL_RULE)
            return action
        if action in self._known(state)[1]:
            return action
        raise IllegalAction(text.strip(), self.why_illegal(state, action))

    def why_illegal(self, state: HockeyState, action: Action) -> str:
        return explain.why_illegal(self, state, action)

    # -- serialisation --------------------------------------------------------------------

    def state_to_json(self, state: HockeyState) -> dict[str, Any]:
        return codec.to_json(self.tables, state)

    def state_from_json(self, data: Mapping[str, Any]) -> HockeyState:
        state = codec.from_json(self.tables, data)
        if state.phase == SETUP and state.refs.bit_count() >= self.referees:
            raise StateError(f"the setup places {self.referees} referees, no more")
        if state.phase not in (ROLL, OVER) and not self._legal(state):
            raise StateError("the turn in progress cannot go on from this state")
        return state

    # -- information ----------------------------------------------------------------------

    def render(self, state: HockeyState, seat: int = SPECTATOR) -> str:
        return show.render(self, state)

    def evaluate(self, state: HockeyState, seat: int) -> float:
        """Goals, shots on goal, pucks, the referees and material (see `evaluate.py`)."""
        return evaluate.evaluate(self, state, seat)

    # -- presentation (see `present`) -----------------------------------------------------

    def layout(self) -> Layout:
        return self._layout

    def diagrams(self) -> tuple[Diagram, ...]:
        from motley.games.hockey import diagrams  # it builds positions with this class

        return diagrams.diagrams()

    def scene(self, view: HockeyState, seat: int) -> Scene:
        return present.scene(self, view, seat)

    def gesture(self, view: HockeyState, action: Action) -> Gesture:
        return present.gesture(self, view, action)

    def notate(self, state: HockeyState, action: Action, seat: int) -> str:
        return present.notate(self, state, action)

    def outcome(self, state: HockeyState) -> Outcome | None:
        """Who won and why, once the game is over (None while it goes on)."""
        if state.phase != OVER:
            return None
        return Outcome(state.result if state.result in (0, 1) else None, state.reason)
