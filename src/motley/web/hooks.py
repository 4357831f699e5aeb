"""The few things the web client needs beyond the game API, with defaults for every game.

Everything here works for any registered game without naming it. A game may refine what the
browser shows by defining optional methods on its rules object (none is required):

* `board_pieces(view)`: the pieces to draw, as dicts `{"cell", "letter", "owner"}` with an
  optional `"marks"` list of short texts drawn under the piece (pucks, coins, checkers); an
  empty letter draws the marks alone (a checker on a square with no piece);
* `check_cells(view)`: the cells of royal pieces in check, to highlight (games whose check
  is not orthodox chess's: judged after a mirror switch, on extra steps, by the next player);
* `table_items(view)`: things beside the board, as dicts `{"kind": "die" | "card" | "note",
  "label": text}` (a die may give `"value"`);
* `public_action_text(state, text, actor, viewer)`: how an action is written for a viewer in
  a game with hidden information (None hides it). Without it, a hidden-information game shows
  each action in full to the seat that took it, and to everyone else as the game's
  `event_text_for` tells them (or not at all, if the game does not define it).

Without `board_pieces`, the board and pieces are found by the conventions in `discover`.
Chess-like games also get check, SAN and how the game ended.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from motley.chesslike import movegen
from motley.chesslike.position import Position
from motley.chesslike.rules import ChessLikeRules
from motley.chesslike.san import san
from motley.core.errors import MotleyError
from motley.core.rules import SPECTATOR, Rules
from motley.core.spec import Trait
from motley.geometry.base import Geometry
from motley.web import discover

Piece = dict[str, Any]
_DICE = re.compile(r"^(?:roll|rolls|rolled|dice|die)\s+((?:[1-9]\d?)(?:[\s,]+[1-9]\d?)*)$")
MAX_DICE = 8


def geometry_of(rules: Rules[Any, Any]) -> Geometry | None:
    return discover.geometry(rules)


def hidden(rules: Rules[Any, Any]) -> bool:
    return Trait.HIDDEN in rules.spec.traits


# -- what each viewer is told about an action -----------------------------------------------------


def shown_text(
    rules: Rules[Any, Any], state: Any, actor: int, text: str, viewer: int
) -> str | None:
    custom = getattr(rules, "public_action_text", None)
    if callable(custom):
        shown = custom(state, text, actor, viewer)
        return None if shown is None else str(shown)
    if not hidden(rules) or (actor >= 0 and viewer == actor):
        return text
    if type(rules).event_text_for is Rules.event_text_for:
        return None  # a game with secrets that does not say what others learn: show nothing
    # The game's own account of what this viewer learns (the no-leak tests hold every game
    # to it): Zombie's opponent reads the move and "bury P" without the square, say.
    try:
        if actor >= 0:
            action = rules.parse_action(state, text, actor)
        else:
            action = rules.parse_action(state, text)  # a chance outcome
        return rules.event_text_for(state, action, viewer)
    except MotleyError:
        return None


def label(rules: Rules[Any, Any], state: Any, seat: int, text: str) -> str:
    """An action as players write it: SAN for chess-like moves, else its notation."""
    if seat >= 0 and isinstance(rules, ChessLikeRules) and isinstance(state, Position):
        try:
            return san(rules, state, rules.parse_action(state, text, seat))
        except MotleyError:
            return text
    return text


def dice_in(text: str | None) -> list[int]:
    """The faces of a roll written like `roll 3 5` or `rolled 4`; [] for anything else."""
    if not text:
        return []
    match = _DICE.match(text.strip().lower())
    if not match:
        return []
    faces = [int(f) for f in re.split(r"[\s,]+", match.group(1))]
    return faces if len(faces) <= MAX_DICE else []


# -- reading a view ------------------------------------------------------------------------------


def _position_in(view: Any) -> Position | None:
    """A chess-like position: the view itself, or one of its fields."""
    board = discover.board_in(view)
    return board if isinstance(board, Position) else None


def pieces(rules: Rules[Any, Any], view: Any) -> list[Piece] | None:
    """The pieces to draw, or None when this game's view cannot be read as a board."""
    custom = getattr(rules, "board_pieces", None)
    if callable(custom):
        return [_piece(p) for p in custom(view)]
    return discover.pieces(rules, view)


def _piece(data: Any) -> Piece:
    piece: Piece = {
        "cell": int(data["cell"]),
        "letter": str(data["letter"])[:3],
        "owner": int(data.get("owner", 0)),
    }
    marks = data.get("marks")
    if marks:
        piece["marks"] = [str(m)[:12] for m in marks][:6]
    return piece


def check_cells(rules: Rules[Any, Any], view: Any) -> list[int]:
    """The royal piece in check: the game's own `check_cells`, else for a chess-like position."""
    custom = getattr(rules, "check_cells", None)
    if callable(custom):
        return [int(cell) for cell in custom(view)]
    pos = _position_in(view)
    tables = getattr(rules, "tables", None)
    if pos is None or not isinstance(rules, ChessLikeRules) or tables is None:
        return []
    try:
        if movegen.checkers(tables, pos):
            king = movegen.king_cell(tables, pos, pos.turn)
            return [king] if king >= 0 else []
    except (AttributeError, IndexError, TypeError, ValueError):
        return []
    return []


def table_items(rules: Rules[Any, Any], view: Any) -> list[dict[str, Any]]:
    custom = getattr(rules, "table_items", None)
    if not callable(custom):
        return []
    items = []
    for item in custom(view):
        entry: dict[str, Any] = {"kind": str(item.get("kind", "note")), "label": str(item["label"])}
        if "value" in item:
            entry["value"] = int(item["value"])
        items.append(entry)
    return items


def text_panel(rules: Rules[Any, Any], state: Any, view: Any, viewer: int) -> str | None:
    """A text picture for whatever the board does not show (None when the board says it all).

    Hidden-information games are drawn from a state sampled from the viewer's own view, so
    the picture cannot depend on anything the viewer may not see.
    """
    if isinstance(view, Position) and isinstance(rules, ChessLikeRules):
        return None
    if type(rules).render is Rules.render:
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
