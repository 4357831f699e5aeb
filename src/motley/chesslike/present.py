"""The chess kit's presentation: how a chess position is shown and its moves are made.

Plain functions over the tables and any `Position` a variant keeps, so a chess-like variant
declares only what it adds (marks under pieces, things beside the board, its own prompt).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from motley.chesslike import movegen
from motley.chesslike.position import Move, MoveLike, Position
from motley.chesslike.tables import ChessTables
from motley.core import present
from motley.core.phased import Outcome
from motley.core.present import Choice, Layout, Mark, MarkKind, MarkStyle, OffCell, Piece

PIECE_NAMES = {"k": "king", "q": "queen", "r": "rook", "b": "bishop", "n": "knight", "p": "pawn"}

MarksOf = Callable[[int], tuple[Mark, ...]]

CHECKER = "checker"  # the mark of checkers stacked under a piece (games of the Chess Kit)


def checker_legend(meaning: str, colour: str) -> tuple[MarkKind, ...]:
    """The legend of a game that stacks checkers under pieces: what a checker means there."""
    return (MarkKind(CHECKER, "checker", meaning, MarkStyle.STACK, colour),)


def chess_layout(
    t: ChessTables,
    legend: tuple[MarkKind, ...] = (),
    off_cells: tuple[OffCell, ...] = (),
) -> Layout:
    """A square board with orthodox figures, and the variant's legend."""
    return Layout(geometry=t.geometry, off_cells=off_cells, legend=legend)


def position_pieces(
    t: ChessTables, pos: Position, marks: MarksOf | None = None, marked: int = 0
) -> tuple[Piece, ...]:
    """The pieces of `pos`, each with `marks(cell)`; `marked` adds cells with marks alone."""
    out: list[Piece] = []
    cells = pos.occupied | marked
    while cells:
        low = cells & -cells
        cell = low.bit_length() - 1
        cells ^= low
        here = marks(cell) if marks is not None else ()
        if not pos.occupied & low:
            if here:
                out.append(Piece(cell, "", -1, here))
            continue
        kind = t.kind_at(pos.pieces, low)
        owner = 0 if pos.colours[0] & low else 1
        out.append(Piece(cell, t.letters[kind].upper(), owner, here))
    return tuple(out)


def piece_name(letter: str) -> str:
    return PIECE_NAMES.get(letter.lower(), letter.upper())


def move_gesture(move: MoveLike, owner: int) -> present.Move:
    """A move as a drag from its origin to its target; a promotion asks which piece."""
    choice = None
    if move.promotion:
        choice = Choice(piece_name(move.promotion), move.promotion.upper(), owner)
    return present.Move(move.origin, move.target, choice)


def check_cells(t: ChessTables, pos: Position) -> tuple[int, ...]:
    """The side to move's king when it is in check (orthodox check)."""
    return king_cells(t, pos) if movegen.checkers(t, pos) else ()


def king_cells(t: ChessTables, pos: Position) -> tuple[int, ...]:
    """The side to move's king, none where it has no king on the board."""
    king = movegen.king_cell(t, pos, pos.turn)
    return (king,) if king >= 0 else ()


def is_castle(t: ChessTables, pos: Position, move: MoveLike) -> bool:
    """Castling is written king-takes-own-rook (a rook that keeps its castling right: in some
    variants a king may also go where its own piece stands on another plane)."""
    return bool(
        (1 << move.target) & pos.colours[pos.turn] & pos.castling
        and (1 << move.origin) & pos.pieces[t.royal]
    )


def chess_move_gesture(t: ChessTables, pos: Position, move: Move) -> present.Move:
    """A move of the side to move at `pos` as a drag; castling, written king-takes-own-rook,
    is the king's drag to where it lands."""
    target = move.target
    if is_castle(t, pos, move):
        target, _ = t.castle_squares(pos.turn, move.origin, target)
    return move_gesture(Move(move.origin, target, move.promotion), pos.turn)


def san_body(t: ChessTables, pos: Position, move: Move, legal: Iterable[Move]) -> str:
    """`move` in SAN without the check sign, told apart from the other `legal` moves."""
    g = t.geometry
    if is_castle(t, pos, move):
        return "O-O" if move.target > move.origin else "O-O-O"
    kind = t.kind_at(pos.pieces, 1 << move.origin)
    target = g.name(move.target)
    capture = bool((1 << move.target) & pos.colours[pos.turn ^ 1])
    promotion = "=" + move.promotion.upper() if move.promotion else ""
    if kind == t.pawn:
        capture = capture or g.file_of(move.origin) != g.file_of(move.target)
        prefix = g.name(move.origin)[0] + "x" if capture else ""
        return prefix + target + promotion
    rivals = [
        m.origin
        for m in legal
        if m.target == move.target
        and m.origin != move.origin
        and (1 << m.origin) & pos.colours[pos.turn]
        and t.kind_at(pos.pieces, 1 << m.origin) == kind
        and not is_castle(t, pos, m)
    ]
    origin = g.name(move.origin)
    file_part, rank_part = origin[0], origin[1:]
    if not rivals:
        hint = ""
    elif all(g.file_of(r) != g.file_of(move.origin) for r in rivals):
        hint = file_part
    elif all(g.name(r)[1:] != rank_part for r in rivals):
        hint = rank_part
    else:
        hint = origin
    return t.letters[kind].upper() + hint + ("x" if capture else "") + target + promotion


def outcome_words(seat_names: tuple[str, ...], result: Outcome | None) -> str:
    """`White wins by checkmate`, `draw by stalemate` ('' while the game goes on)."""
    if result is None:
        return ""
    if result.winner is None:
        return f"draw by {result.reason}"
    return f"{seat_names[result.winner]} wins by {result.reason}"


def checked_king(t: ChessTables, pos: Position, in_check: bool) -> tuple[int, ...]:
    """The side to move's king to mark, when the game's own check says it is in check."""
    return king_cells(t, pos) if in_check else ()


def side_to_move_prompt(name: str, in_check: bool) -> tuple[str, str]:
    """The prompt and the status of a plain chess move."""
    if in_check:
        return f"Your move as {name}: you are in check", f"{name} to move, in check"
    return f"Your move as {name}", f"{name} to move"
