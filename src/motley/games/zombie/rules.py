"""Zombie Chess, the rules object (seed 002, The Rules of Chess Kit, section Zombie Chess).

The package docstring (`motley.games.zombie`) states the rules and every reading chosen.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from motley.chesslike import movegen
from motley.chesslike.draws import history_draw, insufficient_material
from motley.chesslike.fen import parse_fen
from motley.chesslike.orthodox import OrthodoxBoardRules
from motley.chesslike.position import Move
from motley.chesslike.present import outcome_words
from motley.chesslike.rules import DRAW_OPTIONS, ORTHODOX_START, start_from
from motley.chesslike.spec import kit_spec, position_option
from motley.chesslike.tables import PROMOTIONS, ChessTables
from motley.core.errors import IllegalAction, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Outcome, Phase
from motley.core.rules import SPECTATOR
from motley.core.spec import OptionSpec, Trait
from motley.games.zombie import evaluate, notation
from motley.games.zombie import present as shown
from motley.games.zombie.sampling import GridSampler
from motley.games.zombie.state import (
    BURIED,
    BURY,
    CHECK,
    MOVE,
    PROMOTE,
    Action,
    Bury,
    Codec,
    EndTurn,
    Entry,
    Grid,
    Promote,
    Shared,
    ZombieState,
    ZombieView,
    graveyard,
    grid_get,
)
from motley.games.zombie.turn import TurnRules
from motley.geometry import cellset


class ZombieChess(OrthodoxBoardRules[ZombieState, Action]):
    spec = kit_spec(
        id="zombie",
        title="Zombie Chess",
        summary=(
            "Chess where each captured piece is secretly buried under one of the capturer's "
            "pieces and comes back as a zombie when that piece moves off it."
        ),
        traits=frozenset({Trait.HIDDEN}),
        options=(
            OptionSpec(
                "horde",
                "extra",
                "how zombies move: 'extra' (one normal move plus each of your zombies once, "
                "in any order) or 'instead' (either one normal move, or zombies only)",
                ("extra", "instead"),
                label="How zombies move",
            ),
            OptionSpec(
                "castling_checks",
                "both",
                "after castling, check for zombies under the king's and the rook's start "
                "squares ('both') or under the king's only ('king')",
                ("both", "king"),
                label="Zombie checks after castling",
            ),
            OptionSpec(
                "rebury_zombies",
                True,
                "a captured zombie is buried again like any captured piece (true) or goes "
                "straight to the dust bin (false)",
                label="Zombies may be reburied",
            ),
            OptionSpec(
                "uncovered_by",
                "burier",
                "a burial comes back when a piece of the player who buried it leaves its "
                "square ('burier'), or when any piece does, the mover's own grid asked first "
                "('anyone')",
                ("burier", "anyone"),
                label="Who uncovers a burial",
            ),
            position_option(),
            *DRAW_OPTIONS,
        ),
    )
    presentation = shown
    codec: Codec  # set with the tables, in __init__

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.t: ChessTables = self.tables  # short, for the code that reads it often
        self.turns = TurnRules(
            self.t,
            str(self.options["horde"]),
            str(self.options["castling_checks"]),
            bool(self.options["rebury_zombies"]),
            str(self.options["uncovered_by"]),
        )
        self.codec = Codec(self.t)
        board = start_from(self.options, lambda fen: parse_fen(self.t, fen), ORTHODOX_START)
        start = ZombieState(board._replace(previous=None))
        self._start = start._replace(history=Shared((self.turns.position_key(start),)))

    # -- the tree -------------------------------------------------------------------------

    @last_asked
    def moves(self, s: ZombieState) -> list[Move]:
        return self.turns.legal_moves(s) if s.phase == MOVE else []

    def phase(self, state: ZombieState) -> Phase:
        """One player's turn, a run of small decisions: promote, move, bury (named so)."""
        if self.outcome(state):
            return OVER
        return Phase.decision(state.board.turn, state.phase)

    @last_asked
    def outcome(self, s: ZombieState) -> Outcome | None:
        """The result if the game is over (judged at the start of a turn), else None."""
        if s.phase != MOVE or s.left:
            return None
        t = self.t
        board = s.board
        if not self.moves(s):
            if movegen.checkers(t, board):
                return Outcome(board.turn ^ 1, "checkmate")
            return Outcome(None, "stalemate")
        if insufficient_material(t, board) and not s.grids[0] and not s.grids[1]:
            return Outcome(None, "insufficient material")
        idle = "turns without a capture, pawn move or zombie"
        return history_draw(self.options, board.halfmove, s.history, idle)

    def choices(self, state: ZombieState, seat: int) -> Sequence[Action]:
        if state.phase == PROMOTE:
            cell = cellset.first(self.turns.promotions_due(state))
            return [Promote(cell, letter) for letter in PROMOTIONS]
        if state.phase == BURY:
            return [Bury(c) for c in cellset.cells(self.turns.bury_squares(state))]
        actions: list[Action] = list(self.moves(state))
        if state.left and self.turns.end_is_safe(state):
            actions.append(EndTurn())
        return actions

    def apply(self, state: ZombieState, action: Action) -> ZombieState:
        if action not in self.legal_actions(state):
            raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))
        turns = self.turns
        if isinstance(action, Promote):
            return turns.promote(state, action.cell, action.letter)
        if isinstance(action, Bury):
            return turns.bury(state, action.cell)
        if isinstance(action, EndTurn):
            return turns.end_turn(state)
        return turns.apply_move(state, action)

    # -- actions as text ------------------------------------------------------------------

    def action_text(self, state: ZombieState, action: Action) -> str:
        return notation.action_text(self.t, state.board, state.captured, action)

    def parse_action(self, state: ZombieState, text: str, seat: int | None = None) -> Action:
        shape = notation.read(self.t, text)  # malformed text fails first, whoever typed it
        self.refuse_out_of_turn(state, text, seat)
        action = self._action_of(state, shape, text)
        return self.check_legal(state, action)

    def _action_of(self, state: ZombieState, shape: notation.Parsed, text: str) -> Action:
        phase = state.phase
        wanted = {PROMOTE: "a promotion (c8=Q)", BURY: "a burial (bury P@b2)"}
        if shape.kind == "end":
            return EndTurn()
        if shape.kind == "bury":
            if phase != BURY:
                raise IllegalAction(text, "nothing captured is waiting to be buried")
            if shape.letter and shape.letter.upper() != state.captured[0]:
                raise IllegalAction(text, f"the piece to bury is a {state.captured[0]}")
            return Bury(shape.cell)
        if shape.kind == "promote":
            if shape.letter not in PROMOTIONS:
                raise IllegalAction(text, "a pawn is promoted to q, r, b or n")
            return Promote(shape.cell, shape.letter)
        if phase != MOVE:
            raise IllegalAction(text, f"first comes {wanted[phase]}")
        for move in self.moves(state):
            same = move.origin == shape.cell and move.promotion == shape.letter
            if same and shape.target in notation.castling_targets(self.t, state.board, move):
                return move
        return Move(shape.cell, shape.target, shape.letter)

    def why_illegal(self, state: ZombieState, action: Action) -> str:
        name = self.t.geometry.name
        if self.outcome(state):
            return "the game is over"
        if isinstance(action, EndTurn):
            if state.phase != MOVE:
                return "the turn's moves are over"
            if state.left:
                return self.turns.why_not_end(state)
            return "make a move first"
        if isinstance(action, Bury):
            if state.phase != BURY:
                return "nothing captured is waiting to be buried"
            seat = state.board.turn
            if not (1 << action.cell) & state.board.colours[seat]:
                return (
                    f"a piece is buried under one of your own pieces; {name(action.cell)} has none"
                )
            if grid_get(state.grids[seat], action.cell):
                return f"you already have a piece buried at {name(action.cell)}"
            return "not a square to bury under"
        if isinstance(action, Promote):
            if state.phase != PROMOTE:
                return "no returning pawn is waiting for promotion"
            pawn = cellset.first(self.turns.promotions_due(state))
            return f"the pawn to promote is on {name(pawn)}"
        if state.phase != MOVE:
            return "the turn's moves are over"
        return self.turns.why_illegal(state, action)

    def event_text_for(self, state: ZombieState, action: Action, seat: int) -> str:
        """The action as `seat` may know it, with what was announced because of it."""
        words = self.action_text(state, action)
        if isinstance(action, Bury) and seat != state.board.turn:
            words = f"bury {state.captured[0]}"
        after = self.apply(state, action)
        said = [
            notation.announcement(self.t, e, self.spec.seat_names)
            for e in after.ledger[len(state.ledger) :]
            if e.what != BURIED  # the burial itself is the action described
        ]
        result = self.outcome(after)
        if result is not None:
            said.append(f"game over: {result.reason}")
        return "; ".join([words, *filter(None, said)])

    # -- information ----------------------------------------------------------------------

    def view(self, state: ZombieState, seat: int) -> ZombieView:
        result = self.outcome(state)
        return ZombieView(
            seat=seat,
            public=state._replace(grids=((), ())),
            own_grid=None if seat == SPECTATOR else state.grids[seat],
            graveyards=(graveyard(state, 0), graveyard(state, 1)),
            outcome=outcome_words(self.spec.seat_names, result),
        )

    def sample_hidden(self, view: Any, rng: random.Random) -> ZombieState:
        if not isinstance(view, ZombieView):
            raise StateError("zombie: sample_hidden needs a Zombie Chess view")
        public = view.public
        grids: list[Grid] = [(), ()]
        for seat in (0, 1):
            if seat == view.seat and view.own_grid is not None:
                grids[seat] = view.own_grid
        mover = public.board.turn
        for seat in (mover ^ 1, mover):  # the mover's grid last: only it can change the node
            if seat == view.seat and view.own_grid is not None:
                continue
            entries = self._burials_before(view, seat) + [
                e for e in public.ledger if e.seat == seat
            ]

            def accept(grid: Grid, seat: int = seat) -> bool:
                if seat != mover:
                    return True
                trial = list(grids)
                trial[seat] = grid
                return self._fits(view, public._replace(grids=(trial[0], trial[1])))

            grids[seat] = GridSampler(entries).sample(rng, accept)
        return public._replace(grids=(grids[0], grids[1]))

    def _burials_before(self, view: ZombieView, seat: int) -> list[Entry]:
        """Burials the ledger does not tell of (a state set up with pieces already buried):
        each may be under any square, as far as anyone else knows."""
        # buried now = buried at the start + burials told of - zombies that came back
        start = Counter(view.graveyards[seat ^ 1])
        told = Counter[str]()
        for entry in view.public.ledger:
            if entry.seat == seat and entry.what == CHECK and entry.letter:
                start[entry.letter] += 1
            elif entry.seat == seat and entry.what == BURIED:
                told[entry.letter] += 1
        if told - start:
            raise StateError("zombie: the graveyard does not match the announcements")
        waiting = "".join(sorted((start - told).elements()))
        everywhere = self.t.all_cells
        return [Entry(BURIED, seat, -1, letter, everywhere) for letter in waiting]

    def _fits(self, view: ZombieView, state: ZombieState) -> bool:
        """Whether a guessed state shows the view's result and can go on where it must."""
        if state.phase == BURY and not self.turns.bury_squares(state):
            return False
        if state.phase == MOVE and state.left and not self.choices(state, state.board.turn):
            return False  # in the middle of a horde, the turn must still be able to end
        result = self.outcome(state)
        return outcome_words(self.spec.seat_names, result) == view.outcome

    def view_to_json(self, view: Any) -> dict[str, Any]:
        if not isinstance(view, ZombieView):
            raise StateError("zombie: not a Zombie Chess view")
        return self.codec.view_json(view)

    # -- serialisation --------------------------------------------------------------------

    def check_state(self, state: ZombieState) -> None:
        if state.phase == PROMOTE and not self.turns.promotions_due(state):
            raise StateError("zombie: the promotion phase needs a pawn on its last rank")
        if state.phase != PROMOTE and self.turns.promotions_due(state):
            raise StateError("zombie: a pawn on its last rank must be promoted first")
        if state.phase == BURY and not self.turns.bury_squares(state):
            raise StateError("zombie: a piece waits for burial but no square can take it")

    def evaluate(self, state: ZombieState, seat: int) -> float:
        """Material (a zombie at half), placement and king shelter (see `evaluate.py`)."""
        return evaluate.evaluate(self.t, state, seat)
