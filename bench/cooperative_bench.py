"""Cooperative Chess and its solitaire: the mean score of each strength level.

The rulebook (seed 002, Cooperative Chess, Winning) calls a score under 32 a loss and one
over 50 great. For each game and level, N seeded games with every seat at that level; prints
a markdown table of the mean score (± standard error), how often a king fell (the only way
to the ten-point bonuses), the mean pieces captured and types wiped out, the share of games
at 32 or more, and seconds per move (median / max); the header gives the machine's load
average, since the levels' budgets are times (a loaded machine searches less). The games
under 32 are listed by seed after each row, to be replayed and looked into. `--first` picks
the seed set: games `first` to `first + N - 1`.

Usage: python bench/cooperative_bench.py [--games N] [--first I] [--level L]... [--game ID]...
       [--workers K]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from motley.agents import player_for
from motley.core import registry
from motley.core.driver import Agent, play
from motley.core.rules import Rules
from motley.games.cooperative.score import LOSS_BELOW, captured, king_taken, points, wiped

GAMES = ("cooperative", "cooperative_solitaire")
LEVELS = (2, 3, 4, 5)


@dataclass(frozen=True)
class Game:
    """What one finished game comes to."""

    score: int
    king: bool
    captured: int
    wiped: int
    times: tuple[float, ...]


class Timed:
    """An agent that records how long each of its choices took."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.times: list[float] = []

    def choose(
        self, rules: Rules[Any, Any], view: Any, seat: int, actions: Sequence[Any], rng: Any
    ) -> Any:
        started = time.perf_counter()
        try:
            return self.agent.choose(rules, view, seat, actions, rng)
        finally:
            self.times.append(time.perf_counter() - started)


def one_game(game: str, level: int, index: int) -> Game:
    rules = registry.make(game)
    timed = Timed(player_for(game, level, seed=index))
    seats = range(max(1, rules.spec.players))
    played = play(rules, dict.fromkeys(seats, timed), f"coop/{game}/{index}", max_events=5000)
    board = played.state.board
    return Game(points(board), king_taken(board), captured(board), wiped(board), tuple(timed.times))


def row(game: str, level: int, results: list[Game]) -> str:
    scores = [g.score for g in results]
    mean = statistics.fmean(scores)
    error = statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
    times = [t for g in results for t in g.times]
    spent = f"{statistics.median(times):.2f} / {max(times):.2f}" if times else "-"
    return (
        f"| {game} | {level} | {mean:.1f} ± {error:.1f} "
        f"| {sum(g.score >= LOSS_BELOW for g in results)}/{len(results)} "
        f"| {sum(g.king for g in results)}/{len(results)} "
        f"| {statistics.fmean(g.captured for g in results):.1f} "
        f"| {statistics.fmean(g.wiped for g in results):.2f} | {spent} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per level (default 10)")
    parser.add_argument("--first", type=int, default=0, help="first game's seed (default 0)")
    parser.add_argument("--level", type=int, action="append", help="only these levels")
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    levels = args.level or list(LEVELS)
    if any(g not in GAMES for g in games) or any(lv not in range(1, 6) for lv in levels):
        print(
            "cooperative_bench: games are cooperative and cooperative_solitaire, levels 1-5",
            file=sys.stderr,
        )
        return 2
    if args.games < 1 or args.workers < 1 or args.first < 0:
        print(
            "cooperative_bench: counts must be at least 1 and --first at least 0", file=sys.stderr
        )
        return 2
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())  # others share the machine
    print(
        f"Cooperative Chess: {args.games} seeded games per level (seeds {args.first} to "
        f"{args.first + args.games - 1}), {args.workers} worker(s), "
        f"load average {load}\n"
    )
    print(
        "| game | level | mean score | >= 32 | king taken | captured | types wiped "
        "| s/move (median / max) |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    )
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    lows: list[str] = []  # the games under 32 by seed, to replay and look into
    try:
        for game in games:
            for level in levels:
                seeds = range(args.first, args.first + args.games)
                jobs = [(game, level, i) for i in seeds]
                if pool is None:
                    results = [one_game(*job) for job in jobs]
                else:
                    results = [f.result() for f in [pool.submit(one_game, *j) for j in jobs]]
                print(row(game, level, results), flush=True)
                low = [f"{i} ({g.score})" for i, g in zip(seeds, results, strict=True)]
                low = [text for text, g in zip(low, results, strict=True) if g.score < LOSS_BELOW]
                lows.append(f"* {game}, level {level}: {', '.join(low) or 'none'}")
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"\nGames under {LOSS_BELOW} (seed and score):\n" + "\n".join(lows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
