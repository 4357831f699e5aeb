"""Words for people: the rule an illegal action breaks, whether a state makes sense, and the
board as text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.core.errors import StateError
from motley.games.combat_chess.board import (
    GEOMETRY,
    NEIGHBOURS,
    RAYS,
    king_cell,
    leaders,
    standing_castle,
)
from motley.games.combat_chess.state import (
    ACT,
    AFTER_MOVE,
    CASTLE,
    CHANCE_PHASES,
    COMBAT,
    CORNERS,
    DRAW,
    EMPTY,
    END,
    ESCAPE,
    ESCAPE_ROLL,
    FIRST,
    MOVE,
    MOVE_ROLL,
    OVER,
    PASS,
    PHASE_NAMES,
    PIECE_NAMES,
    PLAYING,
    SIDE,
    SIDES,
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
)

if TYPE_CHECKING:
    from motley.games.combat_chess.rules import CombatChess

NAME = GEOMETRY.name
WAITING = {
    ACT: "choose to roll, teleport, challenge or escape",
    MOVE: "move a piece the number rolled",
    AFTER_MOVE: "challenge a neighbour or end the turn",
    SIDE: "put the killed piece by the left or right castle",
    TELEPORT: "place the teleporting king",
    ESCAPE: "place the freed piece",
}


def piece(letter: str) -> str:
    return PIECE_NAMES[letter.upper()]


def why_illegal(rules: CombatChess, s: CombatState, action: Action) -> str:
    """The rule `action` breaks at `s`, in one line."""
    if s.phase == OVER:
        return "the game is over"
    if s.phase in CHANCE_PHASES:
        if s.phase in (FIRST, COMBAT) and not isinstance(action, DicePair):
            return "two dice are rolling: write 'first 3 5' or 'combat 4 2'"
        if isinstance(action, DicePair) and action.word != (
            "first" if s.phase == FIRST else "combat"
        ):
            return f"this roll is for {'the first move' if s.phase == FIRST else 'a challenge'}"
        if s.phase not in (FIRST, COMBAT) and not isinstance(action, Die):
            return "the dice are rolling: only a roll of the dice can come next ('roll 4')"
        return "the dice are rolling: only a roll of the dice can come next"
    if isinstance(action, Die | DicePair):
        return "no dice are being rolled now"
    expected = WAITING[s.phase]
    if isinstance(action, Move):
        return _why_move(rules, s, action) if s.phase == MOVE else f"first {expected}"
    if isinstance(action, Challenge):
        if s.phase not in (ACT, AFTER_MOVE):
            return f"first {expected}"
        return _why_challenge(rules, s, action)
    if isinstance(action, Escape):
        return _why_escape(s, action) if s.phase == ACT else f"first {expected}"
    if isinstance(action, Place):
        if s.phase == TELEPORT:
            return f"a teleporting king lands on an empty square; {NAME(action.cell)} is taken"
        if s.phase == ESCAPE:
            return "a freed piece is one of that castle's prisoners, put on an empty square by it"
        return f"first {expected}"
    if isinstance(action, PlanRoll):
        if not rules.plan:
            return "roll first, then choose the piece (plan_before_roll is off)"
        if s.phase != ACT:
            return f"first {expected}"
        return f"there is no piece of yours on {NAME(action.cell)} that can move"
    if isinstance(action, Word):
        return _why_word(rules, s, action, expected)
    return "not a legal action in this position"


def _why_move(rules: CombatChess, s: CombatState, move: Move) -> str:
    letter = s.board[move.origin]
    if owner(letter) != s.turn:
        return f"there is no piece of yours on {NAME(move.origin)}"
    if s.active >= 0 and move.origin != s.active:
        return f"the piece named before the roll, on {NAME(s.active)}, must be the one to move"
    if letter.upper() == CASTLE:
        return "castles stay put all through the game"
    for ray in RAYS[move.origin]:
        if move.target in ray:
            distance = ray.index(move.target) + 1
            if distance != s.roll:
                return f"a piece moves exactly the number rolled ({s.roll}), not {distance}"
            if s.board[move.target] != EMPTY:
                return "a move ends on an empty square: fights are challenges"
            return "only dragons pass over pieces"
    return "pieces move in one straight line, like a queen, and make no turn"


def _why_challenge(rules: CombatChess, s: CombatState, challenge: Challenge) -> str:
    letter = s.board[challenge.challenger]
    if owner(letter) != s.turn:
        return f"there is no piece of yours on {NAME(challenge.challenger)}"
    if letter.upper() == CASTLE:
        return "castles never move, so they cannot challenge (a winner moves in)"
    if s.phase == AFTER_MOVE and not rules.any_challenger and challenge.challenger != s.active:
        return "after a move only the piece that moved may challenge"
    target = s.board[challenge.defender]
    if target == EMPTY or owner(target) == s.turn:
        return f"there is no enemy piece on {NAME(challenge.defender)}"
    if challenge.defender not in NEIGHBOURS[challenge.challenger]:
        return "only a piece next to the enemy piece can challenge it"
    return "castles cannot be challenged under these options"


def _why_escape(s: CombatState, escape: Escape) -> str:
    if escape.castle not in CORNERS or owner(s.board[escape.castle]) == s.turn:
        return f"there is no enemy castle holding prisoners on {NAME(escape.castle)}"
    index = CORNERS.index(escape.castle)
    if not standing_castle(s.board, index):
        return f"there is no enemy castle on {NAME(escape.castle)}"
    if escape.hero not in NEIGHBOURS[escape.castle] or owner(s.board[escape.hero]) != s.turn:
        return "the hero must be a piece of yours next to the castle"
    if s.fresh >> escape.hero & 1:
        return "the hero must have reached the castle on an earlier turn"
    if not s.prisoners[index]:
        return "that castle holds none of your pieces: there is no one to free"
    return "there is no empty square next to the castle to free a piece onto"


def _why_word(rules: CombatChess, s: CombatState, word: Word, expected: str) -> str:
    if word == PASS:
        if s.phase == MOVE:
            return "a piece can move the number rolled, so the turn is not lost"
        return f"first {expected}"
    if word == END:
        return "a turn ends this way only after a move that could start a challenge"
    if word == TELEPORT_WORD:
        if s.phase != ACT:
            return "teleportation is declared before the roll, at the start of an action"
        return "only a living king can teleport"
    if word.word in SIDES:
        if s.phase == SIDE:
            side = SIDES.index(word.word)
            corner = NAME(CORNERS[2 * s.chooser + side])
            return (
                f"your {word.word} castle ({corner}) has fallen: a piece held there could "
                "never escape"
            )
        return "only the winner of a challenge places the killed piece"
    if word.word == "stay":
        return "only a successful teleport may be declined (the king stays where it is)"
    if word.word == "roll" and rules.plan and s.phase == ACT:
        return "name the piece before rolling: roll e2"
    return f"first {expected}"


# -- validating a state ---------------------------------------------------------------------


def check_state(rules: CombatChess, s: CombatState) -> None:
    """Raise StateError unless the fields describe one possible moment of a game."""
    board, me = s.board, s.turn
    for seat in (0, 1):
        held = sum(1 for p in "".join(s.prisoners) if owner(p) == seat)
        pieces = sum(1 for p in board if owner(p) == seat) + held
        pieces += 1 if s.captive and owner(s.captive) == seat else 0
        if pieces > 16:
            raise StateError(f"{rules.spec.seat_name(seat)} has more than 16 pieces")
        if s.phase != OVER and not leaders(board, seat):
            raise StateError(f"{rules.spec.seat_name(seat)} has no leader left but plays on")
    if (s.phase == OVER) != (s.result != PLAYING):
        raise StateError("'result' is set exactly when the phase is 'over'")
    if s.result == DRAW and not rules.turn_limit:
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
    if s.phase in (MOVE_ROLL, MOVE) and s.active >= 0 and not (rules.plan and mine):
        raise StateError("only a planned roll names a piece before the move")
    if s.phase == MOVE and not 1 <= s.roll <= 6:
        raise StateError("the move phase needs the number rolled")
    if s.phase in (AFTER_MOVE, COMBAT) and not mine:
        raise StateError("a challenge needs the challenger, one of the mover's pieces")
    if s.phase == AFTER_MOVE and not rules.legal_actions(s)[:-1]:
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
        if escape not in rules.legal_actions(
            s._replace(phase=ACT, active=-1, target=-1, fresh=fresh)
        ):
            raise StateError("an escape needs a hero beside an enemy castle holding prisoners")
    if s.phase == FIRST and (s.turn != 0 or s.turns):
        raise StateError("the roll for the first move comes before any turn")


# -- text pictures --------------------------------------------------------------------------


def render(rules: CombatChess, s: CombatState) -> str:
    """The board (White at the bottom), the prisoners by each castle, and what happens next."""
    letters = "   " + " ".join("abcdefgh")
    lines = [letters]
    marks = {s.active, s.target} - {-1}
    for rank in range(7, -1, -1):
        row = f"{rank + 1}  "
        for file in range(8):
            cell = rank * 8 + file
            row += s.board[cell] + ("<" if cell in marks else " ")
        lines.append(f"{row} {rank + 1}")
    lines.append(letters)
    for seat in (0, 1):
        held = [
            f"{side} ({NAME(CORNERS[2 * seat + i])}): {' '.join(s.prisoners[2 * seat + i]) or '-'}"
            for i, side in enumerate(SIDES)
        ]
        lines.append(f"{rules.spec.seat_name(seat)}'s castles hold: " + "; ".join(held))
    lines.append(status(rules, s))
    return "\n".join(lines)


def status(rules: CombatChess, s: CombatState) -> str:
    mover = rules.spec.seat_name(s.turn)
    if s.phase == OVER:
        if s.result == DRAW:
            return f"Game over: drawn at the turn limit ({rules.turn_limit} turns)"
        return f"Game over: {rules.spec.seat_name(s.result)} has killed every enemy leader"
    if s.phase == FIRST:
        return "Both sides roll to see who moves first" + (f" (ties: {s.ties})" if s.ties else "")
    if s.phase == COMBAT:
        fight = f"{piece(s.board[s.active])} on {NAME(s.active)} challenges "
        fight += f"{piece(s.board[s.target])} on {NAME(s.target)}"
        return f"{mover}: {fight}" + (f" (ties so far: {s.ties})" if s.ties else "")
    if s.phase == SIDE:
        return f"{rules.spec.seat_name(s.chooser)} won: place the {piece(s.captive)} by a castle"
    if s.phase in (MOVE_ROLL, TELEPORT_ROLL, ESCAPE_ROLL):
        return f"{mover} rolls ({PHASE_NAMES[s.phase]})"
    text = f"{mover}: {WAITING[s.phase]}"
    if s.phase == MOVE:
        text += f" (rolled {s.roll})"
    if s.phase == ESCAPE:
        text += f" next to {NAME(s.target)}"
    return text + f" [turn {s.turns + 1}; leaders {leaders(s.board, 0)}-{leaders(s.board, 1)}]"
