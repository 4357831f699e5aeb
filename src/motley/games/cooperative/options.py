"""Cooperative Chess house rules: each reading of the seed where the text is open."""

from __future__ import annotations

from motley.core.spec import OptionSpec
from motley.games.cooperative.moves import FREE_CASTLING, ORTHODOX_CASTLING, TEXT_CASTLING

OPTIONS = (
    OptionSpec(
        "open_hands",
        False,
        "whether every hand is shown to everyone; the seed's Talking section keeps hands "
        "secret (partners may ask yes/no questions), so by default each seat sees only its "
        "own hand",
        label="Play with open hands",
    ),
    OptionSpec(
        "free_order",
        False,
        "whether the one non-capturing move may also come between or after captures; by "
        "default the seed's order is kept: card, non-capturing move, then captures",
        label="The quiet move may come at any time",
    ),
    OptionSpec(
        "castling",
        TEXT_CASTLING,
        "attacks on the king's squares when castling: 'text' (legal chess moves, except "
        "that a king may move into check: never out of or through an attacked square, but "
        "it may land on one), 'ignored' (no check at all) or 'orthodox' (never out of, "
        "through or into an attacked square)",
        (TEXT_CASTLING, FREE_CASTLING, ORTHODOX_CASTLING),
        label="Castling and attacked squares",
    ),
    OptionSpec(
        "empty_hand",
        "skip",
        "a player with no card to play (the draw pile ran out): 'skip' goes straight to "
        "drawing, 'move' still allows the turn's chess moves",
        ("skip", "move"),
        label="With no card to play",
    ),
)

# Solitaire only: in the two-player game a king card drawn or dealt is always replaced.
KING_CARD = OptionSpec(
    "king_card",
    "replaced",
    "a king card drawn at the start of a solitaire turn: 'replaced' (the text's \"If you "
    "ever draw ... a king card, immediately add it to the face-up line and draw a "
    "replacement card\": another card is drawn to the line) or 'turn' (the king is the "
    "turn's card)",
    ("replaced", "turn"),
    label="A king card drawn in solitaire",
)
