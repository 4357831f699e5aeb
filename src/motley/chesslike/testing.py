"""Test helpers for chess-like variants: legal moves as text, refusals, the piece on a square,
scripted games and their records, perft cases by depth."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest

from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import IllegalAction
from motley.core.record import Event, GameRecord
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.seat_record import export

S = TypeVar("S")


def legal_texts(rules: Rules[Any, Any], state: Any) -> set[str]:
    """The legal actions at `state`, as the game writes them."""
    return {rules.action_text(state, action) for action in rules.legal_actions(state)}


def refusal(rules: Rules[Any, Any], state: Any, text: str) -> str:
    """The one-line reason `parse_action` gives for refusing `text` (it must refuse it)."""
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, text)
    message = str(info.value)
    assert "\n" not in message
    return message


def letter_on(t: ChessTables, board: Position, name: str) -> str:
    """The FEN letter of the piece on the square `name` ('' if it is empty)."""
    cell = t.geometry.parse(name)
    kind = t.kind_at(board.pieces, 1 << cell)
    if kind < 0:
        return ""
    return t.letters[kind] if board.colours[0] >> cell & 1 else t.letters[kind].lower()


def depth_params(cases: Sequence[Any]) -> list[Any]:
    """(case, depth) for every depth a case has a count for (`name`, `counts`, `slow_from`),
    the deep ones marked slow."""
    return [
        pytest.param(
            case,
            depth,
            marks=[pytest.mark.slow] if depth >= case.slow_from else [],
            id=f"{case.name}-{depth}",
        )
        for case in cases
        for depth in range(1, len(case.counts) + 1)
    ]


# -- scripted games, and records compared seat by seat ----------------------------------


def words(texts: str) -> list[str]:
    """Actions separated by spaces (`bury P@b2` counts as one)."""
    return [text.replace("_", " ") for text in texts.replace("bury ", "bury_").split()]


def play(rules: Rules[S, Any], texts: str, state: S | None = None) -> S:
    """Play `texts` (see `words`) from `state`, or from the start."""
    state = rules.initial_state() if state is None else state
    for text in words(texts):
        state = rules.apply(state, rules.parse_action(state, text))
    return state


def texts(rules: Rules[S, Any], state: S) -> set[str]:
    return {rules.action_text(state, a) for a in rules.legal_actions(state)}


def record_of(rules: Rules[Any, Any], texts: str) -> GameRecord:
    """The record of a game of one decision at a time, `texts` played from the start."""
    state = rules.initial_state()
    events = []
    for text in words(texts):
        action = rules.parse_action(state, text)
        (seat,) = rules.actors(state)
        events.append(Event(NodeKind.DECISION, ((seat, rules.action_text(state, action)),)))
        state = rules.apply(state, action)
    return GameRecord(rules.spec.id, rules.spec.version, dict(rules.options), "", tuple(events))


def seat_records(games: list[GameRecord]) -> list[dict[int, str]]:
    """Each game's record as each seat and a spectator may download it, as JSON text."""
    return [
        {seat: json.dumps(export(game, seat).to_json()) for seat in (0, 1, SPECTATOR)}
        for game in games
    ]


def same_but_for_the_owner(exported: list[dict[int, str]], owner: int) -> None:
    """Two games that differ only in `owner`'s secret: the other seat's record and the
    public one are byte-identical, the owner's are not."""
    assert exported[0][owner ^ 1] == exported[1][owner ^ 1]
    assert exported[0][SPECTATOR] == exported[1][SPECTATOR]
    assert exported[0][owner] != exported[1][owner]
