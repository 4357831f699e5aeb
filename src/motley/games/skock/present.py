"""How Skock is shown and played: the throw, the queues, and the piece part-way through a die.

A turn is one decision per step (see the package docstring): a piece's first step names the
die it uses, so it is a drag that asks which die when both could make it; later steps are
plain drags; pieces brought back on a double are placed by a click on their cell. The dice
are shown as a Dice item, each side's queue (the text: "whenever a piece is taken, it is put
at the end of a queue"; a double brings pieces back from its beginning) as a Tray, and the
kings still on the board as a Score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.boards import dice_board_text, ending_line
from motley.core import present
from motley.games.skock import state as st
from motley.geometry import cellset

if TYPE_CHECKING:
    from motley.games.skock.rules import Skock

DICE = "dice"
PLACING = "placing"

LEGEND = (
    present.MarkKind(
        "moving",
        "moving piece",
        "The piece using the die now: it must make every step of the die, and only its last "
        "step may capture.",
        present.MarkStyle.HALO,
        "#2e7d32",
    ),
    present.MarkKind(
        "moved",
        "moved",
        "This piece has used the first die: the second die must move a different piece.",
        present.MarkStyle.BADGE,
        "#6d4c41",
        "1",
    ),
)


def layout(rules: Skock) -> present.Layout:
    """The chess board with orthodox figures; the legend of the two marks."""
    return present.Layout(geometry=st.GEOMETRY, legend=LEGEND)


# -- the table ------------------------------------------------------------------------------


def scene(rules: Skock, state: st.SkockState, seat: int) -> present.Scene:
    acting = seat == state.turn and state.phase in (st.CHOOSE, st.STEP, st.PLACE)
    return present.Scene(
        pieces=pieces(state),
        items=items(rules, state),
        highlight=highlight(rules, state),
        prompt=prompt(rules, state) if acting else "",
        status=status(rules, state),
    )


def pieces(state: st.SkockState) -> tuple[present.Piece, ...]:
    out = []
    for cell in cellset.cells(state.occupied):
        marks: tuple[present.Mark, ...] = ()
        if state.phase == st.STEP and cell == state.cell:
            marks = (present.Mark("moving"),)
        elif state.phase in (st.CHOOSE, st.STEP) and cell == state.moved:
            marks = (present.Mark("moved"),)
        out.append(present.Piece(cell, st.KINDS[state.kind_at(cell)], state.owner(cell), marks))
    return tuple(out)


def highlight(rules: Skock, state: st.SkockState) -> tuple[int, ...]:
    """Where pieces brought back may go: "as far back as possible", the rearmost row with room."""
    if state.phase != st.PLACE:
        return ()
    return tuple(cellset.cells(rules.back_row_with_room(state)))


def items(rules: Skock, state: st.SkockState) -> tuple[present.Item, ...]:
    out: list[present.Item] = []
    dice = dice_item(state)
    if dice is not None:
        out.append(dice)
    if state.phase == st.PLACE:
        out.append(
            present.Tray(
                PLACING,
                "Brought back, to place",
                tuple((letter, state.turn) for letter in state.placing),
                state.turn,
            )
        )
    for side in (0, 1):
        name = rules.spec.seat_name(side)
        out.append(
            present.Tray(
                f"queue-{side}",
                f"{name}'s queue (front first)",
                tuple((letter, side) for letter in state.queues[side]),
                side,
            )
        )
    out.append(kings_score(rules, state))
    if rules.turn_limit:
        counts = (("so far", str(state.turns)), ("draw at", str(rules.turn_limit)))
        out.append(present.Score("throws", "Throws", counts))
    die = rules.planner.king_die
    rule = f"Only a step made with a die showing {die} may take a king."
    out.append(present.Note(rule, "king-die"))
    return tuple(out)


def dice_item(state: st.SkockState) -> present.Dice | None:
    """The dice of this turn still in play: the one in use (faded) first, then any to come.

    Once the first die's piece has finished, the state keeps only the die still to come, so
    that is all the table can show.
    """
    if state.phase == st.CHOOSE:
        faces = state.dice
        title = "Dice" if len(faces) == 2 else f"Dice: the {faces[0]} still to use"
    elif state.phase == st.STEP:
        faces = (state.die, *state.dice)
        title = f"Dice: the {state.die} in use, {steps(state.left)} left"
    else:
        return None
    # a die is drawn faded once a piece has taken it: it can no longer be chosen
    used = (state.phase == st.STEP,) + (False,) * (len(faces) - 1)
    return present.Dice(DICE, title, faces, state.turn, used)


def kings_score(rules: Skock, state: st.SkockState) -> present.Score:
    values = tuple(
        (rules.spec.seat_name(side), str((state.pieces[st.KING] & state.colours[side]).bit_count()))
        for side in (0, 1)
    )
    return present.Score("kings", "Kings on the board", values)


# -- words ----------------------------------------------------------------------------------


def steps(count: int) -> str:
    return "1 step" if count == 1 else f"{count} steps"


def pieces_word(count: int) -> str:
    return "1 piece" if count == 1 else f"{count} pieces"


def piece_on(state: st.SkockState, cell: int) -> str:
    """"knight on c4"."""
    return f"{st.PIECE_NAMES[state.kind_at(cell)]} on {st.GEOMETRY.name(cell)}"


def prompt(rules: Skock, state: st.SkockState) -> str:
    """What the player to act must do now, in the rulebook's words."""
    if state.phase == st.STEP:
        return step_prompt(state)
    if state.phase == st.PLACE:
        return place_prompt(rules, state)
    legal = rules.legal_actions(state)
    steps = any(isinstance(a, st.Step) for a in legal)
    if len(state.dice) == 1:
        die = state.dice[0]
        every = "one step" if die == 1 else f"all {die} steps"
        return (
            f"Now the {die}: drag the first step of a piece other than the "
            f"{piece_on(state, state.moved)}; it must make {every}"
        )
    low, high = state.dice
    thrown = f"a double {low}" if low == high else f"{low} and {high}"
    back = ""
    if st.BACK in legal:
        count = min(low, len(state.queues[state.turn]))
        back = f"bring back {pieces_word(count)} from your queue"
    if not steps:
        if back:
            return f"No two pieces can use {thrown}: {back}, or pass"
        return f"No two different pieces can use {thrown}: you must pass"
    text = (
        f"You threw {thrown}: drag a piece's first step to move it with one die (all its "
        "steps); a different piece then uses the other"
    )
    return f"{text}; or {back} instead" if back else text


def step_prompt(state: st.SkockState) -> str:
    piece = piece_on(state, state.cell)
    left = state.left
    capture = "this last step may capture" if left == 1 else "only the last step may capture"
    text = (
        f"{piece[0].upper()}{piece[1:]}: {left} of {steps(state.die)} left; move it on "
        f"({capture})"
    )
    if state.dice:
        text += f"; then the {state.dice[0]} moves another piece"
    return text


def place_prompt(rules: Skock, state: st.SkockState) -> str:
    names = ", ".join(st.PIECE_NAMES[st.KIND_OF[letter]] for letter in state.placing)
    row = rules.back_row_with_room(state)
    rank = st.GEOMETRY.name(next(iter(cellset.cells(row))))[1:] if row else "?"
    return (
        f"Place the pieces brought back ({names}): click a square of rank {rank}, "
        "the rearmost row with room"
    )


# what everyone reads while `mover` throws or places (the other phases name the dice)
DOING = {
    st.ROLL: "{mover} to throw the dice",
    st.PLACE: "{mover} is placing pieces brought back from the queue",
}
# the same, under the terminal's board
BOARD_DOING = {
    st.ROLL: "{mover} to throw the dice (throw {throw})",
    st.PLACE: "{mover} places pieces brought back: {placing}",
}


def status(rules: Skock, state: st.SkockState) -> str:
    """What is going on, for everyone."""
    mover = rules.spec.seat_name(state.turn)
    if state.phase == st.OVER:
        if state.result == st.DRAW:
            return f"Drawn at the turn limit ({rules.turn_limit} throws)"
        winner = rules.spec.seat_name(state.result)
        kings = "a king" if rules.sudden_death else "the kings"
        return f"{winner} has taken {kings} and wins"
    if state.phase in DOING:
        return DOING[state.phase].format(mover=mover)
    if state.phase == st.STEP:
        return (
            f"{mover} is moving the {piece_on(state, state.cell)}: "
            f"{state.left} of {steps(state.die)} left"
        )
    if len(state.dice) == 1:
        return f"{mover} is choosing a piece for the {state.dice[0]}"
    low, high = state.dice
    thrown = f"a double {low}" if low == high else f"{low} and {high}"
    return f"{mover} threw {thrown} and is choosing a piece"


# -- gestures -------------------------------------------------------------------------------


def gesture(rules: Skock, state: st.SkockState, action: st.Action) -> present.Gesture:
    if isinstance(action, st.Step):
        return present.Move(action.origin, action.target, step_choice(rules, state, action))
    if isinstance(action, st.Place):
        return present.Click(action.cell, place_choice(state, action))
    if action == st.BACK:
        count = min(state.dice[0], len(state.queues[state.turn]))
        return present.Button(f"Bring back {pieces_word(count)} from the queue")
    return present.Button("Pass (no two pieces can use the dice)")


def step_choice(rules: Skock, state: st.SkockState, step: st.Step) -> present.Choice | None:
    """Which die, or which exchange, when several steps share these two squares."""
    twins = [
        a
        for a in rules.legal_actions(state)
        if isinstance(a, st.Step) and (a.origin, a.target) == (step.origin, step.target)
    ]
    if len(twins) < 2:
        return None
    parts = []
    if len({a.die for a in twins}) > 1:
        parts.append(f"use the {step.die}")
    letter = ""
    if len({a.promotion for a in twins}) > 1:
        if step.promotion:
            letter = step.promotion
            parts.append(f"exchange for the {st.PIECE_NAMES[st.KIND_OF[letter]]}")
        else:
            letter = st.KINDS[st.PAWN]
            parts.append("stay a pawn")
    return present.Choice(", ".join(parts), letter, state.turn if letter else -1)


def place_choice(state: st.SkockState, place: st.Place) -> present.Choice | None:
    if len(set(state.placing)) < 2:
        return None
    return present.Choice(st.PIECE_NAMES[st.KIND_OF[place.letter]], place.letter, state.turn)


# -- the move list --------------------------------------------------------------------------


def notate(rules: Skock, state: st.SkockState, action: st.Action, seat: int) -> str:
    """A step as a short part of the turn: `6: Nc4-d6`, then `-e4`, `xf6`, `-e8=Q`.

    The throw itself adds nothing: each die appears where its piece starts, and a pass or a
    bringing back names the dice it answers.
    """
    if isinstance(action, st.Roll):
        return ""
    if isinstance(action, st.Step):
        return step_label(state, action)
    if isinstance(action, st.Place):
        return f"{action.letter}@{st.GEOMETRY.name(action.cell)}"
    low, high = state.dice
    if action == st.BACK:
        count = min(low, len(state.queues[state.turn]))
        return f"{low}-{high}: back {' '.join(state.queues[state.turn][:count])}"
    return f"{low}-{high}: pass"


def step_label(state: st.SkockState, step: st.Step) -> str:
    target = st.GEOMETRY.name(step.target)
    sign = "x" if state.owner(step.target) == state.turn ^ 1 else "-"
    promotion = f"={step.promotion}" if step.promotion else ""
    if not step.die:
        return f"{sign}{target}{promotion}"
    kind = state.kind_at(step.origin)
    letter = "" if kind == st.PAWN else st.KINDS[kind]
    return f"{step.die}: {letter}{st.GEOMETRY.name(step.origin)}{sign}{target}{promotion}"


# -- the terminal's board text ----------------------------------------------------------------


def board_text(rules: Skock, state: st.SkockState, seat: int) -> str:
    """The board (White at the bottom), both queues and where the turn stands."""

    def letter_at(cell: int) -> str:
        kind = state.kind_at(cell)
        symbol = "." if kind < 0 else st.KINDS[kind]
        return symbol.lower() if state.owner(cell) == 1 else symbol

    queues = (
        f"{name}'s queue: {' '.join(state.queues[side]) or '-'}"
        for side, name in enumerate(rules.spec.seat_names)
    )
    marks = {state.cell, state.moved} - {-1}
    return dice_board_text(letter_at, marks, *queues, board_status(rules, state))


def board_status(rules: Skock, state: st.SkockState) -> str:
    """The line under the terminal's board: where the turn stands."""
    if state.phase == st.OVER:
        limit = f"{rules.turn_limit} throws"
        return ending_line(rules.spec.seat_names, state.result, limit, "has taken the kings")
    mover = rules.spec.seat_name(state.turn)
    if state.phase in BOARD_DOING:
        placing = " ".join(state.placing)
        return BOARD_DOING[state.phase].format(mover=mover, throw=state.turns + 1, placing=placing)
    if state.phase == st.STEP:
        piece = st.PIECE_NAMES[state.kind_at(state.cell)]
        later = f"; then the {state.dice[0]}" if state.dice else ""
        where = st.GEOMETRY.name(state.cell)
        return f"{mover}: the {piece} on {where} has {state.left} of {state.die} steps left{later}"
    dice = " and ".join(str(d) for d in state.dice)
    return f"{mover} ({st.PHASE_NAMES[state.phase]}): dice {dice} to use"
