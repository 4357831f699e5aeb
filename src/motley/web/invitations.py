"""Invitation links the server can show again to the game's creator.

Codes are derived from the game's secret seed (an HMAC, so neither the seed nor another code
can be worked out from one), which keeps them on the server without storing anything new:
the creator asks with a seat token or the creator token and gets the links back on any
device. Once the game is over the seed is published, but then no seat can be joined.
Games made before this kept random codes; their links cannot be shown again.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from motley.web.header import INVITE, LOCAL, Header, secret_hash


def _derived(seed: str, purpose: str, size: int) -> str:
    digest = hmac.new(seed.encode(), purpose.encode(), hashlib.sha256).digest()[:size]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def invite_code(seed: str, seat: int) -> str:
    return _derived(seed, f"invite/{seat}", 12)


def creator_token(seed: str) -> str:
    """Proof of having created the game, for a creator who plays no seat of it."""
    return _derived(seed, "creator", 24)


def may_see(header: Header, token: str, seat: int | None) -> bool:
    """The creator (their token) or a seat they took at creation (a local seat) may look."""
    if secrets.compare_digest(token.encode(), creator_token(header.seed).encode()):
        return True
    return seat is not None and header.seats[seat].kind == LOCAL


def links(header: Header, claimed: frozenset[int]) -> dict[str, str]:
    """The links of the invitation seats nobody has taken yet (those the server can rebuild)."""
    out = {}
    for seat, plan in enumerate(header.seats):
        if plan.kind != INVITE or seat in claimed:
            continue
        code = invite_code(header.seed, seat)
        if secret_hash(code) == header.invites[seat]:
            out[str(seat)] = f"/g/{header.id}?join={seat}&code={code}"
    return out
