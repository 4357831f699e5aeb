"""Cooperative Chess values: the state, the actions, and the face-up line of cards.

Seed 002, The Rules of Chess Kit, section Cooperative Chess. A state holds the board, every
card's place (hands, the face-up line, the unseen draw pile, the discard pile and the cards
put out of the game by recycling) and where the turn stands. The draw pile is a multiset
(`Pile`): nobody knows its order, so every draw is a chance node. The cards put out of the
game are known to nobody either; each is kept beside the group it was taken from (public).

A seat's view (`CoopView`) is the state without the unseen cards: the board, the face-up
line, the discard pile, the recycled groups, its own hand (both hands with the option
`open_hands`) and how many cards every hand and the draw pile hold. Nobody sees the draw
pile's cards, the partner's hand, or which card each recycling put out of the game.

As JSON, cards are written as their letters (upper case White, lower case Black); the line
keeps its order (from the draw-pile end) and piles are written sorted, having no order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from motley.chesslike.position import Move, Position
from motley.chesslike.turnless import (
    GEOMETRY,
    TABLES,
    read_board,
    write_board,
)
from motley.chesslike.turnless import PAWN as PAWN_KIND
from motley.components.chess_cards import (
    KING,
    PAWN,
    PIECE_TYPES,
    Card,
    Pile,
    full_deck,
)
from motley.core.codec import Form, StateCodec, optional, text_form, tuple_of
from motley.core.errors import MotleyError, StateError

# the phases of the game; a turn is PLAY, ACT (with PLACE after a promotion), DRAW
DEAL = "deal"  # chance: the opening deal, two cards to each hand (seat 0 first)
PLAY = "play"  # the mover plays a card from hand to the line (solitaire: chance, a draw)
ACT = "act"  # one optional non-capturing move, then any number of captures, then `end`
PLACE = "place"  # after a promotion: discard a pawn card, place the new piece's card
DRAW = "draw"  # chance: the mover draws back up to two cards
RECYCLE = "recycle"  # chance: which card of a recycled group leaves the game (nobody sees)
OVER = "over"  # the cards ran out (a captured king ends the game in any phase)
PHASES = (DEAL, PLAY, ACT, PLACE, DRAW, RECYCLE, OVER)

HAND_SIZE = 2
RUN = 4  # this many cards of one colour in a row are recycled
KINDS = "PNBRQK"  # the chess tables' piece kinds, in order, as card types
SEAT_NAMES = ("White", "Black")

Line = tuple[Card, ...]


class CoopState(NamedTuple):
    """Cooperative Chess in the middle of some turn.

    `board.turn` is the colour whose turn it is for the whole turn, and `board.ep` the
    en-passant target open to it (a double step of the previous turn).
    """

    board: Position
    phase: str
    hands: tuple[tuple[Card, ...], ...]  # per seat, sorted; () for the solitaire player
    line: Line  # face up, from the end beside the draw pile to the far end
    pile: Pile  # the unseen draw pile
    discard: Pile  # face up: captured pieces' cards and promoted pawns' cards
    removed: tuple[Card, ...]  # out of the game, one per recycled group (seen by nobody)
    recycled: tuple[Pile, ...]  # each group recycled so far (public), in order
    pending: Pile  # the group being recycled (RECYCLE), else empty
    resume: str  # the phase to go back to after RECYCLE
    quiet_left: bool  # ACT: the non-capturing move may still be made
    promoted: int  # PLACE: the cell of the piece a pawn just became, else -1
    double_step: int  # the e.p. target a double step made this turn (for the next), or -1
    turns: int  # turns begun so far


def new_state(board: Position, pile: Pile, seats: int) -> CoopState:
    return CoopState(
        board=board,
        phase=DEAL if seats else PLAY,
        hands=((),) * seats,
        line=(),
        pile=pile,
        discard=Pile(),
        removed=(),
        recycled=(),
        pending=Pile(),
        resume="",
        quiet_left=True,
        promoted=-1,
        double_step=-1,
        turns=0 if seats else 1,
    )


# -- actions ------------------------------------------------------------------------------
# Chance outcomes are `Card`s (a draw, or the card a recycling puts out of the game);
# non-capturing moves are chess `Move`s.


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play this card from hand to the far end of the line. Written `play N`."""

    card: Card


@dataclass(frozen=True, slots=True)
class Capture:
    """A capturing move; `victim` is the line index of the captured piece's card, which
    must lie next to a card like the capturing piece. Written `d5e6 @3` (1-based)."""

    move: Move
    victim: int


@dataclass(frozen=True, slots=True)
class Place:
    """After a promotion: discard the pawn card at line index `out`, then put the new
    piece's card so that it ends at index `into`. Written `out P3 in Q1` (1-based)."""

    out: int
    into: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """No more moves this turn: draw back up to two cards. Written `end`."""


Action = Card | PlayCard | Move | Capture | Place | EndTurn


# -- cards and the line ---------------------------------------------------------------------


def card_of(kind: int, colour: int) -> Card:
    """The card like a piece of chess-table kind `kind` and colour `colour`."""
    return Card(colour, KINDS[kind])


def pawn_card(colour: int) -> Card:
    return Card(colour, PAWN)


def letters(cards: Line) -> str:
    return "".join(card.letter for card in cards)


def line_text(line: Line) -> str:
    return letters(line) or "-"


def read_line(text: str) -> Line:
    """A line from letters, in order (`PbPn`; `-` for none); raises NotationError."""
    text = text.strip()
    if text in ("", "-"):
        return ()
    return tuple(Card.parse(ch) for ch in text)


def hand_of(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.rank))


def first_run(line: Line) -> tuple[int, int] | None:
    """(start, end) of the first run of RUN or more cards of one colour, from the draw-pile
    end, or None."""
    start = 0
    for index in range(1, len(line) + 1):
        if index == len(line) or line[index].colour != line[start].colour:
            if index - start >= RUN:
                return start, index
            start = index
    return None


def without(line: Line, index: int) -> Line:
    return line[:index] + line[index + 1 :]


def inserted(line: Line, index: int, card: Card) -> Line:
    return (*line[:index], card, *line[index:])


def next_to(line: Line, index: int, card: Card) -> bool:
    """Whether `card` lies directly beside position `index` of the line."""
    return (index > 0 and line[index - 1] == card) or (
        index + 1 < len(line) and line[index + 1] == card
    )


DECK = full_deck(PIECE_TYPES)


# -- a seat's view --------------------------------------------------------------------------


@dataclass(frozen=True)
class CoopView:
    """One seat's view: the state without the unseen cards (SPECTATOR sees no hand). The
    board is kept as its text (placement and castling rights), so the view is plain data."""

    seat: int
    board: str  # placement and castling rights
    colour: int  # whose turn it is
    ep: int
    phase: str
    hands: tuple[tuple[Card, ...] | None, ...]  # None for a hand this seat cannot see
    hand_sizes: tuple[int, ...]
    line: tuple[Card, ...]
    discard: Pile
    pile_size: int
    recycled: tuple[Pile, ...]
    pending: Pile
    resume: str
    quiet_left: bool
    promoted: int
    double_step: int
    turns: int


# what a state and every view of it hold alike
PUBLIC = (
    "phase",
    "line",
    "discard",
    "recycled",
    "pending",
    "resume",
    "quiet_left",
    "promoted",
    "double_step",
    "turns",
)


def public(source: CoopState | CoopView) -> dict[str, Any]:
    return {name: getattr(source, name) for name in PUBLIC}


def make_view(state: CoopState, seat: int, open_hands: bool) -> CoopView:
    return CoopView(
        seat=seat,
        board=write_board(state.board),
        colour=state.board.turn,
        ep=state.board.ep,
        hands=tuple(
            hand if open_hands or index == seat else None for index, hand in enumerate(state.hands)
        ),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        pile_size=len(state.pile),
        **public(state),
    )


def sample_state(view: CoopView, rng: random.Random) -> CoopState:
    """A full state that `view`'s seat cannot tell from the real one.

    The unseen cards (the deck less every card the view shows) are shared out: one card of
    each recycled group out of the game, the hands the seat cannot see (never a king: kings
    go straight to the line), and the rest to the draw pile. Choices are drawn at random
    with the weights of the cards available, and backtrack when a later slot cannot be
    filled (the real state shows there is always a way).
    """
    pool = Counter(DECK)
    for card in (*view.line, *view.discard, *view.pending):
        pool[card] -= 1
    for hand in view.hands:
        for card in hand or ():
            pool[card] -= 1
    if any(n < 0 for n in pool.values()):
        raise StateError("cooperative: the view shows more cards than the deck holds")
    slots: list[Counter[Card] | None] = [Counter(group) for group in view.recycled]
    unseen = [i for i, hand in enumerate(view.hands) if hand is None]
    slots += [None] * sum(view.hand_sizes[i] for i in unseen)  # None: any card but a king
    chosen = _fill(slots, pool, rng)
    if chosen is None:
        raise StateError("cooperative: no deal of the unseen cards fits this view")
    removed = tuple(chosen[: len(view.recycled)])
    dealt = iter(chosen[len(view.recycled) :])
    hands = tuple(
        hand if hand is not None else hand_of([next(dealt) for _ in range(view.hand_sizes[i])])
        for i, hand in enumerate(view.hands)
    )
    for card in chosen:
        pool[card] -= 1
    pile = Pile.of(card for card, n in pool.items() for _ in range(n))
    if len(pile) != view.pile_size:
        raise StateError("cooperative: the view's card counts do not add up")
    board = read_board(view.board)._replace(turn=view.colour, ep=view.ep)
    return CoopState(board=board, hands=hands, pile=pile, removed=removed, **public(view))


def _fill(
    slots: list[Counter[Card] | None], pool: Counter[Card], rng: random.Random
) -> list[Card] | None:
    """One card from `pool` per slot (a group's cards, or None for any card but a king)."""
    left = Counter(pool)
    out: list[Card] = []

    def search(index: int) -> bool:
        if index == len(slots):
            return True
        slot = slots[index]
        weights = {
            card: n * (slot[card] if slot is not None else card.type != KING)
            for card, n in left.items()
            if n > 0
        }
        options = [card for card, w in weights.items() if w > 0]
        while options:
            pick = rng.choices(options, [weights[c] for c in options])[0]
            options.remove(pick)
            left[pick] -= 1
            out.append(pick)
            if search(index + 1):
                return True
            out.pop()
            left[pick] += 1
        return False

    return out if search(0) else None


# -- JSON ----------------------------------------------------------------------------------


def cell_name(cell: int) -> str:
    return GEOMETRY.name(cell) if cell >= 0 else "-"


def read_cell(text: str) -> int:
    return -1 if text == "-" else GEOMETRY.parse(text)


def read_hand(text: str) -> tuple[Card, ...]:
    return hand_of(read_line(text))


CELL = text_form("a square name or '-'", cell_name, read_cell)
LINE = text_form("cards as letters", line_text, read_line)
PILE = text_form("cards as letters", str, Pile.parse)
SHARED: dict[str, Form[Any]] = {
    "line": LINE,
    "discard": PILE,
    "recycled": tuple_of(PILE),
    "pending": PILE,
    "promoted": CELL,
    "double_step": CELL,
}
SEEN_HAND = text_form("cards as letters", letters, read_line)  # a view writes "" for none
STATE_CODEC = StateCodec(
    "cooperative",
    CoopState,
    {
        "board": text_form("a board (placement and castling rights)", write_board, read_board),
        "hands": tuple_of(text_form("cards as letters", line_text, read_hand)),
        "pile": PILE,
        "removed": LINE,
        **SHARED,
    },
    omit_defaults=False,
)
VIEW_CODEC = StateCodec(
    "cooperative",
    CoopView,
    {"ep": CELL, "hands": tuple_of(optional(SEEN_HAND)), **SHARED},
)
TURN = ("colour", "ep")  # the board's side to move and en-passant target, beside "board"


def view_to_json(view: CoopView) -> dict[str, Any]:
    return VIEW_CODEC.write(view)


def state_to_json(state: CoopState) -> dict[str, Any]:
    data = STATE_CODEC.write(state)
    turn = {"colour": state.board.turn, "ep": cell_name(state.board.ep)}
    return {"board": data.pop("board"), **turn, **data}


def state_from_json(data: Mapping[str, Any], seats: int) -> CoopState:
    """Read `state_to_json` output, refusing what no game could reach (StateError)."""
    if not isinstance(data, Mapping):
        raise StateError("a cooperative state is a JSON object")
    missing = next((key for key in (*STATE_CODEC.forms, *TURN) if key not in data), None)
    if missing is not None:
        raise StateError(f"a cooperative state needs the field {missing!r}")
    colour = data["colour"]
    if type(colour) is not int or colour not in (0, 1):
        raise StateError("'colour' is 0 (White) or 1 (Black)")
    try:
        ep = CELL.read(data["ep"])
    except (ValueError, MotleyError):
        raise StateError("'ep' is a square name or '-'") from None
    state = STATE_CODEC.read({key: value for key, value in data.items() if key not in TURN})
    state = state._replace(board=state.board._replace(turn=colour, ep=ep))
    check(state, seats)
    return state


def check(state: CoopState, seats: int) -> None:
    """The bookkeeping the rules keep: every card in one place, cards matching pieces."""
    if state.phase not in PHASES:
        raise StateError(f"'phase' is one of {', '.join(PHASES)}")
    if len(state.hands) != seats:
        raise StateError(f"'hands' lists {seats} hands")
    if any(len(h) > HAND_SIZE or any(c.type == KING for c in h) for h in state.hands):
        raise StateError("a hand holds at most two cards and never a king (kings go face up)")
    if any(c.type not in KINDS for c in (*state.line, *state.pile, *state.discard)):
        raise StateError("Cooperative Chess has no checker cards")
    every = [*state.line, *state.pile, *state.discard, *state.removed, *state.pending]
    every += [c for hand in state.hands for c in hand]
    if Counter(every) != Counter(DECK):
        raise StateError("the cards must be the 32 piece cards, each in exactly one place")
    if len(state.removed) != len(state.recycled) or any(
        card not in group for card, group in zip(state.removed, state.recycled, strict=False)
    ):
        raise StateError("each recycled group puts exactly one of its cards out of the game")
    if (state.phase == RECYCLE) != bool(state.pending) or (state.phase == RECYCLE) != bool(
        state.resume
    ):
        raise StateError("a group is pending, with a phase to resume, exactly while recycling")
    if state.pending and (len(state.pending) < RUN or len({c.colour for c in state.pending}) != 1):
        raise StateError("a recycled group is four or more cards of one colour")
    if state.resume not in ("", DEAL, PLAY, ACT, DRAW):
        raise StateError("recycling resumes the deal, a card play, the moves or the draw")
    kings = all(state.board.pieces[TABLES.royal] & side for side in state.board.colours)
    if kings and state.phase in (DEAL, PLAY, ACT, DRAW) and first_run(state.line) is not None:
        raise StateError("four cards of one colour in a row are recycled at once")
    if state.turns < 0 or (state.phase == DEAL) != (state.turns == 0 and seats > 0):
        raise StateError("'turns' counts the turns begun; the deal comes before the first")
    _check_pieces(state)


def _check_pieces(state: CoopState) -> None:
    """Each kind of piece on the board has as many cards outside the discard pile (while a
    promotion waits for its cards to move, the pawn's and the new piece's are one behind)."""
    board = state.board
    cards = Counter(DECK)
    for card in state.discard:
        cards[card] -= 1
    colour = board.turn
    if state.phase == PLACE:
        if state.promoted < 0 or not (1 << state.promoted) & board.colours[colour]:
            raise StateError("a promotion waits with the new piece's square in 'promoted'")
        kind = TABLES.kind_at(board.pieces, 1 << state.promoted)
        if kind in (PAWN_KIND, TABLES.royal) or pawn_card(colour) not in state.line:
            raise StateError("a promoted pawn becomes a piece and a pawn card is in the line")
        cards[pawn_card(colour)] -= 1
        cards[Card(colour, KINDS[kind])] += 1
    elif state.promoted >= 0:
        raise StateError("'promoted' names a square only while a promotion waits")
    for kind, bits in enumerate(board.pieces):
        for side in (0, 1):
            if (bits & board.colours[side]).bit_count() != cards[Card(side, KINDS[kind])]:
                raise StateError(
                    f"the {Card(side, KINDS[kind]).name} pieces on the board must match its "
                    "cards outside the discard pile"
                )
    for cell in (board.ep, state.double_step):
        if cell >= 0 and GEOMETRY.coords(cell)[1] not in (2, 5):
            raise StateError("an en-passant target is on the third or sixth rank")
