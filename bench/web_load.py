"""Load test of the web app: many concurrent games of random moves over websockets.

Starts `motley serve` on 127.0.0.1 with a fresh database, then plays N games at once, each
with two connections (one per seat). The seat to move waits a random think time, picks a
random legal move from its frame and sends it; the latency measured is from sending the
intent to receiving its acknowledgement, which the server sends only once the move is
stored (WAL, synchronous=FULL). Finished games are replaced by new ones. The first seconds,
while all the games are being created and joined, are not counted.

    python bench/web_load.py                      # 50 and 200 games, 20 s each
    python bench/web_load.py --games 500 --seconds 30 --think 1.0
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import websockets

TARGET_P99_MS = 50.0


@dataclass
class Stats:
    warm_from: float = 0.0  # latencies of moves sent before this moment are not counted
    latencies: list[float] = field(default_factory=list)
    rejects: int = 0
    answered: int = 0  # every intent answered, warm-up included (for CPU per move)
    games_finished: int = 0
    errors: list[str] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(port: int, *, db: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "motley", "serve", "--port", str(port), "--db", str(db)]
    # every game here comes from one client address
    command += ["--new-games-per-minute", "1000000", "--sockets-per-client", "100000"]
    process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL)
    return wait_healthy(process, port)


def wait_healthy(process: subprocess.Popen[bytes], port: int) -> subprocess.Popen[bytes]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    stop_server(process)
    raise SystemExit("the server did not start")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


class Seat:
    """One player's connection: its latest frame, and a waiter for acks by intent id."""

    def __init__(self, ws: Any, token: str, changed: asyncio.Event) -> None:
        self.ws = ws
        self.token = token
        self.frame: dict[str, Any] = {}
        self.version = 0
        self.changed = changed  # shared by the game's two seats
        self.acks: dict[str, asyncio.Future[dict[str, Any]]] = {}

    async def listen(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            kind = message["type"]
            if kind in ("snapshot", "event"):
                self.version = message["version"]
                self.frame = message["frame"]
                self.changed.set()
            elif kind in ("ack", "reject"):
                waiter = self.acks.pop(message["id"], None)
                if waiter is not None and not waiter.done():
                    waiter.set_result(message)


async def play_games(
    http: httpx.AsyncClient, ws_base: str, slot: int, stop: float, think: float, stats: Stats
) -> None:
    """Keep one game going in this slot until `stop`, starting a new one when it ends."""
    rng = random.Random(slot)
    while time.monotonic() < stop:
        made = (
            await http.post(
                "/api/games",
                json={"game": "chess", "seats": [{"kind": "local"}] * 2, "listed": False},
            )
        ).json()
        url = f"{ws_base}/ws/{made['id']}"
        changed = asyncio.Event()
        async with websockets.connect(url) as w0, websockets.connect(url) as w1:
            seats = [
                Seat(w0, made["tokens"]["0"], changed),
                Seat(w1, made["tokens"]["1"], changed),
            ]
            listeners = [asyncio.create_task(s.listen()) for s in seats]
            for s in seats:
                await s.ws.send(json.dumps({"type": "hello", "token": s.token, "seen": 0}))
            try:
                await play_one(seats, changed, rng, stop, think, stats)
            finally:
                for task in listeners:
                    task.cancel()


async def settled(seats: list[Seat], changed: asyncio.Event, version: int) -> None:
    """Wait until both seats have seen at least `version` and agree on it."""
    while not all(s.frame and s.version >= version for s in seats) or (
        seats[0].version != seats[1].version
    ):
        changed.clear()
        await changed.wait()


async def play_one(
    seats: list[Seat],
    changed: asyncio.Event,
    rng: random.Random,
    stop: float,
    think: float,
    stats: Stats,
) -> None:
    number = 0
    version = 0
    while time.monotonic() < stop:
        await settled(seats, changed, version)
        frame = seats[0].frame
        if frame.get("result"):
            stats.games_finished += 1
            return
        seat = seats[frame["to_act"][0]]
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        intent = f"i{number}-{rng.getrandbits(32):x}"
        number += 1
        waiter: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        seat.acks[intent] = waiter
        message = {
            "type": "intent",
            "id": intent,
            "token": seat.token,
            "seen": seat.version,
            "action": rng.choice(seat.frame["actions"]["moves"])[2],
        }
        sent = time.perf_counter()
        await seat.ws.send(json.dumps(message))
        reply = await waiter
        stats.answered += 1
        if time.monotonic() >= stats.warm_from:
            stats.latencies.append((time.perf_counter() - sent) * 1000)
        if reply["type"] != "ack":
            stats.rejects += 1
        version = reply.get("version", version)


async def run_level(
    base: str, games: int, seconds: float, think: float, warmup: float = 0.0
) -> Stats:
    """Play `games` games at once for `warmup` + `seconds`, counting the last `seconds`."""
    stats = Stats(warm_from=time.monotonic() + warmup)
    stop = stats.warm_from + seconds
    ws_base = base.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=games)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        tasks = [play_games(http, ws_base, slot, stop, think, stats) for slot in range(games)]
        results = await asyncio.gather(*tasks, return_exceptions=True)
    stats.errors = [repr(r) for r in results if isinstance(r, BaseException)]
    return stats


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def cpu_times() -> tuple[int, int]:
    """(all, stolen) CPU ticks of this machine so far, from /proc/stat (zeros elsewhere)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    return sum(fields[:8]), fields[7] if len(fields) > 7 else 0


def process_cpu(pid: int) -> float:
    """Seconds of CPU a process has used so far, from /proc (0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(base: str, games: int, args: argparse.Namespace, pid: int) -> dict[str, Any]:
    before = cpu_times()
    spent = process_cpu(pid)
    stats = asyncio.run(run_level(base, games, args.seconds, args.think, args.warmup))
    spent = process_cpu(pid) - spent
    after = cpu_times()
    if stats.errors:
        print(f"  {len(stats.errors)} game slots failed, e.g. {stats.errors[0]}")
    lat = stats.latencies
    ticks = after[0] - before[0]
    return {
        "games": games,
        "moves": len(lat),
        "per_second": len(lat) / args.seconds,
        "median_ms": statistics.median(lat) if lat else float("nan"),
        "p99_ms": percentile(lat, 0.99) if lat else float("nan"),
        "rejects": stats.rejects,
        "steal": (after[1] - before[1]) / ticks if ticks else 0.0,
        "cpu_ms_per_move": 1000 * spent / stats.answered if stats.answered else float("nan"),
    }


def start_reference(port: int) -> subprocess.Popen[bytes]:
    echo = Path(__file__).with_name("web_echo.py")
    command = [sys.executable, str(echo), str(port)]
    process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL)
    return wait_healthy(process, port)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, action="append", help="concurrent games (repeatable)")
    parser.add_argument("--seconds", type=float, default=20.0, help="duration of each level")
    parser.add_argument(
        "--think", type=float, default=0.5, help="mean think time between moves, in seconds"
    )
    parser.add_argument(
        "--warmup", type=float, default=5.0, help="seconds to start the games before measuring"
    )
    parser.add_argument(
        "--no-reference", action="store_true", help="skip the bare-stack reference server"
    )
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON here")
    args = parser.parse_args()
    levels = args.games or [50, 200]
    print(f"web load: chess, random moves, think time mean {args.think:g} s, "
          f"{args.warmup:g} s warm-up then {args.seconds:g} s measured per level, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    print("reference: the same client against a bare uvicorn app that answers without a game")
    heads = ("server", 9), ("games", 6), ("moves", 7), ("moves/s", 8), ("median ms", 10)
    heads += ("p99 ms", 8), ("rejects", 8), ("cpu stolen", 11), ("cpu/move ms", 12)
    print(" ".join(f"{name:>{width}}" for name, width in heads))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for games in levels:  # the two servers take turns, so both see the same machine
            db = Path(tmp) / f"{games}.db"
            servers = [("motley", partial(start_server, db=db))]
            if not args.no_reference:
                servers.append(("reference", start_reference))
            for name, start in servers:
                port = free_port()
                server = start(port)
                try:
                    base = f"http://127.0.0.1:{port}"
                    row = {"server": name, **measure(base, games, args, server.pid)}
                finally:
                    stop_server(server)
                rows.append(row)
                print(
                    f"{name:>9} {games:>6} {row['moves']:>7} {row['per_second']:>8.1f} "
                    f"{row['median_ms']:>10.2f} {row['p99_ms']:>8.2f} {row['rejects']:>8} "
                    f"{row['steal']:>10.0%} {row['cpu_ms_per_move']:>12.2f}"
                )
    ours = [r for r in rows if r["server"] == "motley"]
    worst = max(r["p99_ms"] for r in ours)
    verdict = "meets" if worst < TARGET_P99_MS else "misses"
    print(f"p99 target {TARGET_P99_MS:g} ms at the largest level: {verdict} it")
    references = {r["games"]: r for r in rows if r["server"] == "reference"}
    for row in ours:
        ref = references.get(row["games"])
        if ref:
            median = row["median_ms"] / ref["median_ms"]
            p99 = row["p99_ms"] / ref["p99_ms"]
            print(f"{row['games']} games, motley / reference: median {median:.2f}, p99 {p99:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
