"""Standard Algebraic Notation for chess-like positions: writing and reading moves.

`write_san` writes the shortest unambiguous form (`Nbd7`, `exd6`, `e8=Q+`, `O-O-O#`);
`read_san` reads it back, tolerating a missing or extra check sign, `0-0` for `O-O`, and
annotation marks such as `!?`. Both take plain values (the tables, the position, its legal
moves, the game's own check), so any variant that keeps a `Position` uses them; `san` and
`parse_san` are the same over a `ChessLikeRules`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from motley.chesslike import movegen
from motley.chesslike.position import Move, Position
from motley.chesslike.present import is_castle, san_body
from motley.chesslike.tables import ChessTables
from motley.core.errors import IllegalAction, NotationError

if TYPE_CHECKING:
    from motley.chesslike.rules import ChessLikeRules

_SAN = re.compile(
    r"^(?P<piece>[A-Z])?(?P<file>[a-wyz])?(?P<rank>\d+)?(?P<capture>x)?"
    r"(?P<target>[a-z]\d+)(?:=?(?P<promotion>[A-Za-z]))?$"
)


def check_mark(check: bool, mated: Callable[[], bool]) -> str:
    """`+` for a move that gives check, `#` when `mated()` says it is mate, else ''."""
    if not check:
        return ""
    return "#" if mated() else "+"


def write_san(
    t: ChessTables, pos: Position, move: Move, legal: Sequence[Move], mark: Callable[[Move], str]
) -> str:
    """`move` (one of the `legal` moves at `pos`) in SAN; `mark(move)` is its check sign
    (`check_mark`), the game's own check."""
    return san_body(t, pos, move, legal) + mark(move)


def read_san(
    t: ChessTables,
    pos: Position,
    text: str,
    legal: Sequence[Move],
    seat_name: str,
    explain: Callable[[Move], str],
) -> Move:
    """The one of the `legal` moves at `pos` that `text` names; NotationError or
    IllegalAction otherwise, `explain(move)` saying why the move it seems to mean is not
    legal. `seat_name` is the side to move's."""
    g = t.geometry
    clean = text.strip().rstrip("+#!?")
    if clean.replace("0", "O") in ("O-O", "O-O-O"):
        king_side = clean.replace("0", "O") == "O-O"
        for move in legal:
            if is_castle(t, pos, move) and (move.target > move.origin) == king_side:
                return move
        return_side = "king" if king_side else "queen"
        raise IllegalAction(text, f"castling on the {return_side} side is not possible now")
    match = _SAN.match(clean)
    if not match:
        raise NotationError(f"{text!r} is neither a coordinate move (e2e4) nor SAN (Nf3)")
    letter = match["piece"] or ""
    kind = t.pawn if not letter else t.kind_of_letter.get(letter.lower(), -1)
    if kind < 0:
        raise NotationError(f"{text!r}: unknown piece letter {letter!r}")
    target = g.parse(match["target"])
    promotion = (match["promotion"] or "").lower()
    candidates = [
        m
        for m in legal
        if m.target == target
        and t.kind_at(pos.pieces, 1 << m.origin) == kind
        and m.promotion == promotion
        and not is_castle(t, pos, m)
        and (not match["file"] or g.name(m.origin)[0] == match["file"])
        and (not match["rank"] or g.name(m.origin)[1:] == match["rank"])
    ]
    if len(candidates) == 1:
        return candidates[0]
    if len(candidates) > 1:
        origins = ", ".join(g.name(m.origin) for m in candidates)
        raise NotationError(f"{text!r} is ambiguous: it could start from {origins}")
    piece = t.kinds[kind].name
    if kind == t.pawn and (1 << target) & t.promotion_zone[pos.turn] and not promotion:
        raise IllegalAction(text, "a pawn reaching the last rank must be promoted (e.g. e8=Q)")
    own = pos.pieces[kind] & pos.colours[pos.turn]
    # explain the failure with the piece the text names, respecting its file or rank hint
    reaching = [
        c
        for c in range(t.n)
        if own >> c & 1
        and movegen.pseudo_targets(t, pos, c) >> target & 1
        and (not match["file"] or g.name(c)[0] == match["file"])
        and (not match["rank"] or g.name(c)[1:] == match["rank"])
        and (kind != t.pawn or bool(match["capture"]) == (g.file_of(c) != g.file_of(target)))
    ]
    if reaching:
        raise IllegalAction(text, explain(Move(reaching[0], target, promotion)))
    raise IllegalAction(text, f"no {piece} of {seat_name} can reach {g.name(target)}")


# -- over the rules of orthodox chess and its hooks ----------------------------------------


def san(rules: ChessLikeRules, pos: Position, move: Move) -> str:
    """`move` (legal at `pos`) in SAN, with `+` or `#` when it gives check or mate."""
    return write_san(rules.tables, pos, move, rules.moves(pos), rules.check_mark(pos))


def parse_san(rules: ChessLikeRules, pos: Position, text: str) -> Move:
    """The legal move that `text` names; NotationError or IllegalAction otherwise."""
    seat = rules.spec.seat_name(pos.turn)
    return read_san(
        rules.tables, pos, text, rules.moves(pos), seat, lambda m: rules.why_illegal(pos, m)
    )
