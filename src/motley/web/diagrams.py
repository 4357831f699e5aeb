"""A rules page's diagrams: each drawn by `static/js/rules.js` from the game's own layout and
the scene of its position, exactly as the game page would draw that seat's view."""

from __future__ import annotations

import html
import json
from typing import Any

from motley.core.errors import MotleyError
from motley.core.present import Diagram
from motley.core.rules import Rules
from motley.web import presenting, rulesdoc


def diagram_json(rules: Rules[Any, Any], diagram: Diagram) -> dict[str, Any]:
    """What the page script needs to draw one diagram, read-only."""
    view = rules.view(diagram.state, diagram.seat)
    scene = presenting.scene_json(rules, view, diagram.seat)
    spec = rules.spec
    return {
        "name": diagram.name,
        "caption": diagram.caption,
        "layout": presenting.layout_json(rules.layout()),
        "scene": scene,
        "highlight": list(diagram.highlight),
        # the second seat of each pair plays Black: its side of the board is drawn below
        "flipped": diagram.seat >= 0 and diagram.seat % 2 == 1,
        "seat_names": [spec.seat_name(s) for s in range(spec.players)],
    }


def figure_html(rules: Rules[Any, Any], diagram: Diagram) -> str:
    """A <figure> holding the diagram's data for the page script, and its caption."""
    try:
        data = diagram_json(rules, diagram)
    except MotleyError as exc:  # a page still shows, saying which diagram could not be drawn
        why = html.escape(str(exc))
        return f'<p class="warning">The diagram {html.escape(diagram.name)}: {why}</p>'
    # "<" written as an escape, so no text in the data can close the script element early
    payload = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    name = html.escape(diagram.name)
    caption = rulesdoc.emphasis(diagram.caption)
    return (
        f'<figure class="diagram" id="diagram-{name}" data-diagram="{name}">'
        f'<svg class="board diagram-board" role="img" aria-label="{html.escape(diagram.caption)}">'
        "</svg>"
        f"<figcaption>{caption}</figcaption>"
        '<div class="legend diagram-legend" hidden></div>'
        '<div class="table-items diagram-items"></div>'
        f'<script type="application/json" class="diagram-data">{payload}</script>'
        "</figure>"
    )


def figures(rules: Rules[Any, Any]) -> dict[str, str]:
    """Every diagram the game declares, as HTML, by name."""
    return {d.name: figure_html(rules, d) for d in rules.diagrams()}
