"""Two Move Chess states, and their JSON form.

A state is the board, the phase of the turn (White's setup choice, both choosing cards, or
the cards' moves), the cards lying face up in front of each player, the pairs revealed this
turn, the card moves still to be made (in order), the pawns that have moved this turn, and
the positions seen at the start of each turn since the last capture or pawn move. Choices
made at the same time are resolved together by `apply_joint`, so a state holds no secret.
The JSON writes each field under its name (`CODEC`): cards by their letters, squares by name.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from motley.chesslike.position import Position
from motley.chesslike.turnless import (
    BOARD,
    BoardKey,
    board_key,
    cells_form,
    has_king,
    key_text,
    read_board,
)
from motley.core.codec import Form, StateCodec, text_form, tuple_of
from motley.core.errors import NotationError, StateError
from motley.games.two_move.cards import LETTERS, cards_text, read_cards, resolution

SETUP, CHOOSE, MOVE = "setup", "choose", "move"
PHASES = (SETUP, CHOOSE, MOVE)


class TwoMoveState(NamedTuple):
    board: Position
    phase: str
    face_up: tuple[int, int] = (0, 0)  # cards face up in front of each player
    chosen: tuple[int, int] = (0, 0)  # the pairs revealed this turn (move phase)
    queue: tuple[tuple[int, int], ...] = ()  # (seat, card) moves still to make, in order
    moved: int = 0  # cells of pieces that set out this turn as pawns and have moved
    turn: int = 1
    progress: bool = False  # this turn has captured a piece or moved a pawn
    seen: tuple[PositionKey, ...] = ()  # positions at each turn's start since the last progress


PositionKey = tuple[BoardKey, tuple[int, int]]


def position_key(board: Position, face_up: tuple[int, int]) -> PositionKey:
    """What repetition compares: the board and the cards lying face up."""
    return board_key(board), face_up


def position_text(key: PositionKey) -> str:
    """A position key as text for JSON: the board, then each player's face-up cards."""
    white, black = (cards_text(cards) or "-" for cards in key[1])
    return f"{key_text(key[0])} {white} {black}"


def read_position(text: str) -> PositionKey:
    fields = text.split()
    if len(fields) != 4:
        raise NotationError(f"a seen position is 'placement castling cards cards', not {text!r}")
    cards = tuple(read_cards("" if f == "-" else f) for f in fields[2:])
    return board_key(read_board(" ".join(fields[:2]))), (cards[0], cards[1])


def _write_two(cards: tuple[int, int]) -> list[str]:
    return [cards_text(c) for c in cards]


def _read_two(data: Any) -> tuple[int, int]:
    if not isinstance(data, list) or len(data) != 2 or not all(isinstance(v, str) for v in data):
        raise ValueError("two card sets")
    return read_cards(data[0]), read_cards(data[1])


TWO_CARD_SETS: Form[tuple[int, int]] = Form(
    "two card sets as text, White's first", _write_two, _read_two
)


def _read_entry(entry: Any) -> tuple[int, int]:
    if not isinstance(entry, list) or len(entry) != 2 or entry[0] not in (0, 1):
        raise ValueError("a queue entry")
    if type(entry[0]) is not int or not isinstance(entry[1], str):
        raise ValueError("a queue entry")
    cards = read_cards(entry[1])
    if cards.bit_count() != 1:
        raise ValueError("one card")
    return entry[0], cards.bit_length() - 1


QUEUE_ENTRY: Form[tuple[int, int]] = Form(
    "[seat, card letter]", lambda entry: [entry[0], LETTERS[entry[1]]], _read_entry
)


def check(state: TwoMoveState) -> None:
    """The bookkeeping the seed implies, phase by phase."""
    kings = has_king(state.board, 0) and has_king(state.board, 1)
    counts = sorted(c.bit_count() for c in state.face_up)
    if state.phase not in PHASES:
        raise StateError(f"'phase' is one of {', '.join(PHASES)}")
    if state.turn < 1:
        raise StateError("'turn' counts from 1")
    if not kings and (state.phase != MOVE or state.queue):
        raise StateError("a king is taken only by a card's move, which ends the game at once")
    if state.phase == SETUP:
        if state != TwoMoveState(state.board, SETUP):
            raise StateError("before White lays out its face-up cards nothing else has happened")
        return
    if not state.seen:
        raise StateError("'seen' must list at least the position at the start of this turn")
    if state.phase == CHOOSE:
        if counts != [0, 2] or any(state.chosen) or state.queue or state.moved:
            raise StateError("when cards are chosen one player has two face up, the other none")
        if state.progress or state.seen[-1] != position_key(state.board, state.face_up):
            raise StateError("between turns, 'seen' must end with the position")
        return
    if counts != [2, 4] or any(c.bit_count() != 2 for c in state.chosen):
        raise StateError("after a reveal one player has four cards face up, the other two")
    if any(state.chosen[s] & ~state.face_up[s] for s in (0, 1)):
        raise StateError("the revealed cards lie face up")
    order = resolution(*state.chosen)
    if state.queue != order[len(order) - len(state.queue) :] or (kings and not state.queue):
        raise StateError("'queue' must be what is left of the revealed cards' moves, in order")


CODEC = StateCodec(
    "two_move",
    TwoMoveState,
    {
        "board": BOARD,
        "face_up": TWO_CARD_SETS,
        "chosen": TWO_CARD_SETS,
        "queue": tuple_of(QUEUE_ENTRY),
        "moved": cells_form("moved"),
        "seen": tuple_of(text_form("a position text", position_text, read_position)),
    },
    check=check,
    omit_defaults=False,  # every field is written, as states have always been
)
