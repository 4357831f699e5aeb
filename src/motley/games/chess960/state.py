"""Chess960's states and chance outcomes: the kit's `Position`, or `Undealt` before the start.

The start position is a chance node (see the package docstring): `StartPosition` draws one of
the 960 by number, `CardDeal` is the seed's deal of eight cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from motley.chesslike.position import Move, Position


@dataclass(frozen=True)
class Undealt:
    """Before the start position is chosen."""


@dataclass(frozen=True)
class StartPosition:
    """Chance outcome: start position `number` (written `sp 518`)."""

    number: int

    def __str__(self) -> str:
        return f"sp {self.number}"


@dataclass(frozen=True)
class CardDeal:
    """Chance outcome: the eight cards as dealt onto files a-h (written `deal BNRQKRNB`)."""

    cards: str

    def __str__(self) -> str:
        return f"deal {self.cards}"


State = Position | Undealt
Action = Move | StartPosition | CardDeal
