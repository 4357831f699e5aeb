"""Chess960: Fischer's shuffled start, castling to the orthodox squares.

Seed: 002, The Rules of Chess Kit, section Chess960.

The back rank is shuffled with the bishops on opposite colours and the king between the
rooks; Black mirrors White. The start is a chance node:

* `start=random` (default): one of the 960 start positions, each with probability 1/960,
  in the standard numbering (SP 518 is the orthodox array);
* `start=cards`: the seed's deal from an eight-card deck. The bishops go one into each of
  two four-card decks, the decks are shuffled and dealt alternately onto files a-h, and if
  both rooks fall on one side of the king the king swaps with the nearer rook. The chance
  node lists the 2,880 equally likely deals; each start position comes from exactly three
  of them (rook-king-rook as dealt, and the two orders the swap repairs), so all 960 are
  still equally likely;
* `position=N` or `position=FEN` skips the chance node.

Castling: king and rook end on the orthodox squares (c1/d1 or g1/f1); every square either
crosses must be empty but for the two of them, and the king may not start on, cross or land
on an attacked square. Moves are written king-takes-rook (e1h1), as Chess960 engines do;
`O-O` and `O-O-O` are read too. Everything else is orthodox chess (see `chess`).

On the table castling is made the same way, by dropping the king on its rook (the king's
two-square step would be ambiguous when the king starts next to its destination); the move
list writes it `O-O` or `O-O-O`, and a note names the start position while it is known.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.position import Move, Position
from motley.chesslike.present import is_castle
from motley.chesslike.rules import DRAW_OPTIONS, ChessLikeRules
from motley.chesslike.spec import kit_spec, position_option
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.phased import Outcome, Phase
from motley.core.present import Diagram, Note, Scene
from motley.core.registry import register
from motley.core.rules import SPECTATOR, NodeKind
from motley.core.spec import OptionSpec, Trait
from motley.games import chess960_diagrams

ORTHODOX_SP = 518
_KNIGHT_PLACES = ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))


@cache
def back_rank(number: int) -> str:
    """White's back rank (files a-h) of start position `number` in the standard numbering."""
    if not 0 <= number < 960:
        raise NotationError(f"Chess960 start positions are numbered 0-959, not {number}")
    rank = [""] * 8
    n, light = divmod(number, 4)
    rank[2 * light + 1] = "B"  # light-squared bishop on b, d, f or h
    n, dark = divmod(n, 4)
    rank[2 * dark] = "B"  # dark-squared bishop on a, c, e or g
    n, queen = divmod(n, 6)
    _place(rank, queen, "Q")
    first, second = _KNIGHT_PLACES[n]
    _place(rank, second, "N")  # the later knight first, so the earlier index stays valid
    _place(rank, first, "N")
    for letter in "RKR":
        _place(rank, 0, letter)
    return "".join(rank)


def _place(rank: list[str], index: int, letter: str) -> None:
    empty = [i for i, piece in enumerate(rank) if not piece]
    rank[empty[index]] = letter


@cache
def number_of(rank: str) -> int:
    for number in range(960):
        if back_rank(number) == rank:
            return number
    raise NotationError(f"{rank!r} is not a Chess960 back rank")


def start_fen(number: int) -> str:
    rank = back_rank(number)
    return f"{rank.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1"


def settle_deal(deal: str) -> str:
    """The seed's last step: if both rooks are on one side of the king, swap it with the nearer."""
    king = deal.index("K")
    rooks = [i for i, c in enumerate(deal) if c == "R"]
    if all(r < king for r in rooks) or all(r > king for r in rooks):
        nearer = min(rooks, key=lambda r: abs(r - king))
        cells = list(deal)
        cells[king], cells[nearer] = cells[nearer], cells[king]
        return "".join(cells)
    return deal


@cache
def all_deals() -> tuple[str, ...]:
    """Every distinct card deal: one bishop among files a/c/e/g, one among b/d/f/h."""
    deals = set()
    for odd, even in itertools.product(range(4), repeat=2):
        for rest in set(itertools.permutations("NNRRQK")):
            cells = list(rest)
            rank: list[str] = []
            for file in range(8):
                if file == 2 * odd or file == 2 * even + 1:
                    rank.append("B")
                else:
                    rank.append(cells.pop(0))
            deals.add("".join(rank))
    return tuple(sorted(deals))


@dataclass(frozen=True)
class Undealt:
    """Before the start position is chosen."""


@dataclass(frozen=True)
class StartPosition:
    """Chance outcome: start position `number` (written `sp 518`)."""

    number: int

    def __str__(self) -> str:
        return f"sp {self.number}"


@dataclass(frozen=True)
class CardDeal:
    """Chance outcome: the eight cards as dealt onto files a-h (written `deal BNRQKRNB`)."""

    cards: str

    def __str__(self) -> str:
        return f"deal {self.cards}"


State = Position | Undealt
Action = Move | StartPosition | CardDeal


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
        self._number = int(given) if given.isdigit() else None  # the start, when given
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
            return "The start position is being drawn"
        return super().render(state, seat)

    def scene(self, view: State, seat: int) -> Scene:
        if isinstance(view, Undealt):
            return Scene(status="The start position is being drawn")
        scene = super().scene(view, seat)
        number = self.start_number(view)
        items = () if number is None else (Note(f"Starting position {number}", "start"),)
        prompt = scene.prompt
        if prompt and any(is_castle(self.tables, view, m) for m in self.moves(view)):
            prompt += "; to castle, drop the king on its rook"
        return replace(scene, items=items, prompt=prompt)

    def start_number(self, pos: Position) -> int | None:
        """The start position's number, while it can be known: given by the options, or the
        start array at the root of the position's chain (it ends at the first capture or pawn
        move, before which the game may have begun anywhere)."""
        if self._number is not None:
            return self._number
        root = pos
        while root.previous is not None:
            root = root.previous
        if root.turn != 0 or root.fullmove != 1:
            return None
        placement = write_fen(self.tables, root, counters=False).split()[0]
        try:
            number = number_of(placement.rsplit("/", 1)[1])
        except NotationError:
            return None
        start = parse_fen(self.tables, start_fen(number))
        same = placement == start_fen(number).split()[0] and root.castling == start.castling
        return number if same else None

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

    def diagrams(self) -> tuple[Diagram, ...]:
        return chess960_diagrams.diagrams(Chess960({"position": str(chess960_diagrams.START)}))


register(Chess960)
