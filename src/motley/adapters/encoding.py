"""Integer codes for a game's actions, for the research adapters.

Motley's actions are typed values with a text notation; learning frameworks want a fixed range
of integers. The code of an action is read off its text:

* the text is cut into tokens: cell names of the game's board (the longest name that is not
  followed by a digit, so `e2e4` is two cells and `h1xb7` two cells around an `x`), whole
  numbers, piece and card letters standing alone after a space or at the start (`deal B`,
  `bury N@c6`: one of `LETTERS`), and everything else as literal characters;
* the literals with slots for the cells, numbers and letters make the action's *template*
  (`{c}{c}q` for a promotion to a queen, `roll {n} {n}`, `bury {l}@{c}`);
* every template of a game has a fixed place in a table (`encodings.json`); a cell slot
  ranges over every cell of the board, a letter slot over `LETTERS`, and a number slot over
  the fixed width of what it means (`motley.adapters.fields`: a die face, a place in a line of
  cards, ...); a code is the template's offset plus the slots in mixed radix, so `e2e4` in
  chess is `from * 64 + to`.

Widths come from the game, so a template's codes cover every value it can take; only the set
of templates is found by play: seeded random games with the default options and with each
listed house rule in turn (`python -m motley.adapters.encoding` writes the table; a template
differing from a found one only in a promotion letter the game uses is added too). The table
is read once and never changed while a program runs, so codes do not depend on what ran
before; a new template is appended after the old ones when the table is made again. A game
newer than the table gets its templates found the same way (fixed seeds and lengths, no
clock) when first used. Chance outcomes have a table of their own, so their codes run from 0
to the game's number of chance outcomes. An action whose text fits no template is refused
with a one-line error naming it.
"""

from __future__ import annotations

import bisect
import functools
import json
import random
import re
import sys
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from motley.adapters import fields
from motley.core import registry
from motley.core.errors import MotleyError
from motley.core.rules import NodeKind, Rules

CELL = "{c}"
NUMBER = "{n}"
LETTER = "{l}"
# piece and card letters (K Q R B N P, and C for a card of any piece); another lone letter
# is a literal of its template
LETTERS = "BCKNPQRbcknpqr"
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
        return i + 1 == len(text) or not text[i + 1].isalpha()

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
    if entry is None:  # a game newer than the table: found now, from fixed seeds
        entry = discover(game_id, games=4, max_events=300)
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


def node_texts(
    rules: Rules[Any, Any], rng: random.Random, max_events: int
) -> Iterator[tuple[bool, list[str]]]:
    """(is chance, the texts open there) at each node of one random game: a chance node's
    outcomes (one drawn by its odds), or each actor's actions (one drawn uniformly)."""
    state = rules.initial_state()
    for _ in range(max_events):
        kind = rules.kind(state)
        if kind is NodeKind.TERMINAL:
            return
        if kind is NodeKind.CHANCE:
            outcomes = rules.chance_outcomes(state)
            yield True, [rules.action_text(state, outcome) for outcome, _ in outcomes]
            weights = [float(p) for _, p in outcomes]
            state = rules.apply(state, rng.choices([o for o, _ in outcomes], weights)[0])
            continue
        joint: dict[int, Any] = {}
        for seat in rules.actors(state):
            actions = list(rules.legal_actions(state, seat))
            yield False, [rules.action_text(state, action) for action in actions]
            joint[seat] = rng.choice(actions)
        if kind is NodeKind.SIMULTANEOUS:
            state = rules.apply_joint(state, joint)
        else:
            state = rules.apply(state, next(iter(joint.values())))


def observed_texts(
    rules: Rules[Any, Any], games: int, seed: str, max_events: int = 3000
) -> Iterable[tuple[bool, str]]:
    """(is chance, text) of every action open at every node of seeded random games."""
    for number in range(games):
        for chance, texts in node_texts(rules, random.Random(f"{seed}/{number}"), max_events):
            for text in texts:
                yield chance, text


def discover(
    game_id: str, games: int = 12, max_events: int = 600, old: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A game's table entry: its templates in a stable order, old ones kept in place.

    The default options get `games` random games of at most `max_events` events, each house
    rule a quarter as many (at least two); seeds and lengths are fixed, so the result is the
    same on every run."""
    rules_class = registry.rules_class(game_id)
    spec = rules_class.spec
    lexer = Lexer(cell_names(registry.make(game_id)))
    seen: dict[str, set[str]] = {"decisions": set(), "chance": set()}
    for variant_number, variant in enumerate(option_variants(rules_class)):
        try:
            rules = rules_class(variant)
        except MotleyError:
            continue
        count = games if not variant else max(2, games // 4)
        texts = observed_texts(rules, count, f"{game_id}/{variant_number}", max_events)
        for chance, text in texts:
            seen["chance" if chance else "decisions"].add(lexer.split(text)[0])
    entry: dict[str, Any] = {"version": spec.version, "cells": len(lexer.cells)}
    for kind, found in seen.items():
        kept = [[t, list(b)] for t, b in (old or {}).get(kind, [])]
        known = {t for t, _ in kept}
        new = sorted(_with_promotions(found) - known)
        entry[kind] = kept + [[t, list(fields.widths(t, spec))] for t in new]
    return entry


# a promotion letter straight after a cell, bare (`e7e8q`) or after `=` (`e7e8=Q`), ending
# the action or before its next word (`b7a8n @2`)
_PROMOTION = re.compile(r"(?<=\{c\})(=?)([A-Za-z])(?=$| )")


def _with_promotions(templates: set[str]) -> set[str]:
    """The templates and their siblings with every other promotion letter the game uses in
    the same style: a promotion seen only as a quiet move is still a capture's choice."""
    letters: dict[str, set[str]] = {}
    for template in templates:
        for each in _PROMOTION.finditer(template):
            letters.setdefault(each.group(1), set()).add(each.group(2))
    out = set(templates)
    for template in templates:
        found = _PROMOTION.search(template)
        if found is None:
            continue
        head, tail = template[: found.start()], template[found.end() :]
        out |= {f"{head}{found.group(1)}{x}{tail}" for x in letters[found.group(1)]}
    return out


def main(argv: Sequence[str]) -> int:
    """Write the table for the games named (default: every game), keeping old templates
    (`--fresh`: number them anew; `--games N`, `--plies N`: the length of the search)."""
    args = list(argv)
    fresh = "--fresh" in args
    settings = {"--games": 12, "--plies": 600}
    for name in settings:
        if name in args:
            at = args.index(name)
            try:
                settings[name] = int(args[at + 1])
            except (IndexError, ValueError):
                print(f"error: {name} needs a whole number", file=sys.stderr)
                return 2
            del args[at : at + 2]
    names = [a for a in args if a != "--fresh"]
    unknown = [n for n in names if n not in registry.game_ids()]
    if unknown:
        print(f"error: no game named {unknown[0]!r}", file=sys.stderr)
        return 2
    path = resources.files("motley.adapters").joinpath(TABLE_FILE)
    try:
        table = json.loads(path.read_text())
    except FileNotFoundError:
        table = {}
    for game_id in names or registry.game_ids():
        began = time.monotonic()
        old = None if fresh else table.get(game_id)
        table[game_id] = discover(game_id, settings["--games"], settings["--plies"], old)
        sizes = {k: sum(_size(t, b, table[game_id]["cells"]) for t, b in table[game_id][k])
                 for k in ("decisions", "chance")}
        print(f"{game_id}: {sizes['decisions']} actions, {sizes['chance']} chance outcomes"
              f" ({time.monotonic() - began:.0f} s)")
        with open(str(path), "w") as out:  # after each game, so a long run keeps its work
            json.dump(dict(sorted(table.items())), out, indent=1)
            out.write("\n")
    return 0


def _size(template: str, bounds: Sequence[int], cells: int) -> int:
    return Template(template, _radices(template, bounds, cells)).size


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
