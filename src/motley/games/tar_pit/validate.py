"""Tar Pit: which states a game can reach, and in words why a decision is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.position import Move
from motley.components.chess_cards import CHECKER, Card
from motley.core.errors import StateError
from motley.games.tar_pit.state import (
    CARD,
    CHANCE_PHASES,
    DEAL,
    DISCARD,
    DRAW,
    MOVE,
    RETURN,
    THROW,
    Action,
    Discard,
    Keep,
    NoCard,
    Play,
    Return,
    TarPitState,
    Throw,
    merge,
)

if TYPE_CHECKING:
    from motley.games.tar_pit.rules import TarPitChess

PHASE_HINT = {
    DEAL: "the cards are being dealt",
    MOVE: "a turn starts with a move",
    THROW: "the moved piece may throw its checker one step (throw f3) or keep it",
    CARD: "play a card (play n e4, play C) or no card",
    RETURN: "the opponent gives up a checker (return supply, return e4)",
    DISCARD: "the opponent discards a card (discard N)",
    DRAW: "cards are being drawn",
}


def check_state(rules: TarPitChess, s: TarPitState) -> None:
    """Raise StateError unless `s` is a state the game can be in."""
    t = rules.tables
    turns = rules.turns
    board = s.board
    name = t.geometry.name
    for seat, colour in enumerate(("white", "black")):
        if (board.pieces[t.royal] & board.colours[seat]).bit_count() != 1:
            raise StateError(f"tar_pit: the position needs exactly one {colour} king")
        if board.pieces[t.pawn] & board.colours[seat] & t.promotion_zone[seat]:
            raise StateError("tar_pit: a pawn stands on its last rank")
        if rules.board_rules.tarred(board, s.checkers, seat) & rules.board_rules.free_rank[seat]:
            raise StateError("tar_pit: a tarred piece stands where the tar comes off")
        if s.checkers[seat].bit_count() + s.supply[seat] > turns.total:
            raise StateError(f"tar_pit: more {colour} checkers than the box holds")
    if (s.checkers[0] | s.checkers[1]) & ~board.occupied:
        raise StateError("tar_pit: a checker lies on an empty square")
    if merge(s.hands[0], s.hands[1], s.draw, s.discard) != rules.deck:
        raise StateError("tar_pit: the hands and piles are not the deck")
    if (s.top is None) != (not s.discard) or (s.top is not None and s.top not in s.discard):
        raise StateError("tar_pit: 'top' must be a card of the discard pile (or '-' if empty)")
    _check_ep(rules, s)
    _check_phase(rules, s)
    if s.phase != THROW and s.piece != -1:
        raise StateError("tar_pit: only the throw phase names a moved piece")
    mover = s.seat if s.phase != MOVE and s.phase != DEAL else s.seat ^ 1
    # with check_escape=turn the throw or the card still to come may cover the king
    covering = turns.escape == "turn" and s.phase in (THROW, CARD) and turns.legal(s)
    if rules.board_rules.king_attacked(board, s.checkers, mover) and not covering:
        raise StateError(
            f"tar_pit: {name(turns.king(s, mover))}: the last mover's king is en prise"
        )


def _check_ep(rules: TarPitChess, s: TarPitState) -> None:
    t = rules.tables
    board = s.board
    ep = board.ep
    if ep < 0:
        return
    stepper = board.turn ^ 1
    victim = t.ep_victim[board.turn][ep]
    behind = t.pawn_push[board.turn][ep]
    if (
        rules.geometry.row_of(ep, stepper) != 2
        or (1 << ep) & board.occupied
        or victim < 0
        or not (1 << victim) & board.pieces[t.pawn] & board.colours[stepper]
        or behind < 0
        or (1 << behind) & board.occupied
    ):
        raise StateError("tar_pit: the en-passant square follows no double step")


def _check_phase(rules: TarPitChess, s: TarPitState) -> None:
    turns = rules.turns
    phase = s.phase
    sizes = (len(s.hands[0]), len(s.hands[1]))
    if phase == DEAL:
        if s.seat != s.board.turn or s.plies or s.discard or s.history:
            raise StateError("tar_pit: during the deal nothing else has happened")
        if not 0 <= sizes[0] - sizes[1] <= 1 or max(sizes) > turns.start:
            raise StateError("tar_pit: the deal gives one card at a time, White first")
        if (min(sizes) >= turns.start) or not s.draw:
            raise StateError("tar_pit: the deal is over")
        return
    if phase == MOVE:
        if s.seat != s.board.turn:
            raise StateError("tar_pit: in the move phase 'seat' is the side to move")
    elif s.seat != s.board.turn ^ 1:
        raise StateError("tar_pit: after the move 'seat' is the player who moved")
    victim = s.seat ^ 1
    for seat in (0, 1):
        if sizes[seat] > s.supply[seat] + (phase == DISCARD and seat == victim):
            raise StateError("tar_pit: a hand holds more cards than checkers in front")
    if phase == THROW:
        if s.piece < 0 or not turns.carrying(s, s.piece) or not turns.throws(s):
            raise StateError("tar_pit: the throw phase needs a moved piece that can throw")
    elif phase == CARD and not s.hands[s.seat]:
        raise StateError("tar_pit: the card phase needs a card in hand")
    elif phase == RETURN and not (s.supply[victim] or s.checkers[victim]):
        raise StateError("tar_pit: the opponent has no checker to give up")
    elif phase == DISCARD and sizes[victim] <= s.supply[victim]:
        raise StateError("tar_pit: the opponent has no card too many")
    elif phase == DRAW and (sizes[s.seat] >= s.supply[s.seat] or not s.draw):
        raise StateError("tar_pit: a draw needs a card to draw and room in the hand")


def why_illegal(rules: TarPitChess, s: TarPitState, action: Action) -> str:
    """The rule an illegal decision breaks, in words."""
    if s.phase in CHANCE_PHASES:
        return PHASE_HINT[s.phase]
    if rules.outcome(s):
        return "the game is over"
    wanted = {
        Move: MOVE,
        Throw: THROW,
        Keep: THROW,
        Play: CARD,
        NoCard: CARD,
        Return: RETURN,
        Discard: DISCARD,
    }.get(type(action))
    if wanted is None:
        return PHASE_HINT[s.phase]
    if wanted != s.phase:
        return f"not now: {PHASE_HINT[s.phase]}"
    if s.phase in (THROW, CARD) and rules.turns.king_attacked(s):
        checker_card = isinstance(action, Play) and action.card.type == CHECKER
        if isinstance(action, (Keep, NoCard)) or (
            checker_card and isinstance(action, Play) and action.card in s.hands[s.seat]
        ):
            return "your king is still in check: throw or play a card that tars its attacker"
    if isinstance(action, Move):
        return _why_move(rules, s, action)
    if isinstance(action, Throw):
        return _why_throw(rules, s, action)
    if isinstance(action, Play):
        return _why_play(rules, s, action)
    if isinstance(action, Return):
        return "give up a checker from in front of you or from under a piece of yours"
    if isinstance(action, Discard):
        return f"there is no {action.card.name} card in your hand"
    return "not a legal decision here"


def _why_move(rules: TarPitChess, s: TarPitState, move: Move) -> str:
    t = rules.tables
    g = rules.geometry
    board = s.board
    seat = board.turn
    origin = 1 << move.origin
    where = g.name(move.origin)
    if not origin & board.occupied:
        return f"there is no piece on {where}"
    if not origin & board.colours[seat]:
        return f"the piece on {where} is not {rules.spec.seat_name(seat)}'s"
    kind = t.kind_at(board.pieces, origin)
    tarred = origin & s.checkers[seat ^ 1]
    if tarred and kind == t.pawn:
        return "a tarred pawn cannot move at all"
    pseudo = [m for m in rules.board_rules.pseudo_moves(board, s.checkers) if m == move]
    if pseudo:
        if rules.turns.escape == "turn":
            return "the move would leave your king in check, and no throw or card covers it"
        return "the move would leave your king in check"
    if kind == t.royal and abs(g.file_of(move.origin) - g.file_of(move.target)) == 2:
        return "no castling with a checker under the king or the rook, or through check"
    if tarred:
        return "a tarred piece moves like a pawn: one step forward, or diagonally to capture"
    return f"a {t.kinds[kind].name} cannot move from {where} to {g.name(move.target)}"


def _why_throw(rules: TarPitChess, s: TarPitState, throw: Throw) -> str:
    board = s.board
    if not rules.board_rules.king_masks[s.piece] >> throw.cell & 1:
        return "a checker is thrown one king step from the piece that moved"
    if not board.occupied >> throw.cell & 1:
        return "a checker is thrown only under a piece, never onto an empty square"
    return "the throw would leave your king in check"


def _why_play(rules: TarPitChess, s: TarPitState, play: Play) -> str:
    card: Card = play.card
    if card not in s.hands[s.seat]:
        return f"there is no {card.name} card in your hand"
    if card.type == CHECKER:
        return "a checker card names no square"
    if not s.supply[s.seat]:
        return "you have no checker in front of you to add"
    if play.cell < 0 or not rules.turns.card_targets(s, card) >> play.cell & 1:
        return f"the {card.name} card adds a checker only under a matching piece"
    return "that checker would leave your king in check"
