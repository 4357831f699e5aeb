"""`motley match` and `motley ladder`: self-play tournaments from the command line."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from motley.agents import LEVELS, agent_names
from motley.core import registry
from motley.core.errors import MotleyError
from motley.workbench import LADDER, MATCH, Plan, parse_grid, run_tournament
from motley.workbench.plan import DEFAULT_MAX_EVENTS


def add_parsers(subparsers: Any) -> None:
    """Add the `match` and `ladder` subcommands to the `motley` command's subparsers."""
    names = ", ".join(agent_names())
    match = subparsers.add_parser(
        "match",
        help="play computer players against each other (seats rotate)",
        description=(
            f"Play GAME between the named players. Players: {names}; settings follow a "
            "colon, e.g. mcts:iterations=400,seed=2 or alphabeta:seconds=0.5."
        ),
    )
    match.add_argument("game", metavar="GAME")
    match.add_argument(
        "--agent", action="append", default=[], metavar="AGENT", help="a player (repeat)"
    )
    match.add_argument("--games", type=int, default=20, help="games per option cell (20)")
    _common(match)
    match.set_defaults(run=cmd_match)

    ladder = subparsers.add_parser(
        "ladder",
        help="rate the strength levels (or named players) against each other by Elo",
        description="Every pair of players meets --games times; Elo ratings with error bars.",
    )
    ladder.add_argument("game", metavar="GAME")
    ladder.add_argument(
        "--levels", default="1-5", help="strength levels to rate, e.g. 1-5 or 1,3,5 (1-5)"
    )
    ladder.add_argument(
        "--agent", action="append", default=[], metavar="AGENT",
        help="rate these players instead of levels (repeat)",
    )  # fmt: skip
    ladder.add_argument("--games", type=int, default=10, help="games per pair and cell (10)")
    _common(ladder)
    ladder.set_defaults(run=cmd_ladder)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=V1[,V2...]",
        help="a house rule; several values sweep a grid, one report cell per combination",
    )  # fmt: skip
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1,
        help="local worker processes (0: play in this process)",
    )  # fmt: skip
    parser.add_argument("--scheduler", metavar="ADDRESS", help="use this Dask cluster instead")
    parser.add_argument("--out", metavar="DIR", help="run directory (reuse it to resume)")
    parser.add_argument("--seed", default="0", help="tournament seed (0)")
    parser.add_argument(
        "--max-events", type=int, default=DEFAULT_MAX_EVENTS,
        help="stop a game after this many events and adjudicate it by evaluation",
    )  # fmt: skip


def cmd_match(args: argparse.Namespace) -> int:
    if not args.agent:
        raise MotleyError("name the players with --agent (at least one)")
    return _run(MATCH, args, tuple(a.strip() for a in args.agent))


def cmd_ladder(args: argparse.Namespace) -> int:
    players = tuple(a.strip() for a in args.agent) or tuple(
        f"level{n}" for n in parse_levels(args.levels)
    )
    return _run(LADDER, args, players)


def parse_levels(text: str) -> list[int]:
    """`1-5`, `2,4` or `1-3,5` as a sorted list of distinct levels."""
    levels: set[int] = set()
    for part in filter(None, (p.strip() for p in text.split(","))):
        low, sep, high = part.partition("-")
        try:
            first, last = int(low), int(high) if sep else int(low)
        except ValueError:
            raise MotleyError(f"--levels takes numbers like 1-5 or 1,3,5, not {text!r}") from None
        if first > last or first not in LEVELS or last not in LEVELS:
            raise MotleyError(f"levels run from 1 to 5; {part!r} is out of range")
        levels.update(range(first, last + 1))
    if len(levels) < 2:
        raise MotleyError("a ladder needs at least two levels")
    return sorted(levels)


def _run(kind: str, args: argparse.Namespace, players: tuple[str, ...]) -> int:
    spec = registry.rules_class(args.game).spec
    plan = Plan(
        kind=kind,
        game=args.game,
        players=players,
        grid=parse_grid(spec, args.option),
        games=args.games,
        seed=str(args.seed),
        max_events=args.max_events,
    )
    directory = Path(args.out) if args.out else None
    finished = run_tournament(plan, directory, workers=args.workers, scheduler=args.scheduler)
    print(finished.text)
    resumed = finished.total - finished.played
    if resumed:
        print(f"\n({resumed} of {finished.total} games were already in {finished.directory})")
    print(f"\nreport: {finished.directory / 'report.html'}")
    return 0
