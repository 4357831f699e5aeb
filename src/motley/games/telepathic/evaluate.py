"""Telepathic Chess's evaluation for the computer players, from one seat's team.

Material balance (the king weighing most, since capturing it wins), plus a little for the
trophy standing towards the team's side (one place short of costing the other team a piece).
Read from a state or a view alike: the face-down card is never looked at.
"""

from __future__ import annotations

from motley.chesslike.evaluate import squash
from motley.chesslike.tables import ChessTables
from motley.games.telepathic.state import TeleState, team_of

TROPHY_VALUE = 60  # centipawns for the trophy one place towards a team's side


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
    return squash(balance)
