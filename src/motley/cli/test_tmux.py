"""`motley play chess` on a real terminal (tmux), as `make run` starts it. Skipped without tmux."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def tmux(*args: str) -> str:
    done = subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=10)
    return done.stdout


def wait_for(check: Callable[[], bool], seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False


def test_play_chess_in_a_terminal() -> None:
    session = f"motley-test-{os.getpid()}"
    command = f"{shlex.quote(sys.executable)} -m motley play chess; echo EXIT=$?; sleep 30"
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "50", command)
    try:

        def screen() -> str:
            return tmux("capture-pane", "-p", "-t", session)

        assert wait_for(lambda: "White to move>" in screen()), screen()
        tmux("send-keys", "-t", session, "e2e4", "Enter")
        assert wait_for(lambda: "Black to move>" in screen()), screen()
        tmux("send-keys", "-t", session, "Qh4", "Enter")
        assert wait_for(lambda: "no queen of Black can reach h4" in screen()), screen()
        tmux("send-keys", "-t", session, "C-d")
        assert wait_for(lambda: "EXIT=0" in screen()), screen()
        assert "Traceback" not in screen()
    finally:
        tmux("kill-session", "-t", session)
