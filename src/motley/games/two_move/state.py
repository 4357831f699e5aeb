"""Two Move Chess states, and their JSON form.

A state is the board, the phase of the turn (White's setup choice, both choosing cards, or
the cards' moves), the cards lying face up in front of each player, the pairs revealed this
turn, the card moves still to be made (in order), the pawns that have moved this turn, and
the positions seen at the start of each turn since the last capture or pawn move. Choices
made at the same time are resolved together by `apply_joint`, so a state holds no secret.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from motley.chesslike.position import Position
from motley.core.errors import NotationError, StateError
from motley.games.synchronous.board import (
    BoardKey,
    board_key,
    cell_names,
    cells_from_names,
    has_king,
    key_text,
    read_board,
    write_board,
)
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


def state_to_json(state: TwoMoveState) -> dict[str, Any]:
    return {
        "board": write_board(state.board),
        "phase": state.phase,
        "face_up": [cards_text(c) for c in state.face_up],
        "chosen": [cards_text(c) for c in state.chosen],
        "queue": [[seat, LETTERS[card]] for seat, card in state.queue],
        "moved": cell_names(state.moved),
        "turn": state.turn,
        "progress": state.progress,
        "seen": [position_text(key) for key in state.seen],
    }


def state_from_json(data: Mapping[str, Any]) -> TwoMoveState:
    """Read `state_to_json` output, refusing anything no game could reach (StateError)."""
    if not isinstance(data, Mapping):
        raise StateError("a two-move state is a JSON object")
    try:
        board = read_board(_typed(data, "board", str))
        phase = _typed(data, "phase", str)
        face_up = _two(_typed(data, "face_up", list), "face_up")
        chosen = _two(_typed(data, "chosen", list), "chosen")
        queue = tuple(_queue_entry(e) for e in _typed(data, "queue", list))
        moved = cells_from_names(data["moved"], "moved")
        turn = _typed(data, "turn", int)
        progress = _typed(data, "progress", bool)
        texts = _typed(data, "seen", list)
        if not all(isinstance(text, str) for text in texts):
            raise StateError("'seen' lists positions as text")
        seen = tuple(read_position(text) for text in texts)
    except KeyError as missing:
        raise StateError(f"a two-move state needs the field {missing}") from None
    except NotationError as error:
        raise StateError(f"bad two-move state: {error}") from None
    state = TwoMoveState(board, phase, face_up, chosen, queue, moved, turn, progress, seen)
    _check(state)
    return state


def _check(state: TwoMoveState) -> None:
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


def _typed(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if type(value) is not kind:
        raise StateError(f"'{key}' must be {kind.__name__}")
    return value


def _two(values: list[Any], key: str) -> tuple[int, int]:
    if len(values) != 2 or not all(isinstance(v, str) for v in values):
        raise StateError(f"'{key}' lists two card sets as text, White's first")
    return read_cards(values[0]), read_cards(values[1])


def _queue_entry(entry: Any) -> tuple[int, int]:
    if not isinstance(entry, list) or len(entry) != 2 or entry[0] not in (0, 1):
        raise StateError("'queue' entries are [seat, card letter]")
    if type(entry[0]) is not int or not isinstance(entry[1], str):
        raise StateError("'queue' entries are [seat, card letter]")
    cards = read_cards(entry[1])
    if cards.bit_count() != 1:
        raise StateError("each 'queue' entry names one card")
    return entry[0], cards.bit_length() - 1
