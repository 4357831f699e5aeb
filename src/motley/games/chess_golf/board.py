"""Chess Golf boards: the piece set, placements as text, the layout from cards, borrowed moves.

A board is a pair of tuples of cell sets, as in every chess-like game here: one set per
piece kind (knight, bishop, rook, queen, king; there are no pawns) and one per colour.
Piece movement comes from the chess tables compiled from the Betza catalogue; a piece
never uses its own movement, only the movement of the kinds of its same-coloured
neighbours (seed 002, Chess Golf: "borrow a move from a neighbouring piece").
"""

from __future__ import annotations

from collections.abc import Iterable

from motley.chesslike.boards import text_board
from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables, chess_tables
from motley.components.chess_cards import LAYOUT_GAP, Card
from motley.core.errors import NotationError
from motley.geometry import cellset
from motley.geometry.square import SquareGeometry, square_board
from motley.pieces.catalogue import BISHOP, KING, KNIGHT, QUEEN, ROOK

GEOMETRY: SquareGeometry = square_board(8, 8)
TABLES: ChessTables = chess_tables(GEOMETRY, (KNIGHT, BISHOP, ROOK, QUEEN, KING), ())
LETTERS = TABLES.letters  # "N", "B", "R", "Q", "K": the kinds in board order
KIND = {letter: kind for kind, letter in enumerate(LETTERS)}
KING_KIND = KIND["K"]
ALL = TABLES.all_cells
# Every golf piece moves alike for both colours, so seat 0's compiled movement serves both.
MOVEMENT = TABLES.movement[0]
NEIGHBOURS: tuple[int, ...] = MOVEMENT[KING_KIND].quiet_leaps  # the 8 squares around a cell
MOVES = TABLES.moves  # one shared Move per (origin, target)
_NOT_A = ALL & ~sum(1 << (rank * 8) for rank in range(8))
_NOT_H = ALL & ~sum(1 << (rank * 8 + 7) for rank in range(8))

Board = tuple[tuple[int, ...], tuple[int, int]]  # (cells per kind, cells per colour)


def empty_board() -> Board:
    return (0,) * len(LETTERS), (0, 0)


def as_position(board: Board) -> Position:
    """The board as a chess-like position (no side to move matters; no castling, no e.p.)."""
    return Position(board[0], board[1], 0, 0, -1, 0, 1)


def read_placement(text: str) -> Board:
    """A board from the placement field of a FEN (`2B3R1/5k2/...`); raises NotationError."""
    fields = text.split()
    if len(fields) != 1:
        raise NotationError(f"a golf position is one FEN placement field, not {text!r}")
    try:
        position = parse_fen(TABLES, fields[0] + " w - -", strict=False)
    except NotationError as error:
        raise NotationError(f"{error} (golf pieces are N B R Q K; there are no pawns)") from None
    return position.pieces, position.colours


def write_placement(board: Board) -> str:
    return write_fen(TABLES, as_position(board), counters=False).split()[0]


def kind_at(board: Board, cell: int) -> int:
    """The kind of piece on `cell`, or -1 for an empty square."""
    return TABLES.kind_at(board[0], 1 << cell)


def colour_at(board: Board, cell: int) -> int:
    """0 (White) or 1 (Black) for the piece on `cell`; -1 for an empty square."""
    bit = 1 << cell
    return 0 if board[1][0] & bit else 1 if board[1][1] & bit else -1


def card_of(board: Board, cell: int) -> Card:
    """The chess card matching the piece on `cell` (which must hold one)."""
    return Card(colour_at(board, cell), LETTERS[kind_at(board, cell)])


def card_cells(board: Board, card: Card) -> int:
    """The cells of the pieces a card matches."""
    return board[0][KIND[card.type]] & board[1][card.colour]


def place(board: Board, card: Card, cell: int) -> Board:
    """The board with the piece a card names put on an empty `cell`."""
    bit = 1 << cell
    pieces = list(board[0])
    pieces[KIND[card.type]] |= bit
    colours = list(board[1])
    colours[card.colour] |= bit
    return tuple(pieces), (colours[0], colours[1])


def layout_cell(cursor: int, card: Card) -> int:
    """Where the layout puts a card's piece: its gap of empty squares after `cursor`.

    Squares are counted a1 to h1, then a2 to h2, and so on to h8 (seed 002, Chess Golf,
    Setup, with the gaps of Appendix A).
    """
    return cursor + LAYOUT_GAP[card.type]


def lay_out(cards: Iterable[Card]) -> Board:
    """The board laid out from cards in the order drawn (a whole deck fits: 46 gaps + 16)."""
    board, cursor = empty_board(), 0
    for card in cards:
        cell = layout_cell(cursor, card)
        if cell >= TABLES.n:
            raise NotationError("the cards' gaps run past h8")
        board = place(board, card, cell)
        cursor = cell + 1
    return board


# -- moves ---------------------------------------------------------------------------------------


def has_pair(own: int) -> bool:
    """Whether two of these cells are neighbours (orthogonally or diagonally)."""
    east = (own << 1) & _NOT_A
    north = own << 8
    north_east = (own << 9) & _NOT_A
    north_west = (own << 7) & _NOT_H
    return bool(own & (east | north | north_east | north_west))


def borrowed_reach(board: Board, cell: int, colour: int, occupied: int) -> int:
    """The squares the piece on `cell` reaches with its neighbours' moves (blockers included)."""
    friends = NEIGHBOURS[cell] & board[1][colour]
    if not friends:
        return 0
    pieces = board[0]
    reach = 0
    for kind in range(len(pieces)):
        if pieces[kind] & friends:
            reach |= MOVEMENT[kind].captures(cell, occupied)
    return reach


def colour_moves(
    board: Board, colour: int, victims: dict[int, int], king_steps: bool
) -> list[Move]:
    """Moves of one colour's pieces: borrowed moves (and king steps if `king_steps`).

    `victims` maps the cell of each piece allowed to capture to the cells it may take;
    any other occupied square blocks.
    """
    occupied = board[1][0] | board[1][1]
    empty = ALL & ~occupied
    out: list[Move] = []
    own = board[1][colour]
    while own:
        low = own & -own
        own ^= low
        cell = low.bit_length() - 1
        reach = borrowed_reach(board, cell, colour, occupied)
        if king_steps:
            reach |= NEIGHBOURS[cell]
        targets = reach & (empty | victims.get(cell, 0))
        row = MOVES[cell]
        while targets:
            bit = targets & -targets
            targets ^= bit
            out.append(row[bit.bit_length() - 1])
    return out


def move_piece(board: Board, origin: int, target: int) -> Board:
    """The board after the piece on `origin` goes to `target`, taking whatever stood there."""
    here, there = 1 << origin, 1 << target
    # one pass (the solver's hottest step): the mover's kind leaves `here` for `there`, the
    # taken piece's kind loses `there` (a twin of the mover's kind keeps it: `|` not `^`)
    pieces = tuple(
        (bits ^ here) | there if bits & here else bits & ~there if bits & there else bits
        for bits in board[0]
    )
    white, black = board[1]
    if white & here:
        return pieces, ((white ^ here) | there, black & ~there)
    return pieces, (white & ~there, (black ^ here) | there)


def cell_names(cells: int) -> list[str]:
    return [GEOMETRY.name(c) for c in cellset.cells(cells)]


def board_lines(board: Board, marked: int = -1) -> list[str]:
    """The board as terminal text, rank 8 on top, files lettered above and below.

    White pieces are upper case, Black lower case; the piece on `marked` (the capturer
    that must move again) carries a star.
    """

    def cell_text(cell: int) -> str:
        kind = kind_at(board, cell)
        if kind < 0:
            return ".  "
        letter = LETTERS[kind] if colour_at(board, cell) == 0 else LETTERS[kind].lower()
        return letter + ("* " if cell == marked else "  ")

    return text_board(cell_text, 3)
