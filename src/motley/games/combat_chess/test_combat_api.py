"""Combat Chess II through the game API: notation, errors, JSON, records, options, perft."""

from __future__ import annotations

import random
from typing import Any

import pytest

from motley.chesslike.testing import (
    evaluations_in_range,
    naive_board,
    one_line_refusals,
    play_on,
    refuses_states,
    replays_to_its_end,
    states_round_trip,
)
from motley.core import registry
from motley.core.driver import RandomAgent, play
from motley.core.errors import IllegalAction, NotationError, OptionError
from motley.core.record import replay
from motley.core.rules import NodeKind
from motley.core.testing import check_action_text_round_trip
from motley.games.combat_chess import CombatChess
from motley.games.combat_chess.state import ACT, ROLL, CombatState, Die

RANDOM = {0: RandomAgent(), 1: RandomAgent()}
# a position from a seeded random game (turn 13): a white pawn has killed Black's king and is
# a bishop now (White has three); Black fights on with two bishops and a queen
MIDGAME = "rnbq1b1r/ppppp3/6np/1B6/3K1p2/1B6/2PP1PPP/RNBQP1NR w kp/-/P/-"


def test_registered_with_its_header() -> None:
    rules = registry.make("combat_chess")
    assert isinstance(rules, CombatChess) and rules.spec.players == 2
    assert {"first_player", "plan_before_roll", "turn_limit"} <= {
        o.name for o in rules.spec.options
    }


def test_every_chance_outcome_and_action_round_trips_as_text() -> None:
    rules = CombatChess()
    played = play(rules, RANDOM, "text", max_events=300)
    for state in replay(played.record)[:-1]:
        check_action_text_round_trip(rules, state)


def white_to_start() -> tuple[CombatChess, CombatState]:
    rules = CombatChess({"first_player": "white"})
    return rules, rules.initial_state()


test_bad_input_gets_one_line_naming_the_rule = one_line_refusals(
    white_to_start,
    [
        ("", NotationError, "not a Combat Chess action"),
        ("e2e4e5e6", NotationError, "not a Combat Chess action"),
        ("roll 7", NotationError, "1 to 6"),
        ("combat 1 2", IllegalAction, "no dice are being rolled"),
        ("e2e4", IllegalAction, "first choose"),
        ("challenge e2 e3", IllegalAction, "no enemy piece"),
        ("challenge e7 e6", IllegalAction, "no piece of yours"),
        ("escape b2 a1", IllegalAction, "no enemy castle"),
        ("escape b7 a8", IllegalAction, "the hero must be a piece of yours"),
        ("K@e4", IllegalAction, "first choose"),
        ("left", IllegalAction, "only the winner"),
        ("pass", IllegalAction, "first choose"),
        ("end", IllegalAction, "after a move"),
        ("roll e2", IllegalAction, "plan_before_roll is off"),
    ],
)


def test_errors_at_chance_nodes_and_for_the_wrong_seat() -> None:
    rules = CombatChess({"first_player": "white"})
    rolling = play_on(rules, rules.initial_state(), "roll")
    with pytest.raises(IllegalAction, match="dice are rolling"):
        rules.parse_action(rolling, "e2e4")
    with pytest.raises(IllegalAction, match="White's decision"):
        rules.parse_action(rules.initial_state(), "roll", seat=1)
    with pytest.raises(IllegalAction):
        rules.apply(rules.initial_state(), Die(3))


def test_state_json_round_trips_through_games() -> None:
    rules = CombatChess()
    for seed in range(3):
        states_round_trip(rules, play(rules, RANDOM, seed).record)


def test_state_json_refuses_nonsense() -> None:
    rules = CombatChess({"first_player": "white"})
    good = rules.state_to_json(rules.initial_state())

    def broken(**changes: Any) -> dict[str, Any]:
        return {**good, **changes}

    no_prisoners = {"white": {"left": "", "right": ""}, "black": {"left": "", "right": ""}}
    bad_states = [
        {},
        {"fen": 7},
        broken(board="8/8"),
        broken(board="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX"),
        broken(turn=3),
        broken(phase="nap"),
        broken(prisoners={"white": {}}),
        broken(prisoners={**no_prisoners, "white": {"left": "P", "right": ""}}),  # own piece
        broken(prisoners={**no_prisoners, "white": {"left": "qq", "right": ""}}),  # 17 black
        broken(phase="move", roll=0),
        broken(phase="combat", active="e2", target="e7"),  # not neighbours
        broken(phase="side", chooser=0, captive="P"),  # the winner places the loser's piece
        broken(phase="over"),
        broken(board="rn4nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),  # Black has no leader
        broken(ties=-1),
        broken(fresh="e2"),
        broken(phase="escape-roll", active="b7", target="a8"),
        broken(phase="teleport", board="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR"),
    ]
    refuses_states(rules, bad_states)


def test_options_are_checked() -> None:
    for options in ({"castle_bonus": 9}, {"turn_limit": -2}, {"position": "8/8 w -/-/-/-"},
                    {"position": "8/8/8/8/8/8/8/K7 w -/-/-/-"}):  # fmt: skip
        with pytest.raises(OptionError):
            CombatChess(options)


def test_a_recorded_random_game_replays_to_the_same_state() -> None:
    rules = CombatChess()
    replays_to_its_end(rules, play(rules, RANDOM, 4))


@pytest.mark.parametrize(
    "options",
    [
        {"plan_before_roll": True},
        {"castles_challengeable": False},
        {"castle_bonus": 2},
        {"defender_moves_in": True},
        {"teleport_counts_king": False},
        {"teleport_exact": True},
        {"teleport_challenge": False},
        {"turn_limit": 0},
    ],
)
def test_every_option_plays_and_replays(options: dict[str, Any]) -> None:
    rules = CombatChess(options)
    for seed in range(2):
        replays_to_its_end(rules, play(rules, RANDOM, seed))


def test_random_games_reach_different_ends_and_evaluate_stays_in_range() -> None:
    rules = CombatChess()
    assert len({play(rules, RANDOM, seed).record.result for seed in range(8)}) >= 2
    state = evaluations_in_range(rules, random.Random(2))
    assert rules.evaluate(state, 0) == rules.returns(state)[0]


def test_the_turn_limit_draws() -> None:
    rules = CombatChess({"first_player": "white", "turn_limit": 2})
    turn = ("roll", "roll 6", "pass")
    state = play_on(rules, rules.initial_state(), *turn, *turn)
    assert rules.kind(state) is NodeKind.TERMINAL and rules.returns(state) == (0.0, 0.0)
    assert "turn limit" in rules.render(state)


def test_render_shows_prisoners_and_phase() -> None:
    rules = CombatChess({"position": MIDGAME})
    text = rules.render(rules.initial_state())
    assert "White's castles hold: left (a1): k p; right (h1): -" in text
    assert "Black's castles hold: left (h8): P" in text
    assert "choose to roll, teleport, challenge or escape" in text


# -- perft: moves and follow-up decisions for each roll -------------------------------------


def turn_paths(rules: CombatChess, state: CombatState, seat: int) -> int:
    """Decision paths from a roll until a chance node, a new action or the other side."""
    kind = rules.kind(state)
    if kind is not NodeKind.DECISION or rules.actors(state) != (seat,) or state.phase == ACT:
        return 1
    return sum(turn_paths(rules, rules.apply(state, a), seat) for a in rules.legal_actions(state))


def naive_moves(placement: str, seat: int, roll: int) -> list[tuple[int, int]]:
    """An independent count: walk every line cell by cell from every piece."""
    board = naive_board(placement)
    moves = []
    for (x, y), letter in board.items():
        if (letter.isupper()) != (seat == 0) or letter.upper() == "R":
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if not (dx or dy):
                    continue
                path = [(x + dx * k, y + dy * k) for k in range(1, roll + 1)]
                land = path[-1]
                if not (0 <= land[0] < 8 and 0 <= land[1] < 8) or land in board:
                    continue
                if letter.upper() != "N" and any(c in board for c in path[:-1]):
                    continue
                enemies = sum(
                    1
                    for ex in (-1, 0, 1)
                    for ey in (-1, 0, 1)
                    if (ex or ey)
                    and (land[0] + ex, land[1] + ey) in board
                    and (land[0] + ex, land[1] + ey) != (x, y)
                    and board[(land[0] + ex, land[1] + ey)].isupper() != (seat == 0)
                )
                moves.append((enemies + 1 if enemies else 1, 0))
    return moves


# (position, roll, moves, decision paths). This implementation's counts; the start position's
# were counted by hand, and every row is checked against `naive_moves` below.
PERFT = [
    ("", 1, 22, 22),
    ("", 2, 24, 24),
    ("", 3, 22, 22),
    ("", 4, 20, 64),  # a pawn landing on row 6 may challenge 2 or 3 pawns, or end
    ("", 5, 4, 16),  # only the dragons, each then next to three pawns
    ("", 6, 0, 1),  # over-planning: `pass`
    (MIDGAME, 1, 48, 66),
    (MIDGAME, 2, 23, 38),
    (MIDGAME, 3, 17, 36),
    (MIDGAME, 4, 12, 32),
    (MIDGAME, 5, 6, 20),
    (MIDGAME, 6, 4, 13),
]


@pytest.mark.parametrize(("position", "roll", "moves", "paths"), PERFT)
def test_pinned_move_counts(position: str, roll: int, moves: int, paths: int) -> None:
    options = {"position": position} if position else {"first_player": "white"}
    rules = CombatChess(options)
    state = play_on(rules, rules.initial_state(), "roll", f"roll {roll}")
    found = [a for a in rules.legal_actions(state) if rules.action_text(state, a) != "pass"]
    assert len(found) == moves
    assert turn_paths(rules, state, 0) == paths
    placement = (position or "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").split()[0]
    naive = naive_moves(placement, 0, roll)
    assert len(naive) == moves
    assert (sum(n for n, _ in naive) or 1) == paths


def test_the_start_offers_roll_and_teleport_only() -> None:
    rules = CombatChess({"first_player": "white"})
    assert [rules.action_text(rules.initial_state(), a) for a in
            rules.legal_actions(rules.initial_state())] == ["roll", "teleport"]  # fmt: skip
    assert rules.apply(rules.initial_state(), ROLL).phase != ACT


def test_challenge_odds_behind_the_evaluation() -> None:
    """The odds the heuristic uses, counted from the 36 rolls with ties taken out."""
    from fractions import Fraction

    from motley.games.combat_chess.evaluate import win_chance

    assert win_chance(0) == 0.5
    assert win_chance(4) == pytest.approx(float(Fraction(33, 34)))  # a king against a pawn
    assert win_chance(1) == pytest.approx(float(Fraction(21, 31)))
    assert win_chance(-2) == pytest.approx(1 - win_chance(2))


def test_evaluate_sees_leaders_and_an_open_challenge() -> None:
    quiet = CombatChess({"position": "k7/8/8/8/8/8/8/KQ6 w -/-/-/-"})
    assert quiet.evaluate(quiet.initial_state(), 0) > 0 > quiet.evaluate(quiet.initial_state(), 1)
    facing = "k7/8/8/3p4/3K4/8/8/7q"
    mover = CombatChess({"position": f"{facing} w -/-/-/-"})
    waiting = CombatChess({"position": f"{facing} b -/-/-/-"})
    assert mover.evaluate(mover.initial_state(), 0) > waiting.evaluate(waiting.initial_state(), 0)
