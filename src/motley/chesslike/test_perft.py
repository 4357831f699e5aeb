"""Perft: our move generator counts the published leaf nodes of the reference positions.

Data (vendored in perft_data/, sources in each file header): the Chess Programming Wiki
positions, python-chess's tricky.perft and its 960 Chess960 positions. The fast subset checks
every count up to FAST_BUDGET nodes; the slow suite goes up to SLOW_BUDGET and adds the start
position at depth 5 and Chess960 at depths 3 and 4.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import pytest

from motley.chesslike import movegen
from motley.chesslike.fen import parse_fen
from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.rules import ChessLikeRules
from motley.chesslike.tables import ChessTables
from motley.chesslike.testing import KitChess
from motley.core import registry

FAST_BUDGET = 100_000
SLOW_BUDGET = 2_000_000


@dataclass
class PerftCase:
    name: str
    epd: str
    counts: dict[int, int] = field(default_factory=dict)


@cache
def load(filename: str) -> tuple[PerftCase, ...]:
    """Read a python-chess style .perft file from perft_data/."""
    text = resources.files("motley.chesslike.perft_data").joinpath(filename).read_text()
    cases: list[PerftCase] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "id":
            cases.append(PerftCase(rest, ""))
        elif word == "epd":
            cases[-1].epd = rest
        elif word == "perft":
            depth, nodes = rest.split()
            cases[-1].counts[int(depth)] = int(nodes)
        else:
            raise ValueError(f"{filename}: unexpected line {line!r}")
    return tuple(cases)


# which rules read each file: tricky.perft has X-FEN castling with the king off e1
FILES = {"cpw-positions.perft": "chess", "tricky.perft": "chess960", "chess960.perft": "chess960"}


def perft(t: ChessTables, pos: Position, depth: int) -> int:
    """Leaf nodes at `depth` by the raw generator (bulk counting at the last ply)."""
    if depth == 0:
        return 1
    if depth == 1:
        return movegen.count_legal(t, pos)
    return sum(perft(t, make_move(t, pos, m), depth - 1) for m in movegen.legal_moves(t, pos))


def perft_rules(rules: ChessLikeRules, pos: Position, depth: int) -> int:
    """Leaf nodes through the rules object (moves + apply), as any caller sees them."""
    if depth == 0:
        return 1
    return sum(perft_rules(rules, rules.apply(pos, m), depth - 1) for m in rules.moves(pos))


def divide(t: ChessTables, pos: Position, depth: int) -> dict[str, int]:
    """Per-first-move counts, shown when a count is wrong."""
    g = t.geometry
    out = {}
    for m in movegen.legal_moves(t, pos):
        out[g.name(m.origin) + g.name(m.target) + m.promotion] = perft(
            t, make_move(t, pos, m), depth - 1
        )
    return out


def cases_within(low: int, high: int, files: tuple[str, ...]) -> list[Any]:
    params = []
    for filename in files:
        for case in load(filename):
            for depth, nodes in sorted(case.counts.items()):
                if low < nodes <= high:
                    params.append(
                        pytest.param(
                            FILES[filename], case.epd, depth, nodes, id=f"{case.name}-d{depth}"
                        )
                    )
    return params


def chess_rules(game: str) -> ChessLikeRules:
    rules = registry.make(game)
    assert isinstance(rules, ChessLikeRules)
    return rules


def check(game: str, epd: str, depth: int, nodes: int) -> None:
    rules = chess_rules(game)
    pos = parse_fen(rules.tables, epd)
    got = perft(rules.tables, pos, depth)
    assert got == nodes, (
        f"{epd} depth {depth}: {got} != {nodes}; divide {divide(rules.tables, pos, depth)}"
    )


SMALL_FILES = ("cpw-positions.perft", "tricky.perft")


def test_vendored_data_is_complete() -> None:
    assert len(load("cpw-positions.perft")) == 7
    assert len(load("tricky.perft")) == 19
    cases960 = load("chess960.perft")
    assert len(cases960) == 960
    assert all(len(c.counts) == 6 for c in cases960)
    assert load("cpw-positions.perft")[0].counts[5] == 4865609


@pytest.mark.parametrize(
    ("game", "epd", "depth", "nodes"), cases_within(0, FAST_BUDGET, SMALL_FILES)
)
def test_perft_fast(game: str, epd: str, depth: int, nodes: int) -> None:
    check(game, epd, depth, nodes)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "epd", "depth", "nodes"), cases_within(FAST_BUDGET, SLOW_BUDGET, SMALL_FILES)
)
def test_perft_slow(game: str, epd: str, depth: int, nodes: int) -> None:
    check(game, epd, depth, nodes)


@pytest.mark.slow
def test_perft_start_position_depth_5() -> None:
    check("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 5, 4865609)


@pytest.mark.parametrize("game", ["chess", "chess960"])
@pytest.mark.parametrize("case", [c for f in SMALL_FILES for c in load(f)], ids=lambda c: c.name)
def test_rules_api_agrees_at_depth_2(game: str, case: PerftCase) -> None:
    """rules.moves + rules.apply count the same as the raw generator and the file."""
    rules = chess_rules(game)
    pos = parse_fen(rules.tables, case.epd)
    for depth in (1, 2):
        assert perft_rules(rules, pos, depth) == case.counts[depth]


def chunks(n: int, size: int) -> list[range]:
    return [range(i, min(i + size, n)) for i in range(0, n, size)]


def chess960_starts(
    rules: ChessLikeRules, block: range
) -> Iterator[tuple[PerftCase, Position]]:
    """The Chess960 start positions numbered `block`: each case and its position."""
    cases = load("chess960.perft")
    for index in block:
        yield cases[index], parse_fen(rules.tables, cases[index].epd)


@pytest.mark.parametrize("block", chunks(960, 120), ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_chess960_depth_2(block: range) -> None:
    """All 960 Chess960 positions at depths 1 and 2, through the chess960 rules object."""
    rules = chess_rules("chess960")
    for case, pos in chess960_starts(rules, block):
        assert movegen.count_legal(rules.tables, pos) == case.counts[1], case.epd
        assert perft_rules(rules, pos, 2) == case.counts[2], case.epd


@pytest.mark.parametrize("index", range(0, 960, 97))
def test_chess960_depth_3_sample(index: int) -> None:
    case = load("chess960.perft")[index]
    check("chess960", case.epd, 3, case.counts[3])


@pytest.mark.slow
@pytest.mark.parametrize("block", chunks(960, 60), ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_chess960_depth_3(block: range) -> None:
    rules = chess_rules("chess960")
    for case, pos in chess960_starts(rules, block):
        assert perft(rules.tables, pos, 3) == case.counts[3], case.epd


@pytest.mark.slow
@pytest.mark.parametrize("index", range(5, 960, 48))
def test_chess960_depth_4_sample(index: int) -> None:
    case = load("chess960.perft")[index]
    check("chess960", case.epd, 4, case.counts[4])


# -- the slow path: variant hooks off the fast generator -------------------------------------


class HookedChess(KitChess):
    """Orthodox chess with the legality hook overridden (to the same rule), which sends move
    generation down the pseudo-legal path that variants use."""

    def is_move_legal(self, pos: Position, move: Move) -> bool:
        return super().is_move_legal(pos, move)


def test_hooked_rules_take_the_slow_path() -> None:
    assert not HookedChess().fast_legality
    assert KitChess().fast_legality and chess_rules("chess").fast_legality


@pytest.mark.parametrize(("game", "epd", "depth", "nodes"), cases_within(0, 10_000, SMALL_FILES))
def test_perft_slow_path_fast(game: str, epd: str, depth: int, nodes: int) -> None:
    rules = HookedChess()
    assert perft_rules(rules, parse_fen(rules.tables, epd), depth) == nodes


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "epd", "depth", "nodes"), cases_within(10_000, 100_000, SMALL_FILES)
)
def test_perft_slow_path_slow(game: str, epd: str, depth: int, nodes: int) -> None:
    rules = HookedChess()
    assert perft_rules(rules, parse_fen(rules.tables, epd), depth) == nodes
