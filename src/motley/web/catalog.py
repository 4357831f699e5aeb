"""What the lobby lists: the games one can start, and the games started already."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from typing import Any

from motley.core import registry
from motley.core.errors import MotleyError, OptionError
from motley.core.record import GameRecord
from motley.core.rules import Rules
from motley.core.spec import GameSpec, OptionValue
from motley.web import presenting
from motley.web.header import COMPUTER, INVITE, LEVELS
from motley.web.store import Summary


def catalog() -> list[dict[str, Any]]:
    return _catalog(tuple(registry.game_ids()))


@cache
def _catalog(game_ids: tuple[str, ...]) -> list[dict[str, Any]]:
    out = []
    for spec in (registry.rules_class(g).spec for g in game_ids):
        rules = registry.make(spec.id)
        layout = rules.layout()
        out.append(
            {
                "id": spec.id,
                "title": spec.title,
                "summary": spec.summary,
                "players": spec.players,
                "seat_names": [spec.seat_name(s) for s in range(spec.players)],
                "traits": sorted(t.value for t in spec.traits),
                "provisional": spec.provisional,
                "board": layout.geometry.id if layout is not None else None,
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        "description": o.description,
                        "choices": list(o.choices),
                    }
                    for o in spec.options
                ],
                "levels": [{"level": n, "text": _level_text(spec.id, n)} for n in LEVELS],
            }
        )
    return out


def _level_text(game: str, level: int) -> str:
    try:
        agents = importlib.import_module("motley.agents")
        describe = getattr(agents, "describe_level", None)
        if callable(describe):
            return str(describe(game, level))
    except (ImportError, MotleyError):
        pass
    return f"level {level}: random moves"


def read_options(spec: GameSpec, given: Any) -> dict[str, OptionValue]:
    """Options from JSON: values of the right type, or text read as the option reads it."""
    if not isinstance(given, Mapping):
        raise OptionError("'options' must be an object of option names and values")
    options: dict[str, OptionValue] = {}
    for name, value in given.items():
        option = spec.option(str(name))
        if isinstance(value, str) and not isinstance(option.default, str):
            options[option.name] = option.parse(value)
        else:
            options[option.name] = option.check(value)
    return options


def lobby_lists(summaries: list[Summary]) -> dict[str, list[dict[str, Any]]]:
    lists: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": []}
    titles = {spec.id: spec.title for spec in registry.specs()}
    for summary in summaries:
        header = summary.header
        if not header.listed or header.game not in titles:
            continue
        open_seats = [
            seat
            for seat, plan in enumerate(header.seats)
            if plan.kind == INVITE and seat not in summary.claimed
        ]
        item = {
            "id": header.id,
            "game": header.game,
            "title": titles[header.game],
            "created": header.created,
            "seats": [
                {"kind": plan.kind, "level": plan.level if plan.kind == COMPUTER else None}
                for plan in header.seats
            ],
            "open_seats": open_seats,
            "entries": summary.length,
        }
        if summary.finished:
            key = "finished"
        elif open_seats:
            key = "open"
        else:
            key = "running"
        if len(lists[key]) < 30:
            lists[key].append(item)
    return lists


def board_of(rules: Rules[Any, Any]) -> dict[str, Any] | None:
    return presenting.layout_json(rules.layout())


def pgn_of(record: GameRecord) -> str:
    try:
        pgn = importlib.import_module("motley.notation.pgn")
    except ImportError:
        raise MotleyError("PGN export is not available on this server") from None
    text: str = pgn.to_pgn(record)
    return text


def pgn_supported(rules: Rules[Any, Any]) -> bool:
    """Whether the PGN exporter takes this game (it names the games it knows)."""
    try:
        pgn = importlib.import_module("motley.notation.pgn")
    except ImportError:
        return False
    known = getattr(pgn, "PGN_GAMES", None)
    return isinstance(known, Mapping) and rules.spec.id in known
