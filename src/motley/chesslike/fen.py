"""FEN, X-FEN and Shredder-FEN for chess-like positions, in and out.

Castling rights are stored as rook cells, so all three notations read and write the same
value: `KQkq` means the outermost rook on that side of the king (X-FEN), a file letter names
the rook's file (Shredder-FEN, and X-FEN when an inner rook keeps its right).
"""

from __future__ import annotations

from collections.abc import Callable

from motley.chesslike import movegen
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import NotationError
from motley.geometry import cellset

STYLES = ("xfen", "shredder")


def parse_fen(t: ChessTables, text: str, *, strict: bool = True) -> Position:
    """Read a FEN (the move counters may be left out); raises NotationError.

    `strict=False` also accepts what orthodox chess cannot reach but variants can: a king
    missing, a pawn on its first or last rank, the side not to move standing in check.
    """
    fields = text.split()
    if len(fields) < 4 or len(fields) > 6:
        raise NotationError(f"FEN needs 4 to 6 fields, got {len(fields)}: {text!r}")
    placement, side, rights, ep_text = fields[:4]
    pieces, colours = _parse_placement(t, placement)
    if side not in ("w", "b"):
        raise NotationError(f"FEN side to move must be 'w' or 'b', not {side!r}")
    turn = 0 if side == "w" else 1
    try:
        halfmove = int(fields[4]) if len(fields) > 4 else 0
        fullmove = int(fields[5]) if len(fields) > 5 else 1
    except ValueError:
        raise NotationError(f"FEN move counters must be whole numbers: {text!r}") from None
    if halfmove < 0 or fullmove < 1:
        raise NotationError(f"FEN move counters out of range: {text!r}")
    pos = Position(pieces, colours, turn, 0, -1, halfmove, fullmove)
    if strict:
        _check_kings(t, pos)
    pos = pos._replace(castling=_parse_castling(t, pos, rights))
    pos = pos._replace(ep=_parse_ep(t, pos, ep_text))
    if not strict:
        return pos
    if movegen.king_cell(t, pos, turn ^ 1) >= 0 and movegen.is_attacked(
        t, pos, movegen.king_cell(t, pos, turn ^ 1), turn, pos.occupied
    ):
        raise NotationError("FEN position is impossible: the side not to move is in check")
    return pos


def _parse_placement(t: ChessTables, placement: str) -> tuple[tuple[int, ...], tuple[int, int]]:
    g = t.geometry
    rows = placement.split("/")
    if len(rows) != g.ranks:
        raise NotationError(f"FEN placement needs {g.ranks} ranks, got {len(rows)}")
    pieces = [0] * len(t.kinds)
    colours = [0, 0]
    for index, row in enumerate(rows):
        rank = g.ranks - 1 - index
        file = 0
        digits = ""
        for char in row + " ":
            if char.isdigit():
                digits += char
                continue
            if digits:
                file += int(digits)
                digits = ""
            if char == " ":
                break
            kind = t.kind_of_letter.get(char.lower())
            if kind is None or char == "~":
                raise NotationError(f"FEN placement has unknown piece {char!r}")
            if file >= g.files:
                raise NotationError(f"FEN rank {rank + 1} has more than {g.files} files")
            bit = 1 << (rank * g.files + file)
            pieces[kind] |= bit
            colours[0 if char.isupper() else 1] |= bit
            file += 1
        if file != g.files:
            raise NotationError(f"FEN rank {rank + 1} has {file} files, not {g.files}")
    return tuple(pieces), (colours[0], colours[1])


def one_king_each(t: ChessTables, pos: Position) -> None:
    """NotationError unless each side has exactly one king (for a board with kings)."""
    if t.royal < 0:
        return
    for seat, colour in enumerate(("white", "black")):
        count = (pos.pieces[t.royal] & pos.colours[seat]).bit_count()
        if count != 1:
            raise NotationError(f"FEN must have exactly one {colour} king, found {count}")


def _check_kings(t: ChessTables, pos: Position) -> None:
    one_king_each(t, pos)
    if t.pawn >= 0:
        rims = t.back_rank[0] | t.back_rank[1]
        if pos.pieces[t.pawn] & rims:
            raise NotationError("FEN has a pawn on the first or last rank")


def _parse_castling(t: ChessTables, pos: Position, text: str) -> int:
    if text == "-":
        return 0
    rights = 0
    g = t.geometry
    for char in text:
        seat = 0 if char.isupper() else 1
        king = movegen.king_cell(t, pos, seat)
        back = t.back_rank[seat]
        rooks = pos.pieces[t.rook] & pos.colours[seat] & back
        if king < 0 or not (1 << king) & back:
            raise NotationError(f"FEN castling right {char!r} needs the king on its first rank")
        lower = char.lower()
        if lower in ("k", "q"):
            side = [c for c in cellset.cells(rooks) if (c > king if lower == "k" else c < king)]
            if not side:
                raise NotationError(f"FEN castling right {char!r} has no rook to castle with")
            rook = side[-1] if lower == "k" else side[0]  # the outermost rook
        else:
            file = ord(lower) - ord("a")
            if not 0 <= file < g.files:
                raise NotationError(f"FEN castling field has unknown character {char!r}")
            rook = cellset.first(back) + file
            if not (1 << rook) & rooks:
                raise NotationError(f"FEN castling right {char!r} names a file with no rook")
        rights |= 1 << rook
    return rights


def _parse_ep(t: ChessTables, pos: Position, text: str) -> int:
    if text == "-":
        return -1
    cell = t.geometry.parse(text)
    if not follows_double_step(t, pos, cell, pos.turn ^ 1):
        raise NotationError(f"FEN en-passant cell {text!r} does not follow a double pawn step")
    return cell


def follows_double_step(t: ChessTables, pos: Position, cell: int, stepper: int) -> bool:
    """Whether `cell` is the square a pawn of `stepper` just passed over in a double step:
    the pawn beyond it, it and the square it came from empty."""
    victim = t.ep_victim[stepper ^ 1][cell]
    behind = t.pawn_push[stepper ^ 1][cell]
    return bool(
        t.geometry.row_of(cell, stepper) == 2
        and victim >= 0
        and (1 << victim) & pos.pieces[t.pawn] & pos.colours[stepper]
        and not (1 << cell) & pos.occupied
        and behind >= 0
        and not (1 << behind) & pos.occupied
    )


def ep_field(t: ChessTables, pos: Position) -> int:
    """The en-passant cell if a legal en-passant capture exists, else -1."""
    if pos.ep < 0:
        return -1
    for move in movegen.legal_moves(t, pos):
        if move.target == pos.ep and (1 << move.origin) & pos.pieces[t.pawn]:
            return pos.ep
    return -1


def cell_letters(t: ChessTables, pos: Position) -> list[str]:
    """The FEN letter of the piece on each cell ('' where empty), found in one pass over the
    pieces rather than a lookup per cell (as `kind_at`: the first kind holding a cell)."""
    out = [""] * t.n
    white = pos.colours[0]
    for kind in range(len(pos.pieces) - 1, -1, -1):
        bits = pos.pieces[kind]
        upper = t.letters[kind]
        lower = upper.lower()
        while bits:
            low = bits & -bits
            bits ^= low
            out[low.bit_length() - 1] = upper if low & white else lower
    return out


def placement(t: ChessTables, pos: Position, marks: Callable[[int], str] | None = None) -> str:
    """The placement field of `pos`; `marks(cell)`, if given, is written after each piece."""
    g = t.geometry
    letters = cell_letters(t, pos)
    rows = []
    for rank in range(g.ranks - 1, -1, -1):
        row = ""
        empty = 0
        for cell in range(rank * g.files, (rank + 1) * g.files):
            letter = letters[cell]
            if not letter:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += letter if marks is None else letter + marks(cell)
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def write_fen(t: ChessTables, pos: Position, style: str = "xfen", counters: bool = True) -> str:
    ep = ep_field(t, pos)
    fields = [
        placement(t, pos),
        "w" if pos.turn == 0 else "b",
        castling_field(t, pos, style),
        t.geometry.name(ep) if ep >= 0 else "-",
    ]
    if counters:
        fields += [str(pos.halfmove), str(pos.fullmove)]
    return " ".join(fields)


def castling_field(t: ChessTables, pos: Position, style: str = "xfen") -> str:
    if style not in STYLES:
        raise NotationError(f"unknown FEN style {style!r} (use {' or '.join(STYLES)})")
    out = ""
    for seat in (0, 1):
        king = movegen.king_cell(t, pos, seat)
        rooks = pos.castling & pos.colours[seat]
        all_rooks = pos.pieces[t.rook] & pos.colours[seat] & t.back_rank[seat]
        letters = []
        for rook in sorted(cellset.cells(rooks), reverse=True):
            file_letter = "abcdefghijklmnopqrstuvwxyz"[t.geometry.file_of(rook)]
            if style == "xfen" and king >= 0:
                outer = [c for c in cellset.cells(all_rooks) if (c > king) == (rook > king)]
                outermost = max(outer) if rook > king else min(outer)
                if rook == outermost:
                    file_letter = "k" if rook > king else "q"
            letters.append(file_letter.upper() if seat == 0 else file_letter)
        out += "".join(letters)
    return out or "-"
