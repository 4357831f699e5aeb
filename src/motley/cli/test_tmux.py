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


def test_a_hidden_game_tells_its_events_and_refuses_a_take_back() -> None:
    """Tar Pit against the computer: the game's own help, each card as White may know it, the
    phase in the prompt, and a take back refused; the screen is saved for looking at."""
    session = f"motley-tarpit-{os.getpid()}"
    command = (
        f"{shlex.quote(sys.executable)} -m motley play tar_pit --seat black=random --seed 4; "
        "echo EXIT=$?; sleep 30"
    )
    tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "60", command)
    try:

        def screen() -> str:
            return tmux("capture-pane", "-p", "-t", session)

        assert wait_for(lambda: "White to move>" in screen()), screen()
        for keys, expected in (
            ("help", "for example, open to you now"),
            ("e2e4", "White is choosing a card to play, or no card>"),
            ("no card", "Black: "),
            ("undo", "cannot take back: "),
        ):
            tmux("send-keys", "-t", session, keys, "Enter")
            assert wait_for(lambda: expected in screen()), screen()  # noqa: B023 (waited here)
        shown = screen()
        assert "Chance: a card for Black" in tmux("capture-pane", "-p", "-S", "-", "-t", session)
        save_terminal(shown, "terminal-take-back-refused")
        tmux("send-keys", "-t", session, "C-d")
        assert wait_for(lambda: "EXIT=0" in screen()), screen()
    finally:
        tmux("kill-session", "-t", session)


def save_terminal(text: str, name: str) -> None:
    """The screen as text, and as a picture where Playwright and Chromium are at hand."""
    from motley.web.browsing import CHROMIUM, FLAGS, SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{name}.txt").write_text(text)
    sync_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM):
        return
    escaped = text.replace("&", "&amp;").replace("<", "&lt;")
    html = (
        "<body style='margin:0;background:#1e1e1e'><pre style='color:#ddd;padding:12px;"
        f"font:14px/1.25 DejaVu Sans Mono,monospace'>{escaped}</pre></body>"
    )
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1000, "height": 400})
        page.set_content(html)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        browser.close()
