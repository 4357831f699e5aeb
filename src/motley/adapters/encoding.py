"""Integer codes for a game's actions, for the research adapters.

Motley's actions are typed values with a text notation; learning frameworks want a fixed range
of integers. The code of an action is read off its text:

* the text is cut into tokens: cell names of the game's board (the longest name that is not
  followed by a digit, so `e2e4` is two cells and `h1xb7` two cells around an `x`), whole
  numbers, single letters standing alone after a space or at the start (a piece or a card:
  `deal B`, `bury N@c6`), and everything else as literal characters;
* the literals with slots for the cells, numbers and letters make the action's *template*
  (`{c}{c}q` for a promotion to a queen, `roll {n} {n}`, `bury {l}@{c}`);
* every template of a game has a fixed place in a table (`encodings.json`); a cell slot
  ranges over every cell of the board, a letter slot over A-Z and a-z, and a number slot over
  0 to its bound (the largest number seen there plus one, rounded up to a power of two); a
  code is the template's offset plus the slots in mixed radix, so `e2e4` in chess is
  `from * 64 + to`.

The templates are found once, by seeded random games with the default options and with each
listed house rule in turn (`python -m motley.adapters.encoding` writes the table), and kept in
the table so codes never move: a new template is appended after the old ones. A game newer
than the table gets its templates found the same way when first used. Chance outcomes
have a table of their own, so their codes run from 0 to the game's number of chance outcomes.
An action whose text fits no template is refused with a one-line error naming it.
"""

from __future__ import annotations

import bisect
import functools
import json
import random
import re
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from motley.core import registry
from motley.core.errors import MotleyError
from motley.core.rules import NodeKind, Rules

CELL = "{c}"
NUMBER = "{n}"
LETTER = "{l}"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
SLOTS = (CELL, NUMBER, LETTER)
TABLE_FILE = "encodings.json"


class EncodingError(MotleyError):
    """An action or a code outside a game's integer encoding."""


def cell_names(rules: Rules[Any, Any]) -> tuple[str, ...]:
    """The board's cell names in cell order, off-board cells (goals) last."""
    layout = rules.layout()
    if layout is None:
        return ()
    count = layout.geometry.cell_count + len(layout.off_cells)
    return tuple(layout.cell_name(cell) for cell in range(count))


@dataclass(frozen=True)
class Lexer:
    """Cuts action texts into a template and slot values, for one board's cell names."""

    cells: tuple[str, ...]

    @functools.cached_property
    def _cell_index(self) -> dict[str, int]:
        return {name: index for index, name in enumerate(self.cells)}

    @functools.cached_property
    def _lengths(self) -> tuple[int, ...]:
        return tuple(sorted({len(name) for name in self.cells}, reverse=True))

    def split(self, text: str) -> tuple[str, tuple[int, ...]]:
        """(template, slot values) of an action text."""
        if "{" in text or "}" in text:
            raise EncodingError(f"action text {text!r} has braces, which no template can hold")
        parts: list[str] = []
        values: list[int] = []
        i, end = 0, len(text)
        while i < end:
            cell = self._cell_at(text, i)
            if cell is not None:
                name, index = cell
                parts.append(CELL)
                values.append(index)
                i += len(name)
                continue
            if text[i].isdigit():
                j = i
                while j < end and text[j].isdigit():
                    j += 1
                digits = text[i:j]
                if len(digits) > 1 and digits[0] == "0":  # "07" would not come back as written
                    parts.append(digits)
                else:
                    parts.append(NUMBER)
                    values.append(int(digits))
                i = j
                continue
            if self._lone_letter(text, i):
                parts.append(LETTER)
                values.append(LETTERS.index(text[i]))
            else:
                parts.append(text[i])
            i += 1
        return "".join(parts), tuple(values)

    @staticmethod
    def _lone_letter(text: str, i: int) -> bool:
        """A letter at the start or after a space, with no letter after it."""
        if text[i] not in LETTERS or (i > 0 and text[i - 1] != " "):
            return False
        return i + 1 == len(text) or text[i + 1] not in LETTERS

    def _cell_at(self, text: str, i: int) -> tuple[str, int] | None:
        for length in self._lengths:
            name = text[i : i + length]
            if len(name) == length and name in self._cell_index:
                after = i + length
                if after < len(text) and text[after].isdigit():
                    continue  # "a1" inside "a10"
                return name, self._cell_index[name]
        return None

    def join(self, template: str, values: Sequence[int]) -> str:
        """The action text of a template filled with slot values."""
        out: list[str] = []
        rest = iter(values)
        i = 0
        while i < len(template):
            if template.startswith(CELL, i):
                out.append(self.cells[next(rest)])
                i += len(CELL)
            elif template.startswith(NUMBER, i):
                out.append(str(next(rest)))
                i += len(NUMBER)
            elif template.startswith(LETTER, i):
                out.append(LETTERS[next(rest)])
                i += len(LETTER)
            else:
                out.append(template[i])
                i += 1
        return "".join(out)


def slot_kinds(template: str) -> list[str]:
    """The slots of a template in order, each CELL, NUMBER or LETTER."""
    kinds = []
    i = 0
    while i < len(template):
        for slot in SLOTS:
            if template.startswith(slot, i):
                kinds.append(slot)
                i += len(slot) - 1
                break
        i += 1
    return kinds


@dataclass(frozen=True)
class Template:
    text: str
    radices: tuple[int, ...]  # the size of each slot's range

    @property
    def size(self) -> int:
        size = 1
        for radix in self.radices:
            size *= radix
        return size


class Codebook:
    """One numbering of a game's actions (decisions, or chance outcomes) and its inverse."""

    def __init__(self, game_id: str, lexer: Lexer, templates: Sequence[Template]) -> None:
        self.game_id = game_id
        self.lexer = lexer
        self.templates = tuple(templates)
        self._index = {t.text: n for n, t in enumerate(self.templates)}
        offsets = [0]
        for template in self.templates:
            offsets.append(offsets[-1] + template.size)
        self._offsets = offsets
        self.size = offsets[-1]
        self._codes: dict[str, int] = {}

    def code(self, text: str) -> int:
        """The integer code of an action text."""
        found = self._codes.get(text)
        if found is not None:
            return found
        template, values = self.lexer.split(text)
        number = self._index.get(template)
        if number is None:
            raise EncodingError(f"{self.game_id}: action {text!r} fits no template of its encoding")
        code = 0
        for value, radix in zip(values, self.templates[number].radices, strict=True):
            if value >= radix:
                raise EncodingError(f"{self.game_id}: action {text!r} is past its encoding's range")
            code = code * radix + value
        code += self._offsets[number]
        if len(self._codes) < 200_000:
            self._codes[text] = code
        return code

    def text(self, code: int) -> str:
        """The action text of an integer code."""
        if not 0 <= code < self.size:
            raise EncodingError(f"{self.game_id}: action code {code} is not in 0..{self.size - 1}")
        number = bisect.bisect_right(self._offsets, code) - 1
        template = self.templates[number]
        rest = code - self._offsets[number]
        values = []
        for radix in reversed(template.radices):
            rest, value = divmod(rest, radix)
            values.append(value)
        return self.lexer.join(template.text, values[::-1])


@dataclass(frozen=True)
class Encoding:
    """A game's two numberings: decisions (with simultaneous choices) and chance outcomes."""

    game_id: str
    decisions: Codebook
    chance: Codebook


def _radices(template: str, bounds: Sequence[int], cells: int) -> tuple[int, ...]:
    numbers = iter(bounds)
    radix = {CELL: cells, LETTER: len(LETTERS)}
    return tuple(radix[k] if k in radix else next(numbers) for k in slot_kinds(template))


@functools.cache
def _table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("motley.adapters").joinpath(TABLE_FILE).read_text()
    )
    return data


@functools.cache
def encoding(game_id: str) -> Encoding:
    """The stored encoding of a registered game (the same for every choice of options)."""
    rules = registry.make(game_id)
    entry = _table().get(game_id)
    if entry is None:  # a game newer than the table: derived now, from the same seeds
        entry = discover(game_id, games=6)
    lexer = Lexer(cell_names(rules))
    if entry["cells"] != len(lexer.cells):
        raise EncodingError(f"{game_id}: the stored encoding is for another board")
    books = {
        kind: Codebook(
            game_id,
            lexer,
            [Template(t, _radices(t, b, len(lexer.cells))) for t, b in entry[kind]],
        )
        for kind in ("decisions", "chance")
    }
    return Encoding(game_id, books["decisions"], books["chance"])


# -- finding the templates -------------------------------------------------------------------


def option_variants(rules_class: type[Rules[Any, Any]]) -> list[dict[str, Any]]:
    """The default options, then each listed house rule changed on its own."""
    variants: list[dict[str, Any]] = [{}]
    for option in rules_class.spec.options:
        if option.choices:
            variants += [{option.name: c} for c in option.choices if c != option.default]
        elif isinstance(option.default, bool):
            variants.append({option.name: not option.default})
    return variants


def observed_texts(
    rules: Rules[Any, Any], games: int, seed: str, max_events: int = 3000, budget: float = 1e9
) -> Iterable[tuple[bool, str]]:
    """(is chance, text) of every action open at every node of seeded random games (no new
    game is begun once `budget` seconds have passed)."""
    began = time.monotonic()
    for number in range(games):
        if number and time.monotonic() - began > budget:
            return
        rng = random.Random(f"{seed}/{number}")
        state = rules.initial_state()
        for _ in range(max_events):
            kind = rules.kind(state)
            if kind is NodeKind.TERMINAL:
                break
            if kind is NodeKind.CHANCE:
                outcomes = rules.chance_outcomes(state)
                for outcome, _ in outcomes:
                    yield True, rules.action_text(state, outcome)
                weights = [float(p) for _, p in outcomes]
                state = rules.apply(state, rng.choices([o for o, _ in outcomes], weights)[0])
                continue
            choices = {seat: list(rules.legal_actions(state, seat)) for seat in rules.actors(state)}
            for actions in choices.values():
                for action in actions:
                    yield False, rules.action_text(state, action)
            if kind is NodeKind.SIMULTANEOUS:
                joint = {seat: rng.choice(actions) for seat, actions in choices.items()}
                state = rules.apply_joint(state, joint)
            else:
                state = rules.apply(state, rng.choice(next(iter(choices.values()))))


def discover(game_id: str, games: int = 24, old: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A game's table entry: its templates in a stable order, old ones kept in place."""
    rules_class = registry.rules_class(game_id)
    lexer = Lexer(cell_names(registry.make(game_id)))
    seen: dict[str, dict[str, list[int]]] = {"decisions": {}, "chance": {}}
    for variant_number, variant in enumerate(option_variants(rules_class)):
        try:
            rules = rules_class(variant)
        except MotleyError:
            continue
        count, budget = (games, 60.0) if not variant else (max(2, games // 4), 15.0)
        texts = observed_texts(rules, count, f"{game_id}/{variant_number}", budget=budget)
        for chance, text in texts:
            template, values = lexer.split(text)
            numbers = [v for v, k in zip(values, slot_kinds(template), strict=True) if k == NUMBER]
            book = seen["chance" if chance else "decisions"]
            top = book.setdefault(template, [0] * len(numbers))
            book[template] = [max(a, b) for a, b in zip(top, numbers, strict=True)]
    entry: dict[str, Any] = {"version": rules_class.spec.version, "cells": len(lexer.cells)}
    for kind, book in seen.items():
        # templates differing only in a promotion letter share their number bounds
        family: dict[str, list[int]] = {}
        for template, largest in book.items():
            top = family.setdefault(_family(template), largest)
            family[_family(template)] = [max(a, b) for a, b in zip(top, largest, strict=True)]
        # stored templates keep their place and bounds, so their codes never move
        kept = [list(t) for t in (old or {}).get(kind, [])]
        known = {t for t, _ in kept}
        kept += [
            [t, [_round_up(x) for x in family[_family(t)]]] for t in sorted(book) if t not in known
        ]
        entry[kind] = kept
    return entry


def _family(template: str) -> str:
    """The template without letters written straight after a cell (`{c}{c}q` -> `{c}{c}`)."""
    return re.sub(r"(\{c\})[A-Za-z](?![A-Za-z])", r"\1", template)


def _round_up(largest: int) -> int:
    bound = 1
    while bound <= largest:
        bound *= 2
    return bound


def main(argv: Sequence[str]) -> int:
    """Write the table for the games named (default: every game), keeping old templates."""
    path = resources.files("motley.adapters").joinpath(TABLE_FILE)
    try:
        table = json.loads(path.read_text())
    except FileNotFoundError:
        table = {}
    for game_id in argv or registry.game_ids():
        table[game_id] = discover(game_id, old=table.get(game_id))
        sizes = {k: sum(_size(t, b, table[game_id]["cells"]) for t, b in table[game_id][k])
                 for k in ("decisions", "chance")}
        print(f"{game_id}: {sizes['decisions']} actions, {sizes['chance']} chance outcomes")
        with open(str(path), "w") as out:  # after each game, so a long run keeps its work
            json.dump(dict(sorted(table.items())), out, indent=1)
            out.write("\n")
    return 0


def _size(template: str, bounds: Sequence[int], cells: int) -> int:
    return Template(template, _radices(template, bounds, cells)).size


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
