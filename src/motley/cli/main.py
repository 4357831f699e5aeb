"""The `motley` command: play games in a terminal and drive them from scripts.

Every error a user can cause (unknown game, bad option, malformed FEN or move, a state file
edited into nonsense) ends the command with one line on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from motley.agents import LEVELS, level_name
from motley.cli import commands
from motley.cli.play_command import cmd_play
from motley.cli.serve import add_parser as add_serve_parser
from motley.cli.workbench import add_parsers as add_workbench_parsers
from motley.core.errors import MotleyError

USAGE_ERROR = 2
EXAMPLES = """\
examples:
  motley play chess --seat black=level3
  motley new chess | motley apply e2e4 e7e5 | motley legal
  motley new chess960 | motley apply "sp 518" > game.json
  motley view --seat black game.json
  motley perft chess 4 --divide
"""


class UsageError(Exception):
    """A command line argparse rejected (reported in one line like every other error)."""


class Parser(argparse.ArgumentParser):
    """argparse, but its errors become one line and the caller keeps control."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def build_parser() -> Parser:
    parser = Parser(
        prog="motley",
        description="Play and study unusual chess variants.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=Parser
    )

    games = sub.add_parser("games", help="list the registered games")
    games.set_defaults(run=commands.cmd_games)

    new = sub.add_parser("new", help="print a new game's state as JSON")
    new.add_argument("game", metavar="GAME")
    _game_options(new)
    new.add_argument("--seed", help="resolve opening chance nodes with this seed")
    new.set_defaults(run=commands.cmd_new)

    legal = sub.add_parser("legal", help="list the legal actions (or chance outcomes)")
    legal.add_argument("state", nargs="?", metavar="STATE", help="state file; '-' for stdin")
    legal.add_argument("--seat", help="at a simultaneous node, the seat to list for")
    legal.set_defaults(run=commands.cmd_legal)

    apply = sub.add_parser(
        "apply", help="apply actions and print the new state (quote 'sp 518' style outcomes)"
    )
    apply.add_argument("actions", nargs="+", metavar="ACTION")
    apply.add_argument("--state", help="state file (default: stdin)")
    apply.add_argument("--seat", help="act as this seat (at a simultaneous node: commit for it)")
    apply.set_defaults(run=commands.cmd_apply)

    view = sub.add_parser("view", help="print what one seat may see, as JSON")
    view.add_argument("state", nargs="?", metavar="STATE", help="state file; '-' for stdin")
    view.add_argument("--seat", required=True, help="a seat number or name, or 'spectator'")
    view.set_defaults(run=commands.cmd_view)

    perft = sub.add_parser("perft", help="count move paths to a depth")
    perft.add_argument("game", metavar="GAME")
    perft.add_argument("depth", type=int, metavar="DEPTH")
    _game_options(perft)
    perft.add_argument("--divide", action="store_true", help="show the count per first move")
    perft.set_defaults(run=commands.cmd_perft)

    play = sub.add_parser(
        "play",
        help="play in the terminal (every seat human by default)",
        epilog=_levels(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", metavar="GAME")
    _game_options(play)
    play.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="SEAT=KIND",
        help="who plays a seat: human, a computer level (see below) or a computer player "
        "(random, greedy, alphabeta, mcts; settings after a colon, e.g. mcts:seconds=2)",
    )
    play.add_argument("--seed", help="seed for chance and computer players")
    play.add_argument("--record", metavar="FILE", help="write the game record here at the end")
    play.add_argument("--flip", action="store_true", help="show the board from the second seat")
    play.set_defaults(run=cmd_play)

    pgn = sub.add_parser("pgn", help="export a chess or chess960 game record as PGN")
    pgn.add_argument("record", nargs="?", metavar="RECORD", help="record file; '-' for stdin")
    pgn.set_defaults(run=commands.cmd_pgn)
    add_workbench_parsers(sub)
    add_serve_parser(sub)
    return parser


def _levels() -> str:
    """The computer levels as players read them, with the flag that seats each one."""
    rows = [f"  --seat black=level{n}   {level_name(n)}" for n in LEVELS]
    return "\n".join(["computer levels:", *rows])


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="set a game option"
    )
    parser.add_argument("--position", help="the start position (sets the 'position' option)")


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as done:  # --help and --version end here
            return done.code if isinstance(done.code, int) else 0
        status: int = args.run(args)
        return status
    except UsageError as error:
        return _fail(str(error))
    except MotleyError as error:
        return _fail(f"motley: {error}")
    except json.JSONDecodeError as error:
        return _fail(f"motley: not valid JSON ({error})")
    except RecursionError:
        # a hand-made file nested thousands deep exhausts the reader; it is still bad input
        return _fail("motley: the input is nested too deeply to be a Motley file")
    except BrokenPipeError:
        # the reader went away (`motley legal | head`); stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        where = f" {error.filename}" if error.filename else ""
        return _fail(f"motley: cannot open{where}: {error.strerror or error}")
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def _fail(line: str) -> int:
    print(line, file=sys.stderr)
    return USAGE_ERROR
