"""Computer players by name, with settings written after a colon.

`random`, `greedy`, `alphabeta`, `mcts` and `level1` to `level5`, optionally followed by
`:NAME=VALUE,...`, for example `mcts:iterations=400,seed=3` or `alphabeta:seconds=0.5`.
Naming any budget setting (iterations, nodes, depth, seconds) replaces the default budget
rather than adding to it, so `mcts:iterations=400` is reproducible and has no time limit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from motley.agents.alphabeta import AlphaBetaPlayer
from motley.agents.levels import LEVELS, player_for
from motley.agents.mcts import MctsPlayer
from motley.agents.simple import GreedyPlayer, RandomPlayer
from motley.core.driver import Agent
from motley.core.errors import MotleyError

BUDGET_SETTINGS = ("iterations", "nodes", "depth", "seconds")

#: the player class and its default budget, per name
_PLAYERS: dict[str, tuple[type[Any], Mapping[str, Any]]] = {
    "random": (RandomPlayer, {}),
    "greedy": (GreedyPlayer, {}),
    "alphabeta": (AlphaBetaPlayer, {"seconds": 1.0}),
    "mcts": (MctsPlayer, {"iterations": None, "seconds": 1.0}),
}


def agent_names() -> list[str]:
    return [*_PLAYERS, *(f"level{n}" for n in LEVELS)]


def split_spec(text: str) -> tuple[str, dict[str, str]]:
    """`name:k=v,k=v` as the name and its settings as text (checked for shape only)."""
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    settings: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise MotleyError(f"agent {text!r}: expected NAME=VALUE settings, got {item!r}")
        if key.strip() in settings:
            raise MotleyError(f"agent {text!r}: {key.strip()!r} is set twice")
        settings[key.strip()] = value.strip()
    if name not in agent_names():
        raise MotleyError(f"unknown agent {name!r} (known: {', '.join(agent_names())})")
    return name, settings


def make_agent(text: str, game_id: str) -> Agent:
    """The player that `text` names, set up for `game_id`; a MotleyError if it is wrong."""
    name, given = split_spec(text)
    if name.startswith("level"):
        extra = set(given) - {"seed"}
        if extra:
            raise MotleyError(f"agent {text!r}: levels take only a seed, not {sorted(extra)}")
        seed = _convert(text, "seed", given["seed"], "int") if "seed" in given else 0
        return player_for(game_id, int(name[len("level") :]), seed=seed)
    cls, defaults = _PLAYERS[name]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    settings: dict[str, Any] = {}
    if not any(key in BUDGET_SETTINGS for key in given):
        settings.update(defaults)
    elif set(BUDGET_SETTINGS) & set(fields):
        settings.update({key: None for key in BUDGET_SETTINGS if key in fields})
    for key, value in given.items():
        if key not in fields:
            known = ", ".join(fields)
            raise MotleyError(f"agent {name!r} has no setting {key!r} (settings: {known})")
        settings[key] = _convert(text, key, value, str(fields[key].type))
    try:
        player: Agent = cls(**settings)
    except MotleyError as error:
        raise MotleyError(f"agent {text!r}: {error}") from None
    return player


_CONVERTERS: dict[str, Callable[[str], Any]] = {"int": int, "float": float}
_TRUTH = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def _convert(text: str, key: str, value: str, annotation: str) -> Any:
    """A setting's text as the type its field declares (`none` where None is allowed)."""
    if value.lower() == "none" and "None" in annotation:
        return None
    if annotation == "bool":
        if value.lower() not in _TRUTH:
            raise MotleyError(f"agent {text!r}: {key} takes true or false, not {value!r}")
        return _TRUTH[value.lower()]
    kind = "float" if "float" in annotation else "int"
    try:
        return _CONVERTERS[kind](value)
    except ValueError:
        word = "a number" if kind == "float" else "a whole number"
        raise MotleyError(f"agent {text!r}: {key} takes {word}, not {value!r}") from None
