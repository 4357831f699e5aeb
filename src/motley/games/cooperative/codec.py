"""Cooperative Chess states as JSON, read back with every card accounted for.

Cards are written as their letters (upper case White, lower case Black). The line keeps its
order (from the draw-pile end); piles are written sorted, since they have no order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from motley.components.chess_cards import KING, PIECE_TYPES, Card, Pile, full_deck
from motley.core.errors import NotationError, StateError
from motley.games.cooperative.state import (
    ACT,
    DEAL,
    DRAW,
    HAND_SIZE,
    KINDS,
    PHASES,
    PLACE,
    PLAY,
    RECYCLE,
    RUN,
    CoopState,
    first_run,
    hand_of,
    line_text,
    pawn_card,
    read_line,
)
from motley.games.synchronous.board import GEOMETRY, PAWN, TABLES, read_board, write_board

DECK = full_deck(PIECE_TYPES)


def _cell(cell: int) -> str:
    return GEOMETRY.name(cell) if cell >= 0 else "-"


def _read_cell(text: Any, key: str) -> int:
    if not isinstance(text, str):
        raise StateError(f"'{key}' is a square name or '-'")
    return -1 if text == "-" else GEOMETRY.parse(text)


def state_to_json(state: CoopState) -> dict[str, Any]:
    return {
        "board": write_board(state.board),
        "colour": state.board.turn,
        "ep": _cell(state.board.ep),
        "phase": state.phase,
        "hands": [line_text(hand) for hand in state.hands],
        "line": line_text(state.line),
        "pile": str(state.pile),
        "discard": str(state.discard),
        "removed": line_text(state.removed),
        "recycled": [str(group) for group in state.recycled],
        "pending": str(state.pending),
        "resume": state.resume,
        "quiet_left": state.quiet_left,
        "promoted": _cell(state.promoted),
        "double_step": _cell(state.double_step),
        "turns": state.turns,
    }


def _typed(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if type(value) is not kind:
        raise StateError(f"'{key}' must be {kind.__name__}")
    return value


def state_from_json(data: Mapping[str, Any], seats: int) -> CoopState:
    """Read `state_to_json` output, refusing what no game could reach (StateError)."""
    if not isinstance(data, Mapping):
        raise StateError("a cooperative state is a JSON object")
    try:
        colour = _typed(data, "colour", int)
        if colour not in (0, 1):
            raise StateError("'colour' is 0 (White) or 1 (Black)")
        board = read_board(_typed(data, "board", str))
        board = board._replace(turn=colour, ep=_read_cell(data["ep"], "ep"))
        hands_text = _typed(data, "hands", list)
        recycled_text = _typed(data, "recycled", list)
        if not all(isinstance(h, str) for h in (*hands_text, *recycled_text)):
            raise StateError("'hands' and 'recycled' list cards as text")
        state = CoopState(
            board=board,
            phase=_typed(data, "phase", str),
            hands=tuple(hand_of(read_line(h)) for h in hands_text),
            line=read_line(_typed(data, "line", str)),
            pile=Pile.parse(_typed(data, "pile", str)),
            discard=Pile.parse(_typed(data, "discard", str)),
            removed=read_line(_typed(data, "removed", str)),
            recycled=tuple(Pile.parse(g) for g in recycled_text),
            pending=Pile.parse(_typed(data, "pending", str)),
            resume=_typed(data, "resume", str),
            quiet_left=_typed(data, "quiet_left", bool),
            promoted=_read_cell(data["promoted"], "promoted"),
            double_step=_read_cell(data["double_step"], "double_step"),
            turns=_typed(data, "turns", int),
        )
    except KeyError as missing:
        raise StateError(f"a cooperative state needs the field {missing}") from None
    except NotationError as error:
        raise StateError(f"bad cooperative state: {error}") from None
    check(state, seats)
    return state


def check(state: CoopState, seats: int) -> None:
    """The bookkeeping the rules keep: every card in one place, cards matching pieces."""
    if state.phase not in PHASES:
        raise StateError(f"'phase' is one of {', '.join(PHASES)}")
    if len(state.hands) != seats:
        raise StateError(f"'hands' lists {seats} hands")
    if any(len(h) > HAND_SIZE or any(c.type == KING for c in h) for h in state.hands):
        raise StateError("a hand holds at most two cards and never a king (kings go face up)")
    if any(c.type not in KINDS for c in (*state.line, *state.pile, *state.discard)):
        raise StateError("Cooperative Chess has no checker cards")
    every = [*state.line, *state.pile, *state.discard, *state.removed, *state.pending]
    every += [c for hand in state.hands for c in hand]
    if Counter(every) != Counter(DECK):
        raise StateError("the cards must be the 32 piece cards, each in exactly one place")
    if len(state.removed) != len(state.recycled) or any(
        card not in group for card, group in zip(state.removed, state.recycled, strict=False)
    ):
        raise StateError("each recycled group puts exactly one of its cards out of the game")
    if (state.phase == RECYCLE) != bool(state.pending) or (state.phase == RECYCLE) != bool(
        state.resume
    ):
        raise StateError("a group is pending, with a phase to resume, exactly while recycling")
    if state.pending and (len(state.pending) < RUN or len({c.colour for c in state.pending}) != 1):
        raise StateError("a recycled group is four or more cards of one colour")
    if state.resume not in ("", DEAL, PLAY, ACT, DRAW):
        raise StateError("recycling resumes the deal, a card play, the moves or the draw")
    kings = all(state.board.pieces[TABLES.royal] & side for side in state.board.colours)
    if kings and state.phase in (DEAL, PLAY, ACT, DRAW) and first_run(state.line) is not None:
        raise StateError("four cards of one colour in a row are recycled at once")
    if state.turns < 0 or (state.phase == DEAL) != (state.turns == 0 and seats > 0):
        raise StateError("'turns' counts the turns begun; the deal comes before the first")
    _check_pieces(state)


def _check_pieces(state: CoopState) -> None:
    """Each kind of piece on the board has as many cards outside the discard pile (while a
    promotion waits for its cards to move, the pawn's and the new piece's are one behind)."""
    board = state.board
    cards = Counter(DECK)
    for card in state.discard:
        cards[card] -= 1
    colour = board.turn
    if state.phase == PLACE:
        if state.promoted < 0 or not (1 << state.promoted) & board.colours[colour]:
            raise StateError("a promotion waits with the new piece's square in 'promoted'")
        kind = TABLES.kind_at(board.pieces, 1 << state.promoted)
        if kind in (PAWN, TABLES.royal) or pawn_card(colour) not in state.line:
            raise StateError("a promoted pawn becomes a piece and a pawn card is in the line")
        cards[pawn_card(colour)] -= 1
        cards[Card(colour, KINDS[kind])] += 1
    elif state.promoted >= 0:
        raise StateError("'promoted' names a square only while a promotion waits")
    for kind, bits in enumerate(board.pieces):
        for side in (0, 1):
            if (bits & board.colours[side]).bit_count() != cards[Card(side, KINDS[kind])]:
                raise StateError(
                    f"the {Card(side, KINDS[kind]).name} pieces on the board must match its "
                    "cards outside the discard pile"
                )
    for cell in (board.ep, state.double_step):
        if cell >= 0 and GEOMETRY.coords(cell)[1] not in (2, 5):
            raise StateError("an en-passant target is on the third or sixth rank")
