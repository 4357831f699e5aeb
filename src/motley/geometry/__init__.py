"""Boards: the geometry interface, square boards, cell sets."""

from motley.geometry.base import Direction, Geometry
from motley.geometry.square import SquareGeometry, square_board

__all__ = ["Direction", "Geometry", "SquareGeometry", "square_board"]
