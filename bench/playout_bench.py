"""Random-playout speed of every game, against orthodox chess measured in the same run.

A ply is one applied step: a decision, a joint move at a simultaneous node or a chance
outcome. Each game plays uniform random games from its initial state (chance drawn with its
listed odds, a fixed seed) for `--seconds` of this process's CPU time (so other work on a
shared machine slows the run, not the figures); chess is measured before and after the others and
the mean of the two is the reference, so a machine that slows down during the run shows in
both. Prints plies/s per game, the ratio to chess and whether the game meets the target.

Usage: python bench/playout_bench.py [--seconds S] [--game ID]... [--markdown]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from motley.core import registry
from motley.core.driver import random_step
from motley.core.rules import NodeKind, Rules

TARGET = 10_000  # plies per second every game should reach
MAX_PLIES = 5_000  # a game still running after this many plies is started again


def playouts(rules: Rules[Any, Any], seconds: float, seed: int = 1) -> tuple[int, float]:
    """Plies played and seconds spent in uniform random games for about `seconds`."""
    rng = random.Random(seed)
    plies = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = rules.initial_state()
        for _ in range(MAX_PLIES):
            if rules.kind(state) is NodeKind.TERMINAL:
                break
            state = random_step(rules, state, rng)
            plies += 1
            if plies % 16 == 0 and time.process_time() - started >= seconds:
                break
        elapsed = time.process_time() - started
    return plies, elapsed


def playout_rate(rules: Rules[Any, Any], seconds: float = 2.0) -> float:
    """Plies (decisions, joint moves and chance events) per CPU second of uniform random play."""
    plies, elapsed = playouts(rules, seconds)
    return plies / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    args = parser.parse_args(argv)
    games = args.game or registry.game_ids()
    unknown = sorted(set(games) - set(registry.game_ids()))
    if unknown:
        print(f"playout_bench: unknown game {', '.join(unknown)}", file=sys.stderr)
        return 2
    chess = registry.make("chess")
    before = playouts(chess, args.seconds)
    rates: dict[str, float] = {}
    for game in games:
        plies, spent = playouts(registry.make(game), args.seconds)
        rates[game] = plies / spent
    after = playouts(chess, args.seconds)
    reference = (before[0] + after[0]) / (before[1] + after[1])
    print(f"python {sys.version.split()[0]}; chess reference {reference:,.0f} plies/s "
          f"(before {before[0] / before[1]:,.0f}, after {after[0] / after[1]:,.0f})")
    if args.markdown:
        print("| game | plies/s | ratio to chess |")
        print("| --- | ---: | ---: |")
    for game, rate in sorted(rates.items(), key=lambda item: item[1]):
        mark = "" if rate >= TARGET else f"  below {TARGET:,}"
        if args.markdown:
            print(f"| {game} | {rate:,.0f} | {rate / reference:.2f} |")
        else:
            print(f"{game:<22} {rate:>10,.0f} plies/s  ratio {rate / reference:5.2f}{mark}")
    slow = sum(rate < TARGET for rate in rates.values())
    print(f"{len(rates) - slow} of {len(rates)} games at or above {TARGET:,} plies/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
