"""How Masquerade Chess is shown and played: the secret tables as grids seen in full by the
one who fills them in, filling them in by clicking their squares (rows in any order),
"Capture?" as a drag, and setup left out of the move list.

The tables used: White gives Black's pieces KQ QN RB BK NR (the seed's example), Black gives
White's pieces their own captures. After 1. e4 e5 2. Nf3 Nc6 3. Nxe5 (a knight's capture: yes),
Black's Nc6xe5 asks with a knight's capture and hears no (Black's knight captures as a rook).
"""

from __future__ import annotations

import pytest

from motley.core.present import Grid, Mark, Move, Note, Pick
from motley.core.rules import SPECTATOR
from motley.games.masquerade import MasqueradeChess
from motley.games.masquerade.state import MasqueradeState
from motley.games.masquerade.test_scenarios import play

TABLES = "KQ QN RB BK NR KK QQ RR BB NN"
OPENING = "e2e4 e7e5 g1f3 b8c6 f3xe5"


@pytest.fixture
def rules() -> MasqueradeChess:
    return MasqueradeChess()


def grids(rules: MasqueradeChess, state: MasqueradeState, seat: int) -> dict[str, Grid]:
    scene = rules.scene(rules.view(state, seat), seat)
    return {item.id: item for item in scene.items if isinstance(item, Grid)}


def row(grid: Grid, head: str) -> tuple[str, ...]:
    return dict(grid.rows)[head]


def test_filling_in_a_table_is_clicking_its_squares_in_any_row(rules: MasqueradeChess) -> None:
    state = rules.initial_state()
    view = rules.view(state, 0)
    picked = {}
    for action in rules.legal_actions(state):
        gesture = rules.gesture(view, action)
        assert isinstance(gesture, Pick) and gesture.item == "secret-1"
        picked[gesture.index] = rules.action_text(state, action)
        assert rules.notate(state, action, 0) == rules.notate(state, action, 1) == ""
    assert len(picked) == 25 and picked[0] == "KK" and picked[1] == "KQ"
    assert picked[4 * 5 + 2] == "NR"  # row knight, column "like R"
    scene = rules.scene(view, 0)
    assert scene.prompt.startswith("Fill in Black's secret table: click a square")
    assert "rows in any order (0 of 5 rows done" in scene.prompt
    assert rules.scene(rules.view(state, 1), 1).prompt == ""
    assert rules.scene(rules.view(state, 1), 1).status == "White is filling in Black's secret table"
    state = play(rules, "NR KQ", state)
    view = rules.view(state, 0)
    assert "(2 of 5 rows done" in rules.scene(view, 0).prompt
    secret = grids(rules, state, 0)["secret-1"]
    assert row(secret, "knight") == ("", "", "O", "", "")
    assert "Rows left, in any order: queen, rook, bishop." in secret.note
    # the squares left to click: rows Q, R, B, columns K, N, B
    gestures = [rules.gesture(view, a) for a in rules.legal_actions(state)]
    left = {g.index for g in gestures if isinstance(g, Pick)}
    assert left == {r * 5 + c for r in (1, 2, 3) for c in (0, 3, 4)}


def test_the_secret_table_is_seen_by_the_one_who_fills_it_in(rules: MasqueradeChess) -> None:
    state = play(rules, "KQ")
    secret = grids(rules, state, 0)["secret-1"]
    assert secret.owner == 0
    assert row(secret, "king") == ("", "O", "", "", "")
    assert row(secret, "queen") == ("", "", "", "", "")
    assert "secret-1" not in grids(rules, state, 1)
    assert "secret-1" not in grids(rules, state, SPECTATOR)
    state = play(rules, TABLES.removeprefix("KQ "), state)
    assert row(grids(rules, state, 1)["secret-0"], "knight") == ("", "", "", "", "O")
    assert "secret-0" not in grids(rules, state, 0)


def test_a_refused_capture_is_a_drag_and_fills_in_the_tables(rules: MasqueradeChess) -> None:
    g = rules.t.geometry
    state = play(rules, TABLES + " " + OPENING)
    attempt = rules.parse_action(state, "c6xe5")
    assert rules.gesture(rules.view(state, 1), attempt) == Move(g.parse("c6"), g.parse("e5"))
    for seat in (0, 1, SPECTATOR):
        assert rules.notate(state, attempt, seat) == "Nxe5? no"
    after = play(rules, "c6xe5", state)
    # Black learns its knight does not capture like a knight; everyone heard the answer
    for seat in (1, SPECTATOR):
        assert row(grids(rules, after, seat)["learned-1"], "knight")[4] == "X"
    # White, who gave Black's knight a rook's capture, sees what Black has ruled out
    assert row(grids(rules, after, 0)["secret-1"], "knight") == ("", "", "O", "", "x")
    notes = [i.text for i in rules.scene(rules.view(after, 0), 0).items if isinstance(i, Note)]
    assert any('"Capture?" No' in text for text in notes)


def test_a_granted_capture_reads_as_san(rules: MasqueradeChess) -> None:
    state = play(rules, TABLES + " e2e4 e7e5 g1f3 b8c6")
    capture = rules.parse_action(state, "f3xe5")
    assert rules.notate(state, capture, 1) == "Nxe5"
    scene = rules.scene(rules.view(state, 0), 0)
    assert "Capture?" in scene.prompt and scene.status == "White to move"


def test_promoted_pieces_are_marked_when_they_capture_as_themselves() -> None:
    rules = MasqueradeChess(
        {"promoted_capture": "own", "position": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"}
    )
    state = play(rules, TABLES + " a7a8q")
    scene = rules.scene(rules.view(state, 1), 1)
    queen = [p for p in scene.pieces if p.cell == rules.t.geometry.parse("a8")]
    assert queen and queen[0].marks == (Mark("promoted"),)
    assert [m.key for m in rules.layout().legend] == ["promoted"]
    assert MasqueradeChess().layout().legend == ()
