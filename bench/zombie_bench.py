"""Zombie Chess random playouts, timed ply by ply, against orthodox chess in the same run.

Zombie Chess judges king safety at the end of a whole turn (a horde of zombies moves in any
order), so one call for the legal moves is a search that can blow up where chess is a loop.
This plays uniform random games of Zombie Chess (both `horde` options) for `--seconds` of
CPU time each, stopping on time inside the ply loop (one game can be long), and times every
ply (the legal actions and the step applied). It prints plies/s, the ratio to chess measured
before and after, the slowest single plies and, with `--show`, the positions they came from
(the state as JSON, to replay the call).

Usage: python bench/zombie_bench.py [--seconds S] [--seed N] [--worst K] [--show [--dump F]]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from motley.core import registry
from motley.core.rules import NodeKind, Rules

MAX_PLIES = 2_000  # a game still running after this many plies is started again


def playouts(
    rules: Rules[Any, Any], seconds: float, seed: int, worst: list[tuple[float, Any]]
) -> tuple[int, float]:
    """Plies played and CPU seconds spent in random games; the slowest plies go to `worst`."""
    rng = random.Random(seed)
    plies = 0
    spent = 0.0
    while spent < seconds:
        state = rules.initial_state()
        for _ in range(MAX_PLIES):
            started = time.process_time()
            if rules.kind(state) is NodeKind.TERMINAL:
                spent += time.process_time() - started
                break
            actions = rules.legal_actions(state)
            after = rules.apply(state, actions[rng.randrange(len(actions))])
            took = time.process_time() - started
            spent += took
            worst.append((took, state))
            worst.sort(key=lambda item: -item[0])
            del worst[8:]
            state = after
            plies += 1
            if spent >= seconds:
                break
    return plies, spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time per run")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--worst", type=int, default=3, help="slowest plies to list")
    parser.add_argument("--show", action="store_true", help="print the slowest positions")
    parser.add_argument("--dump", help="with --show: append the slowest states (JSON lines)")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.worst < 0:
        print("zombie_bench: --seconds must be positive, --worst not negative", file=sys.stderr)
        return 2
    chess = registry.make("chess")
    before = playouts(chess, args.seconds, args.seed, [])
    results = {}
    for horde in ("extra", "instead"):
        rules = registry.make("zombie", {"horde": horde})
        worst: list[tuple[float, Any]] = []
        plies, spent = playouts(rules, args.seconds, args.seed, worst)
        results[horde] = (plies, spent, worst, rules)
    after = playouts(chess, args.seconds, args.seed, [])
    reference = (before[0] + after[0]) / (before[1] + after[1])
    print(f"python {sys.version.split()[0]}; chess reference {reference:,.0f} plies/s")
    for horde, (plies, spent, worst, rules) in results.items():
        rate = plies / spent
        slowest = ", ".join(f"{took * 1000:.1f}" for took, _ in worst[: args.worst])
        print(
            f"zombie horde={horde:<8} {rate:>8,.0f} plies/s  ratio {rate / reference:5.3f}"
            f"  ({plies} plies; slowest plies ms: {slowest})"
        )
        if args.show:
            for took, state in worst[: args.worst]:
                data = rules.state_to_json(state)
                brief = {key: data[key] for key in ("fen", "zombies", "moved", "left")}
                print(f"  {took * 1000:.1f} ms: {json.dumps(brief)}")
                if args.dump:
                    with open(args.dump, "a", encoding="utf-8") as out:
                        out.write(json.dumps({"horde": horde, "state": data}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
