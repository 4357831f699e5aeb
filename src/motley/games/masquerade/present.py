"""How Masquerade Chess is shown and played (see `core.present`).

Beside the board lie the seed's two paper tables per player, as grids (rows: the piece;
columns: the capture move it uses): the table a player filled in for the opponent's pieces,
seen in full by that player only, with what the opponent has ruled out so far; and the table
of the player's own pieces, filled in with X's and O's from every "Capture?" answered. Filling
in a table is clicking (picking) one of its squares, in any row not circled yet; the grid's
squares are picked by index `row * 5 + column`. A move and a "Capture?" are both drags.
The terminal shows the same view as text (`render_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.present import (
    chess_layout,
    chess_move_gesture,
    piece_name,
    position_pieces,
    san_body,
)
from motley.core import present
from motley.core.rules import SPECTATOR
from motley.games.masquerade.assignment import BLANK, ROWS, combos, marks, possible, tables_of
from motley.games.masquerade.state import Action, Assign, MasqueradeState, MasqueradeView

if TYPE_CHECKING:
    from motley.games.masquerade.rules import MasqueradeChess

SHOWN_TABLES = 6  # the tables still possible are listed when there are at most this many
TEXT_TABLES = 8  # the same, in the terminal's text (it has the room)
COLUMNS = tuple(f"like {letter}" for letter in ROWS)
HEADS = tuple(piece_name(letter) for letter in ROWS)


PROMOTED = "promoted"


def promoted_own(rules: MasqueradeChess) -> bool:
    """Whether a promoted pawn captures as its new type does (option promoted_capture=own):
    then it is marked, since it asks no "Capture?" of the secret table."""
    return rules.options["promoted_capture"] == "own"


def layout(rules: MasqueradeChess) -> present.Layout:
    legend: tuple[present.MarkKind, ...] = ()
    if promoted_own(rules):
        legend = (
            present.MarkKind(
                PROMOTED,
                "promoted pawn",
                "A promoted pawn: it captures with its new type's own capture, whatever the "
                "secret table says.",
                present.MarkStyle.HALO,
                "#b8860b",
            ),
        )
    return chess_layout(rules.t, legend)


# -- the table, for one view ---------------------------------------------------------------


def filling(view: MasqueradeView) -> int:
    """The seat filling in the opponent's table (White first), or -1 once both are done."""
    if len(view.filled[1]) < len(ROWS):
        return 0
    if len(view.filled[0]) < len(ROWS):
        return 1
    return -1


def scene(rules: MasqueradeChess, view: MasqueradeView, seat: int) -> present.Scene:
    prompt, status = words(rules, view)
    acting = seat == (filling(view) if filling(view) >= 0 else view.board.turn)
    marked = view.promoted if promoted_own(rules) else 0

    def marks_of(cell: int) -> tuple[present.Mark, ...]:
        return (present.Mark(PROMOTED),) if marked >> cell & 1 else ()

    return present.Scene(
        pieces=position_pieces(rules.t, view.board, marks_of),
        items=items(rules, view, seat),
        prompt=prompt if acting and not view.outcome else "",
        status=status,
    )


def items(rules: MasqueradeChess, view: MasqueradeView, seat: int) -> tuple[present.Item, ...]:
    found: list[present.Item] = []
    own = seat == view.seat and seat != SPECTATOR and view.known is not None
    if own:
        assert view.known is not None
        found.append(secret_grid(rules, view, seat, view.known))
        found.append(learned_grid(rules, view, seat, seat))
    else:
        found.extend(learned_grid(rules, view, side, seat) for side in (0, 1))
    if view.last:
        found.append(present.Note(last_words(view.last), "last"))
    if view.outcome:
        found.append(present.Note(f"Game over: {view.outcome}", "outcome"))
    return tuple(found)


def last_words(last: str) -> str:
    """The last action as everyone heard it, with a "Capture?" and its answer in words."""
    asked, mark, answer = last.partition("? ")
    if not mark:
        return f"Last: {last}"
    if answer == "yes":
        return f'Last: {asked}, "Capture?" Yes: the capture was made.'
    return f'Last: {asked}, "Capture?" No: nothing moved.'


def secret_grid(
    rules: MasqueradeChess, view: MasqueradeView, seat: int, table: str
) -> present.Grid:
    """The table `seat` filled in for the opponent's pieces: its circles (O), and the squares
    the opponent has ruled out from the answers so far (x)."""
    other = seat ^ 1
    name = rules.spec.seat_name(other)
    learned = marks(possible(view.clues[other]))
    rows = []
    for index, head in enumerate(HEADS):
        cells = []
        for column, capture in enumerate(ROWS):
            if table[index] == capture:
                cells.append("O")
            elif learned[index][column] == "X":
                cells.append("x")
            else:
                cells.append("")
        rows.append((head, tuple(cells)))
    known = [ROWS[i] for i in range(len(ROWS)) if "O" in learned[i]]
    told = f"{name} knows the rows {', '.join(known)}" if known else f"{name} knows no row yet"
    note = f"O: your circles; x: what {name} has ruled out. {told}."
    left = [piece_name(r) for r, c in zip(ROWS, table, strict=True) if c == BLANK]
    if left and rules.any_order:
        note = f"Secret: only you see it. Rows left, in any order: {', '.join(left)}. " + note
    elif left:
        note = f"Secret: only you see it. The {left[0]}'s row is next. " + note
    return present.Grid(
        f"secret-{other}",
        f"{name}'s pieces: the table you {'fill' if left else 'filled'} in",
        COLUMNS,
        tuple(rows),
        seat,
        note,
    )


def learned_grid(
    rules: MasqueradeChess, view: MasqueradeView, side: int, seat: int
) -> present.Grid:
    """What `side` has learned about its own pieces: X impossible, O certain (public, since
    both players hear every answer)."""
    mask = possible(view.clues[side])
    rows = tuple(
        (head, tuple("" if c == "." else c for c in text))
        for head, text in zip(HEADS, marks(mask), strict=True)
    )
    count = mask.bit_count()
    note = f"{count} table{'s' if count != 1 else ''} still possible"
    if count <= SHOWN_TABLES:
        note += ": " + " | ".join(combos(p) for p in tables_of(mask))
    name = rules.spec.seat_name(side)
    title = (
        f"Your pieces ({name}): what you have learned"
        if side == seat
        else f"{name}'s pieces: what {name} has learned"
    )
    return present.Grid(f"learned-{side}", title, COLUMNS, rows, side, note)


def words(rules: MasqueradeChess, view: MasqueradeView) -> tuple[str, str]:
    """The prompt to the seat to act, and the status everyone else reads."""
    if view.outcome:
        return "", f"Game over: {view.outcome}"
    filler = filling(view)
    if filler >= 0:
        other = rules.spec.seat_name(filler ^ 1)
        done = len(view.filled[filler ^ 1])
        which = f"one of {other}'s pieces captures, rows in any order"
        if not rules.any_order:
            row = next(r for r in ROWS if r not in view.filled[filler ^ 1])
            which = f"{other}'s {piece_name(row)} captures, the rows in order"
        return (
            f"Fill in {other}'s secret table: click a square to choose how {which} "
            f"({done} of {len(ROWS)} rows done; one circle in every row and every column)",
            f"{rules.spec.seat_name(filler)} is filling in {other}'s secret table",
        )
    name = rules.spec.seat_name(view.board.turn)
    return (
        'Your move: drag a piece to move it, or onto an enemy piece to ask "Capture?"',
        f"{name} to move",
    )


# -- how each legal action is made ---------------------------------------------------------


def gesture(rules: MasqueradeChess, view: MasqueradeView, action: Action) -> present.Gesture:
    if isinstance(action, Assign):
        owner = filling(view) ^ 1  # the opponent's pieces are being given their captures
        square = ROWS.index(action.row) * len(COLUMNS) + ROWS.index(action.capture)
        return present.Pick(f"secret-{owner}", square)
    return chess_move_gesture(rules.t, view.board, action)


# -- the move list -------------------------------------------------------------------------


def notate(rules: MasqueradeChess, state: MasqueradeState, action: Action, seat: int) -> str:
    """SAN for moves, `Nxc3? no` for a refused "Capture?"; filling in a table is setup and
    is left out of everyone's list (the filler sees it in the table itself)."""
    if isinstance(action, Assign):
        return ""
    body = san_body(rules.t, state.board, action, rules.moves(state))
    if rules.asks(state, action) and not rules.answer(state, action):
        body += "? no"
    return body


# -- the terminal --------------------------------------------------------------------------


def board_text(rules: MasqueradeChess, view: MasqueradeView, seat: int) -> str:
    """The terminal's board, the X/O tables of what each player has learned about their own
    pieces, the table this seat filled in, and the deduction aid."""
    t = rules.t
    board = view.board
    names = rules.spec.seat_names
    lines = ["   a b c d e f g h"]
    for rank in range(7, -1, -1):
        row = f"{rank + 1} "
        for file in range(8):
            bit = 1 << (rank * 8 + file)
            kind = t.kind_at(board.pieces, bit)
            if kind < 0:
                row += " ."
            else:
                letter = t.letters[kind]
                row += " " + (letter if bit & board.colours[0] else letter.lower())
        lines.append(row)
    if view.seat in (0, 1) and view.known is not None:
        other = names[view.seat ^ 1]
        lines.append(f"You filled in {other}'s table: {combos(view.known) or '(not yet)'}")
    for seat in (0, 1):
        mask = possible(view.clues[seat])
        title = "Your" if seat == view.seat else f"{names[seat]}'s"
        lines.append(f"{title} pieces, as learned so far ({mask.bit_count()} tables possible):")
        lines.append("     " + " ".join(ROWS))
        for row, text in zip(ROWS, marks(mask), strict=True):
            lines.append(f"  {row}  " + " ".join(text))
        if seat == view.seat and mask.bit_count() <= TEXT_TABLES:
            lines.append("  possible: " + " | ".join(combos(p) for p in tables_of(mask)))
    if view.last:
        lines.append(f"Last: {view.last}")
    lines.append(_status(rules, view))
    return "\n".join(lines)


def _status(rules: MasqueradeChess, view: MasqueradeView) -> str:
    names = rules.spec.seat_names
    if view.outcome:
        return f"Game over: {view.outcome}"
    for filler, table in ((0, 1), (1, 0)):
        left = ", ".join(r for r in ROWS if r not in view.filled[table])
        if left:
            return (
                f"{names[filler]} fills in {names[table]}'s table, any row left ({left}): "
                f"e.g. {left[0]}{left[0]} for the {left[0]}'s own capture"
            )
    return f"{names[view.board.turn]} to move (a capture such as b1xc3 asks 'Capture?')"
