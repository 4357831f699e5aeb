"""Skock perft: complete turns counted for fixed dice, and a second opinion on each count.

A count is the number of decision paths from the throw to the next throw (step orders that
meet again count separately, as perft counts move orders); `ends` is the number of distinct
positions they reach. The numbers below are this implementation's counts. Each was checked
against `naive_turns`, an independent enumerator that shares no code with the engine (its own
board, moves and unpruned recursion); the checks too slow for every run are marked slow, and
the 9,865,206 paths of the checked-king position took the naive enumerator 270 s once.
The engine also agreed with it on the paths and end positions of 484 positions taken from
seeded random games (`test_random_positions_agree_with_the_naive_enumerator` samples them).
"""

from __future__ import annotations

import random

import pytest

from motley.core.driver import pick_outcome
from motley.core.rules import NodeKind
from motley.games.skock import Skock, naive_turns
from motley.games.skock.perft import DeadEnd, count_turns, turn_ends
from motley.games.skock.state import CHOOSE, Roll, SkockState, write_placement

START = ""
PROMOTION = "k6r/8/5P2/8/8/8/8/K5N1 w Q -"  # picture 5: a pawn, a queued queen, a rook on h8
BRING_BACK = "r1b1k1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - QNB"  # picture 4
CHECKED = "k7/8/8/8/8/8/1p3ppp/RP3p1K w - -"  # a king in check from a rook
# positions reached by seeded random games (turns 20 and 60)
MIDGAME_20 = "rNbqkbnr/r2N1bnr/pkP1ppNp/P3p1Pp/4P1PP/Pp1PPPpP/RbBKnBpR/R1BQKBNR w PPPPPQ PPPPPPQPN"
MIDGAME_60 = (
    "r2k1Nnr/r3qb2/p1bbQNrp/P3NnPp/3KP1PP/RR1PPPBP/2B1B1nR/1P2K1NR b PPPPQPBP PPPPPPQPNPPPKPBPP"
)

# (position, dice, complete turns, distinct end positions, naive check in every run?)
CASES = [
    (START, (1, 4), 26, 26, True),
    (START, (1, 2), 38, 32, True),
    (START, (1, 1), 178, 99, True),
    (START, (2, 5), 1, 1, True),  # no 1: no move
    (PROMOTION, (1, 2), 312, 99, True),
    (PROMOTION, (1, 3), 1878, 275, True),
    (PROMOTION, (1, 5), 168211, 617, False),
    (BRING_BACK, (3, 3), 2439, 485, True),
    (BRING_BACK, (1, 3), 1679, 451, True),
    (CHECKED, (1, 6), 9865206, 200, None),  # naive check: once, by hand (270 s)
    (MIDGAME_20, (1, 2), 1889, None, True),
    (MIDGAME_20, (2, 3), 3680, None, True),
    (MIDGAME_20, (3, 3), 3515, None, True),
    (MIDGAME_20, (2, 2), 941, None, True),
    (MIDGAME_20, (1, 5), 44102, None, False),
    (MIDGAME_60, (1, 2), 11132, None, False),
    (MIDGAME_60, (2, 2), 16397, None, False),
    (MIDGAME_60, (2, 3), 138641, None, None),
    (MIDGAME_60, (1, 5), 1166886, None, None),
]


def thrown(position: str, dice: tuple[int, int]) -> tuple[Skock, SkockState]:
    rules = Skock({"position": position} if position else None)
    return rules, rules.apply(rules.initial_state(), Roll(*dice))


def naive(state: SkockState) -> list[tuple[tuple[str, ...], str]]:
    board = naive_turns.parse(write_placement((state.pieces, state.colours)))
    low, high = state.dice
    return naive_turns.turns(board, state.turn, state.queues, (low, high))


def end_key(state: SkockState) -> str:
    queues = " ".join(q or "-" for q in state.queues)
    return f"{write_placement((state.pieces, state.colours))} {queues}"


def case_id(case: tuple[object, ...]) -> str:
    position, dice = case[0], case[1]
    names = {START: "start", PROMOTION: "promotion", BRING_BACK: "bring-back",
             CHECKED: "checked", MIDGAME_20: "midgame20", MIDGAME_60: "midgame60"}  # fmt: skip
    return f"{names[str(position)]}-{dice[0]}{dice[1]}"  # type: ignore[index]


def marked(cases: list[tuple[object, ...]], slow: bool) -> list[object]:
    return [
        pytest.param(*c, id=case_id(c), marks=[pytest.mark.slow] if slow else []) for c in cases
    ]


@pytest.mark.parametrize(
    ("position", "dice", "paths", "ends", "quick"),
    marked([c for c in CASES if c[2] < 100_000], False)
    + marked([c for c in CASES if c[2] >= 100_000], True),
)
def test_pinned_turn_counts(
    position: str, dice: tuple[int, int], paths: int, ends: int | None, quick: bool | None
) -> None:
    rules, state = thrown(position, dice)
    assert count_turns(rules, state) == paths
    if ends is not None:
        assert len(turn_ends(rules, state)) == ends


def naive_cases(quick: bool) -> list[object]:
    return marked([c for c in CASES if c[4] is quick], not quick)


@pytest.mark.parametrize(
    ("position", "dice", "paths", "ends", "quick"), naive_cases(True) + naive_cases(False)
)
def test_the_naive_enumerator_agrees(
    position: str, dice: tuple[int, int], paths: int, ends: int | None, quick: bool | None
) -> None:
    rules, state = thrown(position, dice)
    turns = naive(state)
    assert len(turns) == paths
    assert {key for _, key in turns} == {end_key(e) for e in turn_ends(rules, state)}


def test_the_naive_enumerator_names_the_same_actions() -> None:
    """Beyond counts: each naive turn, written as action text, replays through the API."""
    rules, state = thrown(START, (1, 1))
    for texts, key in naive(state):
        end = state
        for text in texts:
            end = rules.apply(end, rules.parse_action(end, text))
        assert rules.kind(end) is not NodeKind.DECISION and end_key(end) == key


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_random_positions_agree_with_the_naive_enumerator(seed: int) -> None:
    """At turn starts of seeded random games: same paths, same ends, and no dead end."""
    rules = Skock()
    rng = random.Random(f"skock-perft/{seed}")
    state = rules.initial_state()
    checked = 0
    while rules.kind(state) is not NodeKind.TERMINAL and checked < 12:
        if rules.kind(state) is NodeKind.CHANCE:
            state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
            continue
        if state.phase == CHOOSE and len(state.dice) == 2 and max(state.dice) <= 3:
            paths = count_turns(rules, state)
            if paths < 20_000:
                turns = naive(state)
                assert len(turns) == paths
                assert {k for _, k in turns} == {end_key(e) for e in turn_ends(rules, state)}
                checked += 1
        actions = rules.legal_actions(state)
        state = rules.apply(state, actions[rng.randrange(len(actions))])


def test_count_turns_reports_a_dead_end() -> None:
    """The counter is not blind: a rules object offering an unfinishable step is caught."""

    class Careless(Skock):
        def legal_actions(self, state: SkockState, seat: int | None = None) -> list[object]:  # type: ignore[override]
            found = list(super().legal_actions(state, seat))
            return [] if state.phase == CHOOSE and len(state.dice) == 1 else found

    rules = Careless()
    state = rules.apply(rules.initial_state(), Roll(1, 4))
    with pytest.raises(DeadEnd):
        count_turns(rules, state)
