"""Combat Chess II's own computer players: the ladder's alpha-beta without quiescence.

Here every kill is a fight decided by dice, and the evaluation (`evaluate.py`) already counts
each fight at hand at its expected worth, for the side that gets to open it first. Following
"noisy" moves past the horizon therefore only repeats what the evaluation says, while it
expands every leaf: switched off, the same time reaches about one ply deeper (a full turn of
each side at level 5). Levels 1 and 2, and any player that is not the ladder's alpha-beta,
stay as the ladder makes them.
"""

from __future__ import annotations

import dataclasses

from motley.core.driver import Agent


def computer(level: int, generic: Agent) -> Agent | None:
    """The ladder's player for `level` with quiescence off (None: the ladder's as it is)."""
    if level < 3 or not dataclasses.is_dataclass(generic) or isinstance(generic, type):
        return None
    if "quiescence" not in {field.name for field in dataclasses.fields(generic)}:
        return None
    tuned: Agent = dataclasses.replace(generic, quiescence=0)
    return tuned
