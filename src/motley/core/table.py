"""A game in progress as interfaces hold it: a state plus commitments at a simultaneous node.

At a SIMULTANEOUS node each seat commits on its own (a terminal prompt, a web client, a CLI
call). The commitments wait here, each visible only to its own seat, until the last actor
commits and `apply_joint` resolves them together.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from motley.core.errors import IllegalAction, StateError
from motley.core.rules import NodeKind, Rules


@dataclass(frozen=True)
class Table:
    """An immutable (rules, state, pending commitments) triple."""

    rules: Rules[Any, Any]
    state: Any
    pending: Mapping[int, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def kind(self) -> NodeKind:
        return self.rules.kind(self.state)

    def waiting_for(self) -> tuple[int, ...]:
        """Seats whose choice is still needed, in seat order."""
        return tuple(s for s in self.rules.actors(self.state) if s not in self.pending)

    def default_seat(self) -> int:
        waiting = self.waiting_for()
        if not waiting:
            raise StateError("no seat is to act here")
        return waiting[0]

    def legal(self, seat: int | None = None) -> list[Any]:
        if self.kind is NodeKind.CHANCE:
            return [outcome for outcome, _ in self.rules.chance_outcomes(self.state)]
        seat = self.default_seat() if seat is None else seat
        if seat not in self.waiting_for():
            return []
        return list(self.rules.legal_actions(self.state, seat))

    def parse(self, text: str, seat: int | None = None) -> Any:
        if self.kind is NodeKind.CHANCE:
            return self.rules.parse_action(self.state, text)
        seat = self.default_seat() if seat is None else seat
        self._check_turn(seat)
        return self.rules.parse_action(self.state, text, seat)

    def _check_turn(self, seat: int) -> None:
        kind = self.kind
        if kind is NodeKind.TERMINAL:
            raise IllegalAction("-", "the game is over")
        if seat in self.pending:
            raise IllegalAction("-", f"{self.rules.spec.seat_name(seat)} has already committed")
        if seat not in self.rules.actors(self.state):
            raise IllegalAction("-", f"it is not {self.rules.spec.seat_name(seat)}'s turn")

    def play(self, action: Any, seat: int | None = None) -> Table:
        """Apply a decision or chance outcome, or record a commitment (resolving the last)."""
        kind = self.kind
        if kind is NodeKind.CHANCE:
            self.rules.check_legal(self.state, action)
            return Table(self.rules, self.rules.apply(self.state, action))
        seat = self.default_seat() if seat is None else seat
        self._check_turn(seat)
        self.rules.check_legal(self.state, action, seat)
        if kind is NodeKind.DECISION:
            return Table(self.rules, self.rules.apply(self.state, action))
        pending = dict(self.pending)
        pending[seat] = action
        if all(s in pending for s in self.rules.actors(self.state)):
            return Table(self.rules, self.rules.apply_joint(self.state, pending))
        return Table(self.rules, self.state, MappingProxyType(pending))

    def pending_json(self, seat: int | None) -> dict[str, str]:
        """Commitments as text: all of them for `seat=None`, else only that seat's own."""
        shown = {}
        for s, action in sorted(self.pending.items()):
            if seat is None or s == seat:
                shown[str(s)] = self.rules.action_text(self.state, action)
            else:
                shown[str(s)] = "committed"
        return shown
