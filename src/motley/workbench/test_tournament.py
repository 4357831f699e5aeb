"""Plans, outcomes, resumable runs and reports (played in this process, no cluster)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from motley.core import registry
from motley.core.errors import MotleyError
from motley.core.spec import Utility
from motley.core.toys import DiceRace, MatchingPennies, TeamRelay
from motley.workbench import runner
from motley.workbench.plan import LADDER, MATCH, Plan, parse_grid
from motley.workbench.store import GAMES_FILE, ResultStore
from motley.workbench.tasks import GameTask, adjudicate, outcomes_of, run_game
from motley.workbench.tournament import run_tournament


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for cls in (DiceRace, MatchingPennies, TeamRelay):
        monkeypatch.setitem(registry._GAMES, cls.spec.id, cls)
    yield


def race_plan(games: int, **changes: Any) -> Plan:
    fields: dict[str, Any] = {
        "kind": MATCH,
        "game": "toy-dice-race",
        "players": ("greedy", "random"),
        "grid": (),
        "games": games,
        "seed": "t",
    }
    fields.update(changes)
    return Plan(**fields)


def lines(directory: Path) -> list[dict[str, Any]]:
    text = (directory / GAMES_FILE).read_text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# -- plans ---------------------------------------------------------------------------------


def test_seats_rotate(toys: None) -> None:
    seats = [t.seats for t in race_plan(4).tasks()]
    assert seats == [(0, 1), (1, 0), (0, 1), (1, 0)]


def test_team_mates_stay_together(toys: None) -> None:
    plan = Plan(MATCH, "toy-team-relay", ("a", "b"), (), 2, "s")
    assert [t.seats for t in plan.tasks()] == [(0, 1, 0, 1), (1, 0, 1, 0)]


def test_ladder_pairs_everyone(toys: None) -> None:
    plan = Plan(LADDER, "toy-dice-race", ("level1", "level2", "level3"), (), 2, "s")
    pairs = sorted({(t.pair, t.seats) for t in plan.tasks()})
    assert pairs == [
        ("0-1", (0, 1)), ("0-1", (1, 0)), ("0-2", (0, 2)), ("0-2", (2, 0)),
        ("1-2", (1, 2)), ("1-2", (2, 1)),
    ]  # fmt: skip


def test_option_grid(toys: None) -> None:
    spec = DiceRace.spec
    grid = parse_grid(spec, ["target=5,8"])
    assert grid == (("target", (5, 8)),)
    plan = race_plan(3, grid=grid)
    assert [label for label, _ in plan.cells()] == ["target=5", "target=8"]
    assert len(plan.tasks()) == 6
    assert len({t.seed for t in plan.tasks()}) == 6
    for bad in (["target=x"], ["nope=1"], ["target"], ["target=5", "target=6"], ["target=5,5"]):
        with pytest.raises(MotleyError):
            parse_grid(spec, bad)


def test_outcomes_follow_the_utility() -> None:
    assert outcomes_of(DiceRace.spec, (1.0, -1.0)) == ("win", "loss")
    assert outcomes_of(DiceRace.spec, (0.0, 0.0)) == ("draw", "draw")
    assert outcomes_of(TeamRelay.spec, (-1.0, 1.0, -1.0, 1.0)) == ("loss", "win", "loss", "win")
    assert TeamRelay.spec.utility is Utility.TEAMS


def test_adjudication_uses_the_evaluation() -> None:
    rules = registry.make("chess", {"position": "4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1"})
    assert adjudicate(rules, rules.initial_state()) == (1.0, -1.0)
    even = registry.make("chess")
    assert adjudicate(even, even.initial_state()) == (0.0, 0.0)


def test_a_finished_game_records_how_it_ended() -> None:
    mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    task = GameTask(
        game="chess", options=(("position", mated),), cell="", pair="", index=0,
        players=("random", "random"), seats=(0, 1), seed="s", max_events=10,
    )  # fmt: skip
    result = run_game(task)
    assert result["ending"] == "checkmate" and result["returns"] == [-1.0, 1.0]


# -- runs and resuming ---------------------------------------------------------------------


def test_a_run_writes_every_file(toys: None, tmp_path: Path) -> None:
    finished = run_tournament(race_plan(6, players=("mcts:iterations=60", "random")), tmp_path)
    assert finished.played == 6 and finished.total == 6
    for name in ("tournament.json", GAMES_FILE, "results.json", "summary.csv", "games.csv"):
        assert (tmp_path / name).exists(), name
    data = json.loads((tmp_path / "results.json").read_text())
    (cell,) = data["cells"]
    assert cell["games"] == 6
    assert sum(p["games"] for p in cell["players"]) == 12
    assert cell["luck"]["weaker"] == "random"  # the dice race has chance nodes
    page = (tmp_path / "report.html").read_text()
    assert page.count("<svg") >= 2 and "mcts:iterations=60" in page and "<script" not in page
    assert "mcts" in finished.text and "first-player advantage" in finished.text


def test_restart_skips_finished_games(toys: None, tmp_path: Path) -> None:
    run_tournament(race_plan(4), tmp_path)
    before = lines(tmp_path)
    again = run_tournament(race_plan(4), tmp_path)
    assert again.played == 0
    assert lines(tmp_path) == before
    more = run_tournament(race_plan(7), tmp_path)
    assert more.played == 3
    assert sorted(entry["index"] for entry in lines(tmp_path)) == list(range(7))


def test_interrupted_run_resumes_without_double_counting(
    toys: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = runner.run_game
    calls = {"n": 0}

    def flaky(task: Any) -> dict[str, Any]:
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(runner, "run_game", flaky)
    with pytest.raises(KeyboardInterrupt):
        run_tournament(race_plan(8), tmp_path)
    assert len(lines(tmp_path)) == 3
    # a crash mid-write leaves half a line; someone also pasted a finished game in twice
    with open(tmp_path / GAMES_FILE, "a") as handle:
        handle.write(json.dumps(lines(tmp_path)[0]) + "\n")
        handle.write('{"key": "|')
    monkeypatch.setattr(runner, "run_game", real)
    finished = run_tournament(race_plan(8), tmp_path)
    assert finished.played == 5
    keys = [entry["key"] for entry in lines(tmp_path)]
    assert len(keys) == 9 and len(set(keys)) == 8  # the pasted copy stays, but counts once
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["cells"][0]["games"] == 8


def test_resumed_results_equal_a_fresh_run(toys: None, tmp_path: Path) -> None:
    run_tournament(race_plan(3), tmp_path / "a")
    run_tournament(race_plan(6), tmp_path / "a")
    run_tournament(race_plan(6), tmp_path / "b")

    def strip(entries: list[dict[str, Any]]) -> list[Any]:
        return sorted((e["key"], e["returns"], e["moves"]) for e in entries)

    assert strip(lines(tmp_path / "a")) == strip(lines(tmp_path / "b"))


def test_another_plan_in_the_same_directory_is_refused(toys: None, tmp_path: Path) -> None:
    run_tournament(race_plan(2), tmp_path)
    with pytest.raises(MotleyError, match="another tournament"):
        run_tournament(race_plan(2, players=("random", "random")), tmp_path)


def test_one_writer_at_a_time(toys: None, tmp_path: Path) -> None:
    with ResultStore(tmp_path, race_plan(2)), pytest.raises(MotleyError, match="another run"):
        ResultStore(tmp_path, race_plan(2)).open()


def test_bad_players_fail_before_any_game(toys: None, tmp_path: Path) -> None:
    with pytest.raises(MotleyError, match="unknown agent"):
        run_tournament(race_plan(2, players=("greedy", "nobody")), tmp_path)
    with pytest.raises(MotleyError, match="no setting"):
        run_tournament(race_plan(2, players=("greedy", "mcts:depth=3")), tmp_path)


def test_simultaneous_game_and_sweep(toys: None, tmp_path: Path) -> None:
    plan = Plan(MATCH, "toy-pennies", ("mcts:iterations=50", "random"), (), 4, "p")
    finished = run_tournament(plan, tmp_path / "p")
    assert finished.played == 4
    sweep = race_plan(2, grid=(("target", (4, 6)),))
    run_tournament(sweep, tmp_path / "s")
    data = json.loads((tmp_path / "s" / "results.json").read_text())
    assert [c["cell"] for c in data["cells"]] == ["target=4", "target=6"]
    assert "House-rule sweep" in (tmp_path / "s" / "report.html").read_text()


def test_ladder_rates_levels(toys: None, tmp_path: Path) -> None:
    plan = Plan(LADDER, "toy-dice-race", ("level1", "level3"), (), 6, "l")
    run_tournament(plan, tmp_path)
    data = json.loads((tmp_path / "results.json").read_text())
    ratings = data["ratings"][""]
    assert [r["name"] for r in ratings] == ["level1", "level3"]
    assert ratings[0]["elo"] == 0.0 and ratings[1]["error95"] > 0
