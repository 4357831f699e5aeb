"""The rules object of Synchronous Chess (seed 002, The Rules of Chess Kit; readings in the
package docstring), over `chesslike.simultaneous`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from motley.chesslike import movegen
from motley.chesslike import turnless as tl
from motley.chesslike.draws import insufficient_material
from motley.chesslike.position import Move, Position
from motley.chesslike.simultaneous import SimultaneousChess, draw_options, header
from motley.core.errors import IllegalAction, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Outcome, Phase
from motley.core.spec import OptionSpec
from motley.games.synchronous import present
from motley.games.synchronous.resolve import Resolution, lasting_attackers, resolve
from motley.games.synchronous.state import ANY_PIECE, CODEC, Exchange, SyncState
from motley.geometry import cellset

# -- Synchronous Chess ----------------------------------------------------------------------


@dataclass(frozen=True)
class Pass:
    """Declining to strike in an exchange of blows (written `x`, as the seed says)."""

    def __str__(self) -> str:
        return "x"


PASS = Pass()
Action = Move | Pass
# the phases, made once (asked for at every step of a playout)
MOVES = Phase.simultaneous((0, 1), "moves")
ONE_BLOW = (Phase.decision(0, "blows"), Phase.decision(1, "blows"))
BOTH_BLOW = Phase.simultaneous((0, 1), "blows")


class Synchronous(SimultaneousChess[SyncState, Action]):
    spec = header(
        "synchronous",
        "Synchronous Chess",
        "Both sides move at once; clashes resolve by fixed rules, then blows are exchanged on "
        "the arrival squares.",
        (
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
            *draw_options("board stands", "board"),
        ),
    )
    presentation = present
    codec = CODEC

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        board = self.start_board()
        self._start = SyncState(board, seen=(tl.board_key(board),))
        self._together = self.options["exchange_order"] == "together"

    # -- moves -------------------------------------------------------------------------------

    def moves(self, board: Position, seat: int) -> list[Move]:
        """`seat`'s legal moves for a turn: orthodox moves, but a king under attack must move."""
        return self._both_moves(board)[seat]

    def _both_moves(self, board: Position) -> tuple[list[Move], list[Move]]:
        return self._turn_start(board)[0]

    def _checks(self, board: Position) -> tuple[bool, bool]:
        """Whether each king is attacked."""
        return self._turn_start(board)[1]

    @last_asked
    def _turn_start(
        self, board: Position
    ) -> tuple[tuple[list[Move], list[Move]], tuple[bool, bool]]:
        """Each side's moves and whether its king is attacked, found together."""
        (white, white_check), (black, black_check) = self._moves(board, 0), self._moves(board, 1)
        return (white, black), (white_check, black_check)

    def _moves(self, board: Position, seat: int) -> tuple[list[Move], bool]:
        """`seat`'s moves, and whether its king is attacked."""
        if not tl.has_king(board, seat):
            return [], False
        mover = tl.as_mover(board, seat)  # never an e.p. right
        legal, check = movegen.legal_moves_and_checkers(tl.TABLES, mover)
        if check:
            # the seed: the king must move, since a blocker or a capturer could be outpaced
            # by the attacker moving at the same time; orthodox legality already keeps the
            # king off squares attacked before the move and forbids castling out of check
            king = movegen.king_cell(tl.TABLES, board, seat)
            legal = [m for m in legal if m.origin == king]
        return legal, bool(check)

    def active(self, state: SyncState) -> tuple[Exchange, ...]:
        """The exchanges of blows being fought now (both, or the first, by `exchange_order`)."""
        return state.exchanges if self._together else state.exchanges[:1]

    def strikes(self, state: SyncState, seat: int) -> list[Move]:
        """`seat`'s possible blows: legal captures on its exchange square by fresh pieces."""
        for exchange, blows in self._open_blows(state):
            if exchange.striker == seat:
                return blows
        return []

    @last_asked
    def _open_blows(self, state: SyncState) -> tuple[tuple[Exchange, list[Move]], ...]:
        """Each exchange being fought now with its possible blows: asked when the blows are
        settled, offered and checked, so worked out once per state."""
        return tuple((e, self._strikes(state, e)) for e in self.active(state))

    def _strikes(self, state: SyncState, exchange: Exchange) -> list[Move]:
        board = state.board
        seat = exchange.striker
        if not (1 << exchange.square) & board.colours[seat ^ 1]:
            return []  # a blow is a capture: the square must hold an enemy piece
        fresh = exchange.allowed & ~state.struck  # each piece strikes at most once
        return legal_captures(board, seat, exchange.square, fresh)

    # -- the tree ----------------------------------------------------------------------------

    def initial_state(self) -> SyncState:
        return self._start

    def between_turns(self, state: SyncState) -> bool:
        return not state.exchanges

    def turn_end(self, state: SyncState) -> Outcome | None:
        board = state.board
        white, black = self._both_moves(board)
        if not (white and black):
            checks = self._checks(board)
            mated = [s for s in (0, 1) if checks[s] and not (white, black)[s]]
            if len(mated) == 2:
                return Outcome(None, "both kings checkmated at once")
            if mated:
                return Outcome(mated[0] ^ 1, "checkmate")
            return Outcome(None, "stalemate")
        heavy = board.pieces[tl.PAWN] | board.pieces[tl.ROOK] | board.pieces[tl.QUEEN]
        if not heavy and insufficient_material(tl.TABLES, board):  # a pawn, rook or queen mates
            return Outcome(None, "insufficient material")
        return None

    def phase(self, state: SyncState) -> Phase:
        if self.outcome(state) is not None:
            return OVER
        if not state.exchanges:
            return MOVES
        strikers = {e.striker for e in self.active(state)}
        if len(strikers) == 1:
            return ONE_BLOW[strikers.pop()]
        return BOTH_BLOW

    def choices(self, state: SyncState, seat: int) -> Sequence[Action]:
        if state.exchanges:
            return [*self.strikes(state, seat), PASS]
        return self._both_moves(state.board)[seat]

    def carry_out(self, state: SyncState, actions: Mapping[int, Action]) -> SyncState:
        if state.exchanges:
            return self._blows(state, actions)
        return self._turn(state, {s: a for s, a in actions.items() if isinstance(a, Move)})

    def _turn(self, state: SyncState, moves: Mapping[int, Move]) -> SyncState:
        """Make both moves, then open an exchange of blows where the seed allows one."""
        before = state.board
        result = resolve(before, moves)
        board = result.board
        if not (tl.has_king(board, 0) and tl.has_king(board, 1)):
            return state._replace(board=board, progress=result.progress)
        opened = self._openings(before, result)
        return self._settle(state._replace(board=board, progress=result.progress, exchanges=opened))

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
        if not (tl.has_king(result.board, 0) and tl.has_king(result.board, 1)):
            return after._replace(exchanges=(), struck=0)
        return self._settle(after)

    def _settle(self, state: SyncState) -> SyncState:
        """Close exchanges where no blow is possible; end the turn when none is left."""
        while state.exchanges:
            dead = [e for e, blows in self._open_blows(state) if not blows]
            if not dead:
                return state
            state = state._replace(exchanges=tuple(e for e in state.exchanges if e not in dead))
        key = tl.board_key(state.board)
        seen = (key,) if state.progress else (*state.seen, key)
        return SyncState(state.board, state.turn + 1, (), 0, False, seen)

    # -- actions as text ---------------------------------------------------------------------

    def action_text(self, state: SyncState, action: Action) -> str:
        if isinstance(action, Pass):
            return "x"
        return tl.move_text(state.board, action)

    def parse_action(self, state: SyncState, text: str, seat: int | None = None) -> Action:
        seat = self.parse_seat(state, text, seat)
        if text.strip().lower() in ("x", "pass"):
            if not state.exchanges:
                raise IllegalAction(text, "a move must be made; 'x' passes only in a blow")
            return PASS
        legal = [a for a in self.legal_actions(state, seat) if isinstance(a, Move)]
        found = tl.find_move(state.board, seat, text, legal)
        if found is None:
            # name the rule the intended move breaks, if the text names a move by movement
            reach = movegen.pseudo_legal_moves(tl.TABLES, tl.as_mover(state.board, seat))
            meant = tl.find_move(state.board, seat, text, reach)
            if meant is None:
                coords = tl.parse_coordinates(text.strip().rstrip("+#!?"))
                if coords is None:
                    raise IllegalAction(text.strip(), "no such move in this position")
                meant = Move(*coords)
            raise IllegalAction(text.strip(), self.why_not(state, meant, seat))
        return found

    def why_not(self, state: SyncState, action: Action, seat: int) -> str:
        board = state.board
        if isinstance(action, Pass):
            return "a move must be made; 'x' passes only in an exchange of blows"
        if state.exchanges:
            squares = " or ".join(tl.GEOMETRY.name(e.square) for e in self.active(state))
            return (
                f"in an exchange of blows only a capture on {squares} by a piece that has "
                "not struck yet, or x to pass, may be played"
            )
        if foreign := tl.not_own_piece(board, action, seat):
            return foreign
        kind = tl.kind_on(board, action.origin)
        if tl.in_check(board, seat) and kind != tl.KING:
            return f"the {tl.SEAT_NAMES[seat]} king is attacked, so the king itself must move"
        diagonal = tl.GEOMETRY.file_of(action.origin) != tl.GEOMETRY.file_of(action.target)
        if kind == tl.PAWN and tl.owner(board, action.target) < 0 and diagonal:
            return "a pawn captures only a piece standing there: there is no en passant"
        if tl.tries_castling(board, action):
            return (
                "castling needs an unmoved king and rook, empty squares between, and no "
                "attacked square for the king (nor castling out of check)"
            )
        reach = movegen.pseudo_targets(tl.TABLES, tl.as_mover(board, seat), action.origin)
        if (1 << action.target) & reach:
            if kind == tl.KING:
                return "the king may not move onto an attacked square"
            return "the move would leave the king attacked"
        return tl.cannot_reach(board, action)

    # -- serialisation -----------------------------------------------------------------------

    def check_state(self, state: SyncState) -> None:
        for exchange, blows in self._open_blows(state):
            if not blows:
                square = tl.GEOMETRY.name(exchange.square)
                raise StateError(f"the exchange of blows on {square} has no possible blow")


def legal_captures(board: Position, seat: int, square: int, pieces: int) -> list[Move]:
    """The legal captures of the enemy piece on `square` by `seat`'s pieces on `pieces`,
    in the order `movegen.legal_moves` lists them (the king, the other kinds, the pawns).

    A capture is legal when it leaves `seat`'s king unattacked (there is no en passant):
    only the pieces attacking the square are tried, rather than every move generated.
    """
    t = tl.TABLES
    occupied = board.occupied
    strikers = movegen.attackers(t, board, square, seat, occupied) & pieces
    if not strikers:
        return []
    bit = 1 << square
    enemy = seat ^ 1
    before = board.pieces
    victim = t.kind_at(before, bit)
    king = movegen.king_cell(t, board, seat)
    promoting = bit & t.promotion_zone[seat]
    found: list[Move] = []
    for kind in (t.royal, *t.others, t.pawn):
        for origin in cellset.cells(strikers & before[kind]):
            moved = (1 << origin) | bit
            after = list(before)
            after[victim] ^= bit
            after[kind] ^= moved
            them = board.colours[enemy] ^ bit
            blockers = occupied ^ (1 << origin)  # the square stays occupied, by the striker
            guarded = square if kind == t.royal else king
            if movegen.attacked_from(t, tuple(after), them, guarded, enemy, blockers):
                continue
            if kind == t.pawn and promoting:
                found.extend(t.promotion_moves[origin, square])
            else:
                found.append(t.moves[origin][square])
    return found
