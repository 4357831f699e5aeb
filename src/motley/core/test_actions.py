"""The shared action shapes: a game's one-line subclass is a value of its own type."""

from __future__ import annotations

import dataclasses
import itertools
import pickle

import pytest

from motley.core.actions import FromTo, LetterOnCell, OnCell, Word, listed


class Pass(FromTo):
    """A pass from `origin` to `target`."""

    __slots__ = ()


class RefMove(FromTo):
    """A referee's move from `origin` to `target`."""

    __slots__ = ()


class Drop(OnCell):
    """A drop on `cell`."""

    __slots__ = ()


class Place(LetterOnCell):
    """A piece put on `cell`."""

    __slots__ = ()


class Said(Word):
    """A word."""

    __slots__ = ()


VALUES = (Pass(1, 2), RefMove(1, 2), Drop(5), Place("Q", 3), Said("end"))


def test_same_fields_other_class_is_another_value() -> None:
    alike: tuple[object, ...] = (Pass(1, 2), RefMove(1, 2), FromTo(1, 2), Said("end"), Word("end"))
    for first, second in itertools.combinations(alike, 2):
        assert first != second
    assert Pass(1, 2) == Pass(1, 2)
    assert len({Pass(1, 2), RefMove(1, 2), Pass(1, 2)}) == 2
    assert hash(Pass(1, 2)) == hash(Pass(1, 2))


def test_repr_names_the_game_s_class() -> None:
    assert repr(Pass(1, 2)) == "Pass(origin=1, target=2)"
    assert repr(Place("Q", 3)) == "Place(letter='Q', cell=3)"
    assert repr(Said("end")) == "Said(word='end')"


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_pickles_to_an_equal_value_of_the_same_class(value: object) -> None:
    back = pickle.loads(pickle.dumps(value))
    assert back == value
    assert type(back) is type(value)
    assert hash(back) == hash(value)


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_frozen_and_without_a_dict(value: object) -> None:
    assert not hasattr(value, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, dataclasses.fields(value)[0].name, 9)  # type: ignore[arg-type]


def test_pattern_matching_tells_the_classes_apart() -> None:
    def kind(action: object) -> str:
        match action:
            case Pass(origin, target):
                return f"pass {origin}-{target}"
            case RefMove(target=target):
                return f"ref to {target}"
            case Place(letter, cell):
                return f"{letter}@{cell}"
        return "other"

    assert kind(Pass(1, 2)) == "pass 1-2"
    assert kind(RefMove(1, 2)) == "ref to 2"
    assert kind(Place("Q", 3)) == "Q@3"
    assert kind(Drop(3)) == "other"


def test_listed_finds_the_objects_themselves_not_equal_values() -> None:
    offered = [OnCell(1), OnCell(2)]
    assert listed(offered, offered[1])
    assert not listed(offered, OnCell(2))  # equal, but not one of the listed objects
    assert OnCell(2) in offered  # which the legality tests then find by value
