"""What every simultaneous-move game on the orthodox board shares (Synchronous, Two Move).

`SimultaneousChess`: a board from the `position` option, a turn in which several seats may
choose at once, the king's capture ending the game, the repetition and no-progress draws
counted from turn to turn, and the refusals of a choice made by the wrong seat; with the
words that tell how such a game ended.
"""

from __future__ import annotations

import functools
from abc import abstractmethod
from collections.abc import Hashable, Mapping
from typing import Protocol, TypeVar

from motley.chesslike.position import Position
from motley.chesslike.spec import kit_spec
from motley.chesslike.turnless import (
    GEOMETRY,
    KING,
    SEAT_NAMES,
    START,
    evaluate_board,
    has_king,
    read_board,
)
from motley.core.actions import listed
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.memo import last_asked
from motley.core.phased import Outcome, PhasedRules
from motley.core.spec import GameSpec, OptionSpec, Trait
from motley.geometry.base import Geometry


class TurnState(Protocol):
    """A state of a game played in turns on one board, with the turn starts seen so far."""

    @property
    def board(self) -> Position: ...

    @property
    def seen(self) -> tuple[Hashable, ...]: ...


S = TypeVar("S", bound=TurnState)
A = TypeVar("A")


def draw_options(repeated: str, label: str) -> tuple[OptionSpec, ...]:
    """The draws neither seed names, as chess has them, and the board to start from;
    `repeated` is what repetition compares ("board"), `label` its name in the lobby."""
    return (
        OptionSpec(
            "repetition",
            3,
            f"drawn when the same {repeated} at the start of a turn this many times (0: never)",
            label=f"Draw when a {label} repeats (times)",
        ),
        OptionSpec(
            "no_progress_turns",
            50,
            "drawn after this many turns with no capture and no pawn move (0: never)",
            label="Draw after turns without progress",
        ),
        OptionSpec(
            "position",
            "",
            "a board to start from: FEN placement and castling rights ('-' for none)",
            label="Start from a position",
        ),
    )


def header(
    game: str, title: str, summary: str, options: tuple[OptionSpec, ...], cards: bool = False
) -> GameSpec:
    """The spec of a Chess Kit game with simultaneous choices (White and Black)."""
    return kit_spec(
        id=game,
        title=title,
        summary=summary,
        traits=frozenset({Trait.SIMULTANEOUS}),
        options=options,
        cards=cards,
    )


class SimultaneousChess(PhasedRules[S, A]):
    """A chess game whose turns let several seats choose at once (see the module docstring).

    A game says when a turn is over (`between_turns`), how it may end then (`turn_end`), the
    rule a choice breaks (`why_not`) and what the choices do (`carry_out`).
    """

    geometry: Geometry = GEOMETRY  # the board, for anything that draws it
    choosers = "sides"  # who chooses at once, in the refusals

    def start_board(self) -> Position:
        """The board of option `position` (the orthodox start by default)."""
        try:
            board = read_board(str(self.options["position"]) or START)
        except NotationError as error:
            raise OptionError(f"option 'position': {error}") from None
        if not (has_king(board, 0) and has_king(board, 1)):
            raise OptionError("option 'position': each side needs its king")
        return board

    # -- the end -----------------------------------------------------------------------------

    @abstractmethod
    def between_turns(self, state: S) -> bool:
        """Whether `state` stands at the start of a turn (where the game may end otherwise
        than by a king's capture)."""

    def turn_end(self, state: S) -> Outcome | None:
        """How the game ends at the start of a turn by the game's own rules, if it does."""
        return None

    @functools.cached_property
    def _draw_limits(self) -> tuple[int, int]:
        """Options `no_progress_turns` and `repetition`, read once (asked at every step)."""
        return int(self.options["no_progress_turns"]), int(self.options["repetition"])

    @last_asked
    def outcome(self, state: S) -> Outcome | None:
        board = state.board
        kings = board.pieces[KING]
        if not (kings & board.colours[0] and kings & board.colours[1]):
            if not kings:
                return Outcome(None, "both kings captured at once")
            return Outcome(0 if kings & board.colours[0] else 1, "capture of the king")
        if not self.between_turns(state):
            return None
        ended = self.turn_end(state)
        if ended is not None:
            return ended
        limit = self._draw_limits[0]
        if limit and len(state.seen) - 1 >= limit:
            return Outcome(None, f"{limit} turns without a capture or pawn move")
        times = self._draw_limits[1]
        if times and state.seen.count(state.seen[-1]) >= times:
            return Outcome(None, f"the same position {times} times")
        return None

    # -- choices -----------------------------------------------------------------------------

    def chooser(self, state: S, seat: int | None) -> tuple[int, str]:
        """(the seat choosing, "") when `seat` (or the only one to act) may choose now, else
        (-1, why not)."""
        phase = self._phase(state)
        if not phase.actors:
            return -1, "the game is over"
        if seat is None:
            if len(phase.actors) > 1:
                who = self.choosers
                return -1, f"both {who} choose at once: say which {who[:-1]} this is"
            seat = phase.actors[0]
        if seat not in phase.actors:
            return -1, f"{SEAT_NAMES[seat]} has nothing to choose now"
        return seat, ""

    def parse_seat(self, state: S, text: str, seat: int | None) -> int:
        """The seat whose choice `text` is, refused (IllegalAction) if it may not choose."""
        seat, refusal = self.chooser(state, seat)
        if refusal:
            raise IllegalAction(text, refusal)
        return seat

    @abstractmethod
    def why_not(self, state: S, action: A, seat: int) -> str:
        """The rule `action` breaks when `seat`, one of those to act, chooses it."""

    def why_illegal(self, state: S, action: A, seat: int | None = None) -> str:
        chooser, refusal = self.chooser(state, seat)
        return refusal or self.why_not(state, action, chooser)

    def check_legal(self, state: S, action: A, seat: int | None = None) -> A:
        legal = self.legal_actions(state, seat)
        if listed(legal, action) or action in legal:
            return action
        raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action, seat))

    # -- moving on ---------------------------------------------------------------------------

    @abstractmethod
    def carry_out(self, state: S, actions: Mapping[int, A]) -> S:
        """The state after the legal choices of every seat to act."""

    def apply(self, state: S, action: A) -> S:
        actors = self.actors(state)
        if len(actors) > 1:
            who = self.choosers
            raise StateError(f"{self.spec.id}: both {who} choose at once (use apply_joint)")
        return self.apply_joint(state, {actors[0]: action} if actors else {})

    def apply_joint(self, state: S, actions: Mapping[int, A]) -> S:
        actors = self.actors(state)
        if not actors:
            raise IllegalAction("-", "the game is over")
        if sorted(actions) != list(actors):
            names = " and ".join(SEAT_NAMES[s] for s in actors)
            raise StateError(f"{self.spec.id}: need exactly one choice from {names}")
        for seat, action in actions.items():
            legal = self._choices(state, seat)  # `legal_actions` of a seat known to act
            if not listed(legal, action) and action not in legal:
                self.check_legal(state, action, seat)  # refused, with the reason
        return self.carry_out(state, actions)

    def evaluate(self, state: S, seat: int) -> float:
        return evaluate_board(state.board, seat)



def result_words(result: Outcome) -> str:
    """How a game ended, in a status line."""
    if result.winner is None:
        return f"Drawn: {result.reason}"
    return f"{SEAT_NAMES[result.winner]} wins by {result.reason}"


def game_over(result: Outcome) -> str:
    """How a game ended, under a board in text."""
    winner = "draw" if result.winner is None else f"{SEAT_NAMES[result.winner]} wins"
    return f"Game over: {winner} by {result.reason}"


