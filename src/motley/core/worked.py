"""A rules page's worked examples, written as data: the position the game is set up at, the
actions played from it in the game's own notation, the caption and the cells it speaks of.
Each becomes a `Diagram` reached by the game's own steps, so a diagram never shows a
position the rules could not reach from that setup."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from motley.core.driver import played
from motley.core.errors import MotleyError
from motley.core.present import Diagram
from motley.core.rules import Rules
from motley.geometry.base import Geometry


@dataclass(frozen=True)
class Worked:
    """One worked example: `actions` played from `position` (the game's usual start when
    empty), shown to `seat`, with `cells` (names separated by spaces) highlighted."""

    name: str  # how the page's text calls it: "::: diagram opening"
    caption: str
    position: str = ""
    actions: tuple[str, ...] = ()
    cells: str = ""
    seat: int = 0


def named_cells(geometry: Geometry, names: str) -> tuple[int, ...]:
    """The cells written in `names`, separated by spaces ("e2 e4")."""
    return tuple(geometry.parse(name) for name in names.split())


def drawn(
    make: Callable[[Mapping[str, Any]], Rules[Any, Any]], examples: Iterable[Worked]
) -> tuple[Diagram, ...]:
    """Each example as a diagram of the game `make` builds, in the order given."""
    out = []
    for example in examples:
        rules, state = played(make, example.position, *example.actions)
        layout = rules.layout()
        if layout is None:
            raise MotleyError(f"diagram {example.name}: the game has no board to draw")
        cells = named_cells(layout.geometry, example.cells)
        out.append(Diagram(example.name, state, example.caption, example.seat, cells))
    return tuple(out)


def on_usual_rules(
    examples: Iterable[Worked],
) -> Callable[[Rules[Any, Any]], tuple[Diagram, ...]]:
    """A game's `diagrams(rules)` (see `Rules.diagrams`): `examples` drawn on the game's usual
    rules, whatever options `rules` was made with (the page's text speaks of the usual rules)."""
    kept = tuple(examples)

    def diagrams(rules: Rules[Any, Any]) -> tuple[Diagram, ...]:
        return drawn(type(rules), kept)

    return diagrams
