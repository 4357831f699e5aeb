"""Two-player games judged by an `Outcome`: the node plumbing they would each write alike.

Chess variants that keep their own state around a `Position` (burials, secret tables,
checkers under pieces) still end the way chess does: a winning seat, or a draw, and the
rule that decided it. Such a game says three things: whose turn it is (`mover`), whether
and how the game has ended (`judge`), and what the mover may do (`choices`). `JudgedRules`
derives the node kind, the actors, the legal actions and the returns from them, and keeps
the judgement of the last state asked about, since search and the interfaces ask about the
same state many times in a row.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, TypeVar

from motley.chesslike.rules import Outcome
from motley.core.errors import IllegalAction
from motley.core.rules import NodeKind, Rules

S = TypeVar("S")
A = TypeVar("A")


class JudgedRules(Rules[S, A]):
    """A two-player game over states judged by `judge`; subclasses set `spec` and the rest."""

    # the last state judged and its outcome, compared by identity (states are immutable)
    _judged: tuple[Any, Outcome | None] = (None, None)

    @abstractmethod
    def mover(self, state: S) -> int:
        """The seat to act while the game goes on."""

    @abstractmethod
    def judge(self, state: S) -> Outcome | None:
        """How the game has ended at `state`, or None while it goes on."""

    @abstractmethod
    def choices(self, state: S) -> Sequence[A]:
        """The mover's legal actions while the game goes on."""

    def outcome(self, state: S) -> Outcome | None:
        """`judge(state)`, remembered for the last state asked about."""
        memo = self._judged
        if memo[0] is state:
            return memo[1]
        result = self.judge(state)
        self._judged = (state, result)
        return result

    def kind(self, state: S) -> NodeKind:
        return NodeKind.TERMINAL if self.outcome(state) else NodeKind.DECISION

    def actors(self, state: S) -> tuple[int, ...]:
        return () if self.outcome(state) else (self.mover(state),)

    def legal_actions(self, state: S, seat: int | None = None) -> Sequence[A]:
        if self.outcome(state) or (seat is not None and seat != self.mover(state)):
            return []
        return self.choices(state)

    def returns(self, state: S) -> tuple[float, ...]:
        result = self.outcome(state)
        if result is None or result.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if result.winner == 0 else (-1.0, 1.0)

    def refuse_out_of_turn(self, state: S, text: str, seat: int | None) -> None:
        """Raise IllegalAction if the game is over or it is not `seat`'s turn."""
        if self.outcome(state):
            raise IllegalAction(text.strip(), "the game is over")
        mover = self.mover(state)
        if seat is not None and seat != mover:
            raise IllegalAction(text.strip(), f"it is {self.spec.seat_name(mover)}'s turn")
