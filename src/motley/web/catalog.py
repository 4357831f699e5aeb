"""What the lobby lists: the games one can start, and the games started already."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from motley.agents.levels import level_name
from motley.core import registry
from motley.core.errors import OptionError
from motley.core.record import GameRecord
from motley.core.rules import Rules
from motley.core.spec import GameSpec, OptionValue
from motley.notation import pgn
from motley.web import presence, presenting, words
from motley.web.header import COMPUTER, INVITE, LEVELS, Header
from motley.web.presence import Listing
from motley.web.store import Summary

DEFAULT_LEVEL = 3  # the lobby's computer opponent: a real game, not random moves


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
                "players_text": words.players(spec),
                "seat_names": [spec.seat_name(s) for s in range(spec.players)],
                "traits": sorted(t.value for t in spec.traits),
                "provisional": spec.provisional,
                "board": layout.geometry.id if layout is not None else None,
                "options": [
                    {
                        "name": o.name,
                        "label": o.label,
                        "default": o.default,
                        "description": words.description(o),
                        "choices": list(o.choices),
                        "choice_labels": [words.value(c) for c in o.choices],
                    }
                    for o in spec.options
                ],
                "levels": [words.level(n, level_name(n)) for n in LEVELS],
                "default_level": DEFAULT_LEVEL,
            }
        )
    return out


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


def lobby_lists(
    summaries: list[Summary],
    listing: Callable[[str], Listing | None] | None = None,
    now: float = 0.0,
) -> dict[str, list[dict[str, Any]]]:
    """The lobby's lists. With `listing` (the live games), a game that nobody plays any more
    (everyone gone, or no move for a long time) leaves the open and running lists."""
    lists: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": []}
    titles = {spec.id: spec.title for spec in registry.specs()}
    for summary in summaries:
        header = summary.header
        if not header.listed or header.game not in titles:
            continue
        open_seats = [
            seat
            for seat, plan in enumerate(header.seats)
            if plan.kind == INVITE and seat not in summary.claimed and _anyone(header, seat)
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
        elif listing is not None and not _in_play(listing(header.id), now):
            continue
        elif open_seats:
            key = "open"
        else:
            key = "running"
        if len(lists[key]) < 30:
            lists[key].append(item)
    return lists


def _in_play(listed: Listing | None, now: float) -> bool:
    return listed is not None and presence.listed(listed, now)


def _anyone(header: Header, seat: int) -> bool:
    """An invitation seat made for anyone (no code); a friend's seat is never offered."""
    return not (header.invites[seat] if seat < len(header.invites) else "")


def board_of(rules: Rules[Any, Any]) -> dict[str, Any] | None:
    return presenting.layout_json(rules.layout())


def pgn_of(record: GameRecord) -> str:
    return pgn.to_pgn(record)


def pgn_supported(rules: Rules[Any, Any]) -> bool:
    """Whether the PGN exporter takes this game."""
    return pgn.exports(rules.spec.id)
