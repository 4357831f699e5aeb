"""What a seat of Cooperative Chess sees, and full states guessed from it.

A seat sees the board, the face-up line, the discard pile, the recycled groups, its own
hand (both hands with the option `open_hands`) and how many cards every hand and the draw
pile hold. Nobody sees the draw pile's cards, the partner's hand, or which card each
recycling put out of the game. The board is kept in the view as its text (placement and
castling rights), so the view is plain data.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from motley.components.chess_cards import KING, PIECE_TYPES, Card, Pile, full_deck
from motley.core.errors import StateError
from motley.games.cooperative.state import CoopState, hand_of, line_text
from motley.games.synchronous.board import GEOMETRY, read_board, write_board

DECK = full_deck(PIECE_TYPES)


@dataclass(frozen=True)
class CoopView:
    """One seat's view: the state without the unseen cards (SPECTATOR sees no hand)."""

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


def make_view(state: CoopState, seat: int, open_hands: bool) -> CoopView:
    board = state.board
    return CoopView(
        seat=seat,
        board=write_board(board),
        colour=board.turn,
        ep=board.ep,
        phase=state.phase,
        hands=tuple(
            hand if open_hands or index == seat else None for index, hand in enumerate(state.hands)
        ),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        line=state.line,
        discard=state.discard,
        pile_size=len(state.pile),
        recycled=state.recycled,
        pending=state.pending,
        resume=state.resume,
        quiet_left=state.quiet_left,
        promoted=state.promoted,
        double_step=state.double_step,
        turns=state.turns,
    )


def view_to_json(view: CoopView) -> dict[str, Any]:
    return {
        "seat": view.seat,
        "board": view.board,
        "colour": view.colour,
        "ep": cell_name(view.ep),
        "phase": view.phase,
        "hands": [None if h is None else "".join(c.letter for c in h) for h in view.hands],
        "hand_sizes": list(view.hand_sizes),
        "line": line_text(view.line),
        "discard": str(view.discard),
        "pile_size": view.pile_size,
        "recycled": [str(group) for group in view.recycled],
        "pending": str(view.pending),
        "resume": view.resume,
        "quiet_left": view.quiet_left,
        "promoted": cell_name(view.promoted),
        "double_step": cell_name(view.double_step),
        "turns": view.turns,
    }


def cell_name(cell: int) -> str:
    return GEOMETRY.name(cell) if cell >= 0 else "-"


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
    return CoopState(
        board=board,
        phase=view.phase,
        hands=hands,
        line=view.line,
        pile=pile,
        discard=view.discard,
        removed=removed,
        recycled=view.recycled,
        pending=view.pending,
        resume=view.resume,
        quiet_left=view.quiet_left,
        promoted=view.promoted,
        double_step=view.double_step,
        turns=view.turns,
    )


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
