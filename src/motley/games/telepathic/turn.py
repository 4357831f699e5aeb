"""The steps of a Telepathic Chess team turn: predict, move and reveal, remove, pick up.

Seed 002, The Rules of Chess Kit, section Telepathic Chess ("Play", "Losing Eight Pieces",
"Winning the Game"). Every function returns a new state; none changes its input.
"""

from __future__ import annotations

from dataclasses import replace

from motley.chesslike import movegen
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.components.chess_cards import CHECKER
from motley.games.telepathic.state import (
    EIGHT,
    END,
    MOVE,
    PREDICT,
    REMOVE,
    TEAM_NAMES,
    TROPHY_NAMES,
    TeleState,
    card_name,
    partner,
)

PULL, NOTHING, PUSH = 1, 0, -1
EFFECT_WORDS = {PULL: "pulled", NOTHING: "stays", PUSH: "pushed"}
REMOVERS = ("next_mover", "next_predictor")
EIGHTH_LOSS = ("at_once", "after_turn")
KING_SAFETY = ("chess", "none")


def judge(face_up: str, face_down: str, moved: str) -> int:
    """PULL if the move matches the face-down card, NOTHING if only the face-up one, else
    PUSH. A face-down checker stands for the face-up card's type ("C for copy"), so it
    matches when the face-up card would; with no face-up card it matches nothing."""
    predicted = face_up if face_down == CHECKER else face_down
    if predicted and moved == predicted:
        return PULL
    if face_up and moved == face_up:
        return NOTHING
    return PUSH


def shift(trophy: int, team: int, effect: int) -> tuple[int, int]:
    """The trophy after `team`'s pull or push, and the team that must remove a piece (-1).

    White's side is -1 and Black's is 1: a team pulls towards its own side and pushes
    towards the other. Going beyond an end costs the team at the far end a piece (the seed:
    beside White, a Black push makes Black remove one) and puts the trophy in the middle.
    """
    towards_white = -1 if team == 0 else 1
    moved = trophy + effect * towards_white
    if moved < -1:
        return 0, 1
    if moved > 1:
        return 0, 0
    return moved, -1


class TurnRules:
    """The turn steps for one choice of the options (shared by every state)."""

    def __init__(
        self,
        t: ChessTables,
        remover: str,
        eighth_loss: str,
        king_safety: str,
        king_removable: bool = False,
    ) -> None:
        self.t = t
        self.remover_is_next_mover = remover == "next_mover"
        self.eighth_at_once = eighth_loss == "at_once"
        self.king_removable = king_removable
        self.chess_safety = king_safety == "chess"

    # -- what a state offers ----------------------------------------------------------------

    def moves(self, board: Position) -> list[Move]:
        """`king_safety=none`: every move by the pieces' movement; the king may be left
        attacked (castling keeps chess's conditions; en passant as in chess).
        `chess`: chess's legal moves, plus any capture of the enemy king (which ends the game
        whatever it leaves behind)."""
        t = self.t
        if not self.chess_safety:
            return movegen.pseudo_legal_moves(t, board)
        found = movegen.legal_moves(t, board)
        enemy_king = board.pieces[t.royal] & board.colours[board.turn ^ 1]
        if enemy_king:  # even a pinned piece or one leaving its king attacked may take it
            king = enemy_king.bit_length() - 1
            takers = movegen.attackers(t, board, king, board.turn, board.occupied)
            for origin in range(t.n):
                move = t.moves[origin][king]
                if takers >> origin & 1 and move not in found:
                    promotions = t.promotion_moves.get((origin, king), ())
                    pawn = (1 << origin) & board.pieces[t.pawn]
                    if pawn and (1 << king) & t.promotion_zone[board.turn]:
                        found.extend(m for m in promotions if m not in found)
                    else:
                        found.append(move)
        return found

    def removable(self, board: Position, team: int) -> int:
        """The cells of `team`'s pieces it may remove: any but its king (any at all with
        `king_removable`)."""
        if self.king_removable:
            return board.colours[team]
        return board.colours[team] & ~board.pieces[self.t.royal]

    def remover(self, state: TeleState) -> int:
        """The seat that chooses the losing team's piece.

        `next_mover`: the player of the losing team who makes its next move (on the losing
        team's own turn that is the predictor, who moves next time); `next_predictor`: the
        other one (the player who holds, or is about to take, the hand).
        """
        loser = state.loser
        next_mover = state.movers[loser]
        if loser == state.team:
            next_mover = partner(next_mover)
        return next_mover if self.remover_is_next_mover else partner(next_mover)

    def moved_type(self, board: Position, move: Move) -> str:
        """The type letter of the piece that moves (a promotion is a pawn's move, castling a
        king's)."""
        return self.t.letters[self.t.kind_at(board.pieces, 1 << move.origin)]

    # -- the steps --------------------------------------------------------------------------

    def predict(self, state: TeleState, card: str) -> TeleState:
        return replace(state, phase=MOVE, face_down=card)

    def move(self, state: TeleState, move: Move) -> TeleState:
        """Make the move, reveal the card and resolve it (remove, or pick up)."""
        t = self.t
        team = state.team
        board = state.board
        after = make_move(t, board, move)._replace(previous=None)
        lost = state.lost
        if after.colours[team ^ 1].bit_count() < board.colours[team ^ 1].bit_count():
            lost = _plus(lost, team ^ 1)  # a capture (en passant included)
        moved = self.moved_type(board, move)
        effect = judge(state.face_up[team], state.face_down, moved)
        trophy, loser = shift(state.trophy, team, effect)
        removes = loser >= 0 and bool(self.removable(after, loser))
        words = self._reveal_words(state, moved, effect, trophy, loser, removes)
        state = replace(state, board=after, lost=lost, trophy=trophy, last=words)
        state = self._after_loss(state, team ^ 1)
        if movegen.king_cell(t, after, team ^ 1) < 0:
            return replace(state, phase=END)  # the enemy king is captured: the game is won
        if removes:
            return replace(state, phase=REMOVE, loser=loser)
        return self.pick_up(state, team)

    def remove(self, state: TeleState, cell: int) -> TeleState:
        """The losing team takes its piece on `cell` off the board; then the mover picks up."""
        t = self.t
        board = state.board
        bit = 1 << cell
        loser = state.loser
        pieces = tuple(bits & ~bit for bits in board.pieces)
        colours = list(board.colours)
        colours[loser] &= ~bit
        ep = board.ep
        if ep >= 0 and t.ep_victim[board.turn][ep] == cell:
            ep = -1  # the pawn that could be taken en passant is gone
        castling = board.castling & ~bit  # a removed rook's right goes with it
        if bit & board.pieces[t.royal]:
            castling &= ~board.colours[loser]  # and a removed king's, all of them
        after = board._replace(
            pieces=pieces,
            colours=(colours[0], colours[1]),
            castling=castling,
            ep=ep,
            halfmove=0,
            previous=None,
        )
        if bit & board.pieces[t.royal]:
            # the team gave up its king (`king_removable`): it has lost; `loser` stays
            return replace(state, board=after, lost=_plus(state.lost, loser), phase=END)
        state = replace(state, board=after, lost=_plus(state.lost, loser), loser=-1)
        return self.pick_up(self._after_loss(state, loser), state.team)

    def pick_up(self, state: TeleState, team: int) -> TeleState:
        """The mover takes the hand and one card from the table: the checker if it was
        played, else the card that started the turn face up (the face-down card stays, face
        up). A team that has lost eight pieces picks up both. Then the other team's turn
        starts, and this team's roles swap."""
        face_up = state.face_up[team]
        if state.lost[team] >= EIGHT:
            face_up = ""
        elif state.face_down != CHECKER:
            face_up = state.face_down
        movers = list(state.movers)
        movers[team] = partner(movers[team])
        ups = list(state.face_up)
        ups[team] = face_up
        state = replace(
            state,
            phase=PREDICT,
            movers=(movers[0], movers[1]),
            face_up=(ups[0], ups[1]),
            face_down="",
            loser=-1,
            turns=state.turns + 1,
        )
        key = self.key(state)
        history = (*state.history, key) if state.board.halfmove else (key,)
        return replace(state, history=history)

    def _after_loss(self, state: TeleState, team: int) -> TeleState:
        """With `eighth_loss=at_once`, a team's face-up card goes back to its hand as soon as
        it has lost eight pieces (it stops leaving one on the table)."""
        if not self.eighth_at_once or state.lost[team] < EIGHT or not state.face_up[team]:
            return state
        ups = list(state.face_up)
        ups[team] = ""
        return replace(state, face_up=(ups[0], ups[1]))

    # -- repetition -------------------------------------------------------------------------

    def key(self, state: TeleState) -> str:
        """What must recur for a repetition: the placement, castling rights, a usable
        en-passant capture, the trophy, both face-up cards and who moves next in each team."""
        t = self.t
        board = state.board
        ep = board.ep
        if ep >= 0 and t.pawn >= 0:
            takers = t.movement[board.turn ^ 1][t.pawn].capture_leaps[ep]
            if not takers & board.pieces[t.pawn] & board.colours[board.turn]:
                ep = -1
        cells = "/".join(format(b, "x") for b in (*board.pieces, *board.colours))
        ups = "".join(u or "-" for u in state.face_up)
        movers = "".join(map(str, state.movers))
        return f"{cells} {board.turn} {board.castling:x} {ep} {state.trophy} {ups} {movers}"

    # -- words ------------------------------------------------------------------------------

    def _reveal_words(
        self, state: TeleState, moved: str, effect: int, trophy: int, loser: int, removes: bool
    ) -> str:
        team = state.team
        card = state.face_down
        shown = card_name(card)
        if card == CHECKER:
            up = state.face_up[team]
            shown += f" (a copy of the {card_name(up)})" if up else " (no face-up card to copy)"
        words = f"{TEAM_NAMES[team]} predicted {shown}, moved a {card_name(moved)}: "
        if loser >= 0:
            direction = "pulled" if effect == PULL else "pushed"
            cost = "loses a piece" if removes else "has only its king, so loses nothing"
            return words + (
                f"trophy {direction} beyond the end; {TEAM_NAMES[loser]} {cost}; "
                "trophy back in the middle"
            )
        return words + f"trophy {EFFECT_WORDS[effect]}, now {TROPHY_NAMES[trophy]}"


def _plus(lost: tuple[int, int], team: int) -> tuple[int, int]:
    return (lost[0] + 1, lost[1]) if team == 0 else (lost[0], lost[1] + 1)
