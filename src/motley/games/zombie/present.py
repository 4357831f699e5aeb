"""How Zombie Chess is shown and played (see `core.present`).

The board carries the zombie coins (public) and, in a seat's own scene only, a badge with the
letter of each piece that seat buried (its secret grid). Beside the board lie both zombie
graveyards, both dust bins and the pieces captured this turn that still wait for burial. A
move is a drag, ending a zombie horde's turn a button, a burial a click on the square to bury
under, and the promotion of a pawn that came back a click on it with the piece to choose.
The terminal shows the same view as text (`render_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike import movegen
from motley.chesslike.boards import text_board
from motley.chesslike.position import Move
from motley.chesslike.present import (
    check_cells,
    chess_layout,
    chess_move_gesture,
    piece_name,
    position_pieces,
    san_body,
)
from motley.core import present
from motley.core.rules import SPECTATOR
from motley.games.zombie import state as st
from motley.games.zombie.notation import announcement
from motley.geometry import cellset

if TYPE_CHECKING:
    from motley.games.zombie.rules import ZombieChess

ZOMBIE = "zombie"
BURIED_COLOUR = "#7b4fa0"


def buried_key(letter: str) -> str:
    """The legend key of a burial mark: one per kind, so the badge shows its letter."""
    return f"buried-{letter}"


# -- the board ---------------------------------------------------------------------------


def legend() -> tuple[present.MarkKind, ...]:
    coin = present.MarkKind(
        ZOMBIE,
        "zombie coin",
        "A zombie: a piece come back from the dead; it must move on each of its owner's "
        "turns or it is destroyed at the end of that turn.",
        present.MarkStyle.TOKEN,
        "#3f7d3a",
        "Z",
    )
    burials = tuple(
        present.MarkKind(
            buried_key(letter),
            f"buried {piece_name(letter)}",
            f"A captured {piece_name(letter)} you buried under this square (only you see it); "
            "it comes back as a zombie when your piece leaves the square.",
            present.MarkStyle.BADGE,
            BURIED_COLOUR,
            letter,
        )
        for letter in st.BURIABLE
    )
    return (coin, *burials)


def layout(rules: ZombieChess) -> present.Layout:
    return chess_layout(rules.t, legend())


# -- the table, for one view ---------------------------------------------------------------


def scene(rules: ZombieChess, view: st.ZombieView, seat: int) -> present.Scene:
    s = view.public
    # a seat's own grid is drawn in its own scene only (a spectator's view has none)
    grid = dict(view.own_grid or ()) if seat == view.seat and seat != SPECTATOR else {}

    def marks(cell: int) -> tuple[present.Mark, ...]:
        found = []
        if s.zombies >> cell & 1:
            found.append(present.Mark(ZOMBIE))
        if cell in grid:
            found.append(present.Mark(buried_key(grid[cell])))
        return tuple(found)

    marked = 0
    for cell in grid:
        marked |= 1 << cell
    check = check_cells(rules.t, s.board) if s.phase != st.BURY and not view.outcome else ()
    prompt, status = words(rules, view)
    return present.Scene(
        pieces=position_pieces(rules.t, s.board, marks, marked),
        items=items(rules, view),
        check=check,
        highlight=highlight(rules, s) if not view.outcome else (),
        prompt=prompt if seat == s.board.turn and not view.outcome else "",
        status=status,
    )


def items(rules: ZombieChess, view: st.ZombieView) -> tuple[present.Item, ...]:
    """The graveyards, the dust bins, what waits for burial and the latest announcements."""
    s = view.public
    names = rules.spec.seat_names
    found: list[present.Item] = []
    if s.captured:
        victim = s.board.turn ^ 1
        pieces = tuple((c, victim) for c in s.captured)
        found.append(present.Tray("to-bury", "Captured, to be buried", pieces, victim))
    for colour in (0, 1):
        pieces = tuple((c, colour) for c in view.graveyards[colour])
        title = f"{names[colour]}'s zombie graveyard"
        found.append(present.Tray(f"graveyard-{colour}", title, pieces, colour))
    for colour in (0, 1):
        pieces = tuple((c, colour) for c in s.dust[colour])
        found.append(present.Tray(f"dust-{colour}", f"{names[colour]}'s dust bin", pieces, colour))
    said = latest_announcements(rules, s)
    if said:
        found.append(present.Note(said, "announced"))
    if view.outcome:
        found.append(present.Note(f"Game over: {view.outcome}", "outcome"))
    return tuple(found)


def latest_announcements(rules: ZombieChess, s: st.ZombieState) -> str:
    """What the player of the latest turn said aloud ("no zombies anywhere" left out)."""
    entries: list[st.Entry] = []
    for entry in reversed(s.ledger):
        if entries and entry.seat != entries[-1].seat:
            break
        entries.append(entry)
    if not entries:
        return ""
    spoken = [
        announcement(rules.t, e, rules.spec.seat_names)
        for e in reversed(entries)
        if e.what != st.NOWHERE
    ]
    spoken = [text for text in spoken if text]
    if not spoken:
        return ""
    return f"{rules.spec.seat_name(entries[0].seat)} announced: " + "; ".join(spoken)


def unmoved_zombies(s: st.ZombieState) -> int:
    """The mover's zombies that have not moved yet this turn (they must, or be destroyed)."""
    board = s.board
    return s.zombies & board.colours[board.turn] & ~s.moved


def highlight(rules: ZombieChess, s: st.ZombieState) -> tuple[int, ...]:
    """The zombies still to move, or the pawn that came back waiting for promotion."""
    if s.phase == st.PROMOTE:
        return (cellset.first(rules.turns.promotions_due(s)),)
    if s.phase == st.MOVE:
        return tuple(cellset.cells(unmoved_zombies(s)))
    return ()


def words(rules: ZombieChess, view: st.ZombieView) -> tuple[str, str]:
    """The prompt to the player whose turn it is, and the status everyone else reads."""
    s = view.public
    name = rules.spec.seat_name(s.board.turn)
    if view.outcome:
        return "", f"Game over: {view.outcome}"
    if s.phase == st.PROMOTE:
        where = rules.t.geometry.name(cellset.first(rules.turns.promotions_due(s)))
        return (
            f"Promote the pawn that came back on {where}: click it and choose a piece",
            f"{name} is promoting the pawn that came back on {where}",
        )
    if s.phase == st.BURY:
        piece = piece_name(s.captured[0])
        more = len(s.captured) - 1
        after = f" ({more} more to bury after it)" if more else ""
        return (
            f"Bury the captured {piece} under one of your pieces: click it{after}",
            f"{name} is burying a captured {piece}",
        )
    zombies = unmoved_zombies(s).bit_count()
    if s.left:
        normal = rules.turns.horde == "extra" and not s.normal_used
        first = "Make your normal move, move" if normal else "Move"
        return (
            f"{first} your zombies ({zombies} left) or end your turn; "
            "zombies that do not move are destroyed",
            f"{name} is moving zombies",
        )
    in_check = bool(movegen.checkers(rules.t, s.board))
    prompt = "You are in check: make a move that ends it" if in_check else "Your move: drag a piece"
    if zombies:
        plural = "zombie" if zombies == 1 else f"{zombies} zombies"
        if rules.turns.horde == "extra":
            prompt += f"; your {plural} must also move this turn or be destroyed"
        else:
            prompt += f", or move only your {plural} (any that do not move are destroyed)"
    status = f"{name} is in check, to move" if in_check else f"{name} to move"
    return prompt, status


# -- how each legal action is made ---------------------------------------------------------


def gesture(rules: ZombieChess, view: st.ZombieView, action: st.Action) -> present.Gesture:
    s = view.public
    seat = s.board.turn
    if isinstance(action, st.EndTurn):
        zombies = unmoved_zombies(s).bit_count()
        if zombies:
            plural = "zombie is" if zombies == 1 else "zombies are"
            return present.Button(f"End your turn ({zombies} unmoved {plural} destroyed)")
        return present.Button("End your turn")
    if isinstance(action, st.Bury):
        letter = s.captured[0]
        choice = present.Choice(f"bury the {piece_name(letter)} here", letter, seat ^ 1)
        return present.Click(action.cell, choice)
    if isinstance(action, st.Promote):
        letter = action.letter.upper()
        return present.Click(action.cell, present.Choice(piece_name(letter), letter, seat))
    return chess_move_gesture(rules.t, s.board, action)


# -- the move list -------------------------------------------------------------------------


def notate(rules: ZombieChess, state: st.ZombieState, action: st.Action, seat: int) -> str:
    """The step in `seat`'s move list: SAN for moves, a burial in words (its square only to
    the burier), and what happened because of it ("zombie pawn rises on c6").

    Built from what `event_text_for` tells `seat`: the action (a burial's square only to the
    burier), the board after it and the announcements it set off, all public.
    """
    mover = state.board.turn
    after = rules.apply(state, action)
    result = rules.outcome(after)
    if isinstance(action, Move):
        body = san_body(rules.t, state.board, action, _rivals(rules, state))
        if result is not None and result.reason == "checkmate":
            body += "#"
        elif _gives_check(rules, after, mover):
            body += "+"
    elif isinstance(action, st.Bury):
        piece = piece_name(state.captured[0])
        body = f"{piece} buried"
        if seat == mover:
            body += f" under {rules.t.geometry.name(action.cell)}"
    elif isinstance(action, st.Promote):
        body = f"{rules.t.geometry.name(action.cell)}={action.letter.upper()}"
    else:
        body = "end of turn"
    said = [
        text for text in (happened(rules, e) for e in after.ledger[len(state.ledger) :]) if text
    ]
    if result is not None and not (isinstance(action, Move) and result.reason == "checkmate"):
        said.append(result.reason)
    return "; ".join([body, *said])


# the announcements that change the table, in a few words (a check rises a zombie only when
# it names the piece: "no zombie at" does not)
CHANGED = {
    st.CHECK: "zombie {piece} rises on {square}",
    st.DESTROYED: "zombie {piece} on {square} destroyed",
    st.DUSTED: "zombie {piece} to the dust bin",
    st.CANNOT: "cannot bury the {piece}: to the dust bin",
}


def happened(rules: ZombieChess, entry: st.Entry) -> str:
    """An announcement that changed the table, in a few words ("" for the others: "no zombie
    at", "no zombies anywhere", a burial, unspoken deductions)."""
    words = CHANGED.get(entry.what, "")
    if not words or (entry.what == st.CHECK and not entry.letter):
        return ""
    piece = piece_name(entry.letter) if entry.letter else ""
    return words.format(piece=piece, square=rules.t.geometry.name(entry.cell))


def _rivals(rules: ZombieChess, s: st.ZombieState) -> list[Move]:
    """Moves that SAN tells a move apart from: those of pieces that have not moved this turn
    (public, unlike the legal moves, which depend on the mover's secret grid)."""
    return [m for m in movegen.pseudo_legal_moves(rules.t, s.board) if not s.moved >> m.origin & 1]


def _gives_check(rules: ZombieChess, after: st.ZombieState, mover: int) -> bool:
    """Whether the board after a move attacks the other king (from the public board)."""
    board = after.board
    king = movegen.king_cell(rules.t, board, mover ^ 1)
    return king >= 0 and movegen.is_attacked(rules.t, board, king, mover, board.occupied)


# -- the terminal --------------------------------------------------------------------------

RECENT = 6  # announcements shown


def board_text(rules: ZombieChess, view: st.ZombieView, seat: int) -> str:
    """The terminal's board: zombies marked by a coin (`*`), the graveyards and dust bins,
    the seat's own secret grid, and the latest announcements."""
    t = rules.t
    g = t.geometry
    s = view.public
    board = s.board
    names = rules.spec.seat_names
    grid = dict(view.own_grid or ())

    def cell_text(cell: int) -> str:
        bit = 1 << cell
        kind = t.kind_at(board.pieces, bit)
        if kind < 0:
            symbol = "."
        else:
            letter = t.letters[kind]
            symbol = letter if bit & board.colours[0] else letter.lower()
        coin = "*" if bit & s.zombies else " "
        # White's grid holds black pieces (lower case), Black's grid white ones
        mark = grid.get(cell, "").lower() if view.seat == 0 else grid.get(cell, "")
        return f" {symbol}{coin}{mark or ' '}"

    lines = text_board(cell_text, 4, 1)
    lines.append("(* a zombie; a letter after a piece: the piece you buried under it)")
    for colour in (0, 1):
        lines.append(
            f"{names[colour]}: graveyard {_letters(view.graveyards[colour])}, "
            f"dust bin {_letters(s.dust[colour])}"
        )
    if view.own_grid is not None:
        buried = ", ".join(f"{st.NAMES[letter]} at {g.name(c)}" for c, letter in view.own_grid)
        lines.append(f"Your grid ({names[view.seat]}): {buried or 'empty'}")
    said = [announcement(t, e, names) for e in s.ledger]
    said = [line for line in said if line][-RECENT:]
    if said:
        lines.append("Announced: " + "; ".join(said))
    lines.append(_status(rules, view))
    return "\n".join(lines)


def _letters(text: str) -> str:
    return " ".join(text) if text else "-"


def _status(rules: ZombieChess, view: st.ZombieView) -> str:
    s = view.public
    names = rules.spec.seat_names
    if view.outcome:
        return f"Game over: {view.outcome}"
    mover = names[s.board.turn]
    if s.phase == st.PROMOTE:
        return f"{mover} to promote the pawn that came back (for example c8=Q)"
    if s.phase == st.BURY:
        piece = st.NAMES[s.captured[0]]
        return f"{mover} to bury the captured {piece} (bury {s.captured[0]}@square)"
    if s.left:
        return f"{mover} may move zombies that have not moved, or 'end' the turn"
    return f"{mover} to move"
