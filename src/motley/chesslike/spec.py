"""The header of a game between White and Black, as every two-sided chess-like game has it."""

from __future__ import annotations

from motley.core.spec import GameSpec, OptionSpec, Trait

SIDES = ("White", "Black")


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


def position_option(
    description: str = "a FEN to start from instead of the usual position",
    label: str = "Start from a position (FEN)",
) -> OptionSpec:
    """The `position` option: a setup to start from ('' for the game's own start)."""
    return OptionSpec("position", "", description, label=label)
