"""Combat Chess II's rules object: the game API over `CombatState` (seed 004; see the package
docstring for the rules and every reading chosen). The phases, what each offers, applying an
action and the states that may be loaded are here; why anything else is refused is `moves`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from motley.chesslike.spec import chess_spec, position_option, read_turn_limit, turn_limit_option
from motley.components.dice import ONE_DIE, two_dice
from motley.core import phased
from motley.core.driver import Agent
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.phased import Outcome, Phase, PhasedRules
from motley.core.spec import OptionSpec, Trait
from motley.games.combat_chess import moves, notation, players, present
from motley.games.combat_chess.board import (
    NEIGHBOURS,
    START,
    cells_of,
    empty_neighbours,
    enemy_neighbours,
    king_cell,
    leaders,
    standing_castle,
    targets,
    with_cells,
)
from motley.games.combat_chess.evaluate import evaluate
from motley.games.combat_chess.state import (
    ACT,
    AFTER_MOVE,
    CASTLE,
    CHANCE_PHASES,
    CODEC,
    COMBAT,
    CORNERS,
    DRAW,
    EMPTY,
    END,
    ESCAPE,
    ESCAPE_ROLL,
    FIRST,
    GEOMETRY,
    LEFT,
    MOVE,
    MOVE_ROLL,
    OVER,
    PASS,
    PHASE_NAMES,
    PLAYING,
    RIGHT,
    ROLL,
    SIDE,
    SIDES,
    STAY,
    TELEPORT,
    TELEPORT_ROLL,
    TELEPORT_WORD,
    Action,
    Challenge,
    CombatState,
    DicePair,
    Die,
    Escape,
    Move,
    Place,
    PlanRoll,
    Word,
    owner,
    parse_placement,
)
from motley.geometry.base import Geometry

BONUS = {"P": 0, "N": 1, "B": 2, "Q": 3, "K": 4}  # "Pieces' bonus": added to challenge rolls
# two dice told apart: White's and Black's for the first move, the challenger's and the
# defender's in a fight
FIRST_ROLLS = two_dice(lambda a, b: DicePair("first", a, b))
FIGHT_ROLLS = two_dice(lambda a, b: DicePair("combat", a, b))
# each phase as the tree sees it, per seat to act (the chooser after a fight, else the mover)
PHASES = {
    (phase, seat): Phase.chance(name) if phase in CHANCE_PHASES else Phase.decision(seat, name)
    for phase, name in enumerate(PHASE_NAMES)
    for seat in (0, 1)
}

SPEC = chess_spec(
    id="combat_chess",
    title="Combat Chess II",
    summary="Roll to move in straight lines; adjacent pieces fight with dice plus bonuses; "
    "kill every enemy leader.",
    seed="004, Combat Chess II (John Garwood)",
    traits=frozenset({Trait.CHANCE}),
    options=(
        OptionSpec(
            "first_player",
            "roll",
            "'roll': both roll a die and the higher goes first, ties rolled again (the text); "
            "'white': White starts",
            ("roll", "white"),
            label="Who goes first",
        ),
        OptionSpec(
            "plan_before_roll",
            False,
            "name the piece before rolling to move; over-planning is then that piece being "
            "unable to move the number rolled (default: roll, then pick any piece that can)",
            label="Name the piece before rolling",
        ),
        OptionSpec(
            "challenge_after_move",
            "moved",
            "who may challenge right after a move: 'moved' (the piece that became adjacent, as "
            "the text says) or 'any' (any of the mover's pieces next to an enemy)",
            ("moved", "any"),
            label="Who may challenge after a move",
        ),
        OptionSpec(
            "castles_challengeable",
            True,
            "castles can be challenged and killed (they never move, so never challenge)",
            label="Castles can be challenged",
        ),
        OptionSpec(
            "castle_bonus",
            0,
            "a castle's bonus when challenged (the text gives none)",
            label="Castle bonus when challenged",
        ),
        OptionSpec(
            "defender_moves_in",
            False,
            "a challenged piece that wins moves into the challenger's square (default: it "
            "stays; the turn simply passes)",
            label="A winning defender moves in",
        ),
        OptionSpec(
            "teleport_counts_king",
            True,
            "the king counts itself among the leaders that add +1 each to the teleport roll",
            label="The king counts for teleporting",
        ),
        OptionSpec(
            "teleport_exact",
            True,
            "teleportation needs a total of exactly 6 (the text's 'equal to a 6', the "
            "default); false: 6 or more, like an escape",
            label="Teleporting needs exactly 6",
        ),
        OptionSpec(
            "teleport_challenge",
            True,
            "a king that teleports next to an enemy may challenge it, as any piece that moves",
            label="A teleported king may challenge",
        ),
        turn_limit_option(300),
        position_option(
            "start from '<placement> <w|b> <prisoners>' (prisoners of White's left/right and "
            "Black's left/right castle, '-' for none) with that side to act",
            label="Start from a position",
        ),
    ),
)


class CombatChess(PhasedRules[CombatState, Action]):
    geometry: Geometry = GEOMETRY  # the board, for anything that draws it
    spec = SPEC
    presentation = present
    codec = CODEC

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        o = self.options
        self.plan = bool(o["plan_before_roll"])
        self.any_challenger = o["challenge_after_move"] == "any"
        self.castles_challengeable = bool(o["castles_challengeable"])
        self.defender_moves_in = bool(o["defender_moves_in"])
        self.teleport_counts_king = bool(o["teleport_counts_king"])
        self.teleport_exact = bool(o["teleport_exact"])
        self.teleport_challenge = bool(o["teleport_challenge"])
        self.turn_limit = read_turn_limit(o)
        castle_bonus = int(o["castle_bonus"])
        if not 0 <= castle_bonus <= 4:
            raise OptionError(f"option 'castle_bonus' is 0-4, not {castle_bonus}")
        self.bonus = {**BONUS, CASTLE: castle_bonus}
        given = str(o["position"]).strip()
        try:
            if given:
                self._start = notation.parse_position(given)
                self.check_state(self._start)
            elif o["first_player"] == "white":
                self._start = CombatState(parse_placement(START), 0, ACT)
            else:
                self._start = CombatState(parse_placement(START), 0, FIRST)
        except (NotationError, StateError) as error:
            raise OptionError(f"option 'position': {error}") from None

    # -- the tree ---------------------------------------------------------------------------

    def initial_state(self) -> CombatState:
        return self._start

    def phase(self, state: CombatState) -> Phase:
        if state.phase == OVER:
            return phased.OVER
        return PHASES[state.phase, state.chooser if state.phase == SIDE else state.turn]

    def choices(self, s: CombatState, seat: int) -> list[Action]:
        phase = s.phase
        if phase == ACT:
            return self._act_options(s)
        if phase == MOVE:
            return list(self.moves(s)) or [PASS]  # nothing fits the roll: over-planning
        if phase == AFTER_MOVE:
            return [*self._challenges(s, self._after_move_challengers(s)), END]
        if phase == SIDE:
            # a piece held by a fallen castle could never escape: only standing castles
            return [
                w
                for i, w in enumerate((LEFT, RIGHT))
                if standing_castle(s.board, 2 * s.chooser + i)
            ]
        if phase == TELEPORT:
            # "the player may place the king": or keep it where it stands
            return [*(Place("K", c) for c in range(64) if s.board[c] == EMPTY), STAY]
        if phase == ESCAPE:
            kinds = sorted({p.upper() for p in s.prisoners[self.corner_index(s.target)]})
            cells = empty_neighbours(s.board, s.target)
            return [Place(k, c) for k in kinds for c in cells]
        return []

    def _act_options(self, s: CombatState) -> list[Action]:
        """Step 2 of 'Playing the game': roll, teleport, or a challenge or escape if possible."""
        out: list[Action] = []
        movers = [c for c in cells_of(s.board, s.turn) if s.board[c].upper() != CASTLE]
        if self.plan and movers:
            out.extend(PlanRoll(c) for c in movers)
        else:
            out.append(ROLL)
        if king_cell(s.board, s.turn) >= 0:
            out.append(TELEPORT_WORD)
        out.extend(self._challenges(s, movers))
        out.extend(self._escapes(s))
        return out

    def moves(self, s: CombatState) -> list[Move]:
        """Every move of exactly the number rolled (of the named piece, when planned)."""
        pieces = [s.active] if s.active >= 0 else cells_of(s.board, s.turn)
        return [Move(c, t) for c in pieces for t in targets(s.board, c, s.roll)]

    def _after_move_challengers(self, s: CombatState) -> list[int]:
        if self.any_challenger:
            return [c for c in cells_of(s.board, s.turn) if s.board[c].upper() != CASTLE]
        return [s.active]  # "when a player's piece becomes adjacent": the piece that moved

    def _challenges(self, s: CombatState, challengers: list[int]) -> list[Challenge]:
        return [
            Challenge(c, d)
            for c in challengers
            if s.board[c].upper() != CASTLE  # a winner moves in, and castles never move
            for d in enemy_neighbours(s.board, c, self.castles_challengeable)
        ]

    def _escapes(self, s: CombatState) -> list[Escape]:
        """Heroes next to an enemy castle that holds prisoners and has room beside it."""
        out = []
        enemy = s.turn ^ 1
        for index in (2 * enemy, 2 * enemy + 1):
            corner = CORNERS[index]
            if not (standing_castle(s.board, index) and s.prisoners[index]):
                continue
            if not empty_neighbours(s.board, corner):
                continue
            for hero in NEIGHBOURS[corner]:
                # the hero must have come next to the castle on an earlier turn
                if owner(s.board[hero]) == s.turn and not s.fresh >> hero & 1:
                    out.append(Escape(hero, corner))
        return out

    @staticmethod
    def corner_index(cell: int) -> int:
        return CORNERS.index(cell)

    def dice(self, state: CombatState, outcome: Action) -> tuple[int, ...]:
        if isinstance(outcome, DicePair):
            return (outcome.first, outcome.second)
        return (outcome.face,) if isinstance(outcome, Die) else ()

    def chance_outcomes(self, state: CombatState) -> Sequence[tuple[Action, Fraction]]:
        if state.phase == FIRST:
            return FIRST_ROLLS
        if state.phase == COMBAT:
            return FIGHT_ROLLS
        if state.phase in CHANCE_PHASES:
            return ONE_DIE
        return super().chance_outcomes(state)

    # -- applying actions -------------------------------------------------------------------

    def apply(self, state: CombatState, action: Action) -> CombatState:
        s = state
        self.check_legal(s, action)
        phase = s.phase
        if phase == FIRST:
            assert isinstance(action, DicePair)
            if action.first == action.second:
                return s._replace(ties=s.ties + 1)  # a tie: both roll again
            return s._replace(phase=ACT, turn=0 if action.first > action.second else 1, ties=0)
        if phase == MOVE_ROLL:
            assert isinstance(action, Die)
            return s._replace(phase=MOVE, roll=action.face)
        if phase == COMBAT:
            assert isinstance(action, DicePair)
            return self._fight(s, action.first, action.second)
        if phase == TELEPORT_ROLL:
            assert isinstance(action, Die)
            return s._replace(phase=TELEPORT) if self._teleports(s, action.face) else self._end(s)
        if phase == ESCAPE_ROLL:
            assert isinstance(action, Die)
            hero = s.board[s.active].upper()
            # "If that result equal or greater than a 6" a prisoner may be freed
            if action.face + self.bonus[hero] >= 6:
                return s._replace(phase=ESCAPE)
            return self._end(s)
        return self._decide(s, action)

    def _decide(self, s: CombatState, action: Action) -> CombatState:
        if isinstance(action, Challenge):
            return s._replace(phase=COMBAT, active=action.challenger, target=action.defender)
        if isinstance(action, Escape):
            return s._replace(phase=ESCAPE_ROLL, active=action.hero, target=action.castle)
        if isinstance(action, PlanRoll):
            return s._replace(phase=MOVE_ROLL, active=action.cell)
        if isinstance(action, Move):
            return self._moved(s, action.origin, action.target, s.board[action.origin], True)
        if isinstance(action, Place):
            if s.phase == TELEPORT:
                king = king_cell(s.board, s.turn)
                return self._moved(s, king, action.cell, s.board[king], self.teleport_challenge)
            return self._freed(s, action)
        if action == ROLL:
            return s._replace(phase=MOVE_ROLL)
        if action == TELEPORT_WORD:
            return s._replace(phase=TELEPORT_ROLL)
        if s.phase == SIDE and isinstance(action, Word):
            return self._placed_aside(s, SIDES.index(action.word))
        return self._end(s)  # pass (over-planning), end (no challenge), stay (no teleport)

    def _teleports(self, s: CombatState, face: int) -> bool:
        """The roll plus one per leader on the board (the king too, by default) must reach 6."""
        total = face + leaders(s.board, s.turn) - (0 if self.teleport_counts_king else 1)
        return total == 6 if self.teleport_exact else total >= 6

    def _moved(
        self, s: CombatState, origin: int, target: int, letter: str, may_challenge: bool
    ) -> CombatState:
        board = with_cells(s.board, {origin: EMPTY, target: letter})
        fresh = (s.fresh & ~(1 << origin)) | 1 << target
        after = s._replace(board=board, fresh=fresh, roll=0, active=target)
        if may_challenge and self._challenges(after, self._after_move_challengers(after)):
            return after._replace(phase=AFTER_MOVE)
        return self._end(after)

    def _fight(self, s: CombatState, attack: int, defence: int) -> CombatState:
        """Each side's roll plus its piece's bonus; the higher wins, a tie is rolled again."""
        board = s.board
        challenger, defender = board[s.active], board[s.target]
        total_c = attack + self.bonus[challenger.upper()]
        total_d = defence + self.bonus[defender.upper()]
        if total_c == total_d:
            return s._replace(ties=s.ties + 1)
        if total_c > total_d:  # the winner moves into the loser's square
            winner = self._killer(challenger, defender)
            board = with_cells(board, {s.active: EMPTY, s.target: winner})
            fresh = (s.fresh & ~(1 << s.active)) | 1 << s.target
            return self._killed(s, board, defender, s.turn, fresh)
        winner = self._killer(defender, challenger)
        if self.defender_moves_in:
            board = with_cells(board, {s.target: EMPTY, s.active: winner})
        else:
            board = with_cells(board, {s.active: EMPTY, s.target: winner})
        return self._killed(s, board, challenger, s.turn ^ 1, s.fresh & ~(1 << s.active))

    @staticmethod
    def _killer(winner: str, loser: str) -> str:
        """A pawn that kills a king becomes a bishop (a leader with +2)."""
        if winner.upper() == "P" and loser.upper() == "K":
            return "B" if winner.isupper() else "b"
        return winner

    def _killed(
        self, s: CombatState, board: str, captive: str, chooser: int, fresh: int
    ) -> CombatState:
        after = s._replace(
            board=board, captive=captive, chooser=chooser, fresh=fresh, ties=0, roll=0
        )
        if not leaders(board, owner(captive)):
            # every enemy leader is dead: the game ends at once
            return CombatState(
                board, s.turn, OVER, prisoners=s.prisoners, turns=s.turns, result=chooser
            )
        if not any(standing_castle(board, 2 * chooser + side) for side in (0, 1)):
            return self._placed_aside(after, 0)  # no castle left: the side changes nothing
        return after._replace(phase=SIDE)

    def _placed_aside(self, s: CombatState, side: int) -> CombatState:
        """The killed piece waits off the board by the winner's castle on that side."""
        index = 2 * s.chooser + side
        prisoners = list(s.prisoners)
        prisoners[index] = "".join(sorted(prisoners[index] + s.captive))
        after = s._replace(
            prisoners=(prisoners[0], prisoners[1], prisoners[2], prisoners[3]),
            captive="",
            active=-1,
            target=-1,
        )
        if s.chooser == s.turn:  # a winning challenger goes on: step 2 again
            return after._replace(phase=ACT, chooser=-1)
        return self._end(after._replace(chooser=-1))  # a defeated challenger's turn is over

    def _freed(self, s: CombatState, place: Place) -> CombatState:
        index = self.corner_index(s.target)
        letter = place.letter if s.turn == 0 else place.letter.lower()
        held = s.prisoners[index].replace(letter, "", 1)
        prisoners = list(s.prisoners)
        prisoners[index] = held
        board = with_cells(s.board, {place.cell: letter})
        return self._end(
            s._replace(
                board=board, prisoners=(prisoners[0], prisoners[1], prisoners[2], prisoners[3])
            )
        )

    def _end(self, s: CombatState) -> CombatState:
        """The turn is over: hand the dice to the other side (or stop at the turn limit)."""
        turns = s.turns + 1
        if self.turn_limit and turns >= self.turn_limit:
            return CombatState(
                s.board, s.turn, OVER, prisoners=s.prisoners, turns=turns, result=DRAW
            )
        return CombatState(s.board, s.turn ^ 1, ACT, prisoners=s.prisoners, turns=turns)

    def outcome(self, state: CombatState) -> Outcome | None:
        """Who won and why, in words (None while the game goes on)."""
        if state.phase != OVER:
            return None
        if state.result == DRAW:
            return Outcome(None, f"the turn limit of {self.turn_limit} turns")
        return Outcome(state.result, "every enemy leader killed")

    # -- text -------------------------------------------------------------------------------

    def action_text(self, state: CombatState, action: Action) -> str:
        return notation.action_text(action)

    def parse_action(self, state: CombatState, text: str, seat: int | None = None) -> Action:
        if state.phase == OVER:
            raise IllegalAction(text, "the game is over")
        action = notation.read_action(text)
        actors = self.actors(state)
        if seat is not None and actors and seat != actors[0]:
            # after a fight the winner decides, whoever's turn it is
            raise IllegalAction(text, f"it is {self.spec.seat_name(actors[0])}'s decision")
        return self.check_legal(state, action)

    def check_legal(self, state: CombatState, action: Action, seat: int | None = None) -> Action:
        if state.phase in CHANCE_PHASES:
            if any(action == outcome for outcome, _ in self.chance_outcomes(state)):
                return action
            raise IllegalAction(notation.action_text(action), self.why_illegal(state, action))
        return super().check_legal(state, action, seat)

    def why_illegal(self, state: CombatState, action: Action) -> str:
        return moves.why_illegal(self, state, action)

    def computer(self, level: int, seed: int, generic: Agent) -> Agent | None:
        """The ladder's alpha-beta without quiescence from level 3 (see `players`)."""
        return players.computer(level, generic)

    def evaluate(self, state: CombatState, seat: int) -> float:
        """Leaders, fighting strength and the best challenge at hand (see `evaluate.py`)."""
        if state.phase == OVER:
            return self.returns(state)[seat]
        return evaluate(state, seat, self.bonus)

    def check_state(self, s: CombatState) -> None:
        """Raise StateError unless the fields describe one possible moment of a game."""
        board, me = s.board, s.turn
        for seat in (0, 1):
            held = sum(1 for p in "".join(s.prisoners) if owner(p) == seat)
            pieces = sum(1 for p in board if owner(p) == seat) + held
            pieces += 1 if s.captive and owner(s.captive) == seat else 0
            if pieces > 16:
                raise StateError(f"{self.spec.seat_name(seat)} has more than 16 pieces")
            if s.phase != OVER and not leaders(board, seat):
                raise StateError(f"{self.spec.seat_name(seat)} has no leader left but plays on")
        if (s.phase == OVER) != (s.result != PLAYING):
            raise StateError("'result' is set exactly when the phase is 'over'")
        if s.result == DRAW and not self.turn_limit:
            raise StateError("a drawn game needs a turn limit")
        if s.phase != SIDE and (s.captive or s.chooser >= 0):
            raise StateError("only a state placing a killed piece has a captive and a chooser")
        if s.phase not in (MOVE,) and s.roll:
            raise StateError("a roll to use belongs to the move phase")
        if s.phase in (FIRST, ACT, OVER) and (s.active >= 0 or s.target >= 0):
            raise StateError("no piece is busy between actions")
        if s.phase not in (COMBAT, FIRST) and s.ties:
            raise StateError("ties are counted only while dice decide a challenge or who starts")
        mine = owner(board[s.active]) == me if s.active >= 0 else False
        if s.phase in (MOVE_ROLL, MOVE) and s.active >= 0 and not (self.plan and mine):
            raise StateError("only a planned roll names a piece before the move")
        if s.phase == MOVE and not 1 <= s.roll <= 6:
            raise StateError("the move phase needs the number rolled")
        if s.phase in (AFTER_MOVE, COMBAT) and not mine:
            raise StateError("a challenge needs the challenger, one of the mover's pieces")
        if s.phase == AFTER_MOVE and not self.legal_actions(s)[:-1]:
            raise StateError("the piece that moved has no one to challenge")
        if s.phase == COMBAT:
            enemy = board[s.target] if s.target >= 0 else EMPTY
            if enemy == EMPTY or owner(enemy) == me or s.target not in NEIGHBOURS[s.active]:
                raise StateError("a challenge is fought between neighbours of opposite sides")
        if s.phase == SIDE and (
            s.chooser not in (0, 1) or len(s.captive) != 1 or owner(s.captive) == s.chooser
        ):
            raise StateError("the winner places a piece of the loser's side")
        if s.phase in (TELEPORT_ROLL, TELEPORT) and king_cell(board, me) < 0:
            raise StateError("only a living king teleports")
        if s.phase in (ESCAPE_ROLL, ESCAPE):
            escape = Escape(s.active, s.target)
            fresh = s.fresh
            if escape not in self.legal_actions(
                s._replace(phase=ACT, active=-1, target=-1, fresh=fresh)
            ):
                raise StateError("an escape needs a hero beside an enemy castle holding prisoners")
        if s.phase == FIRST and (s.turn != 0 or s.turns):
            raise StateError("the roll for the first move comes before any turn")
