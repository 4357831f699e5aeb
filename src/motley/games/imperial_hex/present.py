"""How Imperial Hex Chess is shown and played: the 75-cell board, its pieces and the setup.

Three of the seven kinds (Dragon, Elephant, Guard) have no orthodox figure, and the four that
share a chess letter move and capture otherwise (a Knight may not take a Queen alone), so
every piece is drawn as its letter in a disc, named in the legend. The capture hierarchy and
the double-attack check are told in two notes beside the board. During the setup the arrays
stand on the board with the scouts placed so far; a pair of scouts is placed by clicking the
cell on the placer's left, the mirror cell taking the other. Moves are drags; a promotion and
the choice between taking en passant and stepping onto the passed cell are chooser entries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.present import outcome_words
from motley.core import present
from motley.games.imperial_hex import movegen
from motley.games.imperial_hex import state as st
from motley.games.imperial_hex.layout import scout_pairs
from motley.games.imperial_hex.pieces import KIND_OF_LETTER, KINDS, LETTERS, NAMES, PAWN
from motley.geometry import cellset

if TYPE_CHECKING:
    from motley.games.imperial_hex.rules import ImperialHex

SEATS = ("White", "Black")
UNPROTECTED = "unprotected"
PASSED = "passed"
LEGEND = (
    present.MarkKind(
        UNPROTECTED,
        "unprotected",
        "This piece captured on its last move: for one move any enemy piece attacking it may "
        "take it alone.",
        present.MarkStyle.HALO,
        "#d0342c",
    ),
    present.MarkKind(
        PASSED,
        "passed cell",
        "A pawn passed this cell with its double step: an enemy pawn that attacks it may take "
        "that pawn here, on this move only.",
        present.MarkStyle.TINT,
        "#8fbf6a",
    ),
)
HIERARCHY = (
    "Capture hierarchy: King = Queen, above Dragon = Elephant, above Knight = Guard, above "
    "Pawn. A piece takes an equal or lower piece alone; a higher one only while a second piece "
    "of its side attacks it too. A piece that has just captured is unprotected: any attacker "
    "may take it alone."
)
CHECK = (
    "Check is an attack on the King by two enemy pieces, or by the Queen alone; a King never "
    "moves where it could be taken."
)


def name(kind: int) -> str:
    return NAMES[kind]


# -- the board ------------------------------------------------------------------------------


def layout(rules: ImperialHex) -> present.Layout:
    """The hex board, letters in discs for all seven kinds (see the module docstring)."""
    names = tuple((LETTERS[kind], NAMES[kind]) for kind in KINDS)
    return present.Layout(geometry=rules.geometry, legend=LEGEND, piece_names=names, figures=False)


# -- the table ------------------------------------------------------------------------------


def scene(rules: ImperialHex, state: st.State, seat: int) -> present.Scene:
    pos = rules.board(state)
    actor = rules.actors(state)
    acting = bool(actor) and actor[0] == seat
    items: tuple[present.Item, ...] = (
        present.Note(HIERARCHY, "hierarchy"),
        present.Note(CHECK, "check"),
    )
    if isinstance(state, st.Setup):
        return present.Scene(
            pieces=_pieces(rules, pos),
            items=items,
            highlight=_scout_cells(rules, state) if acting else (),
            prompt=_setup_prompt(rules, state) if acting else "",
            status=_setup_status(state),
        )
    check = _check(rules, state)
    return present.Scene(
        pieces=_pieces(rules, state),
        items=items,
        check=check,
        prompt=_move_prompt(rules, state, bool(check)) if acting else "",
        status=status(rules, state),
    )


def _pieces(rules: ImperialHex, pos: st.HexPosition) -> tuple[present.Piece, ...]:
    t = rules.tables
    out = []
    for cell in cellset.cells(pos.occupied):
        bit = 1 << cell
        kind = t.kind_at(pos.pieces, bit)
        owner = 0 if pos.colours[0] & bit else 1
        marks = (present.Mark(UNPROTECTED),) if cell == pos.exposed else ()
        out.append(present.Piece(cell, LETTERS[kind], owner, marks))
    if pos.ep >= 0:
        out.append(present.Piece(pos.ep, "", -1, (present.Mark(PASSED),)))
    return tuple(out)


def _check(rules: ImperialHex, pos: st.HexPosition) -> tuple[int, ...]:
    if not rules.in_check(pos):
        return ()
    return (movegen.king_cell(pos, pos.turn),)


def scout_cell(seat: int, pair: tuple[int, int]) -> int:
    """The cell of a scout pair on the placer's left (White's left is the low number)."""
    return min(pair) if seat == 0 else max(pair)


def _scout_cells(rules: ImperialHex, state: st.Setup) -> tuple[int, ...]:
    pairs = scout_pairs(rules.geometry, state.placing)
    return tuple(sorted(scout_cell(state.placing, p) for p in pairs))


def _setup_prompt(rules: ImperialHex, state: st.Setup) -> str:
    g = rules.geometry
    row = g.name(next(iter(cellset.cells(g.row(4, state.placing)))))[0]
    return (
        f"Place your two scouts ({2 * len(state.scouts)} of 4 scouts placed): click a "
        f"highlighted cell on row {row}, your 5th row; one scout goes there and the other on "
        "its mirror cell across the centre line"
    )


def _setup_status(state: st.Setup) -> str:
    if state.first < 0:
        return "A coin toss decides who moves first"
    placer = SEATS[state.placing]
    return f"{placer} places two scouts on the 5th row ({2 * len(state.scouts)} of 4 placed)"


def _move_prompt(rules: ImperialHex, pos: st.HexPosition, checked: bool) -> str:
    if checked:
        words = (
            "You are in check: capture or block an attacker, or move the King to a cell no "
            "enemy piece attacks"
        )
        if rules.king_last:
            words = (
                "You are in check: capture or block an attacker; the King may step away only "
                "if neither is possible"
            )
    else:
        words = "Your move: drag a piece, or click it and then its target"
    if pos.exposed >= 0:
        kind = rules.tables.kind_at(pos.pieces, 1 << pos.exposed)
        words += (
            f". The {name(kind)} on {rules.geometry.name(pos.exposed)} has just captured: any "
            "of your pieces attacking it may take it alone"
        )
    return words


def status(rules: ImperialHex, pos: st.HexPosition) -> str:
    """Whose move it is, or how the game ended."""
    ended = outcome_words(SEATS, rules.outcome(pos))
    if ended:
        return ended[0].upper() + ended[1:]
    words = f"{SEATS[pos.turn]} to move"
    return words + (", in check" if rules.in_check(pos) else "")


# -- gestures -------------------------------------------------------------------------------


def gesture(rules: ImperialHex, state: st.State, action: st.Action) -> present.Gesture:
    if isinstance(action, st.Scouts) and isinstance(state, st.Setup):
        return present.Click(scout_cell(state.placing, action.cells))
    if isinstance(action, st.Move) and isinstance(state, st.HexPosition):
        return present.Move(action.origin, action.target, _choice(rules, state, action))
    return present.Button(rules.action_text(state, action))  # the coin toss is chance, never made


def _choice(rules: ImperialHex, pos: st.HexPosition, move: st.Move) -> present.Choice | None:
    """Told apart only where moves share a drag: a promotion, or en passant or not."""
    rivals = [
        m
        for m in rules.moves(pos)
        if (m.origin, m.target) == (move.origin, move.target) and m != move
    ]
    if not rivals:
        return None
    if any(m.en_passant != move.en_passant for m in rivals):
        label = "take en passant" if move.en_passant else "step without taking"
        return present.Choice(label, "P", pos.turn)
    if move.promotion:
        return present.Choice(name(KIND_OF_LETTER[move.promotion]), move.promotion, pos.turn)
    return present.Choice("stay a pawn", "P", pos.turn)


# -- the move list ----------------------------------------------------------------------------


def notate(rules: ImperialHex, state: st.State, action: st.Action, seat: int) -> str:
    g = rules.geometry
    if isinstance(action, st.CoinToss):
        return f"coin toss: {SEATS[action.first]} moves first"
    if isinstance(action, st.Scouts):
        return "scouts " + " ".join(g.name(c) for c in action.cells)
    if not isinstance(state, st.HexPosition):
        return rules.action_text(state, action)
    kind = rules.tables.kind_at(state.pieces, 1 << action.origin)
    letter = "" if kind == PAWN else LETTERS[kind] + " "
    text = letter + rules.action_text(state, action)
    if action.en_passant:
        text += " e.p."
    after = movegen.make_move(rules.tables, state, action)
    result = rules.outcome(after)
    if result is not None and result.reason == "checkmate":
        return text + "#"
    return text + ("+" if rules.in_check(after) else "")


def board_text(rules: ImperialHex, state: st.State, seat: int) -> str:
    """The position as text, then the status line."""
    return f"{rules.write_position(rules.board(state))}\n{rules.status(state)}"
