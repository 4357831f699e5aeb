"""The kit's header helpers: the Chess Kit's seed, the turn limit and the orthodox board."""

from __future__ import annotations

import pytest

from motley.chesslike.orthodox import OrthodoxBoardRules
from motley.chesslike.spec import kit_seed, kit_spec, read_turn_limit, turn_limit_option
from motley.core import registry
from motley.core.errors import OptionError


def test_a_kit_game_cites_its_section_and_appendix_a_when_it_deals_cards() -> None:
    assert kit_seed("Zombie Chess") == "002, The Rules of Chess Kit: Zombie Chess"
    assert kit_seed("Chess Golf", cards=True) == (
        "002, The Rules of Chess Kit: Chess Golf (and Appendix A, chess cards)"
    )
    spec = kit_spec(id="x", title="Tar Pit Chess", summary="s")
    assert spec.seed == "002, The Rules of Chess Kit: Tar Pit Chess"
    assert spec.seat_names == ("White", "Black")


def test_the_turn_limit_says_what_it_counts() -> None:
    throws = turn_limit_option(300, "throws of the dice", unit="throws")
    assert (throws.name, throws.default, throws.label) == (
        "turn_limit",
        300,
        "Draw after this many throws",
    )
    assert throws.description.startswith("the game is drawn after this many throws of the dice")
    assert turn_limit_option(200, why="the text has no draw").description.endswith("no draw")


def test_a_negative_turn_limit_is_refused_in_the_games_unit() -> None:
    assert read_turn_limit({"turn_limit": 0}) == 0
    with pytest.raises(OptionError, match="a number of throws"):
        read_turn_limit({"turn_limit": -1}, "throws")
    with pytest.raises(OptionError, match="'turn_limit'"):
        registry.make("combat_chess", {"turn_limit": -5})


@pytest.mark.parametrize("game", ["adrenaline", "half_alice", "crowded_house", "masquerade"])
def test_an_orthodox_board_game_starts_on_the_eight_by_eight_board(game: str) -> None:
    rules = registry.make(game)
    assert isinstance(rules, OrthodoxBoardRules)
    assert rules.geometry.name(0) == "a1"
    assert rules.initial_state() is rules.initial_state()
