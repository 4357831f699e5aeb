"""Remembering the answer for the last state asked about.

Search and the interfaces ask a rules object about the same state many times in a row (its
kind, its actors, its legal actions, how it ended). States are immutable, so the answer for
the state last asked about can be kept and compared by identity. `last_asked` is that memo,
written once: the rules stay stateless in everything they mean, and a method says only that
its answer is worth keeping. `recently_asked` keeps more answers, compared by value, for the
few answers that cost a search of their own and that a tree search asks for out of order.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")

_MISSING = object()


def last_asked(method: Callable[..., R]) -> Callable[..., R]:
    """Keep `method(self, state, *args)`'s answer for the last `state` (by identity) and args."""
    slot = f"_last_{method.__name__}"
    arity = len(inspect.signature(method).parameters)
    if arity == 2:
        return _last_state(method, slot)
    if arity == 3:
        return _last_state_and(method, slot)

    @functools.wraps(method)
    def remembered(self: Any, state: Any, *args: Any) -> R:
        kept = self.__dict__.get(slot, _MISSING)
        if kept is not _MISSING and kept[0] is state and kept[1] == args:
            return kept[2]  # type: ignore[no-any-return]
        answer = method(self, state, *args)
        # one assignment, so a reader on another thread sees the old triple or the new one
        self.__dict__[slot] = (state, args, answer)
        return answer

    return remembered


def _last_state(method: Callable[[Any, Any], R], slot: str) -> Callable[..., R]:
    """`last_asked` for a method of the state alone: asked on every ply of search, so lean."""

    @functools.wraps(method)
    def remembered(self: Any, state: Any) -> R:
        kept = self.__dict__.get(slot, _MISSING)
        if kept is not _MISSING and kept[0] is state:
            return kept[1]  # type: ignore[no-any-return]
        answer = method(self, state)
        self.__dict__[slot] = (state, answer)
        return answer

    return remembered


def _last_state_and(method: Callable[[Any, Any, Any], R], slot: str) -> Callable[..., R]:
    """`last_asked` for a method of the state and one more argument (a seat, say)."""

    @functools.wraps(method)
    def remembered(self: Any, state: Any, arg: Any) -> R:
        kept = self.__dict__.get(slot, _MISSING)
        if kept is not _MISSING and kept[0] is state and kept[1] == arg:
            return kept[2]  # type: ignore[no-any-return]
        answer = method(self, state, arg)
        self.__dict__[slot] = (state, arg, answer)
        return answer

    return remembered


def recently_asked(size: int) -> Callable[[Callable[[Any, Any], R]], Callable[..., R]]:
    """Keep `method(self, state)`'s answers for up to `size` states (equal states share one),
    forgetting them all when full."""

    def wrap(method: Callable[[Any, Any], R]) -> Callable[..., R]:
        slot = f"_recent_{method.__name__}"

        @functools.wraps(method)
        def remembered(self: Any, state: Any) -> R:
            kept: dict[Any, R] | None = self.__dict__.get(slot)
            if kept is None:
                kept = self.__dict__[slot] = {}
            answer = kept.get(state, _MISSING)
            if answer is _MISSING:
                answer = method(self, state)
                if len(kept) >= size:
                    kept.clear()
                kept[state] = answer
            return answer  # type: ignore[return-value]

        return remembered

    return wrap
