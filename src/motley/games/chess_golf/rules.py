"""Chess Golf, the rules object (seed 002, The Rules of Chess Kit, Chess Golf).

The package docstring (`motley.games.chess_golf`) states the rules and every reading chosen;
`board` lays out and moves pieces, `goal` says what may capture what.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from motley.chesslike.position import Move
from motley.chesslike.spec import kit_seed, position_option
from motley.components.chess_cards import BISHOP, KING, KNIGHT, QUEEN, ROOK, Card, Pile, full_deck
from motley.core.actions import listed
from motley.core.driver import Agent
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.memo import last_asked
from motley.core.phased import OVER, Outcome, Phase, PhasedRules
from motley.core.rules import NodeKind
from motley.core.spec import GameSpec, OptionSpec, Trait, Utility
from motley.games.chess_golf import present
from motley.games.chess_golf.board import (
    GEOMETRY,
    LETTERS,
    MOVES,
    NEIGHBOURS,
    TABLES,
    Board,
    as_position,
    borrowed_reach,
    card_of,
    colour_at,
    colour_moves,
    has_pair,
    layout_cell,
    move_piece,
    place,
    read_placement,
)
from motley.games.chess_golf.goal import (
    NO_MOVES,
    NO_PAIRS,
    SAME_PIECE,
    SAME_TYPE,
    capture_rights,
    legal_moves,
    remaining,
    solved,
)
from motley.games.chess_golf.state import (
    CODEC,
    DEAL,
    LAYOUT,
    PLAY,
    GolfState,
    cards_text,
    read_cards,
)
from motley.geometry import cellset
from motley.geometry.square import SquareGeometry

DECK: Pile = full_deck((KNIGHT, BISHOP, ROOK, QUEEN, KING))  # 16 cards: no pawns, no checkers
_MOVE = re.compile(r"^([a-h][1-8])[-x]?([a-h][1-8])$")
_DRAW = re.compile(r"^(lay|deal)\s+(\S)$")
COLOURS = ("white", "black")

Action = Move | Card
_SETTING_UP = {LAYOUT: Phase.chance(LAYOUT), DEAL: Phase.chance(DEAL)}
_PLAYING = Phase.decision(0, PLAY)


class ChessGolf(PhasedRules[GolfState, Action]):
    spec = GameSpec(
        id="chess_golf",
        title="Chess Golf",
        players=1,
        seat_names=("Golfer",),
        summary=(
            "A puzzle: make one chosen piece type capture the other in as few moves as "
            "possible, when every piece may only borrow the moves of its same-coloured "
            "neighbours."
        ),
        seed=kit_seed("Chess Golf", cards=True),
        traits=frozenset({Trait.PUZZLE, Trait.CHANCE}),
        utility=Utility.SCORE,
        options=(
            OptionSpec(
                "cards",
                2,
                "chosen cards dealt for the hole: 2, or 3 for the harder level (one chosen "
                "type must then take both others)",
                (2, 3),
                label="Chosen cards in the hole",
            ),
            OptionSpec(
                "chosen",
                "",
                "the chosen cards as letters (e.g. 'Kb', 'nnr'; upper case White); empty: "
                "deal them from the shuffled deck. Given cards decide how many there are",
                label="Chosen cards (letters)",
            ),
            position_option(
                "a FEN placement to play (e.g. '2B3R1/5k2/...'); empty: lay the pieces out "
                "from the shuffled deck"
            ),
            OptionSpec(
                "special",
                NO_PAIRS,
                "when a colour's pieces may all make a king's step: 'no_pairs' (none of its "
                "pieces stand next to each other, the text) or 'no_moves' (none of its "
                "pieces has a borrowed move)",
                (NO_PAIRS, NO_MOVES),
                label="When a colour may make king steps",
            ),
            OptionSpec(
                "second",
                SAME_PIECE,
                "with three cards, who makes the second capture: 'same_piece' (the piece "
                "that made the first) or 'same_type' (any piece of its card)",
                (SAME_PIECE, SAME_TYPE),
                label="Who makes the second capture",
            ),
            OptionSpec(
                "move_limit",
                10,
                "moves allowed before the hole ends unsolved (a hand shows at most 10)",
                label="Moves allowed for the hole",
            ),
        ),
    )
    presentation = present
    codec = CODEC

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.tables = TABLES
        self.geometry: SquareGeometry = GEOMETRY
        self.special = str(self.options["special"])
        self.second = str(self.options["second"])
        self.limit = int(self.options["move_limit"])
        if not 1 <= self.limit <= 99:
            raise OptionError("option 'move_limit' must be between 1 and 99")
        try:
            self.fixed = read_cards(str(self.options["chosen"]))
        except NotationError as error:
            raise OptionError(f"option 'chosen': {error}") from None
        if self.fixed and not 2 <= len(self.fixed) <= 3:
            raise OptionError("option 'chosen' names 2 or 3 cards")
        if any(DECK.count(c) < self.fixed.count(c) for c in self.fixed):
            raise OptionError("option 'chosen' names more cards of a kind than the deck has")
        self.count = len(self.fixed) or int(self.options["cards"])
        text = str(self.options["position"]).strip()
        try:
            self.start_board: Board | None = read_placement(text) if text else None
        except NotationError as error:
            raise OptionError(f"option 'position': {error}") from None

    # -- the tree -----------------------------------------------------------------------------

    def initial_state(self) -> GolfState:
        if self.start_board is None:
            return GolfState(as_position(((0,) * len(LETTERS), (0, 0))), LAYOUT, DECK)
        return self._after_layout(self.start_board)

    def _after_layout(self, board: Board) -> GolfState:
        if self.fixed:
            return GolfState(as_position(board), PLAY, Pile(), 0, self.fixed)
        return GolfState(as_position(board), DEAL, DECK)  # the deck is shuffled again

    def rights(self, state: GolfState) -> dict[int, int]:
        """For each piece that may capture now, the squares it may take on."""
        return capture_rights(state.cells, state.chosen, state.taken, state.capturer, self.second)

    @last_asked
    def moves(self, state: GolfState) -> list[Move]:
        """The legal moves in the play phase (ignoring whether the hole is over)."""
        return legal_moves(state.cells, self.rights(state), self.special)

    def is_solved(self, state: GolfState) -> bool:
        return state.phase == PLAY and solved(state.chosen, state.taken)

    def is_over(self, state: GolfState) -> bool:
        if state.phase != PLAY:
            return False
        return self.is_solved(state) or state.moves >= self.limit or not self.moves(state)

    def phase(self, state: GolfState) -> Phase:
        if state.phase != PLAY:
            return _SETTING_UP[state.phase]
        return OVER if self.is_over(state) else _PLAYING

    def choices(self, state: GolfState, seat: int) -> Sequence[Action]:
        return self.moves(state)

    def chance_outcomes(self, state: GolfState) -> Sequence[tuple[Action, Fraction]]:
        if state.phase == PLAY:
            raise StateError("chess_golf: this state is not a chance node")
        return list(state.pile.draw_outcomes())

    def apply(self, state: GolfState, action: Action) -> GolfState:
        if isinstance(action, Card):
            if state.phase == PLAY or action not in state.pile:
                raise IllegalAction(str(action), "no such card is left to draw")
            return self._draw(state, action)
        if not isinstance(action, Move) or self.kind(state) is not NodeKind.DECISION:
            raise IllegalAction(str(action), "no move can be made here")
        moves = self.moves(state)
        if not listed(moves, action) and action not in moves:
            raise IllegalAction(self.action_text(state, action), self.why_illegal(state, action))
        return self.moved(state, action)

    def moved(self, state: GolfState, action: Move) -> GolfState:
        """`state` after the legal move `action` (the round, having checked it, plays it so)."""
        board = state.cells
        origin, target = action.origin, action.target
        taken, capturer = state.taken, state.capturer
        if colour_at(board, target) >= 0:
            taken = (*taken, card_of(board, target))
            capturer = target
        elif origin == capturer:
            capturer = target
        after = move_piece(board, origin, target)
        return state._replace(
            board=as_position(after), taken=taken, capturer=capturer, moves=state.moves + 1
        )

    def _draw(self, state: GolfState, card: Card) -> GolfState:
        pile = state.pile.remove(card)
        if state.phase == LAYOUT:
            cell = layout_cell(state.cursor, card)
            board = place(state.cells, card, cell)
            if len(pile):
                return state._replace(board=as_position(board), pile=pile, cursor=cell + 1)
            return self._after_layout(board)
        chosen = (*state.chosen, card)
        if len(chosen) < self.count:
            return state._replace(pile=pile, chosen=chosen)
        return state._replace(phase=PLAY, pile=Pile(), chosen=chosen)

    def returns(self, state: GolfState) -> tuple[float, ...]:
        """Higher is better: minus the moves made; an unsolved hole scores minus the limit
        plus one (like the seed's failed demonstration: the worst count plus a penalty)."""
        if not self.is_over(state):
            return (0.0,)
        if self.is_solved(state):
            return (-float(state.moves),)
        return (-float(self.limit + 1),)

    # -- actions as text ----------------------------------------------------------------------

    def action_text(self, state: GolfState, action: Action) -> str:
        if isinstance(action, Card):
            return f"{'lay' if state.phase == LAYOUT else 'deal'} {action.letter}"
        return GEOMETRY.name(action.origin) + GEOMETRY.name(action.target)

    def parse_action(self, state: GolfState, text: str, seat: int | None = None) -> Action:
        words = " ".join(text.strip().split())
        drawn = _DRAW.match(words)
        if drawn:
            card = Card.parse(drawn.group(2))
            if state.phase == PLAY:
                raise IllegalAction(words, "the cards have been dealt; make a move")
            wanted = "lay" if state.phase == LAYOUT else "deal"
            if drawn.group(1) != wanted:
                raise IllegalAction(words, f"the next card drawn is written '{wanted} X'")
            if card not in state.pile:
                raise IllegalAction(words, f"no {card.name} card is left to draw")
            return card
        found = _MOVE.match(words.lower())
        if found is None:
            raise NotationError(
                f"{text.strip()!r}: write a move as e5g6, a card drawn as 'lay N' or 'deal b'"
            )
        move = MOVES[GEOMETRY.parse(found.group(1))][GEOMETRY.parse(found.group(2))]
        if seat not in (None, 0):
            raise IllegalAction(words, "Chess Golf has one player, seat 0")
        if state.phase != PLAY:
            raise IllegalAction(words, "the hole is still being set up: draw a card")
        if self.is_over(state):
            raise IllegalAction(words, "the hole is over")
        if move not in self.moves(state):
            raise IllegalAction(words, self.why_illegal(state, move))
        return move

    def why_illegal(self, state: GolfState, action: Action) -> str:
        if not isinstance(action, Move):
            return "not a card left to draw"
        if state.phase != PLAY:
            return "the hole is still being set up: draw a card"
        if self.is_over(state):
            return "the hole is over"
        board = state.cells
        origin, target = action.origin, action.target
        name, to = GEOMETRY.name(origin), GEOMETRY.name(target)
        colour = colour_at(board, origin)
        if colour < 0:
            return f"there is no piece on {name}"
        occupied = board[1][0] | board[1][1]
        own = board[1][colour]
        kings = self.king_steps(state, colour)
        reach = borrowed_reach(board, origin, colour, occupied)
        if not reach and not kings:
            return (
                f"the piece on {name} has no {COLOURS[colour]} neighbour to borrow a move from "
                f"(and {COLOURS[colour]} may not make king steps: {self._why_no_kings(own)})"
            )
        if kings:
            reach |= NEIGHBOURS[origin]
        if not reach >> target & 1:
            return f"no move the piece on {name} may borrow goes to {to}"
        victim = colour_at(board, target)
        if victim >= 0:
            return self._why_no_capture(state, origin, target)
        return f"no move the piece on {name} may borrow goes to {to}"

    def king_steps(self, state: GolfState, colour: int) -> bool:
        """Whether every piece of `colour` may make a king's step now (the special move)."""
        board = state.cells
        own = board[1][colour]
        if self.special == NO_PAIRS:
            return not has_pair(own)
        return not colour_moves(board, colour, self.rights(state), False)

    def _why_no_kings(self, own: int) -> str:
        if self.special == NO_PAIRS:
            return "some of its pieces stand next to each other"
        return "some of its pieces have borrowed moves"

    def _why_no_capture(self, state: GolfState, origin: int, target: int) -> str:
        board = state.cells
        mover, victim = card_of(board, origin), card_of(board, target)
        name, to = GEOMETRY.name(origin), GEOMETRY.name(target)
        left = remaining(state.chosen, state.taken)
        if state.capturer >= 0 and (
            origin != state.capturer
            if self.second == SAME_PIECE
            else mover != card_of(board, state.capturer)
        ):
            who = GEOMETRY.name(state.capturer)
            if self.second == SAME_PIECE:
                return f"only the piece that made the first capture (now on {who}) may capture"
            return f"only a {card_of(board, state.capturer).name} may capture now"
        if mover not in left:
            return f"only a chosen piece may capture ({cards_text(state.chosen)}); {name} is not"
        rest = list(left)
        rest.remove(mover)
        if victim not in rest:
            if victim == mover:
                return f"a {mover.name} may take a {victim.name} only with two such cards chosen"
            return f"a chosen piece may only take another chosen type; {to} is not one"
        return f"no move the piece on {name} may borrow goes to {to}"

    # -- serialisation ------------------------------------------------------------------------

    def check_state(self, state: GolfState) -> None:
        """Refuse a state no hole of this game could reach."""
        board = state.cells
        if state.phase == LAYOUT:
            laid = Pile.of(card_of(board, c) for c in cellset.cells(board[1][0] | board[1][1]))
            if self.start_board is not None:
                raise StateError("with a 'position' the pieces are not laid out from cards")
            if laid.add(*state.pile) != DECK or not len(state.pile):
                raise StateError("during the layout the board and the pile make the 16 cards")
            if not 0 <= state.cursor <= 64 or (board[1][0] | board[1][1]) >> state.cursor:
                raise StateError("'cursor' must follow the last piece laid out")
            if state.chosen or state.taken or state.capturer >= 0 or state.moves:
                raise StateError("nothing is chosen or played before the layout is done")
            return
        if self.start_board is not None and state.moves == 0 and board != self.start_board:
            raise StateError("the board is not the 'position' this hole starts from")
        if state.phase == DEAL:
            if self.fixed or len(state.chosen) >= self.count or state.taken or state.moves:
                raise StateError("a deal state holds fewer chosen cards than the hole needs")
            if state.pile.add(*state.chosen) != DECK:
                raise StateError("during the deal the pile and the chosen cards make the deck")
            if state.capturer >= 0 or state.cursor:
                raise StateError("nothing is played during the deal")
            return
        if len(state.chosen) != self.count or (self.fixed and state.chosen != self.fixed):
            raise StateError(f"a hole has {self.count} chosen cards")
        if len(state.pile) or state.cursor:
            raise StateError("no card is left to draw once the hole is played")
        try:
            left = remaining(state.chosen, state.taken)
        except ValueError:
            raise StateError("'taken' lists only chosen cards") from None
        if len(left) < 1 or not 0 <= state.moves <= self.limit or state.moves < len(state.taken):
            raise StateError("'taken' and 'moves' do not fit the hole")
        if bool(state.taken) != (state.capturer >= 0):
            raise StateError("'capturer' names the square of the last capture, if any")
        if state.capturer >= 0 and (
            colour_at(board, state.capturer) < 0 or card_of(board, state.capturer) not in left
        ):
            raise StateError("the capturer must stand on its square and match a chosen card")

    # -- the computer player and the end -------------------------------------------------------

    def computer(self, level: int, seed: int, generic: Agent) -> Agent | None:
        """The exact solver from level 3 (see `players`), on `generic` beyond its horizon."""
        from motley.games.chess_golf.players import puzzle_player  # players import these rules

        return puzzle_player(level, seed, generic)

    def outcome(self, state: GolfState) -> Outcome | None:
        """How the hole ended as an outcome with no winner (a puzzle is scored), or None."""
        return Outcome(None, self.describe(state)) if self.is_over(state) else None

    def describe(self, state: GolfState) -> str:
        """How the hole ended, or '' while it goes on."""
        if not self.is_over(state):
            return ""
        if self.is_solved(state):
            return f"solved in {state.moves} move{'s' if state.moves != 1 else ''}"
        if state.moves >= self.limit:
            return f"unsolved: the limit of {self.limit} moves is reached"
        return "unsolved: no piece can move"
