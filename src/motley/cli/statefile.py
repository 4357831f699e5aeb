"""State documents: a game in progress as self-describing JSON.

A document names its game, the game's version and options, holds the game's own state JSON
and the commitments already made at a simultaneous node (`pending`, seat -> action text).
Reading one checks every part against the registry, so a file edited into nonsense fails
with one clear message instead of half-loading.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from motley.core import registry
from motley.core.errors import MotleyError, StateError
from motley.core.rules import NodeKind, Rules
from motley.core.table import Table


def table_to_json(table: Table) -> dict[str, Any]:
    rules = table.rules
    return {
        "game": rules.spec.id,
        "version": rules.spec.version,
        "options": dict(rules.options),
        "state": rules.state_to_json(table.state),
        "pending": table.pending_json(None),
    }


def dumps(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


def loads(text: str) -> Table:
    """Read a state document (raises json.JSONDecodeError or StateError)."""
    return table_from_json(json.loads(text))


def table_from_json(data: Any) -> Table:
    if not isinstance(data, dict):
        raise StateError("a state must be a JSON object with game, version, options and state")
    missing = [key for key in ("game", "version", "state") if key not in data]
    if missing:
        raise StateError(f"state is missing {', '.join(repr(k) for k in missing)}")
    game, version = data["game"], data["version"]
    if not isinstance(game, str):
        raise StateError("state 'game' must be a game id")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise StateError("state 'options' must be an object")
    rules = registry.make(game, options)
    if version != rules.spec.version or isinstance(version, bool):
        raise StateError(
            f"state is for {game} version {version!r}; this Motley has version {rules.spec.version}"
        )
    if not isinstance(data["state"], dict):
        raise StateError(f"state 'state' must be an object holding a {game} state")
    state = _game_state(rules, data["state"])
    return _with_pending(Table(rules, state), data.get("pending", {}))


def _game_state(rules: Rules[Any, Any], data: dict[str, Any]) -> Any:
    try:
        return rules.state_from_json(data)
    except MotleyError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError):
        # a game's reader may trip over a shape it never expected; it is still bad input
        raise StateError(f"state does not describe a {rules.spec.id} position") from None


def _with_pending(table: Table, pending: Any) -> Table:
    if not isinstance(pending, dict):
        raise StateError("state 'pending' must map seats to action texts")
    if not pending:
        return table
    if table.kind is not NodeKind.SIMULTANEOUS:
        raise StateError("state has pending commitments but is not at a simultaneous node")
    for seat_text, text in sorted(pending.items()):
        if not (isinstance(seat_text, str) and seat_text.isdigit() and isinstance(text, str)):
            raise StateError("state 'pending' must map seat numbers to action texts")
        seat = int(seat_text)
        try:
            table = table.play(table.parse(text, seat), seat)
        except MotleyError as error:
            raise StateError(f"pending commitment of seat {seat}: {error}") from None
        if not table.pending:
            raise StateError("state 'pending' holds every seat's commitment; it should be resolved")
    return table
