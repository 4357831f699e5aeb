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
from motley.chesslike.boards import board_lines
from motley.chesslike.position import Move
from motley.chesslike.present import check_cells as chess_check_cells
from motley.chesslike.present import chess_layout, chess_move_gesture, position_pieces, san_body
from motley.components.chess_cards import CHECKER, TYPES
from motley.core import present
from motley.core.present import Card, Cards, Click, Layout, Note, Pick, Score, Track
from motley.games.telepathic import state as st
from motley.games.telepathic.turn import EFFECT_WORDS, judge, shift

if TYPE_CHECKING:
    from motley.games.telepathic.rules import TelepathicChess

# the trophy's places, White's side first (`TeleState.trophy` + 1 indexes them)
TROPHY_STEPS = ("beside White", "in the middle", "beside Black")


def layout(rules: TelepathicChess) -> Layout:
    return chess_layout(rules.tables)


def face(team: int, letter: str, caption: str = "") -> Card:
    """A team's card face up (Appendix A: the piece letter, C for the checker)."""
    figure = "" if letter == CHECKER else letter  # a checker shows no piece
    return Card(f"{team}{letter}", letter, caption or st.card_name(letter), team, figure)


def hand_id(team: int) -> str:
    return f"hand-{st.TEAM_NAMES[team].lower()}"


def holder(state: st.TeleState, team: int) -> int:
    """Who holds the team's hand: its predictor (the mover takes the hand at the pick-up,
    and the roles swap then)."""
    return st.partner(state.movers[team])


def in_hand(state: st.TeleState, team: int) -> tuple[str, ...]:
    """The team's cards not on the table (counted right even when the face-down card is
    unseen: it is on the table, whatever it is)."""
    table = {state.face_up[team]}
    if team == state.team and state.face_down and state.face_down != st.UNSEEN:
        table.add(state.face_down)
    return tuple(t for t in TYPES if t not in table)


def hand_size(state: st.TeleState, team: int) -> int:
    played = team == state.team and bool(state.face_down)
    return len(TYPES) - bool(state.face_up[team]) - played


# -- the table -------------------------------------------------------------------------------


def hand(state: st.TeleState, team: int, seat: int) -> Cards:
    owner = holder(state, team)
    name = st.TEAM_NAMES[team]
    if seat == owner:
        faces = tuple(face(team, letter) for letter in in_hand(state, team))
        return Cards(hand_id(team), f"Your hand ({name}'s cards)", faces, owner=owner)
    title = f"{st.SEAT_NAMES[owner]}'s hand ({name}'s cards)"
    return Cards(hand_id(team), title, hidden=hand_size(state, team), owner=owner)


def face_up_line(state: st.TeleState, team: int) -> Cards:
    letter = state.face_up[team]
    name = st.TEAM_NAMES[team]
    if not letter:
        title = f"{name}'s face-up card: none (eight pieces lost)"
        return Cards(f"face-up-{name.lower()}", title, kind="line")
    return Cards(
        f"face-up-{name.lower()}", f"{name}'s face-up card", (face(team, letter),), kind="line"
    )


def prediction(state: st.TeleState, seat: int) -> Cards | None:
    """The face-down card: a back to all but its predictor, until the move turns it over."""
    letter = state.face_down
    if not letter:
        return None
    team = state.team
    name = st.TEAM_NAMES[team]
    if letter == st.UNSEEN:
        title = f"{name}'s prediction, face down"
        return Cards("prediction", title, hidden=1, owner=holder(state, team), kind="line")
    if state.phase == st.MOVE:
        title = f"{name}'s prediction, face down (only you see it)"
    else:
        title = f"{name}'s prediction, turned over"
    caption = st.card_name(letter)
    if letter == CHECKER:
        up = state.face_up[team]
        caption += f": a copy of the {st.card_name(up)}" if up else ": nothing to copy"
    faces = (face(team, letter, caption),)
    return Cards("prediction", title, faces, owner=holder(state, team), kind="line")


def items(state: st.TeleState, seat: int) -> tuple[present.Item, ...]:
    out: list[present.Item] = [
        Track("trophy", "Trophy", TROPHY_STEPS, state.trophy + 1),
        face_up_line(state, 0),
        face_up_line(state, 1),
    ]
    shown = prediction(state, seat)
    if shown is not None:
        out.append(shown)
    out += [hand(state, team, seat) for team in (0, 1)]
    lost = tuple((st.TEAM_NAMES[team], str(state.lost[team])) for team in (0, 1))
    title = f"Pieces lost (from {st.EIGHT}, a team lays no card face up)"
    out.append(Score("lost", title, lost))
    if state.phase in (st.PREDICT, st.MOVE):
        roles = f"{st.SEAT_NAMES[state.predictor]} predicts, {st.SEAT_NAMES[state.mover]} moves"
        out.append(Note(roles, "roles"))
    if state.last:
        out.append(Note(state.last, "last"))
    return tuple(out)


def check_cells(rules: TelepathicChess, state: st.TeleState) -> tuple[int, ...]:
    """The king of the team on turn, if an enemy piece attacks it (said "check" aloud)."""
    if state.phase not in (st.PREDICT, st.MOVE):
        return ()
    return chess_check_cells(rules.tables, state.board)


def face_up_words(state: st.TeleState) -> str:
    up = state.face_up[state.team]
    if not up:
        return "no card lies face up, so only the face-down card counts"
    return f"the {st.card_name(up)} card lies face up; the checker copies it"


def words(rules: TelepathicChess, state: st.TeleState, seat: int, check: bool) -> tuple[str, str]:
    """(prompt, status) in the rulebook's words."""
    result = rules.outcome(state)
    if result is not None:
        told = rules.describe(result)
        return "", told[:1].upper() + told[1:]
    actor = rules.actor(state)
    predictor, mover = st.SEAT_NAMES[state.predictor], st.SEAT_NAMES[state.mover]
    if state.phase == st.PREDICT:
        prompt = (
            f"Predict which piece type your partner will move: pick a card ({face_up_words(state)})"
        )
        status = f"{predictor} is predicting which piece type {mover} will move"
    elif state.phase == st.MOVE:
        up = state.face_up[state.team]
        seen = f"; the {st.card_name(up)} card lies face up" if up else ""
        prompt = f"Move a piece: your partner predicted a card you cannot see{seen}"
        if check:
            prompt = "Your king is in check. " + prompt
        if seat == state.predictor and state.face_down != st.UNSEEN:
            status = f"{mover} is moving; you predicted {st.card_name(state.face_down)}"
        else:
            status = f"{mover} is moving; {predictor} predicted a card face down"
    else:
        loser = st.TEAM_NAMES[state.loser]
        which = "the king loses the game" if rules.turns.king_removable else "not the king"
        prompt = (
            "The trophy went beyond the end: remove one of your team's pieces (click it; "
            f"{which})"
        )
        status = f"{st.SEAT_NAMES[actor]} is choosing a piece for {loser} to remove"
    return (prompt if seat == actor else ""), status


def scene(rules: TelepathicChess, view: st.TeleView, seat: int) -> present.Scene:
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


def gesture(rules: TelepathicChess, view: st.TeleView, action: st.Action) -> present.Gesture:
    state = view.state
    if isinstance(action, st.Predict):
        return Pick(hand_id(state.team), in_hand(state, state.team).index(action.card))
    if isinstance(action, st.Remove):
        return Click(action.cell)
    return chess_move_gesture(rules.tables, state.board, action)  # castling: the king's step


def notate(rules: TelepathicChess, state: st.TeleState, action: st.Action, seat: int) -> str:
    """A prediction (its card only to the predictor), a move in SAN with the card it turned
    over and what the trophy did, a removal in words."""
    if isinstance(action, st.Predict):
        if seat != state.predictor:
            return "predicts, face down"
        return f"predicts {st.card_name(action.card)}"
    board = state.board
    if isinstance(action, st.Remove):
        piece = rules.tables.kinds[rules.tables.kind_at(board.pieces, 1 << action.cell)].name
        return f"removes the {piece} on {rules.geometry.name(action.cell)}"
    text = san_body(rules.tables, board, action, rules.moves(board))
    after = rules.apply(state, action)
    if after.phase != st.END and movegen.checkers(rules.tables, after.board):
        text += "+"  # the board after the move, before any removal, has the other team to move
    return f"{text}, {reveal_words(rules, state, action, after)}"


def reveal_words(
    rules: TelepathicChess, state: st.TeleState, move: Move, after: st.TeleState
) -> str:
    """What the turned-over card did: `predicted knight: trophy pulled`."""
    team = state.team
    card = state.face_down
    up = state.face_up[team]
    said = st.card_name(card)
    if card == CHECKER:
        said += f" ({st.card_name(up)})" if up else " (nothing to copy)"
    effect = judge(up, card, rules.turns.moved_type(state.board, move))
    _, loser = shift(state.trophy, team, effect)
    if loser >= 0:
        # a team with only its king left loses nothing (the trophy still goes back)
        cost = "loses a piece" if after.phase == st.REMOVE else "has only its king"
        return f"predicted {said}: trophy beyond the end, {st.TEAM_NAMES[loser]} {cost}"
    return f"predicted {said}: trophy {EFFECT_WORDS[effect]}"


# -- the terminal ----------------------------------------------------------------------------


def _card_words(letter: str) -> str:
    if letter == st.UNSEEN:
        return "hidden"
    return st.card_name(letter) if letter else "none"


def table_lines(state: st.TeleState) -> list[str]:
    """The trophy, each team's face-up card and losses, the face-down card and the roles."""
    lines = [f"Trophy {st.TROPHY_NAMES[state.trophy]}"]
    for team in (0, 1):
        lines.append(f"{st.TEAM_NAMES[team]} face-up card: {_card_words(state.face_up[team])}")
    team = state.team
    if state.phase in (st.MOVE, st.REMOVE, st.END):
        lines.append(f"{st.TEAM_NAMES[team]} face-down card: {_card_words(state.face_down)}")
    lines.append(f"Pieces lost: White {state.lost[0]}, Black {state.lost[1]}")
    mover = state.movers[team]
    if state.phase in (st.PREDICT, st.MOVE):
        lines.append(f"{st.SEAT_NAMES[st.partner(mover)]} predicts, {st.SEAT_NAMES[mover]} moves")
    elif state.phase == st.REMOVE:
        lines.append(f"{st.TEAM_NAMES[state.loser]} removes a piece")
    if state.last:
        lines.append(state.last)
    return lines


def board_text(rules: TelepathicChess, view: st.TeleView, seat: int) -> str:
    """The text picture of a view: the board, the table and who acts (or how it ended);
    the face-down card shows only where the view shows it."""
    state = view.state
    lines = [*board_lines(rules.tables, state.board), *table_lines(state)]
    result = rules.outcome(state)
    if result is not None:
        lines.append(rules.describe(result))
    else:
        lines.append(f"{st.SEAT_NAMES[rules.actor(state)]} to {state.phase}")
    return "\n".join(lines)
