"""Perft counts from the start positions, random playouts, and a search player's strength.

The perft counts are self-consistency numbers measured with this implementation and the
provisional piece table and start array: no other program plays Imperial Hex, so they pin
the move generator against accidental change rather than confirm it. Two checks do not rest
on them: the count after White's first move equals the sum over each move (divide), and the
board turned 180 degrees gives the same counts with Black moving first.
"""

from __future__ import annotations

from typing import Any

import pytest

from motley.agents.testing import against_random, wins
from motley.core.driver import RandomAgent, play
from motley.core.rules import NodeKind
from motley.core.testing import check_playout
from motley.games.imperial_hex.rules import ImperialHex
from motley.games.imperial_hex.state import CoinToss, HexPosition

RULES = ImperialHex()


def start(first: int, first_scouts: int, second_scouts: int) -> HexPosition:
    """The position after the coin and both placements (indices into the scout choices:
    0 is the pair nearest the centre line, 2 the outermost)."""
    state: Any = RULES.apply(RULES.initial_state(), CoinToss(first))
    state = RULES.apply(state, RULES.legal_actions(state)[first_scouts])
    state = RULES.apply(state, RULES.legal_actions(state)[second_scouts])
    assert isinstance(state, HexPosition)
    return state


#: (White's scouts, Black's scouts) with White first -> perft at depths 1, 2, 3
PERFT_3 = {
    (0, 0): (22, 484, 11128),
    (0, 1): (22, 528, 12144),
    (0, 2): (22, 660, 15180),
    (1, 0): (24, 528, 13980),
    (1, 1): (24, 576, 15260),
    (1, 2): (24, 720, 19072),
    (2, 0): (30, 660, 20228),
    (2, 1): (30, 720, 22076),
    (2, 2): (30, 900, 27592),
}


@pytest.mark.parametrize(("scouts", "counts"), PERFT_3.items())
def test_perft_from_every_start(scouts: tuple[int, int], counts: tuple[int, ...]) -> None:
    pos = start(0, *scouts)
    assert tuple(RULES.perft(pos, depth) for depth in (1, 2, 3)) == counts


@pytest.mark.parametrize("scouts", [(0, 0), (1, 2), (2, 1)])
def test_perft_is_the_same_with_the_board_turned(scouts: tuple[int, int]) -> None:
    """Black moving first with the same choices is White's game turned 180 degrees."""
    assert RULES.perft(start(1, *scouts), 3) == RULES.perft(start(0, *scouts), 3)


def test_perft_depth_four_by_divide() -> None:
    """Depth 4 as the sum of depth 3 after each first move; depth 2 counted by the API."""
    pos = start(0, 0, 0)
    divide = [RULES.perft(RULES.apply(pos, m), 3) for m in RULES.moves(pos)]
    assert sum(divide) == 255436
    after = [RULES.apply(pos, m) for m in RULES.legal_actions(pos)]
    assert RULES.perft(pos, 2) == sum(len(RULES.legal_actions(s)) for s in after)


@pytest.mark.slow
def test_perft_depth_five() -> None:
    assert RULES.perft(start(0, 0, 0), 5) == 6327740


# -- random play -------------------------------------------------------------------------------

ENDINGS = ("checkmate", "stalemate", "insufficient material", "plies without", "same position")


@pytest.mark.parametrize(
    "options",
    [{}, {"king_escape": "last-resort"}, {"moves": "provisional-pawn-ahead"}, {"promotion": False}],
    ids=["default", "last-resort", "pawn-ahead", "no-promotion"],
)
def test_random_games_end(options: dict[str, Any]) -> None:
    rules = ImperialHex(options)
    for seed in range(4):
        played = play(rules, {0: RandomAgent(), 1: RandomAgent()}, seed, max_events=3000)
        assert rules.kind(played.state) is NodeKind.TERMINAL, seed
        outcome = rules.outcome(played.state)
        assert outcome is not None and any(words in outcome.reason for words in ENDINGS)
        assert played.plies < 1500


def test_random_games_end_in_every_way() -> None:
    """Over a few dozen random games, checkmate and the draws each occur."""
    reasons = set()
    for seed in range(20):
        played = play(RULES, {0: RandomAgent(), 1: RandomAgent()}, seed)
        outcome = RULES.outcome(played.state)
        assert outcome is not None
        reasons.add(outcome.reason.split(" ")[0])
    assert {"checkmate", "insufficient", "100"} <= reasons


def test_random_game_passes_the_api_checks() -> None:
    """Every node of a seeded game: JSON and action-text round trips, refusals, replay."""
    check_playout(RULES, "hex", max_events=3000, deep_every=3)


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    bouts = against_random(RULES, "mcts:iterations=60", 6, "strength")
    notes = [f"{b.score:+g} in {b.played.plies}" for b in bouts]
    assert wins(bouts) >= 5, notes
