"""`motley serve`: the web app on uvicorn, with its games in one SQLite file.

SIGTERM and SIGINT stop it cleanly: uvicorn closes the sockets (waiting at most
SHUTDOWN_SECONDS for them), then the app stops its computer workers, so no move a computer
had not finished choosing is stored and no process is left behind.
"""

from __future__ import annotations

import argparse
import socket
import sqlite3
from typing import Any

DEFAULT_DB = "motley.db"
SHUTDOWN_SECONDS = 5


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `serve` command to the `motley` command's subparsers."""
    serve: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="play in the browser: start the web app"
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--db", default=DEFAULT_DB, help=f"SQLite file that keeps the games (default {DEFAULT_DB})"
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another page origin allowed to open game sockets (e.g. https://example.org)",
    )
    serve.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a public name of this server (besides localhost and IP addresses) that pages "
        "may use to play on it, e.g. chess.example.org",
    )
    serve.add_argument(
        "--allow-computer-games",
        action="store_true",
        help="allow games where only computer players play (they take computer time)",
    )
    serve.add_argument(
        "--new-games-per-minute",
        type=float,
        default=20.0,
        metavar="N",
        help="games one client address may create a minute, on average (default 20)",
    )
    serve.add_argument(
        "--sockets-per-client",
        type=int,
        default=64,
        metavar="N",
        help="game connections one client address may hold open (default 64)",
    )
    serve.add_argument(
        "--computer-workers",
        type=int,
        default=1,
        metavar="N",
        help="processes for computer players (0: threads inside the server)",
    )
    serve.set_defaults(run=cmd_serve)
    return serve


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn  # imported here so other commands start fast

    from motley.core.errors import MotleyError
    from motley.web.app import Settings, create_app

    if not 0 < args.port < 65536:
        raise MotleyError(f"--port must be between 1 and 65535, not {args.port}")
    if not args.new_games_per_minute > 0:
        raise MotleyError("--new-games-per-minute must be above 0")
    if args.sockets_per_client < 1:
        raise MotleyError("--sockets-per-client must be at least 1")
    if args.computer_workers < 0:
        raise MotleyError("--computer-workers cannot be negative")
    _check_database(args.db)
    _check_port(args.host, args.port)
    settings = Settings(
        db=args.db,
        origins=tuple(o.rstrip("/") for o in args.allow_origin),
        hosts=_hosts(args.host, args.allow_host),
        allow_computer_games=args.allow_computer_games,
        creations_per_minute=args.new_games_per_minute,
        connections_per_client=args.sockets_per_client,
        computer_workers=args.computer_workers,
        freeze_heap=True,
    )
    app = create_app(settings)
    _build_tables()
    print(f"Motley is serving on http://{_shown(args.host)}:{args.port} (games in {args.db})")
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=65536,  # far above any message the app accepts (see protocol)
        ws_per_message_deflate=False,  # frames are small; compressing them costs more CPU
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,  # open game sockets must not hold it up
    )
    return 0


def _build_tables() -> None:
    """Build every game's tables now, so the server's collector freezes them at start."""
    from motley.core import registry

    for game in registry.game_ids():
        registry.make(game)


def _hosts(listen: str, given: list[str]) -> tuple[str, ...]:
    """The names the server answers to: those given, and the one it listens on if a name."""
    names = [name.strip().lower().rstrip(".") for name in given]
    if listen and not any(c.isdigit() or c == ":" for c in listen[-1:]):
        names.append(listen.lower())
    return tuple(dict.fromkeys(n for n in names if n))


def _check_database(path: str) -> None:
    """Refuse, in one line, a database that is damaged or cannot be opened."""
    from motley.core.errors import MotleyError
    from motley.web.store import SqliteStore, StorageError

    try:
        SqliteStore(path).close()
    except StorageError as error:
        raise MotleyError(str(error)) from None
    except (sqlite3.Error, OSError) as error:
        raise MotleyError(f"cannot open the games database {path!r}: {error}") from None


def _check_port(host: str, port: int) -> None:
    """Fail with one line, before starting, when the address is taken or invalid."""
    from motley.core.errors import MotleyError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(infos[0][4])
    except OSError as error:
        reason = error.strerror or str(error)
        raise MotleyError(f"cannot listen on {_shown(host)}:{port}: {reason}") from None


def _shown(host: str) -> str:
    return f"[{host}]" if ":" in host else host
