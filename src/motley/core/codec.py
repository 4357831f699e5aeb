"""States as JSON, written and read back from their declared fields.

A game's state is a frozen dataclass or a named tuple. `StateCodec` writes each field under
its name and reads it back with the same `Form`, so that every field is validated the same
way and a bad file is refused with one line naming the field. Fields of plain types (int,
str, bool, float, tuples and frozensets of them, optional values) find their form from the
annotation; a field whose JSON differs (a board as FEN, a cell as its name) names its form.
A game adds only its own checks (`check`), such as "a king of each colour".

Fields left at their default are left out when `omit_defaults` is set, so that states saved
before a field was added keep loading and files stay short.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
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


class StateCodec(Generic[S]):
    """JSON in and out for one state class, field by field."""

    def __init__(
        self,
        game: str,
        cls: type[S],
        forms: Mapping[str, Form[Any]] | None = None,
        *,
        check: Callable[[S], None] | None = None,
        omit_defaults: bool = True,
    ) -> None:
        self.game = game
        self.cls = cls
        self.check = check
        self.omit_defaults = omit_defaults
        hints = typing.get_type_hints(cls)
        given = dict(forms or {})
        self.forms: dict[str, Form[Any]] = {}
        self.defaults: dict[str, Any] = {}
        for name, default in _fields(cls):
            self.forms[name] = given.pop(name) if name in given else form_of(hints[name])
            if default is not _REQUIRED:
                self.defaults[name] = default
        if given:
            raise TypeError(f"{cls.__name__} has no fields {sorted(given)}")

    def write(self, state: S) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, form in self.forms.items():
            value = getattr(state, name)
            if self.omit_defaults and name in self.defaults and value == self.defaults[name]:
                continue
            out[name] = form.write(value)
        return out

    def read(self, data: Any) -> S:
        if not isinstance(data, Mapping):
            raise StateError(f"{self.game}: a state must be a JSON object")
        unknown = sorted(set(data) - set(self.forms))
        if unknown:
            raise StateError(f"{self.game}: unknown state field {unknown[0]!r}")
        values: dict[str, Any] = {}
        for name, form in self.forms.items():
            if name not in data:
                if name not in self.defaults:
                    raise StateError(f"{self.game}: the state needs {name!r}")
                values[name] = self.defaults[name]
                continue
            try:
                values[name] = form.read(data[name])
            except MotleyError as error:  # a game's own reader said what was wrong
                said = str(error).removeprefix(f"{self.game}: ")
                raise StateError(f"{self.game}: {name!r}: {said}") from None
            except (ValueError, TypeError, KeyError, IndexError):
                raise StateError(f"{self.game}: {name!r}: must be {form.name}") from None
        state = self.cls(**values)
        if self.check is not None:
            self.check(state)
        return state


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
