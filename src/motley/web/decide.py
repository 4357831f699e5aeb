"""From a request to log entries: check what a seat asks for and say what it becomes.

`decide` turns one request (play an action, resign, offer or answer a draw, take back) into
the entries to log, or raises `Rejected` with a one-line reason that names only what the
seat already knows. `settle` then draws every chance outcome that follows, from the game's
own seeded RNG, so the server rolls the dice and no client can.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from motley.core import takeback
from motley.core.driver import pick_outcome
from motley.core.errors import MotleyError
from motley.core.record import Event
from motley.core.results import resign_returns
from motley.core.rules import NodeKind
from motley.web import presenting
from motley.web.entries import Abort, Answer, Claim, Commit, Entry, Offer, Resign, Step, Undo
from motley.web.header import LOCAL
from motley.web.match import Match

MAX_CHANCE_RUN = 10_000  # chance nodes in a row before the server gives up on a game

ACT = "act"
RESIGN = "resign"
OFFER = "draw"
ACCEPT = "accept"
DECLINE = "decline"
UNDO = "undo"
CLAIM = "claim"  # the win, over an opponent whose connection has gone (see presence.py)
ABORT = "abort"  # the game, before the first two moves, its opponent having gone
REQUESTS = (ACT, RESIGN, OFFER, ACCEPT, DECLINE, UNDO, CLAIM, ABORT)


class Rejected(Exception):
    """A request the game cannot take; the message is safe to show to the requester."""


@dataclass(frozen=True)
class Request:
    seat: int
    do: str
    action: str = ""
    intent: str = ""
    absent: tuple[int, ...] = ()  # seats whose players left long enough ago to be claimed


def chance_rng(seed: str, draw: int) -> random.Random:
    """The RNG of chance outcome number `draw`: anyone with the seed can redo it."""
    return random.Random(f"{seed}/chance/{draw}")


def decide(match: Match, request: Request) -> list[Entry]:
    if match.over:
        raise Rejected("the game is over")
    seat, intent = request.seat, request.intent
    if request.do == ACT:
        return [_act(match, seat, request.action, intent)]
    if request.do == RESIGN:
        return [Resign(seat, intent=intent)]
    if request.do == OFFER:
        if not match.draws_allowed():
            raise Rejected("draws cannot be offered in this game")
        if seat in match.offers:
            raise Rejected("you have already offered a draw")
        if match.offers:  # offering back is accepting
            return [Answer(seat, True, intent=intent)]
        return [Offer(seat, intent=intent)]
    if request.do in (ACCEPT, DECLINE):
        if not match.offers or seat in match.offers:
            raise Rejected("there is no draw offer to answer")
        return [Answer(seat, request.do == ACCEPT, intent=intent)]
    if request.do == UNDO:
        return [_undo(match, seat, intent)]
    if request.do in (CLAIM, ABORT):
        return [_walkover(match, request)]
    raise Rejected(f"unknown request {request.do!r}")


def _act(match: Match, seat: int, text: str, intent: str) -> Entry:
    spec = match.spec
    waiting = match.waiting()
    if seat not in waiting:
        if seat in match.table.pending:
            raise Rejected("you have already chosen; waiting for the others")
        if not waiting:
            raise Rejected("nobody is to move now")
        names = " and ".join(spec.seat_name(s) for s in waiting)
        raise Rejected(f"it is not your turn ({names} to move)")
    state = match.state
    texts = match.action_texts(seat)
    if text not in texts:
        text = _canonical(match, seat, text, texts)
    if match.kind is NodeKind.DECISION:
        return Step(Event(NodeKind.DECISION, ((seat, text),)), seat, intent=intent)
    others = [s for s in match.rules.actors(state) if s != seat]
    pending = match.table.pending_json(None)
    if all(str(s) in pending for s in others):
        joint = {int(s): t for s, t in pending.items()}
        joint[seat] = text
        event = Event(NodeKind.SIMULTANEOUS, tuple(sorted(joint.items())))
        return Step(event, seat, intent=intent)
    return Commit(seat, text, intent=intent)


def _canonical(match: Match, seat: int, text: str, texts: list[str]) -> str:
    """Read another notation (SAN, say) where nothing is hidden; errors name the rule."""
    if presenting.hidden(match.rules):
        raise Rejected(f"{text!r} is not one of your actions here")
    try:
        action = match.table.parse(text, seat)
        canonical = match.rules.action_text(match.state, action)
    except MotleyError as error:
        raise Rejected(str(error)) from None
    if canonical not in texts:
        raise Rejected(f"{text!r} is not one of your actions here")
    return canonical


def _walkover(match: Match, request: Request) -> Entry:
    """A claim or an abort: allowed only once an opponent has been gone long enough."""
    spec, seat = match.spec, request.seat
    gone = [s for s in request.absent if spec.team_of(s) != spec.team_of(seat)]
    if not gone:
        raise Rejected("your opponent has not left the game")
    early = match.moves_made() < 2
    if request.do == ABORT:
        if not early:
            raise Rejected("the game is under way; claim the win instead of aborting")
        return Abort(seat, intent=request.intent)
    if early:
        raise Rejected("before the first two moves the game can only be aborted")
    if resign_returns(spec, gone[0]) is None:
        raise Rejected("there is no win to claim in this game")
    return Claim(seat, gone[0], intent=request.intent)


def _undo(match: Match, seat: int, intent: str) -> Undo:
    header = match.header
    if not header.all_local:
        raise Rejected("moves can be taken back only in games played on one device")
    local = {s for s, plan in enumerate(header.seats) if plan.kind == LOCAL}
    if local & set(match.table.pending):
        return Undo(seat, len(match.steps), intent=intent)
    events = [s.entry.event for s in match.steps if isinstance(s.entry, Step)]
    mine = [i for i, e in enumerate(events) if local & {s for s, _ in e.actions}]
    if not mine:
        raise Rejected("there is no move to take back")
    # never over a roll, a draw or a secret someone at this device has seen (core.takeback)
    since = mine[-1]
    refused = takeback.refusal(match.rules, match.states[since], events[since:], sorted(local))
    if refused:
        raise Rejected(refused)
    return Undo(seat, since, intent=intent)


def can_take_back(match: Match, seat: int) -> bool:
    """Whether `seat` may take back now (the frame hides the control when it may not)."""
    if match.over or not 0 <= seat < match.spec.players or not match.header.all_local:
        return False
    if match.header.seats[seat].kind != LOCAL:
        return False  # a computer's seat asks for nothing
    known = match.take_backs.get(seat)
    if known is None:
        try:
            _undo(match, seat, "")
            known = True
        except Rejected:
            known = False
        match.take_backs[seat] = known
    return known


def settle(match: Match) -> tuple[Match, list[Entry]]:
    """Draw the outcome of every chance node from here on; the entries and the match after."""
    entries: list[Entry] = []
    for _ in range(MAX_CHANCE_RUN):
        if match.over or match.kind is not NodeKind.CHANCE:
            return match, entries
        outcomes = match.rules.chance_outcomes(match.state)
        outcome = pick_outcome(outcomes, chance_rng(match.header.seed, match.draws))
        text = match.rules.action_text(match.state, outcome)
        entry = Step(Event(NodeKind.CHANCE, ((-1, text),)), draw=match.draws)
        match = match.apply(entry)
        entries.append(entry)
    raise Rejected("the game is stuck in an endless run of chance events")
