"""The Dask path: a two-worker local cluster plays the same games as this process would."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from motley.workbench.plan import MATCH, Plan
from motley.workbench.store import GAMES_FILE
from motley.workbench.tournament import run_tournament


def games(directory: Path) -> list[Any]:
    entries = [json.loads(line) for line in (directory / GAMES_FILE).read_text().splitlines()]
    return sorted((e["key"], e["returns"], e["moves"], e["seats"]) for e in entries)


@pytest.mark.slow
def test_two_worker_cluster_matches_a_serial_run(tmp_path: Path) -> None:
    plan = Plan(MATCH, "chess", ("greedy", "random"), (("no_progress_plies", (40,)),), 6, "dask")
    on_cluster = run_tournament(plan, tmp_path / "cluster", workers=2)
    assert on_cluster.played == 6
    serial = run_tournament(plan, tmp_path / "serial", workers=0)
    assert games(tmp_path / "cluster") == games(tmp_path / "serial")
    # and a resumed cluster run finds nothing left to do
    assert run_tournament(plan, tmp_path / "cluster", workers=2).played == 0
    assert serial.text.splitlines()[2:] == on_cluster.text.splitlines()[2:]


@pytest.mark.slow
def test_an_existing_cluster_by_address(tmp_path: Path) -> None:
    import logging

    from distributed import LocalCluster

    plan = Plan(MATCH, "chess", ("greedy", "random"), (("no_progress_plies", (30,)),), 2, "addr")
    with LocalCluster(
        n_workers=1, threads_per_worker=1, dashboard_address=None, silence_logs=logging.ERROR
    ) as cluster:
        finished = run_tournament(plan, tmp_path, scheduler=cluster.scheduler_address)
    assert finished.played == 2
    assert len(games(tmp_path)) == 2
