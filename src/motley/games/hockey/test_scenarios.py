"""Hockey Chess rules, one scenario each (seed 000 and RULES-NOTES section 4)."""

from __future__ import annotations

from typing import Any

import pytest

from motley.chesslike.testing import listed_texts as texts
from motley.chesslike.testing import not_offered
from motley.chesslike.testing import play_on as play
from motley.chesslike.testing import rule_broken as refused
from motley.core.errors import NotationError
from motley.core.rules import NodeKind
from motley.games.hockey.rules import HockeyChess
from motley.games.hockey.state import ACT, DROP, OVER, PROMOTE, REF, ROLL, HockeyState


def start(position: str, **options: Any) -> tuple[HockeyChess, HockeyState]:
    rules = HockeyChess({"position": position, **options})
    return rules, rules.initial_state()


def cells(rules: HockeyChess, bits: int) -> set[str]:
    return {rules.geometry.name(c) for c in range(64) if bits >> c & 1}


# -- setup ---------------------------------------------------------------------------------------


def test_setup_pucks_under_kings_and_referees_placed_in_turn() -> None:
    rules = HockeyChess()
    state = rules.initial_state()
    assert cells(rules, state.pucks) == {"e1", "e8"}
    assert rules.actors(state) == (0,)
    assert "ref@e1" not in texts(rules, state)  # a king's square already holds a puck
    assert "ref@d1" in texts(rules, state)  # under a piece is fine
    state = play(rules, state, "ref@d1")
    assert rules.actors(state) == (1,)
    assert "without a checker" in not_offered(rules, state, "ref@d1")
    state = play(rules, state, "ref@c6")
    assert state.phase == ACT and rules.actors(state) == (0,)
    assert cells(rules, state.refs) == {"d1", "c6"}


def test_three_referees_alternate() -> None:
    rules = HockeyChess({"referees": 3})
    state = play(rules, rules.initial_state(), "ref@a3", "ref@b6")
    assert rules.actors(state) == (0,) and state.phase == "setup"
    state = play(rules, state, "ref@h3")
    assert state.phase == ACT and state.refs.bit_count() == 3


# -- passes --------------------------------------------------------------------------------------


def test_a_bare_piece_blocks_a_pass_but_a_piece_on_a_checker_does_not() -> None:
    rules, state = start("4k3/8/8/8/8/P7/8/R*3K3 w - -")
    found = texts(rules, state)
    assert "pass:a1a3" in found  # onto the pawn: it becomes the possessor
    assert "pass:a1a4" not in found
    assert "through a piece only if it stands on a checker" in refused(rules, state, "pass:a1a5")
    rules, state = start("4k3/8/8/8/8/P^7/8/R*3K3 w - -")  # the pawn stands on a referee
    found = texts(rules, state)
    assert "pass:a1a3" not in found  # never onto a checker
    assert {"pass:a1a4", "pass:a1a8"} <= set(found)
    rules, state = start("4k3/8/8/8/8/8/.^7/R*3K3 w - -")  # a referee alone blocks nothing
    found = texts(rules, state)
    assert "pass:a1a2" not in found and "pass:a1a8" in found


def test_a_pass_to_a_piece_makes_it_the_possessor_and_it_may_pass_again() -> None:
    rules, state = start("4k3/8/8/8/8/P7/8/R*3K3 w - -")
    state = play(rules, state, "pass:a1a3")
    assert cells(rules, state.pucks) == {"a3"}
    assert state.acts == 1
    assert "pass:a3a4" in texts(rules, state)  # a pawn's pass: one square forward
    assert "pass:a3b4" in texts(rules, state)  # or diagonally forward
    state = play(rules, state, "pass:a3b4")  # the same puck twice: a one-timer
    assert cells(rules, state.pucks) == {"b4"}
    assert state.phase == ACT and state.turn == 1  # no referees: straight to Black's turn


def test_knight_passes_jump() -> None:
    rules, state = start("4k3/8/8/2ppp3/2pN*p3/2ppp3/8/4K3 w - -")
    passes = sorted(t for t in texts(rules, state) if t.startswith("pass:"))
    assert passes == [f"pass:d4{c}" for c in ("b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5")]


def test_knight_shot() -> None:
    rules, state = start("4k3/2N*5/8/8/8/8/8/4K3 w - -")
    assert "pass:c7d9" in texts(rules, state)
    state = play(rules, state, "pass:c7d9")
    assert state.score == (1, 0) and not state.pucks


def test_bishop_bounces_off_the_side_files() -> None:
    rules, state = start("4k3/8/8/8/8/8/8/2B*1K3 w - -")
    found = texts(rules, state)
    # c1 b2 a3, then back b4 c5 d6 e7 f8; c1 d2 ... h6, then g7 f8 and into the goal e9
    assert {"pass:c1a3", "pass:c1c5", "pass:c1f8", "pass:c1g7", "pass:c1e9"} <= set(found)
    assert found.count("pass:c1f8") == 1  # reached along both bounced lines, offered once
    rules, state = start("4k3/8/8/8/8/8/8/2B*1K3 w - -", bishop_bounce=False)
    found = texts(rules, state)
    assert "pass:c1a3" in found and "pass:c1c5" not in found and "pass:c1e9" not in found


def test_passes_never_end_on_a_checker() -> None:
    rules, state = start("4k3/8/8/8/8/8/8/R*.*2K3 w - -")
    found = texts(rules, state)
    assert "pass:a1b1" not in found and "pass:a1c1" in found


# -- shots and goals -----------------------------------------------------------------------------


def test_shot_along_the_e_file_scores() -> None:
    rules, state = start("7k/8/8/8/4R*3/8/8/.^2K3.^ w - -")
    assert "pass:e4e9" in texts(rules, state)
    state = play(rules, state, "pass:e4e9")
    assert state.score == (1, 0)
    # the puck left play; a new puck went on each referee
    assert cells(rules, state.pucks) == {"a1", "h1"}
    assert state.phase == ROLL  # a goal closes the acts: the scorer rolls at once


def test_a_bare_piece_on_the_file_stops_the_shot_one_on_a_checker_does_not() -> None:
    rules, state = start("7k/4p3/8/8/4R*3/8/8/3K4 w - -")
    assert "pass:e4e9" not in texts(rules, state)
    assert "pass:e4e7" in texts(rules, state)
    rules, state = start("7k/4p^3/8/8/4R*3/8/8/3K4 w - -")
    assert "pass:e4e9" in texts(rules, state)


@pytest.mark.parametrize(
    ("position", "shot", "score"),
    [
        pytest.param("4k3/8/8/8/8/8/8/2B*1K3 w - -", "pass:c1e9", (1, 0), id="bounced-shot"),
        # an own goal gives the opponent the point
        pytest.param("7k/8/8/8/3R*4/8/8/4K3 w - -", "pass:d4d0", (0, 1), id="own-goal"),
    ],
)
def test_a_shot_into_a_goal_scores(position: str, shot: str, score: tuple[int, int]) -> None:
    rules, state = start(position)
    assert play(rules, state, shot).score == score


def test_new_pucks_on_each_referee_and_the_referee_leaves_from_under_one() -> None:
    # one referee (a1) already carries a puck: it gets no second one
    rules, state = start("7k/8/8/8/4R*3/8/.^7/.*^2K3.^ w - -")
    state = play(rules, state, "pass:e4e9")
    assert cells(rules, state.pucks) == {"a1", "h1", "a2"}
    assert cells(rules, state.fresh) == {"h1", "a2"}
    state = play(rules, state, "roll 3")
    assert state.phase == REF
    origins = {t.split(":")[1][:2] for t in texts(rules, state)}
    assert origins == {"h1", "a2"}  # only from under a new puck
    assert "after a goal" in refused(rules, state, "ref:a1a4")
    state = play(rules, state, "ref:h1h4")
    assert cells(rules, state.refs) == {"a1", "a2", "h4"} and state.turn == 1


def test_a_new_puck_under_a_piece_standing_on_a_referee() -> None:
    rules, state = start("7k/8/8/8/4R*3/8/8/N^2K4 w - -")
    state = play(rules, state, "pass:e4e9")
    assert cells(rules, state.pucks) == {"a1"}  # the knight on a1 now possesses it


def test_play_after_goal_option() -> None:
    rules, state = start("7k/8/8/8/4R*3/8/8/3K3.^ w - -", play_after_goal=True)
    state = play(rules, state, "pass:e4e9")
    assert state.phase == ACT and state.acts == 1 and state.score == (1, 0)
    state = play(rules, state, "d1d2")
    assert state.phase == ROLL


def test_five_goals_win() -> None:
    rules, state = start("7k/8/8/8/4R*3/8/8/3K4 w - - 4-2")
    state = play(rules, state, "pass:e4e9")
    assert state.phase == OVER and rules.returns(state) == (1.0, -1.0)
    assert state.reason == "5 goals"


# -- moves of possessors -------------------------------------------------------------------------


def test_a_moving_possessor_leaves_its_puck_on_its_path_or_keeps_it() -> None:
    rules, state = start("4k3/8/8/8/8/8/8/R*3K3 w - -")
    state = play(rules, state, "a1a4")
    assert state.phase == DROP
    assert sorted(texts(rules, state)) == ["keep", "put@a1", "put@a2", "put@a3"]
    kept = play(rules, state, "keep")
    assert cells(rules, kept.pucks) == {"a4"}
    left = play(rules, state, "put@a2")
    assert cells(rules, left.pucks) == {"a2"} and left.phase == ACT and left.acts == 1


def test_landing_on_a_checker_the_possessor_must_leave_its_puck() -> None:
    rules, state = start("4k3/8/8/.^7/8/8/8/R*3K3 w - -")
    state = play(rules, state, "a1a5")
    assert "must leave its own puck" in not_offered(rules, state, "keep")


def test_a_piece_ending_on_a_loose_puck_picks_it_up() -> None:
    rules, state = start("4k3/8/8/.*7/8/8/8/R3K3 w - -")
    state = play(rules, state, "a1a5")
    assert cells(rules, state.pucks) == {"a5"} and state.phase == ACT


def test_capturing_a_possessor_takes_its_puck() -> None:
    rules, state = start("4k3/8/8/3r*4/8/4N3/8/4K3 w - -")
    state = play(rules, state, "e3d5")
    assert cells(rules, state.pucks) == {"d5"}
    assert state.lost == ("", "R")
    # a possessor taking a possessor leaves its old puck behind (a knight: on its start)
    rules, state = start("4k3/8/8/3r*4/8/4N*3/8/4K3 w - -")
    state = play(rules, state, "e3d5")
    assert cells(rules, state.pucks) == {"d5", "e3"} and state.phase == ACT
    # a rook may leave it anywhere on its path
    rules, state = start("4k3/8/8/r*7/8/8/8/R*3K3 w - -")
    state = play(rules, state, "a1a5")
    assert sorted(texts(rules, state)) == ["put@a1", "put@a2", "put@a3", "put@a4"]


def test_one_move_per_turn() -> None:
    rules, state = start("4k3/8/8/8/8/8/8/R*3K3 w - -")
    state = play(rules, state, "a1a4", "keep")
    assert "a4a5" not in texts(rules, state)
    assert "only one piece moves" in refused(rules, state, "e1e2")
    state = play(rules, state, "pass:a4a8")  # the same piece passes after its move
    assert state.turn == 1


def test_end_needs_an_act_first() -> None:
    rules, state = start("4k3/8/8/8/8/8/8/R*3K3 w - -")
    assert "before it ends" in not_offered(rules, state, "end")


# -- promotions, slide, castling, en passant -----------------------------------------------------


def test_pawn_promotion_scores_or_brings_a_piece_back_to_a_corner() -> None:
    rules, state = start("4k3/1P6/8/8/8/8/8/4K3 w - -")
    state = state._replace(lost=("NQ", ""))
    state = play(rules, state, "b7b8")
    assert state.phase == PROMOTE and not state.board.pieces[0]  # the pawn is gone
    found = sorted(texts(rules, state))
    corners = ("a1", "a8", "h1", "h8")
    assert found == sorted(["score"] + [f"{p}@{c}" for p in "NQ" for c in corners])
    back = play(rules, state, "Q@h1")
    assert back.lost == ("N", "") and back.score == (0, 0) and back.turn == 1
    scored = play(rules, state, "score")
    assert scored.score == (1, 0) and scored.lost == ("NQ", "")


def test_with_every_corner_taken_a_piece_comes_back_anywhere_vacant() -> None:
    rules, state = start("r3k2r/1P6/8/8/8/8/8/R3K2R w - -")
    state = play(rules, state._replace(lost=("NP", "")), "b7b8")
    found = texts(rules, state)
    assert "N@d4" in found and "N@b8" in found and "N@a1" not in found
    assert "P@d4" in found and "P@b8" not in found and "P@c1" not in found


def test_pawn_promotion_without_captured_pieces_scores_at_once() -> None:
    rules, state = start("4k3/1P6/8/8/8/8/8/4K3 w - -")
    state = play(rules, state, "b7b8")
    assert state.score == (1, 0) and state.turn == 1


def test_king_promotion_blocked_while_a_crease_square_is_guarded() -> None:
    rules, state = start("3K4/8/7b/k7/8/8/8/7R w - -")  # the bishop guards f8
    assert "no crease square is guarded" in not_offered(rules, state, "d8 goal")
    rules, state = start("3K4/8/8/k7/8/8/8/7R w - -")
    state = play(rules, state, "d8 goal")
    assert state.score == (1, 0)
    assert not state.board.pieces[5] & state.board.colours[0]  # the king left the board


def test_king_promotion_may_bring_a_piece_back() -> None:
    rules, state = start("3K*4/8/8/k7/8/8/8/7R w - -")
    state = play(rules, state._replace(lost=("Q", "")), "d8 goal")
    assert state.phase == PROMOTE
    state = play(rules, state, "Q@a1")
    assert cells(rules, state.pucks) == {"d8"}  # its puck stayed in the crease
    assert state.lost == ("", "")


def test_bishop_slide_only_with_no_puck_on_its_colour() -> None:
    rules, state = start("k7/8/8/1B6/8/8/8/K*7 w - -")  # the puck on a1 is on dark
    found = texts(rules, state)
    assert {"b5e8", "b5e8d8", "b5e8f8"} <= set(found)
    state = play(rules, state, "b5e8f8")
    assert cells(rules, state.board.pieces[2]) == {"f8"}
    rules, state = start("k7/8/8/1B6/8/8/8/K6.* w - -")  # a puck on h1, a light square
    assert "no puck stands on its colour" in not_offered(rules, state, "b5e8f8")


def test_castling_and_en_passant_options() -> None:
    position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -"
    rules, state = start(position)
    assert {"e1g1", "e1c1"} <= set(texts(rules, state))
    state = play(rules, state, "O-O")
    assert cells(rules, state.board.pieces[3] & state.board.colours[0]) == {"a1", "f1"}
    rules, state = start(position, castling=False)
    assert "e1g1" not in texts(rules, state)
    position = "4k3/8/8/3pP3/8/8/8/4K3 w - d6"
    rules, state = start(position)
    state = play(rules, state, "e5d6")
    assert state.lost == ("", "P") and not state.board.colours[1] >> 35 & 1
    rules, state = start(position, en_passant=False)
    assert "e5d6" not in texts(rules, state)


def test_a_double_step_gives_the_opponent_en_passant_next_turn() -> None:
    rules, state = start("4k3/8/8/8/3p4/8/4P3/4K3 w - -")
    state = play(rules, state, "e2e4", "end")
    assert state.turn == 1 and "d4e3" in texts(rules, state)


def test_castling_possessor_rook_keeps_its_puck() -> None:
    rules, state = start("4k3/8/8/8/8/8/8/4K*2R* w K -")
    state = play(rules, state, "e1g1")
    assert state.phase == DROP and sorted(texts(rules, state)) == ["keep", "put@e1"]
    state = play(rules, state, "keep")
    assert cells(rules, state.pucks) == {"g1", "f1"}


# -- repetition, the end, the turn limit ---------------------------------------------------------


def test_no_turn_may_repeat_a_position() -> None:
    rules, state = start("7k/8/8/8/8/8/8/R3K3 w - -")
    state = play(rules, state, "a1a2", "end", "h8h7", "end", "a2a1", "end")
    # back to the start with White to move
    assert "reached before" in not_offered(rules, state, "h7h8")
    assert "h7g8" in texts(rules, state)


def test_referees_do_not_count_for_repetition() -> None:
    rules, state = start("7k/8/8/8/8/8/8/R3K2.^ w - -")
    state = play(rules, state, "a1a2", "end", "roll 1", "ref:h1h2")
    state = play(rules, state, "h8h7", "end", "roll 1", "ref:h2h3")
    state = play(rules, state, "a2a1", "end", "roll 1", "ref:h3h4")
    assert "h7h8" not in texts(rules, state)


def test_taking_every_enemy_piece_wins() -> None:
    rules, state = start("8/8/8/3k4/8/4N3/8/4K3 w - -")
    state = play(rules, state, "e3d5")
    assert state.phase == OVER and state.result == 0 and state.reason == "no pieces left"
    assert rules.kind(state) is NodeKind.TERMINAL


def test_the_turn_limit_draws() -> None:
    rules = HockeyChess({"turn_limit": 1, "referees": 0})
    state = play(rules, rules.initial_state(), "e2e4", "end")
    assert state.phase == OVER and rules.returns(state) == (0.0, 0.0)


# -- notation --------------------------------------------------------------------------------


def test_other_spellings_are_read() -> None:
    rules, state = start("4k3/8/8/8/8/8/8/R*3K3 w - -")
    assert rules.parse_action(state, "pass a1>a5") == rules.parse_action(state, "pass:a1a5")
    state = play(rules, state, "a1a4")
    assert rules.parse_action(state, "drop a2") == rules.parse_action(state, "put@a2")


def test_bad_text_is_one_line() -> None:
    rules, state = start("4k3/1P6/8/8/8/8/8/4K3 w - -")
    with pytest.raises(NotationError) as info:
        rules.parse_action(state, "b7b8q")
    assert "not promoted" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(NotationError):
        rules.parse_action(state, "e2e4e5e6")
    with pytest.raises(NotationError):
        rules.parse_action(state, "roll 7")


def test_render_shows_the_checkers() -> None:
    rules, state = start("4k3/8/8/.*7/8/8/8/R*3K2.^ w - -")
    picture = rules.render(state)
    assert "R*" in picture and " o" in picture and " x" in picture
    assert "Score: White 0, Black 0" in picture


# -- round two: a move never repeats, the promotion's goals, the crease occupied --------------


def test_a_single_move_may_not_repeat_a_position() -> None:
    """ "A move cannot be made that repeats a position": g8h8 brings back the start, even
    though Black could still pass the rook's puck afterwards and end on a new position."""
    rules, state = start("r*6k/8/8/8/8/8/8/K7 w - -")
    state = play(rules, state, "a1b1", "end", "h8g8", "end", "b1a1", "end")
    assert "pass:a8a5" in texts(rules, state)
    assert "repeats a position" in not_offered(rules, state, "g8h8")
    # the pass first, then the king's move, reaches a new position: allowed
    assert "g8h8" in texts(rules, play(rules, state, "pass:a8a5"))


def test_a_promotion_scores_in_proportion_to_the_goals_needed() -> None:
    """Variations: "If you change the number of goals needed then you should also change the
    number of goals the pawn or king makes when they promote"."""
    position = "4k3/1P6/8/8/8/8/8/4K3 w - -"
    assert play(*start(position), "b7b8").score == (1, 0)  # 5 goals: 1 a promotion
    assert play(*start(position, goals=10), "b7b8").score == (2, 0)
    assert play(*start(position, goals=10, promotion_goals=1), "b7b8").score == (1, 0)
    assert play(*start(position, promotion_goals=3), "b7b8").score == (3, 0)


def test_the_crease_may_count_as_guarded_when_occupied() -> None:
    position = "3K1n2/8/8/k7/8/8/8/7R w - -"  # a black knight stands on f8, attacking nothing
    rules, state = start(position)
    assert "d8 goal" in texts(rules, state)
    rules, state = start(position, crease_guard="occupied")
    assert "guarded" in not_offered(rules, state, "d8 goal")
