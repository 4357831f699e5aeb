"""Running tournament tasks: in this process, on a local Dask cluster, or on an existing one.

Workers only play games; this process keeps the books. Each result is written to the store
as it arrives, so stopping a run (Ctrl-C, a lost machine) loses only the games in flight.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Sequence
from typing import Any

from motley.core.errors import MotleyError
from motley.workbench.tasks import GameTask, run_game

OnResult = Callable[[dict[str, Any]], None]


class GameFailed(MotleyError):
    """A game raised an unexpected error: a bug in a game or a player, reported in one line."""

    def __init__(self, task: GameTask, error: BaseException) -> None:
        detail = str(error).splitlines()[0] if str(error) else ""
        super().__init__(
            f"game {task.index} ({task.seed}) failed: {type(error).__name__}: {detail}; "
            "finished games are saved, rerun to resume"
        )


def run_tasks(
    tasks: Sequence[GameTask],
    on_result: OnResult,
    *,
    workers: int,
    scheduler: str | None = None,
    on_start: Callable[[], None] | None = None,
) -> None:
    """Play every task, calling `on_result` with each result as it comes in.

    `workers=0` (and no scheduler) plays in this process, one game after another; otherwise
    a local cluster of `workers` processes is started, or the cluster at `scheduler` used.
    `on_start` is called once the games are about to start (the cluster is up).
    """
    if not tasks:
        return
    if scheduler is None and workers == 0:
        if on_start is not None:
            on_start()
        for task in tasks:
            try:
                result = run_game(task)
            except MotleyError:
                raise
            except Exception as error:
                raise GameFailed(task, error) from error
            on_result(result)
        return
    _run_on_dask(tasks, on_result, workers, scheduler, on_start)


def _run_on_dask(
    tasks: Sequence[GameTask],
    on_result: OnResult,
    workers: int,
    scheduler: str | None,
    on_start: Callable[[], None] | None,
) -> None:
    # imported here so that playing in-process never needs Dask; typed loosely on purpose,
    # as distributed's own annotations are incomplete
    dask: Any = importlib.import_module("distributed")
    cluster = None
    try:
        if scheduler is None:
            cluster = dask.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,  # the games are pure Python: one per process
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            client = dask.Client(cluster)
        else:
            client = dask.Client(scheduler, timeout=15)
    except (OSError, ValueError, TypeError) as error:
        where = scheduler or "a local cluster"
        raise MotleyError(f"cannot start or reach {where}: {error}") from None
    try:
        if on_start is not None:
            on_start()
        futures = [client.submit(run_game, task, pure=False) for task in tasks]
        by_future = dict(zip(futures, tasks, strict=True))
        for future in dask.as_completed(futures):
            try:
                result = future.result()
            except MotleyError:
                raise
            except Exception as error:
                raise GameFailed(by_future[future], error) from error
            on_result(result)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
