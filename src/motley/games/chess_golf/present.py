"""How a hole of Chess Golf is shown and played (see `core.present`).

Seed 002, Chess Golf. The table holds the board, the chosen cards face up beside it, the
pieces taken so far and the count of moves against the limit. The pieces the chosen cards
name are ringed: the one that must capture, its targets, or (while either may take the
other) both alike. A move is a drag; a card laid out in the setup adds nothing to the move
list.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from motley.chesslike.position import Move
from motley.chesslike.present import chess_layout
from motley.components.chess_cards import Card
from motley.core import present
from motley.core.present import Layout, Mark, MarkKind, MarkStyle, Note, Piece, Scene, Score
from motley.games.chess_golf.board import (
    GEOMETRY,
    LETTERS,
    TABLES,
    board_lines,
    card_cells,
    card_of,
    colour_at,
    kind_at,
)
from motley.games.chess_golf.goal import NO_PAIRS, SAME_PIECE, remaining
from motley.games.chess_golf.state import LAYOUT, PLAY, GolfState, cards_text
from motley.geometry import cellset

if TYPE_CHECKING:
    from motley.games.chess_golf.rules import Action, ChessGolf

COLOURS = ("white", "black")

# The three readings of a chosen piece, from the capture rights of the moment.
HUNTER, TARGET, CHOSEN = "hunter", "target", "chosen"

LEGEND = (
    MarkKind(
        HUNTER,
        "the piece that must capture",
        "It must take the target (with three cards, both others); no other piece captures.",
        MarkStyle.HALO,
        "#2e8b57",
    ),
    MarkKind(
        TARGET,
        "the target",
        "The piece the capturing piece must take; any other piece only blocks.",
        MarkStyle.HALO,
        "#c0392b",
    ),
    MarkKind(
        CHOSEN,
        "chosen piece",
        "A piece matching a chosen card: it may take a piece of another chosen card, or be "
        "taken by one; no other capture is allowed.",
        MarkStyle.HALO,
        "#d4a017",
    ),
)


def layout(rules: object) -> Layout:
    # the golf board is dealt for the table, not for a side: every golfer reads it one way up
    return replace(chess_layout(TABLES, LEGEND), sides=False)


# -- the scene -------------------------------------------------------------------------------


def roles(rules: ChessGolf, view: GolfState) -> dict[int, str]:
    """Each chosen piece's mark: it may capture, be captured, or both (seed: Captures)."""
    rights = rules.rights(view)
    victims = 0
    for cell, cells in rights.items():
        victims |= cells & ~(1 << cell)  # a piece never takes itself
    out: dict[int, str] = {}
    for cell in rights:
        out[cell] = CHOSEN if victims >> cell & 1 else HUNTER
    for cell in cellset.cells(victims):
        out.setdefault(cell, TARGET)
    return out


def pieces(view: GolfState, marks: dict[int, str]) -> tuple[Piece, ...]:
    board = view.cells
    out = []
    for cell in cellset.cells(board[1][0] | board[1][1]):
        here = (Mark(marks[cell]),) if cell in marks else ()
        out.append(Piece(cell, LETTERS[kind_at(board, cell)], colour_at(board, cell), here))
    return tuple(out)


def card_face(card: Card, index: int) -> present.Card:
    return present.Card(f"{card.letter}{index}", card.type, card.name, card.colour, card.type)


def items(rules: ChessGolf, view: GolfState) -> tuple[present.Item, ...]:
    out: list[present.Item] = []
    if view.phase != PLAY:
        title = "Deck (laying out the pieces)" if view.phase == LAYOUT else "Deck"
        out.append(present.Cards("deck", title, hidden=len(view.pile), kind="pile"))
    if view.chosen:
        faces = tuple(card_face(card, i) for i, card in enumerate(view.chosen))
        out.append(present.Cards("chosen", "Chosen cards", faces, kind="line"))
    if view.phase != PLAY:
        return tuple(out)
    if view.taken:
        taken = tuple((card.type, card.colour) for card in view.taken)
        out.append(present.Tray("taken", "Taken", taken))
    moves = (("moves taken", str(view.moves)), ("at most", str(rules.limit)))
    out.append(Score("moves", "Moves", moves))
    if rules.is_over(view):
        out.append(Note(rules.describe(view).capitalize(), "result"))
        return tuple(out)
    for colour in (0, 1):
        if view.cells[1][colour] and rules.king_steps(view, colour):
            out.append(Note(special_note(rules, colour), f"special-{COLOURS[colour]}"))
    return tuple(out)


def special_note(rules: ChessGolf, colour: int) -> str:
    """The special move in force for one colour (seed: Special Move)."""
    name = COLOURS[colour]
    why = (
        f"no two {name} pieces stand next to each other"
        if rules.special == NO_PAIRS
        else f"no {name} piece has a borrowed move"
    )
    return f"Special move: every {name} piece may make a king's step ({why})"


def scene(rules: ChessGolf, view: GolfState, seat: int) -> Scene:
    marks = roles(rules, view)
    prompt, status = "", setup_status(view)
    if view.phase == PLAY:
        if rules.is_over(view):
            status = rules.describe(view).capitalize()
        else:
            count = moves_count(rules, view)
            status = f"The golfer is playing the hole: {count}"
            prompt = f"{goal_sentence(rules, view)}: {count}" if seat == 0 else ""
    return Scene(
        pieces=pieces(view, marks),
        items=items(rules, view),
        highlight=tuple(sorted(marks)),
        prompt=prompt,
        status=status,
    )


def setup_status(view: GolfState) -> str:
    if view.phase == LAYOUT:
        return f"Laying out the pieces from the deck: {len(view.pile)} cards to go"
    return "Dealing the chosen cards"


def moves_count(rules: ChessGolf, view: GolfState) -> str:
    plural = "move" if view.moves == 1 else "moves"
    return f"{view.moves} {plural} taken, {rules.limit} at most"


def named(view: GolfState, card: Card, article: str = "the", other_than: int = -1) -> str:
    """`the black bishop on f6`, or `a black knight (on b1 or g5)` when there are several."""
    cells = card_cells(view.cells, card) & ~(1 << other_than if other_than >= 0 else 0)
    names = [GEOMETRY.name(c) for c in cellset.cells(cells)]
    if len(names) == 1:
        return f"{article} {card.name} on {names[0]}"
    if not names:
        return f"{article} {card.name}"
    return f"a {card.name} (on {', '.join(names[:-1])} or {names[-1]})"


def goal_sentence(rules: ChessGolf, view: GolfState) -> str:
    """What the hole asks now, naming the pieces (seed: Captures, Difficulty Level)."""
    left = remaining(view.chosen, view.taken)
    if view.capturer >= 0:
        hunter = card_of(view.cells, view.capturer)
        rest = list(left)
        rest.remove(hunter)
        if rules.second == SAME_PIECE:
            targets = " and ".join(named(view, card, other_than=view.capturer) for card in rest)
            where = GEOMETRY.name(view.capturer)
            return f"Capture {targets} with the {hunter.name} on {where}"
        targets = " and ".join(named(view, card) for card in rest)
        other = "another" if hunter in rest else "a"
        return f"Capture {targets} with {other} {hunter.name}"
    if len(left) == 3:
        names = ", ".join(card.name for card in left)
        return f"With one ringed piece, capture a piece of each other chosen card ({names})"
    first, second = left
    if first == second:
        return f"Capture {named(view, first, 'a')} with another {first.name}"
    return (
        f"Capture {named(view, second)} with {named(view, first)}, "
        f"or the {first.name} with the {second.name}"
    )


# -- the terminal ------------------------------------------------------------------------------


def board_text(rules: ChessGolf, state: GolfState, seat: int) -> str:
    """The board, the chosen and taken cards, and the count of moves or the setup step."""
    lines = board_lines(state.cells, state.capturer)
    lines.append(f"Chosen: {cards_text(state.chosen)}   taken: {cards_text(state.taken)}")
    if state.phase != PLAY:
        lines.append(f"Setting up ({state.phase}): {len(state.pile)} cards in the pile")
    else:
        lines.append(f"Moves: {state.moves} of {rules.limit}")
        if rules.is_over(state):
            lines.append(f"Hole over: {rules.describe(state)}")
    return "\n".join(lines)


# -- gestures and the move list ----------------------------------------------------------------


def gesture(rules: object, view: object, action: Action) -> present.Gesture:
    """A move is a drag, a borrowed move and a king's step alike: no two share a path."""
    if isinstance(action, Move):
        return present.Move(action.origin, action.target)
    return present.Button(f"draw a {action.name} card")  # chance: never a seat's action


def notate(rules: object, view: GolfState, action: Action, seat: int) -> str:
    """`Kb3-c3`, `Nb2xb5`; the chosen cards dealt are named; the layout adds nothing."""
    if not isinstance(action, Move):
        return "" if view.phase == LAYOUT else f"chosen card: {action.name}"
    board = view.cells
    letter = LETTERS[kind_at(board, action.origin)]
    joint = "x" if colour_at(board, action.target) >= 0 else "-"
    return f"{letter}{GEOMETRY.name(action.origin)}{joint}{GEOMETRY.name(action.target)}"


def _distinct(cards: list[Card]) -> list[Card]:
    out: list[Card] = []
    for card in cards:
        if card not in out:
            out.append(card)
    return out
