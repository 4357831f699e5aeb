"""Moves as coordinates, in and out: `e2e4`, `e7e8q`, castling as the king's step or `O-O`.

Castling is kept king-takes-own-rook inside (`Move`); it is written as the king's step to
where it lands (`e1g1`) unless a game writes king-takes-rook (Chess960's `e1h1`).
"""

from __future__ import annotations

from motley.chesslike import movegen
from motley.chesslike.position import Move, MoveLike, Position
from motley.chesslike.present import is_castle
from motley.chesslike.tables import ChessTables
from motley.core.errors import NotationError

# the orthodox castlings by name: the file the king lands on
CASTLES = {"o-o": 6, "0-0": 6, "o-o-o": 2, "0-0-0": 2}


def move_text(t: ChessTables, board: Position, move: MoveLike, king_step: bool = True) -> str:
    """`move` of the side to move at `board` in coordinates."""
    g = t.geometry
    target = move.target
    if king_step and is_castle(t, board, move):
        target, _ = t.castle_squares(board.turn, move.origin, target)
    return g.name(move.origin) + g.name(target) + move.promotion


def castling_as_step(t: ChessTables, board: Position, words: str) -> str:
    """`O-O` or `O-O-O` (lower case) as the side to move's king step (`e1g1`); other text as
    it is."""
    file = CASTLES.get(words)
    if file is None:
        return words
    g = t.geometry
    king = movegen.king_cell(t, board, board.turn)
    row = 0 if board.turn == 0 else (g.ranks - 1) * g.files
    origin = king if king >= 0 else row + g.files // 2
    return g.name(origin) + g.name(row + file)


def read_coordinates(t: ChessTables, board: Position, text: str) -> Move | None:
    """The move `text` names in coordinates (`e2e4`, `e2-e4`, `e7xd8=Q`, `O-O`), legal or
    not; None if `text` is not written in coordinates. An unknown promotion letter is a
    NotationError. Castling written as the king's step is left for the game to match."""
    words = text.strip().lower()
    step = castling_as_step(t, board, words)
    return read_squares(t, text if step == words else step)


def read_squares(t: ChessTables, text: str) -> Move | None:
    """The move `text` names by its two squares (`e2e4`, `e2-e4`, `e7xd8=Q`), legal or not;
    None if it is not written so. An unknown promotion letter is a NotationError. For games
    that read castling their own way (or as the king's step) before any position is known."""
    g = t.geometry
    words = text.strip().lower()
    cut = _split(words)
    if cut is None:
        return None
    first, second, rest = cut
    try:
        origin, target = g.parse(first), g.parse(second)
    except NotationError:
        return None
    promotion = rest.removeprefix("=")
    if not promotion:
        return t.moves[origin][target]
    if len(promotion) != 1 or promotion not in t.kind_of_letter:
        raise NotationError(f"{text.strip()!r}: unknown promotion piece {promotion!r}")
    return Move(origin, target, promotion)


def _split(words: str) -> tuple[str, str, str] | None:
    """`e2`, `e4`, `q` from `e2-e4q`: a file letter and rank digits, twice, then the rest."""
    parts: list[str] = []
    at = 0
    for _ in range(2):
        if at < len(words) and words[at] in "-x" and parts:
            at += 1
        start = at
        if at >= len(words) or not words[at].isalpha():
            return None
        at += 1
        while at < len(words) and words[at].isdigit():
            at += 1
        if at == start + 1:
            return None
        parts.append(words[start:at])
    return parts[0], parts[1], words[at:]
