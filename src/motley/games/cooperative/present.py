"""How Cooperative Chess and its solitaire are shown and played (seed 002, Cooperative Chess;
see `core.present`).

The board is an orthodox chess board. Around it lie the face-up line of cards in its order
(from the end beside the draw pile to the far end, where played cards go), the hands (the
seat's own face up, the partner's as backs unless hands are open), the draw pile and the
cards out of the game as counts, the discard pile face up (it says which pieces a pawn may
become) and the score with the rulebook's yardsticks.

A card is played by clicking it in the hand; a move or a capture is a drag (a chooser tells
apart the cards a capture could discard, or the piece a pawn becomes); after a promotion the
pawn card to discard is clicked in the line, with a chooser for where the new card goes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from motley.chesslike.position import Move, Position
from motley.chesslike.present import chess_layout, piece_name, position_pieces, san_body
from motley.chesslike.turnless import (
    TABLES,
    as_mover,
    draw_board,
    is_castling,
    kind_on,
    read_board,
)
from motley.components.chess_cards import KING, Card
from motley.core import present
from motley.core.present import (
    Button,
    Cards,
    Choice,
    Item,
    Layout,
    Pick,
    Scene,
    Score,
)
from motley.games.cooperative.moves import card_captures, line_pairs, victim_cell
from motley.games.cooperative.score import (
    BONUS,
    GREAT_ABOVE,
    LOSS_BELOW,
    captured,
    king_taken,
    points,
    wiped,
)
from motley.games.cooperative.state import (
    ACT,
    DEAL,
    DRAW,
    KINDS,
    OVER,
    PLACE,
    PLAY,
    RECYCLE,
    Action,
    Capture,
    CoopState,
    CoopView,
    EndTurn,
    Line,
    Place,
    PlayCard,
    card_of,
    line_text,
    pawn_card,
    without,
)

if TYPE_CHECKING:
    from motley.games.cooperative.rules import CooperativeChess

LISTED = 4  # captures named in a prompt before "and N more"


def layout(rules: CooperativeChess) -> Layout:
    return chess_layout(TABLES)


# -- reading a view -----------------------------------------------------------------------


def board_of(view: CoopView) -> Position:
    """The board with the colour to move and its en-passant target."""
    return read_board(view.board)._replace(turn=view.colour, ep=view.ep)


def card_face(card: Card) -> present.Card:
    return present.Card(card.letter, card.type, card.name, card.colour, card.type)


def faces(cards: Iterable[Card]) -> tuple[present.Card, ...]:
    return tuple(card_face(c) for c in cards)


def counted(count: int, noun: str = "card") -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def hand_id(seat: int) -> str:
    return f"hand-{seat}"


def verdict(score: int) -> str:
    """The rulebook's yardstick for a final score."""
    if score < LOSS_BELOW:
        return f"a loss (under {LOSS_BELOW})"
    if score > GREAT_ABOVE:
        return f"great (over {GREAT_ABOVE})"
    return f"not a loss ({LOSS_BELOW} to {GREAT_ABOVE})"


def over(view: CoopView) -> bool:
    return view.phase == OVER or king_taken(read_board(view.board))


# -- the table ----------------------------------------------------------------------------


def scene(rules: CooperativeChess, view: CoopView, seat: int) -> Scene:
    board = board_of(view)
    items: list[Item] = [
        Cards("line", "Face-up line, from the draw pile", faces(view.line), kind="line"),
        *hand_items(rules, view),
        Cards("draw", f"Draw pile: {counted(view.pile_size)}", hidden=view.pile_size, kind="pile"),
        Cards(
            "discard",
            f"Discard pile: {counted(len(view.discard))}",
            faces(view.discard),
            kind="pile",
        ),
    ]
    if view.pending:
        items.append(Cards("recycling", "Being recycled", faces(view.pending), kind="pile"))
    if view.recycled:
        out = len(view.recycled)
        items.append(Cards("out", f"Out of the game, unseen: {counted(out)}", hidden=out))
    items.append(score_item(board, over(view)))
    highlight: tuple[int, ...] = ()
    if view.phase == PLACE and view.promoted >= 0:
        highlight = (view.promoted,)
    elif view.phase == ACT and not over(view):
        highlight = tuple(sorted({c.move.origin for c in allowed_captures(view)}))
    acting = not over(view) and view.phase in (PLAY, ACT, PLACE) and not is_chance(rules, view)
    prompt = prompt_text(rules, view) if acting and seat == mover(rules, view) else ""
    return Scene(
        pieces=position_pieces(TABLES, board),
        items=tuple(items),
        highlight=highlight,
        prompt=prompt,
        status=status_text(rules, view),
    )


def hand_items(rules: CooperativeChess, view: CoopView) -> list[Item]:
    out: list[Item] = []
    for seat, hand in enumerate(view.hands):
        name = rules.spec.seat_name(seat)
        if hand is None:
            size = view.hand_sizes[seat]
            out.append(Cards(hand_id(seat), f"{name}'s hand", hidden=size, owner=seat))
        else:
            title = "Your hand" if seat == view.seat else f"{name}'s hand"
            out.append(Cards(hand_id(seat), title, faces(hand), owner=seat))
    return out


def score_item(board: Position, ended: bool) -> Score:
    score = points(board)
    values = [
        ("Pieces captured", str(captured(board))),
        ("Piece types wiped out", f"{wiped(board)} ({BONUS} points each if a king is captured)"),
    ]
    if ended:
        values.append(("Final score", f"{score}: {verdict(score)}"))
    values.append(("Yardstick", f"under {LOSS_BELOW} is a loss, over {GREAT_ABOVE} is great"))
    return Score("score", "Score", tuple(values))


def mover(rules: CooperativeChess, view: CoopView) -> int:
    return 0 if rules.solitaire else view.colour


def is_chance(rules: CooperativeChess, view: CoopView) -> bool:
    return view.phase in (DEAL, DRAW, RECYCLE) or (view.phase == PLAY and rules.solitaire)


def status_text(rules: CooperativeChess, view: CoopView) -> str:
    """What everyone reads of the turn now."""
    board = read_board(view.board)
    if over(view):
        score = points(board)
        if king_taken(board):
            return f"A king is captured: {score} points, {verdict(score)}"
        return f"The cards ran out: {score} points, no bonus, {verdict(score)}"
    who = rules.spec.seat_name(view.colour) if not rules.solitaire else colour_name(view.colour)
    phase = view.phase
    if phase == DEAL:
        return "Dealing two cards to each player"
    if phase == PLAY:
        if rules.solitaire:
            return f"{who}'s turn: a card is drawn to the line"
        return f"{who} is playing a card to the line"
    if phase == ACT:
        return f"{who} is moving and capturing"
    if phase == PLACE:
        return f"{who} is placing the promoted piece's card in the line"
    if phase == DRAW:
        return f"{who} draws back up to two cards"
    if phase == RECYCLE:
        return "Four or more cards of one colour in a row are recycled: one leaves the game"
    return ""


def colour_name(colour: int) -> str:
    return ("White", "Black")[colour]


# -- prompts ------------------------------------------------------------------------------


def allowed_captures(view: CoopView, line: Line | None = None) -> list[Capture]:
    """The captures `line` (the view's own by default) allows the colour to move now."""
    return card_captures(
        board_of(view), view.colour, view.line if line is None else line, view.discard
    )


def capture_words(rules: CooperativeChess, board: Position, move: Move) -> str:
    """`your bishop on c4 take the knight on f7` (solitaire: `the white bishop ...`)."""
    g = TABLES.geometry
    colour = board.turn
    victim = victim_cell(board, move)
    mine = piece_name(TABLES.letters[kind_on(board, move.origin)])
    theirs = piece_name(TABLES.letters[kind_on(board, victim)])
    if rules.solitaire:
        mine = f"the {colour_name(colour).lower()} {mine}"
        theirs = f"the {colour_name(colour ^ 1).lower()} {theirs}"
    else:
        mine = f"your {mine}"
        theirs = f"the {theirs}"
    return f"{mine} on {g.name(move.origin)} take {theirs} on {g.name(victim)}"


def captures_sentence(rules: CooperativeChess, board: Position, found: list[Capture]) -> str:
    """`The line lets your bishop on c4 take the knight on f7` for each capture move."""
    moves = list(dict.fromkeys(Move(c.move.origin, c.move.target) for c in found))
    if not moves:
        return "The line allows no capture now"
    words = [capture_words(rules, board, m) for m in moves[:LISTED]]
    more = len(moves) - LISTED
    if more > 0:
        words.append(f"{counted(more, 'more capture')}")
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return "The line lets " + listed


def prompt_text(rules: CooperativeChess, view: CoopView) -> str:
    if view.phase == PLAY:
        return play_prompt(rules, view)
    if view.phase == PLACE:
        return place_prompt(view)
    return act_prompt(rules, view)


def play_prompt(rules: CooperativeChess, view: CoopView) -> str:
    """Which card to play, what each would open, and what the line already allows."""
    where = "to the far end of the line"
    if view.line:
        where += f", beside the {view.line[-1].name} card"
    parts = [f"Play a card from your hand {where}: click it"]
    hand = view.hands[view.seat] if 0 <= view.seat < len(view.hands) else None
    opened = [said for card in dict.fromkeys(hand or ()) if (said := opens(rules, view, card))]
    parts += opened
    already = pair_words(rules, view, live_pairs(view, view.line))
    if already:
        parts.append(f"the line already lets {already}")
    if not opened:
        parts.append("no card in your hand opens another capture")
    return ". ".join(p[0].upper() + p[1:] for p in parts)


def live_pairs(view: CoopView, line: Line) -> list[tuple[int, int]]:
    """The (capturer, captured) kinds `line` allows, for pieces still on the board."""
    board = board_of(view)
    mine, theirs = board.colours[view.colour], board.colours[view.colour ^ 1]
    return [
        (mover, prey)
        for mover, prey in line_pairs(line, view.colour)
        if board.pieces[mover] & mine and board.pieces[prey] & theirs
    ]


def pair_words(rules: CooperativeChess, view: CoopView, pairs: list[tuple[int, int]]) -> str:
    """`your bishops take pawns and your knights take rooks` (solitaire: `white bishops`)."""
    whose = colour_name(view.colour).lower() if rules.solitaire else "your"
    words = [f"{whose} {plural(KINDS[m])} take {plural(KINDS[p])}" for m, p in pairs[:LISTED]]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def opens(rules: CooperativeChess, view: CoopView, card: Card) -> str:
    """What playing `card` would let the colour to move capture that the line does not now:
    a capture at once, or a pair of kinds after a move."""
    line = (*view.line, card)
    before = set(live_pairs(view, view.line))
    fresh = [pair for pair in live_pairs(view, line) if pair not in before]
    if not fresh:
        return ""
    board = board_of(view)
    now = {(c.move.origin, c.move.target) for c in allowed_captures(view)}
    for capture in allowed_captures(view, line):
        if (capture.move.origin, capture.move.target) not in now:
            return f"the {card.name} card would let {capture_words(rules, board, capture.move)}"
    return f"the {card.name} card would let {pair_words(rules, view, fresh)}, after a move"


def plural(letter: str) -> str:
    return piece_name(letter) + "s"


def act_prompt(rules: CooperativeChess, view: CoopView) -> str:
    found = allowed_captures(view)
    head = captures_sentence(rules, board_of(view), found)
    who = f"{colour_name(view.colour)}'s turn. " if rules.solitaire else ""
    if view.quiet_left and found:
        tail = "make one non-capturing move first if you like, then capture, or end the turn"
    elif view.quiet_left:
        pairs = pair_words(rules, view, live_pairs(view, view.line))
        if pairs:  # a move may bring a piece in reach: the seed's bishop going to e6
            head += f"; it lets {pairs} once a move brings one in reach"
        tail = "make one non-capturing move if you like, or end the turn"
    else:
        tail = "capture, or end the turn"
    return f"{who}{head}. Drag a piece to {tail}"


def place_prompt(view: CoopView) -> str:
    g = TABLES.geometry
    board = read_board(view.board)
    new = card_of(kind_on(board, view.promoted), view.colour)
    pawn = pawn_card(view.colour)
    return (
        f"Your pawn became a {piece_name(new.type)} on {g.name(view.promoted)}: click a "
        f"{pawn.name} card in the line to discard it, and choose where the {new.name} card "
        "goes in the line"
    )


# -- how each action is made --------------------------------------------------------------


def gesture(rules: CooperativeChess, view: CoopView, action: Action) -> present.Gesture:
    if isinstance(action, PlayCard):
        hand = view.hands[view.seat] or ()
        return Pick(hand_id(view.seat), hand.index(action.card))
    if isinstance(action, EndTurn):
        return Button("End the turn")
    if isinstance(action, Place):
        return place_gesture(view, action)
    if isinstance(action, Capture):
        return capture_gesture(view, action)
    if not isinstance(action, Move):  # a card is drawn by chance, never made on the table
        return Button(f"The {action.name} card")
    board = board_of(view)
    target = action.target
    if is_castling(board, action):  # the king's two steps, as the text writes it
        target, _ = TABLES.castle_squares(view.colour, action.origin, target)
    choice = None
    if action.promotion:
        choice = Choice(piece_name(action.promotion), action.promotion.upper(), view.colour)
    return present.Move(action.origin, target, choice)


def capture_gesture(view: CoopView, action: Capture) -> present.Move:
    """A drag; a chooser names the card to discard when the line offers several, and the
    piece when a pawn promotes."""
    board = board_of(view)
    move = action.move
    mover = kind_on(board, move.origin)
    prey = kind_on(board, victim_cell(board, move))
    options = line_pairs(view.line, view.colour).get((mover, prey), [])
    parts = []
    if move.promotion:
        parts.append(piece_name(move.promotion))
    if len(options) > 1:
        parts.append(f"discard the card at position {action.victim + 1} of the line")
    if not parts:
        return present.Move(move.origin, move.target)
    letter = move.promotion.upper() if move.promotion else ""
    card = card_face(view.line[action.victim]) if len(options) > 1 else None
    label = ", ".join(parts)
    return present.Move(move.origin, move.target, Choice(label, letter, view.colour, card))


def place_gesture(view: CoopView, action: Place) -> Pick:
    """Click the pawn card to discard; the chooser says where the new card goes."""
    board = read_board(view.board)
    new = card_of(kind_on(board, view.promoted), view.colour)
    rest = without(view.line, action.out)
    label = f"{new.name} card at position {action.into + 1}, {between(rest, action.into)}"
    return Pick("line", action.out, Choice(label, card=card_face(new)))


def between(line: Line, index: int) -> str:
    """Where position `index` of `line` lies, in words."""
    if not line:
        return "alone in the line"
    if index == 0:
        return f"at the draw-pile end, before the {line[0].name}"
    if index >= len(line):
        return f"at the far end, after the {line[-1].name}"
    return f"between the {line[index - 1].name} and the {line[index].name}"


# -- the move list ------------------------------------------------------------------------


def notate(rules: CooperativeChess, state: CoopState, action: Action, seat: int) -> str:
    """The step as `seat`'s move list reads it: SAN for moves, words for the cards."""
    if isinstance(action, Card):
        return chance_words(rules, state, action, seat)
    if isinstance(action, PlayCard):
        return f"{action.card.name} card"
    if isinstance(action, EndTurn):
        return ""
    colour = state.board.turn
    if isinstance(action, Place):
        new = card_of(kind_on(state.board, state.promoted), colour)
        return f"{new.name} card to position {action.into + 1}"
    board = as_mover(state.board, colour)
    legal = [
        a.move if isinstance(a, Capture) else a
        for a in rules.legal_actions(state)
        if isinstance(a, Move | Capture)
    ]
    if isinstance(action, Capture):
        text = san_body(TABLES, board, action.move, legal)
        offered = rules.legal_actions(state)
        alike = [a for a in offered if isinstance(a, Capture) and a.move == action.move]
        if len(alike) > 1:
            text += f" (card {action.victim + 1})"
        return text
    return san_body(TABLES, board, action, legal)


def chance_words(rules: CooperativeChess, state: CoopState, card: Card, seat: int) -> str:
    """A card drawn: to the line (public), to a hand (its holder only), or a recycling."""
    if state.phase == RECYCLE:
        return "a recycled card leaves the game unseen"
    if state.phase == PLAY or card.type == KING:
        return f"{card.name} card to the line"
    if state.phase == DEAL:
        return ""  # the deal is setup: each hand shows its own cards
    if rules.open_hands or seat == rules.receiver(state):
        return f"drew a {card.name} card"
    return ""


# -- the terminal's board text --------------------------------------------------------------


def board_text(rules: CooperativeChess, view: CoopView, seat: int) -> str:
    """The board, the cards as letters, the score so far and what is happening now."""
    board = read_board(view.board)
    lines = draw_board(board, flipped=view.seat == 1)
    lines.append(f"Line (draw-pile end first): {line_text(view.line)}")
    for seat, hand in enumerate(view.hands):
        shown = line_text(hand) if hand is not None else counted(view.hand_sizes[seat])
        lines.append(f"{rules.spec.seat_name(seat)}'s hand: {shown}")
    lines.append(f"Draw pile: {view.pile_size}; discard: {view.discard}")
    if view.recycled:
        groups = ", ".join(str(g) for g in view.recycled)
        lines.append(f"Recycled groups (one card of each out of the game): {groups}")
    lines.append(f"Score so far: {captured(board)} captured; {wiped(board)} piece types wiped out")
    lines.append(status_text(rules, view))
    return "\n".join(lines)
