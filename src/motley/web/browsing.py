"""Shared pieces of the real-browser tests: the system Chromium and waiting on a page."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parents[3] / "out" / "screenshots"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def shot(page: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def until(page: Any, expression: str, timeout: float = 20.0) -> None:
    """Wait for a JavaScript expression to hold (polled from here: the pages forbid eval)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        time.sleep(0.05)


def moves_listed(page: Any) -> int:
    count: int = page.locator("#moves li").count()
    return count
