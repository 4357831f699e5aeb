"""PGN export of chess and Chess960 game records.

The record is replayed (so a record that does not fit its game fails with a clear error)
and written with the Seven Tag Roster, `Variant`/`SetUp`/`FEN` when the game does not start
from the orthodox array (Chess960 always names its variant and start), the moves in SAN
with move numbers, a comment naming how the game ended and a `Termination` tag.
"""

from __future__ import annotations

import textwrap
from typing import Any

from motley.chesslike.position import Position
from motley.chesslike.rules import ORTHODOX_START, ChessLikeRules
from motley.chesslike.san import san
from motley.core import registry
from motley.core.errors import MotleyError
from motley.core.record import GameRecord, replay
from motley.core.rules import NodeKind

PGN_GAMES = {"chess": "", "chess960": "Chess960"}  # game id -> PGN Variant tag ("" for none)
LINE_WIDTH = 79


def exports(game_id: str) -> bool:
    """Whether `to_pgn` writes records of this game."""
    return game_id in PGN_GAMES


def to_pgn(record: GameRecord) -> str:
    """The record as one PGN game, ending with a newline."""
    if record.game not in PGN_GAMES:
        known = " and ".join(sorted(PGN_GAMES))
        raise MotleyError(f"PGN export supports {known}, not {record.game!r}")
    rules = registry.make(record.game, record.options)
    if not isinstance(rules, ChessLikeRules):
        raise MotleyError(f"{record.game} is not a chess-like game")
    states = replay(record)
    first = next((i for i, s in enumerate(states) if isinstance(s, Position)), None)
    if first is None:
        raise MotleyError("the record ends before the start position is chosen")
    start: Position = states[first]
    final = states[-1]
    result, comment, termination = _ending(rules, final, record)
    tags = _tags(rules, record, start, result, termination)
    movetext = _movetext(rules, record, states, first)
    if comment:
        movetext.append("{" + comment + "}")
    movetext.append(result)
    body = textwrap.fill(
        " ".join(movetext), LINE_WIDTH, break_on_hyphens=False, break_long_words=False
    )
    header = "".join(f'[{name} "{_escape(value)}"]\n' for name, value in tags)
    return f"{header}\n{body}\n"


def _tags(
    rules: ChessLikeRules, record: GameRecord, start: Position, result: str, termination: str
) -> list[tuple[str, str]]:
    players = [*record.players, "?", "?"]
    tags = [
        ("Event", f"Motley {rules.spec.title} game"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", players[0]),
        ("Black", players[1]),
        ("Result", result),
    ]
    variant = PGN_GAMES[record.game]
    fen = rules.fen(start)
    if variant:
        tags.append(("Variant", variant))
    if variant or fen != ORTHODOX_START:
        tags += [("SetUp", "1"), ("FEN", fen)]
    tags.append(("Termination", termination))
    return tags


def _movetext(
    rules: ChessLikeRules, record: GameRecord, states: list[Any], first: int
) -> list[str]:
    tokens: list[str] = []
    for index in range(first, len(states) - 1):
        pos: Position = states[index]
        event = record.events[index]
        if event.kind is not NodeKind.DECISION:
            raise MotleyError(f"record event {index + 1} is not a move")
        move = rules.parse_action(pos, event.actions[0][1])
        if pos.turn == 0:
            tokens.append(f"{pos.fullmove}.")
        elif index == first:
            tokens.append(f"{pos.fullmove}...")
        tokens.append(san(rules, pos, move))
    return tokens


def _ending(rules: ChessLikeRules, final: Any, record: GameRecord) -> tuple[str, str, str]:
    """(PGN result, comment, Termination tag) for the last state of the record."""
    if isinstance(final, Position) and rules.kind(final) is NodeKind.TERMINAL:
        outcome = rules.outcome(final)
        reason = outcome.reason if outcome else ""
        return _result_text(rules.returns(final)), reason, "normal"
    if record.result is not None:
        result = _result_text(record.result)
        if result == "1/2-1/2":
            return result, "draw agreed", "normal"
        loser = rules.spec.seat_name(0 if result == "0-1" else 1)
        return result, f"{loser} resigns", "normal"
    return "*", "", "unterminated"


def _result_text(returns: tuple[float, ...]) -> str:
    if returns[0] > returns[1]:
        return "1-0"
    if returns[0] < returns[1]:
        return "0-1"
    return "1/2-1/2"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')
