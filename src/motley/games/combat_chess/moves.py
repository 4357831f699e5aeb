"""Why an action is refused: the rule of Combat Chess II it breaks, in one line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.games.combat_chess import state as st
from motley.games.combat_chess.board import (
    NEIGHBOURS,
    RAYS,
    standing_castle,
)

if TYPE_CHECKING:
    from motley.games.combat_chess.rules import CombatChess

NAME = st.GEOMETRY.name


def why_illegal(rules: CombatChess, s: st.CombatState, action: st.Action) -> str:
    """The rule `action` breaks at `s`, in one line."""
    if s.phase == st.OVER:
        return "the game is over"
    if s.phase in st.CHANCE_PHASES:
        if s.phase in (st.FIRST, st.COMBAT) and not isinstance(action, st.DicePair):
            return "two dice are rolling: write 'first 3 5' or 'combat 4 2'"
        if isinstance(action, st.DicePair) and action.word != (
            "first" if s.phase == st.FIRST else "combat"
        ):
            return f"this roll is for {'the first move' if s.phase == st.FIRST else 'a challenge'}"
        if s.phase not in (st.FIRST, st.COMBAT) and not isinstance(action, st.Die):
            return "the dice are rolling: only a roll of the dice can come next ('roll 4')"
        return "the dice are rolling: only a roll of the dice can come next"
    if isinstance(action, st.Die | st.DicePair):
        return "no dice are being rolled now"
    expected = st.WAITING[s.phase]
    if isinstance(action, st.Move):
        return _why_move(rules, s, action) if s.phase == st.MOVE else f"first {expected}"
    if isinstance(action, st.Challenge):
        if s.phase not in (st.ACT, st.AFTER_MOVE):
            return f"first {expected}"
        return _why_challenge(rules, s, action)
    if isinstance(action, st.Escape):
        return _why_escape(s, action) if s.phase == st.ACT else f"first {expected}"
    if isinstance(action, st.Place):
        if s.phase == st.TELEPORT:
            return f"a teleporting king lands on an empty square; {NAME(action.cell)} is taken"
        if s.phase == st.ESCAPE:
            return "a freed piece is one of that castle's prisoners, put on an empty square by it"
        return f"first {expected}"
    if isinstance(action, st.PlanRoll):
        if not rules.plan:
            return "roll first, then choose the piece (plan_before_roll is off)"
        if s.phase != st.ACT:
            return f"first {expected}"
        return f"there is no piece of yours on {NAME(action.cell)} that can move"
    if isinstance(action, st.Word):
        return _why_word(rules, s, action, expected)
    return "not a legal action in this position"


def _why_move(rules: CombatChess, s: st.CombatState, move: st.Move) -> str:
    letter = s.board[move.origin]
    if st.owner(letter) != s.turn:
        return f"there is no piece of yours on {NAME(move.origin)}"
    if s.active >= 0 and move.origin != s.active:
        return f"the piece named before the roll, on {NAME(s.active)}, must be the one to move"
    if letter.upper() == st.CASTLE:
        return "castles stay put all through the game"
    for ray in RAYS[move.origin]:
        if move.target in ray:
            distance = ray.index(move.target) + 1
            if distance != s.roll:
                return f"a piece moves exactly the number rolled ({s.roll}), not {distance}"
            if s.board[move.target] != st.EMPTY:
                return "a move ends on an empty square: fights are challenges"
            return "only dragons pass over pieces"
    return "pieces move in one straight line, like a queen, and make no turn"


def _why_challenge(rules: CombatChess, s: st.CombatState, challenge: st.Challenge) -> str:
    letter = s.board[challenge.challenger]
    if st.owner(letter) != s.turn:
        return f"there is no piece of yours on {NAME(challenge.challenger)}"
    if letter.upper() == st.CASTLE:
        return "castles never move, so they cannot challenge (a winner moves in)"
    if s.phase == st.AFTER_MOVE and not rules.any_challenger and challenge.challenger != s.active:
        return "after a move only the piece that moved may challenge"
    target = s.board[challenge.defender]
    if target == st.EMPTY or st.owner(target) == s.turn:
        return f"there is no enemy piece on {NAME(challenge.defender)}"
    if challenge.defender not in NEIGHBOURS[challenge.challenger]:
        return "only a piece next to the enemy piece can challenge it"
    return "castles cannot be challenged under these options"


def _why_escape(s: st.CombatState, escape: st.Escape) -> str:
    if escape.castle not in st.CORNERS or st.owner(s.board[escape.castle]) == s.turn:
        return f"there is no enemy castle holding prisoners on {NAME(escape.castle)}"
    index = st.CORNERS.index(escape.castle)
    if not standing_castle(s.board, index):
        return f"there is no enemy castle on {NAME(escape.castle)}"
    if escape.hero not in NEIGHBOURS[escape.castle] or st.owner(s.board[escape.hero]) != s.turn:
        return "the hero must be a piece of yours next to the castle"
    if s.fresh >> escape.hero & 1:
        return "the hero must have reached the castle on an earlier turn"
    if not s.prisoners[index]:
        return "that castle holds none of your pieces: there is no one to free"
    return "there is no empty square next to the castle to free a piece onto"


def _why_word(rules: CombatChess, s: st.CombatState, word: st.Word, expected: str) -> str:
    if word == st.PASS:
        if s.phase == st.MOVE:
            return "a piece can move the number rolled, so the turn is not lost"
        return f"first {expected}"
    if word == st.END:
        return "a turn ends this way only after a move that could start a challenge"
    if word == st.TELEPORT_WORD:
        if s.phase != st.ACT:
            return "teleportation is declared before the roll, at the start of an action"
        return "only a living king can teleport"
    if word.word in st.SIDES:
        if s.phase == st.SIDE:
            side = st.SIDES.index(word.word)
            corner = NAME(st.CORNERS[2 * s.chooser + side])
            return (
                f"your {word.word} castle ({corner}) has fallen: a piece held there could "
                "never escape"
            )
        return "only the winner of a challenge places the killed piece"
    if word.word == "stay":
        return "only a successful teleport may be declined (the king stays where it is)"
    if word.word == "roll" and rules.plan and s.phase == st.ACT:
        return "name the piece before rolling: roll e2"
    return f"first {expected}"
