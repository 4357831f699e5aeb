"""Positions linked back to the last irreversible move: their repetition draws and history.

A chess-like state keeps the states since the last capture or pawn move in a `previous`
chain, for repetition. The chain is written as a list of texts, oldest first, beside the
state's own text (the `history` of a state file), and read back the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, cast

from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import StateError
from motley.core.phased import Outcome


class Chained(Protocol):
    """A game state linked back to the last irreversible move, with a repetition key."""

    @property
    def previous(self) -> Chained | None: ...

    def key(self) -> object: ...


class Boarded(Chained, Protocol):
    """A chained state around a chess `Position`, its `board`."""

    @property
    def board(self) -> Position: ...


S = TypeVar("S")


def chained_draw(
    t: ChessTables, board: Position, state: Chained, options: Mapping[str, Any]
) -> Outcome | None:
    """Bare kings, the no-progress rule or repetition, for states kept in a `previous` chain.

    For variants that wrap a chess position in a state of their own (checkers under pieces);
    `repetition` and `no_progress_plies` are the options of `DRAW_OPTIONS`.
    """
    if board.occupied == board.pieces[t.royal]:
        return Outcome(None, "insufficient material")
    limit = int(options["no_progress_plies"])
    if limit and board.halfmove >= limit:
        return Outcome(None, f"{limit} plies without a capture or pawn move")
    times = int(options["repetition"])
    if times and board.halfmove >= 4 * (times - 1):  # fewer plies cannot repeat that often
        key = state.key()
        seen = 0
        prior: Chained | None = state
        while prior is not None:
            seen += prior.key() == key
            prior = prior.previous
        if seen >= times:
            return Outcome(None, f"the same position {times} times")
    return None


def mate_or_draw(
    t: ChessTables,
    state: Boarded,
    options: Mapping[str, Any],
    moves_left: bool,
    in_check: Callable[[], bool],
) -> Outcome | None:
    """How a turn-start `state` ends the game: no legal move is checkmate when `in_check()`
    (by the game's own check) and stalemate otherwise; then `chained_draw`."""
    if not moves_left:
        if in_check():
            return Outcome(state.board.turn ^ 1, "checkmate")
        return Outcome(None, "stalemate")
    return chained_draw(t, state.board, state, options)


def history_texts(state: S, write: Callable[[S], str]) -> tuple[str, ...]:
    """The texts of the states before `state` (a named tuple) in its chain, oldest first."""
    texts = []
    prior: Any = state.previous  # type: ignore[attr-defined]
    while prior is not None:
        texts.append(write(prior))
        prior = prior.previous
    return tuple(texts[::-1])


def read_history(state: S, texts: Sequence[str], read: Callable[[str], S]) -> S:
    """`state` (a named tuple) linked back to the states `texts` name (oldest first), each
    read by `read`; a bad text is a StateError naming its place in the history."""
    prior: Any = None
    for index, text in enumerate(texts):
        try:
            prior = cast(Any, read(text))._replace(previous=prior)
        except StateError as error:
            raise StateError(f"history entry {index + 1}: {error}") from None
    return cast(S, cast(Any, state)._replace(previous=prior))
