"""Telepathic Chess for people: the text picture of the table, and a heuristic.

Everything here reads a view (or, for `evaluate`, a state) and never the face-down card
unless the view shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.tables import ChessTables
from motley.games.telepathic.state import (
    END,
    MOVE,
    PREDICT,
    REMOVE,
    SEAT_NAMES,
    TEAM_NAMES,
    TROPHY_NAMES,
    UNSEEN,
    TeleState,
    TeleView,
    card_name,
    partner,
    team_of,
)

if TYPE_CHECKING:
    from motley.games.telepathic.rules import TelepathicChess

TROPHY_VALUE = 60  # centipawns for the trophy one place towards a team's side


def _card(letter: str) -> str:
    if letter == UNSEEN:
        return "hidden"
    return card_name(letter) if letter else "none"


def table_lines(state: TeleState) -> list[str]:
    """The trophy, each team's face-up card and losses, the face-down card and the roles."""
    lines = [f"Trophy {TROPHY_NAMES[state.trophy]}"]
    for team in (0, 1):
        lines.append(f"{TEAM_NAMES[team]} face-up card: {_card(state.face_up[team])}")
    team = state.team
    if state.phase in (MOVE, REMOVE, END):
        lines.append(f"{TEAM_NAMES[team]} face-down card: {_card(state.face_down)}")
    lines.append(f"Pieces lost: White {state.lost[0]}, Black {state.lost[1]}")
    mover = state.movers[team]
    if state.phase in (PREDICT, MOVE):
        lines.append(f"{SEAT_NAMES[partner(mover)]} predicts, {SEAT_NAMES[mover]} moves")
    elif state.phase == REMOVE:
        lines.append(f"{TEAM_NAMES[state.loser]} removes a piece")
    if state.last:
        lines.append(state.last)
    return lines


def render(rules: TelepathicChess, view: TeleView) -> str:
    t = rules.tables
    state = view.state
    board = state.board
    lines = ["   a b c d e f g h"]
    for rank in range(7, -1, -1):
        row = []
        for file in range(8):
            bit = 1 << (rank * 8 + file)
            kind = t.kind_at(board.pieces, bit)
            letter = "." if kind < 0 else t.letters[kind]
            row.append(letter if bit & board.colours[0] else letter.lower())
        lines.append(f"{rank + 1}  " + " ".join(row))
    lines += table_lines(state)
    result = rules.outcome(state)
    if result is not None:
        lines.append(rules.describe(result))
    else:
        actor = rules.actor(state)
        lines.append(f"{SEAT_NAMES[actor]} to {state.phase}")
    return "\n".join(lines)


def evaluate(t: ChessTables, state: TeleState, seat: int) -> float:
    """Material balance for the seat's team, plus the trophy's place, squashed into [-1, 1]."""
    board = state.board
    team = team_of(seat)
    balance = 0
    for kind, piece in enumerate(t.kinds):
        bits = board.pieces[kind]
        value = 10_000 if kind == t.royal else piece.value
        own = (bits & board.colours[team]).bit_count()
        balance += value * (own - (bits & board.colours[team ^ 1]).bit_count())
    towards_own = -state.trophy if team == 0 else state.trophy
    balance += TROPHY_VALUE * towards_own
    return balance / (abs(balance) + 1000)
