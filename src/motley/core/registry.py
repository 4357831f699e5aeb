"""The registry of games: ids to rules classes. Game modules register themselves on import."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from motley.core.errors import UnknownGame
from motley.core.rules import Rules
from motley.core.spec import GameSpec

_GAMES: dict[str, type[Rules[Any, Any]]] = {}
_GAME_PACKAGE = "motley.games"  # imported on first lookup so every built-in game is present


def register(rules_class: type[Rules[Any, Any]]) -> type[Rules[Any, Any]]:
    """Add a game (usable as a class decorator). Ids are unique and never change."""
    game_id = rules_class.spec.id
    existing = _GAMES.get(game_id)
    if existing is not None and existing is not rules_class:
        raise ValueError(f"game id {game_id!r} is already registered")
    _GAMES[game_id] = rules_class
    return rules_class


def _load_builtin() -> None:
    importlib.import_module(_GAME_PACKAGE)


def game_ids() -> list[str]:
    _load_builtin()
    return sorted(_GAMES)


def specs() -> list[GameSpec]:
    _load_builtin()
    return [_GAMES[g].spec for g in sorted(_GAMES)]


def rules_class(game_id: str) -> type[Rules[Any, Any]]:
    _load_builtin()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGame(f"unknown game {game_id!r} (known: {known})") from None


def make(game_id: str, options: Mapping[str, Any] | None = None) -> Rules[Any, Any]:
    """A rules object for `game_id` with `options` over its defaults."""
    return rules_class(game_id)(options)
