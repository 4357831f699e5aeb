"""The command line as tests call it: `run(*args, stdin=...)` -> (status, stdout, stderr)."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

import pytest

from motley.cli.main import main

Run = tuple[int, str, str]
Runner = Callable[..., Run]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Runner:
    """Call `main(args)` with `stdin` as standard input; return (status, stdout, stderr)."""

    def call(*args: str, stdin: str = "") -> Run:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = main(list(args))
        out, err = capsys.readouterr()
        return status, out, err

    return call


def playing(run: Runner) -> Runner:
    """`run` with `play` in front: `motley play <args>`."""
    return lambda *args, stdin="": run("play", *args, stdin=stdin)
