"""Who is still at the table: players whose connection has gone, walkovers and the lobby's list.

A game played online (a seat taken by invitation) can be won by walkover: once an opponent's
connection has been gone for `claim_after` seconds, the player left may claim the win, or
abort the game before the first two moves (as on lichess). Games played on one device never
offer this: there everyone sits at the same screen.

The lobby lists a game as being played only while someone plays it: a person is connected
(or left a moment ago), and somebody moved recently.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from motley.web.header import INVITE, LOCAL
from motley.web.match import Match

CLAIM_AFTER = 30.0  # seconds an opponent's connection must be gone before a claim
AWAY_GRACE = 120.0  # seconds after the last person left that a game still counts as played
STALE_AFTER = 30 * 60.0  # seconds without a move after which a game no longer counts


@dataclass(frozen=True)
class Listing:
    """What the lobby needs to know about a game in play."""

    last_move: float  # server time of the last entry (or of creation)
    anyone_here: bool  # a person is connected, or left less than AWAY_GRACE ago
    people: bool  # whether any seat is a person's at all


def people(match: Match) -> tuple[int, ...]:
    """Seats a person plays now (a local seat, or an invitation seat that was taken)."""
    return tuple(
        seat
        for seat, plan in enumerate(match.header.seats)
        if plan.kind == LOCAL or (plan.kind == INVITE and seat in match.claimed)
    )


def online(match: Match) -> bool:
    """Played by people at different devices (some seat is taken by invitation)."""
    return any(plan.kind == INVITE for plan in match.header.seats)


def absent(away: Mapping[int, float], now: float, after: float) -> tuple[int, ...]:
    """Seats whose connection has been gone for at least `after` seconds."""
    return tuple(sorted(seat for seat, since in away.items() if now - since >= after))


def message(match: Match, away: Mapping[int, float], now: float, after: float) -> dict[str, Any]:
    """The `presence` message: how long each absent player has been gone, and what the
    others may do about it (the page counts down to `claim_after` itself)."""
    gone = {str(seat): round(now - since, 1) for seat, since in sorted(away.items())}
    return {
        "type": "presence",
        "away": gone if online(match) and not match.over else {},
        "claim_after": after,
        "abort": match.moves_made() < 2,
        "sides": [match.spec.team_of(seat) for seat in range(match.spec.players)],
    }


def last_move(match: Match) -> float:
    """When the game last changed (entries carry their server time; older ones do not)."""
    for logged in reversed(match.log):
        if logged.entry.at:
            return logged.entry.at
    return match.header.created


def listed(listing: Listing, now: float) -> bool:
    """Whether a game in play belongs under "Games being played" in the lobby."""
    if now - listing.last_move > STALE_AFTER:
        return False
    return listing.anyone_here or not listing.people
