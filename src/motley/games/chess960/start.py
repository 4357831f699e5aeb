"""The 960 start positions: the standard numbering and the seed's eight-card deal.

The numbering is the one Chess960 engines and databases share (SP 518 is the orthodox
array); the deal is the seed's (Chess960 section): a bishop in each of two four-card decks,
dealt alternately onto files a-h, the king swapped with the nearer rook if both rooks fall
on one side of it.
"""

from __future__ import annotations

import itertools
from functools import cache

from motley.core.errors import NotationError

ORTHODOX_SP = 518
_KNIGHT_PLACES = ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))


@cache
def back_rank(number: int) -> str:
    """White's back rank (files a-h) of start position `number` in the standard numbering."""
    if not 0 <= number < 960:
        raise NotationError(f"Chess960 start positions are numbered 0-959, not {number}")
    rank = [""] * 8
    n, light = divmod(number, 4)
    rank[2 * light + 1] = "B"  # light-squared bishop on b, d, f or h
    n, dark = divmod(n, 4)
    rank[2 * dark] = "B"  # dark-squared bishop on a, c, e or g
    n, queen = divmod(n, 6)
    _place(rank, queen, "Q")
    first, second = _KNIGHT_PLACES[n]
    _place(rank, second, "N")  # the later knight first, so the earlier index stays valid
    _place(rank, first, "N")
    for letter in "RKR":
        _place(rank, 0, letter)
    return "".join(rank)


def _place(rank: list[str], index: int, letter: str) -> None:
    empty = [i for i, piece in enumerate(rank) if not piece]
    rank[empty[index]] = letter


@cache
def number_of(rank: str) -> int:
    for number in range(960):
        if back_rank(number) == rank:
            return number
    raise NotationError(f"{rank!r} is not a Chess960 back rank")


def start_fen(number: int) -> str:
    rank = back_rank(number)
    return f"{rank.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1"


def settle_deal(deal: str) -> str:
    """The seed's last step: if both rooks are on one side of the king, swap it with the nearer."""
    king = deal.index("K")
    rooks = [i for i, c in enumerate(deal) if c == "R"]
    if all(r < king for r in rooks) or all(r > king for r in rooks):
        nearer = min(rooks, key=lambda r: abs(r - king))
        cells = list(deal)
        cells[king], cells[nearer] = cells[nearer], cells[king]
        return "".join(cells)
    return deal


@cache
def all_deals() -> tuple[str, ...]:
    """Every distinct card deal: one bishop among files a/c/e/g, one among b/d/f/h."""
    deals = set()
    for odd, even in itertools.product(range(4), repeat=2):
        for rest in set(itertools.permutations("NNRRQK")):
            cells = list(rest)
            rank: list[str] = []
            for file in range(8):
                if file == 2 * odd or file == 2 * even + 1:
                    rank.append("B")
                else:
                    rank.append(cells.pop(0))
            deals.add("".join(rank))
    return tuple(sorted(deals))
