"""The codes are complete and stable: every legal action along seeded playouts of every game,
with the default options and with each house rule's values, has a code that reads back to
it; a number slot is as wide as its field; and another process (other hash seed, games
touched in another order) gives every action the same code."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import pytest

from motley.adapters import fields
from motley.adapters.encoding import (
    NUMBER,
    _table,
    discover,
    encoding,
    node_texts,
    option_variants,
    slot_kinds,
)
from motley.core import registry

GAME_IDS = registry.game_ids()
VARIANTS = [
    pytest.param(g, v, id=f"{g}-{'-'.join(f'{k}={x}' for k, x in v.items()) or 'default'}")
    for g in GAME_IDS
    for v in option_variants(registry.rules_class(g))
]



def playout_codes(game_id: str, options: dict[str, Any], seed: str, max_events: int) -> None:
    books = encoding(game_id)
    rules = registry.make(game_id, options)
    for chance, texts in node_texts(rules, random.Random(seed), max_events):
        book = books.chance if chance else books.decisions
        codes = [book.code(t) for t in texts]  # EncodingError: a legal action has no code
        assert [book.text(c) for c in codes] == texts
        assert len(set(codes)) == len(codes), f"{game_id}: two actions share a code"


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_every_legal_action_of_every_house_rule_has_a_code(
    game_id: str, options: dict[str, Any]
) -> None:
    playout_codes(game_id, options, f"stable/{game_id}/{sorted(options.items())}", 250)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_every_legal_action_of_every_house_rule_has_a_code_at_length(
    game_id: str, options: dict[str, Any]
) -> None:
    for number in range(3):
        playout_codes(game_id, options, f"long/{game_id}/{options}/{number}", 2000)


def test_number_slots_are_as_wide_as_their_fields() -> None:
    for game_id, entry in _table().items():
        spec = registry.rules_class(game_id).spec
        for kind in ("decisions", "chance"):
            for template, widths in entry[kind]:
                assert len(widths) == slot_kinds(template).count(NUMBER)
                assert tuple(widths) == fields.widths(template, spec), (game_id, template)


def test_a_game_missing_from_the_table_is_found_the_same_every_time() -> None:
    first = discover("combat_chess", games=2, max_events=80)
    assert discover("combat_chess", games=2, max_events=80) == first
    assert first["chance"] and first["decisions"]


# run in a fresh interpreter: the codes of the texts given, games taken in reverse order
_CHILD = """
import json, sys
from motley.adapters.encoding import encoding
texts = json.load(sys.stdin)
codes = {}
for game_id in reversed(list(texts)):
    books = encoding(game_id)
    codes[game_id] = [(books.chance if c else books.decisions).code(t) for c, t in texts[game_id]]
json.dump(codes, sys.stdout)
"""


def test_another_process_gives_every_action_the_same_code() -> None:
    texts: dict[str, list[tuple[bool, str]]] = {}
    for game_id in GAME_IDS:
        nodes = node_texts(registry.make(game_id), random.Random(f"process/{game_id}"), 60)
        texts[game_id] = [(c, t) for c, ts in nodes for t in ts[:8]]
    here = {
        g: [(encoding(g).chance if c else encoding(g).decisions).code(t) for c, t in pairs]
        for g, pairs in texts.items()
    }
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD], input=json.dumps(texts), capture_output=True,
        text=True, env=env, check=True, timeout=300,
    )
    there = json.loads(done.stdout)
    for game_id in GAME_IDS:
        assert there[game_id] == here[game_id], f"{game_id}: the codes differ between runs"
