"""Chess960: Fischer's shuffled start, castling to the orthodox squares.

Seed: 002, The Rules of Chess Kit, section Chess960.

The back rank is shuffled with the bishops on opposite colours and the king between the
rooks; Black mirrors White. The start is a chance node:

* `start=random` (default): one of the 960 start positions, each with probability 1/960,
  in the standard numbering (SP 518 is the orthodox array);
* `start=cards`: the seed's deal from an eight-card deck. The bishops go one into each of
  two four-card decks, the decks are shuffled and dealt alternately onto files a-h, and if
  both rooks fall on one side of the king the king swaps with the nearer rook. The chance
  node lists the 2,880 equally likely deals; each start position comes from exactly three
  of them (rook-king-rook as dealt, and the two orders the swap repairs), so all 960 are
  still equally likely;
* `position=N` or `position=FEN` skips the chance node.

Castling: king and rook end on the orthodox squares (c1/d1 or g1/f1); every square either
crosses must be empty but for the two of them, and the king may not start on, cross or land
on an attacked square. Moves are written king-takes-rook (e1h1), as Chess960 engines do;
`O-O` and `O-O-O` are read too. Everything else is orthodox chess (see `chess`).

On the table castling is made the same way, by dropping the king on its rook (the king's
two-square step would be ambiguous when the king starts next to its destination); the move
list writes it `O-O` or `O-O-O`, and a note names the start position while it is known.
"""

from motley.core.registry import register
from motley.games.chess960.rules import Chess960

__all__ = ["Chess960"]

register(Chess960)
