"""Hockey Chess states as JSON and back, every field checked (errors are StateError)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from motley.chesslike.fen import castling_field, parse_fen
from motley.core.errors import NotationError, StateError
from motley.games.hockey.board import PAWN, HockeyTables
from motley.games.hockey.notation import read_placement, write_placement
from motley.games.hockey.state import (
    DRAW,
    DROP,
    OVER,
    PHASES,
    PLAYING,
    REF,
    SETUP,
    HockeyState,
)
from motley.geometry import cellset

RESULTS = {PLAYING: "-", 0: "white", 1: "black", DRAW: "draw"}
RESULT_OF = {text: value for value, text in RESULTS.items()}
FIELDS = (
    *("placement", "turn", "castling", "ep", "phase", "score", "lost", "acts", "moved"),
    *("cell", "drops", "keep", "next_ep", "fresh", "die", "turns", "history", "result"),
    "reason",
)


def to_json(t: HockeyTables, s: HockeyState) -> dict[str, Any]:
    board = s.board
    name = t.geometry.name

    def cells(bits: int) -> list[str]:
        return [name(c) for c in cellset.cells(bits)]

    return {
        "placement": write_placement(t, board.pieces, board.colours, s.pucks, s.refs),
        "turn": "w" if board.turn == 0 else "b",
        "castling": castling_field(t.chess, board),
        "ep": name(board.ep) if board.ep >= 0 else "-",
        "phase": s.phase,
        "score": list(s.score),
        "lost": list(s.lost),
        "acts": s.acts,
        "moved": s.moved,
        "cell": name(s.cell) if s.cell >= 0 else "-",
        "drops": cells(s.drops),
        "keep": s.keep,
        "next_ep": name(s.next_ep) if s.next_ep >= 0 else "-",
        "fresh": cells(s.fresh),
        "die": s.die,
        "turns": s.turns,
        "history": sorted(f"{key:016x}" for key in s.history),
        "result": RESULTS[s.result],
        "reason": s.reason,
    }


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise StateError(f"hockey state field {key!r} has the wrong type")
    return value


def from_json(t: HockeyTables, data: Mapping[str, Any]) -> HockeyState:
    """Read `to_json` output (the caller then checks the turn can go on)."""
    if not isinstance(data, Mapping):
        raise StateError("a hockey state is a JSON object")
    missing = [key for key in FIELDS if key not in data]
    if missing:
        raise StateError(f"hockey state needs the fields {', '.join(missing)}")
    try:
        return _read(t, data)
    except NotationError as error:
        raise StateError(f"bad hockey state: {error}") from None


def _read(t: HockeyTables, data: Mapping[str, Any]) -> HockeyState:
    parse = t.geometry.parse

    def cell(key: str) -> int:
        text = _get(data, key, str)
        return -1 if text == "-" else parse(text)

    def cells(key: str) -> int:
        names = _get(data, key, list)
        if not all(isinstance(n, str) for n in names):
            raise StateError(f"hockey state field {key!r} lists cell names")
        return cellset.of(parse(n) for n in names)

    def pair(key: str, kind: type) -> tuple[Any, Any]:
        value = _get(data, key, list)
        if len(value) != 2 or not all(isinstance(v, kind) and not isinstance(v, bool)
                                      for v in value):  # fmt: skip
            raise StateError(f"hockey state field {key!r} needs two {kind.__name__} values")
        return value[0], value[1]

    pieces, colours, pucks, refs = read_placement(_get(data, "placement", str))
    turn = _get(data, "turn", str)
    rights = _get(data, "castling", str)
    phase = _get(data, "phase", str)
    if phase not in PHASES:
        raise StateError(f"hockey state phase must be one of {', '.join(PHASES)}")
    plain = write_placement(t, pieces, colours, 0, 0)
    ep = cell("ep")
    fen = f"{plain} {turn} {rights} -"
    board = parse_fen(t.chess, fen, strict=False)
    if ep >= 0:
        board = parse_fen(t.chess, f"{plain} {turn} {rights} {t.geometry.name(ep)}", strict=False)
    score = pair("score", int)
    lost = pair("lost", str)
    if min(score) < 0:
        raise StateError("hockey scores are not negative")
    for text in lost:
        if any(c not in "PNBRQK" for c in text) or "".join(sorted(text)) != text:
            raise StateError("captured pieces are written as sorted upper-case letters")
    history = _get(data, "history", list)
    keys: set[int] = set()
    for entry in history:
        if not isinstance(entry, str) or len(entry) != 16:
            raise StateError("hockey history entries are 16 hex digits")
        try:
            keys.add(int(entry, 16))
        except ValueError:
            raise StateError("hockey history entries are 16 hex digits") from None
    result = _get(data, "result", str)
    if result not in RESULT_OF:
        raise StateError("hockey result is '-', 'white', 'black' or 'draw'")
    state = HockeyState(
        board=board,
        pucks=pucks,
        refs=refs,
        phase=phase,
        score=(score[0], score[1]),
        lost=(lost[0], lost[1]),
        acts=_get(data, "acts", int),
        moved=_get(data, "moved", bool),
        cell=cell("cell"),
        drops=cells("drops"),
        keep=_get(data, "keep", bool),
        next_ep=cell("next_ep"),
        fresh=cells("fresh"),
        die=_get(data, "die", int),
        turns=_get(data, "turns", int),
        history=frozenset(keys),
        result=RESULT_OF[result],
        reason=_get(data, "reason", str),
    )
    _check(t, state)
    return state


def _check(t: HockeyTables, s: HockeyState) -> None:
    """What no turn of the game can produce."""
    board = s.board
    if not 0 <= s.acts <= 1 or s.turns < 0:
        raise StateError("a turn has made 0 or 1 acts before it closes")
    if (s.phase == OVER) != (s.result != PLAYING):
        raise StateError("a result is given exactly when the game is over")
    rims = t.end_ranks & board.pieces[PAWN]
    if rims and not (s.phase == DROP and rims == 1 << s.cell):
        raise StateError("a pawn stands on its first or last rank")
    if (s.phase == DROP) != (s.cell >= 0) or (s.phase == DROP and not s.drops):
        raise StateError("only a moving possessor has a cell and squares to leave its puck")
    if s.phase == DROP and not board.colours[board.turn] >> s.cell & 1:
        raise StateError("the moving possessor must be the mover's piece")
    if (s.phase == REF) != (s.die > 0) or not 0 <= s.die <= 6:
        raise StateError("a die value 1-6 is kept only for the referee move")
    if s.next_ep >= 0 and t.geometry.row_of(s.next_ep, board.turn) != 2:
        raise StateError("an en-passant square follows a double step")
    if s.keep and s.phase != DROP:
        raise StateError("only a moving possessor may keep its puck")
    if s.phase != SETUP and not s.history:
        raise StateError("a game under way remembers its positions")
