"""Standard Algebraic Notation for chess-like positions: writing and reading moves.

`san` writes the shortest unambiguous form (`Nbd7`, `exd6`, `e8=Q+`, `O-O-O#`); `parse_san`
reads it back, tolerating a missing or extra check sign, `0-0` for `O-O`, and annotation
marks such as `!?`.
"""

from __future__ import annotations

import re

from motley.chesslike import movegen
from motley.chesslike.position import Move, Position
from motley.chesslike.present import is_castle, san_body
from motley.chesslike.rules import ChessLikeRules
from motley.core.errors import IllegalAction, NotationError

_SAN = re.compile(
    r"^(?P<piece>[A-Z])?(?P<file>[a-wyz])?(?P<rank>\d+)?(?P<capture>x)?"
    r"(?P<target>[a-z]\d+)(?:=?(?P<promotion>[A-Za-z]))?$"
)


def _is_castle(rules: ChessLikeRules, pos: Position, move: Move) -> bool:
    return is_castle(rules.tables, pos, move)


def san(rules: ChessLikeRules, pos: Position, move: Move) -> str:
    """`move` (legal at `pos`) in SAN, with `+` or `#` when it gives check or mate."""
    return san_body(rules.tables, pos, move, rules.moves(pos)) + _suffix(rules, pos, move)


def _suffix(rules: ChessLikeRules, pos: Position, move: Move) -> str:
    after = rules.apply(pos, move)
    if not movegen.checkers(rules.tables, after):
        return ""
    return "#" if not rules.moves(after) else "+"


def parse_san(rules: ChessLikeRules, pos: Position, text: str) -> Move:
    """The legal move that `text` names; NotationError or IllegalAction otherwise."""
    t = rules.tables
    g = rules.geometry
    clean = text.strip().rstrip("+#!?")
    legal = rules.moves(pos)
    if clean.replace("0", "O") in ("O-O", "O-O-O"):
        king_side = clean.replace("0", "O") == "O-O"
        for move in legal:
            if _is_castle(rules, pos, move) and (move.target > move.origin) == king_side:
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
        and not _is_castle(rules, pos, m)
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
        return rules.check_legal(pos, Move(reaching[0], target, promotion))
    return_rule = f"no {piece} of {rules.spec.seat_name(pos.turn)} can reach {g.name(target)}"
    raise IllegalAction(text, return_rule)
