"""Tar Pit Chess values: the state, the view, the actions, the piles of cards, and their JSON.

Seed 002, The Rules of Chess Kit, section Tar Pit Chess. The board is an orthodox `Position`;
`checkers[c]` holds the squares whose piece stands on a checker of colour `c` (0 the light
checkers, White's; 1 the dark ones, Black's). A piece holds at most one checker, so the two
sets never meet. Checkers not on the board are either in front of their owner (`supply`) or in
the extra pile (what is left of the box, never stored).

Cards: each hand is a `Pile` (a multiset), the draw pile is a `Pile` whose order nobody knows,
and the discard pile is public (every card reaches it face up); `top` is the card last laid
on it.

As text, a position is a FEN whose placement marks the checkers: `*` after a piece's letter
means it stands on its own colour's checker (carrying), `~` on the opponent's (tarred). The
seed's example before Black's move is
`rnbqkb1r/ppppp~1pp/5n2/5p~2/4P~1P1/5P2/PPPP3P/RNBQKBNR b KQkq - 0 3`: the black pawns
on e7 and f5 stand on White's checkers, the white pawn on e4 on Black's. A state's JSON is
that FEN and the table (phase, seat, supplies, piles, hands); a view's leaves out the hands
and the draw pile but the viewer's own hand and the sizes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from motley.chesslike.fen import castling_field, parse_fen
from motley.chesslike.forms import SEAT, cell_or, whole
from motley.chesslike.marked import marked_placement, split_marks
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.components.chess_cards import CHECKER, PIECE_TYPES, Card, Pile, colour_cards
from motley.core import actions
from motley.core.codec import Form, Joint, StateCodec, one_of, pair_of, text_form
from motley.core.errors import NotationError

# the phases: the deal, then per turn the move, the throw, the card (with the opponent's
# answers to an opponent-coloured checker card: return a checker, discard), and the draw
DEAL = "deal"
MOVE = "move"
THROW = "throw"
CARD = "card"
RETURN = "return"
DISCARD = "discard"
DRAW = "draw"
PHASES = (DEAL, MOVE, THROW, CARD, RETURN, DISCARD, DRAW)
CHANCE_PHASES = (DEAL, DRAW)
# phases in which the player whose turn it is is not the one to decide
ANSWER_PHASES = (RETURN, DISCARD)

NONE = -1  # no checker
Checkers = tuple[int, int]  # the squares on a White checker, on a Black one (bit sets)
Supply = tuple[int, int]  # the checkers in front of each player


class TarPitState(NamedTuple):
    """A Tar Pit position in the middle of some turn (or of the deal).

    `seat` is the player whose turn it is; in the move phase `board.turn == seat`, and once
    the move is made `board.turn` is already the opponent (so `board.ep` is theirs).
    """

    board: Position  # its own `previous` link is always None
    checkers: Checkers  # squares on a White / a Black checker
    supply: Supply  # checkers in front of each player
    hands: tuple[Pile, Pile]  # secret: each seat sees its own
    draw: Pile  # secret to everyone: only its size is seen
    discard: Pile  # public
    top: Card | None  # the card last laid on the discard pile
    phase: str
    seat: int
    piece: int = -1  # THROW: the square of the piece that moved
    plies: int = 0  # turns completed
    history: tuple[str, ...] = ()  # turn-start positions since the last capture or pawn move


# -- actions ------------------------------------------------------------------------------


class Throw(actions.OnCell):
    """Throw the moved piece's checker one king step, under the piece on `cell`."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the checker under the moved piece (no throw). Written `keep`."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play `card`: a piece card adds a checker under the piece on `cell`; a checker card
    (cell -1) changes the supplies. Written `play n e4`, `play C`."""

    card: Card
    cell: int = -1


@dataclass(frozen=True, slots=True)
class NoCard:
    """Play no card this turn. Written `no card`."""


@dataclass(frozen=True, slots=True)
class Return:
    """Give up one checker to the extra pile: from in front of you (cell -1) or from under
    the piece on `cell`. Written `return supply`, `return e4`."""

    cell: int = -1


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard `card` from your hand, face up. Written `discard N`."""

    card: Card


Action = Move | Throw | Keep | Play | NoCard | Return | Discard | Card


# -- the deck -----------------------------------------------------------------------------


def deck(checker_cards: int) -> Pile:
    """One card for each piece of both armies, plus `checker_cards` checker cards a colour."""
    cards = [*colour_cards(0, PIECE_TYPES), *colour_cards(1, PIECE_TYPES)]
    cards += [Card(c, CHECKER) for c in (0, 1) for _ in range(checker_cards)]
    return Pile.of(cards)


def minus(pile: Pile, other: Pile) -> Pile:
    """The multiset `pile` less `other` (which it must contain)."""
    left = dict(pile.counts)
    for card, n in other.counts:
        have = left.get(card, 0)
        if have < n:
            raise ValueError(f"no {card.name} card to take")
        left[card] = have - n
    return Pile(tuple((c, left[c]) for c, _ in pile.counts if left[c]))


def merge(*piles: Pile) -> Pile:
    tally: dict[Card, int] = {}
    for pile in piles:
        for card, n in pile.counts:
            tally[card] = tally.get(card, 0) + n
    return Pile(tuple(sorted(tally.items(), key=lambda item: item[0].rank)))


def checker_at(checkers: Checkers, cell: int) -> int:
    """The colour of the checker under the piece on `cell`, or NONE."""
    if checkers[0] >> cell & 1:
        return 0
    if checkers[1] >> cell & 1:
        return 1
    return NONE


# -- as text and JSON --------------------------------------------------------------------

CARRY = "*"
TAR = "~"


class TarPitView(NamedTuple):
    """What one seat may see: the public state (both hands and the draw pile emptied), its
    own hand (None for a spectator), the hand sizes, the draw pile's size and the result."""

    seat: int
    public: TarPitState
    hand: Pile | None
    hand_sizes: tuple[int, int]
    draw_size: int
    outcome: str


def checker_sign(board: Position, checkers: Checkers, cell: int) -> str:
    """`*` under a piece on its own colour's checker (carrying), `~` on the opponent's
    (tarred), "" for none."""
    owner = 0 if board.colours[0] >> cell & 1 else 1
    if checkers[owner] >> cell & 1:
        return CARRY
    return TAR if checkers[owner ^ 1] >> cell & 1 else ""


def setup_text(t: ChessTables, board: Position, checkers: Checkers) -> str:
    """The position as a FEN with `*` after carrying pieces and `~` after tarred ones.

    The en-passant field is `board.ep` as given: whether a capture there may be played is
    Tar Pit's own question (tarred pieces take en passant too), answered by the rules
    (`TurnRules.ep_square`) before a state is written."""
    ep = board.ep
    fields = [
        "",  # the placement, marked below
        "w" if board.turn == 0 else "b",
        castling_field(t, board),
        t.geometry.name(ep) if ep >= 0 else "-",
        str(board.halfmove),
        str(board.fullmove),
    ]  # as `write_fen` writes them
    fields[0] = marked_placement(t, board, lambda cell: checker_sign(board, checkers, cell))
    return " ".join(fields)


def parse_setup(t: ChessTables, text: str) -> tuple[Position, Checkers]:
    """Read a marked FEN; raises NotationError."""
    fields = text.split()
    if len(fields) < 4 or len(fields) > 6:
        raise NotationError(f"a position needs 4 to 6 FEN fields, got {len(fields)}")
    placement = fields[0]
    plain, carry = split_marks(t, placement.replace(TAR, ""))
    _, tar = split_marks(t, placement.replace(CARRY, "").replace(TAR, CARRY))
    fields[0] = plain
    board = parse_fen(t, " ".join(fields), strict=False)
    marks = [0, 0]
    for cell in range(t.n):
        count = carry[cell] + tar[cell]
        if not count:
            continue
        if count > 1:
            raise NotationError(f"the piece on {t.geometry.name(cell)} has more than one checker")
        owner = 0 if board.colours[0] >> cell & 1 else 1
        marks[owner if carry[cell] else owner ^ 1] |= 1 << cell
    return board, (marks[0], marks[1])


# the keys in the order states have always been written: the public ones (a view's too),
# then those a view leaves out
PUBLIC = ("fen", "phase", "seat", "piece", "supply", "discard", "top", "plies", "history")
SECRET = ("hands", "draw")


@cache
def codec(t: ChessTables) -> StateCodec[TarPitState]:
    """The state's JSON: the marked FEN, the table, then the secret hands and draw pile."""
    piles = text_form("card letters", str, Pile.parse)
    return StateCodec(
        "tar_pit",
        TarPitState,
        {
            "supply": pair_of(whole(0)),
            "hands": pair_of(piles),
            "draw": piles,
            "discard": piles,
            "top": Form("a card letter or '-'", _write_top, _read_top),
            "phase": one_of(PHASES),
            "seat": SEAT,
            "piece": cell_or(t.geometry, "-"),
            "plies": whole(0),
        },
        joints={"fen": Joint(("board", "checkers"), _setup_form(t))},
        order=PUBLIC + SECRET,
        omit_defaults=False,
    )


def _setup_form(t: ChessTables) -> Form[tuple[Any, ...]]:
    return text_form(
        "a FEN with its checkers marked",
        lambda marked: setup_text(t, marked[0], marked[1]),
        lambda text: parse_setup(t, text),
    )


def _write_top(top: Card | None) -> str:
    return "-" if top is None else top.letter


def _read_top(data: Any) -> Card | None:
    if not isinstance(data, str):
        raise ValueError(data)
    return None if data == "-" else Card.parse(data)


def public_json(t: ChessTables, s: TarPitState) -> dict[str, Any]:
    data = codec(t).write(s)
    for key in SECRET:
        del data[key]
    return data


def state_json(t: ChessTables, s: TarPitState) -> dict[str, Any]:
    return codec(t).write(s)


def view_json(t: ChessTables, view: TarPitView) -> dict[str, Any]:
    data = public_json(t, view.public)
    data["viewer"] = view.seat
    data["hand"] = None if view.hand is None else str(view.hand)
    data["hand_sizes"] = list(view.hand_sizes)
    data["draw_size"] = view.draw_size
    data["outcome"] = view.outcome
    return data


def read_state(t: ChessTables, data: Mapping[str, Any]) -> TarPitState:
    """The fields of `state_json` as a state (shape only; the rules check the rest)."""
    return codec(t).read(data)
