"""How Telepathic Chess is shown and played (see `core.present`).

The board, the trophy on its track between the teams, each team's face-up card, the card the
predictor has played face down (a back to everyone but the predictor, until the move turns it
over), each team's hand (face up only to the player holding it: the mover must not see which
card is missing), the pieces each team has lost, and who predicts and who moves.

A prediction is a pick on the predictor's hand; a move is a drag (castling as the king's
two-square step, a promotion asks for the piece); a removal is a click on the piece.
Everything is read from a view, so the face-down card leaves only through `Rules.view`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike import movegen
from motley.chesslike.position import Move
from motley.chesslike.present import check_cells as chess_check_cells
from motley.chesslike.present import chess_layout, move_gesture, position_pieces, san_body
from motley.components.chess_cards import CHECKER, TYPES
from motley.core import present
from motley.core.present import Card, Cards, Click, Layout, Note, Pick, Score, Track
from motley.games.telepathic.state import (
    EIGHT,
    END,
    MOVE,
    PREDICT,
    REMOVE,
    SEAT_NAMES,
    TEAM_NAMES,
    UNSEEN,
    Action,
    Predict,
    Remove,
    TeleState,
    TeleView,
    card_name,
    partner,
)
from motley.games.telepathic.turn import NOTHING, PULL, judge, shift

if TYPE_CHECKING:
    from motley.games.telepathic.rules import TelepathicChess

# the trophy's places, White's side first (`TeleState.trophy` + 1 indexes them)
TROPHY_STEPS = ("beside White", "in the middle", "beside Black")


def layout(rules: TelepathicChess) -> Layout:
    return chess_layout(rules.tables)


def face(team: int, letter: str, caption: str = "") -> Card:
    """A team's card face up (Appendix A: the piece letter, C for the checker)."""
    figure = "" if letter == CHECKER else letter  # a checker shows no piece
    return Card(f"{team}{letter}", letter, caption or card_name(letter), team, figure)


def hand_id(team: int) -> str:
    return f"hand-{TEAM_NAMES[team].lower()}"


def holder(state: TeleState, team: int) -> int:
    """Who holds the team's hand: its predictor (the mover takes the hand at the pick-up,
    and the roles swap then)."""
    return partner(state.movers[team])


def in_hand(state: TeleState, team: int) -> tuple[str, ...]:
    """The team's cards not on the table (counted right even when the face-down card is
    unseen: it is on the table, whatever it is)."""
    table = {state.face_up[team]}
    if team == state.team and state.face_down and state.face_down != UNSEEN:
        table.add(state.face_down)
    return tuple(t for t in TYPES if t not in table)


def hand_size(state: TeleState, team: int) -> int:
    played = team == state.team and bool(state.face_down)
    return len(TYPES) - bool(state.face_up[team]) - played


# -- the table -------------------------------------------------------------------------------


def hand(state: TeleState, team: int, seat: int) -> Cards:
    owner = holder(state, team)
    name = TEAM_NAMES[team]
    if seat == owner:
        faces = tuple(face(team, letter) for letter in in_hand(state, team))
        return Cards(hand_id(team), f"Your hand ({name}'s cards)", faces, owner=owner)
    title = f"{SEAT_NAMES[owner]}'s hand ({name}'s cards)"
    return Cards(hand_id(team), title, hidden=hand_size(state, team), owner=owner)


def face_up_line(state: TeleState, team: int) -> Cards:
    letter = state.face_up[team]
    name = TEAM_NAMES[team]
    if not letter:
        title = f"{name}'s face-up card: none (eight pieces lost)"
        return Cards(f"face-up-{name.lower()}", title, kind="line")
    return Cards(
        f"face-up-{name.lower()}", f"{name}'s face-up card", (face(team, letter),), kind="line"
    )


def prediction(state: TeleState, seat: int) -> Cards | None:
    """The face-down card: a back to all but its predictor, until the move turns it over."""
    letter = state.face_down
    if not letter:
        return None
    team = state.team
    name = TEAM_NAMES[team]
    if letter == UNSEEN:
        title = f"{name}'s prediction, face down"
        return Cards("prediction", title, hidden=1, owner=holder(state, team), kind="line")
    if state.phase == MOVE:
        title = f"{name}'s prediction, face down (only you see it)"
    else:
        title = f"{name}'s prediction, turned over"
    caption = card_name(letter)
    if letter == CHECKER:
        up = state.face_up[team]
        caption += f": a copy of the {card_name(up)}" if up else ": nothing to copy"
    faces = (face(team, letter, caption),)
    return Cards("prediction", title, faces, owner=holder(state, team), kind="line")


def items(state: TeleState, seat: int) -> tuple[present.Item, ...]:
    out: list[present.Item] = [
        Track("trophy", "Trophy", TROPHY_STEPS, state.trophy + 1),
        face_up_line(state, 0),
        face_up_line(state, 1),
    ]
    shown = prediction(state, seat)
    if shown is not None:
        out.append(shown)
    out += [hand(state, team, seat) for team in (0, 1)]
    lost = tuple((TEAM_NAMES[team], str(state.lost[team])) for team in (0, 1))
    title = f"Pieces lost (from {EIGHT}, a team lays no card face up)"
    out.append(Score("lost", title, lost))
    if state.phase in (PREDICT, MOVE):
        roles = f"{SEAT_NAMES[state.predictor]} predicts, {SEAT_NAMES[state.mover]} moves"
        out.append(Note(roles, "roles"))
    if state.last:
        out.append(Note(state.last, "last"))
    return tuple(out)


def check_cells(rules: TelepathicChess, state: TeleState) -> tuple[int, ...]:
    """The king of the team on turn, if an enemy piece attacks it (said "check" aloud)."""
    if state.phase not in (PREDICT, MOVE):
        return ()
    return chess_check_cells(rules.tables, state.board)


def face_up_words(state: TeleState) -> str:
    up = state.face_up[state.team]
    if not up:
        return "no card lies face up, so only the face-down card counts"
    return f"the {card_name(up)} card lies face up; the checker copies it"


def words(rules: TelepathicChess, state: TeleState, seat: int, check: bool) -> tuple[str, str]:
    """(prompt, status) in the rulebook's words."""
    result = rules.outcome(state)
    if result is not None:
        told = rules.describe(result)
        return "", told[:1].upper() + told[1:]
    actor = rules.actor(state)
    predictor, mover = SEAT_NAMES[state.predictor], SEAT_NAMES[state.mover]
    if state.phase == PREDICT:
        prompt = (
            f"Predict which piece type your partner will move: pick a card ({face_up_words(state)})"
        )
        status = f"{predictor} is predicting which piece type {mover} will move"
    elif state.phase == MOVE:
        up = state.face_up[state.team]
        seen = f"; the {card_name(up)} card lies face up" if up else ""
        prompt = f"Move a piece: your partner predicted a card you cannot see{seen}"
        if check:
            prompt = "Your king is in check. " + prompt
        if seat == state.predictor and state.face_down != UNSEEN:
            status = f"{mover} is moving; you predicted {card_name(state.face_down)}"
        else:
            status = f"{mover} is moving; {predictor} predicted a card face down"
    else:
        loser = TEAM_NAMES[state.loser]
        which = "the king loses the game" if rules.turns.king_removable else "not the king"
        prompt = (
            "The trophy went beyond the end: remove one of your team's pieces (click it; "
            f"{which})"
        )
        status = f"{SEAT_NAMES[actor]} is choosing a piece for {loser} to remove"
    return (prompt if seat == actor else ""), status


def scene(rules: TelepathicChess, view: TeleView, seat: int) -> present.Scene:
    state = view.state
    check = check_cells(rules, state)
    prompt, status = words(rules, state, seat, bool(check))
    return present.Scene(
        pieces=position_pieces(rules.tables, state.board),
        items=items(state, seat),
        check=check,
        prompt=prompt,
        status=status,
    )


# -- gestures and the move list ----------------------------------------------------------------


def gesture(rules: TelepathicChess, view: TeleView, action: Action) -> present.Gesture:
    state = view.state
    if isinstance(action, Predict):
        return Pick(hand_id(state.team), in_hand(state, state.team).index(action.card))
    if isinstance(action, Remove):
        return Click(action.cell)
    t = rules.tables
    board = state.board
    target = action.target
    if (1 << target) & board.colours[board.turn]:  # castling: the king's two-square step
        target, _ = t.castle_squares(board.turn, action.origin, target)
    return move_gesture(Move(action.origin, target, action.promotion), board.turn)


def notate(rules: TelepathicChess, state: TeleState, action: Action, seat: int) -> str:
    """A prediction (its card only to the predictor), a move in SAN with the card it turned
    over and what the trophy did, a removal in words."""
    if isinstance(action, Predict):
        if seat != state.predictor:
            return "predicts, face down"
        return f"predicts {card_name(action.card)}"
    board = state.board
    if isinstance(action, Remove):
        piece = rules.tables.kinds[rules.tables.kind_at(board.pieces, 1 << action.cell)].name
        return f"removes the {piece} on {rules.geometry.name(action.cell)}"
    text = san_body(rules.tables, board, action, rules.moves(board))
    after = rules.apply(state, action)
    if after.phase != END and movegen.checkers(rules.tables, after.board):
        text += "+"  # the board after the move, before any removal, has the other team to move
    return f"{text}, {reveal_words(rules, state, action, after)}"


def reveal_words(rules: TelepathicChess, state: TeleState, move: Move, after: TeleState) -> str:
    """What the turned-over card did: `predicted knight: trophy pulled`."""
    team = state.team
    card = state.face_down
    up = state.face_up[team]
    said = card_name(card)
    if card == CHECKER:
        said += f" ({card_name(up)})" if up else " (nothing to copy)"
    effect = judge(up, card, rules.turns.moved_type(state.board, move))
    _, loser = shift(state.trophy, team, effect)
    if loser >= 0:
        # a team with only its king left loses nothing (the trophy still goes back)
        cost = "loses a piece" if after.phase == REMOVE else "has only its king"
        return f"predicted {said}: trophy beyond the end, {TEAM_NAMES[loser]} {cost}"
    done = "pulled" if effect == PULL else "stays" if effect == NOTHING else "pushed"
    return f"predicted {said}: trophy {done}"
