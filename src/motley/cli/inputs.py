"""Reading what the user typed: options, seats and state text."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from motley.core.errors import MotleyError, OptionError
from motley.core.rules import SPECTATOR
from motley.core.spec import GameSpec


def parse_options(
    spec: GameSpec, pairs: Sequence[str] = (), position: str | None = None
) -> dict[str, Any]:
    """`--option K=V` pairs (and `--position TEXT`) as checked option values."""
    values: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"expected --option NAME=VALUE, got {pair!r}")
        values[name.strip()] = spec.option(name.strip()).parse(text)
    if position is not None:
        values["position"] = spec.option("position").parse(position)
    return values


def parse_seat(spec: GameSpec, text: str, spectator: bool = False) -> int:
    """A seat given as a number or a seat name (`1`, `black`); `spectator` if allowed."""
    wanted = text.strip().lower()
    if spectator and wanted in ("spectator", str(SPECTATOR)):
        return SPECTATOR
    names = [spec.seat_name(s).lower() for s in range(spec.players)]
    if wanted in names:
        return names.index(wanted)
    if wanted.isdigit() and int(wanted) < spec.players:
        return int(wanted)
    choices = ", ".join(f"{s} ({spec.seat_name(s)})" for s in range(spec.players))
    extra = " or spectator" if spectator else ""
    raise MotleyError(f"{spec.id} has no seat {text!r}; seats are {choices}{extra}")


def read_text(source: str | None, what: str = "state") -> str:
    """The contents of file `source`, or standard input for None or '-'."""
    if source is None or source == "-":
        if sys.stdin is None or sys.stdin.isatty():
            raise MotleyError(f"no {what} given: name a file or pipe one in")
        text = sys.stdin.read()
    else:
        with open(source, encoding="utf-8") as handle:
            text = handle.read()
    if not text.strip():
        raise MotleyError(f"the {what} is empty")
    return text
