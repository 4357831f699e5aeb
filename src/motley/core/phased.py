"""Games that declare their phases: the node plumbing every game would write alike.

A game says three things about a state: which `Phase` it is in (the node kind, the seats to
act, and the phase's name for players), what a seat to act may do (`choices`), and, once it
is over, how it ended (`outcome`). `PhasedRules` derives from them the node kind, the actors,
the legal actions of any seat, the refusals every game shares ("the game is over", "it is
Black's turn") and the returns of a game with a winner. The phase, the choices and the
outcome of the last state asked about are remembered (`core.memo`), once, here.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from motley.core.errors import IllegalAction
from motley.core.memo import last_asked
from motley.core.rules import NodeKind, Rules

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seat (None for a draw) and the rule that ended it."""

    winner: int | None
    reason: str


@dataclass(frozen=True)
class Phase:
    """Where a state stands: its node kind, the seats to act, and the phase's name."""

    kind: NodeKind
    actors: tuple[int, ...] = ()
    name: str = ""

    @classmethod
    def decision(cls, seat: int, name: str = "") -> Phase:
        return cls(NodeKind.DECISION, (seat,), name)

    @classmethod
    def chance(cls, name: str = "") -> Phase:
        return cls(NodeKind.CHANCE, (), name)

    @classmethod
    def simultaneous(cls, seats: tuple[int, ...], name: str = "") -> Phase:
        return cls(NodeKind.SIMULTANEOUS, seats, name)


OVER = Phase(NodeKind.TERMINAL, (), "over")


class PhasedRules(Rules[S, A]):
    """A game over states that declare their phase; subclasses set `spec` and the rest."""

    @abstractmethod
    def phase(self, state: S) -> Phase:
        """The phase `state` is in (`OVER` once the game has ended)."""

    @abstractmethod
    def choices(self, state: S, seat: int) -> Sequence[A]:
        """The legal actions of `seat`, one of the actors of `state`'s phase."""

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended at `state`, or None while it goes on (or when it has no winner)."""
        return None

    # -- derived ----------------------------------------------------------------------------

    @last_asked
    def _phase(self, state: S) -> Phase:
        return self.phase(state)

    @last_asked
    def _choices(self, state: S, seat: int) -> Sequence[A]:
        return self.choices(state, seat)

    def kind(self, state: S) -> NodeKind:
        return self._phase(state).kind

    def actors(self, state: S) -> tuple[int, ...]:
        phase = self._phase(state)
        return phase.actors if phase.kind in _ACTING else ()

    def legal_actions(self, state: S, seat: int | None = None) -> Sequence[A]:
        phase = self._phase(state)
        if phase.kind not in _ACTING:
            return []
        if seat is None:
            if len(phase.actors) != 1:
                return []
            seat = phase.actors[0]
        elif seat not in phase.actors:
            return []
        return self._choices(state, seat)

    def returns(self, state: S) -> tuple[float, ...]:
        """Win, loss or draw by `outcome`, shared by the winner's team (zero-sum by teams)."""
        players = self.spec.players
        result = self.outcome(state)
        if result is None or result.winner is None:
            return (0.0,) * players
        team = self.spec.team_of(result.winner)
        return tuple(1.0 if self.spec.team_of(s) == team else -1.0 for s in range(players))

    def refuse_out_of_turn(self, state: S, text: str, seat: int | None) -> None:
        """Raise IllegalAction if nobody may act now or `seat` is not one of those who may."""
        phase = self._phase(state)
        text = text.strip()
        if phase.kind is NodeKind.TERMINAL:
            raise IllegalAction(text, "the game is over")
        if phase.kind is NodeKind.CHANCE:
            raise IllegalAction(text, "no player acts now: the next step is left to chance")
        if seat is not None and seat not in phase.actors:
            names = " and ".join(self.spec.seat_name(s) for s in phase.actors)
            if len(phase.actors) == 1:
                raise IllegalAction(text, f"it is {names}'s turn")
            raise IllegalAction(text, f"{names} are the ones to act now")


_ACTING = (NodeKind.DECISION, NodeKind.SIMULTANEOUS)
