"""Any game with simultaneous nodes, played in turns with hidden commitments.

Some algorithms (alpha-beta, plain MCTS, counterfactual regret over turn-based trees) want
one player to act at a time. `Sequential` wraps any rules object: at each SIMULTANEOUS node
of the wrapped game, the seats to act commit one after another in seat order, each as an
ordinary DECISION node. A commitment is hidden: the view of a seat that commits later shows
only *that* earlier seats have committed, never what. When the last seat commits, the wrapped
game's `apply_joint` resolves all the commitments together. Every other node passes through
unchanged.

The wrapped game stays the authority on legality, notation and outcomes; the wrapper adds
the HIDDEN trait (the pending commitments) and drops the SIMULTANEOUS one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from motley.core import registry
from motley.core.errors import IllegalAction, MotleyError, StateError
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.spec import Trait


@dataclass(frozen=True)
class SequentialState:
    """The wrapped game's state and the commitments made so far at its simultaneous node."""

    inner: Any
    committed: tuple[tuple[int, Any], ...] = ()  # (seat, action), in the order made


@dataclass(frozen=True)
class SequentialView:
    """What one seat sees: its view of the wrapped state, who has committed, and its own
    commitment (as the action and its text); never another seat's commitment."""

    seat: int
    inner: Any
    committed_seats: tuple[int, ...]
    own: Any = None
    own_text: str | None = None


class Sequential(Rules[SequentialState, Any]):
    """`inner` with each simultaneous node turned into a row of hidden commitments."""

    def __init__(self, inner: Rules[Any, Any]) -> None:
        inner_spec = inner.spec
        traits = (inner_spec.traits - {Trait.SIMULTANEOUS}) | {Trait.HIDDEN}
        self.spec = replace(
            inner_spec,
            id=f"{inner_spec.id}+sequential",
            title=f"{inner_spec.title} (commitments in turn)",
            traits=frozenset(traits),
        )
        super().__init__(inner.options)
        self.inner = inner

    # -- the tree ----------------------------------------------------------------------------

    def _simultaneous(self, state: SequentialState) -> bool:
        return self.inner.kind(state.inner) is NodeKind.SIMULTANEOUS

    def _waiting(self, state: SequentialState) -> tuple[int, ...]:
        done = {seat for seat, _ in state.committed}
        return tuple(s for s in self.inner.actors(state.inner) if s not in done)

    def initial_state(self) -> SequentialState:
        return SequentialState(self.inner.initial_state())

    def kind(self, state: SequentialState) -> NodeKind:
        if self._simultaneous(state):
            return NodeKind.DECISION
        return self.inner.kind(state.inner)

    def actors(self, state: SequentialState) -> tuple[int, ...]:
        if self._simultaneous(state):
            return self._waiting(state)[:1]
        return self.inner.actors(state.inner)

    def legal_actions(self, state: SequentialState, seat: int | None = None) -> Sequence[Any]:
        if not self._simultaneous(state):
            return self.inner.legal_actions(state.inner, seat)
        actor = self.actors(state)[0]
        if seat not in (None, actor):
            return []
        # the wrapped state alone decides: nothing committed before can show through
        return self.inner.legal_actions(state.inner, actor)

    def chance_outcomes(self, state: SequentialState) -> Sequence[tuple[Any, Fraction]]:
        return self.inner.chance_outcomes(state.inner)

    def apply(self, state: SequentialState, action: Any) -> SequentialState:
        if not self._simultaneous(state):
            return SequentialState(self.inner.apply(state.inner, action))
        seat = self.actors(state)[0]
        self.inner.check_legal(state.inner, action, seat)
        committed = (*state.committed, (seat, action))
        if len(committed) < len(self.inner.actors(state.inner)):
            return SequentialState(state.inner, committed)
        return SequentialState(self.inner.apply_joint(state.inner, dict(committed)))

    def returns(self, state: SequentialState) -> tuple[float, ...]:
        return self.inner.returns(state.inner)

    # -- actions as text ---------------------------------------------------------------------

    def action_text(self, state: SequentialState, action: Any) -> str:
        return self.inner.action_text(state.inner, action)

    def parse_action(self, state: SequentialState, text: str, seat: int | None = None) -> Any:
        def refuse(name: str) -> IllegalAction:
            return IllegalAction(text, f"{name} commits next, then the others in turn")

        return self.inner.parse_action(state.inner, text, self._asked(state, seat, refuse))

    def check_legal(self, state: SequentialState, action: Any, seat: int | None = None) -> Any:
        def refuse(name: str) -> IllegalAction:
            return IllegalAction(self.action_text(state, action), f"{name} commits next")

        return self.inner.check_legal(state.inner, action, self._asked(state, seat, refuse))

    def _asked(
        self, state: SequentialState, seat: int | None, refuse: Callable[[str], IllegalAction]
    ) -> int | None:
        """The seat the inner game is asked for: `seat` itself outside a simultaneous node;
        within one, the seat that commits next (`refuse`d, by its name, to any other seat)."""
        if not self._simultaneous(state):
            return seat
        actor = self.actors(state)[0]
        if seat not in (None, actor):
            raise refuse(self.spec.seat_name(actor))
        return actor

    # -- information -------------------------------------------------------------------------

    def view(self, state: SequentialState, seat: int) -> SequentialView:
        own = next((a for s, a in state.committed if s == seat), None)
        own_text = None if own is None else self.action_text(state, own)
        seats = tuple(s for s, _ in state.committed)
        return SequentialView(seat, self.inner.view(state.inner, seat), seats, own, own_text)

    def sample_hidden(self, view: Any, rng: random.Random) -> SequentialState:
        """A state agreeing with `view`: the wrapped game's sample, with every commitment the
        seat has not seen drawn uniformly from what that seat could have committed."""
        if not isinstance(view, SequentialView):
            raise StateError(f"{self.spec.id}: sample_hidden needs a SequentialView")
        inner = self.inner.sample_hidden(view.inner, rng)
        committed = []
        for seat in view.committed_seats:
            if seat == view.seat:
                committed.append((seat, view.own))
            else:
                options = self.inner.legal_actions(inner, seat)
                committed.append((seat, options[rng.randrange(len(options))]))
        return SequentialState(inner, tuple(committed))

    def view_to_json(self, view: Any) -> dict[str, Any]:
        if not isinstance(view, SequentialView):
            raise StateError(f"{self.spec.id}: not a view of this game")
        return {
            "seat": view.seat,
            "view": self.inner.view_to_json(view.inner),
            "committed": list(view.committed_seats),
            "own": view.own_text,
        }

    def render(self, state: SequentialState, seat: int = SPECTATOR) -> str:
        text = self.inner.render(state.inner, seat)
        if not state.committed:
            return text
        names = ", ".join(self.spec.seat_name(s) for s, _ in state.committed)
        own = next((a for s, a in state.committed if s == seat), None)
        mine = "" if own is None else f" (yours: {self.action_text(state, own)})"
        return f"{text}\nCommitted: {names}{mine}"

    def evaluate(self, state: SequentialState, seat: int) -> float:
        return self.inner.evaluate(state.inner, seat)

    # -- serialisation -----------------------------------------------------------------------

    def state_to_json(self, state: SequentialState) -> dict[str, Any]:
        return {
            "inner": self.inner.state_to_json(state.inner),
            "committed": [[seat, self.action_text(state, a)] for seat, a in state.committed],
        }

    def state_from_json(self, data: Mapping[str, Any]) -> SequentialState:
        if not isinstance(data, Mapping) or not isinstance(data.get("inner"), Mapping):
            raise StateError(f"{self.spec.id}: a state needs the wrapped game's 'inner' state")
        inner = self.inner.state_from_json(data["inner"])
        entries = data.get("committed", [])
        if not isinstance(entries, list):
            raise StateError(f"{self.spec.id}: 'committed' must be a list of [seat, action]")
        state = SequentialState(inner)
        for entry in entries:
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
                raise StateError(f"{self.spec.id}: 'committed' entries are [seat, action text]")
            if not self._simultaneous(state) or entry[0] != self.actors(state)[0]:
                raise StateError(f"{self.spec.id}: commitments out of turn in 'committed'")
            try:
                action = self.inner.parse_action(inner, entry[1], entry[0])
            except MotleyError as error:
                raise StateError(f"{self.spec.id}: committed action: {error}") from None
            state = SequentialState(inner, (*state.committed, (entry[0], action)))
        if self._simultaneous(state) and not self._waiting(state):
            raise StateError(f"{self.spec.id}: every seat has committed; resolve the node")
        return state


def sequential(game_id: str, options: Mapping[str, Any] | None = None) -> Sequential:
    """The registered game `game_id`, with its simultaneous nodes played in turns."""
    return Sequential(registry.make(game_id, options))
