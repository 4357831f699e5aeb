"""How fast and how strong the computer players are, game by game.

For every registered game: random-playout plies per second, MCTS passes per second, and the
score of `mcts` (a fixed time per move) against `random` and against `greedy`, each over a
tournament with seats rotated and 95% intervals. Games without opponents (a cooperative game,
a one-player puzzle) instead compare the mean score when every seat is `mcts`, `greedy` or
`random`. Then alpha-beta against MCTS at chess with equal time. The tournaments run through
the workbench (a local Dask cluster).

Usage: python bench/agents_bench.py [--quick] [--games N] [--seconds S] [--workers K]
                                    [--game ID]... [--out DIR]
A full run (20 games per pairing, 1 s per move) takes an hour or more; --quick takes minutes.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playout_bench import playout_rate  # a sibling script: run from bench/ or with it on the path

from motley.agents import make_agent
from motley.agents.mcts import MctsPlayer, Search
from motley.core import registry
from motley.core.driver import pick_outcome, play
from motley.core.errors import MotleyError
from motley.core.rules import NodeKind, Rules
from motley.core.spec import Utility
from motley.workbench import MATCH, Plan, run_tournament
from motley.workbench.report import percent, span
from motley.workbench.store import ResultStore
from motley.workbench.summary import CellSummary, summarise_cell


def mcts_rate(rules: Rules[Any, Any], seconds: float) -> float:
    """MCTS passes per second from the first decision of a seeded game."""
    rng = random.Random(2)
    state = rules.initial_state()
    while rules.kind(state) is NodeKind.CHANCE:
        state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
    seat = rules.actors(state)[0]
    search = Search(MctsPlayer(), rules, rules.view(state, seat), seat, rng)
    passes = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        search.iterate()
        passes += 1
    return passes / (time.perf_counter() - started)


def match(game: str, players: tuple[str, ...], games: int, workers: int, out: Path) -> CellSummary:
    plan = Plan(MATCH, game, players, (), games, "bench")
    directory = out / f"{game}-{'-vs-'.join(p.replace(':', '_') for p in players)}"
    run_tournament(plan, directory, workers=workers)
    with ResultStore(directory, plan) as store:
        results = list(store.results.values())
    spec = registry.rules_class(game).spec
    return summarise_cell(spec, players, "", results)


def mean_score(game: str, player: str, games: int) -> str:
    """The mean return (with its standard error) when `player` takes every seat."""
    rules = registry.make(game)
    scores = []
    for index in range(games):
        agents = {seat: make_agent(player, game) for seat in range(rules.spec.players)}
        result = play(rules, agents, f"bench/{game}/{player}/{index}").record.result
        scores.append(result[0] if result else 0.0)
    mean = sum(scores) / len(scores)
    spread = (sum((s - mean) ** 2 for s in scores) / max(1, len(scores) - 1)) ** 0.5
    return f"{mean:.1f} ± {spread / len(scores) ** 0.5:.1f}"


def score_text(summary: CellSummary) -> str:
    tally = summary.players[0].tally
    return f"{percent(tally.score)} {span(tally.score_interval())} n={tally.games}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4 games, 0.1 s per move")
    parser.add_argument("--games", type=int, help="games per pairing (20; quick: 4)")
    parser.add_argument("--seconds", type=float, help="MCTS time per move (1.0; quick: 0.1)")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes (2)")
    parser.add_argument("--game", action="append", default=[], help="only these games")
    parser.add_argument("--out", help="keep the tournament directories here")
    args = parser.parse_args(argv)
    games = args.games or (4 if args.quick else 20)
    seconds = args.seconds or (0.1 if args.quick else 1.0)
    rate_time = 0.5 if args.quick else 2.0
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="motley-bench-"))
    mcts = f"mcts:seconds={seconds:g}"
    ids = args.game or registry.game_ids()
    print(f"MCTS at {seconds:g} s per move; {games} games per pairing; runs in {out}")
    header = f"{'game':<22} {'plies/s':>9} {'mcts/s':>8}  {'mcts vs random':<28}  mcts vs greedy"
    print(header)
    print("-" * len(header))
    for game in ids:
        try:
            rules = registry.make(game)
            plies = playout_rate(rules, rate_time)
            passes = mcts_rate(rules, rate_time)
            if rules.spec.utility in (Utility.COOPERATIVE, Utility.SCORE):
                means = [mean_score(game, p, games) for p in (mcts, "greedy", "random")]
                scores = "mean score: mcts {}, greedy {}, random {}".format(*means)
            else:
                versus_random = score_text(match(game, (mcts, "random"), games, args.workers, out))
                versus_greedy = score_text(match(game, (mcts, "greedy"), games, args.workers, out))
                scores = f"{versus_random:<28}  {versus_greedy}"
        except MotleyError as error:
            print(f"{game:<22} failed: {error}")
            continue
        print(f"{game:<22} {plies:>9.0f} {passes:>8.0f}  {scores}")
        sys.stdout.flush()
    if "chess" in ids:
        alphabeta = f"alphabeta:seconds={seconds:g}"
        duel = match("chess", (alphabeta, mcts), games, args.workers, out)
        print(f"\nchess, equal time: {alphabeta} scores {score_text(duel)} against {mcts}")
    print("\nscores count a draw as half; intervals are Wilson 95%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
