"""The seed's worked examples and problems, with the solver and the validator.

Positions come from the Chess Kit's board diagrams (the seed text lost its pictures); the
solutions are the seed's own ("Chess Golf Solutions").
"""

from __future__ import annotations

import random

import pytest

from motley.core.errors import IllegalAction, MotleyError
from motley.games.chess_golf.rules import ChessGolf
from motley.games.chess_golf.solver import (
    Capped,
    _Search,
    shortest_solution,
    solve,
    validate_solution,
)
from motley.games.chess_golf.state import GolfState
from motley.games.chess_golf.test_moves import (
    EXAMPLE,
    LAYOUT,
    LAYOUT_ORDER,
    PROBLEMS,
    hole,
    random_layout,
)

SEED_SOLUTIONS = (
    "d3b5 a5c6 c6e7 g3g4 g5f6 e7g8",
    "e3g3 g1b6 c7f4 g4e5 f4e6 e6f8 f8g7 g7e5",
    "g2f2 e3e7 f7b3 a4d7 d7d6 d6d8 d8b8",
)


def test_opening_example_solutions() -> None:
    """Both of the seed's 3-move solutions work, and none is shorter."""
    rules, state = hole(EXAMPLE, "Kb")
    assert validate_solution(rules, state, ["e5g6", "g6h5", "h5h2"]) == 3
    assert validate_solution(rules, state, ["b3c3", "b5b3", "a2h2"]) == 3
    found = shortest_solution(rules, state)
    assert found is not None and len(found) == 3
    assert validate_solution(rules, state, found) == 3


def test_opening_example_king_capture_with_the_special_move() -> None:
    """The seed says a white king capture takes at least 4 moves, but the Special Move gives
    one in 3: once the bishop leaves b3 no two white pieces touch, the queen steps beside
    the king and the king takes along the second rank with the queen's move."""
    rules, state = hole(EXAMPLE, "Kb")
    assert validate_solution(rules, state, ["b3b1", "f1g1", "h2a2"]) == 3


def test_special_move_example() -> None:
    rules, state = hole(LAYOUT, "qN")
    assert validate_solution(rules, state, ["b6c6", "f6g5"]) == 2
    found = shortest_solution(rules, state)
    assert found is not None and len(found) == 2


@pytest.mark.parametrize("index", [0, 1, 2])
def test_seed_problem_solutions_validate(index: int) -> None:
    placement, chosen = PROBLEMS[index]
    rules, state = hole(placement, chosen)
    moves = SEED_SOLUTIONS[index].split()
    assert validate_solution(rules, state, moves) == len(moves)


def test_problem_1_has_a_shorter_solution() -> None:
    """Problem 1 (two black bishop cards): the seed gives 6 moves; White has no two pieces
    side by side, so its king may step off f7 and open the diagonal to g8: 5 moves."""
    placement, chosen = PROBLEMS[0]
    rules, state = hole(placement, chosen)
    assert validate_solution(rules, state, ["e2c3", "d3b5", "a5b3", "f7f6", "b3g8"]) == 5
    assert shortest_solution(rules, state, max_moves=4) is None
    found = shortest_solution(rules, state)
    assert found is not None and len(found) == 5
    assert validate_solution(rules, state, found) == 5


def test_validator_names_the_broken_move() -> None:
    rules, state = hole(EXAMPLE, "Kb")
    with pytest.raises(IllegalAction) as info:
        validate_solution(rules, state, ["e5g6", "g6h4", "h5h2"])
    assert "g6h4" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(IllegalAction) as info:
        validate_solution(rules, state, ["e5g6", "g6h5"])
    assert "do not finish" in str(info.value)
    with pytest.raises(MotleyError):
        validate_solution(rules, state, ["e5g6", "nonsense"])


def test_solver_reports_unsolvable_within_the_limit() -> None:
    # two lone white pieces far apart: they step like kings, too slowly for a 1-move limit
    rules, state = hole("8/8/8/8/8/8/8/N6B", "NB", move_limit=1)
    assert shortest_solution(rules, state) is None


@pytest.mark.parametrize(
    ("index", "moves"),
    [
        (1, ["g1h2", "g4g3", "g3c7", "c7d7", "d7e8", "e8f8"]),
        (2, ["f1a1", "d6d7", "b8c8", "c8d7", "f7e6", "d7a4"]),
    ],
)
def test_problems_2_and_3_have_shorter_solutions(index: int, moves: list[str]) -> None:
    """6 moves where the seed gives 8 and 7. Both lean on the Special Move: a colour left
    with no two pieces side by side walks its pieces like kings."""
    placement, chosen = PROBLEMS[index]
    rules, state = hole(placement, chosen)
    assert validate_solution(rules, state, moves) == 6


@pytest.mark.slow
@pytest.mark.parametrize(("index", "best"), [(0, 5), (1, 6), (2, 6)])
def test_the_solver_proves_the_shortest_counts_of_the_problems(index: int, best: int) -> None:
    """The book's problems take 5, 6 and 6 moves (the book: 6, 8 and 7); the solver finds
    a path that long and proves there is none shorter (a few seconds each)."""
    placement, chosen = PROBLEMS[index]
    rules, state = hole(placement, chosen)
    found = solve(rules, state)
    assert found is not None and len(found) == best
    assert validate_solution(rules, state, list(found.texts)) == best
    assert solve(rules, state, max_moves=best - 1) is None


def test_the_opening_examples_king_capture_takes_3_not_at_least_4() -> None:
    """The book: "solutions that help the white king capture a black bishop ... take at least
    4 moves". A white king capture in 3 exists, and none in 2."""
    rules, state = hole(EXAMPLE, "Kb")
    after = rules.apply(state, rules.parse_action(state, "b3b1"))
    assert solve(rules, after, max_moves=2) is not None  # 1 + 2 = 3 moves
    assert solve(rules, state, max_moves=2) is None


def test_a_capped_search_says_how_far_it_got_and_reports_progress() -> None:
    placement, chosen = PROBLEMS[1]
    rules, state = hole(placement, chosen)
    heard: list[tuple[int, int]] = []
    with pytest.raises(Capped) as info:
        solve(rules, state, node_cap=5000, progress=lambda d, n: heard.append((d, n)))
    assert 1 <= info.value.at_least <= 6 and info.value.nodes >= 5000
    assert heard and heard[-1][1] >= 4096


def brute_force(rules: ChessGolf, state: GolfState, depth: int) -> int | None:
    """The fewest moves that finish the hole, by plain breadth-first search, or None."""
    frontier = [state]
    for moves in range(1, depth + 1):
        seen: set[str] = set()
        following = []
        for here in frontier:
            for move in rules.legal_actions(here):
                after = rules.apply(here, move)
                if rules.is_solved(after):
                    return moves
                key = str(sorted(rules.state_to_json(after).items()))
                if key not in seen:
                    seen.add(key)
                    following.append(after)
        frontier = following
    return None


@pytest.mark.parametrize("seed", range(6))
def test_solver_agrees_with_breadth_first_search(seed: int) -> None:
    rng = random.Random(seed)
    chosen = "".join(rng.sample(LAYOUT_ORDER, 2 + seed % 2))
    rules, state = hole(random_layout(rng), chosen)
    found = shortest_solution(rules, state, max_moves=2)
    expected = brute_force(rules, state, 2)
    assert (None if found is None else len(found)) == expected


READINGS: tuple[dict[str, str], ...] = ({}, {"second": "same_type"}, {"special": "no_moves"})


def random_holes(count: int, seed: int) -> list[tuple[ChessGolf, GolfState]]:
    """Dealt-like holes, 2 and 3 cards in turn, each reading in turn, some a few random
    moves in."""
    rng = random.Random(seed)
    out: list[tuple[ChessGolf, GolfState]] = []
    while len(out) < count:
        cards = 2 + len(out) % 2
        options = READINGS[len(out) // 2 % len(READINGS)]
        chosen = "".join(rng.sample(LAYOUT_ORDER, cards))
        rules, state = hole(random_layout(rng), chosen, **options)
        for _ in range(rng.randrange(3)):
            if not rules.is_over(state):
                state = rules.apply(state, rng.choice(rules.moves(state)))
        if not rules.is_over(state):
            out.append((rules, state))
    return out


def test_the_bound_keeps_the_solver_exact() -> None:
    """With and without the lower bound the solver finds solutions of the same length, and
    the bound never exceeds that length (it must never overestimate)."""
    compared = 0
    for rules, state in random_holes(48, 23):
        try:
            plain = solve(rules, state, max_moves=5, node_cap=60_000, bounded=False)
        except Capped:
            continue
        found = solve(rules, state, max_moves=5)
        assert (None if found is None else len(found)) == (None if plain is None else len(plain))
        if plain is not None:
            search = _Search(state.chosen, rules.second, rules.special)
            taken = tuple(sorted(state.taken, key=lambda card: card.rank))
            assert search.lower_bound(state.cells, taken, state.capturer, 10) <= len(plain)
        compared += 1
    assert compared >= 36


def test_with_same_type_another_piece_of_the_card_may_take_second() -> None:
    """Under `second=same_type` the bishop on b2 takes the knight on c3 and the other white
    bishop takes the black knight: 2 moves, which the bound must not rule out."""
    rules, state = hole("5Q2/B6k/n2b1n2/2R3r1/4q1N1/K1N3r1/1B6/2b3R1", "nNB", second="same_type")
    found = solve(rules, state)
    assert found is not None and len(found) == 2
    assert solve(rules, state, max_moves=2, bounded=False) is not None


@pytest.mark.parametrize("seed", range(3))
def test_deferring_idle_moves_agrees_with_breadth_first_search(seed: int) -> None:
    """Holes whose chosen cards are all one colour: the other colour's moves are searched
    only where the next move depends on them, and no solution is lost."""
    rng = random.Random(100 + seed)
    black = [card for card in LAYOUT_ORDER if card.islower()]
    rules, state = hole(random_layout(rng), "".join(rng.sample(black, 2)))
    found = shortest_solution(rules, state, max_moves=3)
    assert (None if found is None else len(found)) == brute_force(rules, state, 3)


def test_an_idle_colours_move_that_clears_a_line_is_found() -> None:
    """Only Black's pieces are chosen, but the white knight on a4 blocks the black rook's
    file (the rook moves like the queen beside it): White's move comes first, and the
    solver still finds it although it searches White's moves only where they matter."""
    rules, state = hole("b7/8/8/8/NK6/8/1q6/r7", "rb")
    found = solve(rules, state)
    assert found is not None and len(found) == 2
    assert found.texts[0].startswith("a4") and found.texts[1] == "a1a8"
    assert brute_force(rules, state, 2) == 2


@pytest.mark.slow
def test_the_slowest_dealt_three_card_hole_is_solved() -> None:
    """The dealt hole that once hit the 30 s cap (`golf_bench` seed 36): 7 moves, proved."""
    rules, state = hole("1K3r2/b1n5/B2B1n2/5k2/N1N3r1/2Q3R1/b3R3/5q2", "rbq")
    found = solve(rules, state, node_cap=3_000_000)
    assert found is not None and len(found) == 7
    assert validate_solution(rules, state, list(found.texts)) == 7
