"""Chess: the orthodox game, the base every Chess Kit game builds on.

Seed: 002, The Rules of Chess Kit (its games assume the standard rules of chess).

Interpretations:
* Threefold repetition and the fifty-move rule end the game at once as draws (no claim
  needed), which is what self-play and study want; the `repetition` and
  `no_progress_plies` options change or switch them off (FIDE's automatic limits are 5 and
  150).
* Dead positions drawn at once: K v K, a lone minor piece, bishops all on one colour.
"""

from motley.core.registry import register
from motley.games.chess.rules import Chess

__all__ = ["Chess"]

register(Chess)
