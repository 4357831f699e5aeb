"""A Tar Pit turn, one small decision at a time: move, throw, card, the opponent's answers to a
checker card, and the draw (seed 002, Tar Pit Chess: Play, Moving and Throwing, Adding and
Capturing Checkers, Drawing Cards).

The mover's king must stand where the opponent's actual moves could not capture it when the
turn's board changes are over (option `check_escape=turn`: the move may leave it attacked if
the throw or a card then covers it, so a turn some throw or card can finish safely is legal);
with `check_escape=move` every decision that changes the board (the move, the throw, a card
adding a checker) must leave it safe on its own.
"""

from __future__ import annotations

from fractions import Fraction

from motley.chesslike import movegen
from motley.chesslike.fen import castling_field
from motley.chesslike.position import Move, Position
from motley.components.chess_cards import CHECKER, Card, Pile
from motley.games.tar_pit.board import TarBoard, cells
from motley.games.tar_pit.state import (
    CARD,
    CARRY,
    DEAL,
    DISCARD,
    DRAW,
    MOVE,
    RETURN,
    TAR,
    THROW,
    Action,
    Checkers,
    Discard,
    Keep,
    NoCard,
    Play,
    Return,
    Supply,
    TarPitState,
    Throw,
)


class TurnRules:
    """Legal decisions and their effects, for one set of options."""

    def __init__(
        self, tb: TarBoard, no_match: str, total: int, start: int, escape: str = "turn"
    ) -> None:
        self.tb = tb
        self.t = tb.t
        self.no_match = no_match  # "yours" (seed) or "colour" (newer text)
        self.escape = escape  # "turn": the whole turn may cover check; "move": the move alone
        self.total = total  # checkers of each colour in the box
        self.start = start  # checkers in front of each player, and cards dealt, at setup
        # for the repetition key (`key`): letters, rows from the last rank, runs of empties
        g = self.t.geometry
        self._letters = tuple(self.t.letters)
        self._files = g.files
        self._rows = tuple(range((g.ranks - 1) * g.files, -1, -g.files))
        self._runs = tuple(("1" * n, str(n)) for n in range(g.files, 1, -1))

    # -- what is where ---------------------------------------------------------------------

    def extra(self, s: TarPitState, colour: int) -> int:
        """Checkers of `colour` in the extra pile."""
        return self.total - s.supply[colour] - s.checkers[colour].bit_count()

    def deal_target(self, s: TarPitState) -> int:
        """Who gets the next card of the deal (White first, one card at a time)."""
        return 0 if len(s.hands[0]) <= len(s.hands[1]) else 1

    def drawer(self, s: TarPitState) -> int:
        return self.deal_target(s) if s.phase == DEAL else s.seat

    def actor(self, s: TarPitState) -> int:
        return s.seat ^ 1 if s.phase in (RETURN, DISCARD) else s.seat

    def carrying(self, s: TarPitState, cell: int) -> bool:
        colour = s.seat
        return bool(s.board.colours[colour] >> cell & 1 and s.checkers[colour] >> cell & 1)

    # -- legal decisions -------------------------------------------------------------------

    def legal(self, s: TarPitState) -> list[Action]:
        phase = s.phase
        if phase == MOVE:
            safe, unsafe = self.tb.split_moves(s.board, s.checkers)
            moves = list[Action](safe)
            if self.escape == "turn":
                moves.extend(self._covered_moves(s, unsafe))
            return moves
        if phase == THROW:
            kept = s._replace(phase=CARD, piece=-1)
            if self.escape == "turn" and self.king_attacked(kept) and not self._can_play(kept):
                return list(self.throws(s))  # keeping would end the turn in check
            return [*self.throws(s), Keep()]
        if phase == CARD:
            if self.king_attacked(s):
                return list(self.plays(s))  # only a card that covers the king ends the turn
            return [NoCard(), *self.plays(s)]
        if phase == RETURN:
            victim = s.seat ^ 1
            out: list[Action] = [Return()] if s.supply[victim] else []
            out.extend(Return(c) for c in cells(s.checkers[victim]))
            return out
        if phase == DISCARD:
            return [Discard(card) for card in s.hands[s.seat ^ 1].kinds()]
        return []

    def _covered_moves(self, s: TarPitState, unsafe: list[Move]) -> list[Move]:
        """The moves of `unsafe` (those leaving the king attacked) that a throw or a card of
        this turn can cover.

        Only tar under an attacker can cover (checkers never change who stands where), so
        nothing is searched when the mover has no checker on the board and no card to add.
        A throw or a card adds one checker under one piece, which changes that piece's moves
        alone, and only by tarring it (a piece on its own checker needs two: the first
        cancels): a move leaving attackers that need more than two, or one that tar cannot
        stop (tarred already, standing where tar comes off, or attacking like a pawn once
        tarred), or one that neither the throw nor a card in hand can reach, is never
        covered and is not played out."""
        seat = s.seat
        if not (s.checkers[seat] or (s.supply[seat] and s.hands[seat])):
            return []
        tb = self.tb
        t = self.t
        enemy = seat ^ 1
        hand = [card for card in s.hands[seat].kinds() if card.type != CHECKER]
        stuck = s.checkers[seat] | tb.free_rank[enemy]
        carrying = s.checkers[enemy]
        out = []
        for move in unsafe:
            attackers = tb.attackers_after(s.board, s.checkers, move)
            needed = attackers.bit_count() + (attackers & carrying).bit_count()
            if needed > 2 or attackers & stuck:
                continue
            board = tb.make(s.board, s.checkers, move)
            king = movegen.king_cell(t, board, seat)
            if attackers & tb.attacked_from[enemy][king] & ~board.pieces[t.pawn]:
                continue
            reach = tb.king_masks[move.target] & board.occupied  # where a throw may land
            for card in hand:
                reach |= self._matching(board, seat, card)
            if attackers & ~reach:
                continue
            after = self._move(s, move)
            if after.phase == THROW or (after.hands[seat] and self._can_play(after)):
                out.append(move)  # every listed throw is one the turn can finish after
        return out

    def king_attacked(self, s: TarPitState) -> bool:
        """Whether the mover's king (after the move) could be captured as things stand."""
        return self.tb.king_attacked(s.board, s.checkers, s.seat)

    def _unsafe(self, s: TarPitState) -> bool:
        """Whether `s`, a state after a throw or with the card still to come, leaves the king
        attacked for good: attacked, and (option check_escape=turn) no card covering it."""
        if not self.king_attacked(s):
            return False
        return self.escape != "turn" or not (s.hands[s.seat] and self._can_play(s))

    def chance_outcomes(self, s: TarPitState) -> list[tuple[Card, Fraction]]:
        return s.draw.draw_outcomes()

    def throws(self, s: TarPitState) -> list[Throw]:
        """Throws of the moved piece's checker onto a piece one king step away, one per
        distinct result (throws onto pieces that send the checker straight back are alike)."""
        board = s.board
        near = self.tb.king_masks[s.piece] & (board.colours[0] | board.colours[1])
        out = []
        seen = set()
        for cell in cells(near):
            result = self._throw(s, cell)
            if result in seen:
                continue
            thrown = s._replace(checkers=result[0], supply=result[1], phase=CARD, piece=-1)
            if self._unsafe(thrown):
                continue
            seen.add(result)
            out.append(Throw(cell))
        return out

    def _can_throw(self, s: TarPitState) -> bool:
        """Whether `throws(s)` lists a throw, stopping at the first one found."""
        near = self.tb.king_masks[s.piece] & (s.board.colours[0] | s.board.colours[1])
        for cell in cells(near):
            checkers, supply = self._throw(s, cell)
            if not self._unsafe(s._replace(checkers=checkers, supply=supply, phase=CARD, piece=-1)):
                return True
        return False

    def same_throw(self, s: TarPitState, throw: Throw) -> Throw | None:
        """The legal throw with the same result as `throw`, if any."""
        if (
            not self.tb.king_masks[s.piece] >> throw.cell & 1
            or not s.board.occupied >> throw.cell & 1
        ):
            return None
        result = self._throw(s, throw.cell)
        for legal in self.throws(s):
            if self._throw(s, legal.cell) == result:
                return legal
        return None

    def _throw(self, s: TarPitState, cell: int) -> tuple[Checkers, Supply]:
        seat = s.seat
        lifted = list(s.checkers)
        lifted[seat] &= ~(1 << s.piece)
        return self.tb.add_checker(s.board, (lifted[0], lifted[1]), s.supply, cell, seat)

    def card_targets(self, s: TarPitState, card: Card) -> int:
        """Squares a piece card may add a checker under: the pieces it matches, or when none
        is left, any of the player's pieces (option no_match=colour: any of the card's
        colour)."""
        return self._matching(s.board, s.seat, card)

    def _matching(self, board: Position, seat: int, card: Card) -> int:
        """`card_targets` on `board` for `seat`."""
        kind = self.t.kind_of_letter[card.type.lower()]
        matching = board.pieces[kind] & board.colours[card.colour]
        if matching:
            return matching
        return board.colours[seat if self.no_match == "yours" else card.colour]

    def plays(self, s: TarPitState) -> list[Play]:
        """Cards that can be played, a piece card once per distinct result (adding a checker
        under pieces that send it straight back is alike)."""
        seat = s.seat
        out: list[Play] = []
        attacked = self.king_attacked(s)
        them = s.board.colours[seat ^ 1]
        for card in s.hands[seat].kinds():
            if card.type == CHECKER:
                if not attacked:  # a checker card changes nothing on the board
                    out.append(Play(card))
                continue
            if not s.supply[seat]:
                continue  # no checker in front of you to add
            seen = set()
            for cell in cells(self.card_targets(s, card)):
                result = self._add(s, cell)
                if result in seen:
                    continue
                # a checker under a piece of your own changes no enemy piece's moves
                if them >> cell & 1:
                    if self.tb.king_attacked(s.board, result[0], seat):
                        continue
                elif attacked:
                    continue
                seen.add(result)
                out.append(Play(card, cell))
        return out

    def _can_play(self, s: TarPitState) -> bool:
        """Whether `plays(s)` lists a card, stopping at the first one found."""
        seat = s.seat
        attacked = self.king_attacked(s)
        them = s.board.colours[seat ^ 1]
        for card in s.hands[seat].kinds():
            if card.type == CHECKER:
                if not attacked:
                    return True
                continue
            if not s.supply[seat]:
                continue
            targets = self.card_targets(s, card)
            if targets & ~them and not attacked:
                return True  # under a piece of your own, with the king safe
            for cell in cells(targets & them):
                if not self.tb.king_attacked(s.board, self._add(s, cell)[0], seat):
                    return True
        return False

    def same_play(self, s: TarPitState, play: Play) -> Play | None:
        """The legal card play with the same result as `play`, if any."""
        if play.card.type == CHECKER or play.cell < 0:
            return None
        if not self.card_targets(s, play.card) >> play.cell & 1:
            return None
        result = self._add(s, play.cell)
        for legal in self.plays(s):
            if legal.card == play.card and legal.cell >= 0 and self._add(s, legal.cell) == result:
                return legal
        return None

    def _add(self, s: TarPitState, cell: int) -> tuple[Checkers, Supply]:
        seat = s.seat
        supply = list(s.supply)
        supply[seat] -= 1
        return self.tb.add_checker(s.board, s.checkers, (supply[0], supply[1]), cell, seat)

    # -- applying --------------------------------------------------------------------------

    def apply(self, s: TarPitState, action: Action) -> TarPitState:
        """`action` (assumed legal) and every automatic step after it."""
        if isinstance(action, Card):
            return self._settle(self._drawn(s, action))
        if isinstance(action, Move):
            return self._settle(self._move(s, action))
        if isinstance(action, Throw):
            checkers, supply = self._throw(s, action.cell)
            return self._settle(s._replace(checkers=checkers, supply=supply, phase=CARD, piece=-1))
        if isinstance(action, Keep):
            return self._settle(s._replace(phase=CARD, piece=-1))
        if isinstance(action, NoCard):
            return self._settle(s._replace(phase=DRAW))
        if isinstance(action, Play):
            return self._settle(self._play(s, action))
        if isinstance(action, Return):
            return self._settle(self._return(s, action))
        if isinstance(action, Discard):
            victim = s.seat ^ 1
            hands = list(s.hands)
            hands[victim] = hands[victim].remove(action.card)
            return self._settle(
                s._replace(
                    hands=(hands[0], hands[1]),
                    discard=s.discard.add(action.card),
                    top=action.card,
                    phase=DRAW,
                )
            )
        raise TypeError(f"not a Tar Pit action: {action!r}")

    def _drawn(self, s: TarPitState, card: Card) -> TarPitState:
        seat = self.drawer(s)
        hands = list(s.hands)
        hands[seat] = hands[seat].add(card)
        return s._replace(hands=(hands[0], hands[1]), draw=s.draw.remove(card))

    def _move(self, s: TarPitState, move: Move) -> TarPitState:
        tb = self.tb
        board = tb.make(s.board, s.checkers, move)
        checkers, supply = tb.move_checkers(s.board, s.checkers, s.supply, move)
        piece = move.target
        if (1 << move.target) & s.board.colours[s.seat]:  # castling: no checker to throw
            piece = -1
        after = s._replace(board=board, checkers=checkers, supply=supply, phase=THROW, piece=piece)
        if piece < 0 or not self.carrying(after, piece) or not self._can_throw(after):
            after = after._replace(phase=CARD, piece=-1)
        return after

    def _play(self, s: TarPitState, play: Play) -> TarPitState:
        seat = s.seat
        hands = list(s.hands)
        hands[seat] = hands[seat].remove(play.card)
        after = s._replace(
            hands=(hands[0], hands[1]), discard=s.discard.add(play.card), top=play.card, phase=DRAW
        )
        card = play.card
        if card.type != CHECKER:
            checkers, supply = self._add(s, play.cell)
            return after._replace(checkers=checkers, supply=supply)
        if card.colour == seat:
            if self.extra(s, seat) > 0:  # one of your extra checkers goes in front of you
                more = list(s.supply)
                more[seat] += 1
                after = after._replace(supply=(more[0], more[1]))
            return after
        victim = seat ^ 1
        if s.supply[victim] or s.checkers[victim]:
            return after._replace(phase=RETURN)
        return after

    def _return(self, s: TarPitState, action: Return) -> TarPitState:
        victim = s.seat ^ 1
        if action.cell < 0:
            supply = list(s.supply)
            supply[victim] -= 1
            after = s._replace(supply=(supply[0], supply[1]))
        else:
            checkers = list(s.checkers)
            checkers[victim] &= ~(1 << action.cell)
            after = s._replace(checkers=(checkers[0], checkers[1]))
        if len(after.hands[victim]) > after.supply[victim]:
            return after._replace(phase=DISCARD)
        return after._replace(phase=DRAW)

    def _settle(self, s: TarPitState) -> TarPitState:
        """Steps nobody chooses: the end of the deal, reshuffles, the end of the turn."""
        if s.phase == DEAL:
            if (len(s.hands[0]) >= self.start and len(s.hands[1]) >= self.start) or not s.draw:
                started = s._replace(phase=MOVE, seat=s.board.turn)
                return started._replace(history=(self.key(started),))
            return s
        if s.phase == CARD and not s.hands[s.seat]:
            s = s._replace(phase=DRAW)  # no card to play (the hand's size is public)
        if s.phase != DRAW:
            return s
        seat = s.seat
        if len(s.hands[seat]) >= s.supply[seat] or not (s.draw or s.discard):
            return self.end_turn(s)
        if not s.draw:  # the discard pile is shuffled into a new draw pile
            return s._replace(draw=s.discard, discard=Pile(), top=None)
        return s

    def end_turn(self, s: TarPitState) -> TarPitState:
        board = s.board
        history = s.history if board.halfmove else ()
        after = s._replace(phase=MOVE, seat=s.seat ^ 1, piece=-1, plies=s.plies + 1, history=())
        return after._replace(history=(*history, self.key(after)))

    def key(self, s: TarPitState) -> str:
        """What repetition compares: placement, checkers, rights, supplies and hand sizes.

        The first four fields of the saved position (`written`, `setup_text`), written
        without the general FEN writer: every turn ends with this. The letters go into one
        list (empty cells as "1", checkers' marks after their pieces) and runs of ones
        become their counts."""
        t = self.t
        board = s.board
        out = ["1"] * t.n
        white = board.colours[0]
        for kind, bits in enumerate(board.pieces):
            upper = self._letters[kind]
            lower = upper.lower()
            while bits:
                low = bits & -bits
                bits ^= low
                out[low.bit_length() - 1] = upper if low & white else lower
        for owner in (0, 1):
            own = board.colours[owner]
            for cell in cells(s.checkers[owner ^ 1] & own):
                out[cell] += TAR
            for cell in cells(s.checkers[owner] & own):
                out[cell] += CARRY
        text = "/".join(["".join(out[a : a + self._files]) for a in self._rows])
        for run, count in self._runs:  # longest first; a rank of 8 cells: one-digit counts
            if run in text:
                text = text.replace(run, count)
        ep = self.ep_square(s)
        return " ".join(
            (
                text,
                "w" if board.turn == 0 else "b",
                castling_field(t, board) if board.castling else "-",
                t.geometry.name(ep) if ep >= 0 else "-",
                f"{s.supply[0]}/{s.supply[1]} {len(s.hands[0])}/{len(s.hands[1])}",
            )
        )

    def ep_square(self, s: TarPitState) -> int:
        """The en-passant square as the saved position and the repetition key write it: the
        double step's square while the side to move may take there, else -1 (so positions
        that differ by a capture nobody can make compare equal, as in chess).

        Tarred pieces take en passant too (seed: "en passant too"), so this is Tar Pit's
        own question, answered from what everyone sees. While the mover may still throw a
        checker, play a card or be answered, a piece of the side to move may yet be tarred:
        any pawn not tarred and any other piece standing where a pawn (a tarred piece, by
        option tar_direction) takes on the square keeps it. Once the checkers are settled,
        a capture there among the moves (every one with check_escape=turn, whose throw or
        card, from a hand not everyone sees, may cover the king; with check_escape=move
        those that leave the king safe) keeps it."""
        board = s.board
        ep = board.ep
        if ep < 0:
            return -1
        t = self.t
        seat = board.turn
        us = board.colours[seat]
        pawns = board.pieces[t.pawn]
        tarred = us & s.checkers[seat ^ 1]
        if s.phase in (THROW, CARD, RETURN):
            pawn_takers = t.movement[seat ^ 1][t.pawn].capture_leaps[ep] & pawns & ~tarred
            tar_takers = self.tb.attacked_from[seat][ep] & ~pawns
            return ep if (pawn_takers | tar_takers) & us else -1
        safe, unsafe = self.tb.split_moves(board, s.checkers)
        for moves in (safe, unsafe) if self.escape == "turn" else (safe,):
            for move in moves:
                if move.target != ep:
                    continue
                origin = 1 << move.origin
                if origin & tarred:
                    if self.tb.is_ep(board, move.origin, ep, seat):
                        return ep
                elif origin & pawns:
                    return ep
        return -1

    def written(self, s: TarPitState) -> TarPitState:
        """`s` as it is saved: its en-passant square as `ep_square` decides."""
        ep = self.ep_square(s)
        return s if ep == s.board.ep else s._replace(board=s.board._replace(ep=ep))

    def in_check(self, s: TarPitState) -> bool:
        return self.tb.king_attacked(s.board, s.checkers, s.board.turn)

    def king(self, s: TarPitState, seat: int) -> int:
        return movegen.king_cell(self.t, s.board, seat)
