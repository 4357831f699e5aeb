"""Turn starts with a horde where some moves are illegal only because of a zombie that a
square left brings back: the search refutes them without trying every order of the horde
(`_may_flee`, `_may_stay`), and the answer is the independent model's (`test_perft`)."""

from __future__ import annotations

from typing import Any

import pytest

from motley.games.zombie import ZombieChess
from motley.games.zombie.test_perft import Case, engine_state, legal_moves, model_of

NODES = 200  # search nodes a whole turn start may take, at most

CASES = (
    # the queen on e2 hides a black queen next to the king: it may leave only if the rook
    # on a2 can still come to e2 after it (not from b2, c2 or d2, in the rook's way)
    Case(
        "queen over a queen",
        "4r1R1/1Brkn3/8/pP2B1N1/PN2p2p/1P6/R3Q3/3bK3 w - - 0 1",
        (
            {"h1": "B", "e2": "Q", "b3": "P", "a4": "P", "g5": "P", "b7": "Q"},
            {"h4": "P", "a5": "R", "g7": "P", "e8": "B"},
        ),
        ("d1", "e2", "b3", "e5", "g5", "c7", "g8"),
        (),
        0,
    ),
    # the rook on e2 hides a queen that would check along the second rank once the zombie
    # rook on g2 has moved or been destroyed (and it hides a queen too)
    Case(
        "two queens on a rank",
        "8/3N4/B2kB3/pP6/P3r3/8/4R1RK/Q7 w - - 0 1",
        (
            {"e2": "Q", "g2": "Q", "b3": "P", "a4": "P", "b5": "R", "a6": "N", "d7": "B"},
            {"a5": "R", "d6": "B", "g7": "P", "f8": "N"},
        ),
        ("a1", "g2", "e4", "e6", "d7"),
        (),
        0,
    ),
    # the king stands on a buried queen, the knight next to it on a buried rook
    Case(
        "king over a queen",
        "Q7/4N3/rB6/3P2pp/N4p2/K7/3k2b1/8 w - - 0 1",
        ({"a3": "Q", "a4": "R"}, {"g5": "R", "h5": "P", "a6": "R"}),
        ("g2", "a4", "f4", "d5", "b6", "e7", "a8"),
        (),
        0,
    ),
)


def searched(case: Case) -> tuple[set[str], int]:
    """The engine's legal moves at the case's turn start, and the search nodes it took."""
    rules = ZombieChess()
    state = engine_state(rules, case)
    turns = rules.turns
    calls = 0
    search = turns.can_finish

    def counted(*args: Any) -> bool:
        nonlocal calls
        calls += 1
        return search(*args)

    turns.can_finish = counted  # type: ignore[method-assign, assignment]
    found = {rules.action_text(state, m) for m in turns.legal_moves(state)}
    return found, calls


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_horde_refutations_are_quick(case: Case) -> None:
    found, calls = searched(case)
    assert calls <= NODES
    assert found  # the turn has moves: none of these is a mate


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_horde_refutations_match_the_model(case: Case) -> None:
    found, _ = searched(case)
    assert found == {m.uci() for m in legal_moves(model_of(case))}
