"""The script-facing subcommands: games, new, legal, apply, view, perft and pgn.

Each takes the parsed arguments, prints its answer on standard output and returns the exit
status. Errors are raised, not printed: `main` turns them into one line on standard error.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from motley.cli import statefile
from motley.cli.inputs import parse_options, parse_seat, read_text
from motley.cli.perft import divide, perft
from motley.cli.telling import result_words
from motley.core import registry
from motley.core.driver import pick_outcome
from motley.core.errors import MotleyError
from motley.core.record import GameRecord
from motley.core.rules import NodeKind, Rules
from motley.core.spec import GameSpec
from motley.core.table import Table


def cmd_games(args: argparse.Namespace) -> int:
    for spec in registry.specs():
        print(describe_game(spec))
    return 0


def describe_game(spec: GameSpec) -> str:
    seats = ", ".join(spec.seat_name(s) for s in range(spec.players))
    traits = ", ".join(sorted(t.value for t in spec.traits)) or "none"
    options = " ".join(f"{o.name}={json.dumps(o.default)}" for o in spec.options) or "none"
    title = f"{spec.id}: {spec.title} (version {spec.version})"
    if spec.provisional:
        title += f" [provisional: {spec.provisional}]"
    return "\n".join(
        [
            title,
            f"  {spec.summary}",
            f"  players: {spec.players} ({seats}); traits: {traits}",
            f"  options: {options}",
            "",
        ]
    )


def make_rules(game: str, pairs: list[str], position: str | None) -> Rules[object, object]:
    spec = registry.rules_class(game).spec
    return registry.make(game, parse_options(spec, pairs, position))


def cmd_new(args: argparse.Namespace) -> int:
    rules = make_rules(args.game, args.option, args.position)
    state = rules.initial_state()
    if args.seed is not None:
        rng = random.Random(f"{args.seed}/chance")
        while rules.kind(state) is NodeKind.CHANCE:
            state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
    print(statefile.dumps(statefile.table_to_json(Table(rules, state))))
    return 0


def load_table(source: str | None) -> Table:
    return statefile.loads(read_text(source, "state"))


def cmd_legal(args: argparse.Namespace) -> int:
    table = load_table(args.state)
    rules = table.rules
    if table.kind is NodeKind.CHANCE:
        for outcome, probability in rules.chance_outcomes(table.state):
            print(f"{rules.action_text(table.state, outcome)}  {probability}")
        return 0
    if table.kind is NodeKind.TERMINAL:
        # no actions, so standard output stays empty for scripts; people are told why
        print(game_over(table), file=sys.stderr)
        return 0
    seat = None if args.seat is None else parse_seat(rules.spec, args.seat)
    for action in table.legal(seat):
        print(rules.action_text(table.state, action))
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    table = load_table(args.state)
    seat = None if args.seat is None else parse_seat(table.rules.spec, args.seat)
    for text in args.actions:
        if table.kind is NodeKind.TERMINAL:
            raise MotleyError(game_over(table))
        if table.kind is NodeKind.SIMULTANEOUS and seat is None:
            raise MotleyError(seat_needed(table))
        acting = None if table.kind is NodeKind.CHANCE else seat
        table = table.play(table.parse(text, acting), acting)
    print(statefile.dumps(statefile.table_to_json(table)))
    return 0


def game_over(table: Table) -> str:
    """ "game over: White wins by checkmate" """
    rules = table.rules
    returns = rules.returns(table.state)
    return f"game over: {result_words(rules.spec, returns, rules.end_reason(table.state))}"


def seat_needed(table: Table) -> str:
    """At a simultaneous node every seat commits on its own: say which seats may."""
    spec = table.rules.spec
    names = [spec.seat_name(s).lower() for s in table.waiting_for()]
    seats = " or ".join(f"--seat {n}" if " " not in n else f"--seat '{n}'" for n in names)
    return f"the seats choose at once here: say which one commits ({seats})"


def cmd_view(args: argparse.Namespace) -> int:
    table = load_table(args.state)
    rules = table.rules
    seat = parse_seat(rules.spec, args.seat, spectator=True)
    document = {
        "game": rules.spec.id,
        "version": rules.spec.version,
        "options": dict(rules.options),
        "seat": seat,
        "view": rules.view_to_json(rules.view(table.state, seat)),
        "pending": table.pending_json(seat),
    }
    print(statefile.dumps(document))
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    rules = make_rules(args.game, args.option, args.position)
    state = rules.initial_state()
    if args.divide:
        rows = divide(rules, state, args.depth)
        for text, count in rows:
            print(f"{text}: {count}")
        print()
        print(sum(count for _, count in rows))
    else:
        print(perft(rules, state, args.depth))
    return 0


def cmd_pgn(args: argparse.Namespace) -> int:
    from motley.notation.pgn import to_pgn  # loaded on demand: it needs the SAN writer

    record = GameRecord.from_json(json.loads(read_text(args.record, "game record")))
    print(to_pgn(record), end="")
    return 0
