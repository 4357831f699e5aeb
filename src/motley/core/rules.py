"""The one game API every Motley game implements.

A game is a stateless `Rules` object (configured once with its options) over immutable states.
Every state is exactly one kind of node:

* DECISION: one seat chooses among `legal_actions`;
* CHANCE: `chance_outcomes` lists outcomes with exact probabilities; whoever drives the game
  (never the rules) picks one and applies it;
* SIMULTANEOUS: several seats choose at once; `apply_joint` resolves their choices together;
* TERMINAL: `returns` gives one number per seat.

Hidden information leaves through one door: `view(state, seat)`. Seats, bots, logs and
records see views, never raw states. `sample_hidden(view, rng)` makes a full state that agrees
with a view, for determinizing search.
"""

from __future__ import annotations

import enum
import importlib
import importlib.util
import inspect
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from fractions import Fraction
from importlib import resources
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from motley.core.errors import IllegalAction, StateError
from motley.core.present import Button, Diagram, Gesture, Layout, Scene
from motley.core.spec import GameSpec, OptionValue

if TYPE_CHECKING:  # the driver plays rules, so it imports this module
    from motley.core.driver import Agent

S = TypeVar("S")  # the game's state type
A = TypeVar("A")  # the game's action type


class NodeKind(enum.Enum):
    DECISION = "decision"
    CHANCE = "chance"
    SIMULTANEOUS = "simultaneous"
    TERMINAL = "terminal"


SPECTATOR = -1  # the seat number of someone who plays no seat


class Ending(Protocol):
    """How a game ended, as far as its players are told: the rule that ended it, in words."""

    @property
    def reason(self) -> str: ...


class Presentation(Protocol):
    """How a game is shown and played: its `present` module, declared as `Rules.presentation`.

    Each function takes the rules object first; the `Rules` presentation hooks forward to them.
    """

    def layout(self, rules: Any, /) -> Layout: ...

    def scene(self, rules: Any, view: Any, seat: int, /) -> Scene: ...

    def gesture(self, rules: Any, view: Any, action: Any, /) -> Gesture: ...

    def notate(self, rules: Any, state: Any, action: Any, seat: int, /) -> str: ...

    def board_text(self, rules: Any, view: Any, seat: int, /) -> str: ...


class Codec(Protocol[S]):
    """How a game's states are written as JSON and read back (e.g. a `core.codec.StateCodec`)."""

    def write(self, state: S, /) -> dict[str, Any]: ...

    def read(self, data: Any, /) -> S: ...


class Rules(ABC, Generic[S, A]):
    """A game: pure functions over immutable states. Subclasses set `spec`.

    A game may declare its `presentation` (its `present` module) and its state `codec`; the
    presentation hooks, `render` and the JSON of states then forward to them.
    """

    spec: GameSpec
    presentation: Presentation | None = None
    codec: Codec[S] | None = None

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: Mapping[str, OptionValue] = self.spec.resolve_options(options)

    # -- the tree --------------------------------------------------------------------------

    @abstractmethod
    def initial_state(self) -> S:
        """The state before anything has happened (often a chance or setup node)."""

    @abstractmethod
    def kind(self, state: S) -> NodeKind:
        """Which of the four node kinds `state` is."""

    @abstractmethod
    def actors(self, state: S) -> tuple[int, ...]:
        """Seats to act: one at a DECISION node, several at a SIMULTANEOUS node, else ()."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int | None = None) -> Sequence[A]:
        """The actions open to `seat` (default: the single actor). Empty at other nodes."""

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, Fraction]]:
        """At a CHANCE node, every outcome with its exact probability (they sum to 1)."""
        raise StateError(f"{self.spec.id}: this state is not a chance node")

    @abstractmethod
    def apply(self, state: S, action: A) -> S:
        """The state after one action (a decision or a chance outcome). Never mutates."""

    def apply_joint(self, state: S, actions: Mapping[int, A]) -> S:
        """Resolve a SIMULTANEOUS node: one action per actor, applied together."""
        raise StateError(f"{self.spec.id}: this state is not a simultaneous node")

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """At a TERMINAL node, the outcome per seat (see `GameSpec.utility`)."""

    # -- actions as text -------------------------------------------------------------------

    @abstractmethod
    def action_text(self, state: S, action: A) -> str:
        """The action in the game's notation; `parse_action` reads it back exactly."""

    @abstractmethod
    def parse_action(self, state: S, text: str, seat: int | None = None) -> A:
        """Read an action that is legal at `state`; raise NotationError or IllegalAction."""

    def check_legal(self, state: S, action: A, seat: int | None = None) -> A:
        """Return `action` if legal for `seat` at `state`, else raise IllegalAction."""
        if self.kind(state) is NodeKind.CHANCE:
            if any(action == outcome for outcome, _ in self.chance_outcomes(state)):
                return action
            raise IllegalAction(str(action), "not a possible outcome of this chance node")
        if action in self.legal_actions(state, seat):
            return action
        raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))

    def why_illegal(self, state: S, action: A) -> str:
        """The rule an illegal action breaks, in words (games refine this)."""
        return "not a legal action in this position"

    # -- information -----------------------------------------------------------------------

    def view(self, state: S, seat: int) -> Any:
        """What `seat` may see (SPECTATOR for public information only)."""
        return state

    def sample_hidden(self, view: Any, rng: random.Random) -> S:
        """A full state consistent with `view` (identity for perfect information)."""
        return view  # type: ignore[no-any-return]

    def event_text_for(self, state: S, action: A, seat: int) -> str:
        """How `action` (a decision or chance outcome at `state`) is described to `seat`.

        The description names what `seat` may know of the action and of what it made public
        (a game with secrets hides the secret part and adds any announcement); by default,
        for games without secrets, it is the action's text.
        """
        return self.action_text(state, action)

    # -- presentation (see `core.present`) -----------------------------------------------

    def layout(self) -> Layout | None:
        """The board this game is played on, or None for a game without one."""
        return None if self.presentation is None else self.presentation.layout(self)

    def scene(self, view: Any, seat: int) -> Scene:
        """The table as `seat` sees it in `view`: pieces, things around the board, prompt."""
        return Scene() if self.presentation is None else self.presentation.scene(self, view, seat)

    def gesture(self, view: Any, action: A) -> Gesture:
        """How the seat holding `view` makes the legal `action` (by default, a button)."""
        if self.presentation is None:
            return Button(self.action_text(view, action))
        return self.presentation.gesture(self, view, action)

    def dice(self, state: S, outcome: A) -> tuple[int, ...]:
        """The faces a chance outcome shows when it is a roll of dice (drawn as dice), else ()."""
        return ()

    def notate(self, state: S, action: A, seat: int) -> str:
        """How `action` at `state` reads in `seat`'s move list ("" leaves it out).

        Like `event_text_for`, it names only what `seat` may know; without a `presentation`
        it is that text.
        """
        if self.presentation is None:
            return self.event_text_for(state, action, seat)
        return self.presentation.notate(self, state, action, seat)

    # -- the rules page ----------------------------------------------------------------------

    def rules_page(self) -> str:
        """The rules for players, in the page's markdown (see `web.rulesdoc`), or "".

        By default the text of `rules.md` beside the game's rules module (in its package).
        """
        package = type(self).__module__.rpartition(".")[0]
        try:
            return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
            return ""

    def description(self) -> str:
        """The game in words, for a rules page when there is no `rules_page`.

        By default its docstrings: a game package's `__init__`, then its module's, then its
        class's own (the seed, the rules in short and each reading chosen where it is open).
        """
        module = type(self).__module__
        names = [module]
        if module.count(".") >= 3:  # a game written as a package: its __init__ speaks first
            names.insert(0, module.rsplit(".", 1)[0])
        docs = [importlib.import_module(name).__doc__ for name in names]
        docs.append(type(self).__dict__.get("__doc__"))
        parts: list[str] = []
        for doc in docs:
            text = inspect.cleandoc(doc) if isinstance(doc, str) else ""
            if text and text not in parts:
                parts.append(text)
        return "\n\n".join(parts)

    def diagrams(self) -> tuple[Diagram, ...]:
        """Positions the rules page draws, named so its text can place them.

        By default those of the `diagrams` module beside a game package's rules module: its
        `diagrams(rules)`, imported only when asked because it builds its positions with the
        rules class.
        """
        package, _, leaf = type(self).__module__.rpartition(".")
        name = f"{package}.diagrams"
        if leaf != "rules" or importlib.util.find_spec(name) is None:
            return ()
        found: tuple[Diagram, ...] = importlib.import_module(name).diagrams(self)
        return found

    # -- the computer player ------------------------------------------------------------------

    def computer(self, level: int, seed: int, generic: Agent) -> Agent | None:
        """A game's own player for strength `level` (1-5), or None for the generic ladder.

        `generic` is the ladder's player for the level (`motley.agents.levels`), handed in so
        a game's player may fall back on it: games sit below the agents and never import them.
        """
        return None

    # -- serialisation ---------------------------------------------------------------------

    def state_to_json(self, state: S) -> dict[str, Any]:
        """The game-specific part of a state as JSON-ready data (by default, by `codec`)."""
        return self._codec().write(state)

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """Read `state_to_json` output back, validating it (raises StateError).

        By default `codec` reads it and `check_state` judges the state it makes.
        """
        state = self._codec().read(data)
        self.check_state(state)
        return state

    def check_state(self, state: S) -> None:
        """Raise StateError unless `state` (read from JSON) is one the game can be in."""

    def _codec(self) -> Codec[S]:
        if self.codec is None:
            raise NotImplementedError(f"{self.spec.id}: declare a `codec` or its state JSON")
        return self.codec

    def view_to_json(self, view: Any) -> dict[str, Any]:
        """A view as JSON-ready data (for perfect information, the state itself)."""
        return self.state_to_json(view)

    # -- conveniences ----------------------------------------------------------------------

    def is_terminal(self, state: S) -> bool:
        return self.kind(state) is NodeKind.TERMINAL

    def outcome(self, state: S) -> Ending | None:
        """How the game ended at `state` (the rule, in its `reason`), or None.

        Games that can name the rule that ended them ("checkmate", "king captured") override
        this, as `core.phased.PhasedRules` games do; the others never say.
        """
        return None

    def end_reason(self, state: S) -> str:
        """Why the game ended, in the game's words ("" when it cannot say or goes on)."""
        if self.kind(state) is not NodeKind.TERMINAL:
            return ""
        found = self.outcome(state)
        return found.reason if found is not None else ""

    def render(self, state: S, seat: int = SPECTATOR) -> str:
        """A plain-text picture of what `seat` sees (the presentation's `board_text`)."""
        view = self.view(state, seat)
        if self.presentation is None:
            return repr(view)
        return self.presentation.board_text(self, view, seat)

    def evaluate(self, state: S, seat: int) -> float:
        """A heuristic value of `state` for `seat` in [-1, 1]; 0 when a game has none."""
        return 0.0

