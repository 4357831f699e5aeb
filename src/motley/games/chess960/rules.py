"""Chess960, the rules object (seed 002, The Rules of Chess Kit, section Chess960).

The kit's chess after a chance node that sets up the board.

The package docstring (`motley.games.chess960`) states the rules and the readings chosen;
`start` numbers and deals the start positions, `state` holds the types before the first
move, `present` names the start and explains castling on the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from motley.chesslike.fen import parse_fen
from motley.chesslike.position import Move, Position
from motley.chesslike.present import is_castle
from motley.chesslike.rules import DRAW_OPTIONS, ChessLikeRules
from motley.chesslike.spec import kit_spec, position_option
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.phased import Outcome, Phase
from motley.core.present import Scene
from motley.core.rules import SPECTATOR, NodeKind
from motley.core.spec import OptionSpec, Trait
from motley.games.chess960 import present
from motley.games.chess960.start import all_deals, back_rank, number_of, settle_deal, start_fen
from motley.games.chess960.state import Action, CardDeal, StartPosition, State, Undealt


class Chess960(ChessLikeRules):
    spec = kit_spec(
        id="chess960",
        title="Chess960",
        summary="Chess from a shuffled back rank; castling still ends on the usual squares.",
        traits=frozenset({Trait.CHANCE}),
        options=(
            OptionSpec(
                "start",
                "random",
                "how the start position is chosen: 'random' (each of the 960 equally likely) "
                "or 'cards' (the seed's eight-card deal)",
                ("random", "cards"),
                label="How the start position is chosen",
            ),
            position_option(
                "a start position number (0-959) or a FEN; skips the draw",
                label="Start from a position (number or FEN)",
            ),
            *DRAW_OPTIONS,
        ),
    )
    castling_as_rook_capture: ClassVar[bool] = True

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        given = str(self.options["position"]).strip()
        self._start: State = Undealt()
        self.given_start = int(given) if given.isdigit() else None  # SP, when given
        if given:
            try:
                fen = start_fen(int(given)) if given.isdigit() else given
                self._start = parse_fen(self.tables, fen)
            except NotationError as error:
                raise OptionError(f"option 'position': {error}") from None

    def initial_state(self) -> State:  # type: ignore[override]
        return self._start

    def phase(self, state: State) -> Phase:
        return Phase.chance("start") if isinstance(state, Undealt) else super().phase(state)

    def outcome(self, state: State) -> Outcome | None:
        return None if isinstance(state, Undealt) else super().outcome(state)

    def kind(self, state: State) -> NodeKind:  # ChessLikeRules answers it without the phase
        return NodeKind.CHANCE if isinstance(state, Undealt) else super().kind(state)

    def legal_actions(self, state: State, seat: int | None = None) -> Sequence[Move]:
        return [] if isinstance(state, Undealt) else super().legal_actions(state, seat)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:  # type: ignore[override]
        if not isinstance(state, Undealt):
            raise StateError("chess960: the start position has already been chosen")
        if self.options["start"] == "cards":
            deals = all_deals()
            return [(CardDeal(d), Fraction(1, len(deals))) for d in deals]
        return [(StartPosition(n), Fraction(1, 960)) for n in range(960)]

    def apply(self, state: State, action: Action) -> State:  # type: ignore[override]
        if isinstance(state, Undealt):
            if isinstance(action, StartPosition):
                return parse_fen(self.tables, start_fen(action.number))
            if isinstance(action, CardDeal):
                return parse_fen(self.tables, start_fen(number_of(settle_deal(action.cards))))
            raise StateError("chess960: the start position must be chosen first")
        if not isinstance(action, Move):
            raise StateError("chess960: the start position has already been chosen")
        return super().apply(state, action)

    def action_text(self, state: State, action: Action) -> str:
        if isinstance(action, StartPosition | CardDeal):
            return str(action)
        assert isinstance(state, Position)
        return super().action_text(state, action)

    def parse_action(self, state: State, text: str, seat: int | None = None) -> Action:  # type: ignore[override]
        if not isinstance(state, Undealt):
            try:
                return super().parse_action(state, text, seat)
            except IllegalAction:
                castle = self._king_step_castle(state, text)
                if castle is None:
                    raise
                return castle
        words = text.split()
        if len(words) == 2 and words[0] == "sp" and words[1].isdigit():
            if self.options["start"] != "random":
                raise IllegalAction(text, "this game deals its start position from cards")
            number = int(words[1])
            back_rank(number)
            return StartPosition(number)
        if len(words) == 2 and words[0] == "deal":
            if self.options["start"] != "cards":
                raise IllegalAction(text, "this game draws its start position by number")
            if words[1].upper() not in all_deals():
                raise NotationError(
                    f"{words[1]!r} is not a possible deal (B on each colour, NNRRQK)"
                )
            return CardDeal(words[1].upper())
        raise NotationError(f"expected the start position ('sp N' or 'deal CARDS'), got {text!r}")

    def _king_step_castle(self, state: Position, text: str) -> Move | None:
        """`e1g1` written the orthodox way, as the king's step to where castling puts it.

        Read only where it cannot mean anything else: it is no legal move of its own (a king
        on f1 stepping to g1 is just that step), and exactly one castling lands the king
        there. A king on its start square asked to go two files or more, where no castling
        can, is told how castling is written here.
        """
        words = text.strip().lower()
        t = self.tables
        g = self.geometry
        try:
            origin, target = g.parse(words[:2]), g.parse(words[2:4])
        except NotationError:
            return None
        if len(words) != 4 or not (1 << origin) & state.pieces[t.royal]:
            return None
        castles = [
            m
            for m in self.legal_actions(state)
            if m.origin == origin
            and is_castle(t, state, m)
            and t.castle_squares(state.turn, m.origin, m.target)[0] == target
        ]
        if len(castles) == 1:
            return castles[0]
        (rank, file), (to_rank, to_file) = divmod(origin, 8), divmod(target, 8)
        if rank == to_rank and abs(file - to_file) >= 2:
            raise IllegalAction(
                text,
                "castling is written king-takes-rook here: "
                f"write {words[:2]}{self._rook_name(state, origin, target)} or "
                + ("O-O" if to_file > file else "O-O-O"),
            )
        return None

    def _rook_name(self, state: Position, king: int, target: int) -> str:
        """The square of the castling rook on the side the king heads for ("h1")."""
        rooks = state.castling & state.colours[state.turn] & state.pieces[self.tables.rook]
        toward = target % 8 > king % 8  # files: the board is 8 wide, a1 = 0
        for cell in range(64):
            if (1 << cell) & rooks and (cell % 8 > king % 8) == toward:
                return self.geometry.name(cell)
        return "(the rook's square)"

    # -- presentation: the kit's, with the start position named and castling explained ---

    def render(self, state: State, seat: int = SPECTATOR) -> str:
        if isinstance(state, Undealt):
            return present.UNDEALT
        return super().render(state, seat)

    def scene(self, view: State, seat: int) -> Scene:
        if isinstance(view, Undealt):
            return Scene(status=present.UNDEALT)
        return present.scene(self, view, super().scene(view, seat))

    def notate(self, state: State, action: Action, seat: int) -> str:
        if isinstance(state, Undealt) or not isinstance(action, Move):
            return ""  # the start position is drawn on the board and named in a note
        return super().notate(state, action, seat)

    def state_to_json(self, state: State) -> dict[str, Any]:
        if isinstance(state, Undealt):
            return {"fen": None, "history": []}
        return super().state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> State:  # type: ignore[override]
        if isinstance(data, Mapping) and data.get("fen", "") is None:
            return Undealt()
        return super().state_from_json(data)

    def evaluate(self, state: State, seat: int) -> float:
        return 0.0 if isinstance(state, Undealt) else super().evaluate(state, seat)
