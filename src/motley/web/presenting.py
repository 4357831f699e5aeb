"""A game's declared presentation as the browser reads it (see `core.present`).

The board's cells (the geometry's, then any cells off the grid), the scene of one view, the
gestures that make each legal action, and what each viewer is told of a step. Everything
comes from the rules' declared presentation; nothing here knows a game or reads action text.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from motley.core import present
from motley.core.errors import MotleyError
from motley.core.rules import SPECTATOR, Rules
from motley.core.spec import Trait
from motley.geometry.base import Geometry
from motley.geometry.square import SquareGeometry

# fills per colour class: square boards shade 0 dark / 1 light; three-colour boards get three
SQUARE_PALETTE = ("#b58b63", "#efe1c6")
THREE_PALETTE = ("#f4f1ea", "#e2a9a0", "#9fb7d6")
OTHER_PALETTE = ("#d9d2c5", "#f3efe6", "#b9c7b0", "#c9b6d6")
OFF_PALETTE = ("#cfd8dc", "#e3e9ec")


def hidden(rules: Rules[Any, Any]) -> bool:
    return Trait.HIDDEN in rules.spec.traits


# -- the board -----------------------------------------------------------------------------------


@cache
def _geometry_cells(geometry: Geometry) -> tuple[list[dict[str, Any]], set[int]]:
    cells = []
    shades = set()
    for cell in range(geometry.cell_count):
        x, y = geometry.centre(cell)
        shade = geometry.shade(cell)
        shades.add(shade)
        cells.append(
            {
                "name": geometry.name(cell),
                "centre": [round(x, 4), round(y, 4)],
                "corners": [[round(a, 4), round(b, 4)] for a, b in geometry.corners(cell)],
                "shade": shade,
            }
        )
    return cells, shades


def layout_json(layout: present.Layout | None) -> dict[str, Any] | None:
    """The board as drawable cells (y up), the off-grid cells after them, and the legend."""
    if layout is None:
        return None
    return _layout_json(layout)


@cache
def _layout_json(layout: present.Layout) -> dict[str, Any]:
    geometry = layout.geometry
    grid, shades = _geometry_cells(geometry)
    off = [
        {
            "name": c.name,
            "label": c.label,
            "centre": [round(c.centre[0], 4), round(c.centre[1], 4)],
            "corners": [[round(a, 4), round(b, 4)] for a, b in c.corners],
            "shade": c.shade,
            "off": True,
        }
        for c in layout.off_cells
    ]
    if isinstance(geometry, SquareGeometry):
        palette: Sequence[str] = SQUARE_PALETTE
        labels = "edges"
    else:
        palette = THREE_PALETTE if len(shades) == 3 else OTHER_PALETTE
        labels = "cells"
    return {
        "id": geometry.id,
        "cells": [*grid, *off],
        "grid": len(grid),
        "palette": list(palette),
        "off_palette": list(OFF_PALETTE),
        "labels": labels,
        "legend": present.to_json(layout.legend),
        "piece_names": [list(p) for p in layout.piece_names],
        "figures": layout.figures,
        "sides": layout.sides,  # False: the same way up for every seat (never flipped)
    }


# -- one view ------------------------------------------------------------------------------------


def scene_json(rules: Rules[Any, Any], view: Any, seat: int) -> dict[str, Any]:
    data: dict[str, Any] = present.to_json(rules.scene(view, seat))
    return data


def gestures_json(rules: Rules[Any, Any], state: Any, view: Any, seat: int) -> dict[str, Any]:
    """Every legal action of `seat` with the gesture that makes it, grouped by gesture."""
    moves: list[Any] = []
    clicks: list[Any] = []
    picks: list[Any] = []
    buttons: list[Any] = []
    made: list[tuple[Any, str, present.Gesture]] = []
    for action in rules.legal_actions(state, seat):
        text = rules.action_text(state, action)
        gesture = rules.gesture(view, action)
        made.append((action, text, gesture))
        choice = present.to_json(gesture.choice) if gesture.choice is not None else None
        if isinstance(gesture, present.Move):
            moves.append([gesture.origin, gesture.target, text, choice])
        elif isinstance(gesture, present.Click):
            clicks.append([gesture.cell, text, choice])
        elif isinstance(gesture, present.Pick):
            picks.append([gesture.item, gesture.index, text, choice])
        else:
            buttons.append([gesture.label, text])
    return {
        "moves": moves,
        "clicks": clicks,
        "picks": picks,
        "buttons": buttons,
        "examples": examples(rules, state, seat, made),
    }


EXAMPLE_LENGTH = 16  # longer words do not fit the move box's placeholder


def examples(
    rules: Rules[Any, Any],
    state: Any,
    seat: int,
    made: Sequence[tuple[Any, str, present.Gesture]],
) -> list[str]:
    """Two or three ways to type an action open now, for the move box's placeholder: two
    actions as the move list writes them (moves first, spread over the list) and the first
    one's action text where it differs (`Nf3`, `e4`, `g1f3`)."""
    pool = [m for m in made if isinstance(m[2], present.Move)] or list(made)
    chosen = [pool[i * len(pool) // 3] for i in (1, 2)] if len(pool) >= 3 else pool[:2]
    out: list[str] = []
    for action, text, _ in chosen:
        try:
            label = rules.notate(state, action, seat) or text
        except MotleyError:
            label = text
        word = label if len(label) <= EXAMPLE_LENGTH else text
        if word not in out and len(word) <= EXAMPLE_LENGTH:
            out.append(word)
    if chosen:
        text = chosen[0][1]
        if text not in out and len(text) <= EXAMPLE_LENGTH:
            out.append(text)
    return out


def gesture_cells(gesture: present.Gesture) -> list[int]:
    """The cells a gesture touches, for highlighting the last move."""
    if isinstance(gesture, present.Move):
        return [gesture.origin, gesture.target]
    if isinstance(gesture, present.Click):
        return [gesture.cell]
    return []


# -- what each viewer is told of a step -------------------------------------------------------


def told(
    rules: Rules[Any, Any], state: Any, actor: int, text: str, viewer: int
) -> tuple[str | None, str | None, list[int], tuple[int, ...]]:
    """(the text `viewer` is shown, its move-list label, the cells it touches, the dice it
    shows), or Nones.

    A game with secrets shows each action in full to the seat that took it and to everyone
    else as its `event_text_for` and `notate` tell them; the cells are shown only where the
    viewer reads the whole action.
    """
    try:
        if actor >= 0:
            action = rules.parse_action(state, text, actor)
        else:
            action = rules.parse_action(state, text)  # a chance outcome
    except MotleyError:
        return None, None, [], ()
    if hidden(rules) and (viewer != actor or actor < 0):  # a chance step is nobody's own
        if type(rules).event_text_for is Rules.event_text_for:
            return None, None, [], ()  # a game with secrets that does not say what others learn
        shown = rules.event_text_for(state, action, viewer)
    else:
        shown = text
    label = rules.notate(state, action, viewer)
    cells: list[int] = []
    if actor >= 0 and shown == text:
        try:
            cells = gesture_cells(rules.gesture(rules.view(state, actor), action))
        except MotleyError:
            cells = []
    dice = rules.dice(state, action) if actor < 0 and shown == text else ()
    return shown, label, cells, dice


def text_panel(rules: Rules[Any, Any], state: Any, view: Any, viewer: int) -> str | None:
    """A text picture of the table (None where the game draws none).

    Hidden-information games are drawn from a state sampled from the viewer's own view, so
    the picture cannot depend on anything the viewer may not see.
    """
    if type(rules).render is Rules.render and rules.presentation is None:
        try:
            return json.dumps(rules.view_to_json(view), indent=1, sort_keys=True)
        except (MotleyError, TypeError, ValueError):
            return None
    try:
        if hidden(rules):
            state = rules.sample_hidden(view, random.Random(0))
        return rules.render(state, viewer if viewer >= 0 else SPECTATOR)
    except (MotleyError, AttributeError, TypeError, ValueError):
        return None
