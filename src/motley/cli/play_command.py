"""`motley play`: set up a terminal game, run it, and save its record."""

from __future__ import annotations

import argparse
import json
import secrets

from motley.cli.commands import make_rules
from motley.cli.console import Console, TerminalConsole
from motley.cli.play import PlaySession
from motley.cli.seats import HUMAN, parse_seats
from motley.core.record import GameRecord


def cmd_play(args: argparse.Namespace, console: Console | None = None) -> int:
    rules = make_rules(args.game, args.option, args.position)
    seats = parse_seats(rules.spec, args.seat)
    seed = args.seed if args.seed is not None else secrets.token_hex(8)
    # one person playing the second seat alone sees the board from their side
    humans = [s for s, kind in seats.items() if kind == HUMAN]
    flipped = args.flip or humans == [1]
    console = console or TerminalConsole()
    session = PlaySession(rules, seats, seed, console, flipped=flipped)
    record = session.run()
    if args.record:
        write_record(record, args.record)
        console.write(f"Record saved to {args.record}")
    elif session.ending is None or not session.ending.input_ended:
        offer_to_save(record, console)
    return 0


def write_record(record: GameRecord, path: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(record.to_json(), handle, indent=2)
        handle.write("\n")


def offer_to_save(record: GameRecord, console: Console) -> None:
    path = console.read("Save the game record as (file name, or Enter to skip)> ")
    if not path or not path.strip():
        return
    try:
        write_record(record, path.strip())
    except OSError as error:
        console.write(f"Could not save the record: {error.strerror or error}")
        return
    console.write(f"Record saved to {path.strip()}")
