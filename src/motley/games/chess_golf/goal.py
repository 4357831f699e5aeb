"""What may capture what in a hole of Chess Golf, when the hole is done, and the legal moves.

Seed 002, Chess Golf, Special Move and Difficulty Level. The chosen cards name the piece
types of the hole. A capture is the only kind of capture there is: a piece matching one
chosen card takes a piece matching *another* chosen card (so with two identical cards a
piece may take its own twin, and with a white and a black bishop card a white bishop may
not take a white bishop). With three cards the type that captures must take both others;
after the first capture only the piece that made it captures again (`second=same_piece`),
or under the other reading any piece matching its card (`second=same_type`).
"""

from __future__ import annotations

from motley.chesslike.position import Move
from motley.components.chess_cards import Card
from motley.games.chess_golf.board import Board, card_cells, card_of, colour_moves, has_pair

# the two readings of the three-card rule (option `second`)
SAME_PIECE, SAME_TYPE = "same_piece", "same_type"
# the two readings of the special move (option `special`)
NO_PAIRS, NO_MOVES = "no_pairs", "no_moves"


def remaining(chosen: tuple[Card, ...], taken: tuple[Card, ...]) -> list[Card]:
    """The chosen cards whose pieces have not been taken (a card per capture is spent)."""
    left = list(chosen)
    for card in taken:
        left.remove(card)
    return left


def solved(chosen: tuple[Card, ...], taken: tuple[Card, ...]) -> bool:
    """Done when every chosen card but the capturer's own has been taken."""
    return len(taken) >= len(chosen) - 1


def capture_rights(
    board: Board,
    chosen: tuple[Card, ...],
    taken: tuple[Card, ...],
    capturer: int,
    second: str = SAME_PIECE,
) -> dict[int, int]:
    """For each piece that may capture now, the cells of the pieces it may take."""
    if solved(chosen, taken):
        return {}
    left = remaining(chosen, taken)
    movers_of: dict[Card, int] = {}
    if capturer >= 0:
        card = card_of(board, capturer)
        movers_of[card] = 1 << capturer if second == SAME_PIECE else card_cells(board, card)
    else:
        for card in left:
            movers_of[card] = card_cells(board, card)
    rights: dict[int, int] = {}
    for card, movers in movers_of.items():
        rest = list(left)
        rest.remove(card)
        victims = 0
        for other in rest:
            victims |= card_cells(board, other)
        if not victims:
            continue
        while movers:
            low = movers & -movers
            movers ^= low
            rights[low.bit_length() - 1] = victims
    return rights


def legal_moves(board: Board, rights: dict[int, int], special: str = NO_PAIRS) -> list[Move]:
    """Every legal move, both colours' pieces, ordered by origin then target.

    Special move (seed: Special Move): with `no_pairs` (the text) a colour none of whose
    pieces stand next to each other may make king steps with every piece; with `no_moves`
    (the reading of one known program) a colour gets them when none of its pieces has a
    borrowed move.
    """
    out: list[Move] = []
    for colour in (0, 1):
        own = board[1][colour]
        if not own:
            continue
        if special == NO_PAIRS:
            out += colour_moves(board, colour, rights, not has_pair(own))
        else:
            found = colour_moves(board, colour, rights, False)
            out += found or colour_moves(board, colour, rights, True)
    out.sort(key=lambda move: (move.origin, move.target))
    return out
