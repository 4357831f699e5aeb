"""The chess side of a Cooperative Chess turn: which moves the cards allow, and making them.

Pieces move as in chess (the shared movement tables), with no check at all: a king may move
into or stay in check. Captures and promotions are limited by cards:

* a capture needs a card like the capturing piece directly beside a card like the captured
  piece in the face-up line; that card of the captured piece goes to the discard pile (one
  `Capture` per distinct line that can result);
* a pawn may reach the last rank only with a pawn card of its colour in the line, and only
  as a piece whose card (of the pawn's colour) is in the discard pile, i.e. a piece that has
  been captured and can be put back on the board.

The line is read first: only the piece kinds that have a card beside a card of an enemy
kind can capture at all, so most positions need no capture search.
"""

from __future__ import annotations

from motley.chesslike import movegen
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.turnless import KING, PAWN, TABLES, as_mover, has_king, is_castling
from motley.components.chess_cards import Card, Pile
from motley.games.cooperative.state import KINDS, Capture, Line, pawn_card
from motley.geometry import cellset

ORTHODOX_CASTLING = "orthodox"
FREE_CASTLING = "ignored"
TEXT_CASTLING = "text"
KIND_OF = {letter: kind for kind, letter in enumerate(KINDS)}

Pairs = dict[tuple[int, int], list[int]]  # (capturer kind, victim kind) -> victim card indices


def victim_cell(board: Position, move: Move) -> int:
    """The cell of the piece `move` captures (the pawn behind, en passant), or -1."""
    colour = board.turn
    if (1 << move.target) & board.colours[colour ^ 1]:
        return move.target
    if move.target == board.ep and (1 << move.origin) & board.pieces[PAWN]:
        return TABLES.ep_victim[colour][move.target]
    return -1


def valid_ep(board: Position, ep: int, colour: int) -> int:
    """`ep` if `colour` could still take the pawn that passed it, else -1."""
    if ep < 0 or (1 << ep) & board.occupied:
        return -1
    behind = 1 << TABLES.ep_victim[colour][ep]
    return ep if behind & board.colours[colour ^ 1] & board.pieces[PAWN] else -1


def line_pairs(line: Line, colour: int) -> Pairs:
    """Which of `colour`'s piece kinds may capture which enemy kinds, and the positions of
    the victim cards that lie beside a card like the capturer (distinct lines left only)."""
    pairs: Pairs = {}
    for index, card in enumerate(line):
        if card.colour == colour:
            continue
        victim = KIND_OF[card.type]
        for near in (index - 1, index + 1):
            if 0 <= near < len(line) and line[near].colour == colour:
                found = pairs.setdefault((KIND_OF[line[near].type], victim), [])
                # taking out any card of a run of equal cards leaves the same line
                if not found or not all(c == card for c in line[found[-1] : index + 1]):
                    found.append(index)
    return pairs


def promotion_allowed(move: Move, colour: int, line: Line, discard: Pile) -> bool:
    """A pawn reaching the last rank needs its colour's pawn card in the line and the card of
    the piece it becomes in the discard pile."""
    if not move.promotion:
        return True
    if pawn_card(colour) not in line:
        return False
    return Card(colour, move.promotion.upper()) in discard


def _targets(pos: Position, kind: int, origin: int, quiet: bool) -> int:
    """Where the piece moves without capturing (`quiet`), or the cells it captures on."""
    colour = pos.turn
    movement = TABLES.movement[colour][kind]
    occupied = pos.colours[0] | pos.colours[1]
    if not quiet:
        reach = movement.captures(origin, occupied) & pos.colours[colour ^ 1]
        if kind == PAWN and pos.ep >= 0 and movement.capture_leaps[origin] >> pos.ep & 1:
            reach |= 1 << pos.ep
        return reach
    reach = movement.quiet(origin, occupied) & ~occupied
    if kind == PAWN and reach and (1 << origin) & TABLES.double_step_rows[colour]:
        reach |= movement.quiet_leaps[reach.bit_length() - 1] & ~occupied
    return reach


def _moves(pos: Position, origin: int, reach: int, pawn: bool) -> list[Move]:
    zone = TABLES.promotion_zone[pos.turn] if pawn else 0
    out = [TABLES.moves[origin][target] for target in cellset.cells(reach & ~zone)]
    for target in cellset.cells(reach & zone):
        out.extend(TABLES.promotion_moves[origin, target])
    return out


def quiet_moves(board: Position, colour: int, castling: str) -> list[Move]:
    """`colour`'s non-capturing moves by movement alone (promotions not yet checked)."""
    pos = as_mover(board, colour)
    us = pos.colours[colour]
    out: list[Move] = []
    for kind, bits in enumerate(pos.pieces):
        for origin in cellset.cells(bits & us):
            out += _moves(pos, origin, _targets(pos, kind, origin, True), kind == PAWN)
    if pos.castling & us:
        if castling == ORTHODOX_CASTLING:
            out += [m for m in movegen.pseudo_legal_moves(TABLES, pos) if is_castling(pos, m)]
        elif castling == TEXT_CASTLING:
            out += [m for m in _castles(pos, colour) if not _castles_out_or_through(pos, m)]
        else:
            out += _castles(pos, colour)
    return out


def capture_moves(board: Position, colour: int, pairs: Pairs | None = None) -> list[Move]:
    """`colour`'s capturing moves; with `pairs`, only by and of the kinds they name."""
    pos = as_mover(board, colour)
    us = pos.colours[colour]
    them = pos.colours[colour ^ 1]
    out: list[Move] = []
    wanted: dict[int, int] = {}  # capturer kind -> cells of the victims it may take
    for mover, victim in pairs if pairs is not None else [(k, -1) for k in range(len(KINDS))]:
        cells = them if victim < 0 else pos.pieces[victim] & them
        if victim in (PAWN, -1) and mover == PAWN and pos.ep >= 0:
            cells |= 1 << pos.ep
        wanted[mover] = wanted.get(mover, 0) | cells
    for mover, cells in wanted.items():
        for origin in cellset.cells(pos.pieces[mover] & us):
            reach = _targets(pos, mover, origin, False) & cells
            if reach:
                out += _moves(pos, origin, reach, mover == PAWN)
    return out


def _castles(pos: Position, colour: int) -> list[Move]:
    """Castling with attacks ignored (there is no check): king and rook unmoved, nothing
    between them."""
    king = movegen.king_cell(TABLES, pos, colour)
    if king < 0:
        return []
    rooks = pos.castling & pos.colours[colour] & pos.pieces[TABLES.rook]
    return [
        TABLES.moves[king][rook]
        for rook in cellset.cells(rooks)
        if not TABLES.between[king][rook] & pos.occupied
    ]


def _castles_out_or_through(pos: Position, move: Move) -> bool:
    """Whether castling starts from or crosses a square the opponent attacks ("All
    individual moves must be legal chess moves, with this exception: you may move a king
    into check": the king may land in check, but not castle out of or through it)."""
    colour = pos.turn
    king_to, _ = TABLES.castle_squares(colour, move.origin, move.target)
    crossed = (TABLES.between[move.origin][king_to] | (1 << move.origin)) & ~(1 << king_to)
    return any(
        movegen.is_attacked(TABLES, pos, cell, colour ^ 1, pos.occupied)
        for cell in cellset.cells(crossed)
    )


def chess_moves(board: Position, colour: int, castling: str) -> tuple[list[Move], list[Move]]:
    """(non-capturing moves, capturing moves) of `colour` by movement alone, cards aside."""
    return quiet_moves(board, colour, castling), capture_moves(board, colour)


def card_captures(board: Position, colour: int, line: Line, discard: Pile) -> list[Capture]:
    """The captures the line allows, one per capturing move and distinct line left."""
    pairs = line_pairs(line, colour)
    if not pairs:
        return []
    pos = as_mover(board, colour)
    found: list[Capture] = []
    for move in capture_moves(board, colour, pairs):
        if not promotion_allowed(move, colour, line, discard):
            continue
        mover = TABLES.kind_at(pos.pieces, 1 << move.origin)
        victim = TABLES.kind_at(pos.pieces, 1 << victim_cell(pos, move))
        found += [Capture(move, index) for index in pairs.get((mover, victim), ())]
    return found


def play_move(board: Position, move: Move, ep: int) -> tuple[Position, int, int]:
    """Make `move` for `board.turn`: (board after, kind captured or -1, new e.p. target).

    The board keeps the turn's colour and the e.p. target `ep` open to it (while it is still
    valid); a double step's target is returned, to open for the next turn.
    """
    colour = board.turn
    victim = victim_cell(board, move)
    captured = TABLES.kind_at(board.pieces, 1 << victim) if victim >= 0 else -1
    after = make_move(TABLES, board, move)
    double = after.ep
    after = after._replace(turn=colour, ep=-1, halfmove=0, fullmove=1, previous=None)
    if captured == KING and not has_king(after, colour ^ 1):
        # castling rights stand on the rooks; with the king gone they go too
        after = after._replace(castling=after.castling & ~TABLES.back_rank[colour ^ 1])
    return after._replace(ep=valid_ep(after, ep, colour)), captured, double
