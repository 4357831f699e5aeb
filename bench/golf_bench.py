"""Chess Golf's exact solver: the book's problems and dealt holes.

Prints CPU seconds and positions searched for the opening example, the three book problems
and N dealt holes (2 or 3 chosen cards), and each time as a multiple of a reference measured
in the same run (orthodox chess perft 4 from the start). Capped holes (the `--cap` seconds)
are counted and shown as "capped". The targets: every book problem under 5 s, every dealt
3-card hole under 30 s. The solver before capture counting took 2.7, 42.4 and 28.9 s on the
book problems on the machine where these took 2.1, 3.0 and 1.7 s; the solver before the
idle-colour and ordering rules took 1.8, 2.8 and 1.5 s where these took 0.4, 0.6 and 0.5 s,
and dealt hole 36 (7 moves) went from capped at 30 s to 10 s.
Holes over `--slow` seconds are listed at the end. The cap is wall-clock time (what a player
waits), the seconds shown are CPU time, so on a loaded machine a hole may be capped early.
Usage: python bench/golf_bench.py [--holes N] [--cards 3] [--cap 30] [--slow 5]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from motley.core import registry
from motley.core.driver import pick_outcome
from motley.core.rules import NodeKind
from motley.games.chess_golf.board import write_placement
from motley.games.chess_golf.rules import ChessGolf
from motley.games.chess_golf.solver import Capped, solve
from motley.games.chess_golf.state import GolfState, cards_text

BOOK = (
    ("opening example", "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2", "Kb"),
    ("problem 1", "3R2b1/1Q3K1N/3R4/b5n1/N6B/3n2k1/1B2q2r/1r6", "bb"),
    ("problem 2", "5r1b/2n5/8/3Q4/Bk4n1/4N3/Rr1KR1B1/N4qb1", "nnr"),
    ("problem 3", "1N2b1b1/1nr2B2/3B3R/6k1/N5q1/4Qn2/2r3R1/5K2", "NNB"),
)


def timed_solve(rules: ChessGolf, state: GolfState, cap: float) -> tuple[str, float]:
    start = time.process_time()
    try:
        found = solve(rules, state, time_cap=cap)
        answer = "none" if found is None else str(len(found))
    except Capped as capped:
        answer = f"capped (>= {capped.at_least})"
    return answer, time.process_time() - start


def reference() -> float:
    """CPU seconds of orthodox chess perft 4 from the start (197,281 positions), here and now."""
    chess = registry.make("chess")

    def perft(state: Any, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(perft(chess.apply(state, a), depth - 1) for a in chess.legal_actions(state))

    start = time.process_time()
    assert perft(chess.initial_state(), 4) == 197_281
    return time.process_time() - start


def dealt(cards: int, seed: int) -> tuple[ChessGolf, GolfState]:
    rules = ChessGolf({"cards": cards})
    rng = random.Random(f"golf-bench/{seed}")
    state = rules.initial_state()
    while rules.kind(state) is NodeKind.CHANCE:
        state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
    return rules, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holes", type=int, default=20)
    parser.add_argument("--cards", type=int, default=3, choices=(2, 3))
    parser.add_argument("--cap", type=float, default=30.0)
    parser.add_argument("--slow", type=float, default=5.0, help="list holes over this (s)")
    args = parser.parse_args()
    ref = reference()
    print(f"reference: chess perft 4 in {ref:.2f} cpu s")
    print(f"{'hole':<18}{'moves':>16}{'cpu s':>9}{'x ref':>8}")
    for name, placement, chosen in BOOK:
        rules = ChessGolf({"position": placement, "chosen": chosen})
        state = rules.initial_state()
        answer, seconds = timed_solve(rules, state, args.cap)
        print(f"{name:<18}{answer:>16}{seconds:>9.2f}{seconds / ref:>8.1f}", flush=True)
    times, capped, slow = [], 0, []
    for seed in range(args.holes):
        rules, state = dealt(args.cards, seed)
        answer, seconds = timed_solve(rules, state, args.cap)
        capped += answer.startswith("capped")
        times.append(seconds)
        where = f"{write_placement(state.cells)} {cards_text(state.chosen)}"
        print(
            f"dealt {seed:<12}{answer:>16}{seconds:>9.2f}{seconds / ref:>8.1f}  {where}", flush=True
        )
        if seconds > args.slow or answer.startswith("capped"):
            slow.append(f"  dealt {seed}: {answer}, {seconds:.2f} s, {where}")
    if times:
        times.sort()
        print(
            f"{len(times)} dealt {args.cards}-card holes: median {times[len(times) // 2]:.2f} s, "
            f"worst {times[-1]:.2f} s ({times[-1] / ref:.0f} x ref), capped at {args.cap:g} s: "
            f"{capped}"
        )
        print(f"over {args.slow:g} s: {len(slow)}", *slow, sep="\n")


if __name__ == "__main__":
    main()
