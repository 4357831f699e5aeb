"""The mover's moves, cross-checked against python-chess, and the team-turn counts.

Without the check rule (`king_safety=none`) the mover's moves are chess's pseudo-legal
moves (castling with its chess conditions, en passant as in chess), which python-chess lists
independently. Positions come from seeded random games, so they include kings left
attacked, en-passant chances, promotions and pieces removed after a failed prediction.
With the default rule they are chess's legal moves, checked at fixed positions.
"""

from __future__ import annotations

import random

import chess
import pytest

from motley.core import registry
from motley.core.rules import NodeKind
from motley.games.telepathic.rules import TelepathicChess
from motley.games.telepathic.state import MOVE, PREDICT, TeleState


def make(options: dict[str, str] | None = None) -> TelepathicChess:
    rules = registry.make("telepathic", options)
    assert isinstance(rules, TelepathicChess)
    return rules


def oracle(rules: TelepathicChess, state: TeleState, legal: bool = False) -> list[str]:
    board = chess.Board(rules.codec.fen(state.board))
    return sorted(m.uci() for m in (board.legal_moves if legal else board.pseudo_legal_moves))


@pytest.mark.parametrize("seed", range(4))
def test_moves_agree_with_python_chess_in_random_games(seed: int) -> None:
    rules = make({"king_safety": "none"})
    rng = random.Random(seed)
    state = rules.initial_state()
    checked = 0
    while rules.kind(state) is NodeKind.DECISION:
        actions = list(rules.legal_actions(state))
        if state.phase == MOVE:
            assert sorted(rules.action_text(state, a) for a in actions) == oracle(rules, state)
            checked += 1
        state = rules.apply(state, rng.choice(actions))
    assert checked > 10


FIXED = (
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  # Kiwipete
    "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1",  # castling through an attack
    "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1",  # castling out of check
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",  # en passant
    "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",  # promotion with and without capture
    "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",  # a pinned pawn
)


@pytest.mark.parametrize("fen", FIXED)
@pytest.mark.parametrize("safety", ["none", "chess"])
def test_moves_agree_with_python_chess_at_fixed_positions(fen: str, safety: str) -> None:
    """Pseudo-legal moves without a check rule, chess's legal moves with king_safety=chess."""
    rules = make({"king_safety": safety})
    state = rules.state_from_json({"fen": fen})
    state = rules.apply(state, rules.legal_actions(state)[0])
    assert state.phase == MOVE
    texts = sorted(rules.action_text(state, a) for a in rules.legal_actions(state))
    assert texts == oracle(rules, state, legal=safety == "chess")


def turn_count(rules: TelepathicChess, state: TeleState, turns: int) -> int:
    """Leaves `turns` team turns ahead, each a prediction, a move and perhaps a removal."""
    if turns == 0 or rules.kind(state) is NodeKind.TERMINAL:
        return 1
    total = 0
    for action in rules.legal_actions(state):
        after = rules.apply(state, action)
        total += turn_count(rules, after, turns - (after.phase == PREDICT))
    return total


def naive_two_turns() -> int:
    """The first two team turns counted by hand from the rules' text.

    From the start each side has 16 pawn moves and 4 knight moves, and 6 cards to predict
    with (the pawn card lies face up). A card and a move pull, leave or push the trophy; when
    Black pushes after White's pull, or pulls after White's push, the trophy goes beyond an
    end and the losing team picks one of its 15 pieces besides the king to remove.
    """
    pawn_moves, knight_moves = 16, 4

    def effects(card: str) -> tuple[int, int, int]:  # (pulls, stays, pushes) over the moves
        if card == "C":  # a copy of the face-up pawn card
            return pawn_moves, 0, knight_moves
        if card == "N":
            return knight_moves, pawn_moves, 0
        return 0, pawn_moves, knight_moves

    cards = "NBRQKC"
    pulls = sum(effects(c)[0] for c in cards)
    stays = sum(effects(c)[1] for c in cards)
    pushes = sum(effects(c)[2] for c in cards)
    calm = pulls + stays + pushes  # Black's leaves after a White turn that left the trophy
    # after a White pull, each Black push has 15 removals; after a White push, each pull
    after_pull = stays + pulls + pushes * 15
    after_push = stays + pushes + pulls * 15
    return stays * calm + pulls * after_pull + pushes * after_push


def test_team_turn_counts_from_the_start() -> None:
    rules = make()
    assert turn_count(rules, rules.initial_state(), 1) == 6 * 20
    assert turn_count(rules, rules.initial_state(), 2) == naive_two_turns() == 25600
