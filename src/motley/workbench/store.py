"""The results of a tournament on disk, appended one game at a time so a run can resume.

A run's directory holds `tournament.json` (the plan's identity) and `games.jsonl` (one line
per finished game, written and flushed to disk as soon as the game ends). A restarted run
reads the finished games back and plays only the rest. Each game has a key; a key met twice
counts once, and a last line cut short by a crash is dropped rather than misread. A lock held
for the whole run stops two runs from writing to one directory at the same time.
"""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path
from typing import IO, Any

from motley.core.errors import MotleyError, StateError
from motley.workbench.plan import Plan
from motley.workbench.tasks import GameResult

PLAN_FILE = "tournament.json"
GAMES_FILE = "games.jsonl"


class ResultStore:
    """Finished games of one plan in one directory (open it with `with`)."""

    def __init__(self, directory: Path, plan: Plan) -> None:
        self.directory = directory
        self.plan = plan
        self.results: dict[str, GameResult] = {}
        self._handle: IO[str] | None = None

    def __enter__(self) -> ResultStore:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def open(self) -> None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise MotleyError(f"cannot create {self.directory}: {error.strerror}") from None
        self._check_plan()
        path = self.directory / GAMES_FILE
        handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 (held open for the run)
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise MotleyError(f"another run is writing to {self.directory}") from None
        self._handle = handle
        self.results = self._load(handle)

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing releases the lock
            self._handle = None

    def _check_plan(self) -> None:
        path = self.directory / PLAN_FILE
        identity = self.plan.identity()
        if path.exists():
            try:
                stored = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                raise StateError(f"{path} is unreadable; move it away to start afresh") from None
            if stored.get("identity") != identity:
                raise MotleyError(
                    f"{self.directory} holds another tournament "
                    f"({_difference(stored.get('identity'), identity)}); choose another --out"
                )
        path.write_text(
            json.dumps({"identity": identity, "games": self.plan.games}, indent=2) + "\n",
            encoding="utf-8",
        )

    def _load(self, handle: IO[str]) -> dict[str, GameResult]:
        handle.seek(0)
        text = handle.read()
        results: dict[str, GameResult] = {}
        complete = text[: text.rfind("\n") + 1]
        if len(complete) != len(text):
            # a crash cut the last line short: drop it so the next line starts clean
            handle.truncate(len(complete.encode("utf-8")))
        for line in complete.splitlines():
            if not line.strip():
                continue
            try:
                result = GameResult.from_json(json.loads(line))
            except (ValueError, StateError):
                continue  # a damaged line is replayed, never guessed at
            results.setdefault(result.key, result)
        handle.seek(0, os.SEEK_END)
        return results

    def add(self, data: dict[str, Any]) -> bool:
        """Record one finished game; False (and nothing written) if its key is already in."""
        result = GameResult.from_json(data)
        if result.key in self.results:
            return False
        if self._handle is None:
            raise StateError("the result store is not open")
        self._handle.write(json.dumps(result.to_json(), separators=(",", ":")) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self.results[result.key] = result
        return True


def _difference(stored: Any, wanted: dict[str, Any]) -> str:
    if not isinstance(stored, dict):
        return "an unreadable plan"
    changed = sorted(k for k in wanted if stored.get(k) != wanted[k])
    return "different " + ", ".join(changed) if changed else "a different plan"
