"""Masquerade Chess, the rules object (seed 002, The Rules of Chess Kit, section Masquerade
Chess). The package docstring (`motley.games.masquerade`) states the rules and every reading
chosen."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from motley.chesslike.coordinates import read_squares
from motley.chesslike.draws import history_draw
from motley.chesslike.fen import write_fen
from motley.chesslike.orthodox import OrthodoxBoardRules
from motley.chesslike.position import Move
from motley.chesslike.present import outcome_words
from motley.chesslike.refusals import named_move
from motley.chesslike.rules import DRAW_OPTIONS, ORTHODOX_START, start_from
from motley.chesslike.spec import kit_spec, position_option
from motley.chesslike.tables import ChessTables
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Outcome, Phase
from motley.core.rules import SPECTATOR
from motley.core.spec import OptionSpec, Trait
from motley.games.masquerade import evaluate
from motley.games.masquerade import present as shown
from motley.games.masquerade.assignment import (
    BLANK,
    EMPTY,
    PERMS,
    ROWS,
    Clue,
    filled_rows,
    is_complete,
    masked,
    possible,
    tables_of,
    with_circle,
)
from motley.games.masquerade.moves import Mechanics
from motley.games.masquerade.state import Action, Assign, Codec, MasqueradeState, MasqueradeView

_ASSIGN = re.compile(r"^([kqrbn])([kqrbn])$")


class MasqueradeChess(OrthodoxBoardRules[MasqueradeState, Action]):
    spec = kit_spec(
        id="masquerade",
        title="Masquerade Chess",
        summary=(
            "Chess where each player secretly decides how the opponent's pieces capture; "
            "deduce your own pieces' captures and take the enemy king."
        ),
        traits=frozenset({Trait.HIDDEN}),
        options=(
            OptionSpec(
                "promoted_capture",
                "assignment",
                "how a promoted pawn captures: like its new type's row of the secret table "
                "('assignment') or with its new type's own capture ('own')",
                ("assignment", "own"),
                label="How a promoted pawn captures",
            ),
            OptionSpec(
                "row_order",
                "any",
                "the order the rows of a secret table are filled in: any order, as the seed "
                "writes its example 'KQ, QN, RB, NR, BK' ('any'), or king, queen, rook, "
                "bishop, knight ('fixed': fewer decisions, the same tables)",
                ("any", "fixed"),
                label="Order of filling in the table rows",
            ),
            OptionSpec("en_passant", True, "pawns may capture en passant", label="En passant"),
            position_option(),
            *DRAW_OPTIONS,
        ),
    )
    presentation = shown
    codec: Codec  # set with the tables, in __init__

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.t: ChessTables = self.tables  # short, for the code that reads it often
        self.mech = Mechanics(
            self.t, bool(self.options["en_passant"]), self.options["promoted_capture"] == "own"
        )
        self.codec = Codec(self.t)
        self.any_order = self.options["row_order"] == "any"
        # kings may stand attacked, even side by side: there is no check
        board = start_from(
            self.options, lambda fen: self.codec.board_of({"fen": fen, "ep": "-"}), ORTHODOX_START
        )
        kings = board.pieces[self.t.royal]
        if any((kings & board.colours[seat]).bit_count() != 1 for seat in (0, 1)):
            raise OptionError("option 'position': each side needs exactly one king")
        start = MasqueradeState(board._replace(previous=None), (EMPTY, EMPTY), ((), ()), 0, -1, ())
        self._start = start._replace(history=(self.position_key(start),))

    # -- the tree -------------------------------------------------------------------------

    def filling(self, s: MasqueradeState) -> int:
        """The seat filling in the opponent's table (White first), or -1 once both are done."""
        if not is_complete(s.tables[1]):
            return 0
        if not is_complete(s.tables[0]):
            return 1
        return -1

    @last_asked
    def moves(self, s: MasqueradeState) -> list[Move]:
        return self.mech.moves(s.board) if self.filling(s) < 0 and s.winner < 0 else []

    def phase(self, state: MasqueradeState) -> Phase:
        """Filling in the secret tables (White first, then Black), then play in turn."""
        if self.outcome(state):
            return OVER
        filler = self.filling(state)
        if filler >= 0:
            return Phase.decision(filler, "tables")
        return Phase.decision(state.board.turn, "play")

    @last_asked
    def outcome(self, s: MasqueradeState) -> Outcome | None:
        if s.winner >= 0:
            return Outcome(s.winner, "capturing the king")
        if self.filling(s) >= 0:
            return None
        if not self.moves(s):
            return Outcome(None, "no move")
        same = "the same position and knowledge"
        return history_draw(self.options, s.board.halfmove, s.history, same=same)

    def choices(self, state: MasqueradeState, seat: int) -> Sequence[Action]:
        filler = self.filling(state)
        if filler >= 0:
            # any row not circled yet, in any order (the seed writes "KQ, QN, RB, NR, BK")
            table = state.tables[filler ^ 1]
            rows = [row for row, circled in zip(ROWS, table, strict=True) if circled == BLANK]
            if not self.any_order:
                rows = rows[:1]
            return [Assign(row, c) for row in rows for c in ROWS if c not in table]
        return self.moves(state)

    def apply(self, state: MasqueradeState, action: Action) -> MasqueradeState:
        if action not in self.legal_actions(state):
            raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))
        last = self.public_text(state, action)
        if isinstance(action, Assign):
            filler = self.filling(state)
            tables = list(state.tables)
            tables[filler ^ 1] = with_circle(tables[filler ^ 1], action.row, action.capture)
            after = state._replace(tables=(tables[0], tables[1]), last=last)
            if self.filling(after) < 0:
                after = after._replace(history=(self.position_key(after),))
            return after
        return self._play(state, action)._replace(last=last)

    def public_text(self, state: MasqueradeState, action: Action) -> str:
        """The action as everyone hears it: the row being filled in (not the circle), or the
        move, with the answer to a "Capture?"."""
        if isinstance(action, Assign):
            return f"{self.spec.seat_name(self.filling(state))} fills in row {action.row}"
        words = self.action_text(state, action)
        if self.asks(state, action):
            words += "? yes" if self.answer(state, action) else "? no"
        return words

    def asks(self, state: MasqueradeState, move: Move) -> bool:
        """Whether `move` is a "Capture?" (a capture by a piece above a pawn)."""
        pos = state.board
        return self.mech.is_capture(pos, move) and not (1 << move.origin) & pos.pieces[self.t.pawn]

    def answer(self, state: MasqueradeState, move: Move) -> bool:
        """The answer to a "Capture?", from the attacker's row of its secret table."""
        mech = self.mech
        pos = state.board
        row = mech.row_of(pos, move.origin)
        if mech.is_attempt(pos, move, state.promoted):
            return state.tables[pos.turn][ROWS.index(row)] in mech.fits(pos, move)
        return row in mech.fits(pos, move)  # a promoted piece capturing as its own type

    def _play(self, state: MasqueradeState, move: Move) -> MasqueradeState:
        mech = self.mech
        pos = state.board
        seat = pos.turn
        clues = state.clues
        if self.asks(state, move):
            hit = self.answer(state, move)
            if mech.is_attempt(pos, move, state.promoted):
                # both players hear the answer: it is a clue about the attacker's row
                clue = Clue(mech.row_of(pos, move.origin), mech.fits(pos, move), hit)
                if clue not in clues[seat]:
                    mine = (*clues[seat], clue)
                    clues = (mine, clues[1]) if seat == 0 else (clues[0], mine)
            if not hit:
                after = state._replace(board=mech.refused(pos), clues=clues)
                return after._replace(history=(*state.history, self.position_key(after)))
        board = mech.played(pos, move)
        winner = seat if not board.pieces[self.t.royal] & board.colours[seat ^ 1] else -1
        if winner >= 0:  # a captured king takes its side's castling rights with it
            board = board._replace(castling=board.castling & ~board.colours[seat ^ 1])
        promoted = state.promoted & ~(1 << move.target)
        if promoted >> move.origin & 1:
            promoted ^= (1 << move.origin) | (1 << move.target)
        if move.promotion:
            promoted |= 1 << move.target
        after = state._replace(board=board, clues=clues, promoted=promoted, winner=winner)
        key = self.position_key(after)
        history = (key,) if board.halfmove == 0 else (*state.history, key)
        return after._replace(history=history)

    def position_key(self, s: MasqueradeState) -> str:
        """Board, rights and what each player knows: repeating needs all three the same."""
        board = write_fen(self.t, s.board._replace(ep=-1), counters=False)
        return f"{board} {s.board.ep} {possible(s.clues[0]):x} {possible(s.clues[1]):x}"

    # -- actions as text ------------------------------------------------------------------

    def action_text(self, state: MasqueradeState, action: Action) -> str:
        if isinstance(action, Assign):
            return action.row + action.capture
        t = self.t
        g = t.geometry
        pos = state.board
        target = action.target
        if (1 << target) & pos.colours[pos.turn] and (1 << action.origin) & pos.pieces[t.royal]:
            target, _ = t.castle_squares(pos.turn, action.origin, target)
        mark = "x" if self.mech.is_capture(pos, action) else ""
        return g.name(action.origin) + mark + g.name(target) + action.promotion

    def parse_action(self, state: MasqueradeState, text: str, seat: int | None = None) -> Action:
        words = text.strip().lower()
        assign = _ASSIGN.match(words)
        move = read_squares(self.t, words)
        if not assign and not move:
            raise NotationError(
                f"expected a table square (KQ: the king captures like a queen) or a move "
                f"(e2e4, b1xc3, e7e8q), got {text!r}"
            )
        self.refuse_out_of_turn(state, text, seat)
        filling = self.filling(state) >= 0
        if assign:
            if not filling:
                raise IllegalAction(text, "the tables are already filled in")
            return self.check_legal(state, Assign(assign.group(1).upper(), assign.group(2).upper()))
        if filling:
            raise IllegalAction(text, "first the tables are filled in, one row at a time (KQ)")
        assert move is not None
        found = named_move(
            self.moves(state), move, lambda m: self.action_text(state, m).replace("x", "")
        )
        return found if found is not None else self.check_legal(state, move)

    def why_illegal(self, state: MasqueradeState, action: Action) -> str:
        if self.outcome(state):
            return "the game is over"
        filler = self.filling(state)
        if isinstance(action, Assign):
            if filler < 0:
                return "the tables are already filled in"
            table = state.tables[filler ^ 1]
            if table[ROWS.index(action.row)] != BLANK:
                return f"row {action.row} is already filled in: each row gets one circle"
            following = ROWS[table.index(BLANK)]
            if not self.any_order and action.row != following:
                return f"the rows are filled in order: now row {following}"
            return f"each column gets one circle: {action.capture} is already given"
        if filler >= 0:
            return "first the tables are filled in, one row at a time (KQ)"
        t = self.t
        pos = state.board
        name = t.geometry.name(action.origin)
        if not (1 << action.origin) & pos.colours[pos.turn]:
            return f"there is no piece of yours on {name}"
        if (1 << action.target) & pos.colours[pos.turn ^ 1]:
            return "no capture move could take that piece from there"
        pawn = (1 << action.origin) & pos.pieces[t.pawn]
        if pawn and not action.promotion and (1 << action.target) & t.promotion_zone[pos.turn]:
            return "a pawn reaching the last rank must be promoted (add q, r, b or n)"
        return f"that piece cannot move from {name} to {t.geometry.name(action.target)}"

    def event_text_for(self, state: MasqueradeState, action: Action, seat: int) -> str:
        """The action as `seat` may know it: a row of a secret table only for the one who
        filled it in; every "Capture?" with its answer; the end of the game."""
        if isinstance(action, Assign) and seat == self.filling(state):
            return self.action_text(state, action)
        words = self.public_text(state, action)
        result = self.outcome(self.apply(state, action))
        if result is not None:
            words += f"; game over: {result.reason}"
        return words

    # -- information ----------------------------------------------------------------------

    def view(self, state: MasqueradeState, seat: int) -> MasqueradeView:
        result = self.outcome(state)
        return MasqueradeView(
            seat=seat,
            board=state.board,
            filled=(filled_rows(state.tables[0]), filled_rows(state.tables[1])),
            known=None if seat == SPECTATOR else state.tables[seat ^ 1],
            clues=state.clues,
            promoted=state.promoted,
            winner=state.winner,
            outcome=outcome_words(self.spec.seat_names, result),
            history=state.history,
            last=state.last,
        )

    def sample_hidden(self, view: Any, rng: random.Random) -> MasqueradeState:
        if not isinstance(view, MasqueradeView):
            raise StateError("masquerade: sample_hidden needs a Masquerade Chess view")
        tables = ["", ""]
        for seat in (0, 1):
            if view.known is not None and seat == view.seat ^ 1:
                tables[seat] = view.known
            elif len(view.filled[seat]) < len(ROWS):
                # the rows circled so far are public, their circles not
                tables[seat] = masked(rng.choice(PERMS), view.filled[seat])
            else:
                candidates = tables_of(possible(view.clues[seat]))
                if not candidates:
                    raise StateError("masquerade: the answers given contradict each other")
                tables[seat] = rng.choice(candidates)
        return MasqueradeState(
            view.board,
            (tables[0], tables[1]),
            view.clues,
            view.promoted,
            view.winner,
            view.history,
            view.last,
        )

    def view_to_json(self, view: Any) -> dict[str, Any]:
        if not isinstance(view, MasqueradeView):
            raise StateError("masquerade: not a Masquerade Chess view")
        return self.codec.view_json(view)

    def evaluate(self, state: MasqueradeState, seat: int) -> float:
        """Material, placement and king shelter (see `evaluate.py`)."""
        return evaluate.evaluate(self.t, state, seat)
