"""The header of a game between White and Black, as every two-sided chess-like game has it,
and the house rules several such games declare in the same words."""

from __future__ import annotations

from collections.abc import Mapping

from motley.core.errors import OptionError
from motley.core.spec import GameSpec, OptionSpec, OptionValue, Trait

SIDES = ("White", "Black")

KIT = "002, The Rules of Chess Kit"
CARDS = "(and Appendix A, chess cards)"  # the kit's games that deal chess cards cite it too


def kit_seed(section: str, cards: bool = False) -> str:
    """The seed of a game from the Chess Kit: its section, and Appendix A when it uses cards."""
    return f"{KIT}: {section} {CARDS}" if cards else f"{KIT}: {section}"


def chess_spec(
    *,
    id: str,
    title: str,
    summary: str,
    seed: str,
    options: tuple[OptionSpec, ...] = (),
    traits: frozenset[Trait] = frozenset(),
    provisional: str = "",
) -> GameSpec:
    """The spec of a two-player game whose seats are White (0) and Black (1)."""
    return GameSpec(
        id=id,
        title=title,
        players=2,
        seat_names=SIDES,
        summary=summary,
        seed=seed,
        traits=traits,
        options=options,
        provisional=provisional,
    )


def kit_spec(
    *,
    id: str,
    title: str,
    summary: str,
    options: tuple[OptionSpec, ...] = (),
    traits: frozenset[Trait] = frozenset(),
    cards: bool = False,
) -> GameSpec:
    """The spec of a two-player game of the Chess Kit, whose section bears the game's title."""
    return chess_spec(
        id=id,
        title=title,
        summary=summary,
        seed=kit_seed(title, cards),
        options=options,
        traits=traits,
    )


def position_option(
    description: str = "a FEN to start from instead of the usual position",
    label: str = "Start from a position (FEN)",
) -> OptionSpec:
    """The `position` option: a setup to start from ('' for the game's own start)."""
    return OptionSpec("position", "", description, label=label)


def turn_limit_option(
    default: int,
    counted: str = "turns",
    why: str = "the text has no draw, this only guarantees an end",
    unit: str = "",
) -> OptionSpec:
    """The `turn_limit` option: a draw after `default` `counted` in all (0: never), a guard
    the rulebook lacks (`why`); `unit` names what is counted in the label (else `counted`)."""
    return OptionSpec(
        "turn_limit",
        default,
        f"the game is drawn after this many {counted} in all (0: never); {why}",
        label=f"Draw after this many {unit or counted}",
    )


def read_turn_limit(options: Mapping[str, OptionValue], unit: str = "turns") -> int:
    """The value of `turn_limit_option`, refused when negative."""
    limit = int(options["turn_limit"])
    if limit < 0:
        raise OptionError(f"option 'turn_limit' is 0 (no limit) or a number of {unit}")
    return limit
