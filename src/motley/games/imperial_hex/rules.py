"""The rules object of Imperial Hex Chess (seed 003; interpretations in the package docstring).

Setup is three nodes: a coin toss (CHANCE) for who moves first, then that player's and the
other player's scout placements (DECISION). After that every node is one move.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from motley.chesslike.present import outcome_words
from motley.chesslike.spec import position_option
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Outcome, Phase, PhasedRules
from motley.core.spec import GameSpec, OptionSpec, Trait
from motley.games.imperial_hex import movegen, present
from motley.games.imperial_hex.layout import parse_layout, scout_pairs, start_position
from motley.games.imperial_hex.pieces import (
    KINDS,
    KING,
    LETTERS,
    PAWN,
    PRESETS,
    QUEEN,
    VALUE,
    load_table,
)
from motley.games.imperial_hex.state import (
    SEAT_NAMES,
    Action,
    CoinToss,
    HexPosition,
    Move,
    Scouts,
    Setup,
    State,
    parse_position,
    state_from_json,
    state_to_json,
    write_position,
)
from motley.games.imperial_hex.tables import hex_tables
from motley.geometry.hex import hex_board

_MOVE = re.compile(r"^([a-m][1-9])\s*([-x:]?)\s*([a-m][1-9])\s*(?:=?\s*([a-z]))?$", re.IGNORECASE)

OPTIONS = (
    OptionSpec(
        "moves",
        "provisional",
        "the piece moves, which the seed lost: a preset ("
        + ", ".join(PRESETS)
        + ") or a JSON table (see the rules page); checked against the seed's fixed facts",
        label="Piece moves",
    ),
    OptionSpec(
        "layout",
        "provisional",
        "White's rows A to D before the scouts, e.g. DKE/NDQN/1GEG1/PPPPPP (the seed's "
        "diagram is lost); Black's array is the same turned 180 degrees",
        label="White's starting rows",
    ),
    OptionSpec(
        "promotion",
        True,
        "the seed's optional rule: a pawn may become a Knight or Guard on its 11th row and "
        "becomes a Dragon, Elephant or Queen on its 12th",
        label="Pawns promote",
    ),
    OptionSpec(
        "king_escape",
        "any",
        "in check: 'any' lets the player capture or block an attacker or move the King; "
        "'last-resort' lets the King step away only when no capture or block is possible",
        ("any", "last-resort"),
        label="Getting out of check",
    ),
    OptionSpec(
        "lone_king",
        "queen",
        "against a lone King only a Queen (or a pawn that may still become one) can mate: "
        "'queen' draws any other material, as the text says ('A King and a Queen are the "
        "minimum required to obtain checkmate against a lone King'); 'check' plays on "
        "while two pieces besides the King could still give a double check",
        ("queen", "check"),
        label="Mating force against a lone King",
    ),
    OptionSpec(
        "no_progress_plies",
        100,
        "the game is drawn after this many plies with no capture or pawn move (0: never); "
        "not in the seed, the usual chess rule",
        label="Draw after moves without progress (plies)",
    ),
    OptionSpec(
        "repetition",
        3,
        "the game is drawn when a position stands for the n-th time (0: never); not in the "
        "seed, the usual chess rule",
        label="Draw when a position repeats (times)",
    ),
    position_option("a position text to start from instead of the setup", "Start from a position"),
)


class ImperialHex(PhasedRules[State, Action]):
    spec = GameSpec(
        id="imperial_hex",
        title="Imperial Hex Chess",
        players=2,
        seat_names=SEAT_NAMES,
        summary=(
            "Hexagonal chess on 75 cells where weaker pieces need a second attacker to take "
            "stronger ones; check is a double attack or the Queen's."
        ),
        seed="003, Imperial Hex Chess (Robert F. Hancock, 2005)",
        traits=frozenset({Trait.CHANCE}),
        options=OPTIONS,
        provisional=(
            "the piece moves and the start behind the pawns are our reconstruction, since "
            "the original pictures are lost (see the house rules Piece moves and White's "
            "starting rows)"
        ),
    )
    presentation = present
    geometry = hex_board()

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        g = self.geometry
        self.table = load_table(str(self.options["moves"]), g)
        self.tables = hex_tables(g, self.table)
        self.promote = bool(self.options["promotion"])
        self.lone_king_needs_queen = self.options["lone_king"] == "queen"
        self.king_last = self.options["king_escape"] == "last-resort"
        self.array = parse_layout(g, str(self.options["layout"]))  # White's rows A-D
        self.no_progress = int(self.options["no_progress_plies"])
        self.repetition = int(self.options["repetition"])
        if self.no_progress < 0 or self.repetition < 0:
            raise OptionError("options 'no_progress_plies' and 'repetition' must be 0 or more")
        self._start: State = Setup()
        given = str(self.options["position"]).strip()
        if given:
            try:
                self._start = self.read_position(given)
            except (NotationError, StateError) as error:
                raise OptionError(f"option 'position': {error}") from None

    # -- positions --------------------------------------------------------------------------

    def read_position(self, text: str) -> HexPosition:
        """Position text, checked to be a position the game could reach (StateError if not)."""
        pos = parse_position(self.geometry, text)
        self.validate(pos)
        return pos

    def write_position(self, pos: HexPosition) -> str:
        return write_position(self.geometry, pos)

    def validate(self, pos: HexPosition) -> None:
        """Raise StateError unless `pos` obeys the rules' invariants."""
        g, t = self.geometry, self.tables
        for seat in (0, 1):
            if (pos.pieces[KING] & pos.colours[seat]).bit_count() != 1:
                raise StateError(f"{SEAT_NAMES[seat]} must have exactly one King")
            pawns = pos.pieces[PAWN] & pos.colours[seat]
            if self.promote and pawns & t.major_rows[seat]:
                raise StateError("a pawn on its 12th or 13th row would have been promoted")
        mover, waiting = pos.turn, pos.turn ^ 1
        attackers = movegen.checkers(self.tables, pos, waiting)
        king = movegen.king_cell(pos, waiting)
        if movegen.could_take_king(t, attackers, pos) or (pos.exposed == king and attackers):
            raise StateError(
                f"{SEAT_NAMES[waiting]}'s King could be captured with {SEAT_NAMES[mover]} to move"
            )
        if pos.exposed >= 0 and not (1 << pos.exposed) & pos.colours[waiting]:
            raise StateError(f"the unprotected piece must be one of {SEAT_NAMES[waiting]}'s")
        if pos.ep >= 0:
            pawn_ok = (1 << pos.ep_pawn) & pos.pieces[PAWN] & pos.colours[waiting]
            passed = any(
                (pos.ep, pos.ep_pawn) in pairs and not (1 << origin) & pos.occupied
                for origin, pairs in enumerate(t.double_steps[waiting])
            )
            if not pawn_ok or not passed or (1 << pos.ep) & pos.occupied:
                raise StateError(
                    f"en passant {g.name(pos.ep)}{g.name(pos.ep_pawn)} does not follow a "
                    "pawn's double step"
                )

    def board(self, state: State) -> HexPosition:
        """The pieces on the board at any node (during setup: the arrays and placed scouts)."""
        if isinstance(state, HexPosition):
            return state
        first = max(state.first, 0)
        return start_position(self.geometry, self.array, state.scouts, first)

    # -- moves and the end of the game ------------------------------------------------------

    @last_asked
    def moves(self, pos: HexPosition) -> list[Move]:
        """Legal moves, ignoring the game-end rules (what perft counts)."""
        return movegen.legal_moves(self.tables, pos, self.promote, self.king_last)

    @last_asked
    def move_set(self, pos: HexPosition) -> frozenset[Move]:
        """The legal moves as a set, for looking moves up (parsing does this a lot)."""
        return frozenset(self.moves(pos))

    def perft(self, pos: HexPosition, depth: int) -> int:
        """Move paths of length `depth` from `pos` (game-end rules ignored, as perft is)."""
        if depth == 0:
            return 1
        moves = list(self.moves(pos))
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            total += self.perft(movegen.make_move(self.tables, pos, move), depth - 1)
        return total

    def in_check(self, pos: HexPosition) -> bool:
        return movegen.in_check(self.tables, pos)

    @last_asked
    def outcome(self, state: State) -> Outcome | None:
        """The result if the game is over, else None."""
        if not isinstance(state, HexPosition):
            return None
        pos = state
        if not self.moves(pos):
            if self.in_check(pos):
                return Outcome(pos.turn ^ 1, "checkmate")
            return Outcome(None, "stalemate")
        if not self.can_mate(pos, 0) and not self.can_mate(pos, 1):
            return Outcome(None, "insufficient material")
        if self.no_progress and pos.halfmove >= self.no_progress:
            return Outcome(None, f"{self.no_progress} plies without a capture or pawn move")
        times = self.repetition
        if times and pos.halfmove >= 4 * (times - 1) and self.repetitions(pos) >= times:
            return Outcome(None, f"the same position {times} times")
        return None

    def can_mate(self, pos: HexPosition, seat: int) -> bool:
        """Whether `seat` still has the force to mate: against a lone King only the Queen
        (or a Queen to be) can ("A King and a Queen are the minimum required to obtain
        checkmate against a lone King"; option `lone_king`), otherwise any force that can
        give check."""
        own = pos.colours[seat]
        lone = not pos.colours[seat ^ 1] & ~pos.pieces[KING]
        if lone and self.lone_king_needs_queen:
            return bool(own & pos.pieces[QUEEN] or (self.promote and own & pos.pieces[PAWN]))
        return self.can_give_check(pos, seat)

    def can_give_check(self, pos: HexPosition, seat: int) -> bool:
        """Whether `seat` still has the force to check, and so to mate, at all.

        A King never attacks the other King (it may not step next to it), so check needs the
        Queen or two other pieces; a pawn counts as a possible Queen while promotion is on.
        """
        own = pos.colours[seat]
        if own & pos.pieces[QUEEN] or (self.promote and own & pos.pieces[PAWN]):
            return True
        return (own & ~pos.pieces[KING]).bit_count() >= 2

    def repetitions(self, pos: HexPosition) -> int:
        count = 1
        key = pos.key()
        prior = pos.previous
        while prior is not None:
            if prior.key() == key:
                count += 1
            prior = prior.previous
        return count

    # -- the tree ---------------------------------------------------------------------------

    def initial_state(self) -> State:
        return self._start

    def phase(self, state: State) -> Phase:
        if isinstance(state, Setup):
            if state.first < 0:
                return Phase.chance("coin toss")
            return Phase.decision(state.placing, "scouts")
        return OVER if self.outcome(state) else Phase.decision(state.turn, "play")

    def choices(self, state: State, seat: int) -> Sequence[Action]:
        if isinstance(state, Setup):
            return [Scouts(pair) for pair in scout_pairs(self.geometry, state.placing)]
        return self.moves(state)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        if not isinstance(state, Setup) or state.first >= 0:
            raise StateError("imperial_hex: only the coin toss is left to chance")
        return [(CoinToss(0), Fraction(1, 2)), (CoinToss(1), Fraction(1, 2))]

    def apply(self, state: State, action: Action) -> State:
        if isinstance(state, HexPosition):
            if not isinstance(action, Move):
                raise StateError("imperial_hex: the setup is over; only moves remain")
            return movegen.make_move(self.tables, state, action)
        if state.first < 0:
            if not isinstance(action, CoinToss) or action.first not in (0, 1):
                raise StateError("imperial_hex: the coin toss comes first")
            return Setup(action.first)
        if not isinstance(action, Scouts) or action.cells not in scout_pairs(
            self.geometry, state.placing
        ):
            raise StateError("imperial_hex: the scouts go symmetrically on the 5th row first")
        scouts = (*state.scouts, action.cells)
        if len(scouts) < 2:
            return Setup(state.first, scouts)
        return start_position(self.geometry, self.array, scouts, state.first)

    # -- actions as text --------------------------------------------------------------------

    def action_text(self, state: State, action: Action) -> str:
        g = self.geometry
        if isinstance(action, CoinToss):
            return f"first {SEAT_NAMES[action.first % 2]}"
        if isinstance(action, Scouts):
            return "scouts " + " ".join(g.name(c) for c in action.cells)
        capture = action.en_passant or (
            isinstance(state, HexPosition) and (1 << action.target) & state.colours[state.turn ^ 1]
        )
        text = g.name(action.origin) + ("x" if capture else "-") + g.name(action.target)
        return text + (f"={action.promotion}" if action.promotion else "")

    def parse_action(self, state: State, text: str, seat: int | None = None) -> Action:
        words = text.split()
        if isinstance(state, Setup):
            return self._parse_setup(state, words, text, seat)
        self.refuse_out_of_turn(state, text, seat)
        found = _MOVE.match(text.strip())
        if not found:
            raise NotationError(f"expected a move such as D3-E3 or F4xG5=Q, got {text!r}")
        g = self.geometry
        origin, target = g.parse(found.group(1)), g.parse(found.group(3))
        promotion = (found.group(4) or "").upper()
        if promotion and promotion not in LETTERS[1:6]:
            raise NotationError(f"{text!r}: a pawn is promoted to N, G, D, E or Q")
        same = [
            m
            for m in self.moves(state)
            if (m.origin, m.target, m.promotion) == (origin, target, promotion)
        ]
        if len(same) == 1:
            return same[0]
        # a pawn may step onto the passed cell or take en passant there: 'x' says which
        taking = found.group(2).lower() == "x"
        if same:
            return next(m for m in same if m.en_passant == taking)
        passant = taking and target == state.ep and bool(state.pieces[PAWN] >> origin & 1)
        return self.check_legal(state, Move(origin, target, promotion, passant))

    def _parse_setup(self, state: Setup, words: list[str], text: str, seat: int | None) -> Action:
        if state.first < 0:
            names = [n.lower() for n in SEAT_NAMES]
            if len(words) == 2 and words[0].lower() == "first" and words[1].lower() in names:
                return CoinToss(names.index(words[1].lower()))
            raise NotationError(
                f"expected the coin toss ('first White' or 'first Black'), got {text!r}"
            )
        if words and words[0].lower() == "scouts":
            words = words[1:]
        cells = [w for word in words for w in word.replace(",", " ").replace("-", " ").split()]
        if len(cells) != 2:
            raise NotationError(f"expected two scout cells such as 'scouts E3 E5', got {text!r}")
        a, b = sorted(self.geometry.parse(c) for c in cells)
        if seat is not None and seat != state.placing:
            raise IllegalAction(text, f"{SEAT_NAMES[state.placing]} places the scouts now")
        pairs = scout_pairs(self.geometry, state.placing)
        if (a, b) not in pairs:
            choices = ", ".join(self.action_text(state, Scouts(p)) for p in pairs)
            raise IllegalAction(text, f"the scouts stand symmetrically on the 5th row ({choices})")
        return Scouts((a, b))

    def check_legal(self, state: State, action: Action, seat: int | None = None) -> Action:
        """As `Rules.check_legal`, looking moves up in a set (parsing does this a lot)."""
        if (
            isinstance(state, HexPosition)
            and isinstance(action, Move)
            and seat in (None, state.turn)
            and self.outcome(state) is None
            and action in self.move_set(state)
        ):
            return action
        return super().check_legal(state, action, seat)

    def why_illegal(self, state: State, action: Action) -> str:
        if isinstance(state, HexPosition) and isinstance(action, Move):
            if self.king_last and action in movegen.legal_moves(self.tables, state, self.promote):
                return (
                    "in check the King may step away only when no capture or block is "
                    "possible (king_escape=last-resort)"
                )
            return movegen.explain(self.tables, state, action, self.promote)
        if isinstance(state, Setup):
            return "the setup comes first: the coin toss, then each side's scouts"
        return "the setup is over; only moves remain"

    # -- serialisation ----------------------------------------------------------------------

    def state_to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(self.geometry, state)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        def pairs(seat: int) -> tuple[tuple[int, int], ...]:
            return scout_pairs(self.geometry, seat)

        setup = pairs if isinstance(self._start, Setup) else None
        return state_from_json(self.geometry, data, self.read_position, setup)

    # -- for players and search -------------------------------------------------------------

    def status(self, state: State) -> str:
        """One line: whose turn it is (and check), the setup step, or how the game ended."""
        if isinstance(state, Setup):
            if state.first < 0:
                return "Setup: a coin toss decides who moves first"
            pairs = scout_pairs(self.geometry, state.placing)
            choices = ", ".join(self.action_text(state, Scouts(p)) for p in pairs)
            return f"Setup: {SEAT_NAMES[state.placing]} places the scouts ({choices})"
        ended = outcome_words(SEAT_NAMES, self.outcome(state))
        if ended:
            return f"Game over: {ended}"
        words = present.status(self, state)
        if state.exposed >= 0:
            words += f" ({self.geometry.name(state.exposed)} has just captured: unprotected)"
        return words

    def evaluate(self, state: State, seat: int) -> float:
        """Material in the seed's values (the King left out), squashed into [-1, 1]."""
        if not isinstance(state, HexPosition):
            return 0.0
        if self.outcome(state) is not None:
            return self.returns(state)[seat]
        balance = 0
        mine, theirs = state.colours[seat], state.colours[seat ^ 1]
        for kind in KINDS:
            if kind != KING:
                bits = state.pieces[kind]
                balance += VALUE[kind] * ((bits & mine).bit_count() - (bits & theirs).bit_count())
        return balance / (abs(balance) + 40)
