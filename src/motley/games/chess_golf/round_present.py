"""How a round of Chess Golf is shown and played (see `core.present`; seed 002, Play).

Beside the board: the dealt cards face up, the deck, the bids once shown, the course totals
(a Score) and the scorecard (a Grid, one column per hole), the solving time, the par of the
hole just played with its moves, and a hint when one was asked for. Bids are buttons
("Bid 3 moves", "Impossible"); a demonstration is dragged like the puzzle; a captured piece
is put back with a click on an empty square.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from motley.chesslike.position import Move
from motley.components.chess_cards import Card
from motley.core import present
from motley.core.present import Grid, Layout, Note, Scene, Score
from motley.games.chess_golf import present as hole_present
from motley.games.chess_golf import state as st
from motley.games.chess_golf.board import board_lines

if TYPE_CHECKING:
    from motley.games.chess_golf.round import GolfRound, RoundAction
    from motley.games.chess_golf.state import RoundState


def layout(rules: GolfRound) -> Layout:
    return hole_present.layout(rules)


# -- the par ---------------------------------------------------------------------------------


@cache
def par_text(start: str, chosen: str, special: str, second: str, limit: int) -> str:
    """`par 3: e5g6 g6h5 h5h2`, `no solution within 10 moves`, or `par at least 7`."""
    from motley.games.chess_golf.round import PAR_NODES
    from motley.games.chess_golf.rules import ChessGolf
    from motley.games.chess_golf.solver import Capped, solve

    rules = ChessGolf(
        {
            "position": start,
            "chosen": chosen,
            "special": special,
            "second": second,
            "move_limit": limit,
        }
    )
    try:
        found = solve(rules, rules.initial_state(), node_cap=PAR_NODES)
    except Capped as capped:
        return f"par at least {capped.at_least} (the search stopped there)"
    if found is None:
        return f"no solution within {limit} moves"
    return f"par {len(found)}: {' '.join(found.texts)}"


def hole_par(rules: GolfRound, hole: st.Hole) -> str:
    options = rules.options
    return par_text(
        hole.start,
        st.cards_text(hole.chosen),
        str(options["special"]),
        str(options["second"]),
        rules.limit,
    )


# -- the scene -------------------------------------------------------------------------------


def hole_view(view: RoundState) -> st.GolfState:
    """The hole as the puzzle shows it: the demonstration, or the board with its cards."""
    if view.phase == st.DEMO and view.play is not None:
        return view.play
    return st.GolfState(view.board, st.PLAY, chosen=view.chosen if view.phase == st.BID else ())


def bid_text(bid: int) -> str:
    return "impossible" if bid == 0 else f"{bid} move{'s' if bid != 1 else ''}"


def items(rules: GolfRound, view: RoundState) -> tuple[present.Item, ...]:
    names = [rules.spec.seat_name(s) for s in range(rules.golfers)]
    out: list[present.Item] = []
    if view.phase != st.LAYOUT:
        out.append(present.Cards("deck", "Deck", hidden=len(view.pile), kind="pile"))
    else:
        out.append(present.Cards("deck", "Deck (laying out)", hidden=len(view.pile), kind="pile"))
    if view.chosen:
        faces = tuple(hole_present.card_face(c, i) for i, c in enumerate(view.chosen))
        out.append(present.Cards("chosen", "Chosen cards", faces, kind="line"))
    if view.phase == st.PUT and view.play is not None:
        pending = tuple((c.type, c.colour) for c in view.play.chosen)
        out.append(present.Tray("put", "To put back", pending))
    if view.bids:
        shown = []
        played = len(view.card) + (0 if view.phase == st.PUT else 1)  # scored before the put
        for seat, bid in enumerate(view.bids):
            word = bid_text(bid) + (" (failed)" if seat in view.failed else "")
            shown.append((names[seat], word))
        out.append(Score("bids", f"Bids, hole {played}", tuple(shown)))
    if view.phase == st.DEMO and view.play is not None:
        bid = view.bids[view.actor]
        out.append(Score("moves", "Demonstration", (("moves", f"{view.play.moves} of {bid}"),)))
    totals = rules.totals(view)
    out.append(
        Score(
            "totals",
            f"Course total after {len(view.card)} of {rules.holes} holes",
            tuple((names[s], str(totals[s])) for s in range(rules.golfers)),
        )
    )
    if view.card:
        columns = (*(str(i + 1) for i in range(len(view.card))), "total")
        rows = tuple(
            (names[s], (*(str(h.scores[s]) for h in view.card), str(totals[s])))
            for s in range(rules.golfers)
        )
        out.append(Grid("card", "Scorecard (lowest total wins)", columns, rows))
        last = view.card[-1]
        out.append(Note(f"Hole {len(view.card)}: {hole_par(rules, last)}", "par"))
    if view.phase == st.BID:
        out.append(Note(f"Solving time: {rules.seconds} s", "timer"))
    if view.hint:
        out.append(Note(f"Hint: {view.hint}", "hint"))
    return tuple(out)


def scene(rules: GolfRound, view: RoundState, seat: int) -> Scene:
    hole = hole_view(view)
    marks = hole_present.roles(rules.puzzle, hole) if hole.chosen else {}
    if view.phase == st.PUT:
        marks = {}
    # the hole is scored before its captured pieces go back: it is still the one being played
    number = f"Hole {len(view.card) + (0 if view.phase == st.PUT else 1)} of {rules.holes}"
    names = [rules.spec.seat_name(s) for s in range(rules.golfers)]
    prompt, status = "", ""
    if view.phase == st.LAYOUT:
        status = f"Laying out the pieces from the deck: {len(view.pile)} cards to go"
    elif view.phase == st.DEAL:
        dealer = names[view.dealer] if view.dealer >= 0 else "a dealer (drawn at random)"
        status = f"{number}: {dealer} deals the chosen cards"
    elif view.phase == st.BID:
        goal = hole_present.goal_sentence(rules.puzzle, hole)
        status = f"{number}: solving ({rules.seconds} s), then everyone bids at once"
        if 0 <= seat < rules.golfers:
            prompt = (
                f"{number}. {goal}. Solve it in your head within {rules.seconds} s, then bid "
                "your move count, or impossible; bids are shown when all are in"
            )
    elif view.phase == st.DEMO and view.play is not None:
        bid = view.bids[view.actor]
        done = hole_present.moves_count(rules.puzzle, view.play).split(",")[0]
        status = f"{number}: {names[view.actor]} demonstrates {bid_text(bid)} ({done})"
        if seat == view.actor:
            goal = hole_present.goal_sentence(rules.puzzle, view.play)
            cost = rules.hint_cost
            hint = f"; a hint costs {cost} point{'s' if cost != 1 else ''}" if cost else ""
            prompt = f"Demonstrate: {goal} within your bid of {bid_text(bid)} ({done}){hint}"
    elif view.phase == st.PUT and view.play is not None:
        card = view.play.chosen[0]
        status = f"{number}: {names[view.actor]} puts the captured pieces back"
        if seat == view.actor:
            prompt = f"Put the captured {card.name} back on any empty square"
    elif view.phase == st.OVER:
        status = f"The round is over: {rules.describe(view)}"
    return Scene(
        pieces=hole_present.pieces(hole if view.phase == st.DEMO else _board(view), marks),
        items=items(rules, view),
        highlight=tuple(sorted(marks)),
        prompt=prompt,
        status=status,
    )


def _board(view: RoundState) -> st.GolfState:
    return st.GolfState(view.board, st.PLAY)


# -- gestures and the move list ----------------------------------------------------------------


def gesture(rules: GolfRound, view: RoundState, action: RoundAction) -> present.Gesture:
    from motley.games.chess_golf.round import Bid, Put, Word

    if isinstance(action, Bid):
        label = "Impossible" if action.count == 0 else f"Bid {bid_text(action.count)}"
        return present.Button(label)
    if isinstance(action, Move):
        return present.Move(action.origin, action.target)
    if isinstance(action, Word):
        if action.word == "hint":
            cost = rules.hint_cost
            label = f"Hint ({cost} point{'s' if cost != 1 else ''})" if cost else "Hint"
            return present.Button(label)
        return present.Button("Give up")
    if isinstance(action, Put) and view.play is not None:
        card = view.play.chosen[0]
        choice = present.Choice(f"put the {card.name} back here", card.type, card.colour)
        return present.Click(action.cell, choice)
    return present.Button(rules.action_text(view, action))


def notate(rules: GolfRound, view: RoundState, action: RoundAction, seat: int) -> str:
    """Bids as shown, moves as `Be5-g6`, pieces put back; the layout adds nothing."""
    if isinstance(action, Card):
        return "" if view.phase == st.LAYOUT else f"chosen card: {action.name}"
    if isinstance(action, Move) and view.play is not None:
        return hole_present.notate(rules, view.play, action, seat)
    return rules.action_text(view, action)


# -- the terminal ------------------------------------------------------------------------------


def board_text(rules: GolfRound, view: RoundState, seat: int) -> str:
    hole = view.play if view.phase == st.DEMO and view.play is not None else _board(view)
    lines = board_lines(hole.cells)
    found = scene(rules, view, -1)
    for item in found.items:
        if isinstance(item, Score):
            lines.append(f"{item.title}: " + ", ".join(f"{k} {v}" for k, v in item.values))
        elif isinstance(item, Note):
            lines.append(item.text)
        elif isinstance(item, present.Cards) and item.cards:
            lines.append(f"{item.title}: " + ", ".join(c.caption for c in item.cards))
    lines.append(found.status)
    return "\n".join(lines)
