"""Text pictures of games for terminals: a Unicode board for square chess-like positions.

`render(rules, state, seat)` is the entry point every interface uses: it draws what `seat`
may see (its view, never the raw state) and falls back to the game's own `render` for games
that are not chess-like on a square board.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from motley.chesslike import movegen
from motley.chesslike.position import Move, Position
from motley.chesslike.rules import ChessLikeRules
from motley.chesslike.san import san
from motley.core.rules import SPECTATOR, Rules
from motley.geometry.hex import HexGeometry

WHITE_SYMBOLS = {"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘", "P": "♙"}
BLACK_SYMBOLS = {"K": "♚", "Q": "♛", "R": "♜", "B": "♝", "N": "♞", "P": "♟"}
EMPTY = "·"


def piece_symbol(letter: str, seat: int) -> str:
    """The chess symbol for an orthodox letter, else the letter (upper case for White)."""
    letter = letter.upper()
    symbols = WHITE_SYMBOLS if seat == 0 else BLACK_SYMBOLS
    return symbols.get(letter, letter if seat == 0 else letter.lower())


def render_square(
    rules: ChessLikeRules,
    pos: Position,
    flipped: bool = False,
    highlight: Collection[int] = (),
    last: str = "",
) -> str:
    """The board with file letters and rank numbers around it, then a status line.

    `highlight` cells are drawn in brackets (the last move's squares); `last` is the last
    move's text for the status line. `flipped` puts the second seat at the bottom.
    """
    t = rules.tables
    g = rules.geometry
    label = len(str(g.ranks))
    files = range(g.files - 1, -1, -1) if flipped else range(g.files)
    ranks = range(g.ranks) if flipped else range(g.ranks - 1, -1, -1)
    letters = (" " * (label + 1) + "".join(f" {g.name(f)[0]} " for f in files)).rstrip()
    lines = [letters]
    for rank in ranks:
        row = f"{rank + 1:>{label}} "
        for file in files:
            cell = rank * g.files + file
            bit = 1 << cell
            kind = t.kind_at(pos.pieces, bit)
            if kind < 0:
                symbol = EMPTY
            else:
                symbol = piece_symbol(t.letters[kind], 0 if bit & pos.colours[0] else 1)
            row += f"[{symbol}]" if cell in highlight else f" {symbol} "
        lines.append(f"{row} {rank + 1}")
    lines.append(letters)
    lines.append(status_line(rules, pos, last))
    return "\n".join(lines)


def status_line(rules: ChessLikeRules, pos: Position, last: str = "") -> str:
    """Who is to move (or how the game ended), check, and the last move."""
    outcome = rules.outcome(pos)
    mover = rules.spec.seat_name(pos.turn)
    if outcome is None:
        words = f"{mover} to move"
        if movegen.checkers(rules.tables, pos):
            words += ", in check"
    elif outcome.winner is None:
        words = f"Game over: draw by {outcome.reason}"
    else:
        words = f"Game over: {rules.spec.seat_name(outcome.winner)} wins by {outcome.reason}"
    if last:
        words += f" (last move: {last})"
    return words


def move_highlight(rules: ChessLikeRules, before: Position, move: Move) -> tuple[int, ...]:
    """The squares to mark for `move` played from `before` (castling: the king's squares)."""
    if (1 << move.target) & before.colours[before.turn]:
        king_to, _ = rules.tables.castle_squares(before.turn, move.origin, move.target)
        return (move.origin, king_to)
    return (move.origin, move.target)


def render(
    rules: Rules[Any, Any],
    state: Any,
    seat: int = SPECTATOR,
    *,
    flipped: bool = False,
    highlight: Collection[int] = (),
    last: str = "",
) -> str:
    """What `seat` sees of `state` as text: a board for chess-like games, else the game's own."""
    view = rules.view(state, seat)
    if isinstance(rules, ChessLikeRules) and isinstance(view, Position):
        return render_square(rules, view, flipped, highlight, last)
    layout = rules.layout()
    if layout is not None and isinstance(layout.geometry, HexGeometry):
        from motley.render.hex_text import render_hex  # the hex board's own picture

        return render_hex(rules, state, seat, flipped=flipped, highlight=highlight, last=last)
    text = rules.render(state, seat)
    return f"{text}\n(last: {last})" if last else text


def action_label(rules: Rules[Any, Any], state: Any, action: Any) -> str:
    """An action as a player would write it: SAN for chess-like moves, else its notation."""
    chess_move = isinstance(state, Position) and isinstance(action, Move)
    if isinstance(rules, ChessLikeRules) and chess_move:
        return san(rules, state, action)
    return rules.action_text(state, action)
