"""Half Alice Chess as the table shows it: checkers under pieces, the game's check, SAN."""

from __future__ import annotations

from motley.core import present
from motley.core.present import Mark, MarkStyle
from motley.core.present_testing import notated
from motley.games.half_alice import HalfAliceChess
from motley.games.half_alice.state import HalfAliceState
from motley.games.half_alice.test_scenarios import SEED_EXAMPLE, game, play
from motley.geometry.square import square_board

G = square_board(8, 8)


def on_checkers(rules: HalfAliceChess, state: HalfAliceState, seat: int = 0) -> list[str]:
    scene = rules.scene(state, seat)
    return [G.name(p.cell) for p in scene.pieces if p.marks == (Mark("checker"),)]


def gesture(rules: HalfAliceChess, state: HalfAliceState, text: str) -> present.Gesture:
    return rules.gesture(state, rules.parse_action(state, text))


def test_the_legend_reads_a_checker_as_the_far_side_of_the_mirror() -> None:
    (kind,) = HalfAliceChess().layout().legend
    assert kind.style is MarkStyle.STACK and kind.key == "checker"
    assert "through the mirror" in kind.meaning and "also on checkers" in kind.meaning


def test_a_moved_piece_is_drawn_on_a_checker_and_one_fewer_is_free() -> None:
    rules, state = game()
    scene = rules.scene(state, 0)
    assert on_checkers(rules, state) == [] and len(scene.pieces) == 32
    free = (("White", "12"), ("Black", "12"))
    assert scene.items == (present.Score("free", "Free checkers", free),)
    assert "steps through the mirror" in scene.prompt and scene.status == "White to move"
    assert rules.scene(state, 1).prompt == ""
    state = play(rules, "e2e4", state)
    assert on_checkers(rules, state) == ["e4"]
    score = rules.scene(state, 1).items[0]
    assert isinstance(score, present.Score) and score.values == (("White", "11"), ("Black", "12"))
    state = play(rules, "d7d5 e4d5", state)  # the pawn takes on its side and steps back off
    assert on_checkers(rules, state) == []


def test_check_is_the_games_own() -> None:
    rules, state = game(SEED_EXAMPLE)
    scene = rules.scene(state, 1)
    assert scene.check == (G.parse("b8"),) and "in check" in scene.prompt
    assert on_checkers(rules, state, 1) == ["b1"]
    rules, state = game("k3r*3/8/8/8/8/8/8/4K3 w - - 0 1")  # the rook is through the mirror
    assert rules.scene(state, 0).check == ()


def test_moves_read_in_san_with_the_games_check_and_mate() -> None:
    rules, state = game()
    assert [notated(rules, state, t) for t in ("e2e4", "g1f3")] == ["e4", "Nf3"]
    # the rook steps off its checker onto the king's side of the mirror
    rules, state = game("4k3/8/8/8/8/8/8/R*3K3 w - - 0 1")
    assert notated(rules, state, "a1a8") == "Ra8+"
    rules, state = game("7k/8/6K1/8/8/8/8/R*7 w - - 0 1")
    assert notated(rules, state, "a1a8") == "Ra8#"
    # a rook that crosses onto a checker gives no check to a king on the plain side
    rules, state = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert notated(rules, state, "a1a8") == "Ra8"


def test_en_passant_castling_and_promotion_through_the_kit() -> None:
    rules, state = game("4k3/8/8/3p*P3/8/8/8/4K3 w - d6 0 1", en_passant="any")
    assert gesture(rules, state, "e5d6") == present.Move(G.parse("e5"), G.parse("d6"))
    assert notated(rules, state, "e5d6") == "exd6"
    rules, state = game("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert gesture(rules, state, "e1g1") == present.Move(G.parse("e1"), G.parse("g1"))
    assert notated(rules, state, "e1g1") == "O-O"
    rules, state = game("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    queen = gesture(rules, state, "a7a8q")
    assert isinstance(queen, present.Move) and queen.choice == present.Choice("queen", "Q", 0)
    assert notated(rules, state, "a7a8n") == "a8=N"


def test_with_no_free_checker_the_prompt_says_which_pieces_may_move() -> None:
    rules, state = game("4k3/8/8/8/P*P*P*P*P*P*P*P*/8/8/R*N*B*Q*K3 w - - 0 1")
    assert "no checker of yours is free" in rules.scene(state, 0).prompt


def test_the_end_is_told_to_both() -> None:
    rules, state = game("7k/8/6K1/8/8/8/8/R*7 w - - 0 1")
    state = play(rules, "a1a8", state)
    for seat in (0, 1):
        scene = rules.scene(state, seat)
        assert scene.prompt == "" and scene.status == "White wins by checkmate"
