"""Combat Chess II's board: lines, neighbours, moves of an exact length."""

from __future__ import annotations

from motley.games.combat_chess.state import (
    CASTLE,
    CORNERS,
    DRAGON,
    EMPTY,
    GEOMETRY,
    LEADERS,
    owner,
)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"  # "Setup a regular chess board"

_ROYAL = GEOMETRY.direction_groups["royal"]
# RAYS[cell]: the eight straight lines from a cell, nearest cell first
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray for ray in (GEOMETRY.ray(cell, d) for d in _ROYAL) if ray) for cell in range(64)
)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[cell]) for cell in range(64)
)


def with_cells(board: str, changes: dict[int, str]) -> str:
    cells = list(board)
    for cell, letter in changes.items():
        cells[cell] = letter
    return "".join(cells)


def cells_of(board: str, seat: int) -> list[int]:
    return [c for c, letter in enumerate(board) if owner(letter) == seat]


def leaders(board: str, seat: int) -> int:
    """How many leaders (bishops, queens, kings) `seat` has on the board."""
    wanted = LEADERS if seat == 0 else LEADERS.lower()
    return sum(board.count(letter) for letter in wanted)


def king_cell(board: str, seat: int) -> int:
    return board.find("K" if seat == 0 else "k")


def targets(board: str, cell: int, distance: int) -> list[int]:
    """Where the piece on `cell` may go moving exactly `distance` in one straight line.

    The landing cell must be empty; no piece but a dragon passes over another; castles never
    move.
    """
    letter = board[cell].upper()
    if letter == CASTLE:
        return []
    leaping = letter == DRAGON
    out = []
    for ray in RAYS[cell]:
        if len(ray) < distance or board[ray[distance - 1]] != EMPTY:
            continue
        if leaping or all(board[c] == EMPTY for c in ray[: distance - 1]):
            out.append(ray[distance - 1])
    return out


def enemy_neighbours(board: str, cell: int, castles: bool) -> list[int]:
    """The enemy pieces next to `cell` (castles only if they may be challenged)."""
    me = owner(board[cell])
    out = []
    for near in NEIGHBOURS[cell]:
        letter = board[near]
        if letter != EMPTY and owner(letter) != me and (castles or letter.upper() != CASTLE):
            out.append(near)
    return out


def standing_castle(board: str, index: int) -> bool:
    """Does the castle of corner `index` (see CORNERS) still stand?"""
    return board[CORNERS[index]] == (CASTLE if index < 2 else CASTLE.lower())


def empty_neighbours(board: str, cell: int) -> list[int]:
    return [near for near in NEIGHBOURS[cell] if board[near] == EMPTY]
