"""Draw rules that depend on the whole position: dead material, no progress and repetition."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from motley.chesslike.fen import ep_field
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.phased import Outcome

PLIES_IDLE = "plies without a capture or pawn move"  # what the no-progress rule counts


def insufficient_material(t: ChessTables, pos: Position) -> bool:
    """Neither side can ever mate: the dead positions every chess arbiter recognises.

    A side can still mate if it has a pawn, rook or queen (or any piece outside the
    orthodox minor pieces); a lone knight only if the other side has pieces other than
    queens that could block its own king; bishops only if bishops stand on both colours
    or a knight or pawn is on the board.
    """
    return all(_cannot_mate(t, pos, seat) for seat in (0, 1))


def _cannot_mate(t: ChessTables, pos: Position, seat: int) -> bool:
    own = pos.colours[seat]
    other = pos.colours[seat ^ 1]
    kl = t.kind_of_letter
    minor = {kl.get("n", -1), kl.get("b", -1), t.royal}
    for kind, bits in enumerate(pos.pieces):
        if bits & own and kind not in minor:
            return False
    knights = pos.pieces[kl["n"]] if "n" in kl else 0
    bishops = pos.pieces[kl["b"]] if "b" in kl else 0
    if knights & own:
        queens = pos.pieces[kl["q"]] if "q" in kl else 0
        alone = (own & ~pos.pieces[t.royal]).bit_count() == 1
        return alone and not other & ~pos.pieces[t.royal] & ~queens
    if bishops & own:
        light = dark = 0
        for cell in range(t.n):
            if bishops >> cell & 1:
                if t.geometry.shade(cell):
                    light = 1
                else:
                    dark = 1
        pawns = pos.pieces[t.pawn] if t.pawn >= 0 else 0
        return not (light and dark) and not pawns and not knights
    return True


def repetitions(t: ChessTables, pos: Position) -> int:
    """How many times this position (with the same rights) has stood since it could arise."""
    count = 1
    ep = -2  # computed only when a candidate matches the placement
    prior = pos.previous
    while prior is not None:
        if (
            prior.turn == pos.turn
            and prior.pieces == pos.pieces
            and prior.colours == pos.colours
            and prior.castling == pos.castling
        ):
            if ep == -2:
                ep = ep_field(t, pos)
            if ep_field(t, prior) == ep:
                count += 1
        prior = prior.previous
    return count


def history_draw(
    options: Mapping[str, Any],
    halfmove: int,
    history: Sequence[object],
    idle: str = PLIES_IDLE,
    same: str = "the same position",
) -> Outcome | None:
    """The no-progress rule, then repetition (the options of `DRAW_OPTIONS`), for a state
    that keeps the keys of its positions since the last irreversible move in `history`.

    `idle` words what `halfmove` counts and what resets it, `same` what must repeat: each
    game says its own rule ("turns without a capture, pawn move or zombie").
    """
    limit = int(options["no_progress_plies"])
    if limit and halfmove >= limit:
        return Outcome(None, f"{limit} {idle}")
    times = int(options["repetition"])
    if times and history and history.count(history[-1]) >= times:
        return Outcome(None, f"{same} {times} times")
    return None
