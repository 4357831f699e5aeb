"""The integer encoding: every action of every game has a code that reads back to its text,
codes at one node are distinct, and the stored table matches the games it was made for."""

from __future__ import annotations

import random
from typing import Any

import pytest

from motley.adapters.encoding import (
    EncodingError,
    Lexer,
    _table,
    cell_names,
    encoding,
    observed_texts,
)
from motley.core import registry
from motley.core.rules import NodeKind

GAME_IDS = registry.game_ids()


def test_the_table_keeps_each_game_on_its_board() -> None:
    for game_id, entry in _table().items():
        if game_id in GAME_IDS:
            assert entry["cells"] == len(cell_names(registry.make(game_id)))


def test_chess_codes_are_from_square_by_to_square() -> None:
    book = encoding("chess").decisions
    assert book.code("a1a2") == 0 * 64 + 8
    assert book.code("e2e4") == 12 * 64 + 28
    assert book.text(12 * 64 + 28) == "e2e4"
    promotions = {book.code(f"e7e8{p}") for p in "qrbn"}
    assert len(promotions) == 4 and min(promotions) >= 64 * 64


def test_the_lexer_reads_cells_numbers_and_lone_letters() -> None:
    lexer = Lexer(cell_names(registry.make("chess")))
    assert lexer.split("h1xb7") == ("{c}x{c}", (7, 6 * 8 + 1))
    assert lexer.split("bury N@c6")[0] == "bury {l}@{c}"
    assert lexer.split("roll 3 5") == ("roll {n} {n}", (3, 5))
    assert lexer.split("out p1 in r1")[0] == "out {l}{n} in {l}{n}"
    assert lexer.split("keep") == ("keep", ())
    for text in ("h1xb7", "bury N@c6", "roll 3 5", "out p1 in r1", "e7e8q", "sp 07"):
        assert lexer.join(*lexer.split(text)) == text


def test_unknown_actions_and_codes_get_one_line_errors() -> None:
    book = encoding("chess").decisions
    for bad in ("fly me to the moon", "roll 3"):
        with pytest.raises(EncodingError) as info:
            book.code(bad)
        assert "\n" not in str(info.value) and "chess" in str(info.value)
    for code in (-1, book.size):
        with pytest.raises(EncodingError):
            book.text(code)


def check_game(game_id: str, games: int, max_events: int) -> None:
    """Seeded random games unlike the ones the table was made from: every action open at
    every node encodes, decodes to its own text, and no two at one node share a code."""
    rules = registry.make(game_id)
    books = encoding(game_id)
    for chance, text in observed_texts(rules, games, f"check/{game_id}", max_events):
        book = books.chance if chance else books.decisions
        assert book.text(book.code(text)) == text
    state = rules.initial_state()
    rng = random.Random(game_id)
    for _ in range(max_events):
        kind = rules.kind(state)
        if kind is NodeKind.TERMINAL:
            break
        if kind is NodeKind.CHANCE:
            texts = [rules.action_text(state, o) for o, _ in rules.chance_outcomes(state)]
            codes = {books.chance.code(t) for t in texts}
            assert len(codes) == len(texts)
            state = rules.apply(state, rng.choice(rules.chance_outcomes(state))[0])
            continue
        joint: dict[int, Any] = {}
        for seat in rules.actors(state):
            actions = list(rules.legal_actions(state, seat))
            codes = {books.decisions.code(rules.action_text(state, a)) for a in actions}
            assert len(codes) == len(actions), f"{game_id}: two actions share a code"
            joint[seat] = rng.choice(actions)
        if kind is NodeKind.SIMULTANEOUS:
            state = rules.apply_joint(state, joint)
        else:
            state = rules.apply(state, next(iter(joint.values())))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_has_a_code(game_id: str) -> None:
    check_game(game_id, games=2, max_events=300)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_has_a_code_at_length(game_id: str) -> None:
    check_game(game_id, games=12, max_events=3000)
