"""Atomic chess scenarios: the blast, the capture it forbids, touching kings, the win, the
readings chosen, stored games, and the conformance checks every game passes."""

from __future__ import annotations

import random
import re

import pytest

from motley.chesslike.position import Position
from motley.core import registry
from motley.core.driver import played
from motley.core.errors import IllegalAction, OptionError, StateError
from motley.core.rules import NodeKind
from motley.core.testing import check_json_round_trip, check_playout, check_views
from motley.examples.atomic import Atomic, diagrams, register
from motley.examples.atomic.state import read_position


def occupied(rules: Atomic, pos: Position, *names: str) -> list[bool]:
    return [bool(pos.occupied >> rules.geometry.parse(n) & 1) for n in names]


def texts(rules: Atomic, pos: Position) -> set[str]:
    return {rules.action_text(pos, m) for m in rules.moves(pos)}


def test_a_capture_blows_up_the_pieces_around_it_but_not_the_pawns() -> None:
    rules, before = played(Atomic, *diagrams.BLAST)
    after = rules.apply(before, rules.parse_action(before, "Nxe5"))
    # the pawn taken, the knight that took it and the knight on f6 are gone
    assert occupied(rules, after, "e5", "f3", "f6") == [False, False, False]
    # pawns beside the blast stay, and so does everything further away
    assert occupied(rules, after, "d4", "d5", "e4", "c6", "c3") == [True] * 5
    assert rules.kind(after) is NodeKind.DECISION


def test_the_blast_spares_no_colour() -> None:
    rules, before = played(Atomic, "4k3/8/8/3Nr3/3B4/8/8/K7 w - - 0 1")
    after = rules.apply(before, rules.parse_action(before, "Nf6+"))
    assert rules.fen(after).startswith("4k3/8/5N2/4r3/3B4/8/8/K7 b")  # no capture, no blast
    after = rules.apply(before, rules.parse_action(before, "Bxe5"))
    assert occupied(rules, after, "d5", "e5", "d4") == [False, False, False]


def test_a_capture_next_to_the_own_king_is_illegal() -> None:
    rules, pos = played(Atomic, diagrams.OWN_KING)
    assert not {"d1d2", "e1d2"} & texts(rules, pos)
    with pytest.raises(IllegalAction, match="kill your own king"):
        rules.parse_action(pos, "Qxd2")
    with pytest.raises(IllegalAction, match="king may not capture"):
        rules.parse_action(pos, "Kxd2")


def test_blowing_up_the_enemy_king_wins_at_once() -> None:
    rules, pos = played(Atomic, *diagrams.WIN)
    move = rules.parse_action(pos, "Nxd7")
    assert rules.notate(pos, move, 0) == "Nxd7#"
    after = rules.apply(pos, move)
    assert occupied(rules, after, "c8", "d8", "e8", "d7") == [False] * 4
    assert rules.kind(after) is NodeKind.TERMINAL
    result = rules.outcome(after)
    assert result is not None and result.winner == 0 and "exploded" in result.reason
    assert rules.returns(after) == (1.0, -1.0)


def test_the_win_comes_before_check() -> None:
    # White's king stands in check from the rook on a1, yet the queen's blast on e7 takes
    # Black's king first, so the capture is legal; a quiet queen move that leaves the check
    # is not
    rules, pos = played(Atomic, "4k3/4p3/8/8/4Q3/8/8/r5K1 w - - 0 1")
    assert "e4e7" in texts(rules, pos)
    assert "e4e5" not in texts(rules, pos)


def test_touching_kings_are_not_in_check() -> None:
    rules, pos = played(Atomic, diagrams.TOUCHING)
    assert rules.check_cells(pos) == ()
    # the king may step along the rook's line as long as it keeps touching Black's king
    assert {"d3e3", "d3c3"} <= texts(rules, pos)
    # but not along it away from Black's king
    rules, pos = played(Atomic, "8/8/8/8/2k5/3K3r/8/8 w - - 0 1")
    assert "d3e3" not in texts(rules, pos) and "d3c3" in texts(rules, pos)


def test_a_king_leaving_its_neighbour_is_in_check_again() -> None:
    rules, pos = played(Atomic, "8/8/8/8/3k4/2K4r/8/8 b - - 0 1")
    # Black's king steps away from White's: the rook on h3 now checks White's king on c3
    after = rules.apply(pos, rules.parse_action(pos, "Kd5"))
    assert rules.check_cells(after) == (rules.geometry.parse("c3"),)
    assert rules.notate(pos, rules.parse_action(pos, "Kd5"), 1) == "Kd5+"


def test_no_mate_while_the_kings_touch() -> None:
    # White's king has no move (a2 and b1 are Black's, and a king never captures) but it is
    # not in check while it touches Black's king: a stalemate, not a mate
    rules, pos = played(Atomic, "8/8/8/8/8/8/nk6/Kn6 w - - 0 1")
    assert rules.moves(pos) == []
    result = rules.outcome(pos)
    assert result is not None and result.winner is None and result.reason == "stalemate"


def test_castling_next_to_the_enemy_king() -> None:
    # the squares the king crosses touch White's king, so the rook on h8 does not stop it
    rules, pos = played(Atomic, "r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1")
    assert "O-O-O" in {rules.notate(pos, m, 1) for m in rules.moves(pos)}


def test_en_passant_explodes_where_the_pawn_lands_or_as_the_option_says() -> None:
    # after e7-e5, the knight on f7 touches e6, where the pawn lands; the one on f4 touches e5
    start = ("4k3/4pn2/8/3P4/5n2/8/8/K7 b - - 0 1", "e5", "dxe6")
    rules, after = played(Atomic, *start)
    assert occupied(rules, after, "f7", "f4", "e5", "e6") == [False, True, False, False]
    rules, after = played(Atomic, *start, en_passant_blast="taken")
    assert occupied(rules, after, "f7", "f4", "e5", "e6") == [True, False, False, False]


@pytest.mark.parametrize(
    ("fen", "dead"),
    [
        ("8/3k4/8/8/2N5/8/3K4/8 b - - 0 1", True),  # a lone knight against a bare king
        ("8/8/8/8/3k4/8/8/3K4 w - - 0 1", True),
        ("4b3/5k2/8/8/8/8/3KB3/8 w - - 0 1", False),  # bishops of one colour can meet
    ],
)
def test_dead_material(fen: str, dead: bool) -> None:
    rules, pos = played(Atomic, fen)
    result = rules.outcome(pos)
    assert (result is not None and result.reason == "insufficient material") is dead
    assert rules.kind(pos) is (NodeKind.TERMINAL if dead else NodeKind.DECISION)


def test_a_stored_game_that_ended_in_a_blast_loads() -> None:
    rules, pos = played(Atomic, *diagrams.WIN, "Nxd7")
    data = rules.state_to_json(pos)
    again = rules.state_from_json(data)
    assert rules.state_to_json(again) == data and rules.kind(again) is NodeKind.TERMINAL
    check_json_round_trip(rules, pos)


def test_bad_positions_get_one_line() -> None:
    with pytest.raises(OptionError, match="exactly one Black king"):
        Atomic({"position": "8/8/8/8/8/8/8/4K3 w - - 0 1"})
    with pytest.raises(OptionError, match="side not to move is in check"):
        Atomic({"position": "4k3/8/8/8/8/8/8/4RK2 w - - 0 1"})
    rules = Atomic()
    with pytest.raises(StateError, match="bad position in state"):
        rules.state_from_json({"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "history": []})
    # a king lost to a blast is possible only for the side to move, once the game is over
    with pytest.raises(StateError):
        rules.state_from_json({"fen": "4k3/8/8/8/8/8/8/8 b - - 0 1", "history": []})
    assert read_position(rules.tables, rules.ring, "8/8/8/8/8/8/8/4K3 b - - 0 1", ended=True)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_conformance_of_random_games(seed: int) -> None:
    rules = Atomic()
    played_game = check_playout(rules, seed, max_events=400, deep_every=7)
    check_views(rules, played_game.state, random.Random(seed))


def test_examples_are_not_registered_until_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "atomic" not in registry.game_ids()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    register()
    assert isinstance(registry.make("atomic"), Atomic)


def test_the_rules_page_places_every_diagram_and_each_draws() -> None:
    rules = Atomic()
    placed = re.findall(r"^::: diagram (\S+)$", rules.rules_page(), re.MULTILINE)
    assert sorted(placed) == sorted(d.name for d in rules.diagrams())
    for diagram in rules.diagrams():
        again = rules.state_from_json(rules.state_to_json(diagram.state))
        assert rules.state_to_json(again) == rules.state_to_json(diagram.state)
        assert rules.scene(diagram.state, diagram.seat).pieces
