"""The rules of Combat Chess II (seed 004) played out: each rule the text states, as a scene."""

from __future__ import annotations

from typing import Any

import pytest

from motley.chesslike.testing import listed_texts as texts
from motley.chesslike.testing import play_on as play
from motley.chesslike.testing import refusal
from motley.core.errors import IllegalAction
from motley.core.rules import NodeKind
from motley.games.combat_chess import CombatChess
from motley.games.combat_chess.state import (
    ACT,
    COMBAT,
    ESCAPE,
    FIRST,
    MOVE,
    SIDE,
    CombatState,
)

NAMES = "abcdefgh"


def cell(name: str) -> int:
    return NAMES.index(name[0]) + 8 * (int(name[1]) - 1)


def game(position: str = "", **options: Any) -> tuple[CombatChess, CombatState]:
    if position:
        options["position"] = position
    rules = CombatChess(options)
    return rules, rules.initial_state()


def on(state: CombatState, name: str) -> str:
    return state.board[cell(name)]


# -- who starts -----------------------------------------------------------------------------


def test_the_higher_roll_moves_first_and_ties_are_rolled_again() -> None:
    rules, state = game()
    assert state.phase == FIRST and rules.kind(state) is NodeKind.CHANCE
    outcomes = rules.chance_outcomes(state)
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    state = play(rules, state, "first 4 4")
    assert state.phase == FIRST and state.ties == 1
    black = play(rules, state, "first 2 5")
    assert black.phase == ACT and black.turn == 1
    white = play(rules, state, "first 6 1")
    assert white.phase == ACT and white.turn == 0
    _, plain = game(first_player="white")
    assert plain.phase == ACT and plain.turn == 0


# -- the roll to move -----------------------------------------------------------------------


def opening(rules: CombatChess, face: int) -> CombatState:
    return play(rules, rules.initial_state(), "first 2 1", "roll", f"roll {face}")


def test_over_planning_loses_the_turn() -> None:
    """From the start nothing can move 6: every line ends on Black's 7th rank or off the board."""
    rules, _ = game()
    state = opening(rules, 6)
    assert state.phase == MOVE and texts(rules, state) == ["pass"]
    after = play(rules, state, "pass")
    assert after.phase == ACT and after.turn == 1 and after.board == state.board


def test_moves_are_exact_straight_and_unblocked() -> None:
    rules, _ = game()
    state = opening(rules, 3)
    moves = texts(rules, state)
    assert "e2e5" in moves and "e2h5" in moves and "e2b5" in moves
    assert "e2e4" not in moves  # exactly the number rolled
    assert not any(m.startswith(("a1", "h1")) for m in moves)  # castles stay put
    assert not any(m.startswith(("c1", "d1", "e1", "f1")) for m in moves)  # blocked by pawns
    assert {"b1b4", "b1e4", "g1g4", "g1d4"} <= set(moves)  # dragons jump the pawns
    for text, rule in (
        ("e2e4", "exactly the number rolled"),
        ("a1a4", "castles stay put"),
        ("d1d4", "only dragons pass over pieces"),
        ("e2f4", "straight line"),
    ):
        assert rule in refusal(rules, state, text)


def test_a_dragon_must_land_on_an_empty_square() -> None:
    rules, state = game("4k3/8/8/8/8/2p5/1P6/1N2K3 w -/-/-/-")
    state = play(rules, state, "roll", "roll 2")
    assert "b1b3" in texts(rules, state)
    state = play(rules, game("4k3/8/8/8/8/1p6/1P6/1N2K3 w -/-/-/-")[1], "roll", "roll 2")
    assert "b1b3" not in texts(rules, state)  # a black pawn stands on b3


def test_planning_the_piece_before_the_roll() -> None:
    rules, state = game(first_player="white", plan_before_roll=True)
    assert "roll e2" in texts(rules, state) and "roll a1" not in texts(rules, state)
    state = play(rules, state, "roll e2", "roll 5")
    assert texts(rules, state) == ["pass"]  # that pawn cannot move 5: over-planning
    state = play(rules, rules.initial_state(), "roll b1", "roll 5")
    assert texts(rules, state) == ["b1b6", "b1g6"]


# -- challenges -----------------------------------------------------------------------------

DUEL = "7k/8/8/4p3/4K3/8/8/R6R w -/-/-/-"  # White's king faces a black pawn


def test_a_tie_is_rolled_again() -> None:
    rules, state = game(DUEL)
    assert "challenge e4 e5" in texts(rules, state)
    state = play(rules, state, "challenge e4 e5")
    assert state.phase == COMBAT and rules.kind(state) is NodeKind.CHANCE
    state = play(rules, state, "combat 1 5")  # 1 + 4 against 5 + 0
    assert state.phase == COMBAT and state.ties == 1
    state = play(rules, state, "combat 3 1")
    assert state.phase == SIDE and on(state, "e5") == "K" and on(state, "e4") == "."


def test_the_winner_places_the_loser_by_a_castle_and_acts_again() -> None:
    rules, state = game(DUEL)
    state = play(rules, state, "challenge e4 e5", "combat 6 1")
    assert rules.actors(state) == (0,) and texts(rules, state) == ["left", "right"]
    state = play(rules, state, "right")
    assert state.prisoners == ("", "p", "", "") and state.phase == ACT and state.turn == 0
    assert "roll" in texts(rules, state)  # "the player may now challenge, roll ... or escape"


def test_a_chain_of_challenges() -> None:
    """'As long as the player fights and wins the player continues to go.'"""
    position = "7k/8/4p3/3p4/3Q4/8/8/R3K2R w -/-/-/-"
    rules, state = game(position)
    state = play(rules, state, "challenge d4 d5", "combat 4 1", "left")
    assert on(state, "d5") == "Q" and state.turn == 0 and state.phase == ACT
    assert "challenge d5 e6" in texts(rules, state)
    state = play(rules, state, "challenge d5 e6", "combat 1 4")  # 1 + 3 against 4: a tie
    assert state.phase == COMBAT and state.ties == 1
    state = play(rules, state, "combat 2 2", "left")
    assert on(state, "e6") == "Q" and state.phase == ACT and state.turn == 0
    assert state.prisoners == ("pp", "", "", "")
    state = play(rules, state, "roll", "roll 1", "e6e7")
    assert state.turn == 1  # a move with no one to challenge ends the turn


def test_a_lost_challenge_ends_the_turn() -> None:
    rules, state = game("r5kr/8/4p3/3p4/3Q4/8/8/R3K2R w -/-/-/-")
    state = play(rules, state, "challenge d4 d5", "combat 2 6")  # 2 + 3 against 6 + 0
    assert state.phase == SIDE and rules.actors(state) == (1,)  # the winner places it
    state = play(rules, state, "left")
    assert state.turn == 1 and state.phase == ACT and on(state, "d4") == "."
    assert state.prisoners == ("", "", "Q", "")


def test_after_a_move_only_the_moved_piece_may_challenge() -> None:
    position = "7k/8/8/4p3/3B4/8/8/K7 w -/-/-/-"  # the bishop is already next to e5
    rules, state = game(position)
    state = play(rules, state, "roll", "roll 1", "a1a2")
    assert state.phase == ACT and state.turn == 1  # no new neighbour: the turn is over
    rules, state = game("7k/8/8/4p3/3B4/8/8/4K3 w -/-/-/-")
    state = play(rules, state, "roll", "roll 3", "e1e4")
    assert texts(rules, state) == ["challenge e4 e5", "end"]
    with pytest.raises(IllegalAction, match="only the piece that moved"):
        rules.parse_action(state, "challenge d4 e5")
    rules, state = game("7k/8/8/4p3/3B4/8/8/4K3 w -/-/-/-", challenge_after_move="any")
    state = play(rules, state, "roll", "roll 3", "e1e4")
    assert texts(rules, state) == ["challenge d4 e5", "challenge e4 e5", "end"]


def test_castles_are_challenged_but_never_challenge() -> None:
    rules, state = game("7k/8/8/8/8/8/1p6/RN5K w -/-/-/-")
    assert "challenge b1 b2" in texts(rules, state)
    assert not any(t.startswith("challenge a1") for t in texts(rules, state))
    with pytest.raises(IllegalAction, match="castles never move"):
        rules.parse_action(state, "challenge a1 b2")
    rules, state = game("7k/8/8/8/8/8/1pP5/r6K b -/-/-/-")
    assert "challenge b2 a1" not in texts(rules, state)  # a1 holds Black's own castle
    rules, state = game("7k/8/8/8/8/8/r7/1P5K w -/-/-/-")
    assert "challenge b1 a2" in texts(rules, state)
    rules, state = game("7k/8/8/8/8/8/r7/1P5K w -/-/-/-", castles_challengeable=False)
    assert "challenge b1 a2" not in texts(rules, state)


def test_a_pawn_that_kills_a_king_becomes_a_bishop() -> None:
    rules, state = game("b7/8/8/4k3/4P3/8/8/R6K w -/-/-/-")
    state = play(rules, state, "challenge e4 e5", "combat 6 1")  # 6 against 1 + 4
    assert on(state, "e5") == "B"
    rules, state = game("b7/8/8/4k3/4P3/8/8/R6K b -/-/-/-")
    state = play(rules, state, "challenge e5 e4", "combat 1 6")  # the defender kills the king
    assert on(state, "e4") == "B" and on(state, "e5") == "."
    assert rules.actors(state) == (0,)  # White, the winner, places the king by a castle
    state = play(rules, state, "left")
    assert state.prisoners[0] == "k" and state.turn == 0 and state.phase == ACT


def test_a_winning_defender_stays_unless_the_option_moves_it() -> None:
    position = "r5kr/8/8/4q3/4P3/8/8/R6K w -/-/-/-"
    rules, state = game(position)
    state = play(rules, state, "challenge e4 e5", "combat 1 1", "left")
    assert on(state, "e5") == "q" and on(state, "e4") == "." and state.turn == 1
    rules, state = game(position, defender_moves_in=True)
    state = play(rules, state, "challenge e4 e5", "combat 1 1", "left")
    assert on(state, "e4") == "q" and on(state, "e5") == "."


def test_killing_every_leader_wins() -> None:
    rules, state = game("8/8/8/4k3/4Q3/8/8/R6K w -/-/-/-")
    state = play(rules, state, "challenge e4 e5", "combat 6 1")
    assert rules.kind(state) is NodeKind.TERMINAL and rules.returns(state) == (1.0, -1.0)


def test_no_castle_no_question() -> None:
    rules, state = game("7k/8/8/4p3/4K3/8/8/8 w -/-/-/-")
    state = play(rules, state, "challenge e4 e5", "combat 6 1")
    assert state.phase == ACT and state.prisoners == ("p", "", "", "")


# -- escapes --------------------------------------------------------------------------------

ESCAPING = "r6k/1B6/8/8/8/8/8/R6K w -/-/-/QN"  # Black's right castle (a8) holds White's Q, N


def test_an_escape_frees_a_prisoner_next_to_the_castle() -> None:
    rules, state = game(ESCAPING)
    assert "escape b7 a8" in texts(rules, state)
    state = play(rules, state, "escape b7 a8", "roll 4")  # 4 + 2 for the bishop
    assert state.phase == ESCAPE
    assert sorted(texts(rules, state)) == ["N@a7", "N@b8", "Q@a7", "Q@b8"]
    state = play(rules, state, "Q@b8")
    assert on(state, "b8") == "Q" and state.prisoners == ("", "", "", "N")
    assert state.phase == ACT and state.turn == 1  # the turn ends either way


def test_a_failed_escape_ends_the_turn() -> None:
    rules, state = game(ESCAPING)
    state = play(rules, state, "escape b7 a8", "roll 3")  # 3 + 2 < 6
    assert state.phase == ACT and state.turn == 1 and state.prisoners[3] == "NQ"


def test_a_hero_must_have_arrived_on_an_earlier_turn() -> None:
    rules, state = game("r6k/8/1p6/B7/8/8/8/R6K w -/-/-/Q")
    state = play(rules, state, "challenge a5 b6", "combat 6 1", "left")
    assert on(state, "b6") == "B"
    state = play(rules, state, "roll", "roll 1", "b6b7")
    assert "escape b7 a8" not in texts(rules, state)  # it may challenge the castle, not escape
    state = play(rules, state, "end", "teleport", "roll 1")  # Black fails to teleport
    assert state.turn == 0 and "escape b7 a8" in texts(rules, state)  # an earlier turn now
    rules, state = game("r6k/8/8/8/8/8/8/R6K w -/-/-/Q")
    fresh = state._replace(board=state.board[:49] + "B" + state.board[50:], fresh=1 << 49)
    assert "escape b7 a8" not in texts(rules, fresh)
    with pytest.raises(IllegalAction, match="earlier turn"):
        rules.parse_action(fresh, "escape b7 a8")


def test_no_escape_without_prisoners_or_room() -> None:
    rules, state = game("r6k/1B6/8/8/8/8/8/R6K w -/-/-/-")
    assert not any(t.startswith("escape") for t in texts(rules, state))
    rules, state = game("rn5k/pB6/8/8/8/8/8/R6K w -/-/-/Q")
    assert not any(t.startswith("escape") for t in texts(rules, state))


# -- teleportation --------------------------------------------------------------------------


def test_teleportation_adds_one_per_leader() -> None:
    rules, state = game(first_player="white")
    assert "teleport" in texts(rules, state)
    state = play(rules, state, "teleport", "roll 2")  # 2 + 4 leaders
    assert len(texts(rules, state)) == 32 + 1  # any empty square, or stay
    state = play(rules, state, "K@e5")
    assert on(state, "e5") == "K" and on(state, "e1") == "." and state.turn == 1
    failed = play(rules, rules.initial_state(), "teleport", "roll 1")
    assert failed.turn == 1 and on(failed, "e1") == "K"


def test_teleport_options() -> None:
    rules, state = game(first_player="white", teleport_exact=True)
    assert play(rules, state, "teleport", "roll 3").turn == 1  # 7 is not exactly 6
    rules, state = game(first_player="white", teleport_counts_king=False)
    assert play(rules, state, "teleport", "roll 2").turn == 1  # 2 + 3 < 6


def test_a_teleported_king_may_challenge() -> None:
    rules, state = game(first_player="white", teleport_exact=False)
    state = play(rules, state, "teleport", "roll 6", "K@e6")
    assert sorted(texts(rules, state)) == [
        "challenge e6 d7", "challenge e6 e7", "challenge e6 f7", "end"
    ]  # fmt: skip
    rules, state = game(first_player="white", teleport_challenge=False)
    state = play(rules, state, "teleport", "roll 2", "K@e6")
    assert state.turn == 1 and state.phase == ACT


def test_no_king_no_teleport() -> None:
    rules, state = game("7k/8/8/8/8/8/8/Q7 w -/-/-/-")
    assert "teleport" not in texts(rules, state)
    with pytest.raises(IllegalAction, match="living king"):
        rules.parse_action(state, "teleport")


# -- round two: the literal teleport, fallen castles, declining a teleport --------------------


def test_by_default_a_teleport_needs_exactly_six() -> None:
    """"If the roll is equal to a 6 the player may place the king": with four leaders only a
    2 works; a 3 (seven) fails like a 1."""
    rules, state = game(first_player="white")
    assert play(rules, state, "teleport", "roll 3").turn == 1
    assert play(rules, state, "teleport", "roll 2").turn == 0
    loose = CombatChess({"first_player": "white", "teleport_exact": False})
    assert play(loose, loose.initial_state(), "teleport", "roll 3").turn == 0


def test_a_player_may_decline_a_successful_teleport() -> None:
    """"The player may place the king": may, so the king may also stay where it is."""
    rules, state = game(first_player="white")
    state = play(rules, state, "teleport", "roll 2")
    assert "stay" in texts(rules, state)
    after = play(rules, state, "stay")
    assert on(after, "e1") == "K" and after.turn == 1 and after.phase == ACT
    with pytest.raises(IllegalAction, match="teleport"):
        rules.parse_action(rules.initial_state(), "stay")


def test_a_killed_piece_may_not_go_to_a_fallen_castle() -> None:
    # White's left castle (a1) is gone: the piece White kills can only be held by h1
    rules, state = game("7k/8/8/4p3/4K3/8/8/7R w -/-/-/-")
    state = play(rules, state, "challenge e4 e5", "combat 6 1")
    assert state.phase == SIDE and texts(rules, state) == ["right"]
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "left")
    assert "left castle (a1) has fallen" in str(info.value) and "\n" not in str(info.value)
