"""Guessing the other player's grid: every guess fits everything announced, and every grid
that fits can be guessed."""

from __future__ import annotations

import random

import pytest

from motley.core.errors import StateError
from motley.core.rules import SPECTATOR
from motley.games.zombie import ZombieChess
from motley.games.zombie.sampling import GridSampler
from motley.games.zombie.state import BURIED, CANNOT, CHECK, SAFE, Entry, Grid
from motley.games.zombie.test_scenarios import play, setup

A, B, C = 0, 1, 2  # three squares (a1, b1, c1)


def guesses(entries: list[Entry], count: int = 120) -> set[Grid]:
    sampler = GridSampler(entries)
    return {sampler.sample(random.Random(n), lambda grid: True) for n in range(count)}


def bury(letter: str, *cells: int) -> Entry:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return Entry(BURIED, 0, -1, letter, mask)


def test_a_square_announced_empty_holds_nothing() -> None:
    assert guesses([bury("P", A, B, C)]) == {((A, "P"),), ((B, "P"),), ((C, "P"),)}
    assert guesses([bury("P", A, B, C), Entry(CHECK, 0, A)]) == {((B, "P"),), ((C, "P"),)}


def test_a_zombie_that_came_back_was_buried_there() -> None:
    entries = [bury("P", A, B), bury("N", A, B, C), Entry(CHECK, 0, A, "N")]
    assert guesses(entries) == {((B, "P"),)}
    # and a later burial may use the square again
    assert guesses([*entries, bury("Q", A)]) == {((A, "Q"), (B, "P"))}


def test_i_cannot_bury_means_every_square_was_taken() -> None:
    both = [bury("P", A, B), bury("N", A, B), Entry(CANNOT, 0, -1, "Q", (1 << A) | (1 << B))]
    assert guesses(both) == {((A, "P"), (B, "N")), ((A, "N"), (B, "P"))}
    with pytest.raises(StateError):
        guesses([bury("P", A, B), Entry(CANNOT, 0, -1, "Q", (1 << A) | (1 << B))])


def test_a_horde_move_rules_out_a_checking_piece() -> None:
    assert guesses([bury("Q", A, B), Entry(SAFE, 0, A, "PN")]) == {((B, "Q"),)}
    assert guesses([bury("N", A, B), Entry(SAFE, 0, A, "PN")]) == {((A, "N"),), ((B, "N"),)}


def test_announcements_that_contradict_each_other_are_refused() -> None:
    with pytest.raises(StateError):
        GridSampler([bury("P", A), bury("N", A, C), Entry(CHECK, 0, B, "P")])
    with pytest.raises(StateError):
        guesses([bury("P", A), Entry(CHECK, 0, A)])


def test_guesses_in_a_game_follow_the_announcements() -> None:
    """White buries a pawn under one of sixteen squares, then says "no zombie" at g1 and b1:
    Black's guesses cover exactly the fourteen others."""
    rules = ZombieChess()
    state = play(rules, "e2e4 d7d5 e4d5 bury P@a2 g8f6 g1f3 b8c6 b1c3")
    view = rules.view(state, 1)
    seen = {rules.sample_hidden(view, random.Random(n)).grids[0] for n in range(300)}
    squares = {rules.t.geometry.name(grid[0][0]) for grid in seen}
    home = {f"{f}{r}" for f in "abcdefgh" for r in "12"} - {"e2", "g1", "b1"} | {"d5"}
    assert squares == home
    assert all(len(grid) == 1 and grid[0][1] == "P" for grid in seen)
    # Black's own grid is never guessed: it is in Black's view
    assert all(rules.sample_hidden(view, random.Random(n)).grids[1] == () for n in range(5))


def test_burials_made_before_the_record_can_be_anywhere() -> None:
    rules = ZombieChess()
    state = setup(rules, "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1", ({"a1": "N"}, {}))
    view = rules.view(state, SPECTATOR)
    seen = {rules.sample_hidden(view, random.Random(n)).grids[0] for n in range(60)}
    assert all(len(grid) == 1 and grid[0][1] == "N" for grid in seen) and len(seen) > 10


def test_a_guess_keeps_the_game_where_it_is() -> None:
    """A guessed grid never mates or stalemates a player who can still move, and never
    leaves a player nowhere to bury: the node stays the same kind."""
    rules = ZombieChess()
    state = setup(rules, "4k3/8/8/8/8/8/4N3/4K3 b - - 0 1", ({"e2": "R"}, {}))
    for seat in (1, SPECTATOR):
        view = rules.view(state, seat)
        for n in range(20):
            guess = rules.sample_hidden(view, random.Random(n))
            assert rules.kind(guess) is rules.kind(state)


def test_burials_uncovered_by_anyone_leak_nothing() -> None:
    """uncovered_by=anyone: the other player's checks are announced, and a guess from any
    seat's view looks the same to that seat and leaves it the same actions."""
    rules = ZombieChess({"uncovered_by": "anyone"})
    rng = random.Random(4)
    uncovered = 0
    for _ in range(6):
        state = rules.initial_state()
        for _ in range(160):
            if rules.outcome(state):
                break
            for seat in (0, 1, SPECTATOR):
                view = rules.view(state, seat)
                shown = rules.view_to_json(view)
                guess = rules.sample_hidden(view, rng)
                assert rules.view_to_json(rules.view(guess, seat)) == shown
                if seat == state.board.turn:
                    assert rules.legal_actions(guess) == rules.legal_actions(state)
            actions = rules.legal_actions(state)
            after = rules.apply(state, actions[rng.randrange(len(actions))])
            new = after.ledger[len(state.ledger) :]
            uncovered += any(e.what == CHECK and e.seat != state.board.turn for e in new)
            state = after
    assert uncovered >= 3
