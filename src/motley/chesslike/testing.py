"""Test helpers for chess-like variants: legal moves as text, refusals, the piece on a square,
scripted games and their records, perft cases by depth."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import pytest

from motley.chesslike.position import Position
from motley.chesslike.rules import DRAW_OPTIONS, ChessLikeRules
from motley.chesslike.spec import chess_spec
from motley.chesslike.tables import ChessTables
from motley.core.driver import Played, random_step
from motley.core.errors import IllegalAction, MotleyError, StateError
from motley.core.record import Event, GameRecord, replay
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.seat_record import export
from motley.core.testing import json_copy

S = TypeVar("S")


def legal_texts(rules: Rules[Any, Any], state: Any) -> set[str]:
    """The legal actions at `state`, as the game writes them."""
    return {rules.action_text(state, action) for action in rules.legal_actions(state)}


def listed_texts(rules: Rules[Any, Any], state: Any) -> list[str]:
    """The legal actions at `state` as the game writes them, in the order it lists them."""
    return [rules.action_text(state, action) for action in rules.legal_actions(state)]


def play_on(rules: Rules[S, Any], state: S, *texts: str) -> S:
    """`state` after `texts`, each action read in the game's notation where it is played."""
    for text in texts:
        state = rules.apply(state, rules.parse_action(state, text))
    return state


def refusal(
    rules: Rules[Any, Any],
    state: Any,
    text: str,
    error: type[MotleyError] = IllegalAction,
    seat: int | None = None,
) -> str:
    """The one-line reason `parse_action` gives for refusing `text` (it must refuse it with
    `error`), read for `seat` (the seat to act when None)."""
    with pytest.raises(error) as info:
        rules.parse_action(state, text, seat)
    message = str(info.value)
    assert "\n" not in message
    return message


Refused = tuple[str, type[MotleyError], str]  # a bad input, its error, words the refusal names


def one_line_refusals(
    start: Callable[[], tuple[Rules[Any, Any], Any]], cases: Sequence[Refused], secret: str = ""
) -> Callable[[str, type[MotleyError], str], None]:
    """A test run once per case: at the state `start` sets up, `parse_action` refuses each bad
    input with its error in one line naming the words given (and never showing `secret`, a
    hidden part of that state)."""

    @pytest.mark.parametrize(("text", "error", "words"), cases)
    def test(text: str, error: type[MotleyError], words: str) -> None:
        rules, state = start()
        message = refusal(rules, state, text, error)
        assert words in message
        assert not secret or secret not in message, message

    return test


def rule_broken(rules: Rules[Any, Any], state: Any, text: str) -> str:
    """The rule an illegal `text` breaks, as the refusal names it (it must be refused)."""
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, text)
    assert "\n" not in str(info.value)
    return info.value.rule


def not_offered(rules: Rules[Any, Any], state: Any, text: str) -> str:
    """The rule refusing `text` breaks (see `rule_broken`); the legal actions leave it out."""
    assert text not in legal_texts(rules, state)
    return rule_broken(rules, state, text)


def refuses_states(rules: Rules[Any, Any], bad_states: Sequence[Any]) -> None:
    """Each of `bad_states` (state JSON) is refused with a one-line StateError."""
    for data in bad_states:
        with pytest.raises(StateError) as info:
            rules.state_from_json(data)
        assert "\n" not in str(info.value), data


def states_round_trip(rules: Rules[Any, Any], record: GameRecord) -> None:
    """Every state along `record` reads back from its JSON text as the same state."""
    for number, state in enumerate(replay(record)):
        assert rules.state_from_json(json_copy(rules.state_to_json(state))) == state, number


def replays_to_its_end(rules: Rules[S, Any], played: Played) -> S:
    """The last state of `played`'s record, read back from JSON text and replayed: it must be
    the state the finished game stands in."""
    assert rules.kind(played.state) is NodeKind.TERMINAL
    final: S = replay(GameRecord.from_json(json_copy(played.record.to_json())))[-1]
    assert final == played.state
    return final


def evaluations_in_range(
    rules: Rules[S, Any], rng: random.Random, plies: int | None = None
) -> S:
    """Play at random from the start until the end (or for `plies` plies), checking that each
    seat's evaluation of every position on the way lies in [-1, 1]; the last state reached."""
    state = rules.initial_state()
    played = 0
    while rules.kind(state) is not NodeKind.TERMINAL and played != plies:
        for seat in range(rules.spec.players):
            assert -1.0 <= rules.evaluate(state, seat) <= 1.0
        state = random_step(rules, state, rng)
        played += 1
    return state


def naive_board(placement: str) -> dict[tuple[int, int], str]:
    """A FEN placement read square by square, (file, rank) -> letter, for the naive move
    generators that tests check the engine against (no tables, no bitboards)."""
    board: dict[tuple[int, int], str] = {}
    for row, text in enumerate(placement.split("/")):
        file = 0
        for ch in text:
            if ch.isdigit():
                file += int(ch)
            else:
                board[(file, 7 - row)] = ch
                file += 1
    return board


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
    return play_on(rules, rules.initial_state() if state is None else state, *words(texts))


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


# -- a naive reference for pieces' reach on a plain dictionary board ----------------------

NaiveSquare = tuple[int, int]  # (file, rank), each 0-7
KING_STEPS = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
DIAGONAL_RAYS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
STRAIGHT_RAYS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
RAYS = {"B": DIAGONAL_RAYS, "R": STRAIGHT_RAYS, "Q": DIAGONAL_RAYS + STRAIGHT_RAYS}


def on_board(square: NaiveSquare) -> bool:
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


NaiveBoard = Mapping[NaiveSquare, Sequence[object]]  # square -> a piece, its colour first


def naive_reach(
    board: NaiveBoard,
    square: NaiveSquare,
    letter: str,
    takes: Callable[[NaiveSquare], bool] | None = None,
) -> list[NaiveSquare]:
    """Where a knight, king, bishop, rook or queen (`letter`, upper case) on `square` goes by
    the rules of chess alone: each empty square it reaches, and each occupied one where
    `takes(square)` (by default: an enemy stands there). `board` maps squares to pieces whose
    first item is their colour. Tests compare the engines' generators with it."""
    colour = board[square][0]
    can_take = takes or (lambda near: board[near][0] != colour)
    out: list[NaiveSquare] = []
    file, rank = square
    for dx, dy in KNIGHT_JUMPS if letter == "N" else KING_STEPS if letter == "K" else []:
        near = (file + dx, rank + dy)
        if on_board(near) and (near not in board or can_take(near)):
            out.append(near)
    for dx, dy in RAYS.get(letter, []):
        near = (file + dx, rank + dy)
        while on_board(near):
            if near in board:
                if can_take(near):
                    out.append(near)
                break
            out.append(near)
            near = (near[0] + dx, near[1] + dy)
    return out


def naive_pawn_reach(
    board: NaiveBoard,
    square: NaiveSquare,
    forward: int,
    double_from: int | None,
    takes: Callable[[NaiveSquare], bool],
) -> list[NaiveSquare]:
    """Where a pawn on `square` goes: one step `forward` (1 up the board, -1 down) to an empty
    square, a second one too when it stands on rank `double_from` (None: never), and one step
    diagonally forward to each square where `takes(square)` (an enemy, an en-passant square:
    each game's own rule)."""
    file, rank = square
    out: list[NaiveSquare] = []
    one = (file, rank + forward)
    if on_board(one) and one not in board:
        out.append(one)
        two = (file, rank + 2 * forward)
        if rank == double_from and two not in board:
            out.append(two)
    for side in (-1, 1):
        diagonal = (file + side, rank + forward)
        if on_board(diagonal) and takes(diagonal):
            out.append(diagonal)
    return out


class KitChess(ChessLikeRules):
    """Orthodox chess straight from the kit, unregistered: the kit's own tests play it, so
    they lean on no game package (the game `chess` is reached through the registry)."""

    spec = chess_spec(
        id="kit-chess",
        title="Chess from the kit",
        summary="Orthodox chess as the kit plays it, for its tests.",
        seed="test support",
        options=DRAW_OPTIONS,
    )
