"""What one viewer is sent: a frame of the game as that seat sees it, and the game's header.

Everything a frame holds comes from the viewer's own view (`rules.view(state, viewer)`), from
the descriptions fixed for that viewer when each step happened, or from public facts (whose
turn it is, the version, the result). Nothing is read from the raw state, so a frame cannot
reveal what the viewer may not see.
"""

from __future__ import annotations

import time
from typing import Any

from motley.core.results import resign_returns
from motley.core.rules import SPECTATOR, NodeKind
from motley.core.spec import Trait, Utility
from motley.web import catalog, decide, ending, presenting
from motley.web.header import COMPUTER, INVITE
from motley.web.match import Match, seat_label

Frame = dict[str, Any]


def live_frame(
    match: Match, viewer: int, shared: dict[Any, Frame] | None = None, now: float | None = None
) -> Frame:
    """The game now, for `viewer`, with the actions open to it.

    `shared` lets one broadcast work out the rest of the frame once for all viewers of a game
    without hidden information, where every seat's view is the same; the scene (its prompt
    speaks to the seat) and the text picture are drawn for each viewer.
    """
    key = (match.version, viewer if presenting.hidden(match.rules) else "everyone")
    board = shared.get(key) if shared is not None else None
    if board is None:
        board = _board_frame(match, viewer, len(match.steps))
        if shared is not None:
            shared[key] = board
    frame = dict(board)
    state = match.state
    view = match.rules.view(state, viewer)
    if board.get("viewer") != viewer:  # the scene and the text are drawn for the seat
        frame["scene"] = presenting.scene_json(match.rules, view, viewer)
        frame["text"] = presenting.text_panel(match.rules, state, view, viewer)
    frame.pop("viewer", None)
    frame["live"] = True
    frame["to_act"] = list(match.waiting())
    frame["status"] = _status(match, frame["scene"]["check"], frame["scene"]["status"])
    frame["offers"] = sorted(match.offers)
    frame["claimed"] = sorted(match.claimed)
    pending = match.table.pending
    frame["pending"] = {
        str(seat): (match.rules.action_text(match.state, action) if seat == viewer else "committed")
        for seat, action in sorted(pending.items())
    }
    frame["actions"] = None
    if viewer in frame["to_act"]:
        frame["actions"] = presenting.gestures_json(match.rules, state, view, viewer)
    # the take-back control is offered only where a take back would be granted: never over
    # a roll, a draw or a secret seen since (decide.can_take_back)
    frame["can_take_back"] = decide.can_take_back(match, viewer)
    # the clocks as of their last tick, and the server's time now: the page runs them on
    clock_now = time.time() if now is None else now
    frame["clock"] = match.clocks.to_json(clock_now) if match.clocks is not None else None
    # the computers choosing now, so a page can say so while they think
    frame["thinking"] = [s for s in frame["to_act"] if match.header.seats[s].kind == COMPUTER]
    frame["result"] = None
    if match.over:
        frame["result"] = {
            "returns": match.returns(),
            "text": match.result_text(),
            "seed": match.header.seed,
            **(ending.result_json(match) or {}),
        }
    return frame


def history_frame(match: Match, viewer: int, ply: int) -> Frame:
    """The position after `ply` standing steps, for looking back through the game."""
    frame = _board_frame(match, viewer, ply)
    frame.pop("viewer")
    frame["live"] = False
    return frame


def _board_frame(match: Match, viewer: int, ply: int) -> Frame:
    rules = match.rules
    state = match.states[ply]
    view = rules.view(state, viewer)
    frame: Frame = {
        "version": match.version,
        "ply": ply,
        "node": rules.kind(state).value,
        "scene": presenting.scene_json(rules, view, viewer),
        "last": _last_cells(match, viewer, ply),
        "dice": _last_dice(match, viewer, ply),
        "text": presenting.text_panel(rules, state, view, viewer),
        "viewer": viewer,  # whose view the text was drawn for (removed before sending)
    }
    return frame


def _last_cells(match: Match, viewer: int, ply: int) -> list[int]:
    for logged in reversed(match.steps[:ply]):
        desc = logged.desc(viewer)
        if desc["kind"] == NodeKind.CHANCE.value or all(m[2] is None for m in desc["moves"]):
            continue  # chance, or a step this viewer was not shown: the last move it saw
        return [cell for move in desc["moves"] for cell in move[3]]
    return []


DICE_LOOKBACK = 12  # steps: an older roll is no longer news


def _last_dice(match: Match, viewer: int, ply: int) -> dict[str, Any] | None:
    """The last roll this viewer saw, with what it meant (its move-list label)."""
    for logged in reversed(match.steps[max(0, ply - DICE_LOOKBACK) : ply]):
        desc = logged.desc(viewer)
        if desc.get("dice"):
            return {"faces": list(desc["dice"]), "label": desc["moves"][0][1] or ""}
    return None


def _status(match: Match, check: list[int], told: str) -> str:
    spec = match.spec
    if match.over:
        return match.result_text()
    waiting = match.waiting()
    names = [spec.seat_name(s) for s in waiting]
    if match.kind is NodeKind.CHANCE or not names:
        return "Waiting for the draw"
    if told:
        return told
    if match.kind is NodeKind.SIMULTANEOUS:
        return "Waiting for " + " and ".join(names)
    return f"{names[0]} to move" + (", in check" if check else "")


def public_info(match: Match) -> dict[str, Any]:
    """The game's header as anyone may see it (the seed only once the game is over)."""
    header = match.header
    spec = match.spec
    return {
        "id": header.id,
        "game": header.game,
        "title": spec.title,
        "players": spec.players,
        "seat_names": [spec.seat_name(s) for s in range(spec.players)],
        "seats": [
            {
                "kind": plan.kind,
                "level": plan.level if plan.kind == COMPUTER else None,
                "label": seat_label(header, seat),
                "open": plan.kind == INVITE and seat not in match.claimed,
                # no invitation code: whoever comes first may take it (else the friend's)
                "anyone": plan.kind == INVITE and not "".join(header.invites[seat : seat + 1]),
            }
            for seat, plan in enumerate(header.seats)
        ],
        "options": dict(header.options),
        "listed": header.listed,
        "seed_hash": header.seed_hash,
        "seed": header.seed if match.over else None,
        "created": header.created,
        "over": match.over,
        "result": match.result_text() if match.over else None,
        "undo": header.all_local,
        "draws": match.draws_allowed(),
        "controls": controls(match),
        "hidden": Trait.HIDDEN in spec.traits,
        "simultaneous": Trait.SIMULTANEOUS in spec.traits,
        "chance": Trait.CHANCE in spec.traits,
        "board": match.rules.layout() is not None,
        "pgn": catalog.pgn_supported(match.rules),
        "version": match.version,
        "ply": len(match.steps),
    }


def controls(match: Match) -> dict[str, bool]:
    """Which game controls mean something here, from the game's header and its seats.

    Resigning needs a side to lose to (not in cooperative games or one-player puzzles); a
    draw is offered between exactly two opposing sides, to a person playing elsewhere (not
    at the same device, where both already agree, and not to a computer).
    """
    spec = match.spec
    seats = match.header.seats
    two_sides = spec.utility is Utility.ZERO_SUM and spec.players == 2
    return {
        "resign": resign_returns(spec, 0) is not None,
        "draw": two_sides
        and match.draws_allowed()
        and any(plan.kind == INVITE for plan in seats),
    }


def moves_for(match: Match, viewer: int) -> list[dict[str, Any]]:
    """The standing steps as `viewer` was told about them."""
    return [logged.desc(viewer) for logged in match.steps]


def viewer_of(seat: int | None) -> int:
    return SPECTATOR if seat is None else seat
