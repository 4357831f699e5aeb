"""Synchronous Chess: both sides write a move at the same time, then the moves are made.

Seed: 002, The Rules of Chess Kit, section Synchronous Chess (after Korolev, Hansmann and
the Krasowskys); readings from RULES-NOTES section 7.

Rules in short:

* Each turn both sides choose a move at once (a SIMULTANEOUS node). Each move must be legal
  in orthodox chess on the position before either move. There is no en passant.
* Resolution: a move onto an enemy piece that stayed captures it; onto an enemy piece that
  moved, nothing is captured (pieces swap or pass through each other); both moves onto the
  same empty square capture both pieces (a king among them is captured).
* Exchange of blows: when a piece has moved to a square that an enemy piece attacked before
  the moves and still attacks, that enemy may capture it there; then the first side may
  recapture, and so on, each piece striking at most once, until nobody can or will strike
  (`x` passes). When both sides may strike at once (one on each arrival square), both choose
  at the same time and the blows are resolved by the same three rules.
* A king under attack must move, to a square that was not attacked before the move: no
  blocking, no taking the attacker with another piece, no castling out of check. A king
  under attack with no such square is checkmated.
* Capturing or checkmating the enemy king wins; both at once is a draw. A side that is not
  under attack but has no legal move is stalemated: a draw, as in chess. Repetition,
  no-progress and dead-material draws apply.

Interpretations (each a named option where the text is open):

* `first_blow` = `any` (default): once an exchange of blows is open on a square, any piece
  with a legal capture there may make the first blow. `attacker`: only a piece that attacked
  the square before the moves and still does (the piece that opened the exchange).
* The pieces that "attacked before and still attack" are followed through their own move: a
  piece that moved still counts if it attacks the square from where it now stands.
* `exchange_order` = `together` (default; the notes' reading of the original): the two
  arrival squares are resolved side by side, with simultaneous choices whenever both sides
  may strike. `one_by_one`: White's arrival square is resolved to the end first, then
  Black's.
* Blows are ordinary chess captures judged on the position at that moment: they may not
  leave the striker's own king attacked, and a pawn striking onto the last rank promotes.
  The "king must move" rule governs the turn's moves, not the blows.
* Castling's arrival squares can never open an exchange: castling may not cross or land on
  an attacked square.
* `repetition` = 3: the game is drawn when the same board (with the same castling rights)
  stands at the start of a turn for the third time. `no_progress_turns` = 50: drawn after 50
  turns with no capture and no pawn move (a turn holds both sides' moves, as the fifty-move
  rule's "50 moves" count one move by each player). Both apply at once, without a claim.
* Dead material (king against king, a lone minor piece, bishops all on one colour) is drawn
  as in chess: no collision can take a king there, since kings, knights and bishops only
  move to squares they attack and a king never moves onto an attacked one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from motley.chesslike import movegen
from motley.chesslike.draws import insufficient_material
from motley.chesslike.position import Move, Position
from motley.chesslike.rules import Outcome
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.present import Diagram, Gesture, Layout, Scene
from motley.core.rules import NodeKind, Rules
from motley.core.spec import GameSpec, OptionSpec, Trait
from motley.games.synchronous import present
from motley.games.synchronous import state as codec
from motley.games.synchronous.board import (
    GEOMETRY,
    KING,
    PAWN,
    SEAT_NAMES,
    START,
    TABLES,
    as_mover,
    board_key,
    draw_board,
    find_move,
    has_king,
    in_check,
    is_castling,
    kind_on,
    material,
    move_text,
    owner,
    parse_coordinates,
    read_board,
)
from motley.games.synchronous.resolve import Resolution, lasting_attackers, resolve
from motley.games.synchronous.state import ANY_PIECE, Exchange, SyncState
from motley.geometry.base import Geometry


@dataclass(frozen=True)
class Pass:
    """Declining to strike in an exchange of blows (written `x`, as the seed says)."""

    def __str__(self) -> str:
        return "x"


PASS = Pass()
Action = Move | Pass


class Synchronous(Rules[SyncState, Action]):
    geometry: Geometry = GEOMETRY  # the board, for anything that draws it
    spec = GameSpec(
        id="synchronous",
        title="Synchronous Chess",
        version=1,
        players=2,
        seat_names=SEAT_NAMES,
        summary="Both sides move at once; clashes resolve by fixed rules, then blows are "
        "exchanged on the arrival squares.",
        seed="002, The Rules of Chess Kit: Synchronous Chess",
        traits=frozenset({Trait.SIMULTANEOUS}),
        options=(
            OptionSpec(
                "first_blow",
                "any",
                "who may make the first blow of an exchange: 'any' piece that can legally "
                "capture there, or only an 'attacker' that attacked the square before the "
                "moves and still does",
                ("any", "attacker"),
                label="Who strikes first in an exchange",
            ),
            OptionSpec(
                "exchange_order",
                "together",
                "'together': both arrival squares are fought over at once, choices made "
                "simultaneously; 'one_by_one': White's arrival square first, then Black's",
                ("together", "one_by_one"),
                label="How exchanges are fought",
            ),
            OptionSpec(
                "repetition",
                3,
                "drawn when the same board stands at the start of a turn this many times "
                "(0: never)",
                label="Draw when a board repeats (times)",
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
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        try:
            board = read_board(str(self.options["position"]) or START)
        except NotationError as error:
            raise OptionError(f"option 'position': {error}") from None
        if not (has_king(board, 0) and has_king(board, 1)):
            raise OptionError("option 'position': each side needs its king")
        self._start = SyncState(board, seen=(board_key(board),))
        self._together = self.options["exchange_order"] == "together"
        # one-entry memos: a driver asks about the same state several times in a row
        self._moves_memo: tuple[Position | None, tuple[list[Move], list[Move]]] = (None, ([], []))
        self._outcome_memo: tuple[SyncState | None, Outcome | None] = (None, None)

    # -- moves -------------------------------------------------------------------------------

    def moves(self, board: Position, seat: int) -> list[Move]:
        """`seat`'s legal moves for a turn: orthodox moves, but a king under attack must move."""
        memo = self._moves_memo
        if memo[0] is not board:
            memo = (board, (self._moves(board, 0), self._moves(board, 1)))
            self._moves_memo = memo
        return memo[1][seat]

    def _moves(self, board: Position, seat: int) -> list[Move]:
        if not has_king(board, seat):
            return []
        legal = movegen.legal_moves(TABLES, as_mover(board, seat))  # never an e.p. right
        if in_check(board, seat):
            # the seed: the king must move, since a blocker or a capturer could be outpaced
            # by the attacker moving at the same time; orthodox legality already keeps the
            # king off squares attacked before the move and forbids castling out of check
            king = movegen.king_cell(TABLES, board, seat)
            legal = [m for m in legal if m.origin == king]
        return legal

    def active(self, state: SyncState) -> tuple[Exchange, ...]:
        """The exchanges of blows being fought now (both, or the first, by `exchange_order`)."""
        return state.exchanges if self._together else state.exchanges[:1]

    def strikes(self, state: SyncState, seat: int) -> list[Move]:
        """`seat`'s possible blows: legal captures on its exchange square by fresh pieces."""
        for exchange in self.active(state):
            if exchange.striker == seat:
                return self._strikes(state, exchange)
        return []

    def _strikes(self, state: SyncState, exchange: Exchange) -> list[Move]:
        board = state.board
        seat = exchange.striker
        if not (1 << exchange.square) & board.colours[seat ^ 1]:
            return []  # a blow is a capture: the square must hold an enemy piece
        fresh = exchange.allowed & ~state.struck  # each piece strikes at most once
        return [
            m
            for m in movegen.legal_moves(TABLES, as_mover(board, seat))
            if m.target == exchange.square and (1 << m.origin) & fresh
        ]

    # -- the tree ----------------------------------------------------------------------------

    def initial_state(self) -> SyncState:
        return self._start

    def outcome(self, state: SyncState) -> Outcome | None:
        """How the game has ended at `state`, or None while it goes on."""
        if self._outcome_memo[0] is not state:
            self._outcome_memo = (state, self._outcome(state))
        return self._outcome_memo[1]

    def _outcome(self, state: SyncState) -> Outcome | None:
        board = state.board
        kings = (has_king(board, 0), has_king(board, 1))
        if not all(kings):
            if not any(kings):
                return Outcome(None, "both kings captured at once")
            return Outcome(kings.index(True), "capture of the king")
        if state.exchanges:
            return None
        mated = [s for s in (0, 1) if in_check(board, s) and not self.moves(board, s)]
        if len(mated) == 2:
            return Outcome(None, "both kings checkmated at once")
        if mated:
            return Outcome(mated[0] ^ 1, "checkmate")
        if not self.moves(board, 0) or not self.moves(board, 1):
            return Outcome(None, "stalemate")
        if insufficient_material(TABLES, board):
            return Outcome(None, "insufficient material")
        limit = int(self.options["no_progress_turns"])
        if limit and len(state.seen) - 1 >= limit:
            return Outcome(None, f"{limit} turns without a capture or pawn move")
        times = int(self.options["repetition"])
        if times and state.seen.count(state.seen[-1]) >= times:
            return Outcome(None, f"the same position {times} times")
        return None

    def kind(self, state: SyncState) -> NodeKind:
        if self.outcome(state) is not None:
            return NodeKind.TERMINAL
        if len(self.actors(state)) == 1:
            return NodeKind.DECISION
        return NodeKind.SIMULTANEOUS

    def actors(self, state: SyncState) -> tuple[int, ...]:
        if self.outcome(state) is not None:
            return ()
        if state.exchanges:
            return tuple(sorted({e.striker for e in self.active(state)}))
        return (0, 1)

    def legal_actions(self, state: SyncState, seat: int | None = None) -> Sequence[Action]:
        actors = self.actors(state)
        if seat is None:
            if len(actors) > 1:
                raise StateError("synchronous: both sides choose at once; name the seat")
            if not actors:
                return []
            seat = actors[0]
        if seat not in actors:
            return []
        if state.exchanges:
            return [*self.strikes(state, seat), PASS]
        return self.moves(state.board, seat)

    def apply(self, state: SyncState, action: Action) -> SyncState:
        actors = self.actors(state)
        if len(actors) != 1:
            raise StateError("synchronous: both sides choose at once (use apply_joint)")
        return self.apply_joint(state, {actors[0]: action})

    def apply_joint(self, state: SyncState, actions: Mapping[int, Action]) -> SyncState:
        actors = self.actors(state)
        if not actors:
            raise IllegalAction("-", "the game is over")
        if sorted(actions) != list(actors):
            names = " and ".join(SEAT_NAMES[s] for s in actors)
            raise StateError(f"synchronous: need exactly one choice from {names}")
        for seat, action in actions.items():
            self.check_legal(state, action, seat)
        if state.exchanges:
            return self._blows(state, actions)
        return self._turn(state, {s: a for s, a in actions.items() if isinstance(a, Move)})

    def _turn(self, state: SyncState, moves: Mapping[int, Move]) -> SyncState:
        """Make both moves, then open an exchange of blows where the seed allows one."""
        before = state.board
        result = resolve(before, moves)
        after = state._replace(board=result.board, progress=result.progress)
        if not (has_king(result.board, 0) and has_king(result.board, 1)):
            return after
        return self._settle(after._replace(exchanges=self._openings(before, result)))

    def _openings(self, before: Position, result: Resolution) -> tuple[Exchange, ...]:
        opened = []
        for leg in sorted(result.landed, key=lambda leg: leg.seat):  # White's square first
            enemy = leg.seat ^ 1
            lasting = lasting_attackers(before, result, leg.target, enemy)
            if lasting:
                allowed = lasting if self.options["first_blow"] == "attacker" else ANY_PIECE
                opened.append(Exchange(leg.target, enemy, allowed))
        return tuple(opened)

    def _blows(self, state: SyncState, actions: Mapping[int, Action]) -> SyncState:
        """Strike (or pass) on each active square at once, by the same three rules."""
        strikes = {s: a for s, a in actions.items() if isinstance(a, Move)}
        result = resolve(state.board, strikes)
        struck = state.struck
        for leg in result.landed:
            struck |= 1 << leg.target
        exchanges = []
        for exchange in state.exchanges:
            if exchange in self.active(state):
                if exchange.striker not in strikes:
                    continue  # a pass ends the exchange on that square
                # after a blow the other side may answer, with any piece that can
                exchange = Exchange(exchange.square, exchange.striker ^ 1, ANY_PIECE)
            exchanges.append(exchange)
        after = state._replace(
            board=result.board,
            exchanges=tuple(exchanges),
            struck=struck & result.board.occupied,
            progress=state.progress or result.progress,
        )
        if not (has_king(result.board, 0) and has_king(result.board, 1)):
            return after._replace(exchanges=(), struck=0)
        return self._settle(after)

    def _settle(self, state: SyncState) -> SyncState:
        """Close exchanges where no blow is possible; end the turn when none is left."""
        while True:
            dead = [e for e in self.active(state) if not self._strikes(state, e)]
            if not dead:
                break
            state = state._replace(exchanges=tuple(e for e in state.exchanges if e not in dead))
        if state.exchanges:
            return state
        key = board_key(state.board)
        seen = (key,) if state.progress else (*state.seen, key)
        return SyncState(state.board, state.turn + 1, (), 0, False, seen)

    def returns(self, state: SyncState) -> tuple[float, ...]:
        result = self.outcome(state)
        if result is None or result.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if result.winner == 0 else (-1.0, 1.0)

    # -- actions as text ---------------------------------------------------------------------

    def action_text(self, state: SyncState, action: Action) -> str:
        if isinstance(action, Pass):
            return "x"
        return move_text(state.board, action)

    def parse_action(self, state: SyncState, text: str, seat: int | None = None) -> Action:
        actors = self.actors(state)
        if not actors:
            raise IllegalAction(text, "the game is over")
        if seat is None:
            if len(actors) > 1:
                raise IllegalAction(text, "both sides choose at once: say which side this is")
            seat = actors[0]
        if seat not in actors:
            raise IllegalAction(text, f"{SEAT_NAMES[seat]} has nothing to choose now")
        if text.strip().lower() in ("x", "pass"):
            if not state.exchanges:
                raise IllegalAction(text, "a move must be made; 'x' passes only in a blow")
            return PASS
        legal = [a for a in self.legal_actions(state, seat) if isinstance(a, Move)]
        found = find_move(state.board, seat, text, legal)
        if found is None:
            # name the rule the intended move breaks, if the text names a move by movement
            reach = movegen.pseudo_legal_moves(TABLES, as_mover(state.board, seat))
            meant = find_move(state.board, seat, text, reach)
            raise IllegalAction(text.strip(), self._why_not(state, seat, meant or text))
        return found

    def check_legal(self, state: SyncState, action: Action, seat: int | None = None) -> Action:
        if action in self.legal_actions(state, seat):
            return action
        seat = self.actors(state)[0] if seat is None and self.actors(state) else seat
        reason = "the game is over" if seat is None else self._why_not(state, seat, action)
        raise IllegalAction(self.action_text(state, action), reason)

    def _why_not(self, state: SyncState, seat: int, action: Action | str) -> str:
        """The rule an action breaks, in words."""
        board = state.board
        if isinstance(action, Pass):
            return "a move must be made; 'x' passes only in an exchange of blows"
        if isinstance(action, str):
            coords = parse_coordinates(action.strip().rstrip("+#!?"))
            if coords is None:
                return "no such move in this position"
            action = Move(*coords)
        if state.exchanges:
            squares = " or ".join(GEOMETRY.name(e.square) for e in self.active(state))
            return (
                f"in an exchange of blows only a capture on {squares} by a piece that has "
                "not struck yet, or x to pass, may be played"
            )
        name = GEOMETRY.name(action.origin)
        if owner(board, action.origin) != seat:
            return f"there is no {SEAT_NAMES[seat]} piece on {name}"
        kind = kind_on(board, action.origin)
        if in_check(board, seat) and kind != KING:
            return f"the {SEAT_NAMES[seat]} king is attacked, so the king itself must move"
        diagonal = GEOMETRY.file_of(action.origin) != GEOMETRY.file_of(action.target)
        if kind == PAWN and owner(board, action.target) < 0 and diagonal:
            return "a pawn captures only a piece standing there: there is no en passant"
        if kind == KING and (is_castling(board, action) or abs(action.target - action.origin) == 2):
            return (
                "castling needs an unmoved king and rook, empty squares between, and no "
                "attacked square for the king (nor castling out of check)"
            )
        reach = movegen.pseudo_targets(TABLES, as_mover(board, seat), action.origin)
        if (1 << action.target) & reach:
            if kind == KING:
                return "the king may not move onto an attacked square"
            return "the move would leave the king attacked"
        piece = TABLES.kinds[kind].name
        return f"the {piece} on {name} cannot reach {GEOMETRY.name(action.target)}"

    # -- presentation (see `present`) --------------------------------------------------------

    def layout(self) -> Layout:
        return present.layout()

    def diagrams(self) -> tuple[Diagram, ...]:
        from motley.games.synchronous import diagrams  # it builds positions with this class

        return diagrams.diagrams()

    def scene(self, view: SyncState, seat: int) -> Scene:
        return present.scene(self, view, seat)

    def gesture(self, view: SyncState, action: Action) -> Gesture:
        return present.gesture(view, action)

    def notate(self, state: SyncState, action: Action, seat: int) -> str:
        return present.notate(self, state, action)

    # -- information and serialisation -------------------------------------------------------

    def state_to_json(self, state: SyncState) -> dict[str, Any]:
        return codec.state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> SyncState:
        state = codec.state_from_json(data)
        for exchange in self.active(state):
            if not self._strikes(state, exchange):
                square = GEOMETRY.name(exchange.square)
                raise StateError(f"the exchange of blows on {square} has no possible blow")
        return state

    def render(self, state: SyncState, seat: int = -1) -> str:
        lines = draw_board(state.board, flipped=seat == 1)
        result = self.outcome(state)
        if result is not None:
            winner = "draw" if result.winner is None else f"{SEAT_NAMES[result.winner]} wins"
            lines.append(f"Game over: {winner} by {result.reason}")
        elif state.exchanges:
            for exchange in self.active(state):
                lines.append(
                    f"Exchange of blows on {GEOMETRY.name(exchange.square)}: "
                    f"{SEAT_NAMES[exchange.striker]} may capture there (or x to pass)"
                )
        else:
            checks = [SEAT_NAMES[s] for s in (0, 1) if in_check(state.board, s)]
            note = f" ({' and '.join(checks)} under attack: the king must move)" if checks else ""
            lines.append(f"Turn {state.turn}: both sides choose a move{note}")
        return "\n".join(lines)

    def evaluate(self, state: SyncState, seat: int) -> float:
        return material(state.board, seat)
