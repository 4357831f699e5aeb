"""Every built-in game; importing this package registers them all."""

from motley.games import chess, chess960

__all__ = ["chess", "chess960"]
