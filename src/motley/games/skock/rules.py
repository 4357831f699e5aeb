"""Skock's rules object: the game API over `SkockState` (seed 001; see the package docstring),
with the reason any illegal action is refused."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from motley.chesslike.spec import chess_spec, position_option, read_turn_limit, turn_limit_option
from motley.components.dice import thrown_together
from motley.core import phased
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.memo import recently_asked
from motley.core.phased import Outcome, Phase, PhasedRules
from motley.core.spec import OptionSpec, Trait
from motley.games.skock import evaluate, notation, present
from motley.games.skock.board import SETUPS, move, put
from motley.games.skock.state import (
    BACK,
    CHOOSE,
    DRAW,
    GEOMETRY,
    KIND_OF,
    KINDS,
    KING,
    OVER,
    PASS,
    PAWN,
    PHASE_NAMES,
    PIECE_NAMES,
    PLACE,
    ROLL,
    STEP,
    Action,
    Board,
    Place,
    Roll,
    SkockState,
    Step,
    check_consistent,
    from_json,
    parse_placement,
    to_json,
)
from motley.games.skock.steps import Planner
from motley.geometry import cellset
from motley.geometry.base import Geometry

ROLLS = thrown_together(Roll)  # the two dice, without order
PHASES = {
    (phase, seat): Phase.chance(name) if phase == ROLL else Phase.decision(seat, name)
    for phase, name in enumerate(PHASE_NAMES)
    for seat in (0, 1)
}

SPEC = chess_spec(
    id="skock",
    title="Skock",
    summary="Two armies a side on a full board; 2d6 move two pieces; take both enemy kings.",
    seed="001, Skock (Ulf Göransson and Peter Andersson, 1999)",
    traits=frozenset({Trait.CHANCE}),
    options=(
        OptionSpec(
            "king_die",
            6,
            "the die face that may take a king (1-6); the text's icon is lost, 6 is the usual "
            "king face",
            label="Die face that takes a king",
        ),
        OptionSpec(
            "kings_return",
            True,
            "taken kings join the queue like every other piece and may come back by a double "
            "or a promotion; false: a taken king leaves the game",
            label="Taken kings may come back",
        ),
        OptionSpec(
            "kings_to_take",
            2,
            "2: a side with no king left on the board has lost (the text's 'both kings'); "
            "1: the first king taken wins",
            (2, 1),
            label="Kings to take to win",
        ),
        OptionSpec(
            "promoted_pawn",
            "exchange",
            "where a promoted pawn goes: 'exchange' (into the queue at the place of the piece "
            "it was exchanged for), 'queue_end' (to the end of the queue), 'removed' (out)",
            ("exchange", "queue_end", "removed"),
            label="Where a promoted pawn goes",
        ),
        OptionSpec(
            "promotion_compulsory",
            False,
            "a pawn reaching the last row must be exchanged when the queue allows (the text "
            "says it 'can be promoted')",
            label="Promotion is compulsory",
        ),
        OptionSpec(
            "free_promotion",
            False,
            "with no piece in the queue to exchange, a pawn may still become a knight, bishop, "
            "rook or queen as in chess (default: it stays a pawn)",
            label="Promote without the queue",
        ),
        OptionSpec(
            "pawn_double_step",
            False,
            "a pawn on the 3rd or 4th row of its side may advance two empty cells as one step",
            label="Pawns may step two",
        ),
        OptionSpec(
            "setup",
            "colours",
            "'colours': each side's queens on squares of their own colour (d1 and e2); "
            "'doubled': the orthodox back rank copied onto the 2nd row",
            ("colours", "doubled"),
            label="Starting setup",
        ),
        turn_limit_option(300, "throws of the dice", unit="throws"),
        position_option(
            "start from '<placement> <w|b> <White's queue> <Black's queue>' (queues in capture "
            "order, '-' when empty) instead of the full board",
            label="Start from a position",
        ),
    ),
)


class Skock(PhasedRules[SkockState, Action]):
    geometry: Geometry = GEOMETRY  # the board, for anything that draws it
    spec = SPEC
    presentation = present

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        king_die = int(self.options["king_die"])
        if not 1 <= king_die <= 6:
            raise OptionError(f"option 'king_die' is a die face 1-6, not {king_die}")
        self.turn_limit = read_turn_limit(self.options, "throws")
        self.kings_return = bool(self.options["kings_return"])
        self.sudden_death = self.options["kings_to_take"] == 1
        self.planner = Planner(
            king_die=king_die,
            promoted_pawn=str(self.options["promoted_pawn"]),
            compulsory=bool(self.options["promotion_compulsory"]),
            free_promotion=bool(self.options["free_promotion"]),
            double_step=bool(self.options["pawn_double_step"]),
        )
        given = str(self.options["position"]).strip()
        try:
            if given:
                self._start = notation.parse_position(given)
            else:
                pieces, colours = parse_placement(SETUPS[str(self.options["setup"])])
                self._start = SkockState(pieces, colours, ("", ""), 0, ROLL)
            check_consistent(self._start)
        except (NotationError, ValueError) as error:
            raise OptionError(f"option 'position': {error}") from None

    # -- the tree ---------------------------------------------------------------------------

    def initial_state(self) -> SkockState:
        return self._start

    def phase(self, state: SkockState) -> Phase:
        if state.phase == OVER:
            return phased.OVER
        return PHASES[state.phase, state.turn]

    def choices(self, state: SkockState, seat: int) -> list[Action]:
        return self._known(state)[0]

    def _legal_set(self, state: SkockState) -> frozenset[Action]:
        return self._known(state)[1]

    # the legal actions of recent states, as a list and a set: a throw's first steps are a
    # search of their own, and a search of the game asks for them again out of order
    @recently_asked(512)
    def _known(self, state: SkockState) -> tuple[list[Action], frozenset[Action]]:
        found = self._legal(state)
        return found, frozenset(found)

    def _legal(self, state: SkockState) -> list[Action]:
        if state.phase == STEP:
            return list(self.planner.next_steps(state))
        if state.phase == PLACE:
            return list(self._placements(state))
        found: list[Action] = list(self.planner.first_steps(state))
        if len(state.dice) == 2:
            low, high = state.dice
            if low == high and state.queues[state.turn]:
                found.append(BACK)  # a double may bring pieces back instead of moving
            if not any(isinstance(a, Step) for a in found):
                found.append(PASS)  # no two pieces can use the dice: no move at all
        return found

    def _placements(self, state: SkockState) -> list[Place]:
        """Pieces brought back go on the rearmost row with room, anywhere in that row."""
        row = self.back_row_with_room(state)
        letters = [k for k in KINDS if k in state.placing]
        return [Place(letter, cell) for letter in letters for cell in cellset.cells(row)]

    def back_row_with_room(self, state: SkockState) -> int:
        empty = ~state.occupied
        for row in self.planner.tables.back_rows[state.turn]:
            if row & empty:
                return row & empty
        return 0

    def chance_outcomes(self, state: SkockState) -> Sequence[tuple[Action, Fraction]]:
        if state.phase != ROLL:
            return super().chance_outcomes(state)
        return ROLLS

    def apply(self, state: SkockState, action: Action) -> SkockState:
        phase = state.phase
        if phase == ROLL and isinstance(action, Roll):
            return state._replace(
                phase=CHOOSE, dice=(action.low, action.high), turns=state.turns + 1
            )
        if phase in (ROLL, OVER) or action not in self._legal_set(state):
            self.check_legal(state, action)
        if isinstance(action, Step):
            return self._step(state, action)
        if isinstance(action, Place):
            return self._place(state, action)
        if action == BACK:
            queue = state.queues[state.turn]
            count = min(state.dice[0], len(queue))  # all of them if the queue is shorter
            return state._replace(
                phase=PLACE,
                dice=(),
                placing=queue[:count],
                queues=self._with_queue(state.queues, state.turn, queue[count:]),
            )
        return self._end_turn(state, (state.pieces, state.colours), state.queues)

    def _step(self, state: SkockState, step: Step) -> SkockState:
        seat = state.turn
        dice, die, left = state.dice, state.die, state.left
        if step.die:  # the first step of a die: that die is now in use
            index = dice.index(step.die)
            dice = dice[:index] + dice[index + 1 :]
            die = left = step.die
        kind = state.kind_at(step.origin)
        queues = state.queues
        victim = state.kind_at(step.target)
        if victim >= 0 and (victim != KING or self.kings_return):
            # only a last step captures; the piece joins the end of its owner's queue
            enemy = seat ^ 1
            queues = self._with_queue(queues, enemy, queues[enemy] + KINDS[victim])
        after = kind
        if step.promotion:  # exchanged with a queued piece (or made freely, by option)
            own = queues[seat]
            if step.promotion in own:
                queues = self._with_queue(queues, seat, self.planner.exchange(own, step.promotion))
            after = KIND_OF[step.promotion]
        before: Board = (state.pieces, state.colours)
        board = move(before, seat, step.origin, step.target, kind, after, victim)
        left -= 1
        if victim == KING and self._king_hunt_won(board, seat):
            return SkockState(
                board[0], board[1], queues, seat, OVER, turns=state.turns, result=seat
            )
        if left:
            return SkockState(
                board[0],
                board[1],
                queues,
                seat,
                STEP,
                dice,
                die,
                step.target,
                left,
                state.moved,
                turns=state.turns,
            )
        if dice:  # the other die must now move a different piece
            return SkockState(
                board[0],
                board[1],
                queues,
                seat,
                CHOOSE,
                dice,
                moved=step.target,
                turns=state.turns,
            )
        return self._end_turn(state, board, queues)

    def _king_hunt_won(self, board: Board, seat: int) -> bool:
        if self.sudden_death:
            return True
        return not board[0][KING] & board[1][seat ^ 1]

    def _place(self, state: SkockState, place: Place) -> SkockState:
        board = put((state.pieces, state.colours), place.cell, state.turn, KIND_OF[place.letter])
        index = state.placing.index(place.letter)
        placing = state.placing[:index] + state.placing[index + 1 :]
        if placing:
            return state._replace(pieces=board[0], colours=board[1], placing=placing)
        return self._end_turn(state, board, state.queues)

    def _end_turn(self, state: SkockState, board: Board, queues: tuple[str, str]) -> SkockState:
        if self.turn_limit and state.turns >= self.turn_limit:
            return SkockState(
                board[0], board[1], queues, state.turn, OVER, turns=state.turns, result=DRAW
            )
        return SkockState(board[0], board[1], queues, state.turn ^ 1, ROLL, turns=state.turns)

    @staticmethod
    def _with_queue(queues: tuple[str, str], seat: int, queue: str) -> tuple[str, str]:
        return (queue, queues[1]) if seat == 0 else (queues[0], queue)

    def outcome(self, state: SkockState) -> Outcome | None:
        """Who won and why, in words (None while the game goes on)."""
        if state.phase != OVER:
            return None
        if state.result == DRAW:
            return Outcome(None, f"the turn limit of {self.turn_limit} throws")
        kings = "a king" if self.sudden_death else "both kings"
        return Outcome(state.result, f"{kings} of the other side taken")

    # -- text -------------------------------------------------------------------------------

    def action_text(self, state: SkockState, action: Action) -> str:
        return notation.action_text(action)

    def parse_action(self, state: SkockState, text: str, seat: int | None = None) -> Action:
        if state.phase != ROLL:  # anyone may write the throw
            self.refuse_out_of_turn(state, text, seat)
        action = notation.read_action(text)
        if state.phase == ROLL:
            if not isinstance(action, Roll):
                raise IllegalAction(text, "the dice are to be thrown first")
            return action
        legal = self.legal_actions(state)
        if action in legal:
            return action
        if isinstance(action, Step) and not action.die and state.phase == CHOOSE:
            # a first step written without its die is fine when only one die fits
            fits = [
                a
                for a in legal
                if isinstance(a, Step)
                and a == Step(action.origin, action.target, a.die, action.promotion)
            ]
            if len(fits) == 1:
                return fits[0]
            if fits:
                options = " or ".join(notation.action_text(a) for a in fits)
                raise IllegalAction(text, f"either die could make this step: write {options}")
        if isinstance(action, Step) and action.die == state.die and state.phase == STEP:
            plain = Step(action.origin, action.target, 0, action.promotion)
            if plain in legal:
                return plain
        raise IllegalAction(text, self.why_illegal(state, action))

    def check_legal(self, state: SkockState, action: Action, seat: int | None = None) -> Action:
        if state.phase == ROLL:
            if isinstance(action, Roll) and 1 <= action.low <= action.high <= 6:
                return action
            text = notation.action_text(action)
            if isinstance(action, Roll):
                raise IllegalAction(text, "two dice show 1 to 6 each, written low first")
            raise IllegalAction(text, "the dice are to be thrown first")
        return super().check_legal(state, action, seat)

    def why_illegal(self, state: SkockState, action: Action) -> str:
        """The rule `action` breaks at `state`, in one line."""
        return why_illegal(self, state, action)

    # -- serialisation and display ----------------------------------------------------------

    def state_to_json(self, state: SkockState) -> dict[str, Any]:
        return to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> SkockState:
        state = from_json(data)
        under_way = state.phase in (STEP, PLACE) or (state.phase == CHOOSE and len(state.dice) == 1)
        if under_way and not self.legal_actions(state):
            raise StateError("the turn in progress cannot be completed from this state")
        return state

    def evaluate(self, state: SkockState, seat: int) -> float:
        """Both kings, king safety, material, the queue and the race (see `evaluate.py`)."""
        if state.phase == OVER:
            return self.returns(state)[seat]
        return evaluate.evaluate(self.planner, state, seat)


# -- why an action is refused ----------------------------------------------------------------


def why_illegal(rules: Skock, state: SkockState, action: Action) -> str:
    if state.phase == OVER:
        return "the game is over"
    if isinstance(action, Roll):
        return "the dice are not being thrown now"
    if state.phase == ROLL:
        return "the dice are to be thrown first"
    if state.phase == PLACE and not isinstance(action, Place):
        return "the pieces brought back from the queue must be placed first"
    if isinstance(action, Place):
        return _why_place(rules, state, action)
    if action == BACK:
        if state.phase != CHOOSE or len(state.dice) != 2:
            return "pieces come back only instead of a whole move, at the start of a turn"
        if state.dice[0] != state.dice[1]:
            return "only a double lets a player bring pieces back"
        return "the queue is empty: there is nothing to bring back"
    if action == PASS:
        return "a player passes only when no two pieces can use the dice"
    if isinstance(action, Step):
        return _why_step(rules, state, action)
    return "not a legal action in this position"


def _why_place(rules: Skock, state: SkockState, place: Place) -> str:
    if state.phase != PLACE:
        return "no pieces are being brought back"
    if place.letter not in state.placing:
        return f"no {PIECE_NAMES[KINDS.index(place.letter)]} is being brought back"
    return (
        "pieces brought back go as far back as possible: fill the rearmost row with room "
        "before the next"
    )


def _why_step(rules: Skock, state: SkockState, step: Step) -> str:
    me = state.turn
    name = GEOMETRY.name
    planner = rules.planner
    if state.phase == STEP:
        if step.origin != state.cell:
            return f"the piece on {name(state.cell)} must first use its {state.left} steps left"
        if step.die:
            return f"the die is already chosen; write the step as {name(step.origin)}..."
        die, left = state.die, state.left
    else:
        if not step.die:
            return "name the die for a piece's first step, as in 4:g2f4"
        if step.die not in state.dice:
            return f"no die left shows {step.die}"
        if step.origin == state.moved:
            return "the two dice must move two different pieces"
        die, left = step.die, step.die
    if state.owner(step.origin) != me:
        return f"there is no {rules.spec.seat_name(me)} piece on {name(step.origin)}"
    kind = state.kind_at(step.origin)
    target_owner = state.owner(step.target)
    # could the piece get there at all, were the target an enemy piece?
    bit = 1 << step.target
    theirs = (state.colours[me ^ 1] | bit) if target_owner == me else state.colours[me ^ 1]
    reach = planner.targets(me, kind, step.origin, state.occupied, theirs, True, 0)
    if not bit & reach:
        return f"a {PIECE_NAMES[kind]} cannot step from {name(step.origin)} to {name(step.target)}"
    if target_owner == me:
        return f"{name(step.target)} holds a piece of your own"
    if target_owner >= 0 and left > 1:
        return "every step but the last must end on an empty square: only the last may capture"
    if target_owner >= 0 and state.kind_at(step.target) == KING and die != planner.king_die:
        return f"only a step made with a die showing {planner.king_die} may take a king"
    last_row = planner.tables.last_row[me]
    if step.promotion:
        if kind != PAWN or not (1 << step.target) & last_row:
            return "only a pawn reaching the last row is exchanged"
        if step.promotion not in state.queues[me] and not planner.free_promotion:
            return f"the queue holds no {PIECE_NAMES[KINDS.index(step.promotion)]} to exchange"
    elif kind == PAWN and (1 << step.target) & last_row and left > 1:
        return "a pawn on the last row cannot use its other steps unless exchanged (add =Q etc.)"
    return (
        "no way to finish the turn after this step: the piece must use every step of its die "
        "and a different piece must then use the other die"
    )
