"""The terminal as the interactive game sees it: read a line, write text, clear the screen."""

from __future__ import annotations

import contextlib
import sys
from typing import Protocol


class Console(Protocol):
    def read(self, prompt: str) -> str | None:
        """One line typed after `prompt`, or None when input has ended."""

    def write(self, text: str) -> None: ...

    def clear(self) -> None:
        """Wipe what is on screen, so the next player cannot see the last one's secrets."""


class TerminalConsole:
    """Standard input and output; line editing comes from `input` on a terminal."""

    def __init__(self) -> None:
        if sys.stdin is not None and sys.stdin.isatty():
            # importing readline gives `input` line editing and history; not every
            # platform has it, and plain input still works without
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401

    def read(self, prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    def write(self, text: str) -> None:
        print(text, flush=True)

    def clear(self) -> None:
        if sys.stdout.isatty():
            print("\033[2J\033[3J\033[H", end="", flush=True)
        else:
            print("\n" * 3, flush=True)
