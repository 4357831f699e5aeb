"""The state of a round of Chess Golf (seed 002, Setup, Play, Game End) and its JSON form.

The round keeps the board the hole starts from, the deck (a multiset: nobody knows its
order) and the discard pile, the hole being played as a puzzle state (`GolfState`) while a
golfer demonstrates, the bids once revealed, who has failed, and the scorecard of the holes
played. A hole's record keeps its start, its cards, the bids, the scores and the moves shown,
so the par of every hole can be told afterwards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from motley.chesslike.position import Position
from motley.components.chess_cards import Card, Pile
from motley.core.errors import NotationError, StateError
from motley.games.chess_golf.board import GEOMETRY, Board, as_position, read_placement
from motley.games.chess_golf.board import write_placement as placement
from motley.games.chess_golf.state import GolfState, cards_text, read_cards
from motley.games.chess_golf.state import state_from_json as hole_from_json
from motley.games.chess_golf.state import state_to_json as hole_to_json

# the phases of a round
LAYOUT, DEAL, BID, DEMO, PUT, OVER = "layout", "deal", "bid", "demo", "put", "over"
PHASES = (LAYOUT, DEAL, BID, DEMO, PUT, OVER)


class Hole(NamedTuple):
    """One hole on the scorecard."""

    start: str  # the FEN placement the hole started from
    chosen: tuple[Card, ...]
    bids: tuple[int, ...]
    scores: tuple[int, ...]
    shown: tuple[str, ...] = ()  # the demonstrated moves (empty: nobody showed a path)
    by: int = -1  # the golfer who demonstrated it


class RoundState(NamedTuple):
    phase: str
    board: Position  # the board the hole starts from (the layout while laying out)
    pile: Pile  # the cards still to lay out, then the deck to deal from
    dealer: int
    cursor: int = 0  # layout: the square the next gap is counted from
    discard: Pile = Pile()  # chosen cards of the holes played
    chosen: tuple[Card, ...] = ()
    bids: tuple[int, ...] = ()  # revealed together; 0 is "impossible"
    failed: tuple[int, ...] = ()  # golfers who failed to demonstrate this hole, in order
    actor: int = -1  # the golfer demonstrating, or putting pieces back
    play: GolfState | None = None  # the demonstration: the board as moved so far
    hints: tuple[int, ...] = ()  # hints taken this hole, per golfer
    hint: str = ""  # the last hint given, as a move ("e5g6")
    shown: tuple[str, ...] = ()  # the moves demonstrated so far
    card: tuple[Hole, ...] = ()  # the holes played

    @property
    def cells(self) -> Board:
        return self.board.pieces, self.board.colours


def hole_to_data(hole: Hole) -> dict[str, Any]:
    return {
        "start": hole.start,
        "chosen": cards_text(hole.chosen),
        "bids": list(hole.bids),
        "scores": list(hole.scores),
        "shown": list(hole.shown),
        "by": hole.by,
    }


def state_to_json(state: RoundState) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "board": placement(state.cells),
        "pile": str(state.pile),
        "dealer": state.dealer,
        "cursor": state.cursor,
        "discard": str(state.discard),
        "chosen": cards_text(state.chosen),
        "bids": list(state.bids),
        "failed": list(state.failed),
        "actor": state.actor,
        "play": None if state.play is None else hole_to_json(state.play),
        "hints": list(state.hints),
        "hint": state.hint,
        "shown": list(state.shown),
        "card": [hole_to_data(h) for h in state.card],
    }


def state_from_json(data: Mapping[str, Any]) -> RoundState:
    """Read `state_to_json` output (shape and notation; the rules check the rest)."""
    if not isinstance(data, Mapping):
        raise StateError("a chess golf round is a JSON object")
    try:
        phase = _typed(data, "phase", str)
        if phase not in PHASES:
            raise StateError(f"'phase' is one of {', '.join(PHASES)}")
        play_data = data["play"]
        play = None if play_data is None else hole_from_json(play_data)
        return RoundState(
            phase=phase,
            board=as_position(read_placement(_typed(data, "board", str))),
            pile=Pile.parse(_typed(data, "pile", str)),
            dealer=_typed(data, "dealer", int),
            cursor=_typed(data, "cursor", int),
            discard=Pile.parse(_typed(data, "discard", str)),
            chosen=read_cards(_typed(data, "chosen", str)),
            bids=_ints(data, "bids"),
            failed=_ints(data, "failed"),
            actor=_typed(data, "actor", int),
            play=play,
            hints=_ints(data, "hints"),
            hint=_typed(data, "hint", str),
            shown=_texts(data, "shown"),
            card=tuple(_hole(h) for h in _typed(data, "card", list)),
        )
    except KeyError as missing:
        raise StateError(f"a chess golf round needs the field {missing}") from None
    except NotationError as error:
        raise StateError(f"bad chess golf round: {error}") from None


def _hole(data: Any) -> Hole:
    if not isinstance(data, Mapping):
        raise StateError("each hole on the card is a JSON object")
    start = _typed(data, "start", str)
    read_placement(start)
    return Hole(
        start,
        read_cards(_typed(data, "chosen", str)),
        _ints(data, "bids"),
        _ints(data, "scores"),
        _texts(data, "shown"),
        _typed(data, "by", int),
    )


def _texts(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    values = _typed(data, key, list)
    if not all(isinstance(v, str) for v in values):
        raise StateError(f"'{key}' lists moves as text")
    return tuple(values)


def _ints(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    values = _typed(data, key, list)
    if not all(type(v) is int for v in values):
        raise StateError(f"'{key}' lists whole numbers")
    return tuple(values)


def _typed(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if type(value) is not kind:
        raise StateError(f"'{key}' must be {kind.__name__}")
    return value


def square(cell: int) -> str:
    return GEOMETRY.name(cell)
