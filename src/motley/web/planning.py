"""A request turned into entries, and entries into the rows the store appends.

Planning is pure: it reads a match and returns the match after, with the entries that made it
(the request's own, then the chance outcomes that follow, drawn from the game's seeded RNG).
Nothing is live until those entries are stored (see `hub`).
"""

from __future__ import annotations

from motley.core.errors import StateError
from motley.web import decide as rulings
from motley.web import entries, protocol
from motley.web.entries import SERVER, Entry, Step
from motley.web.match import Match
from motley.web.store import Append


def plan(
    match: Match, intent: protocol.Intent, seat: int, now: float, absent: tuple[int, ...]
) -> tuple[Match, list[Entry]]:
    """What a client's intent makes of the game, or `Rejected` with the reason."""
    if intent.seen > match.version:
        raise rulings.Rejected(f"this game has not reached version {intent.seen}")
    if intent.do in (rulings.ACT, rulings.UNDO) and intent.seen < match.moved_at:
        raise rulings.Rejected("the game has moved on since you looked; look again")
    request = rulings.Request(seat, intent.do, intent.action, intent.id, absent)
    return plan_request(match, request, now)


def plan_request(
    match: Match, request: rulings.Request, at: float = 0.0
) -> tuple[Match, list[Entry]]:
    """The match after `request` (stamped `at`, if given) and every chance that follows."""
    made = rulings.decide(match, request)
    if at:
        made = [entries.stamped(entry, at) for entry in made]  # clocks replay from these
    after = match
    try:
        for entry in made:
            after = after.apply(entry)
        after, chance = rulings.settle(after)
    except StateError as error:
        raise rulings.Rejected(str(error)) from None
    return after, made + chance


def acked(match: Match, key: tuple[int, str]) -> int:
    """The version a request was acknowledged with, for a retry: its own entry and the dice
    or cards drawn right after it (the same request made them), whatever followed since."""
    version = match.acked[key]
    log = match.log
    while version < len(log) and log[version].version == version + 1:
        entry = log[version].entry
        if not (isinstance(entry, Step) and entry.seat == SERVER):
            break
        version += 1
    return version


def appends(before: Match, after: Match, made: list[Entry]) -> list[Append]:
    """The store's rows for `made`, the entries that turned `before` into `after`."""
    first = before.version + 1
    return [
        Append(
            after.header.id,
            first + i,
            entries.kind_of(entry),
            after.over and first + i == after.version,
            entries.dumps(entry),
        )
        for i, entry in enumerate(made)
    ]
