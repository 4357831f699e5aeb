"""Hockey Chess, the rules object (seed 000), with the reason any step is refused. The package
docstring states the rules and every reading chosen; `turn` holds the steps of a turn,
`present` the table as it is drawn and played and the text picture, `evaluate` the evaluation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from motley.chesslike.fen import parse_fen
from motley.chesslike.position import Move
from motley.chesslike.spec import chess_spec, position_option, read_turn_limit, turn_limit_option
from motley.components.dice import ONE_DIE, Die
from motley.core import phased
from motley.core.actions import listed
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.memo import last_asked
from motley.core.phased import Outcome, Phase, PhasedRules
from motley.core.spec import OptionSpec, Trait
from motley.games.hockey import evaluate, notation, present
from motley.games.hockey.board import (
    KING,
    LETTERS,
    HockeyTables,
    hockey_tables,
    kind_at,
    owner_at,
)
from motley.games.hockey.state import (
    ACT,
    DROP,
    END,
    KEEP,
    OVER,
    PHASES,
    PROMOTE,
    REF,
    ROLL,
    SETUP,
    Action,
    Drop,
    HockeyState,
    KingGoal,
    Pass,
    PlaceRef,
    RefMove,
    Return,
    Slide,
    from_json,
    position_key,
    read_placement,
    to_json,
    write_placement,
)
from motley.games.hockey.turn import TurnRules
from motley.geometry.square import SquareGeometry

START = "rnbqk*bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK*BNR w KQkq -"
# each phase as the tree sees it, per seat to act
TREE_PHASES = {
    (phase, seat): Phase.chance(phase) if phase == ROLL else Phase.decision(seat, phase)
    for phase in PHASES
    for seat in (0, 1)
}
ROLL_RULE = "the referee die is rolled now (roll 1 to roll 6)"
REPEATS = "no turn may end in a position reached before (referees aside)"
MOVE_REPEATS = "a move cannot be made that repeats a position reached before (referees aside)"
NAMES = ("pawn", "knight", "bishop", "rook", "queen", "king")

SPEC = chess_spec(
    id="hockey",
    title="Hockey Chess",
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
        turn_limit_option(200, why="the text has no draw"),
        position_option(
            "start from '<placement> <w|b> <castling> <ep> [<White>-<Black> score]' instead of "
            "the setup; in the placement '*' marks a puck, '^' a referee, '.' an empty square",
            label="Start from a position",
        ),
    ),
)


class HockeyChess(PhasedRules[HockeyState, Action]):
    spec = SPEC
    presentation = present

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        goals = int(self.options["goals"])
        self.referees = int(self.options["referees"])
        turn_limit = read_turn_limit(self.options)
        if goals < 1:
            raise OptionError("option 'goals' must be at least 1")
        promotion_goals = int(self.options["promotion_goals"])
        if promotion_goals < 0:
            raise OptionError("option 'promotion_goals' is 0 (in proportion) or a number")
        # the Variations: change the promotion's goals along with the goals needed
        self.promotion_goals = promotion_goals or max(1, round(goals / 5))
        if not 0 <= self.referees <= 8:
            raise OptionError("option 'referees' takes 0 to 8")
        self.tables: HockeyTables = hockey_tables(bool(self.options["bishop_bounce"]))
        self.geometry: SquareGeometry = self.tables.geometry
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

    def _read_start(self, text: str) -> HockeyState:
        fields = (text or START).split()
        if len(fields) not in (4, 5):
            raise NotationError("a position is '<placement> <w|b> <castling> <ep> [1-0]'")
        pieces, colours, pucks, refs = read_placement(fields[0])
        plain = write_placement(pieces, colours, 0, 0)
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

    def phase(self, state: HockeyState) -> Phase:
        if state.phase == OVER:
            return phased.OVER
        return TREE_PHASES[state.phase, self.actor(state)]

    def actor(self, state: HockeyState) -> int:
        if state.phase == SETUP:
            return state.refs.bit_count() % 2  # White places the first referee
        return state.turn

    @last_asked
    def _legal_set(self, state: HockeyState) -> frozenset[Action]:
        return frozenset(self.legal_actions(state))

    def choices(self, state: HockeyState, seat: int) -> list[Action]:
        return self._legal(state)

    def _legal(self, state: HockeyState) -> list[Action]:
        if state.phase in (ROLL, OVER):
            return []
        if state.phase == SETUP:
            free = self.tables.chess.all_cells & ~(state.pucks | state.refs)
            return [PlaceRef(c) for c in range(64) if free >> c & 1]
        if state.phase == REF:
            return list(self.turns.ref_moves(state, state.die))
        return self.turns.legal_steps(state)

    def dice(self, state: HockeyState, outcome: Action) -> tuple[int, ...]:
        return (outcome.face,) if isinstance(outcome, Die) else ()

    def chance_outcomes(self, state: HockeyState) -> Sequence[tuple[Action, Fraction]]:
        if state.phase != ROLL:
            return super().chance_outcomes(state)
        return ONE_DIE

    def apply(self, state: HockeyState, action: Action) -> HockeyState:
        if state.phase == ROLL:
            if isinstance(action, Die) and 1 <= action.face <= 6:
                return self.turns.rolled(state, action.face)
            raise IllegalAction(self.action_text(state, action), ROLL_RULE)
        # one of the offered steps itself (as playouts and searches pass them) is legal at a
        # glance; any other is looked up by value
        if not listed(self.legal_actions(state), action) and action not in self._legal_set(state):
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

    # -- actions as text ------------------------------------------------------------------

    def action_text(self, state: HockeyState, action: Action) -> str:
        return notation.action_text(self.tables, action, state.board)

    def parse_action(self, state: HockeyState, text: str, seat: int | None = None) -> Action:
        if state.phase != ROLL:  # anyone may write the die
            self.refuse_out_of_turn(state, text, seat)
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
            if not isinstance(action, Die):
                raise IllegalAction(text.strip(), ROLL_RULE)
            return action
        if action in self._legal_set(state):
            return action
        raise IllegalAction(text.strip(), self.why_illegal(state, action))

    def why_illegal(self, state: HockeyState, action: Action) -> str:
        """The rule `action` breaks at `state`, in one line."""
        return why_illegal(self, state, action)

    # -- serialisation --------------------------------------------------------------------

    def state_to_json(self, state: HockeyState) -> dict[str, Any]:
        return to_json(self.tables, state)

    def state_from_json(self, data: Mapping[str, Any]) -> HockeyState:
        state = from_json(self.tables, data)
        if state.phase == SETUP and state.refs.bit_count() >= self.referees:
            raise StateError(f"the setup places {self.referees} referees, no more")
        if state.phase not in (ROLL, OVER) and not self._legal(state):
            raise StateError("the turn in progress cannot go on from this state")
        return state

    # -- information ----------------------------------------------------------------------

    def evaluate(self, state: HockeyState, seat: int) -> float:
        """Goals, shots on goal, pucks, the referees and material (see `evaluate.py`)."""
        return evaluate.evaluate(self, state, seat)

    def outcome(self, state: HockeyState) -> Outcome | None:
        """Who won and why, once the game is over (None while it goes on)."""
        if state.phase != OVER:
            return None
        return Outcome(state.result if state.result in (0, 1) else None, state.reason)


# -- why a step is refused ------------------------------------------------------------------


def why_illegal(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    if s.phase == OVER:
        return "the game is over"
    if s.phase == SETUP:
        return _setup(rules, s, action)
    if s.phase == REF:
        return _ref(rules, s, action)
    if s.phase == DROP:
        return _drop(rules, s, action)
    if s.phase == PROMOTE:
        return _promote(rules, s, action)
    if s.phase == ACT:
        return _act(rules, s, action)
    return ROLL_RULE


def _setup(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    if not isinstance(action, PlaceRef):
        return "before the game each side places a referee (ref@d4)"
    return "a referee goes on a square without a checker (a piece may stand there)"


def _ref(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    die = s.die
    if not isinstance(action, RefMove):
        return f"move a referee exactly {die} squares in a line (ref:c3c6)"
    name = rules.geometry.name
    if not s.refs >> action.origin & 1:
        return f"there is no referee on {name(action.origin)}"
    if not rules.tables.ref_targets[die][action.origin] >> action.target & 1:
        return f"a referee moves exactly {die} squares along a rank, file or diagonal"
    if (s.pucks | s.refs) >> action.target & 1:
        return "a referee may not end on a checker (it may end under a piece)"
    return "after a goal the referee leaves from under one of the new pucks"


def _drop(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    where = rules.geometry.name(s.cell)
    if action == KEEP:
        return f"the piece on {where} landed on a checker, so it must leave its own puck"
    if isinstance(action, Drop):
        return "the puck is left on the path of the move, on a square without a checker"
    return f"the possessor now on {where} leaves its puck on its path (put@e3) or keeps it"


def _promote(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    if isinstance(action, Return):
        if action.letter not in s.lost[s.turn]:
            return f"no {NAMES[LETTERS.index(action.letter)]} of yours has been captured"
        return (
            "a piece comes back on a vacant corner, or anywhere vacant when all four are "
            "taken (a pawn never on an end rank)"
        )
    return "after a promotion: score a point (score) or bring a captured piece back (Q@a1)"


def _act(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    turns = rules.turns
    if action == END:
        if not s.acts:
            return "a turn moves a piece or passes a puck before it ends"
        return REPEATS
    if isinstance(action, Move | Slide | KingGoal):
        if s.moved:
            return "only one piece moves in a turn"
        if action in turns.moves(s):
            if turns.advance(s, action) is None:
                return MOVE_REPEATS
            return REPEATS
        return _why_move(rules, s, action)
    if isinstance(action, Pass):
        if action in turns.passes(s):
            return REPEATS
        board = s.board
        name = rules.geometry.name
        if not (s.pucks & board.colours[s.turn]) >> action.origin & 1:
            return f"no puck stands under a piece of yours on {name(action.origin)}"
        return (
            "a pass goes where its possessor could move, through a piece only if it stands "
            "on a checker, and never onto a checker"
        )
    return "a turn is a move and/or a pass, or two passes (e2e4, pass:d4d6, end)"


def _why_move(rules: HockeyChess, s: HockeyState, action: Move | Slide | KingGoal) -> str:
    board = s.board
    name = rules.geometry.name
    origin = action.origin
    if owner_at(board, origin) != s.turn:
        if owner_at(board, origin) < 0:
            return f"there is no piece on {name(origin)}"
        return f"the piece on {name(origin)} is not {rules.spec.seat_name(s.turn)}'s"
    piece = NAMES[kind_at(board, origin)]
    if isinstance(action, KingGoal):
        return (
            "a king walks into the opponent's goal from their crease, and only when no "
            "crease square is guarded"
        )
    if isinstance(action, Slide):
        return (
            "a bishop reaching the last rank slides one square aside only when no puck "
            "stands on its colour"
        )
    return f"a {piece} cannot move from {name(origin)} to {name(action.target)}"
