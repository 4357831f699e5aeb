"""A tournament as data: which games are to be played, by whom, in which seats, with what seed.

A plan expands into tasks deterministically, so a restarted run produces the same tasks with
the same keys and seeds and can skip those already finished. Seats rotate from game to game:
in game `i`, seat `s` goes to player `(s + i) mod k`, which alternates two players in a
two-seat game and keeps team-mates together in a four-seat team game.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from motley.agents import make_agent
from motley.core import registry
from motley.core.errors import MotleyError, OptionError
from motley.core.spec import GameSpec, OptionValue, Utility
from motley.workbench.tasks import GameTask

MATCH, LADDER = "match", "ladder"
DEFAULT_MAX_EVENTS = 3000


@dataclass(frozen=True)
class Plan:
    kind: str  # MATCH or LADDER
    game: str
    players: tuple[str, ...]  # agent names
    grid: tuple[tuple[str, tuple[OptionValue, ...]], ...]  # option name and its values
    games: int  # per cell (match) or per pairing and cell (ladder)
    seed: str
    max_events: int = DEFAULT_MAX_EVENTS

    def identity(self) -> dict[str, Any]:
        """What must agree for a stored run to be resumed (the game count may grow)."""
        spec = registry.rules_class(self.game).spec
        return {
            "kind": self.kind,
            "game": self.game,
            "version": spec.version,
            "players": list(self.players),
            "grid": [[name, list(values)] for name, values in self.grid],
            "seed": self.seed,
            "max_events": self.max_events,
        }

    def fingerprint(self) -> str:
        text = json.dumps(self.identity(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:10]

    def cells(self) -> list[tuple[str, tuple[tuple[str, OptionValue], ...]]]:
        """(label, options) for every combination of the swept option values."""
        names = [name for name, _ in self.grid]
        cells = []
        for values in itertools.product(*(v for _, v in self.grid)):
            options = tuple(zip(names, values, strict=True))
            swept = [
                (n, v) for (n, vs), (_, v) in zip(self.grid, options, strict=True) if len(vs) > 1
            ]
            label = ",".join(f"{n}={_text(v)}" for n, v in swept)
            cells.append((label, options))
        return cells

    def pairings(self) -> list[tuple[str, tuple[int, ...]]]:
        """(label, players) for each group that meets: everyone (match) or each pair (ladder)."""
        if self.kind == MATCH:
            return [("", tuple(range(len(self.players))))]
        return [
            (f"{a}-{b}", (a, b)) for a, b in itertools.combinations(range(len(self.players)), 2)
        ]

    def tasks(self) -> list[GameTask]:
        spec = registry.rules_class(self.game).spec
        tasks = []
        for label, options in self.cells():
            for pair, group in self.pairings():
                for index in range(self.games):
                    seats = tuple(group[(s + index) % len(group)] for s in range(spec.players))
                    tasks.append(
                        GameTask(
                            game=self.game,
                            options=options,
                            cell=label,
                            pair=pair,
                            index=index,
                            players=self.players,
                            seats=seats,
                            seed=f"{self.seed}/{label}/{pair}/{index}",
                            max_events=self.max_events,
                        )
                    )
        return tasks


def _text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_grid(
    spec: GameSpec, pairs: Sequence[str]
) -> tuple[tuple[str, tuple[OptionValue, ...]], ...]:
    """`--option K=V1,V2` flags as (name, values), every value checked by the game's header."""
    grid: dict[str, tuple[OptionValue, ...]] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise OptionError(f"expected --option NAME=VALUE[,VALUE...], got {pair!r}")
        if name in grid:
            raise OptionError(
                f"option {name!r} is given twice; list its values once, comma-separated"
            )
        option = spec.option(name)
        values = tuple(option.parse(part) for part in text.split(","))
        if len(set(values)) != len(values):
            raise OptionError(f"option {name!r} lists a value twice")
        grid[name] = values
    return tuple(grid.items())


def check_plan(plan: Plan) -> None:
    """Fail early, in one line, on anything that would only break inside a worker."""
    spec = registry.rules_class(plan.game).spec
    if plan.games < 1:
        raise MotleyError(f"--games must be at least 1, not {plan.games}")
    if plan.max_events < 1:
        raise MotleyError(f"--max-events must be at least 1, not {plan.max_events}")
    if not plan.players:
        raise MotleyError("name at least one player with --agent")
    for name in plan.players:
        make_agent(name, plan.game)
    if plan.kind == LADDER:
        if spec.players < 2 or spec.utility in (Utility.COOPERATIVE, Utility.SCORE):
            raise MotleyError(f"a ladder needs a game of two or more sides; {plan.game} is not")
        if len(plan.players) < 2:
            raise MotleyError("a ladder needs at least two players")
    for _, options in plan.cells():
        registry.make(plan.game, dict(options))  # every combination must be a valid game
