"""Synchronous Chess (seed 002, The Rules of Chess Kit): both sides move at the same time.

The rules, and every reading chosen where the seed text is open, are described in
`motley.games.synchronous.game`. Registration is the last thing this package does.
"""

from motley.core.registry import register
from motley.games.synchronous.game import Synchronous

__all__ = ["Synchronous"]

register(Synchronous)
