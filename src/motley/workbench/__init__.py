"""The inventor's workbench: self-play tournaments, statistics and reports.

A tournament is a `Plan` (game, players, house-rule grid, game count, seed) expanded into
one task per game. Tasks run in this process or on a Dask cluster; finished games are
appended to the run directory as they arrive, so an interrupted run resumes where it stopped.
"""

from motley.workbench.plan import LADDER, MATCH, Plan, parse_grid
from motley.workbench.tournament import Finished, default_directory, run_tournament

__all__ = [
    "LADDER",
    "MATCH",
    "Finished",
    "Plan",
    "default_directory",
    "parse_grid",
    "run_tournament",
]
