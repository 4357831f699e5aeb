"""The orthodox board as the simultaneous-move games use it: read, write, draw and weigh.

Synchronous Chess and Two Move Chess keep a chess `Position` but never ask "whose move is
it?" of it: both sides act in one turn, so the position's side-to-move field is only set
while generating one side's moves. Their states therefore store a board as its FEN placement
plus castling rights (`rnbqkbnr/.../RNBQKBNR KQkq`), and a board may lack a king once the
game has been won by taking it. There is never an en-passant right: neither game has en
passant.
"""

from __future__ import annotations

from motley.chesslike import movegen
from motley.chesslike.evaluate import board_balance, squash
from motley.chesslike.fen import write_fen
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables, orthodox_tables
from motley.core.codec import Form, text_form
from motley.core.errors import NotationError
from motley.geometry import cellset
from motley.pieces.catalogue import ORTHODOX

TABLES: ChessTables = orthodox_tables()
GEOMETRY = TABLES.geometry

# piece kinds, in the catalogue's order; it is also the order of value the cards use
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(6)
SEAT_NAMES = ("White", "Black")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq"

_SYMBOLS = ("♙♘♗♖♕♔", "♟♞♝♜♛♚")


def read_board(text: str) -> Position:
    """A board from `placement castling` (a whole FEN is accepted; its other fields are
    ignored). Raises NotationError naming what is wrong."""
    fields = text.split()
    if not fields:
        raise NotationError("a board needs a FEN placement, e.g. 'rnbqkbnr/pppppppp/8/...'")
    rest = fields[1:]
    if rest and rest[0] in ("w", "b"):
        rest = rest[1:]  # a whole FEN: the side to move means nothing here
    rights = rest[0] if rest else "-"
    pieces, colours = _placement(fields[0])
    pos = Position(pieces, colours, 0, 0, -1, 0, 1)
    for seat in (0, 1):
        kings = (pieces[KING] & colours[seat]).bit_count()
        if kings > 1:
            raise NotationError(f"a board has at most one {SEAT_NAMES[seat].lower()} king")
    if pieces[PAWN] & (TABLES.back_rank[0] | TABLES.back_rank[1]):
        raise NotationError("a board has no pawn on the first or last rank")
    return pos._replace(castling=_castling(pos, rights))


def _placement(text: str) -> tuple[tuple[int, ...], tuple[int, int]]:
    rows = text.split("/")
    if len(rows) != 8:
        raise NotationError(f"a FEN placement has 8 ranks, got {len(rows)}: {text!r}")
    pieces = [0] * len(ORTHODOX)
    colours = [0, 0]
    for index, row in enumerate(rows):
        rank = 7 - index
        file = 0
        for char in row:
            if char in "12345678":
                file += int(char)
                continue
            kind = TABLES.kind_of_letter.get(char.lower())
            if kind is None:
                raise NotationError(f"unknown piece letter {char!r} in {text!r}")
            if file > 7:
                raise NotationError(f"rank {rank + 1} has more than 8 files in {text!r}")
            bit = 1 << (rank * 8 + file)
            pieces[kind] |= bit
            colours[0 if char.isupper() else 1] |= bit
            file += 1
        if file != 8:
            raise NotationError(f"rank {rank + 1} has {file} files, not 8, in {text!r}")
    return tuple(pieces), (colours[0], colours[1])


def _castling(pos: Position, text: str) -> int:
    """Rights in KQkq form: the king on its start square and the corner rook unmoved."""
    if text == "-":
        return 0
    rights = 0
    for char in text:
        if char not in "KQkq" or text.count(char) > 1:
            raise NotationError(f"castling rights are written with K, Q, k, q or '-': {text!r}")
        seat = 0 if char.isupper() else 1
        home = 8 * 7 * seat
        king, rook = home + 4, home + (7 if char in "Kk" else 0)
        own = pos.colours[seat]
        if not (1 << king) & own & pos.pieces[KING] or not (1 << rook) & own & pos.pieces[ROOK]:
            raise NotationError(f"castling right {char!r} needs the king and rook at home")
        rights |= 1 << rook
    return rights


def write_board(pos: Position) -> str:
    """`placement castling`: what `read_board` reads back."""
    placement = write_fen(TABLES, pos._replace(ep=-1), counters=False).split()[0]
    # rights live only on the corner rooks (read_board and moves keep it so); written here
    # rather than by FEN's writer, which needs a king on the board to say K or Q
    rights = "".join(
        letter
        for letter, cell in zip("KQkq", (7, 0, 63, 56), strict=True)
        if pos.castling >> cell & 1
    )
    return f"{placement} {rights or '-'}"


BoardKey = tuple[tuple[int, ...], tuple[int, int], int]


def board_key(pos: Position) -> BoardKey:
    """What repetition compares: placement and castling rights (cheap to make and compare)."""
    return pos.pieces, pos.colours, pos.castling


def key_text(key: BoardKey) -> str:
    """A board key as `write_board` text, for JSON."""
    return write_board(Position(key[0], key[1], 0, key[2], -1, 0, 1))


# how a board and a board key stand in a state's JSON (see `core.codec`)
BOARD: Form[Position] = text_form("a board: FEN placement and castling", write_board, read_board)
BOARD_KEY: Form[BoardKey] = text_form(
    "a board: FEN placement and castling", key_text, lambda text: board_key(read_board(text))
)


def as_mover(pos: Position, seat: int) -> Position:
    """The board with `seat` to move, for generating that side's moves."""
    return pos if pos.turn == seat else pos._replace(turn=seat)


def kind_on(pos: Position, cell: int) -> int:
    """The kind of piece on `cell`, or -1 if it is empty."""
    return TABLES.kind_at(pos.pieces, 1 << cell)


def owner(pos: Position, cell: int) -> int:
    """The seat whose piece stands on `cell`, or -1."""
    bit = 1 << cell
    return 0 if bit & pos.colours[0] else 1 if bit & pos.colours[1] else -1


def has_king(pos: Position, seat: int) -> bool:
    return bool(pos.pieces[KING] & pos.colours[seat])


def is_castling(pos: Position, move: Move) -> bool:
    """Castling is written inside as the king taking its own rook."""
    origin = owner(pos, move.origin)
    return origin >= 0 and kind_on(pos, move.origin) == KING and owner(pos, move.target) == origin


def tries_castling(pos: Position, move: Move) -> bool:
    """A king's move that castles: written inside, or as the king's two-square step."""
    is_king = kind_on(pos, move.origin) == KING
    return is_king and (is_castling(pos, move) or abs(move.target - move.origin) == 2)


def not_own_piece(pos: Position, move: Move, seat: int) -> str:
    """Why `seat` may not play `move` when no piece of its own stands on the origin, else ""."""
    if owner(pos, move.origin) == seat:
        return ""
    return f"there is no {SEAT_NAMES[seat]} piece on {GEOMETRY.name(move.origin)}"


def cannot_reach(pos: Position, move: Move) -> str:
    """The last reason left: the piece on the origin does not go to the target."""
    piece = TABLES.kinds[kind_on(pos, move.origin)].name
    origin, target = GEOMETRY.name(move.origin), GEOMETRY.name(move.target)
    return f"the {piece} on {origin} cannot reach {target}"


def in_check(pos: Position, seat: int) -> bool:
    king = movegen.king_cell(TABLES, pos, seat)
    return king >= 0 and movegen.is_attacked(TABLES, pos, king, seat ^ 1, pos.occupied)


# -- moves as text ---------------------------------------------------------------------------


def move_text(pos: Position, move: Move) -> str:
    """Coordinates (`e2e4`, `e7e8q`); castling is written as the king's step (`e1g1`)."""
    target = move.target
    if is_castling(pos, move):
        target, _ = TABLES.castle_squares(owner(pos, move.origin), move.origin, move.target)
    return GEOMETRY.name(move.origin) + GEOMETRY.name(target) + move.promotion


def san_body(pos: Position, move: Move) -> str:
    """A short algebraic name (`Nf3`, `exd5`, `e8=Q`, `O-O`) without check signs."""
    if is_castling(pos, move):
        return "O-O" if move.target > move.origin else "O-O-O"
    kind = kind_on(pos, move.origin)
    capture = owner(pos, move.target) not in (-1, owner(pos, move.origin))
    target = GEOMETRY.name(move.target)
    if kind == PAWN:
        if GEOMETRY.file_of(move.origin) != GEOMETRY.file_of(move.target):
            capture = True
        prefix = GEOMETRY.name(move.origin)[0] + "x" if capture else ""
        return prefix + target + ("=" + move.promotion.upper() if move.promotion else "")
    letter = TABLES.letters[kind]
    return letter + GEOMETRY.name(move.origin) + ("x" if capture else "-") + target


_PROMOTIONS = "qrbn"


def parse_coordinates(text: str) -> tuple[int, int, str] | None:
    """(origin, target, promotion) from `e2e4` / `e7e8q` / `e7-e8=Q`, or None if not that form."""
    clean = text.strip().lower().replace("-", "").replace("x", "").replace("=", "")
    if len(clean) not in (4, 5):
        return None
    try:
        origin, target = GEOMETRY.parse(clean[:2]), GEOMETRY.parse(clean[2:4])
    except NotationError:
        return None
    promotion = clean[4:]
    if promotion and promotion not in _PROMOTIONS:
        raise NotationError(f"{text!r}: a pawn is promoted to q, r, b or n, not {promotion!r}")
    return origin, target, promotion


def find_move(pos: Position, seat: int, text: str, legal: list[Move]) -> Move | None:
    """The legal move `text` names, None if it names a move that is not in `legal`.

    Reads coordinates (castling by the king's two-step or king-takes-rook), `O-O`, `O-O-O`
    and SAN (`Nf3`, `exd5`, `e8=Q`); raises NotationError for text of no known form.
    """
    stripped = text.strip().rstrip("+#!?")
    castle = stripped.upper().replace("0", "O")
    if castle in ("O-O", "O-O-O"):
        for move in legal:
            if is_castling(pos, move) and (move.target > move.origin) == (castle == "O-O"):
                return move
        return None
    coords = parse_coordinates(stripped)
    if coords is not None:
        origin, target, promotion = coords
        for move in legal:
            if move.origin != origin or move.promotion != promotion:
                continue
            if move.target == target or move_text(pos, move) == GEOMETRY.name(origin) + (
                GEOMETRY.name(target) + promotion
            ):
                return move
        return None
    return _find_san(pos, stripped, legal, text)


def _find_san(pos: Position, clean: str, legal: list[Move], text: str) -> Move | None:
    body = clean.replace("x", "").replace("-", "")
    promotion = ""
    if "=" in body:
        body, _, promotion = body.partition("=")
        promotion = promotion.lower()
    letter = body[0] if body and body[0] in "KQRBN" else ""
    body = body[len(letter) :]
    if len(body) < 2 or len(body) > 4:
        raise NotationError(f"{text!r} is neither a coordinate move (e2e4) nor SAN (Nf3)")
    try:
        target = GEOMETRY.parse(body[-2:])
    except NotationError:
        raise NotationError(f"{text!r} is neither a coordinate move (e2e4) nor SAN (Nf3)") from None
    hint = body[:-2]
    file_hint = hint[:1] if hint[:1] in "abcdefgh" else ""
    rank_hint = hint[len(file_hint) :]
    if rank_hint and not rank_hint.isdigit():
        raise NotationError(f"{text!r} is neither a coordinate move (e2e4) nor SAN (Nf3)")
    if promotion and promotion not in _PROMOTIONS:
        raise NotationError(f"{text!r}: a pawn is promoted to Q, R, B or N")
    kind = TABLES.kind_of_letter[letter.lower()] if letter else PAWN
    found = [
        m
        for m in legal
        if m.target == target
        and m.promotion == promotion
        and kind_on(pos, m.origin) == kind
        and not is_castling(pos, m)
        and (not file_hint or GEOMETRY.name(m.origin)[0] == file_hint)
        and (not rank_hint or GEOMETRY.name(m.origin)[1:] == rank_hint)
    ]
    if len(found) > 1:
        origins = ", ".join(GEOMETRY.name(m.origin) for m in found)
        raise NotationError(f"{text!r} is ambiguous: it could start from {origins}")
    return found[0] if found else None


# -- pictures and weights --------------------------------------------------------------------


def draw_board(pos: Position, flipped: bool = False) -> list[str]:
    """The board as text lines, White at the bottom unless `flipped`."""
    files = range(7, -1, -1) if flipped else range(8)
    ranks = range(8) if flipped else range(7, -1, -1)
    edge = ("  " + "".join(f" {'abcdefgh'[f]} " for f in files)).rstrip()
    lines = [edge]
    for rank in ranks:
        row = f"{rank + 1} "
        for file in files:
            cell = rank * 8 + file
            kind = kind_on(pos, cell)
            row += " · " if kind < 0 else f" {_SYMBOLS[owner(pos, cell)][kind]} "
        lines.append(f"{row} {rank + 1}")
    lines.append(edge)
    return lines


def evaluate_board(pos: Position, seat: int) -> float:
    """The Chess Kit's evaluation for `seat` in (-1, 1): material, placement and king
    shelter; a side without its king has lost."""
    if not has_king(pos, seat):
        return -1.0
    if not has_king(pos, seat ^ 1):
        return 1.0
    return squash(board_balance(TABLES, pos.pieces, pos.colours, seat))


def cell_names(bits: int) -> list[str]:
    return [GEOMETRY.name(c) for c in cellset.cells(bits)]


def cells_from_names(names: object, what: str) -> int:
    """A cell set from a JSON list of square names (raises NotationError)."""
    if not isinstance(names, list):
        raise NotationError(f"{what} must be a list of squares")
    bits = 0
    for name in names:
        if not isinstance(name, str):
            raise NotationError(f"{what} must be a list of squares")
        bits |= 1 << GEOMETRY.parse(name)
    return bits


def cells_form(what: str) -> Form[int]:
    """A set of cells in a state's JSON: the list of their square names."""
    return Form("a list of squares", cell_names, lambda data: cells_from_names(data, what))
