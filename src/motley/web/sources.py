"""Where the server's new game ids, seeds and times come from (tests make them repeatable)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def _new_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(10))


@dataclass(frozen=True)
class Sources:
    """Where new ids, seeds and times come from (tests make them repeatable)."""

    new_id: Callable[[], str] = _new_id
    new_seed: Callable[[], str] = lambda: secrets.token_hex(16)
    clock: Callable[[], float] = time.time
