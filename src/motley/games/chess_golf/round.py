"""A round of Chess Golf for one to four golfers (seed 002, Chess Golf: Setup, Play, Game End).

The holes are the puzzle of `motley.games.chess_golf` (its docstring has the move rules and
their readings). The round around them, as the text describes it:

* Setup. The 16 piece cards are laid out as in the puzzle, then a dealer is drawn at random
  and the deck is shuffled again.
* Each hole the dealer deals the chosen cards (option `cards`: 2, or 3 for the harder
  level); when the deck runs short, the discard pile is shuffled back in.
* Solving. Everyone solves in their head; the game declares a solving time (option
  `solving_seconds`, the text's one-minute timer) in its status, for the clocks to keep.
  Each golfer then bids a move count, or "impossible" (a fist, 0). Bids are a simultaneous
  choice: none is seen until all are in, then all are shown together.
* Demonstration. The lowest nonzero bid demonstrates (ties: the first from the dealer's
  left), moving the pieces on the board, at most as many moves as bid; a golfer may also
  give up. A failed demonstration scores the highest of the other bids plus one, the
  board goes back to the hole's start and the next lowest bid demonstrates.
* Scores. Every bid is that golfer's score for the hole, except: a failed demonstration (as
  above); after a success, each "impossible" scores the highest bid plus one; if all said
  impossible, everyone scores 0. After a success the pieces stay where they ended, the
  demonstrator puts each captured piece back on any empty square (a click per piece), and
  the deck passes to them: they deal the next hole. Otherwise the same dealer deals again
  and the next hole starts from the same board.
* Game end. After nine holes (option `holes` for fewer) the lowest course total wins. (The
  text breaks a tie by dress; here tied golfers share the win.)

The solver as a player's aid:

* Par. After each hole the shortest solution of the hole as dealt (the par) is shown with
  its moves; the search is capped (`PAR_NODES` positions) so it answers within seconds,
  and a capped search says "at least N".
* Hint. While demonstrating, a golfer may ask for a hint: the next move of a shortest path
  from the current position within the moves bid (or "none" if there is none). Each hint
  adds `hint_cost` points (default 1) to that golfer's hole; `hint_cost=0` is practice.

Returns: minus each golfer's course total (higher is better); the result names the winners.

Actions are written `bid 3`, `impossible`, `e5g6` (a demonstrated move), `hint`, `give up`,
`put K e4` (a captured piece put back), and for chance `lay N`, `deal b`, `dealer 2`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from motley.chesslike.position import Move
from motley.chesslike.spec import kit_seed
from motley.components.chess_cards import Card, Pile
from motley.core import actions
from motley.core.driver import Agent
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.phased import OVER as ENDED
from motley.core.phased import Outcome, Phase, PhasedRules
from motley.core.present import Diagram
from motley.core.rules import NodeKind
from motley.core.spec import GameSpec, OptionSpec, Trait, Utility
from motley.games.chess_golf import diagrams
from motley.games.chess_golf import round_present as present
from motley.games.chess_golf.board import (
    ALL,
    GEOMETRY,
    LETTERS,
    as_position,
    colour_at,
    kind_at,
    layout_cell,
    place,
    write_placement,
)
from motley.games.chess_golf.goal import NO_MOVES, NO_PAIRS, SAME_PIECE, SAME_TYPE
from motley.games.chess_golf.rules import DECK, ChessGolf
from motley.games.chess_golf.scoring import demonstrator, hole_scores, totals, winners
from motley.games.chess_golf.state import (
    BID,
    DEAL,
    DEMO,
    LAYOUT,
    OVER,
    PLAY,
    PUT,
    ROUND_CODEC,
    GolfState,
    Hole,
    RoundState,
)
from motley.geometry import cellset

PAR_NODES = 300_000  # positions the par search may visit (a few seconds at most)
HINT_NODES = 300_000
_PUT = re.compile(r"^put\s+([nbrqkNBRQK])\s+([a-h][1-8])$")


@dataclass(frozen=True)
class Bid:
    """A golfer's move count; 0 is "impossible"."""

    count: int


@dataclass(frozen=True)
class Dealer:
    """The dealer drawn at the start (chance)."""

    seat: int


class Word(actions.Word):
    """`hint` or `give up`, while demonstrating."""

    __slots__ = ()


class Put(actions.OnCell):
    """A captured piece put back on an empty square."""

    __slots__ = ()


HINT, GIVE_UP = Word("hint"), Word("give up")
RoundAction = Card | Dealer | Bid | Move | Word | Put


def _options() -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("holes", 9, "holes in the round (the text plays 9)"),
        OptionSpec(
            "cards", 2, "chosen cards dealt each hole: 2, or 3 for the harder level", (2, 3)
        ),
        OptionSpec(
            "special",
            NO_PAIRS,
            "when a colour's pieces may all make a king's step: 'no_pairs' (the text) or "
            "'no_moves'",
            (NO_PAIRS, NO_MOVES),
        ),
        OptionSpec(
            "second",
            SAME_PIECE,
            "with three cards, who makes the second capture: 'same_piece' or 'same_type'",
            (SAME_PIECE, SAME_TYPE),
        ),
        OptionSpec("move_limit", 10, "the highest bid (a hand shows at most 10 fingers)"),
        OptionSpec(
            "solving_seconds", 60, "the solving timer, in seconds (the text: 30 s to 2 min)"
        ),
        OptionSpec("hint_cost", 1, "points a hint adds to the hole (0: a practice round)"),
    )


class GolfRound(PhasedRules[RoundState, RoundAction]):
    """A round of Chess Golf; subclasses fix the number of golfers (see `round_game`)."""

    golfers: ClassVar[int] = 1
    presentation = present
    codec = ROUND_CODEC

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.holes = int(self.options["holes"])
        if not 1 <= self.holes <= 18:
            raise OptionError("option 'holes' must be between 1 and 18")
        self.count = int(self.options["cards"])
        self.limit = int(self.options["move_limit"])
        if not 1 <= self.limit <= 10:
            raise OptionError("option 'move_limit' must be between 1 and 10 (fingers)")
        self.seconds = int(self.options["solving_seconds"])
        if not 5 <= self.seconds <= 600:
            raise OptionError("option 'solving_seconds' must be between 5 and 600")
        self.hint_cost = int(self.options["hint_cost"])
        if not 0 <= self.hint_cost <= 10:
            raise OptionError("option 'hint_cost' must be between 0 and 10")
        # the puzzle's rules move the pieces of every hole (its chosen cards are in the state)
        self.puzzle = ChessGolf(
            {
                "special": self.options["special"],
                "second": self.options["second"],
                "move_limit": self.limit,
            }
        )
        self.geometry = GEOMETRY
        self.tables = self.puzzle.tables
        # the few phases a round can be in, made once (asked for at every step)
        everyone = tuple(range(self.golfers))
        self._phases = {
            (LAYOUT, -1): Phase.chance(LAYOUT),
            (DEAL, -1): Phase.chance(DEAL),
            (BID, -1): Phase.simultaneous(everyone, BID),
            (OVER, -1): ENDED,
        } | {(name, s): Phase.decision(s, name) for name in (DEMO, PUT) for s in everyone}

    # -- the tree -----------------------------------------------------------------------------

    def initial_state(self) -> RoundState:
        return RoundState(LAYOUT, as_position(((0,) * len(LETTERS), (0, 0))), DECK, -1)

    def phase(self, state: RoundState) -> Phase:
        if state.phase in (DEMO, PUT):
            return self._phases[state.phase, state.actor]
        return self._phases[state.phase, -1]

    def choices(self, state: RoundState, seat: int) -> Sequence[RoundAction]:
        if state.phase == BID:
            return [Bid(n) for n in range(1, self.limit + 1)] + [Bid(0)]
        if state.phase == PUT:
            empty = ALL & ~(state.cells[1][0] | state.cells[1][1])
            return [Put(cell) for cell in cellset.cells(empty)]
        out: list[RoundAction] = list(self.puzzle.moves(self._play(state)))
        if not state.hint:
            out.append(HINT)
        out.append(GIVE_UP)
        return out

    def _offered(self, state: RoundState, action: RoundAction) -> bool:
        """Whether `action` is one of the actor's choices (remembered for the last state
        asked about); the actions a player picks are the listed objects, found by identity
        first."""
        offered = self.legal_actions(state)
        return actions.listed(offered, action) or action in offered

    def chance_outcomes(self, state: RoundState) -> Sequence[tuple[RoundAction, Fraction]]:
        if state.phase == LAYOUT:
            return list(state.pile.draw_outcomes())
        if state.phase != DEAL:
            raise StateError("chess golf: this state is not a chance node")
        if state.dealer < 0:
            share = Fraction(1, self.golfers)
            return [(Dealer(s), share) for s in range(self.golfers)]
        return list(state.pile.draw_outcomes())

    def apply(self, state: RoundState, action: RoundAction) -> RoundState:
        kind = self.kind(state)
        if kind is NodeKind.CHANCE:
            return self._chance(state, action)
        if kind is NodeKind.SIMULTANEOUS and self.golfers == 1 and isinstance(action, Bid):
            return self.apply_joint(state, {0: action})
        if kind is not NodeKind.DECISION or not self._offered(state, action):
            raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))
        if isinstance(action, Put):
            return self._put(state, action.cell)
        if isinstance(action, Word):
            return self._failed(state) if action == GIVE_UP else self._hint(state)
        assert isinstance(action, Move)
        text = self.action_text(state, action)
        play = self.puzzle.moved(self._play(state), action)  # offered, so legal
        state = state._replace(play=play, hint="", shown=(*state.shown, text))
        if self.puzzle.is_solved(play):
            return self._succeeded(state)
        if play.moves >= state.bids[state.actor] or not self.puzzle.moves(play):
            return self._failed(state)
        return state

    def apply_joint(self, state: RoundState, actions: Mapping[int, RoundAction]) -> RoundState:
        if state.phase != BID:
            raise StateError("chess golf: bids are made only when the hole has been dealt")
        bids = []
        for seat in range(self.golfers):
            bid = actions.get(seat)
            if not isinstance(bid, Bid) or not 0 <= bid.count <= self.limit:
                raise IllegalAction(str(bid), f"golfer {seat + 1} must bid 1 to {self.limit}")
            bids.append(bid.count)
        state = state._replace(bids=tuple(bids), hints=(0,) * self.golfers)
        return self._next_demonstration(state)

    # -- the steps of a hole ------------------------------------------------------------------

    def _chance(self, state: RoundState, action: RoundAction) -> RoundState:
        if isinstance(action, Dealer):
            if state.phase != DEAL or state.dealer >= 0 or not 0 <= action.seat < self.golfers:
                raise IllegalAction(f"dealer {action.seat + 1}", "the dealer is already chosen")
            return state._replace(dealer=action.seat)
        if not isinstance(action, Card) or action not in state.pile:
            raise IllegalAction(str(action), "no such card is left to draw")
        if state.phase == DEAL and state.dealer < 0:
            raise IllegalAction(action.letter, "the dealer is drawn first")
        pile = state.pile.remove(action)
        if state.phase == LAYOUT:
            cell = layout_cell(state.cursor, action)
            board = as_position(place(state.cells, action, cell))
            if len(pile):
                return state._replace(board=board, pile=pile, cursor=cell + 1)
            # all 16 laid out: a dealer is drawn and the deck shuffled again
            return state._replace(board=board, phase=DEAL, pile=DECK, cursor=0)
        chosen = (*state.chosen, action)
        if len(chosen) < self.count:
            return state._replace(pile=pile, chosen=chosen)
        return state._replace(pile=pile, chosen=chosen, phase=BID)

    def _play(self, state: RoundState) -> GolfState:
        if state.play is None:
            raise StateError("chess golf: nobody is demonstrating")
        return state.play

    def _next_demonstration(self, state: RoundState) -> RoundState:
        """The next lowest bid demonstrates from the hole's start; or the hole ends."""
        seat = demonstrator(state.bids, state.dealer, state.failed)
        if seat < 0:
            return self._hole_over(state, succeeded=False)
        play = GolfState(state.board, PLAY, Pile(), 0, state.chosen)
        return state._replace(phase=DEMO, actor=seat, play=play, hint="", shown=())

    def _failed(self, state: RoundState) -> RoundState:
        return self._next_demonstration(
            state._replace(failed=(*state.failed, state.actor), play=None, actor=-1)
        )

    def _succeeded(self, state: RoundState) -> RoundState:
        play = self._play(state)
        done = self._hole_over(state, succeeded=True)
        board = play.board
        if not play.taken:  # (a hole is only ever finished by a capture)
            return self._next_hole(done._replace(board=board, play=None, actor=-1))
        # the pieces stay where they ended; the captured ones go back on empty squares
        pending = GolfState(board, PLAY, Pile(), 0, play.taken)
        return done._replace(phase=PUT, board=board, actor=state.actor, play=pending)

    def _put(self, state: RoundState, cell: int) -> RoundState:
        pending = self._play(state)
        card, rest = pending.chosen[0], pending.chosen[1:]
        board = as_position(place(state.cells, card, cell))
        if rest:
            return state._replace(board=board, play=pending._replace(chosen=rest))
        return self._next_hole(state._replace(board=board, play=None, actor=-1))

    def _hint(self, state: RoundState) -> RoundState:
        from motley.games.chess_golf.solver import Capped, solve  # the solver imports rules

        play = self._play(state)
        left = state.bids[state.actor] - play.moves
        try:
            found = solve(self.puzzle, play, max_moves=left, node_cap=HINT_NODES)
            text = found.texts[0] if found else "none"
        except Capped:
            text = "none found"
        hints = list(state.hints)
        hints[state.actor] += 1
        return state._replace(hint=text, hints=tuple(hints))

    def _hole_over(self, state: RoundState, succeeded: bool) -> RoundState:
        """Score the hole onto the card; after a success the demonstrator deals next."""
        scores = hole_scores(state.bids, state.failed, succeeded)
        scores = tuple(s + h * self.hint_cost for s, h in zip(scores, state.hints, strict=True))
        shown: tuple[str, ...] = ()
        by = -1
        if succeeded:
            by = state.actor
            shown = state.shown
        hole = Hole(self._placement(state), state.chosen, state.bids, scores, shown, by)
        after = state._replace(
            card=(*state.card, hole),
            dealer=by if succeeded else state.dealer,
            discard=state.discard.add(*state.chosen),
        )
        if succeeded:
            return after  # `_succeeded` moves on once the pieces are back
        return self._next_hole(after._replace(play=None, actor=-1))

    def _placement(self, state: RoundState) -> str:
        return write_placement(state.cells)

    def _next_hole(self, state: RoundState) -> RoundState:
        common = state._replace(
            chosen=(), bids=(), failed=(), actor=-1, play=None, hints=(), hint="", shown=()
        )
        if len(state.card) >= self.holes:
            return common._replace(phase=OVER)
        pile, discard = state.pile, state.discard
        if len(pile) < self.count:  # "shuffle the discard pile back in before you deal"
            pile, discard = pile.add(*discard), Pile()
        return common._replace(phase=DEAL, pile=pile, discard=discard)

    # -- the result ---------------------------------------------------------------------------

    def totals(self, state: RoundState) -> tuple[int, ...]:
        return totals([h.scores for h in state.card], self.golfers)

    def returns(self, state: RoundState) -> tuple[float, ...]:
        """Minus each golfer's course total: higher is better, the highest wins."""
        if state.phase != OVER:
            return (0.0,) * self.golfers
        return tuple(-float(t) for t in self.totals(state))

    def outcome(self, state: RoundState) -> Outcome | None:
        """Why the round ended, in words (read by the shells' result panels, which name the
        winners themselves: "Golfer 1 wins by the lowest course total (...)"); no single
        winner, since tied golfers share the win (see `returns`). None while it goes on."""
        if state.phase != OVER:
            return None
        if self.golfers == 1:
            return Outcome(None, self.describe(state))
        total = self.totals(state)
        scores = ", ".join(f"{self.spec.seat_name(s)} {t}" for s, t in enumerate(total))
        return Outcome(None, f"the lowest course total ({scores})")

    def describe(self, state: RoundState) -> str:
        if state.phase != OVER:
            return ""
        total = self.totals(state)
        names = " and ".join(self.spec.seat_name(s) for s in winners(total))
        scores = ", ".join(f"{self.spec.seat_name(s)} {t}" for s, t in enumerate(total))
        if self.golfers == 1:
            return f"course total {total[0]}"
        return f"{names} {'wins' if ' and ' not in names else 'share the win'} ({scores})"

    # -- actions as text ----------------------------------------------------------------------

    def action_text(self, state: RoundState, action: RoundAction) -> str:
        if isinstance(action, Card):
            return f"{'lay' if state.phase == LAYOUT else 'deal'} {action.letter}"
        if isinstance(action, Dealer):
            return f"dealer {action.seat + 1}"
        if isinstance(action, Bid):
            return f"bid {action.count}" if action.count else "impossible"
        if isinstance(action, Word):
            return action.word
        if isinstance(action, Put):
            ready = state.phase == PUT and state.play is not None and state.play.chosen
            letter = state.play.chosen[0].letter if ready and state.play else "?"
            return f"put {letter} {GEOMETRY.name(action.cell)}"
        return GEOMETRY.name(action.origin) + GEOMETRY.name(action.target)

    def parse_action(self, state: RoundState, text: str, seat: int | None = None) -> RoundAction:
        words = " ".join(text.strip().split())
        lower = words.lower()
        kind = self.kind(state)
        if kind is NodeKind.TERMINAL:
            raise IllegalAction(words, "the round is over")
        if kind is NodeKind.CHANCE:
            for outcome, _ in self.chance_outcomes(state):
                if self.action_text(state, outcome) == words:
                    return outcome
            raise IllegalAction(words, "not a card or dealer that can be drawn now")
        if kind is NodeKind.SIMULTANEOUS:
            if lower in ("impossible", "bid 0", "0"):
                return Bid(0)
            found = re.fullmatch(r"(?:bid\s+)?(\d+)", lower)
            if found is None:
                raise NotationError(f"{words!r}: bid a number of moves ('bid 3') or 'impossible'")
            count = int(found.group(1))
            if not 1 <= count <= self.limit:
                raise IllegalAction(words, f"a bid is 1 to {self.limit} moves, or impossible")
            return Bid(count)
        if seat is not None and seat != state.actor:
            raise IllegalAction(words, f"{self.spec.seat_name(state.actor)} is to act, not you")
        if state.phase == PUT:
            pending = self._play(state).chosen[0]
            put = _PUT.match(words)
            if put is None:
                raise NotationError(f"{words!r}: write 'put {pending.letter} e4'")
            cell = GEOMETRY.parse(put.group(2))
            if Card.parse(put.group(1)) != pending:
                raise IllegalAction(words, f"the piece to put back now is the {pending.name}")
            if colour_at(state.cells, cell) >= 0:
                raise IllegalAction(words, f"{put.group(2)} is not empty")
            return Put(cell)
        if lower in ("hint", "give up"):
            action = Word(lower)
            if action not in self.legal_actions(state):
                raise IllegalAction(words, "one hint per position")
            return action
        play = self._play(state)
        try:
            move = self.puzzle.parse_action(play, lower)
        except NotationError:
            raise NotationError(
                f"{words!r}: write a move as e5g6, or 'hint' or 'give up'"
            ) from None
        if not isinstance(move, Move):
            raise IllegalAction(words, "demonstrate with moves")
        return move

    def why_illegal(self, state: RoundState, action: RoundAction) -> str:
        if state.phase == OVER:
            return "the round is over"
        if state.phase == BID:
            return f"bid 1 to {self.limit} moves, or impossible"
        if state.phase == DEMO and isinstance(action, Move):
            return self.puzzle.why_illegal(self._play(state), action)
        if state.phase == PUT:
            return "put the captured piece back on an empty square"
        return "not a legal action now"

    # -- serialisation ------------------------------------------------------------------------

    def check_state(self, state: RoundState) -> None:
        """Refuse a state no round of this game could reach (the common hand edits)."""
        n = self.golfers
        if not -1 <= state.dealer < n:
            raise StateError(f"'dealer' is a golfer from 0 to {n - 1}")
        if state.phase in (DEMO, PUT) and not 0 <= state.actor < n:
            raise StateError("'actor' names the golfer demonstrating")
        if state.phase in (DEMO, PUT) and state.play is None:
            raise StateError("a demonstration needs its 'play'")
        if state.bids and (
            len(state.bids) != n or not all(0 <= b <= self.limit for b in state.bids)
        ):
            raise StateError(f"'bids' holds one bid from 0 to {self.limit} per golfer")
        if state.phase == DEMO and state.bids[state.actor] <= 0:
            raise StateError("only a golfer who bid a count demonstrates")
        if any(len(h.scores) != n or len(h.bids) != n for h in state.card):
            raise StateError("each hole on the card scores every golfer")
        if len(state.card) > self.holes:
            raise StateError(f"the round has {self.holes} holes")
        pieces = (state.cells[1][0] | state.cells[1][1]).bit_count()
        if state.phase not in (LAYOUT, PUT) and pieces != 16:
            raise StateError("the board holds the 16 pieces between layouts")
        if state.phase == LAYOUT and pieces + len(state.pile) != 16:
            raise StateError("during the layout the board and the pile make the 16 cards")
        if state.phase in (BID, DEMO) and len(state.chosen) != self.count:
            raise StateError(f"a hole has {self.count} chosen cards")

    # -- presentation (see `round_present`) ---------------------------------------------------

    def diagrams(self) -> tuple[Diagram, ...]:
        """A round plays holes of Chess Golf: the page draws the same positions."""
        return diagrams.diagrams(self)

    # -- the computer player ------------------------------------------------------------------

    def computer(self, level: int, seed: int, generic: Agent) -> Agent | None:
        """A golfer who bids the solver's shortest solution, from level 3 (see `players`)."""
        from motley.games.chess_golf.players import round_player  # players import the round

        return round_player(level, seed)


def piece_letter(state: RoundState, cell: int) -> str:
    letter = LETTERS[kind_at(state.cells, cell)]
    return letter if colour_at(state.cells, cell) == 0 else letter.lower()


def round_game(golfers: int) -> type[GolfRound]:
    """The round for `golfers` golfers as a registered game (`chess_golf_2`, ...)."""
    plural = "golfer" if golfers == 1 else "golfers"
    spec = GameSpec(
        id=f"chess_golf_{golfers}",
        title=f"Chess Golf, a round for {golfers} {plural}",
        players=golfers,
        seat_names=tuple(f"Golfer {s + 1}" for s in range(golfers)),
        summary=(
            "Chess Golf as the book plays it: nine holes dealt from cards, secret move-count "
            "bids shown together, the lowest bid demonstrates, penalties, the lowest total wins."
        ),
        seed=kit_seed("Chess Golf (Setup, Play, Difficulty Level, Game End)"),
        traits=frozenset({Trait.CHANCE, Trait.SIMULTANEOUS}),
        utility=Utility.SCORE,
        options=_options(),
    )
    body = {"spec": spec, "golfers": golfers, "__module__": __name__, "__doc__": __doc__}
    return type(f"GolfRound{golfers}", (GolfRound,), body)


ROUNDS = tuple(round_game(n) for n in (1, 2, 3, 4))
