"""Cooperative Chess house rules: each reading of the seed where the text is open."""

from __future__ import annotations

from motley.core.spec import OptionSpec
from motley.games.cooperative.moves import FREE_CASTLING, ORTHODOX_CASTLING

OPTIONS = (
    OptionSpec(
        "open_hands",
        False,
        "whether every hand is shown to everyone; the seed's Talking section keeps hands "
        "secret (partners may ask yes/no questions), so by default each seat sees only its "
        "own hand",
    ),
    OptionSpec(
        "free_order",
        False,
        "whether the one non-capturing move may also come between or after captures; by "
        "default the seed's order is kept: card, non-capturing move, then captures",
    ),
    OptionSpec(
        "castling",
        FREE_CASTLING,
        "attacks on the king's squares when castling: 'ignored' (there is no check in this "
        "game) or 'orthodox' (never out of, through or into an attacked square)",
        (FREE_CASTLING, ORTHODOX_CASTLING),
    ),
    OptionSpec(
        "empty_hand",
        "skip",
        "a player with no card to play (the draw pile ran out): 'skip' goes straight to "
        "drawing, 'move' still allows the turn's chess moves",
        ("skip", "move"),
    ),
)
