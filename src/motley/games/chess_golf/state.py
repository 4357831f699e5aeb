"""Chess Golf states and their JSON form.

A state is one hole: the board, the phase (laying out the pieces from the shuffled deck,
dealing the chosen cards, or playing), the cards nobody has seen yet (a multiset: a shuffled
deck has no known order), the square after the last piece laid out, the chosen cards, the
cards of the pieces taken so far, the square of the piece that made the last capture, and the
number of moves made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from motley.chesslike.position import Position
from motley.components.chess_cards import Card, Pile
from motley.core.errors import NotationError, StateError
from motley.games.chess_golf.board import (
    GEOMETRY,
    Board,
    as_position,
    card_of,
    read_placement,
    write_placement,
)

LAYOUT, DEAL, PLAY = "layout", "deal", "play"
PHASES = (LAYOUT, DEAL, PLAY)


class GolfState(NamedTuple):
    board: Position  # the pieces (no side to move, castling or en passant in this game)
    phase: str
    pile: Pile = Pile()  # the cards still to be drawn in this phase
    cursor: int = 0  # layout: the square the next gap is counted from
    chosen: tuple[Card, ...] = ()  # the hole's chosen cards, in the order dealt
    taken: tuple[Card, ...] = ()  # cards of the pieces captured, in order
    capturer: int = -1  # square of the piece that made the last capture
    moves: int = 0

    @property
    def cells(self) -> Board:
        return self.board.pieces, self.board.colours


def cards_text(cards: tuple[Card, ...]) -> str:
    return "".join(card.letter for card in cards) or "-"


def read_cards(text: str) -> tuple[Card, ...]:
    text = text.strip()
    if text in ("", "-"):
        return ()
    return tuple(Card.parse(ch) for ch in text if not ch.isspace())


def state_to_json(state: GolfState) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "board": write_placement(state.cells),
        "pile": str(state.pile),
        "cursor": state.cursor,
        "chosen": cards_text(state.chosen),
        "taken": cards_text(state.taken),
        "capturer": GEOMETRY.name(state.capturer) if state.capturer >= 0 else "-",
        "moves": state.moves,
    }


def state_from_json(data: Mapping[str, Any]) -> GolfState:
    """Read `state_to_json` output (shape and notation only; the rules check the rest)."""
    if not isinstance(data, Mapping):
        raise StateError("a chess golf state is a JSON object")
    try:
        phase = _typed(data, "phase", str)
        board = read_placement(_typed(data, "board", str))
        pile = Pile.parse(_typed(data, "pile", str))
        cursor = _typed(data, "cursor", int)
        chosen = read_cards(_typed(data, "chosen", str))
        taken = read_cards(_typed(data, "taken", str))
        capturer_text = _typed(data, "capturer", str)
        capturer = -1 if capturer_text == "-" else GEOMETRY.parse(capturer_text)
        moves = _typed(data, "moves", int)
    except KeyError as missing:
        raise StateError(f"a chess golf state needs the field {missing}") from None
    except NotationError as error:
        raise StateError(f"bad chess golf state: {error}") from None
    if phase not in PHASES:
        raise StateError(f"'phase' is one of {', '.join(PHASES)}")
    return GolfState(as_position(board), phase, pile, cursor, chosen, taken, capturer, moves)


def _typed(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if type(value) is not kind:
        raise StateError(f"'{key}' must be {kind.__name__}")
    return value


def capturer_card(state: GolfState) -> Card | None:
    return card_of(state.cells, state.capturer) if state.capturer >= 0 else None
