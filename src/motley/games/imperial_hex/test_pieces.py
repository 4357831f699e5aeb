"""The piece table: what the seed fixes holds for every table, provisional or not.

"Only Guards and Knights can jump over obstructing pieces", "Guards remain on the same colour
spaces throughout the game" and the piece values are facts of the text; the moves are not.
Tables that break a fact are refused when loaded, and random tables that pass are played to
see that no move breaks one.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motley.core.errors import MotleyError, OptionError
from motley.core.rules import NodeKind
from motley.games.imperial_hex.pieces import (
    GUARD,
    JUMPERS,
    LEVEL,
    NAMES,
    PAWN,
    PROVISIONAL,
    VALUE,
    load_table,
    table_json,
)
from motley.games.imperial_hex.rules import ImperialHex
from motley.games.imperial_hex.state import HexPosition, Move
from motley.geometry.hex import CORNER, EDGE, KNIGHT, hex_board

G = hex_board()


def test_values_and_levels_are_the_seeds() -> None:
    assert dict(zip(NAMES, VALUE, strict=True)) == {
        "King": 6,
        "Queen": 30,
        "Dragon": 20,
        "Elephant": 18,
        "Knight": 8,
        "Guard": 6,
        "Pawn": 2,
    }
    assert dict(zip(NAMES, LEVEL, strict=True)) == {
        "King": 1,
        "Queen": 1,
        "Dragon": 2,
        "Elephant": 2,
        "Knight": 3,
        "Guard": 3,
        "Pawn": 4,
    }
    assert {NAMES[k] for k in JUMPERS} == {"Guard", "Knight"}


def with_piece(name: str, strides: list[dict[str, Any]]) -> str:
    return json.dumps({**PROVISIONAL, name: strides})


@pytest.mark.parametrize(
    ("name", "strides", "words"),
    [
        ("king", [{"dirs": "knight"}], "only Guards and Knights jump"),
        ("dragon", [{"dirs": [[3, 0]], "range": 0}], "only Guards and Knights jump"),
        ("pawn", [{"dirs": [[1, 3]]}], "only Guards and Knights jump"),
        ("guard", [{"dirs": "edge"}], "never change colour"),
        ("guard", [{"dirs": [[1, 2], [1, 0]]}], "never change colour"),
        ("pawn", [{"dirs": [[1, 0]]}], "advance"),
        ("pawn", [{"dirs": "forward-diagonal", "range": 2}], "one step"),
        ("queen", [{"dirs": "sideways-ish"}], "unknown direction group"),
        ("queen", [{"dirs": [[0, 0]]}], "two whole numbers"),
        ("queen", [{"dirs": "royal", "range": -1}], "range"),
        ("queen", [{"dirs": "royal", "only": "sometimes"}], "move or capture"),
        ("queen", [], "non-empty list"),
        ("queen", [{"dirs": "royal", "speed": 3}], "dirs, range and only"),
    ],
)
def test_tables_breaking_the_text_are_refused(
    name: str, strides: list[dict[str, Any]], words: str
) -> None:
    with pytest.raises(OptionError, match=words) as info:
        ImperialHex({"moves": with_piece(name, strides)})
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    "text", ["{", "[]", '{"king": []}', "glinski", json.dumps({**PROVISIONAL, "rook": []})]
)
def test_malformed_tables_are_refused(text: str) -> None:
    with pytest.raises(MotleyError) as info:
        ImperialHex({"moves": text})
    assert "\n" not in str(info.value)


def test_knights_and_guards_may_jump() -> None:
    rules = ImperialHex({"moves": with_piece("guard", [{"dirs": [[3, 0], [-3, 0]]}])})
    assert rules.table.strides[GUARD][0].vectors == frozenset({(3, 0), (-3, 0)})


def test_a_table_written_out_loads_back_the_same() -> None:
    for preset in ("provisional", "provisional-pawn-ahead"):
        table = load_table(preset, G)
        again = load_table(json.dumps(table_json(table, G)), G)
        assert again.strides == table.strides


def test_provisional_moves_from_the_centre() -> None:
    """The provisional table on an empty board: 8 King steps, 12 Knight leaps, 6 Guard
    leaps, and the sliders' reach along their lines."""
    rules = ImperialHex()
    centre = G.parse("G5")
    reach = {kind: rules.tables.movement[0][kind].quiet(centre, 0).bit_count() for kind in range(7)}
    assert reach[0] == 8 and reach[4] == 12 and reach[5] == 6 and reach[6] == 2
    assert reach[1] == reach[2] + reach[3]  # the Queen is Dragon plus Elephant
    assert reach[2] == 8 + 6  # the row G and the straight line A2-M8
    assert reach[3] == 4 * 4  # four diagonals of four cells


# -- random tables: the fixed facts hold in play ---------------------------------------------

PLAIN_STEPS = [list(v) for v in EDGE + CORNER]
LEAPS = [list(v) for v in KNIGHT] + [[3, 0], [0, 3], [3, 3], [-3, 0], [0, -3], [-3, -3]]
GUARD_STEPS = [list(v) for v in CORNER] + [[3, 0], [0, 3], [-3, -3], [2, -2], [4, 2], [-4, 1]]
PAWN_STEPS = [[0, 1], [1, 1], [1, 2], [-1, 1], [2, 1]]


def stride_of(pool: list[list[int]], ranges: st.SearchStrategy[int]) -> st.SearchStrategy[Any]:
    return st.fixed_dictionaries(
        {
            "dirs": st.lists(st.sampled_from(pool), min_size=1, max_size=4, unique_by=tuple),
            "range": ranges,
            "only": st.sampled_from([None, None, "move", "capture"]),
        }
    ).map(lambda d: {k: v for k, v in d.items() if v is not None})


def strides(pool: list[list[int]], ranges: st.SearchStrategy[int]) -> st.SearchStrategy[Any]:
    return st.lists(stride_of(pool, ranges), min_size=1, max_size=3)


TABLES = st.fixed_dictionaries(
    {
        "king": strides(PLAIN_STEPS, st.just(1)),
        "queen": strides(PLAIN_STEPS, st.integers(0, 4)),
        "dragon": strides(PLAIN_STEPS, st.integers(0, 4)),
        "elephant": strides(PLAIN_STEPS, st.integers(0, 4)),
        "knight": strides(PLAIN_STEPS + LEAPS, st.integers(1, 2)),
        "guard": strides(GUARD_STEPS, st.integers(1, 2)),
        "pawn": strides(PAWN_STEPS, st.just(1)),
    }
)


def path_is_clear(pos: HexPosition, move: Move) -> bool:
    """The move goes along one edge or corner direction over empty cells only."""
    (q0, r0), (q1, r1) = G.coords(move.origin), G.coords(move.target)
    dq, dr = q1 - q0, r1 - r0
    for vq, vr in EDGE + CORNER:
        steps = dq // vq if vq else dr // vr
        if steps >= 1 and (steps * vq, steps * vr) == (dq, dr):
            between = [G.at(q0 + i * vq, r0 + i * vr) for i in range(1, steps)]
            return all(c is not None and not (pos.occupied >> c & 1) for c in between)
    return False


@settings(max_examples=20, deadline=None)
@given(table=TABLES, seed=st.integers(0, 2**16))
def test_any_table_keeps_the_fixed_facts(table: dict[str, Any], seed: int) -> None:
    rules = ImperialHex({"moves": json.dumps(table)})
    rng = random.Random(seed)
    state: Any = rules.initial_state()
    for _ in range(3):  # the coin and both scout placements
        if rules.kind(state) is NodeKind.CHANCE:
            options = [outcome for outcome, _ in rules.chance_outcomes(state)]
        else:
            options = list(rules.legal_actions(state))
        state = rules.apply(state, options[rng.randrange(len(options))])
    for _ in range(60):
        if rules.is_terminal(state):
            break
        moves = rules.legal_actions(state)
        move = moves[rng.randrange(len(moves))]
        assert isinstance(state, HexPosition) and isinstance(move, Move)
        kind = rules.tables.kind_at(state.pieces, 1 << move.origin)
        if kind not in JUMPERS:
            assert path_is_clear(state, move), (NAMES[kind], rules.action_text(state, move))
        for other in moves:
            assert isinstance(other, Move)
            if state.pieces[GUARD] >> other.origin & 1:
                assert G.shade(other.origin) == G.shade(other.target)
            if state.pieces[PAWN] >> other.origin & 1:
                assert G.row_of(other.target, state.turn) > G.row_of(other.origin, state.turn)
        state = rules.apply(state, move)
        rules.validate(state)
