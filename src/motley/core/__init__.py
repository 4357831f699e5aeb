"""The game API: headers, rules, node kinds, views, registry, records and the driver."""

from motley.core.errors import IllegalAction, MotleyError, NotationError, StateError, UnknownGame
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.spec import GameSpec, OptionSpec, Trait, Utility

__all__ = [
    "SPECTATOR",
    "GameSpec",
    "IllegalAction",
    "MotleyError",
    "NodeKind",
    "NotationError",
    "OptionSpec",
    "Rules",
    "StateError",
    "Trait",
    "UnknownGame",
    "Utility",
]
