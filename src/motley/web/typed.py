"""A move typed into the move box, read as lichess reads it: `e4`, `Nf3`, `e2e4`, `O-O`.

What is typed is matched against every action open to the seat now, both as the game writes
it in the move list (`notate`: SAN in chess, the game's own words elsewhere) and as its
action text (`e2e4`). The strictest reading that finds anything wins: exact, then without
check marks, then with case, captures (`x`), dashes and spaces ignored. Two different actions
at that reading are ambiguous, and the error names them; nothing at all is unknown.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from motley.core.errors import MotleyError
from motley.web.decide import Rejected
from motley.web.match import Match

MAX_TYPED = 80
MARKS = re.compile(r"[+#!?]+$")
LOOSE = re.compile(r"[\sx:\-=]")


def _exact(text: str) -> str:
    return text.strip()


def _unmarked(text: str) -> str:
    return MARKS.sub("", text.strip())


def _folded(text: str) -> str:
    return LOOSE.sub("", _unmarked(text).lower()).replace("0", "o")


READINGS: tuple[Callable[[str], str], ...] = (_exact, _unmarked, _folded)


def read(match: Match, seat: int, typed: str) -> tuple[str, str]:
    """(the action text, its move-list label) of the one action `typed` names."""
    typed = typed.strip()
    if not typed:
        raise Rejected("type a move, for example e4 or Nf3")
    if len(typed) > MAX_TYPED:
        raise Rejected("that is too long to be a move")
    if seat not in match.waiting():
        raise Rejected("it is not your turn")
    if seat in match.table.pending:
        raise Rejected("you have already chosen; waiting for the others")
    rules, state = match.rules, match.state
    named: list[tuple[str, str]] = []  # (action text, label) for every action open now
    try:
        for action in rules.legal_actions(state, seat):
            text = rules.action_text(state, action)
            named.append((text, rules.notate(state, action, seat) or text))
    except MotleyError as error:
        raise Rejected(str(error)) from None
    for reading in READINGS:
        key = reading(typed)
        found = {
            text: label
            for text, label in named
            if key and key in (reading(text), reading(label))
        }
        if len(found) == 1:
            text, label = next(iter(found.items()))
            return text, label
        if len(found) > 1:
            options = sorted(set(found.values()))
            shown = ", ".join(options[:5]) + (", ..." if len(options) > 5 else "")
            raise Rejected(f"{typed!r} is ambiguous: it could be {shown}")
    raise Rejected(f"{typed!r} is not a move you can make now")
