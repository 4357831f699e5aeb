"""The strength ladder: does each level beat the one below, and how long does it think?

For every game with opponents: level 5 against level 2, level 3 against level 2 and level 5
against level 4, N games each with seats rotated (in team games the two levels take the two
teams), scored a win 1, a draw 1/2, with Wilson 95% intervals. For games without opponents
(the puzzle, the cooperative game and its solitaire) the mean score of levels 2, 3 and 5. Also
seconds per move per level (median and max, measured around each choice) and random-playout
plies per second. Prints a markdown table.

A game still running after `--plies` events (moves and chance steps) is adjudicated by the
game's evaluation from the stronger level's seat: above `ADJUDICATE` a win, below minus
that a loss, else a draw (long endgames between players who both see little would
otherwise take hours).

Usage: python bench/ladder_bench.py [--games N] [--game ID]... [--plies P] [--workers K]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from playout_bench import playout_rate  # a sibling script

from motley.agents import player_for
from motley.core import registry
from motley.core.driver import Agent, play
from motley.core.rules import NodeKind, Rules
from motley.core.spec import Utility

PAIRINGS = ((5, 2), (3, 2), (5, 4))
SOLO_LEVELS = (2, 3, 5)
ADJUDICATE = 0.15  # evaluation beyond which an unfinished game counts as won

Result = tuple[float, dict[int, list[float]]]  # a score and each level's seconds per move


@dataclass
class Timed:
    """An agent that records how long each of its choices took."""

    agent: Agent
    times: list[float] = field(default_factory=list)

    def choose(
        self, rules: Rules[Any, Any], view: Any, seat: int, actions: Sequence[Any], rng: Any
    ) -> Any:
        started = time.perf_counter()
        try:
            return self.agent.choose(rules, view, seat, actions, rng)
        finally:
            self.times.append(time.perf_counter() - started)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a rate `score`/`n` (draws count half)."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def sides(rules: Rules[Any, Any], index: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats of the stronger and the weaker level in game `index` (rotated)."""
    spec = rules.spec
    groups = spec.teams or tuple((s,) for s in range(spec.players))
    first, second = groups[index % 2], groups[1 - index % 2]
    return first, second


def duel(game: str, high: int, low: int, index: int, plies: int) -> Result:
    """One game of level `high` against level `low`: high's score and each level's times."""
    rules = registry.make(game)
    mine, theirs = sides(rules, index)
    timed = {high: Timed(player_for(game, high, seed=index)), low: Timed(player_for(game, low))}
    if high == low:
        timed[low] = timed[high]
    agents: dict[int, Agent] = {s: timed[high] for s in mine}
    agents.update({s: timed[low] for s in theirs})
    played = play(rules, agents, f"ladder/{game}/{high}-{low}/{index}", max_events=plies)
    seat = mine[0]
    state = played.state
    if rules.kind(state) is NodeKind.TERMINAL:
        result = rules.returns(state)[seat]
        score = 1.0 if result > 0 else 0.0 if result < 0 else 0.5
    else:
        value = float(rules.evaluate(state, seat))
        score = 1.0 if value > ADJUDICATE else 0.0 if value < -ADJUDICATE else 0.5
    return score, {level: t.times for level, t in timed.items()}


def solo(game: str, level: int, index: int, plies: int) -> Result:
    """One game with every seat at `level`: the score, and the level's times."""
    rules = registry.make(game)
    timed = Timed(player_for(game, level, seed=index))
    agents: dict[int, Agent] = {s: timed for s in range(rules.spec.players)}
    played = play(rules, agents, f"ladder/{game}/solo{level}/{index}", max_events=plies)
    state = played.state
    finished = rules.kind(state) is NodeKind.TERMINAL
    score = rules.returns(state)[0] if finished else 0.0
    return float(score), {level: timed.times}


def has_opponents(rules: Rules[Any, Any]) -> bool:
    return rules.spec.players > 1 and rules.spec.utility is not Utility.COOPERATIVE


def times_text(times: list[float]) -> str:
    if not times:
        return "-"
    return f"{statistics.median(times):.2f} / {max(times):.2f}"


def run_game(game: str, games: int, plies: int, pool: ProcessPoolExecutor | None) -> str:
    rules = registry.make(game)
    rate = playout_rate(rules)
    times: dict[int, list[float]] = {}
    cells: list[str] = []
    jobs: list[tuple[Callable[..., Result], tuple[Any, ...]]]
    if has_opponents(rules):
        jobs = [(duel, (game, h, lo, i, plies)) for h, lo in PAIRINGS for i in range(games)]
    else:
        jobs = [(solo, (game, lv, i, 4 * plies)) for lv in SOLO_LEVELS for i in range(games)]
    if pool is None:
        results = [fn(*args) for fn, args in jobs]
    else:
        futures = [pool.submit(fn, *args) for fn, args in jobs]
        results = [f.result() for f in futures]
    for _, per_level in results:
        for level, spent in per_level.items():
            times.setdefault(level, []).extend(spent)
    groups = PAIRINGS if has_opponents(rules) else tuple((lv, 0) for lv in SOLO_LEVELS)
    for number, _ in enumerate(groups):
        scores = [s for s, _ in results[number * games : (number + 1) * games]]
        if has_opponents(rules):
            low, high = wilson(sum(scores), len(scores))
            rate_text = f"{100 * sum(scores) / len(scores):.0f}%"
            cells.append(f"{rate_text} [{100 * low:.0f}, {100 * high:.0f}]")
        else:
            mean = statistics.fmean(scores)
            error = statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0
            cells.append(f"{mean:.1f} ± {error:.1f}")
    columns = " | ".join(times_text(times.get(level, [])) for level in (3, 4, 5))
    return f"| {game} | {' | '.join(cells)} | {columns} | {rate:,.0f} |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--plies", type=int, default=300, help="events before adjudicating")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    known = registry.game_ids()
    chosen = args.game or known
    unknown = [g for g in chosen if g not in known]
    if unknown or args.games < 1 or args.workers < 1 or args.plies < 1:
        problem = f"unknown game {unknown[0]!r}" if unknown else "counts must be at least 1"
        print(f"ladder_bench: {problem}", file=sys.stderr)
        return 2
    print(f"Ladder: {args.games} games per pairing, seats rotated, {args.workers} worker(s)\n")
    print(
        "| game | 5 vs 2 | 3 vs 2 | 5 vs 4 | s/move L3 (median / max) | L4 | L5 | plies/s |\n"
        "| --- | --- | --- | --- | ---: | ---: | ---: | ---: |"
    )
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for game in chosen:
            print(run_game(game, args.games, args.plies, pool), flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    print(
        "\nGames without opponents show the mean score (± standard error) of levels 2, 3 and "
        "5 in the three result columns."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
