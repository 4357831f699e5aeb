"""Simultaneous commitments through the CLI and the terminal game, on a toy game.

Matching pennies: both seats show heads or tails at once; Even scores a round if they match,
Odd if they differ. The game is registered only for the duration of each test.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from motley.cli.conftest import Runner
from motley.cli.play import PlaySession
from motley.core import registry
from motley.core.errors import NotationError, StateError
from motley.core.rules import NodeKind, Rules
from motley.core.spec import OptionSpec, Trait
from motley.core.toys import toy_spec

Choices = tuple[tuple[str, str], ...]  # the coins shown in each round so far
SIDES = ("heads", "tails")


class Pennies(Rules[Choices, str]):
    spec = toy_spec(
        "pennies", "Matching pennies", "Both show a coin at once; Even wins on a match.",
        Trait.SIMULTANEOUS, seat_names=("Even", "Odd"),
        options=(OptionSpec("rounds", 1, "how many rounds are played"),),
    )

    def done(self, state: Choices) -> bool:
        return len(state) >= int(self.options["rounds"])

    def initial_state(self) -> Choices:
        return ()

    def kind(self, state: Choices) -> NodeKind:
        return NodeKind.TERMINAL if self.done(state) else NodeKind.SIMULTANEOUS

    def actors(self, state: Choices) -> tuple[int, ...]:
        return () if self.done(state) else (0, 1)

    def legal_actions(self, state: Choices, seat: int | None = None) -> Sequence[str]:
        return () if self.done(state) else SIDES

    def apply(self, state: Choices, action: str) -> Choices:
        raise StateError("pennies: both seats choose together")

    def apply_joint(self, state: Choices, actions: Mapping[int, str]) -> Choices:
        return (*state, (actions[0], actions[1]))

    def returns(self, state: Choices) -> tuple[float, ...]:
        score = sum(1 if even == odd else -1 for even, odd in state)
        return (1.0, -1.0) if score > 0 else (-1.0, 1.0) if score < 0 else (0.0, 0.0)

    def action_text(self, state: Choices, action: str) -> str:
        return action

    def parse_action(self, state: Choices, text: str, seat: int | None = None) -> str:
        if text.strip() not in SIDES:
            raise NotationError(f"show heads or tails, not {text!r}")
        return text.strip()

    def state_to_json(self, state: Choices) -> dict[str, Any]:
        return {"shown": [list(pair) for pair in state]}

    def state_from_json(self, data: Mapping[str, Any]) -> Choices:
        shown = data.get("shown")
        if not isinstance(shown, list) or not all(
            isinstance(p, list) and len(p) == 2 and set(p) <= set(SIDES) for p in shown
        ):
            raise StateError("pennies state needs 'shown': a list of [even, odd] coins")
        return tuple((str(p[0]), str(p[1])) for p in shown)

    def render(self, state: Choices, seat: int = -1) -> str:
        return "coins: " + (", ".join(f"{e}/{o}" for e, o in state) or "none yet")




@pytest.fixture
def run(run: Runner, monkeypatch: pytest.MonkeyPatch) -> Runner:
    monkeypatch.setitem(registry._GAMES, "pennies", Pennies)
    return run


def test_each_seat_commits_on_its_own(run: Runner) -> None:
    status, start, _ = run("new", "pennies")
    assert status == 0
    status, out, _ = run("legal", stdin=start)
    assert out.split() == ["heads", "tails"]
    status, _, err = run("apply", "heads", stdin=start)  # which seat commits must be said
    assert status == 2 and "(--seat even or --seat odd)" in err
    status, first, _ = run("apply", "heads", "--seat", "even", stdin=start)
    assert json.loads(first)["pending"] == {"0": "heads"}
    assert json.loads(first)["state"] == {"shown": []}
    status, out, _ = run("legal", stdin=first)  # now Odd is the first seat waiting
    assert status == 0 and out.split() == ["heads", "tails"]
    assert run("legal", "--seat", "0", stdin=first)[1] == ""

    odd_view = json.loads(run("view", "--seat", "odd", stdin=first)[1])
    assert odd_view["pending"] == {"0": "committed"}
    even_view = json.loads(run("view", "--seat", "0", stdin=first)[1])
    assert even_view["pending"] == {"0": "heads"}
    spectator = json.loads(run("view", "--seat", "spectator", stdin=first)[1])
    assert spectator["pending"] == {"0": "committed"}

    status, _, err = run("apply", "tails", "--seat", "0", stdin=first)
    assert status == 2 and "Even has already committed" in err
    status, done, _ = run("apply", "tails", "--seat", "1", stdin=first)
    assert json.loads(done)["state"] == {"shown": [["heads", "tails"]]}
    assert json.loads(done)["pending"] == {}


def test_both_commitments_one_seat_at_a_time(run: Runner) -> None:
    start = run("new", "pennies")[1]
    first = run("apply", "tails", "--seat", "odd", stdin=start)[1]
    status, done, _ = run("apply", "tails", "--seat", "even", stdin=first)
    assert status == 0 and json.loads(done)["state"] == {"shown": [["tails", "tails"]]}


@pytest.mark.parametrize(
    ("pending", "needle"),
    [
        ({"0": "edge"}, "heads or tails"),
        ({"0": "heads", "1": "tails"}, "should be resolved"),
        ({"zero": "heads"}, "seat numbers"),
        ({"5": "heads"}, "seat 5"),
        (["heads"], "map seats"),
    ],
)
def test_edited_pending_is_rejected(run: Runner, pending: Any, needle: str) -> None:
    doc = json.loads(run("new", "pennies")[1])
    doc["pending"] = pending
    status, out, err = run("legal", stdin=json.dumps(doc))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and needle in err


class ScriptConsole:
    """A console that answers prompts from a script and remembers what was shown."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.screens: list[list[str]] = [[]]

    def read(self, prompt: str) -> str | None:
        self.screens[-1].append(prompt)
        return self.lines.pop(0) if self.lines else None

    def write(self, text: str) -> None:
        self.screens[-1].append(text)

    def clear(self) -> None:
        self.screens.append([])


def test_hot_seat_commitments_stay_private_until_the_reveal() -> None:
    console = ScriptConsole(["", "heads", "", "tails"])
    seats = {0: "human", 1: "human"}
    record = PlaySession(Pennies(), seats, "1", console).run()
    assert record.result == (-1.0, 1.0)
    assert [e.actions for e in record.events] == [((0, "heads"), (1, "tails"))]
    text = ["\n".join(screen) for screen in console.screens]
    odd_turn = next(t for t in text if "Odd to commit>" in t).split("Odd to commit>")[0]
    assert "Even committed" in odd_turn and "heads" not in odd_turn
    assert any("Pass the device to Odd" in t for t in text)
    assert "Revealed: Even: heads; Odd: tails" in text[-1]


def test_a_computer_seat_commits_without_showing_its_choice() -> None:
    console = ScriptConsole(["heads"])
    record = PlaySession(Pennies(), {0: "random", 1: "human"}, "2", console).run()
    shown = "\n".join(console.screens[0])
    before_reveal = shown.split("Revealed")[0]
    assert "Even has committed." in before_reveal
    assert "Even committed" in before_reveal
    assert record.result is not None and len(record.events) == 1


def test_news_reaches_each_person_after_the_hand_over() -> None:
    console = ScriptConsole(["", "heads", "", "tails", "", "tails", "", "tails"])
    rules = Pennies({"rounds": 2})
    record = PlaySession(rules, {0: "human", 1: "human"}, "1", console).run()
    assert record.result == (0.0, 0.0)
    screens = ["\n".join(screen) for screen in console.screens]
    # Odd's commitment ended round one on Odd's screen; Even hears of it on the next one
    even_again = next(t for t in screens if t.count("Even to commit>") and "Revealed" in t)
    assert even_again.index("Revealed: Even: heads; Odd: tails") < even_again.index("Even to")
