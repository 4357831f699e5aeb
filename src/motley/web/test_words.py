"""The lobby in words: labels, descriptions, seat counts and levels without identifiers."""

from __future__ import annotations

from motley.core import registry
from motley.core.spec import OptionSpec
from motley.web import catalog, words


def test_an_option_without_a_label_gets_one_from_its_name() -> None:
    assert OptionSpec("rebury_zombies", True, "x").label == "Rebury zombies"
    assert OptionSpec("rebury_zombies", True, "x", label="Zombies may be reburied").label == (
        "Zombies may be reburied"
    )


def test_descriptions_lose_their_identifiers() -> None:
    option = OptionSpec(
        "promoted_pawn",
        "exchange",
        "a zombie is buried again (true) or not (false); 'queue_end' goes last; see setup_rule",
    )
    assert words.description(option) == (
        "A zombie is buried again or not; \u201cqueue end\u201d goes last; see setup rule"
    )
    assert words.value("queue_end") == "queue end" and words.value(True) == "on"


def test_every_game_in_the_catalog_reads_as_words() -> None:
    for game in catalog.catalog():
        shown = [game["players_text"]] + [level["name"] for level in game["levels"]]
        for option in game["options"]:
            shown += [option["label"], option["description"], *option["choice_labels"]]
        for text in shown:
            assert "_" not in text and "(true)" not in text, (game["id"], text)
        assert game["default_level"] == 3
        assert game["levels"][2]["name"] == "level 3 (casual)"


def test_seat_counts_in_words() -> None:
    said = {spec.id: words.players(spec) for spec in registry.specs()}
    assert said["chess"] == "two players"
    assert said["telepathic"] == "four players in two teams"
    assert said["chess_golf"] == "one player"
    assert said["cooperative"] == "two partners against the game"
