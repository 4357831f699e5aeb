"""How Tar Pit Chess is shown and played (seed 002, Tar Pit Chess; see `core.present`).

The board is a chess board whose pieces may stand on a checker: a piece on its own colour's
checker is carrying (a bucket of tar), one on the opponent's is tarred. Around the board lie
the two hands (the seat's own face up, the other's as backs), the draw pile, the discard
pile with its top card, and the checkers in front of each player and in the extra pile.

A turn is made of small decisions, each one gesture: the move is a drag, a throw a click on
the piece that gets the checker, a piece card a click on the piece it adds a checker under
(with the card shown in a chooser), a checker card or a discard a click on the card in the
hand, a checker given up a click on its piece.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.marked import marked_board_text
from motley.chesslike.position import Move
from motley.chesslike.present import (
    chess_layout,
    chess_move_gesture,
    piece_name,
    position_pieces,
    san_body,
)
from motley.components.chess_cards import CHECKER, Card, Pile
from motley.core import present
from motley.games.tar_pit import state as st
from motley.games.tar_pit.board import cells

if TYPE_CHECKING:
    from motley.games.tar_pit.rules import TarPitChess

CARRY = "carry"
TAR = "tar"
CHECKER_COLOUR = ("light", "dark")  # White's checkers and Black's

LEGEND = (
    present.MarkKind(
        CARRY,
        "carrying checker",
        "Your piece on your own checker is carrying a bucket of tar: after it moves, it may "
        "throw the checker one step, like a king, under another piece of either colour.",
        present.MarkStyle.STACK,
        "#d9a441",
    ),
    present.MarkKind(
        TAR,
        "tar checker",
        "A piece on the opponent's checker is tarred: a tarred pawn cannot move, any other "
        "tarred piece moves and captures like a pawn.",
        present.MarkStyle.STACK,
        "#2f2622",
    ),
)


_MARKS = {st.CARRY: (present.Mark(CARRY),), st.TAR: (present.Mark(TAR),), "": ()}


def layout(rules: TarPitChess) -> present.Layout:
    return chess_layout(rules.tables, legend=LEGEND)


# -- the table ----------------------------------------------------------------------------


def owner_at(s: st.TarPitState, cell: int) -> int:
    return 0 if s.board.colours[0] >> cell & 1 else 1


def marks_at(s: st.TarPitState, cell: int) -> tuple[present.Mark, ...]:
    """The checker under the piece on `cell`: carried (its owner's) or tar (the other's).

    A piece holds at most one checker (Multiple Checkers), so the count is always one.
    """
    return _MARKS[st.checker_sign(s.board, s.checkers, cell)]


def card_face(card: Card) -> present.Card:
    """A chess card as it lies on the table: its letter in the corner and its piece."""
    figure = "" if card.type == CHECKER else card.type
    return present.Card(card.letter, card.type, card.name, card.colour, figure)


def hand_id(seat: int) -> str:
    return f"hand-{seat}"


def hand_items(rules: TarPitChess, view: st.TarPitView) -> list[present.Item]:
    """Each hand: the seat's own face up, any other as backs with its size."""
    out: list[present.Item] = []
    for seat in (0, 1):
        name = rules.spec.seat_name(seat)
        if seat == view.seat and view.hand is not None:
            faces = tuple(card_face(c) for c in view.hand)
            out.append(present.Cards(hand_id(seat), "Your hand", faces, owner=seat))
        else:
            size = view.hand_sizes[seat]
            out.append(present.Cards(hand_id(seat), f"{name}'s hand", hidden=size, owner=seat))
    return out


def pile_items(rules: TarPitChess, view: st.TarPitView) -> list[present.Item]:
    s = view.public
    top = (card_face(s.top),) if s.top is not None and s.discard else ()
    return [
        present.Cards(
            "draw", f"Draw pile: {cards(view.draw_size)}", hidden=view.draw_size, kind="pile"
        ),
        present.Cards("discard", f"Discard pile: {cards(len(s.discard))}", top, kind="pile"),
    ]


def checkers_item(rules: TarPitChess, s: st.TarPitState) -> present.Score:
    """The checkers off the board: in front of each player, and in the extra pile."""
    values = tuple(
        (
            f"{rules.spec.seat_name(seat)} ({CHECKER_COLOUR[seat]})",
            f"{s.supply[seat]} in front, {rules.turns.extra(s, seat)} extra",
        )
        for seat in (0, 1)
    )
    return present.Score("checkers", "Checkers off the board", values)


def cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def checkers(count: int) -> str:
    return f"{count} checker{'' if count == 1 else 's'}"


def scene(rules: TarPitChess, view: st.TarPitView, seat: int) -> present.Scene:
    s = view.public
    t = rules.tables
    pieces = position_pieces(t, s.board, lambda cell: marks_at(s, cell))
    check: tuple[int, ...] = ()
    if s.phase == st.MOVE and not view.outcome and rules.turns.in_check(s):
        king = rules.turns.king(s, s.board.turn)
        check = (king,) if king >= 0 else ()
    highlight: tuple[int, ...] = ()
    if s.phase == st.THROW and s.piece >= 0:
        highlight = (s.piece,)  # the carrying piece whose checker may be thrown
    elif s.phase == st.RETURN:
        highlight = tuple(cells(s.checkers[s.seat ^ 1]))  # the checkers that may be given up
    items: list[present.Item] = [
        *hand_items(rules, view),
        *pile_items(rules, view),
        checkers_item(rules, s),
    ]
    status = view.outcome or status_text(rules, s, bool(check))
    prompt = ""
    if not view.outcome and s.phase not in st.CHANCE_PHASES and seat == rules.turns.actor(s):
        prompt = prompt_text(rules, view, bool(check))
    return present.Scene(
        pieces=pieces,
        items=tuple(items),
        check=check,
        highlight=highlight,
        prompt=prompt,
        status=status,
    )


# what everyone reads of a part of the turn: `who` has the turn, `other` answers it
DOING = {
    st.DEAL: "Dealing the cards",
    st.THROW: "{who} may throw the checker from {piece} or keep it",
    st.CARD: "{who} is choosing a card to play, or no card",
    st.RETURN: "{other} is giving up a checker to the extra pile",
    st.DISCARD: "{other} is discarding a card",
    st.DRAW: "{who} draws up to one card per checker in front",
}


def status_text(rules: TarPitChess, s: st.TarPitState, in_check: bool) -> str:
    """What everyone reads of the turn's part now under way."""
    name = rules.spec.seat_name
    who = name(s.seat)
    if s.phase == st.MOVE:
        return f"{who} to move, in check" if in_check else f"{who} to move"
    piece = rules.geometry.name(s.piece) if s.phase == st.THROW else ""
    return DOING.get(s.phase, "").format(who=who, other=name(s.seat ^ 1), piece=piece)


def piece_on(rules: TarPitChess, s: st.TarPitState, cell: int) -> str:
    """`knight on e4`."""
    t = rules.tables
    kind = t.kind_at(s.board.pieces, 1 << cell)
    return f"{piece_name(t.letters[kind])} on {rules.geometry.name(cell)}"


def prompt_text(rules: TarPitChess, view: st.TarPitView, in_check: bool) -> str:
    s = view.public
    if s.phase == st.MOVE:
        return move_prompt(rules, s, in_check)
    if s.phase == st.THROW:
        return (
            f"Your {piece_on(rules, s, s.piece)} carries your checker: click a piece next to "
            "it to throw the checker there (under an enemy piece it tars it, under your own "
            "it passes), or keep it"
        )
    if s.phase == st.CARD:
        return card_prompt(rules, view)
    if s.phase == st.RETURN:
        return return_prompt(rules, s)
    if s.phase == st.DISCARD:
        victim = s.seat ^ 1
        return (
            f"You hold more cards than the {checkers(s.supply[victim])} in front of you: "
            "click a card in your hand to discard it"
        )
    return ""


def move_prompt(rules: TarPitChess, s: st.TarPitState, in_check: bool) -> str:
    head = (
        "You are in check: make a move that ends it"
        if in_check
        else "Your move: drag a piece, or click it and then its target"
    )
    seat = s.seat
    tarred = s.board.colours[seat] & s.checkers[seat ^ 1]
    if not tarred:
        return head
    names = ", ".join(piece_on(rules, s, c) for c in cells(tarred))
    return f"{head}. Your tarred pieces move like pawns, a tarred pawn not at all: {names}"


def legal_plays(rules: TarPitChess, view: st.TarPitView) -> list[st.Play]:
    """The card plays open to the seat holding `view` (its own hand, the public board)."""
    s = view.public
    if view.hand is None or view.seat != s.seat:
        return []
    hands = [Pile(), Pile()]
    hands[s.seat] = view.hand
    return rules.turns.plays(s._replace(hands=(hands[0], hands[1])))


def card_prompt(rules: TarPitChess, view: st.TarPitView) -> str:
    s = view.public
    g = rules.geometry
    seat = s.seat
    plays = legal_plays(rules, view)
    targets: dict[Card, list[str]] = {}
    for play in plays:
        if play.cell >= 0:
            targets.setdefault(play.card, []).append(g.name(play.cell))
    parts = [f"{card.name} card: {', '.join(where)}" for card, where in targets.items()]
    supply = s.supply[seat]
    if targets:
        head = (
            f"Play a card or No card. Click a piece a card matches to add one of your "
            f"{checkers(supply)} in front of you under it ({'; '.join(parts)})"
        )
    elif supply:
        head = "Play a card or No card. No piece card in your hand can add a checker now"
    else:
        head = "Play a card or No card. With no checker in front of you, no piece card can play"
    if any(p.cell < 0 for p in plays):
        head += (
            ". Click a checker card in your hand to play it (yours brings an extra checker "
            "in front of you, the opponent's makes them give one up)"
        )
    return head


def return_prompt(rules: TarPitChess, s: st.TarPitState) -> str:
    victim = s.seat ^ 1
    who = rules.spec.seat_name(s.seat)
    ways = []
    if s.checkers[victim]:
        ways.append("click a piece standing on one of your checkers")
    if s.supply[victim]:
        ways.append("return one from in front of you")
    return (
        f"{who} played your checker card: give up one of your checkers to the extra pile: "
        + " or ".join(ways)
    )


# -- how each action is made --------------------------------------------------------------


def hand_index(view: st.TarPitView, card: Card) -> int:
    """Where `card` first lies in the seat's own hand as the scene draws it."""
    hand = list(view.hand) if view.hand is not None else []
    return hand.index(card)


def gesture(rules: TarPitChess, view: st.TarPitView, action: st.Action) -> present.Gesture:
    s = view.public
    t = rules.tables
    if isinstance(action, Move):
        return chess_move_gesture(t, s.board, action)
    if isinstance(action, st.Throw):
        return present.Click(action.cell)
    if isinstance(action, st.Keep):
        return present.Button("Keep the checker")
    if isinstance(action, st.Play):
        if action.cell < 0:
            return present.Pick(hand_id(view.seat), hand_index(view, action.card))
        face = card_face(action.card)
        choice = present.Choice(f"play the {action.card.name} card", card=face)
        return present.Click(action.cell, choice)
    if isinstance(action, st.NoCard):
        return present.Button("No card")
    if isinstance(action, st.Return):
        if action.cell < 0:
            return present.Button("Return a checker from in front of you")
        return present.Click(action.cell)
    if isinstance(action, st.Discard):
        return present.Pick(hand_id(view.seat), hand_index(view, action.card))
    return present.Button(rules.action_text(s, action))


# -- the move list ------------------------------------------------------------------------


def notate(rules: TarPitChess, state: st.TarPitState, action: st.Action, seat: int) -> str:
    """The step as `seat`'s move list reads it: SAN for the move, words for the rest."""
    g = rules.geometry
    if isinstance(action, Card):
        # a card drawn is told only to its holder; the deal and others' draws add nothing
        if state.phase == st.DRAW and seat == rules.turns.drawer(state):
            return f"drew a {action.name} card"
        return ""
    if isinstance(action, Move):
        legal = [m for m in rules.decisions(state) if isinstance(m, Move)]
        return san_body(rules.tables, state.board, action, legal)
    if isinstance(action, st.Throw):
        thrower = owner_at(state, state.piece)
        verb = "pass to" if owner_at(state, action.cell) == thrower else "throw at"
        return f"{verb} {g.name(action.cell)}"
    if isinstance(action, st.Keep):
        return ""
    if isinstance(action, st.Play):
        if action.cell < 0:
            return f"{action.card.name} card"
        return f"{action.card.name} card at {g.name(action.cell)}"
    if isinstance(action, st.NoCard):
        return "no card"
    if isinstance(action, st.Return):
        if action.cell < 0:
            return "a checker from in front returned"
        return f"checker off {g.name(action.cell)}"
    if isinstance(action, st.Discard):
        return f"discards the {action.card.name}"
    return rules.action_text(state, action)


# -- the terminal -------------------------------------------------------------------------


def table_notes(rules: TarPitChess, view: st.TarPitView) -> list[str]:
    """The lines under the text board: the phase, the hands, the checkers and the piles."""
    s = view.public
    name = rules.spec.seat_name
    in_check = s.phase == st.MOVE and rules.turns.in_check(s)
    notes = [view.outcome or status_text(rules, s, in_check)]
    if view.hand is not None and not view.hand:
        notes.append("your hand is empty")
    for seat in (0, 1):
        if seat != view.seat:
            notes.append(f"{name(seat)} holds {view.hand_sizes[seat]}")
    for seat in (0, 1):
        extra = rules.turns.extra(s, seat)
        notes.append(
            f"{name(seat)}: {s.supply[seat]} {CHECKER_COLOUR[seat]} checkers in front, "
            f"{extra} extra"
        )
    top = f"{s.top.letter} ({s.top.name})" if s.top is not None else "empty"
    notes.append(f"discard pile: {top}, {len(s.discard)} cards")
    notes.append(f"draw pile: {view.draw_size} cards")
    return notes


def board_text(rules: TarPitChess, view: st.TarPitView, seat: int) -> str:
    """The text picture of a view: the board with the checkers marked as in the FEN (`*`
    carrying, `~` tarred), the table, and the viewer's own hand."""
    s = view.public
    board, checkers = s.board, s.checkers
    lines = marked_board_text(rules.tables, board, lambda c: st.checker_sign(board, checkers, c))
    lines.append("(* a piece on its own checker, carrying; ~ on the opponent's, tarred)")
    lines.extend(table_notes(rules, view))
    if view.hand is not None:
        lines.append(f"your hand: {view.hand}")
    return "\n".join(lines)
