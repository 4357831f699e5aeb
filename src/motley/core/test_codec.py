"""The typed state codec: fields written by name, read back validated, defaults left out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import pytest

from motley.core.codec import INT, Joint, Spread, StateCodec, one_of, pair_of, text_form
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


class Marked(NamedTuple):
    cell: int
    mark: str
    phase: str = "play"
    sides: tuple[int, int] = (0, 0)


# a cell and its mark saved as one text (`d*`), the way a FEN's placement carries checkers
MARKED = Joint(
    ("cell", "mark"),
    text_form(
        "a letter a-h and a mark",
        lambda pair: "abcdefgh"[pair[0]] + pair[1],
        lambda text: ("abcdefgh".index(text[0]), text[1:]),
    ),
)


def marked_codec() -> StateCodec[Marked]:
    return StateCodec(
        "toy",
        Marked,
        {"phase": one_of(("play", "over")), "sides": pair_of(INT)},
        joints={"at": MARKED},
        order=("sides", "at", "phase"),
        omit_defaults=False,
    )


def test_a_joint_saves_two_fields_in_one_key_in_the_given_order() -> None:
    codec = marked_codec()
    state = Marked(3, "*", "over", (2, 5))
    data = codec.write(state)
    assert list(data.items()) == [("sides", [2, 5]), ("at", "d*"), ("phase", "over")]
    assert codec.read(data) == state


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"sides": [1, 2], "phase": "play"}, "toy: the state needs 'at'"),
        ({"at": "z*"}, "toy: 'at': must be a letter a-h and a mark"),
        ({"at": "a", "cell": 1}, "toy: unknown state field 'cell'"),
        ({"at": "a", "phase": "later"}, "toy: 'phase': must be one of play, over"),
        ({"at": "a", "sides": [1]}, "toy: 'sides': must be two items, each a whole number"),
    ],
)
def test_a_joint_refuses_with_its_key(data: object, said: str) -> None:
    with pytest.raises(StateError) as refused:
        marked_codec().read(data)
    assert str(refused.value) == said


def test_the_order_must_list_every_key() -> None:
    with pytest.raises(TypeError, match="the order must list the keys"):
        StateCodec(
            "toy", Marked, {"sides": pair_of(INT)}, joints={"at": MARKED}, order=("at", "phase")
        )


class Spot(NamedTuple):
    at: tuple[int, int]  # (file, rank), saved as two keys
    label: str = ""
    trail: tuple[int, ...] = ()


def _join_spot(keys: tuple[object, ...]) -> tuple[tuple[int, int]]:
    file, rank = keys
    assert isinstance(file, str) and isinstance(rank, int)
    if not 1 <= rank <= 8:
        raise ValueError(f"rank {rank} is off the board")
    return (("abcdefgh".index(file), rank),)


# one field spread over two keys, the way a position is saved as placement, turn and so on
SPOT = Spread(
    ("at",),
    {"file": text_form("a letter a-h", str, lambda text: text), "rank": INT},
    lambda fields: ("abcdefgh"[fields[0][0]], fields[0][1]),
    _join_spot,
)


def spot_codec(**extra: Any) -> StateCodec[Spot]:
    return StateCodec("toy", Spot, spreads=(SPOT,), omit_defaults=False, **extra)


def test_a_spread_saves_one_field_under_several_keys() -> None:
    codec = spot_codec(order=("label", "file", "rank", "trail"))
    state = Spot((2, 5), "x", (1,))
    data = codec.write(state)
    assert list(data.items()) == [("label", "x"), ("file", "c"), ("rank", 5), ("trail", [1])]
    assert codec.read(data) == state


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"file": "c"}, "toy: the state needs 'rank'"),
        ({"file": "c", "rank": "5"}, "toy: 'rank': must be a whole number"),
        ({"file": "c", "rank": 9}, "toy: 'file'/'rank': rank 9 is off the board"),
        ({"file": "c", "rank": 5, "at": "c5"}, "toy: unknown state field 'at'"),
    ],
)
def test_a_spread_refuses_with_the_keys_it_joins(data: object, said: str) -> None:
    with pytest.raises(StateError) as refused:
        spot_codec().read(data)
    assert str(refused.value) == said


def test_defaults_for_left_out_keys_and_a_hook_that_completes_them() -> None:
    def complete(spot: Spot, left_out: frozenset[str]) -> Spot:
        # a trail left out starts where the spot stands
        return spot._replace(trail=(spot.at[0],)) if "trail" in left_out else spot

    codec = spot_codec(defaults={"at": (0, 1)}, complete=complete)
    assert codec.read({}) == Spot((0, 1), "", (0,))
    assert codec.read({"file": "d", "rank": 2, "trail": []}) == Spot((3, 2), "", ())


def test_required_keys_must_be_there_despite_a_default() -> None:
    codec = spot_codec(required=("label",))
    with pytest.raises(StateError, match=r"^toy: the state needs 'label'$"):
        codec.read({"file": "a", "rank": 1})
    assert codec.read({"file": "a", "rank": 1, "label": ""}) == Spot((0, 1))
    with pytest.raises(TypeError, match="no keys"):
        spot_codec(required=("colour",))
    with pytest.raises(TypeError, match="has no fields"):
        spot_codec(defaults={"colour": 1})
