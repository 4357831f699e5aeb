"""States as JSON, written and read back from their declared fields.

A game's state is a frozen dataclass or a named tuple. `StateCodec` writes each field under
its name and reads it back with the same `Form`, so that every field is validated the same
way and a bad file is refused with one line naming the field. Fields of plain types (int,
str, bool, float, tuples and frozensets of them, optional values) find their form from the
annotation; a field whose JSON differs (a board as FEN, a cell as its name) names its form.
Several fields may share one key (`Joint`: a board and its checkers as one marked FEN) and
one field may take several keys (`Spread`: a position as its placement, turn, castling and
en-passant keys). A game adds only its own checks (`check`), such as "a king of each colour",
and may fill in keys left out from the other fields (`complete`).

Fields left at their default are left out when `omit_defaults` is set, so that states saved
before a field was added keep loading and files stay short.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from motley.core.errors import MotleyError, StateError

T = TypeVar("T")
S = TypeVar("S")


@dataclass(frozen=True)
class Form(Generic[T]):
    """How one kind of value is written as JSON and read back; `read` raises ValueError."""

    name: str  # what a value must be, for errors: "a whole number", "a cell name"
    write: Callable[[T], Any]
    read: Callable[[Any], T]


def _exact(kind: type, name: str) -> Form[Any]:
    def read(data: Any) -> Any:
        # bool is an int to Python, never to a state file
        if isinstance(data, bool) is not (kind is bool) or not isinstance(data, kind):
            raise ValueError(name)
        return data

    return Form(name, lambda value: value, read)


INT: Form[int] = _exact(int, "a whole number")
STR: Form[str] = _exact(str, "a text")
BOOL: Form[bool] = _exact(bool, "true or false")


def _read_float(data: Any) -> float:
    if isinstance(data, bool) or not isinstance(data, int | float):
        raise ValueError("a number")
    return float(data)


FLOAT: Form[float] = Form("a number", lambda value: value, _read_float)


def tuple_of(form: Form[T]) -> Form[tuple[T, ...]]:
    """A tuple, written as a list of its items."""

    def read(data: Any) -> tuple[T, ...]:
        if not isinstance(data, list):
            raise ValueError(form.name)
        return tuple(form.read(item) for item in data)

    return Form(f"a list, each {form.name}", lambda value: [form.write(v) for v in value], read)


def frozenset_of(form: Form[T]) -> Form[frozenset[T]]:
    """A set, written as a sorted list so that equal sets write equal files."""
    listed = tuple_of(form)
    return Form(
        listed.name,
        lambda value: sorted(form.write(v) for v in value),
        lambda data: frozenset(listed.read(data)),
    )


def optional(form: Form[T]) -> Form[T | None]:
    """A value or null."""
    return Form(
        f"{form.name} or null",
        lambda value: None if value is None else form.write(value),
        lambda data: None if data is None else form.read(data),
    )


def pair_of(form: Form[T]) -> Form[tuple[T, T]]:
    """Two values, one per seat (White's first), written as a list of two."""
    listed = tuple_of(form)

    def read(data: Any) -> tuple[T, T]:
        items = listed.read(data)
        if len(items) != 2:
            raise ValueError(data)
        return items[0], items[1]

    return Form(f"two items, each {form.name}", listed.write, read)


def one_of(values: tuple[str, ...]) -> Form[str]:
    """A text that must be one of `values` (a phase by its name)."""

    def read(data: Any) -> str:
        if data not in values:
            raise ValueError(data)
        return str(data)

    return Form(f"one of {', '.join(values)}", lambda value: value, read)


def text_form(name: str, write: Callable[[T], str], read: Callable[[str], T]) -> Form[T]:
    """A value written as one text (a FEN, a cell name); `read` raises ValueError or a
    MotleyError, whose message is kept."""

    def checked(data: Any) -> T:
        if not isinstance(data, str):
            raise ValueError(name)
        return read(data)

    return Form(name, write, checked)


_PLAIN: dict[Any, Form[Any]] = {int: INT, str: STR, bool: BOOL, float: FLOAT}


def form_of(annotation: Any) -> Form[Any]:
    """The form a plain annotation implies; TypeError for one that needs its form named."""
    if annotation in _PLAIN:
        return _PLAIN[annotation]
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return tuple_of(form_of(args[0]))
    if origin is frozenset and len(args) == 1:
        return frozenset_of(form_of(args[0]))
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return optional(form_of(next(a for a in args if a is not type(None))))
    raise TypeError(f"no plain JSON form for {annotation!r}: name the field's form")


@dataclass(frozen=True)
class Joint:
    """Several fields saved under one key, read and written as the tuple of their values by
    one form: a board and its checkers as one FEN whose placement marks them."""

    fields: tuple[str, ...]
    form: Form[tuple[Any, ...]]


@dataclass(frozen=True)
class Spread:
    """Fields saved under several keys, the reverse of a `Joint`: a position saved as its
    placement, turn, castling and en-passant keys.

    Each key is read by its own form (`keys`, in the order written); `join` then makes the
    fields' values of the keys' values and `split` the keys' values of the fields'. `join`
    raises ValueError or a MotleyError, refused with the keys it joined."""

    fields: tuple[str, ...]
    keys: Mapping[str, Form[Any]]
    split: Callable[[tuple[Any, ...]], tuple[Any, ...]]
    join: Callable[[tuple[Any, ...]], tuple[Any, ...]]


def _one(values: tuple[Any, ...]) -> tuple[Any, ...]:
    return (values,)  # a joint's fields, as the one value of its key


def _first(values: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(values[0])  # a joint's key, as the values of its fields


@dataclass(frozen=True)
class _Group:
    """Fields and the keys saving them: one and one, a `Joint` or a `Spread`."""

    fields: tuple[str, ...]
    forms: Mapping[str, Form[Any]]  # by key, in order
    split: Callable[[tuple[Any, ...]], tuple[Any, ...]] | None = None  # None: as they are
    join: Callable[[tuple[Any, ...]], tuple[Any, ...]] | None = None


class StateCodec(Generic[S]):
    """JSON in and out for one state class, field by field (or a `Joint` of fields a key, or
    a `Spread` of fields over several keys).

    `order` lists the keys in the order they are written, where files kept another order
    than the fields'; by default the fields' order. `defaults` gives fields without a default
    in the class one for files that leave them out; `complete` then fills in what depends on
    other fields (it gets the state and the keys left out), before `check`. `required` names
    keys a file must hold although their fields have defaults."""

    def __init__(
        self,
        game: str,
        cls: type[S],
        forms: Mapping[str, Form[Any]] | None = None,
        *,
        joints: Mapping[str, Joint] | None = None,
        spreads: Sequence[Spread] = (),
        order: Sequence[str] | None = None,
        defaults: Mapping[str, Any] | None = None,
        required: Collection[str] = (),
        complete: Callable[[S, frozenset[str]], S] | None = None,
        check: Callable[[S], None] | None = None,
        omit_defaults: bool = True,
    ) -> None:
        self.game = game
        self.cls = cls
        self.complete = complete
        self.check = check
        self.omit_defaults = omit_defaults
        self.required = frozenset(required)
        hints = typing.get_type_hints(cls)
        given = dict(forms or {})
        claimed: dict[str, _Group] = {}
        for key, joint in (joints or {}).items():
            group = _Group(joint.fields, {key: joint.form}, _one, _first)
            claimed.update(dict.fromkeys(joint.fields, group))
        for spread in spreads:
            group = _Group(spread.fields, dict(spread.keys), spread.split, spread.join)
            claimed.update(dict.fromkeys(spread.fields, group))
        self.groups: list[_Group] = []
        self.defaults: dict[str, Any] = {}
        for name, default in _fields(cls):
            if default is not _REQUIRED:
                self.defaults[name] = default
            if name in claimed:
                if claimed[name] not in self.groups:
                    self.groups.append(claimed[name])
                del claimed[name]
                continue
            form = given.pop(name) if name in given else form_of(hints[name])
            self.groups.append(_Group((name,), {name: form}))
        extra = {*given, *claimed, *(defaults or {})} - set(hints)
        if extra:
            raise TypeError(f"{cls.__name__} has no fields {sorted(extra)}")
        self.defaults.update(defaults or {})
        self.forms: dict[str, Form[Any]] = {}  # by JSON key, in the order written
        for group in self.groups:
            self.forms.update(group.forms)
        self.order: tuple[str, ...] | None = None
        if order is not None:
            if sorted(order) != sorted(self.forms):
                raise TypeError(f"the order must list the keys {sorted(self.forms)}")
            self.order = tuple(order)
            self.forms = {key: self.forms[key] for key in order}
        if not self.required <= set(self.forms):
            raise TypeError(f"no keys {sorted(self.required - set(self.forms))} to require")

    def write(self, state: S) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for group in self.groups:
            values = tuple(getattr(state, name) for name in group.fields)
            if group.split is not None:
                values = group.split(values)
            elif self.omit_defaults and values[0] == self.defaults.get(group.fields[0], _REQUIRED):
                continue
            for (key, form), value in zip(group.forms.items(), values, strict=True):
                out[key] = form.write(value)
        if self.order is None:
            return out
        return {key: out[key] for key in self.order if key in out}

    def read(self, data: Any) -> S:
        if not isinstance(data, Mapping):
            raise StateError(f"{self.game}: a state must be a JSON object")
        unknown = sorted(set(data) - set(self.forms))
        if unknown:
            raise StateError(f"{self.game}: unknown state field {unknown[0]!r}")
        values: dict[str, Any] = {}
        left_out: list[str] = []
        for group in self.groups:
            absent = [key for key in group.forms if key not in data]
            if absent:
                if (
                    len(absent) < len(group.forms)
                    or any(name not in self.defaults for name in group.fields)
                    or not self.required.isdisjoint(absent)
                ):
                    raise StateError(f"{self.game}: the state needs {absent[0]!r}")
                values.update((name, self.defaults[name]) for name in group.fields)
                left_out += absent
                continue
            read = tuple(
                self._reading((key,), form.read, data[key], form.name)
                for key, form in group.forms.items()
            )
            if group.join is not None:
                read = self._reading(tuple(group.forms), group.join, read)
            values.update(zip(group.fields, read, strict=True))
        state = self.cls(**values)
        if self.complete is not None:
            state = self.complete(state, frozenset(left_out))
        if self.check is not None:
            self.check(state)
        return state

    def _reading(
        self, keys: tuple[str, ...], read: Callable[[Any], T], data: Any, must: str = ""
    ) -> T:
        """`read(data)`, any error refused in one line naming `keys`."""
        try:
            return read(data)
        except MotleyError as error:  # a game's own reader said what was wrong
            said = str(error).removeprefix(f"{self.game}: ")
        except (ValueError, TypeError, KeyError, IndexError) as error:
            said = f"must be {must}" if must else str(error)
        named = "/".join(repr(key) for key in keys)
        raise StateError(f"{self.game}: {named}: {said}")


_REQUIRED = object()


def _fields(cls: type) -> list[tuple[str, Any]]:
    if dataclasses.is_dataclass(cls):
        found = []
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                found.append((f.name, f.default))
            elif f.default_factory is not dataclasses.MISSING:
                found.append((f.name, f.default_factory()))
            else:
                found.append((f.name, _REQUIRED))
        return found
    names: tuple[str, ...] = getattr(cls, "_fields", ())  # a named tuple
    if not names:
        raise TypeError(f"{cls.__name__} is neither a dataclass nor a named tuple")
    defaults: dict[str, Any] = getattr(cls, "_field_defaults", {})
    return [(name, defaults.get(name, _REQUIRED)) for name in names]
