"""Zombie Chess, rule by rule: the seed's worked example and every rule of the section.

The seed's example game (its diagrams are lost; the moves are fixed by the text): Black takes
a pawn on d4 and buries it under the knight on c6; White's knight from f3 takes on d4 (no
black piece in the graveyard: "no zombies anywhere") and buries the pawn under b2; Black's
knight from c6 takes on d4, the white pawn comes back on c6 as a zombie, and Black buries the
knight under g7. 1. d4 Nc6 2. Nf3 e5 3. e3 exd4 reaches that position.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import pytest

from motley.chesslike.testing import (
    letter_on,
    play,
    record_of,
    same_but_for_the_owner,
    seat_records,
    texts,
)
from motley.core.errors import IllegalAction, MotleyError, NotationError, StateError
from motley.core.rules import SPECTATOR, NodeKind
from motley.core.seat_record import SeatRecord
from motley.games.zombie import ZombieChess
from motley.games.zombie.state import BURY, MOVE, PROMOTE, EndTurn, ZombieState

S = TypeVar("S")


def said(rules: ZombieChess, before: ZombieState, after: ZombieState) -> list[str]:
    """The announcements made between two states."""
    from motley.games.zombie.notation import announcement

    entries = after.ledger[len(before.ledger) :]
    return [w for w in (announcement(rules.t, e, rules.spec.seat_names) for e in entries) if w]


def grid(rules: ZombieChess, state: ZombieState, seat: int) -> dict[str, str]:
    return {rules.t.geometry.name(c): letter for c, letter in state.grids[seat]}


def piece(rules: ZombieChess, state: ZombieState, name: str) -> str:
    """The piece on a square as a FEN letter ('' if empty), '*' added for a zombie."""
    zombie = state.zombies >> rules.t.geometry.parse(name) & 1
    return letter_on(rules.t, state.board, name) + ("*" if zombie else "")


def setup(
    rules: ZombieChess, fen: str, grids: tuple[dict[str, str], dict[str, str]]
) -> ZombieState:
    """A state from a FEN with pieces already buried (no announcements yet)."""
    base = rules.state_to_json(rules.initial_state())
    board = rules.state_from_json({**base, "fen": fen, "history": ["start"]}).board
    start = rules.initial_state()._replace(board=board)
    data = {**rules.state_to_json(start), "grids": [grids[0], grids[1]]}
    data["history"] = [rules.turns.position_key(start)]
    return rules.state_from_json(data)


@pytest.fixture
def rules() -> ZombieChess:
    return ZombieChess()


# -- the seed's example ---------------------------------------------------------------------


def test_the_burial_at_c6_and_its_return(rules: ZombieChess) -> None:
    before = play(rules, "d2d4 b8c6 g1f3 e7e5 e2e3")
    state = play(rules, "e5d4", before)
    assert said(rules, before, state) == ["no zombies anywhere"]  # no white piece was buried yet
    assert state.phase == BURY and state.board.turn == 1
    assert "bury P@c6" in texts(rules, state)
    buried = play(rules, "bury P@c6", state)
    assert grid(rules, buried, 1) == {"c6": "P"}
    white_view = rules.view_to_json(rules.view(buried, 0))
    assert white_view["graveyards"] == ["P", ""] and white_view["own_grid"] == {}
    assert "c6" not in json.dumps(white_view["ledger"])

    # White's knight takes on d4: "no zombies anywhere", then the pawn goes under b2
    after_capture = play(rules, "f3d4", buried)
    assert said(rules, buried, after_capture) == ["no zombies anywhere"]
    after_white = play(rules, "bury P@b2", after_capture)
    assert grid(rules, after_white, 0) == {"b2": "P"}

    # Black's knight takes on d4: c6 is checked, the white pawn comes back there as a zombie
    after_black = play(rules, "c6d4", after_white)
    assert said(rules, after_white, after_black) == ["a zombie pawn comes back at c6"]
    assert piece(rules, after_black, "c6") == "P*"
    assert grid(rules, after_black, 1) == {}
    final = play(rules, "bury N@g7", after_black)
    assert grid(rules, final, 1) == {"g7": "N"}
    assert final.board.turn == 0 and final.phase == MOVE
    assert rules.view_to_json(rules.view(final, 0))["graveyards"] == ["N", "P"]


def example(rules: ZombieChess) -> ZombieState:
    return play(rules, "d2d4 b8c6 g1f3 e7e5 e2e3 e5d4 bury P@c6 f3d4 bury P@b2 c6d4 bury N@g7")


def test_the_zombie_that_does_not_move_is_destroyed(rules: ZombieChess) -> None:
    state = example(rules)
    # White recaptures on d4 with the e-pawn; the zombie on c6 has not moved, so the turn
    # goes on: the zombie may move (it may take on b7 or d7) or White may end the turn
    recaptured = play(rules, "e3d4", state)
    assert recaptured.board.turn == 0 and recaptured.phase == MOVE
    assert {"c6b7", "c6d7", "end"} <= texts(rules, recaptured)
    assert not {"f1e2", "d1d2"} & texts(rules, recaptured), "one normal move per turn"
    ended = play(rules, "end", recaptured)
    assert "the zombie pawn on c6 is destroyed" in said(rules, recaptured, ended)
    assert piece(rules, ended, "c6") == "" and ended.dust[0] == "P"
    assert ended.phase == BURY and ended.captured == "N"  # then the knight is buried


def test_the_zombie_that_moves_survives(rules: ZombieChess) -> None:
    recaptured = play(rules, "e3d4", example(rules))
    moved = play(rules, "c6b7", recaptured)  # the last piece that could move: turn ends
    assert piece(rules, moved, "b7") == "P*" and moved.dust == ("", "")
    assert moved.phase == BURY and moved.captured == "NP"
    # the zombie may come first and the normal move after it
    state = play(rules, "c6d7", example(rules))
    assert state.board.turn == 0 and "e3d4" in texts(rules, state)


def test_zombie_moves_first_then_the_normal_move(rules: ZombieChess) -> None:
    state = play(rules, "c6b7 e3d4", example(rules))
    assert piece(rules, state, "b7") == "P*" and piece(rules, state, "d4") == "P"
    assert state.phase == BURY


# -- announcements, burials and the grids -----------------------------------------------------


def test_no_zombie_at_the_square_checked(rules: ZombieChess) -> None:
    state = example(rules)  # Black has a knight buried under g7
    before = play(rules, "e3d4 end bury N@d1", state)
    after = play(rules, "a7a6", before)
    assert said(rules, before, after) == ["no zombie at a7"]
    assert after.board.turn == 0


def test_a_burial_stays_when_its_piece_is_captured(rules: ZombieChess) -> None:
    """A square can hide one burial on each grid; only the burier's own moves reveal it."""
    fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1"
    state = setup(rules, fen, ({}, {"d5": "R"}))  # Black buried a white rook under d5
    taken = play(rules, "d1d5", state)  # White takes the knight; Black's burial stays
    assert said(rules, state, taken) == ["no zombies anywhere"]
    buried = play(rules, "bury N@d5", taken)  # White buries the knight under the same square
    assert grid(rules, buried, 0) == {"d5": "N"} and grid(rules, buried, 1) == {"d5": "R"}
    # the white rook leaves: only White's grid is checked, so the black knight comes back
    moved = play(rules, "e8f7 d5a5", buried)
    assert "a zombie knight comes back at d5" in said(rules, buried, moved)
    assert grid(rules, moved, 1) == {"d5": "R"}
    # the zombie knight moves off d5: Black's own grid is checked and the rook comes back
    back = play(rules, "d5c3 end", moved)
    assert said(rules, moved, back) == ["a zombie rook comes back at d5"]
    assert piece(rules, back, "d5") == "R*" and piece(rules, back, "c3") == "n*"


def left_by_the_captor(rules: ZombieChess) -> tuple[ZombieState, ZombieState]:
    """Black hides a white rook under its knight on d5; White's rook takes the knight, buries
    it under e1, and later leaves d5 (with nothing of White's buried there)."""
    state = setup(rules, "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", ({}, {"d5": "R"}))
    before = play(rules, "d1d5 bury N@e1 e8f7", state)
    return before, play(rules, "d5a5", before)


def test_only_the_burier_uncovers_a_burial_by_default(rules: ZombieChess) -> None:
    before, after = left_by_the_captor(rules)
    assert said(rules, before, after) == ["no zombie at d5"]
    assert piece(rules, after, "d5") == "" and grid(rules, after, 1) == {"d5": "R"}


def test_any_piece_leaving_uncovers_a_burial_as_an_option() -> None:
    """uncovered_by=anyone: "When they move off the space, first ask them if they revealed one
    of your buried pieces. If so, it comes back, and you don't yet have to reveal the piece
    you have buried there" (otherwise you do)."""
    rules = ZombieChess({"uncovered_by": "anyone"})
    before, after = left_by_the_captor(rules)
    assert said(rules, before, after) == ["no zombie at d5", "a zombie rook comes back at d5"]
    assert piece(rules, after, "d5") == "R*" and grid(rules, after, 1) == {}
    assert after.board.turn == 1 and after.dust == ("", "")  # it survives the turn it came in
    # it is White's zombie: it must move on White's next turn or crumble
    later = play(rules, "f7e6", after)
    assert "d5d1" in texts(rules, play(rules, "a5a6", later))
    ended = play(rules, "a5a6 end", later)
    assert "the zombie rook on d5 is destroyed" in said(rules, later, ended)


def test_the_movers_own_burial_is_asked_first() -> None:
    """A square hiding a burial on each grid: when the captor leaves, its own burial comes
    back and the other one stays ("you don't yet have to reveal"), under either reading."""
    for reading in ("burier", "anyone"):
        rules = ZombieChess({"uncovered_by": reading})
        state = setup(rules, "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", ({}, {"d5": "R"}))
        before = play(rules, "d1d5 bury N@d5 e8f7", state)
        after = play(rules, "d5a5", before)
        assert said(rules, before, after) == ["a zombie knight comes back at d5"], reading
        assert piece(rules, after, "d5") == "n*" and grid(rules, after, 1) == {"d5": "R"}


def test_i_cannot_bury_this_piece(rules: ZombieChess) -> None:
    # White's king hides a burial, and the rook takes on a square where White buried too
    fen = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1"
    state = setup(rules, fen, ({"e1": "P", "d5": "N"}, {}))
    after = play(rules, "d1d5", state)
    assert said(rules, state, after) == [
        "no zombie at d1",
        "White: I cannot bury this piece (queen to the dust bin)",
    ]
    assert after.dust == ("", "Q") and after.board.turn == 1


def test_a_captured_zombie_is_buried_again_or_dusted() -> None:
    for rebury, dust in ((True, ""), (False, "P")):
        rules = ZombieChess({"rebury_zombies": rebury})
        state = play(rules, "c6b7 d1d2 bury P@a1", example(rules))  # the zombie lives on b7
        state = play(rules, "c8b7", state)  # and the bishop takes it
        assert state.dust[0] == dust
        assert (state.phase == BURY) is rebury


def test_a_move_may_not_bring_back_a_zombie_checking_its_own_king(rules: ZombieChess) -> None:
    # White buried a black rook under the knight on e2, between the two kings
    state = setup(rules, "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1", ({"e2": "R"}, {}))
    moves = texts(rules, state)
    assert not {m for m in moves if m.startswith("e2")}
    assert {"e1d1", "e1f1", "e1d2", "e1f2"} <= moves
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "e2c3")
    assert "zombie" in str(info.value) and "\n" not in str(info.value)
    # Black cannot know that: the same knight move is refused nowhere in Black's view
    assert "e2" not in json.dumps(rules.view_to_json(rules.view(state, 1))["ledger"])


def test_castling_checks_both_start_squares(rules: ZombieChess) -> None:
    fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
    state = setup(rules, fen, ({"h1": "B"}, {}))
    after = play(rules, "e1g1", state)
    assert said(rules, state, after) == ["no zombie at e1", "a zombie bishop comes back at h1"]
    king_only = ZombieChess({"castling_checks": "king"})
    state = setup(king_only, fen, ({"h1": "B"}, {}))
    after = play(king_only, "e1g1", state)
    assert said(king_only, state, after) == ["no zombie at e1"]
    assert grid(king_only, after, 0) == {"h1": "B"}


def test_castling_is_completed_before_zombies_come_back(rules: ZombieChess) -> None:
    """A black rook buried under e1 comes back after both king and rook have moved, so the
    rook on f1 already shields the king on g1; one buried under h1 would check g1."""
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    state = setup(rules, fen, ({"e1": "R"}, {}))
    after = play(rules, "e1g1", state)
    assert piece(rules, after, "e1") == "r*" and piece(rules, after, "f1") == "R"
    assert after.board.turn == 1
    state = setup(rules, fen, ({"h1": "R"}, {}))
    assert "e1g1" not in texts(rules, state) and "e1f1" in texts(rules, state)


def test_a_returning_pawn_on_its_last_rank_is_promoted(rules: ZombieChess) -> None:
    state = setup(rules, "4k3/8/8/8/8/8/7K/3Q4 w - - 0 1", ({"d1": "P"}, {}))
    after = play(rules, "d1d4", state)
    assert piece(rules, after, "d1") == "p*"
    assert after.phase == PROMOTE and after.board.turn == 1
    assert texts(rules, after) == {"d1=Q", "d1=R", "d1=B", "d1=N"}
    promoted = play(rules, "d1=N", after)
    assert piece(rules, promoted, "d1") == "n*" and promoted.phase == MOVE
    assert "d1e3" in texts(rules, promoted)  # and it moves on that turn, or crumbles


def test_a_returning_pawn_may_not_be_promoted_into_a_check(rules: ZombieChess) -> None:
    """The pawn is promoted as soon as it is back, so the queen on d1 may not leave: a queen
    or a knight on d1 would check the king beside it."""
    state = setup(rules, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", ({"d1": "P"}, {}))
    assert not {m for m in texts(rules, state) if m.startswith("d1")}
    assert "e1f2" in texts(rules, state)


def test_a_horde_moves_each_zombie_once(rules: ZombieChess) -> None:
    fen = "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1"
    buried = ({"a1": "N", "b1": "B"}, {})  # White buried a black knight and bishop
    state = play(rules, "b1c3", setup(rules, fen, buried))  # a bishop comes back on b1
    assert piece(rules, state, "b1") == "b*"
    state = play(rules, "b1d3 e8d8", state)  # the zombie first, then the normal move
    state = play(rules, "a1a2", state)  # a knight comes back on a1: now a horde of two
    assert piece(rules, state, "a1") == "n*" and piece(rules, state, "d3") == "b*"
    horde = play(rules, "d3e4 a1b3", state)
    assert horde.board.turn == 1 and horde.phase == MOVE, "the normal move is still to come"
    assert "a1b3" not in texts(rules, horde) and "end" in texts(rules, horde)
    done = play(rules, "d8e7", horde)
    assert done.board.turn == 0
    assert piece(rules, done, "e4") == "b*" and piece(rules, done, "b3") == "n*"
    # with horde=instead, a turn of zombie moves leaves no normal move
    instead = ZombieChess({"horde": "instead"})
    state = play(instead, "b1c3 b1d3", setup(instead, fen, buried))
    assert state.board.turn == 0, "the zombie's move was Black's whole turn"
    state = play(instead, "a1a2 d3e4", state)
    assert "e8d8" not in texts(instead, state) and "a1b3" in texts(instead, state)


def test_checkmate_ends_the_game(rules: ZombieChess) -> None:
    state = play(rules, "f2f3 e7e5 g2g4 d8h4")
    assert rules.kind(state) is NodeKind.TERMINAL
    assert rules.returns(state) == (-1.0, 1.0)
    assert rules.outcome(state) is not None and rules.outcome(state).reason == "checkmate"


def test_the_same_position_three_times_is_a_draw(rules: ZombieChess) -> None:
    shuffle = "g1f3 g8f6 f3g1 f6g8 "
    state = play(rules, shuffle * 2)
    assert rules.kind(state) is NodeKind.TERMINAL and rules.returns(state) == (0.0, 0.0)
    assert rules.kind(play(rules, shuffle + "g1f3 g8f6 f3g1")) is NodeKind.DECISION


# -- text, JSON and errors ----------------------------------------------------------------------


def test_every_action_text_round_trips(rules: ZombieChess) -> None:
    state = example(rules)
    for stage in (state, play(rules, "e3d4", state), play(rules, "e3d4 end", state)):
        for action in rules.legal_actions(stage):
            assert rules.parse_action(stage, rules.action_text(stage, action)) == action


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", NotationError),
        ("bury", NotationError),
        ("zz9", NotationError),
        ("e2e4 e7e5", NotationError),
        ("bury P@c6", IllegalAction),
        ("c6b7", IllegalAction),
        ("end", IllegalAction),
        ("d1=Q", IllegalAction),
        ("a1a8", IllegalAction),
    ],
)
def test_bad_input_gets_one_clear_line(rules: ZombieChess, text: str, error: type) -> None:
    state = example(rules)
    with pytest.raises(error) as info:
        rules.parse_action(state, text, 1 if text == "c6b7" else None)
    message = str(info.value)
    assert "\n" not in message and message.strip()
    assert "g7" not in message, "an error never names a secret square"


def test_errors_in_the_middle_of_a_turn(rules: ZombieChess) -> None:
    state = play(rules, "e3d4", example(rules))
    with pytest.raises(IllegalAction, match="only zombies"):
        rules.parse_action(state, "f1e2")
    with pytest.raises(IllegalAction, match="it is White's turn"):
        rules.parse_action(state, "c6b7", 1)
    bury = play(rules, "end", state)
    with pytest.raises(IllegalAction, match="first comes a burial"):
        rules.parse_action(bury, "e2e4")
    with pytest.raises(IllegalAction, match="already have a piece buried at b2"):
        rules.parse_action(bury, "bury N@b2")


def test_state_json_round_trips_and_validates(rules: ZombieChess) -> None:
    state = play(rules, "e3d4", example(rules))
    data = json.loads(json.dumps(rules.state_to_json(state)))
    assert rules.state_from_json(data) == state
    broken: list[dict[str, Any]] = [
        {**data, "grids": [{"b2": "K"}, {}]},
        {**data, "grids": [{"z9": "P"}, {}]},
        {**data, "phase": "dance"},
        {**data, "zombies": ["e4"]},
        {**data, "ledger": ["check 0 c6"]},
        {**data, "ep": "e6"},
        {**data, "fen": "8/8/8/8/8/8/8/8 w - - 0 1"},
        {**data, "normal_used": "yes"},
        {k: v for k, v in data.items() if k != "dust"},
    ]
    for bad in broken:
        with pytest.raises(StateError) as info:
            rules.state_from_json(bad)
        assert "\n" not in str(info.value)


def test_views_hide_the_other_grid(rules: ZombieChess) -> None:
    state = example(rules)
    white, black, public = (rules.view_to_json(rules.view(state, s)) for s in (0, 1, SPECTATOR))
    assert white["own_grid"] == {"b2": "P"} and black["own_grid"] == {"g7": "N"}
    assert public["own_grid"] is None
    for view in (white, black, public):
        assert view["graveyards"] == ["N", "P"]
    assert "g7" not in json.dumps(white) and "b2" not in json.dumps(black)
    assert "b2" not in rules.render(state, 1) and "g7" in rules.render(state, 1)


def test_the_normal_move_may_not_come_twice(rules: ZombieChess) -> None:
    state = play(rules, "e3d4", example(rules))
    assert isinstance(rules.legal_actions(state)[-1], EndTurn)
    with pytest.raises(MotleyError):
        rules.apply(state, rules.legal_actions(example(rules))[0])


# -- records for one seat -----------------------------------------------------------------------


def test_a_seat_record_keeps_the_other_grid_secret(rules: ZombieChess) -> None:
    """Two games that differ only in where White buried a pawn: Black's record (and the
    public one) are byte-identical, White's are not."""
    opening = "d2d4 b8c6 g1f3 e7e5 e2e3 e5d4 bury P@c6 f3d4"
    games = [record_of(rules, f"{opening} bury P@{square} a7a6 d4f5") for square in ("b2", "h2")]
    exported = seat_records(games)
    same_but_for_the_owner(exported, 0)
    black = SeatRecord.from_json(json.loads(exported[0][1]))
    assert [t for e in black.events for _, t in e.texts][8] == "bury P"
    assert "b2" not in exported[0][1] and "c6" in exported[0][1]
    final = play(rules, f"{opening} bury P@b2 a7a6 d4f5")
    assert black.views()[-1] == json.loads(json.dumps(rules.view_to_json(rules.view(final, 1))))


def test_king_safety_is_judged_at_the_end_of_the_whole_turn(rules: ZombieChess) -> None:
    """A black rook lies under the knight on e2: the knight may still leave, since the zombie
    bishop on d3 then steps onto e2 and the rook stays buried ("If moving a piece would put
    your king in check by revealing a zombie": the zombies are revealed at the end of the
    turn)."""
    fen = "4k3/8/8/8/8/3B4/4N3/4K3 w - - 0 1"
    state = setup(rules, fen, ({"e2": "R"}, {}))
    state = rules.state_from_json({**rules.state_to_json(state), "zombies": ["d3"]})
    half = play(rules, "e2c3", state)
    assert half.board.turn == 0 and texts(rules, half) == {"d3e2"}, "only the cover is left"
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(half, "end")
    assert "king" in str(info.value) and "\n" not in str(info.value)
    done = play(rules, "d3e2", half)
    assert piece(rules, done, "e2") == "B*" and grid(rules, done, 0) == {"e2": "R"}
    assert done.board.turn == 1
    # the zombie may not step elsewhere after the knight left, and leaving first is refused
    # where no zombie could cover e2
    lone = setup(rules, "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1", ({"e2": "R"}, {}))
    assert "e2c3" not in texts(rules, lone)
