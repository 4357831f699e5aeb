"""Zombie Chess random playouts, timed ply by ply, against orthodox chess in the same run.

Zombie Chess judges king safety at the end of a whole turn (a horde of zombies moves in any
order), so one call for the legal moves is a search that can blow up where chess is a loop.
This plays uniform random games of Zombie Chess (both `horde` options) for `--seconds` of
CPU time each, stopping on time inside the ply loop (one game can be long), and times every
ply (the legal actions and the step applied). It prints plies/s, the ratio to chess measured
before and after, the slowest single plies and, with `--show`, the positions they came from
(the state as JSON, to replay the call).

First it times the legal moves of turns that start with a horde of five to seven zombies
and a free king (target: under 0.2 s each), against chess's legal moves on the same board.

Usage: python bench/zombie_bench.py [--seconds S] [--seed N] [--worst K] [--show [--dump F]]
       [--repeats R]
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
TURN_TARGET = 0.2  # seconds: a turn's legal moves, at most, with any horde

# turn starts with a horde of 5 to 7 zombies and a king free to move, from random games that
# favoured zombies' moves: (FEN, zombie squares, White's grid, Black's grid)
HORDES = (
    (
        "5r1k/5Kpp/2Q3PP/P1N2P2/5q2/p1n1bbR1/5R1n/1R1r4 w - - 1 41",
        "b1 d1 f2 h2 c3 g3 f4 a5 c5 c6",
        {"f5": "P", "g6": "P", "f7": "R"},
        {"c7": "N", "d7": "B", "g7": "P", "h7": "B", "h8": "P"},
    ),
    (
        "4K2k/4P1Pp/3rq1Pr/1B3pN1/NRQ2R1n/2n5/p7/1Nbb2R1 b - - 0 47",
        "b1 g1 c3 a4 b4 c4 f4 h4 b5 f5 g5 d6 e6 h6 e7 h7",
        {"a4": "R", "g6": "P", "e8": "P"},
        {"g7": "P", "h7": "B", "h8": "P"},
    ),
    (
        "3R4/k1P5/p5b1/5PNR/1K1pr1P1/1R6/pr4p1/8 b - g3 0 59",
        "a2 b2 g2 b3 e4 g5 g6 c7 d8",
        {"a1": "N", "a2": "P", "d2": "B", "a3": "N", "b4": "N", "d4": "B", "f5": "Q"},
        {"a4": "N", "d4": "P", "e4": "B", "a6": "B", "a8": "Q"},
    ),
    (
        "4p1Br/4KRk1/6p1/1R1Q4/B2r4/N1N2n1N/p5R1/2bb4 b - - 0 48",
        "g2 a3 c3 f3 h3 a4 d4 b5 d5 g6 f7 e8 g8 h8",
        {"a3": "Q", "a4": "R", "g6": "P", "f7": "N"},
        {"c1": "P", "d5": "P", "g6": "P", "g7": "P", "h8": "P"},
    ),
    (
        "1r4b1/P2qk2b/1nBN4/1Pq5/1n6/8/2R1B1R1/2K5 w - - 0 71",
        "c2 e2 g2 b4 c5 b6 c6 d6 d7 h7 g8",
        {"c1": "P", "c2": "R", "b5": "R", "d7": "N"},
        {"c2": "B", "b6": "P", "d7": "N", "b8": "Q"},
    ),
)


def horde_state(
    rules: Any, fen: str, zombies: str, white: dict[str, str], black: dict[str, str]
) -> Any:
    """A turn start with pieces already buried and zombies on the board."""
    data = rules.state_to_json(rules.initial_state())
    # the state keeps the square open to en passant (after a horde's double step) apart
    fields = fen.split()
    data.update(ep=fields[3], fen=" ".join([*fields[:3], "-", *fields[4:]]))
    data.update(zombies=zombies.split(), grids=[white, black], history=["bench"])
    return rules.state_from_json(data)


def horde_turns(repeats: int) -> list[tuple[str, int, int, float, float]]:
    """For each horde position: its FEN, own zombies, legal moves, the best of `repeats`
    timings of the turn's legal moves (a fresh rules object each time: no memo carries
    over) and of orthodox chess's legal moves on the same board (the reference)."""
    from motley.chesslike import movegen
    from motley.games.zombie import ZombieChess

    found = []
    for fen, zombies, white, black in HORDES:
        best = reference = float("inf")
        count = own = 0
        for _ in range(repeats):
            rules = ZombieChess()
            state = horde_state(rules, fen, zombies, white, black)
            own = (state.zombies & state.board.colours[state.board.turn]).bit_count()
            started = time.process_time()
            count = len(rules.turns.legal_moves(state))
            best = min(best, time.process_time() - started)
            started = time.process_time()
            for _ in range(100):
                movegen.legal_moves(rules.t, state.board)
            reference = min(reference, (time.process_time() - started) / 100)
        found.append((fen, own, count, best, reference))
    return found


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
    parser.add_argument("--repeats", type=int, default=3, help="timings per horde position")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.worst < 0 or args.repeats < 1:
        print(
            "zombie_bench: --seconds must be positive, --worst not negative, --repeats >= 1",
            file=sys.stderr,
        )
        return 2
    for fen, own, count, took, reference in horde_turns(args.repeats):
        mark = "" if took <= TURN_TARGET else f"  above {TURN_TARGET * 1000:.0f} ms"
        print(
            f"horde of {own}: {count:>3} moves in {took * 1000:7.1f} ms "
            f"({took / reference:7,.0f} x chess's legal moves)  {fen}{mark}"
        )
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
