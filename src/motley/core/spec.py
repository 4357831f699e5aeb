"""The declarative game header: what tools read instead of guessing."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from motley.core.errors import OptionError


class Trait(enum.Enum):
    """What kinds of node and information a game uses."""

    CHANCE = "chance"
    HIDDEN = "hidden"
    SIMULTANEOUS = "simultaneous"
    COOPERATIVE = "cooperative"
    TEAMS = "teams"
    PUZZLE = "puzzle"


class Utility(enum.Enum):
    """How `returns` relate across seats."""

    ZERO_SUM = "zero-sum"  # two sides, win 1 / loss -1 / draw 0
    TEAMS = "teams"  # zero-sum between teams, team-mates equal
    COOPERATIVE = "cooperative"  # every seat gets the same score
    SCORE = "score"  # a one-player puzzle: higher is better


OptionValue = bool | int | str


@dataclass(frozen=True)
class OptionSpec:
    """One house rule: a name, a default, the values it accepts and why it exists.

    `label` is what a player reads ("Zombies may be reburied"); without one it is made from
    the name, so a lobby never has to show the identifier.
    """

    name: str
    default: OptionValue
    description: str
    choices: tuple[OptionValue, ...] = ()
    label: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.name.replace("_", " ").capitalize())

    def parse(self, text: str) -> OptionValue:
        """Read a value given as text (`--option K=V`)."""
        value: OptionValue
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            if lowered not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                raise OptionError(f"option {self.name!r} takes true or false, not {text!r}")
            value = lowered in ("true", "1", "yes", "on")
        elif isinstance(self.default, int):
            try:
                value = int(text)
            except ValueError:
                raise OptionError(
                    f"option {self.name!r} takes a whole number, not {text!r}"
                ) from None
        else:
            value = text
        return self.check(value)

    def check(self, value: Any) -> OptionValue:
        """Validate a value of the right type (from JSON or code)."""
        if type(value) is not type(self.default):
            kind = type(self.default).__name__
            raise OptionError(f"option {self.name!r} takes a {kind}, not {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}; got {value!r}")
        return value


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    """A game's header: identity, players, traits and house rules."""

    id: str
    title: str
    players: int
    summary: str
    seed: str
    version: int = 1  # of the rules; raised when a change would alter games already stored
    traits: frozenset[Trait] = frozenset()
    utility: Utility = Utility.ZERO_SUM
    teams: tuple[tuple[int, ...], ...] = ()
    seat_names: tuple[str, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    provisional: str = ""  # non-empty when part of the rules had to be reconstructed

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"game {self.id!r} has no option {name!r} (options: {known})")

    def resolve_options(self, given: Mapping[str, Any] | None = None) -> Mapping[str, OptionValue]:
        """Defaults overlaid with `given`, every value checked; read-only."""
        values: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for name, value in (given or {}).items():
            values[name] = self.option(name).check(value)
        return MappingProxyType(values)

    def seat_name(self, seat: int) -> str:
        return self.seat_names[seat] if seat < len(self.seat_names) else f"seat {seat}"

    def team_of(self, seat: int) -> int:
        for index, team in enumerate(self.teams):
            if seat in team:
                return index
        return seat
