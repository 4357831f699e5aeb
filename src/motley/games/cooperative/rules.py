"""Cooperative Chess: the rules object (the tree, the turn's steps and the cards' moves).

Seed 002, The Rules of Chess Kit, section Cooperative Chess; the package docstring lists
the rules in short and every reading chosen.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from importlib import resources
from typing import Any, ClassVar

from motley.chesslike.position import Move
from motley.chesslike.spec import kit_seed
from motley.chesslike.turnless import GEOMETRY, START, as_mover, kind_on, read_board
from motley.chesslike.turnless import KING as KING_KIND
from motley.components.chess_cards import KING, PIECE_TYPES, Card, Pile, full_deck
from motley.core.actions import listed
from motley.core.errors import IllegalAction, StateError
from motley.core.phased import OVER as ENDED
from motley.core.phased import Outcome, Phase, PhasedRules
from motley.core.present import Diagram
from motley.core.rules import SPECTATOR, NodeKind
from motley.core.spec import GameSpec, Trait, Utility
from motley.games.cooperative import evaluate, present
from motley.games.cooperative.moves import (
    card_captures,
    play_move,
    promotion_allowed,
    quiet_moves,
    valid_ep,
    victim_cell,
)
from motley.games.cooperative.notation import action_text, parse
from motley.games.cooperative.options import KING_CARD, OPTIONS
from motley.games.cooperative.score import king_taken, points
from motley.games.cooperative.state import (
    ACT,
    DEAL,
    DRAW,
    HAND_SIZE,
    OVER,
    PLACE,
    PLAY,
    RECYCLE,
    SEAT_NAMES,
    Action,
    Capture,
    CoopState,
    CoopView,
    EndTurn,
    Place,
    PlayCard,
    card_of,
    first_run,
    hand_of,
    inserted,
    make_view,
    new_state,
    pawn_card,
    sample_state,
    state_from_json,
    state_to_json,
    view_to_json,
    without,
)
from motley.geometry.base import Geometry


class CooperativeChess(PhasedRules[CoopState, Action]):
    """Two players on one side against the deck (seat 0 plays White, seat 1 Black)."""

    geometry: Geometry = GEOMETRY
    solitaire: ClassVar[bool] = False
    spec = GameSpec(
        id="cooperative",
        title="Cooperative Chess",
        players=2,
        seat_names=SEAT_NAMES,
        summary="Two partners, one White and one Black, capture as many pieces as they can: "
        "a capture needs the two pieces' cards side by side in a face-up line. Capturing a "
        "king ends the game with 10 bonus points per piece type wiped out.",
        seed=kit_seed("Cooperative Chess", cards=True),
        traits=frozenset({Trait.CHANCE, Trait.HIDDEN, Trait.COOPERATIVE}),
        utility=Utility.COOPERATIVE,
        options=OPTIONS,
    )
    presentation = present

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.seats = 0 if self.solitaire else 2
        self.open_hands = bool(self.options.get("open_hands", False))
        self.free_order = bool(self.options["free_order"])
        self.castling = str(self.options["castling"])
        self.skip_empty = self.options.get("empty_hand", "skip") == "skip"
        self.king_replaced = self.options.get("king_card", "replaced") == "replaced"
        self._start = new_state(read_board(START), full_deck(PIECE_TYPES), self.seats)
        # every phase a game goes through, by its name and the mover, made once
        chance = (DEAL, DRAW, RECYCLE, PLAY) if self.solitaire else (DEAL, DRAW, RECYCLE)
        self._phases = {
            (name, seat): Phase.chance(name) if name in chance else Phase.decision(seat, name)
            for name in (DEAL, PLAY, ACT, PLACE, DRAW, RECYCLE)
            for seat in range(max(self.seats, 1))
        }

    # -- who acts ----------------------------------------------------------------------------

    def mover(self, state: CoopState) -> int:
        """The seat whose turn it is: the colour to move (the one seat in solitaire)."""
        return 0 if self.solitaire else state.board.turn

    def receiver(self, state: CoopState) -> int:
        """At a deal or draw, the seat whose hand the card goes to."""
        if state.phase == DEAL:
            return next(i for i, hand in enumerate(state.hands) if len(hand) < HAND_SIZE)
        return self.mover(state)

    def king_taken(self, state: CoopState) -> bool:
        return king_taken(state.board)

    def is_over(self, state: CoopState) -> bool:
        return state.phase == OVER or self.king_taken(state)

    # -- the tree ----------------------------------------------------------------------------

    def initial_state(self) -> CoopState:
        return self._start

    def phase(self, state: CoopState) -> Phase:
        if self.is_over(state):
            return ENDED
        return self._phases[state.phase, self.mover(state)]

    def chance_outcomes(self, state: CoopState) -> Sequence[tuple[Action, Fraction]]:
        if self.kind(state) is not NodeKind.CHANCE:
            raise StateError("cooperative: this state is not a chance node")
        pile = state.pending if state.phase == RECYCLE else state.pile
        return pile.draw_outcomes()

    def choices(self, state: CoopState, seat: int) -> list[Action]:
        colour = state.board.turn
        if state.phase == PLAY:
            return [PlayCard(card) for card in dict.fromkeys(state.hands[self.mover(state)])]
        if state.phase == PLACE:
            return list(self.placements(state))
        found: list[Action] = []
        if state.quiet_left:
            quiet = quiet_moves(state.board, colour, self.castling)
            found += [m for m in quiet if promotion_allowed(m, colour, state.line, state.discard)]
        found += card_captures(state.board, colour, state.line, state.discard)
        found.append(EndTurn())
        return found

    def placements(self, state: CoopState) -> list[Place]:
        """After a promotion: each distinct line made by discarding one of the colour's pawn
        cards and putting the new piece's card anywhere."""
        colour = state.board.turn
        pawn = pawn_card(colour)
        new = card_of(kind_on(state.board, state.promoted), colour)
        seen: set[tuple[Card, ...]] = set()
        found = []
        for out, card in enumerate(state.line):
            if card != pawn:
                continue
            rest = without(state.line, out)
            for into in range(len(rest) + 1):
                line = inserted(rest, into, new)
                if line not in seen:
                    seen.add(line)
                    found.append(Place(out, into))
        return found

    def apply(self, state: CoopState, action: Action) -> CoopState:
        self.check_legal(state, action)
        if isinstance(action, Card):
            return self._settle(self._chance(state, action))
        if isinstance(action, PlayCard):
            seat = self.mover(state)
            hand = list(state.hands[seat])
            hand.remove(action.card)
            hands = (*state.hands[:seat], tuple(hand), *state.hands[seat + 1 :])
            line = (*state.line, action.card)
            return self._settle(state._replace(hands=hands, line=line, phase=ACT))
        if isinstance(action, Place):
            colour = state.board.turn
            new = card_of(kind_on(state.board, state.promoted), colour)
            line = inserted(without(state.line, action.out), action.into, new)
            discard = state.discard.remove(new).add(pawn_card(colour))
            placed = state._replace(line=line, discard=discard, phase=ACT, promoted=-1)
            return self._settle(placed)
        if isinstance(action, EndTurn):
            return self._settle(self._end_of_moves(state))
        return self._settle(self._move(state, action))

    def _chance(self, state: CoopState, card: Card) -> CoopState:
        if state.phase == RECYCLE:
            # the group is shuffled face down, one card leaves the game unseen and the rest
            # go back into the draw pile
            back = list(state.pending)
            back.remove(card)
            return state._replace(
                removed=(*state.removed, card),
                recycled=(*state.recycled, state.pending),
                pile=state.pile.add(*back),
                pending=Pile(),
                phase=state.resume,
                resume="",
            )
        pile = state.pile.remove(card)
        if state.phase == PLAY or card.type == KING:
            # solitaire draws to the line; a king card drawn or dealt goes straight there
            phase = ACT if state.phase == PLAY else state.phase
            if state.phase == PLAY and card.type == KING and self.king_replaced and pile:
                phase = PLAY  # "draw a replacement card", to the line as solitaire draws go
            return state._replace(pile=pile, line=(*state.line, card), phase=phase)
        seat = self.receiver(state)
        hands = list(state.hands)
        hands[seat] = hand_of([*hands[seat], card])
        return state._replace(pile=pile, hands=tuple(hands))

    def _move(self, state: CoopState, action: Move | Capture) -> CoopState:
        move = action.move if isinstance(action, Capture) else action
        board, captured, double = play_move(state.board, move, state.board.ep)
        state = state._replace(
            board=board, double_step=double if double >= 0 else state.double_step
        )
        if isinstance(action, Capture):
            victim = state.line[action.victim]
            state = state._replace(
                line=without(state.line, action.victim),
                discard=state.discard.add(victim),
                quiet_left=state.quiet_left and self.free_order,
            )
            if captured == KING_KIND:
                return state._replace(phase=OVER)
        else:
            state = state._replace(quiet_left=False)
        if move.promotion:
            return state._replace(phase=PLACE, promoted=move.target)
        return state

    def _end_of_moves(self, state: CoopState) -> CoopState:
        if self.solitaire:
            return self._next_turn(state)
        return state._replace(phase=DRAW)

    def _next_turn(self, state: CoopState) -> CoopState:
        colour = state.board.turn ^ 1
        board = state.board._replace(
            turn=colour, ep=valid_ep(state.board, state.double_step, colour)
        )
        state = state._replace(
            board=board,
            phase=PLAY,
            quiet_left=True,
            promoted=-1,
            double_step=-1,
            turns=state.turns + 1,
        )
        if not state.pile and not any(state.hands):
            return state._replace(phase=OVER)  # the cards have run out
        return state

    def _settle(self, state: CoopState) -> CoopState:
        """Carry out whatever needs no choice: recycling runs, the end of the deal, empty
        hands, a full hand at the draw, and a turn with nothing left to do but end."""
        while not self.is_over(state):
            phase = state.phase
            if phase not in (RECYCLE, PLACE):
                run = first_run(state.line)
                if run is not None:
                    start, end = run
                    return state._replace(
                        line=state.line[:start] + state.line[end:],
                        pending=Pile.of(state.line[start:end]),
                        phase=RECYCLE,
                        resume=phase,
                    )
            if phase == DEAL:
                if all(len(hand) == HAND_SIZE for hand in state.hands):
                    state = state._replace(phase=PLAY, turns=1)
                    continue
                return state
            if phase == DRAW:
                if len(state.hands[self.mover(state)]) >= HAND_SIZE or not state.pile:
                    state = self._next_turn(state)
                    continue
                return state
            if phase == PLAY and not self.solitaire and not state.hands[self.mover(state)]:
                state = state._replace(phase=DRAW if self.skip_empty else ACT)
                continue
            if phase == ACT and len(self.legal_actions(state)) == 1:
                state = self._end_of_moves(state)  # only `end` is left
                continue
            return state
        return state

    # -- the end -----------------------------------------------------------------------------

    def score(self, state: CoopState) -> int:
        """A point per piece captured; once a king is captured, ten more for each piece type
        no longer on the board (both colours)."""
        return points(state.board)

    def evaluate(self, state: CoopState, seat: int) -> float:
        return evaluate.evaluate(state, seat)

    def returns(self, state: CoopState) -> tuple[float, ...]:
        """Both seats get the score (solitaire: the one seat)."""
        if not self.is_over(state):
            return (0.0,) * self.spec.players
        return (float(self.score(state)),) * self.spec.players

    def outcome(self, state: CoopState) -> Outcome | None:
        """How the game ended, with no winner (the partners share the score), or None."""
        return Outcome(None, self.end_text(state)) if self.is_over(state) else None

    def end_text(self, state: CoopState) -> str:
        if self.king_taken(state):
            return f"a king captured: {self.score(state)} points"
        if state.phase == OVER:
            return f"the cards ran out: {self.score(state)} points (no bonus)"
        return ""

    # -- text --------------------------------------------------------------------------------

    def action_text(self, state: CoopState, action: Action) -> str:
        return action_text(state, action)

    def parse_action(self, state: CoopState, text: str, seat: int | None = None) -> Action:
        return parse(self, state, text, seat)

    def why_illegal(self, state: CoopState, action: Action) -> str:
        """The rule `action` breaks at `state`, in words."""
        kind = self.kind(state)
        if kind is NodeKind.TERMINAL:
            return "the game is over"
        if isinstance(action, Card):
            if kind is not NodeKind.CHANCE:
                return "no card is drawn or removed now"
            where = "recycled group" if state.phase == RECYCLE else "draw pile"
            return f"there is no {action.name} card in the {where}"
        if kind is NodeKind.CHANCE:
            return "the deck acts now: a card is drawn or removed"
        phase = state.phase
        if isinstance(action, PlayCard):
            if phase != PLAY:
                return "a card is played only at the start of a turn, once"
            return f"there is no {action.card.name} card in your hand"
        if phase == PLAY:
            return "first play a card from your hand to the line"
        if phase == PLACE:
            if not isinstance(action, Place):
                return "first move the promoted pawn's card out and put the new piece's card in"
            return "'out' names a pawn card of your colour in the line, 'in' a position in it"
        if isinstance(action, Place):
            return "cards are placed only just after a promotion"
        if isinstance(action, Capture):
            return self._capture_reason(state, action)
        if isinstance(action, Move):
            if not state.quiet_left:
                return "only one non-capturing move a turn, made before the captures"
            if action.promotion:
                return (
                    "a pawn reaches the last rank only with its colour's pawn card in the line, "
                    "as a piece whose card is in the discard pile"
                )
        return "not a legal move for the side to move"

    def _capture_reason(self, state: CoopState, action: Capture) -> str:
        colour = state.board.turn
        board = as_mover(state.board, colour)
        move = action.move
        victim = victim_cell(board, move)
        if victim < 0 or kind_on(board, move.origin) < 0:
            return "this move captures nothing"
        mover = card_of(kind_on(board, move.origin), colour)
        prey = card_of(kind_on(board, victim), colour ^ 1)
        if move.promotion:
            new = Card(colour, move.promotion.upper())
            if new not in state.discard:
                return f"a pawn may become a {new.name} only when its card is in the discard pile"
        return (
            f"a capture needs a card like the capturing piece ({mover.letter}) right beside the "
            f"captured piece's card ({prey.letter}) in the line, and '@' names that card's position"
        )

    def check_legal(self, state: CoopState, action: Action, seat: int | None = None) -> Action:
        kind = self.kind(state)
        if kind is NodeKind.CHANCE:
            if isinstance(action, Card) and any(
                action == o for o, _ in self.chance_outcomes(state)
            ):
                return action
            raise IllegalAction(str(action), self.why_illegal(state, action))
        if kind is NodeKind.DECISION:
            legal = self.legal_actions(state, seat)
            if listed(legal, action) or action in legal:
                return action
        raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))

    # -- information --------------------------------------------------------------------------

    def view(self, state: CoopState, seat: int) -> CoopView:
        return make_view(state, seat if seat >= 0 else SPECTATOR, self.open_hands)

    def sample_hidden(self, view: Any, rng: random.Random) -> CoopState:
        if not isinstance(view, CoopView):
            raise StateError("cooperative: sample_hidden needs a Cooperative Chess view")
        return sample_state(view, rng)

    def event_text_for(self, state: CoopState, action: Action, seat: int) -> str:
        if isinstance(action, Card) and self.kind(state) is NodeKind.CHANCE:
            if state.phase == RECYCLE:
                return "remove a card unseen"
            hidden = not (self.open_hands or seat == self.receiver(state))
            if state.phase in (DEAL, DRAW) and action.type != KING and hidden:
                return f"draw for {self.spec.seat_name(self.receiver(state))}"
        return self.action_text(state, action)

    def view_to_json(self, view: Any) -> dict[str, Any]:
        if not isinstance(view, CoopView):
            raise StateError("cooperative: not a Cooperative Chess view")
        return view_to_json(view)

    def state_to_json(self, state: CoopState) -> dict[str, Any]:
        return state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> CoopState:
        return state_from_json(data, self.seats)

    # -- the rules page -----------------------------------------------------------------------

    def diagrams(self) -> tuple[Diagram, ...]:
        from motley.games.cooperative import diagrams  # it builds positions with this class

        return diagrams.solitaire_diagrams() if self.solitaire else diagrams.diagrams()

    def rules_page(self) -> str:
        """Solitaire has a page of its own (`solitaire.md`) beside the two-player one."""
        if not self.solitaire:
            return super().rules_page()
        page = resources.files(__package__ or "").joinpath("solitaire.md")
        return page.read_text(encoding="utf-8")


class CooperativeSolitaire(CooperativeChess):
    """One player, no hand: each turn begins by drawing a card to the line."""

    solitaire = True
    spec = GameSpec(
        id="cooperative_solitaire",
        title="Cooperative Chess (solitaire)",
        players=1,
        summary="Cooperative Chess for one: each turn a card is drawn straight to the face-up "
        "line, then one non-capturing move and captures the cards allow, for both colours "
        "in turn.",
        seed=kit_seed("Cooperative Chess, Solitaire", cards=True),
        seat_names=("Player",),
        traits=frozenset({Trait.CHANCE, Trait.HIDDEN}),
        utility=Utility.SCORE,
        options=(
            *(o for o in OPTIONS if o.name not in ("open_hands", "empty_hand")),
            KING_CARD,
        ),
    )
