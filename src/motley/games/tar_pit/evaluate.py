"""A heuristic value of a Tar Pit position, for the computer players.

All from one seat's point of view, in centipawns (then squashed into [-1, 1]):

* material, a tarred piece worth less ("a tarred piece crawls like a pawn", "a tarred pawn
  cannot move at all") and a tarred king a heavy weakness;
* checkers: a carrying piece ("your own checker under your piece is ammunition") and each
  checker in front of a player (it is what a card puts under a piece);
* cards in hand: a piece card can tar a matching enemy piece or arm one of the player's own,
  as long as a checker waits in front of the player to go with it; a checker card of the
  player's colour brings another checker, of the opponent's colour takes one of theirs;
* king safety: a king in check, judged with the pieces' actual moves.

The evaluation is called on full states; a player who cannot see the other hand values
states guessed from its view (`sample_hidden`), so it never reads the real hidden cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.tables import ChessTables
from motley.components.chess_cards import CHECKER, Card
from motley.games.tar_pit.state import TarPitState

if TYPE_CHECKING:
    from motley.games.tar_pit.rules import TarPitChess

#: share of its value a tarred piece (not a pawn) keeps
TAR_FACTOR = 0.35
#: a tarred pawn keeps this share (it cannot move, but still blocks and guards nothing)
TARRED_PAWN = 0.5
#: centipawns: a tarred king, a king in check
TARRED_KING, IN_CHECK = 150, 40
#: centipawns: a carrying piece, a checker in front of a player
CARRY_BONUS, SUPPLY_BONUS = 30, 15
#: share of a card's best use counted while it waits in the hand (it may be played next turn)
IN_HAND = 0.3
#: the squash: value v (in centipawns) becomes v / (|v| + SCALE)
SCALE = 1000


def evaluate(rules: TarPitChess, s: TarPitState, seat: int) -> float:
    t = rules.tables
    board = s.board
    balance = 0.0
    for colour, sign in ((seat, 1), (seat ^ 1, -1)):
        mine = board.colours[colour]
        tarred = mine & s.checkers[colour ^ 1]
        carrying = mine & s.checkers[colour]
        for kind, piece in enumerate(t.kinds):
            if kind == t.royal:
                continue
            bits = board.pieces[kind] & mine
            factor = TARRED_PAWN if kind == t.pawn else TAR_FACTOR
            free, stuck = (bits & ~tarred).bit_count(), (bits & tarred).bit_count()
            balance += sign * piece.value * (free + factor * stuck)
        balance += sign * (CARRY_BONUS * carrying.bit_count() + SUPPLY_BONUS * s.supply[colour])
        if board.pieces[t.royal] & tarred:
            balance -= sign * TARRED_KING
        if rules.board_rules.king_attacked(board, s.checkers, colour):
            balance -= sign * IN_CHECK
    for colour, sign in ((seat, 1), (seat ^ 1, -1)):
        if s.supply[colour] <= 0:
            continue  # a piece card needs a checker in front of its player
        for card in s.hands[colour]:
            balance += sign * IN_HAND * _card_worth(t, s, card, colour)
    return balance / (abs(balance) + SCALE)


def _card_worth(t: ChessTables, s: TarPitState, card: Card, player: int) -> float:
    """Centipawns a card could bring its holder: a tar, an armed piece or a checker."""
    if card.type == CHECKER:
        # the opponent's colour makes them give up a checker and discard down
        return SUPPLY_BONUS if card.colour == player else SUPPLY_BONUS * 2
    board = s.board
    kind = t.kind_of_letter[card.type.lower()]
    matching = board.pieces[kind] & board.colours[card.colour]
    if card.colour == player:
        # arming one's own piece (a tarred one is freed instead: opposite colours cancel)
        freed = matching & s.checkers[player ^ 1]
        return 100.0 if freed else float(CARRY_BONUS) if matching else 0.0
    if not matching & ~s.checkers[player]:
        return 0.0  # every matching enemy piece is tarred already
    if kind == t.royal:
        return float(TARRED_KING)
    return t.kinds[kind].value * (1 - (TARRED_PAWN if kind == t.pawn else TAR_FACTOR))
