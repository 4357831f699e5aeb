"""The typed state codec: fields written by name, read back validated, defaults left out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pytest

from motley.core.codec import INT, StateCodec, text_form
from motley.core.errors import StateError


@dataclass(frozen=True)
class Table:
    cell: int
    names: tuple[str, ...]
    marks: frozenset[int] = frozenset()
    note: str | None = None
    done: bool = False


class Pair(NamedTuple):
    left: int
    right: int = 0


LETTERS = text_form(
    "a letter a-h", lambda cell: "abcdefgh"[cell], lambda text: "abcdefgh".index(text)
)


def test_round_trip_leaves_defaults_out() -> None:
    codec = StateCodec("toy", Table, {"cell": LETTERS})
    state = Table(3, ("x", "y"), frozenset({5, 1}))
    data = codec.write(state)
    assert data == {"cell": "d", "names": ["x", "y"], "marks": [1, 5]}
    assert codec.read(data) == state


def test_named_tuples_and_missing_defaults() -> None:
    codec = StateCodec("toy", Pair)
    assert codec.read({"left": 2}) == Pair(2, 0)
    assert codec.write(Pair(2, 7)) == {"left": 2, "right": 7}


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ([], "toy: a state must be a JSON object"),
        ({"names": []}, "toy: the state needs 'cell'"),
        ({"cell": "d", "names": [], "colour": 1}, "toy: unknown state field 'colour'"),
        ({"cell": "z", "names": []}, "toy: 'cell': must be a letter a-h"),
        ({"cell": "a", "names": [1]}, "toy: 'names': must be a list, each a text"),
        ({"cell": "a", "names": [], "done": 1}, "toy: 'done': must be true or false"),
        (
            {"cell": "a", "names": [], "marks": [True]},
            "toy: 'marks': must be a list, each a whole number",
        ),
    ],
)
def test_bad_files_get_one_line_naming_the_field(data: object, said: str) -> None:
    codec = StateCodec("toy", Table, {"cell": LETTERS})
    with pytest.raises(StateError) as refused:
        codec.read(data)
    assert str(refused.value) == said


def test_a_game_adds_its_own_check() -> None:
    def check(pair: Pair) -> None:
        if pair.left == pair.right:
            raise StateError("toy: the two sides must differ")

    codec = StateCodec("toy", Pair, {"left": INT}, check=check)
    with pytest.raises(StateError, match="must differ"):
        codec.read({"left": 1, "right": 1})


def test_a_field_needing_a_form_must_name_it() -> None:
    @dataclass(frozen=True)
    class Odd:
        things: dict[str, int]

    with pytest.raises(TypeError, match="name the field's form"):
        StateCodec("toy", Odd)
