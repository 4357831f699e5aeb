"""The steps of a Hockey Chess turn: what may be done, and what each step does.

A turn is one or two acts (a move of a piece, or a pass of a puck; never two moves), each
possibly followed by a sub-step: where a moving possessor leaves its puck (DROP), and what a
promotion brings (PROMOTE). Then the acts close: the position reached must be new (the
no-repetition rule; referees ignored), the turn is counted, and the referee die is rolled.

`advance` applies one step without asking whether it is legal; it returns None when the
acts would close on a repeated position. A step is legal when some way of finishing the
acts from it closes on a new position (`finishable`), so no offered step is a dead end.
"""

from __future__ import annotations

from collections.abc import Iterator

from motley.chesslike import movegen
from motley.chesslike.position import Move
from motley.games.hockey.board import (
    BISHOP,
    KING,
    LETTERS,
    PAWN,
    ROOK,
    HockeyTables,
    kind_at,
    lift,
    put,
)
from motley.games.hockey.state import (
    ACT,
    DRAW,
    DROP,
    END,
    KEEP,
    OVER,
    PROMOTE,
    REF,
    ROLL,
    SCORE,
    Action,
    Drop,
    HockeyState,
    KingGoal,
    Pass,
    RefMove,
    Return,
    Slide,
    fold,
    goal_owner,
    key_of,
    position_key,
    prefixes,
)
from motley.geometry import cellset


class TurnRules:
    """The rules of a turn for one set of options (stateless)."""

    def __init__(
        self,
        tables: HockeyTables,
        *,
        goals: int,
        castling: bool,
        en_passant: bool,
        play_after_goal: bool,
        turn_limit: int,
        promotion_goals: int = 1,
        crease_occupied: bool = False,
    ) -> None:
        self.t = tables
        self.chess = tables.chess
        self.goals = goals
        self.castling = castling
        self.en_passant = en_passant
        self.play_after_goal = play_after_goal
        self.turn_limit = turn_limit
        self.promotion_goals = promotion_goals  # what a pawn or king promotion scores
        self.crease_occupied = crease_occupied  # an enemy piece on the crease guards it

    # -- what may be done ---------------------------------------------------------------------

    def moves(self, s: HockeyState) -> list[Move | Slide | KingGoal]:
        """The piece moves open to the player (chess moves without check, slides, goals)."""
        t = self.chess
        pos = s.board
        seat = pos.turn
        base = pos
        if not self.castling and pos.castling:
            base = base._replace(castling=0)
        if not self.en_passant and pos.ep >= 0:
            base = base._replace(ep=-1)
        checkers = s.pucks | s.refs
        out: list[Move | Slide | KingGoal] = []
        last_rank = t.promotion_zone[seat]
        pawns = pos.pieces[PAWN]
        bishops = pos.pieces[BISHOP]
        for move in movegen.pseudo_legal_moves(t, base):
            origin, target = move.origin, move.target
            if move.promotion:
                # the pawn leaves the board (RULES-NOTES 4.2.11): one move, not four
                if move.promotion != "q":
                    continue
                move = t.moves[origin][target]
            elif target == base.ep and (1 << origin) & pawns and origin % 8 != target % 8:
                victim = t.ep_victim[seat][target]
                if s.pucks >> victim & 1 and checkers >> target & 1:
                    continue  # its puck would join another checker on the landing square
            out.append(move)
            if (1 << origin) & bishops and (1 << target) & last_rank:
                # bishop slide: no puck on the bishop's colour (RULES-NOTES 4.2.12)
                colour = self.t.light if (1 << origin) & self.t.light else ~self.t.light
                if not s.pucks & colour:
                    for side in (target - 1, target + 1):
                        if side // 8 == target // 8 and not (pos.occupied >> side & 1):
                            out.append(Slide(origin, target, side))
        king = movegen.king_cell(t, pos, seat)
        if king >= 0 and (1 << king) & self.t.crease[seat ^ 1] and self.crease_open(s, seat):
            out.append(KingGoal(king))
        return out

    def crease_open(self, s: HockeyState, seat: int) -> bool:
        """No enemy piece guards (attacks, or with `crease_guard=occupied` also stands on) a
        square of the opponent's crease."""
        pos = s.board
        occupied = pos.occupied
        if self.crease_occupied and self.t.crease[seat ^ 1] & pos.colours[seat ^ 1]:
            return False
        return not any(
            movegen.is_attacked(self.chess, pos, cell, seat ^ 1, occupied)
            for cell in cellset.cells(self.t.crease[seat ^ 1])
        )

    def passes(self, s: HockeyState) -> list[Pass]:
        """Every pass of a puck under one of the player's pieces."""
        pos = s.board
        seat = pos.turn
        occupied = pos.occupied
        checkers = s.pucks | s.refs
        rays = self.t.pass_rays[seat]
        out: list[Pass] = []
        for origin in cellset.cells(s.pucks & pos.colours[seat]):
            seen = 0  # two bounced lines of a bishop can meet: each target once
            for ray in rays[kind_at(pos, origin)][origin]:
                for cell in ray:
                    bit = 1 << cell
                    if cell >= 64:
                        if not seen & bit:
                            out.append(Pass(origin, cell))
                            seen |= bit
                        break
                    if bit & checkers:
                        continue  # crossed (a piece on a checker does not block), no stop
                    if not seen & bit:
                        out.append(Pass(origin, cell))
                        seen |= bit
                    if bit & occupied:
                        break  # a piece without a checker: the puck stops there
        return out

    def options(self, s: HockeyState, end_first: bool = False) -> Iterator[Action]:
        """The steps the rules of movement allow now, before the repetition test."""
        if s.phase == ACT:
            if s.acts and end_first:
                yield END
            if not s.moved:
                yield from self.moves(s)
            yield from self.passes(s)
            if s.acts and not end_first:
                yield END
        elif s.phase == DROP:
            if s.keep:
                yield KEEP
            for cell in cellset.cells(s.drops):
                yield Drop(cell)
        elif s.phase == PROMOTE:
            yield SCORE
            yield from self.returns(s)

    def returns(self, s: HockeyState) -> list[Return]:
        """Captured pieces back on a vacant corner, or anywhere vacant if none is."""
        pos = s.board
        vacant = ~pos.occupied & self.chess.all_cells
        cells = vacant & self.t.corners or vacant
        out: list[Return] = []
        for letter in dict.fromkeys(s.lost[pos.turn]):
            where = cells & ~self.t.end_ranks if letter == "P" else cells
            out.extend(Return(letter, cell) for cell in cellset.cells(where))
        return out

    def finishable(self, s: HockeyState | None) -> bool:
        """Some way of finishing the acts from `s` closes on a new position."""
        if s is None:
            return False
        if s.phase not in (ACT, DROP, PROMOTE):
            return True
        # `end` closes on a new position: the usual case, tested first
        fresh = s.phase == ACT and s.acts
        if fresh and position_key(s.board, s.pucks, s.turn ^ 1) not in s.history:
            return True
        return any(self.finishable(self.advance(s, a)) for a in self.options(s, True))

    def legal_steps(self, s: HockeyState) -> list[Action]:
        """The legal acts and sub-steps (an empty turn when no act can be made)."""
        found = []
        # the quick tests below decide most steps of a playout without making them
        # (bench/playout_bench.py); `advance` and `finishable` decide the rest
        quick = s.phase == ACT
        plain = quick and not (s.acts and not s.refs)
        mixed: list[int] = []  # `prefixes` of the board, for the plain moves' keys
        kinds: dict[int, int] = {}  # cell -> kind of the pieces the plain moves start from
        for a in self.options(s):
            kind = type(a)
            if plain and kind is Move:
                if not mixed:
                    mixed = prefixes(s.board.pieces, s.turn ^ 1)
                repeats = self._plain_move_repeats(s, a, mixed, kinds)  # type: ignore[arg-type]
                if repeats is not None:
                    if not repeats:
                        found.append(a)
                    continue
            elif quick and kind is Pass and self._pass_is_new(s, a):  # type: ignore[arg-type]
                found.append(a)
                continue
            if self.finishable(self.advance(s, a)):
                found.append(a)
        if not found and s.phase == ACT and not s.acts:
            return [END]  # nothing can be done without repeating: the acts are skipped
        return found

    @staticmethod
    def _pass_is_new(s: HockeyState, a: Pass) -> bool:
        """Whether a pass to a square (not a goal) leaves a position not reached before.

        Such a pass is then legal: it changes no score and no piece, so whether the acts
        close after it or the turn goes on, they close (or may close, by `end`) on that
        new position. A pass that repeats one is judged in full.
        """
        if a.target >= 64:
            return False
        pos = s.board
        pucks = (s.pucks ^ (1 << a.origin)) | (1 << a.target)
        return key_of(pos.pieces, pos.colours, pucks, pos.turn ^ 1) not in s.history

    def _plain_move_repeats(
        self, s: HockeyState, a: Move, mixed: list[int], kinds: dict[int, int]
    ) -> bool | None:
        """For a plain move, whether it repeats a position; None for any other move.

        A plain move (no puck carried, no castling, en passant or pawn reaching the last
        rank; it may take a piece) changes no score, so the game goes on (or is won, when it
        takes the last enemy piece) and the act is counted; it is legal exactly when the
        game is won or the position it leaves is new (`move_repeats`), since `finishable`
        then holds at once. That is so while the turn goes on after it (no act made yet) or
        ends on a referee roll (referees on the board: the caller asks only then);
        otherwise the full test decides. `mixed` holds the board's `prefixes` (the kinds
        before the moving one are mixed already), `kinds` the kinds of the pieces asked
        about so far.
        """
        pos = s.board
        origin, target = a.origin, a.target
        bit = 1 << target
        turn = pos.turn
        white, black = pos.colours
        own, them = (white, black) if turn == 0 else (black, white)
        if (s.pucks >> origin & 1) or own & bit:
            return None
        kind = kinds.get(origin, -1)
        if kind < 0:
            kind = kinds[origin] = kind_at(pos, origin)
        if kind == PAWN and (target == pos.ep or bit & self.chess.promotion_zone[turn]):
            return None
        moved = (1 << origin) | bit
        own ^= moved
        pieces = pos.pieces
        if them & bit:
            them ^= bit
            if not them:
                return False  # the last enemy piece taken: the game is won
            victim = kind_at(pos, target)
            after = list(pieces)
            after[victim] ^= bit
            after[kind] ^= moved
            first = min(kind, victim)
            rest = (*after[first:], *((own, them) if turn == 0 else (them, own)), s.pucks)
            return fold(mixed[first], rest) in s.history
        colours = (own, them) if turn == 0 else (them, own)
        rest = (pieces[kind] ^ moved, *pieces[kind + 1 :], *colours, s.pucks)
        return fold(mixed[kind], rest) in s.history

    def ref_moves(self, s: HockeyState, die: int) -> list[RefMove]:
        """Referee moves of exactly `die` squares; after a goal, one from under a new puck."""
        blocked = s.pucks | s.refs
        targets = self.t.ref_targets[die]
        out: list[RefMove] = []
        for pool in (s.refs & s.fresh & s.pucks, s.refs):
            for origin in cellset.cells(pool):
                out.extend(RefMove(origin, c) for c in cellset.cells(targets[origin] & ~blocked))
            if out:
                break
        return out

    # -- what each step does ------------------------------------------------------------------

    def advance(self, s: HockeyState, a: Action) -> HockeyState | None:
        if s.phase == ACT:
            if a == END:
                return self.close(s, check=s.acts > 0)
            if isinstance(a, Pass):
                return self._pass(s, a)
            if isinstance(a, KingGoal):
                board = lift(s.board, a.origin, KING, s.turn)
                board = board._replace(castling=board.castling & ~self.chess.back_rank[s.turn])
                return self._promotion(s._replace(board=board, moved=True))
            assert isinstance(a, Move | Slide)
            return self._move(s, a)
        if s.phase == DROP:
            if a == KEEP:
                pucks = s.pucks | 1 << s.cell
            else:
                assert isinstance(a, Drop)
                pucks = s.pucks | 1 << a.cell
            done = s._replace(phase=ACT, pucks=pucks, cell=-1, drops=0, keep=False)
            return self._after_move(done, s.cell)
        assert s.phase == PROMOTE
        seat = s.turn
        if a == SCORE:
            goals = self.promotion_goals
            score = (
                (s.score[0] + goals, s.score[1]) if seat == 0 else (s.score[0], s.score[1] + goals)
            )
            s = s._replace(score=score)
        else:
            assert isinstance(a, Return)
            kind = LETTERS.index(a.letter)
            own = s.lost[seat]
            index = own.index(a.letter)
            lost = own[:index] + own[index + 1 :]
            s = s._replace(
                board=put(s.board, a.cell, kind, seat),
                lost=(lost, s.lost[1]) if seat == 0 else (s.lost[0], lost),
            )
        s = s._replace(phase=ACT)
        return self.judge(s) or self.close(s)

    def _move(self, s: HockeyState, a: Move | Slide) -> HockeyState | None:
        t = self.chess
        pos = s.board
        seat = pos.turn
        enemy = seat ^ 1
        origin = a.origin
        kind = kind_at(pos, origin)
        pucks = s.pucks
        own = pucks >> origin & 1
        if own:
            pucks ^= 1 << origin  # in hand until the mover says where it goes
        lost = s.lost
        castling = pos.castling
        next_ep = -1
        pieces = list(pos.pieces)
        colours = list(pos.colours)
        if kind == KING and colours[seat] >> a.target & 1:
            rook = a.target  # castling, written king-takes-own-rook
            king_to, rook_to = t.castle_squares(seat, origin, rook)
            pieces[KING] ^= (1 << origin) | (1 << king_to)
            pieces[ROOK] ^= (1 << rook) | (1 << rook_to)
            colours[seat] ^= (1 << origin) | (1 << rook) | (1 << king_to) | (1 << rook_to)
            if pucks >> rook & 1 and not (pucks | s.refs) >> rook_to & 1:
                pucks ^= (1 << rook) | (1 << rook_to)  # a rook keeps its puck if it can
            castling &= ~t.back_rank[seat]
            dest = king_to
            path = 1 << origin  # the king's own square (the rook's landing square is not)
        else:
            via = a.via if isinstance(a, Slide) else a.target
            dest = a.target
            victim = via if colours[enemy] >> via & 1 else -1
            if kind == PAWN and via == pos.ep and victim < 0 and origin % 8 != via % 8:
                victim = t.ep_victim[seat][via]  # en passant
                if pucks >> victim & 1:
                    pucks ^= (1 << victim) | (1 << via)  # the capturer takes over its puck
            if victim >= 0:
                vkind = kind_at(pos, victim)
                pieces[vkind] ^= 1 << victim
                colours[enemy] ^= 1 << victim
                letters = "".join(sorted(lost[enemy] + LETTERS[vkind]))
                lost = (lost[0], letters) if enemy == 1 else (letters, lost[1])
                castling &= ~(1 << victim)
                if vkind == KING:
                    castling &= ~t.back_rank[enemy]
            pieces[kind] ^= (1 << origin) | (1 << dest)
            colours[seat] ^= (1 << origin) | (1 << dest)
            if kind == KING:
                castling &= ~t.back_rank[seat]
            castling &= ~(1 << origin)
            if kind == PAWN and abs(dest - origin) == 16:
                next_ep = (origin + dest) // 2
            path = (1 << origin) | t.between[origin][via]
            if via != dest:
                path |= 1 << via
        # a turn holds one move, so an en-passant chance lapses with it, used or not
        board = pos._replace(
            pieces=tuple(pieces), colours=(colours[0], colours[1]), castling=castling, ep=-1
        )
        if not own:
            s = s._replace(board=board, lost=lost, moved=True, next_ep=next_ep)
            return self._after_move(s, dest)
        checkers = pucks | s.refs
        keep = not checkers >> dest & 1  # landing on a checker, it must leave its own
        drops = (path & ~checkers) | (1 << origin)
        if not keep and drops == 1 << origin:
            s = s._replace(board=board, pucks=pucks | drops, lost=lost, moved=True, next_ep=next_ep)
            return self._after_move(s, dest)
        return s._replace(
            board=board,
            pucks=pucks,
            lost=lost,
            moved=True,
            next_ep=next_ep,
            phase=DROP,
            cell=dest,
            drops=drops,
            keep=keep,
        )

    def _after_move(self, s: HockeyState, dest: int) -> HockeyState | None:
        over = self.judge(s)
        if over is not None:
            return over
        seat = s.turn
        if (1 << dest) & s.board.pieces[PAWN] & self.chess.promotion_zone[seat]:
            # the pawn leaves the board; any puck stays on the square (RULES-NOTES 4.2.11)
            return self._promotion(s._replace(board=lift(s.board, dest, PAWN, seat)))
        if self.move_repeats(s):
            return None  # "A move cannot be made that repeats a position!"
        return self._after_act(s, judged=True)

    @staticmethod
    def move_repeats(s: HockeyState) -> bool:
        """The position a move leaves (as if the turn ended on it, referees aside) was
        reached before: the rule holds for each move, not only for whole turns."""
        return position_key(s.board, s.pucks, s.turn ^ 1) in s.history

    def _promotion(self, s: HockeyState) -> HockeyState | None:
        s = s._replace(phase=PROMOTE)
        if not self.returns(s):
            return self.advance(s, SCORE)
        return s

    def _pass(self, s: HockeyState, a: Pass) -> HockeyState | None:
        pucks = s.pucks ^ (1 << a.origin)
        if a.target < 64:
            return self._after_act(s._replace(pucks=pucks | 1 << a.target))
        # a goal: the puck leaves play, new pucks go on the referees (RULES-NOTES 4.2.10)
        scorer = goal_owner(a.target) ^ 1
        score = (s.score[0] + 1, s.score[1]) if scorer == 0 else (s.score[0], s.score[1] + 1)
        fresh = s.refs & ~pucks
        s = s._replace(pucks=pucks | fresh, score=score, fresh=s.fresh | fresh)
        if self.play_after_goal:
            return self._after_act(s)
        return self.judge(s) or self.close(s)

    def _after_act(self, s: HockeyState, judged: bool = False) -> HockeyState | None:
        """Count the act; `judged`: the caller found the game still going at `s`."""
        over = None if judged else self.judge(s)
        if over is not None:
            return over
        s = s._replace(acts=s.acts + 1)
        if s.acts >= 2:
            return self.close(s)
        return s

    def judge(self, s: HockeyState) -> HockeyState | None:
        """The finished game if a side has the goals to win or no pieces left, else None."""
        seat = s.turn
        for side in (seat, seat ^ 1):
            if s.score[side] >= self.goals:
                return self._over(s, side, f"{s.score[side]} goals")
        if not s.board.colours[seat ^ 1]:
            return self._over(s, seat, "no pieces left")
        if not s.board.colours[seat]:
            return self._over(s, seat ^ 1, "no pieces left")
        return None

    @staticmethod
    def _over(s: HockeyState, winner: int, reason: str) -> HockeyState:
        return s._replace(
            phase=OVER, result=winner, reason=reason, cell=-1, drops=0, keep=False, die=0
        )

    def close(self, s: HockeyState, check: bool = True) -> HockeyState | None:
        """The acts are over: test the position for repetition, count the turn."""
        key = position_key(s.board, s.pucks, s.turn ^ 1)
        if check and key in s.history:
            return None
        s = s._replace(
            phase=ROLL,
            acts=0,
            cell=-1,
            drops=0,
            keep=False,
            turns=s.turns + 1,
            history=s.history | {key},
        )
        if self.turn_limit and s.turns >= self.turn_limit:
            return s._replace(phase=OVER, result=DRAW, reason="the turn limit")
        if not s.refs:
            return self.next_turn(s)
        return s

    def rolled(self, s: HockeyState, die: int) -> HockeyState:
        if not self.ref_moves(s, die):
            return self.next_turn(s)  # no referee can move that far: no referee move
        return s._replace(phase=REF, die=die)

    def next_turn(self, s: HockeyState) -> HockeyState:
        board = s.board._replace(turn=s.turn ^ 1, ep=s.next_ep)
        return s._replace(board=board, phase=ACT, acts=0, moved=False, next_ep=-1, fresh=0, die=0)
