"""Two Move Chess (seed 002, The Rules of Chess Kit): simultaneous card choices, then moves.

The rules, and every reading chosen where the seed text is open, are described in
`motley.games.two_move.game`. Registration is the last thing this package does.
"""

from motley.core.registry import register
from motley.games.two_move.game import TwoMove

__all__ = ["TwoMove"]

register(TwoMove)
