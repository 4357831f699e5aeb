"""A tournament from plan to report: play what is missing, then summarise and write files.

Files written to the run directory:
  tournament.json  the plan (checked on resume)      games.jsonl   one line per finished game
  results.json     every statistic, per cell         summary.csv   per player and seat, per cell
  games.csv        one row per game                  report.html   tables and charts
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from motley.core import registry
from motley.core.errors import MotleyError
from motley.workbench import html, report
from motley.workbench.plan import LADDER, Plan, check_plan
from motley.workbench.progress import Progress
from motley.workbench.runner import run_tasks
from motley.workbench.stats import Rating
from motley.workbench.store import ResultStore
from motley.workbench.summary import CellSummary, ladder_ratings, summarise_cell
from motley.workbench.tasks import GameResult

RUNS_DIR = Path("motley-runs")


@dataclass(frozen=True)
class Finished:
    """What a run produced: the text to print and where the files went."""

    text: str
    directory: Path
    played: int  # games played by this run (the rest were resumed from disk)
    total: int


def default_directory(plan: Plan) -> Path:
    """Where a run goes without --out: the same command lands in the same place, so resumes."""
    return RUNS_DIR / f"{plan.kind}-{plan.game}-{plan.fingerprint()}"


def run_tournament(
    plan: Plan,
    directory: Path | None = None,
    *,
    workers: int = 0,
    scheduler: str | None = None,
    stream: TextIO | None = None,
) -> Finished:
    check_plan(plan)
    if workers < 0:
        raise MotleyError(f"--workers must be 0 or more, not {workers}")
    directory = directory if directory is not None else default_directory(plan)
    tasks = plan.tasks()
    with ResultStore(directory, plan) as store:
        todo = [task for task in tasks if task.key not in store.results]
        progress = Progress(len(tasks), len(tasks) - len(todo), stream)
        played = 0

        def on_result(data: dict[str, Any]) -> None:
            nonlocal played
            if store.add(data):
                played += 1
                progress.advance()

        run_tasks(todo, on_result, workers=workers, scheduler=scheduler, on_start=progress.draw)
        # games stored by an earlier, larger run of the same plan are kept but not counted
        results = [store.results[t.key] for t in tasks if t.key in store.results]
    text = write_reports(plan, directory, results)
    return Finished(text, directory, played, len(tasks))


def write_reports(plan: Plan, directory: Path, results: list[GameResult]) -> str:
    spec = registry.rules_class(plan.game).spec
    cells: list[CellSummary] = []
    ratings: dict[str, list[Rating]] = {}
    for label, _ in plan.cells():
        in_cell = [r for r in results if r.cell == label]
        cells.append(summarise_cell(spec, plan.players, label, in_cell))
        if plan.kind == LADDER:
            ratings[label] = ladder_ratings(plan.players, in_cell)
    title = f"{plan.kind} at {spec.title}: " + " vs ".join(plan.players)
    blocks = [title]
    for cell in cells:
        if plan.kind == LADDER:
            blocks.append(report.ratings_text(ratings[cell.cell]))
        blocks.append(report.cell_text(spec, cell))
    text = "\n\n".join(blocks)
    data = {
        "plan": plan.identity(),
        "games_per_cell": plan.games,
        "cells": [report.cell_json(c) for c in cells],
    }
    if plan.kind == LADDER:
        data["ratings"] = {label: report.ratings_json(r) for label, r in ratings.items()}
    report.write_json(directory / "results.json", data)
    report.write_summary_csv(directory / "summary.csv", cells)
    report.write_games_csv(directory / "games.csv", plan.players, results)
    notes = [
        f"Seed {plan.seed}; seats rotate every game; intervals are Wilson 95% intervals "
        "(scores count a draw as half a win).",
    ]
    chart_ratings = next(iter(ratings.values())) if len(ratings) == 1 else None
    for label, cell_ratings in ratings.items() if len(ratings) > 1 else ():
        listed = ", ".join(f"{r.name} {r.elo:+.0f} ± {r.error:.0f}" for r in cell_ratings)
        notes.append(f"Ratings with {label}: {listed}")
    page = html.page(spec, title, cells, chart_ratings, notes)
    (directory / "report.html").write_text(page, encoding="utf-8")
    return text
