"""The fast card moves (`TwoMove.moves_for`) against the rule read straight off the moves.

`moves_for` works a kind at a time from the pieces' reaches; the rule says: of every move by
the pieces' movement (pawns that moved this turn barred), castling aside, those of the
card's type or of the least valuable type that can move, then the king card's castlings.
Positions come from seeded random games under both readings of a promoted pawn.
"""

from __future__ import annotations

import random

import pytest

from motley.chesslike import turnless as tl
from motley.chesslike.position import Move, Position
from motley.core.testing import random_positions
from motley.games.two_move.cards import CARDS
from motley.games.two_move.rules import TwoMove
from motley.games.two_move.state import MOVE


def by_the_rule(rules: TwoMove, board: Position, seat: int, card: int, moved: int) -> list[Move]:
    candidates = [m for m in rules._piece_moves(board, seat, moved) if not tl.is_castling(board, m)]
    movable = {tl.kind_on(board, m.origin) for m in candidates}
    allowed = {card, min(movable)} if movable else {card}
    found = [m for m in candidates if tl.kind_on(board, m.origin) in allowed]
    return found + rules._castles(board, seat) if card == tl.KING else found


@pytest.mark.parametrize(("seed", "again"), [(1, True), (2, False)])
def test_fast_card_moves_agree_with_the_rule(seed: int, again: bool) -> None:
    rules = TwoMove({"promoted_pawn_moves_again": again})
    rng = random.Random(seed)
    compared = 0
    for state in random_positions(rules, rng, games=12, plies=200):
        if state.phase != MOVE:
            continue
        for seat in (0, 1):
            for card in CARDS:
                expected = by_the_rule(rules, state.board, seat, card, state.moved)
                assert rules.moves_for(state.board, seat, card, state.moved) == expected
                compared += 1
    assert compared > 1000
