"""Tournament results as a text table, JSON and CSV."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from motley.core.spec import GameSpec
from motley.workbench.stats import Interval, Rating, Spread
from motley.workbench.summary import CellSummary, Line
from motley.workbench.tasks import GameResult


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def span(interval: Interval) -> str:
    return f"[{percent(interval.low)}, {percent(interval.high)}]"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded to their widest cell: the first left-aligned, the rest right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def fit(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = [c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest]).rstrip()

    return [fit(headers), *(fit(r) for r in rows)]


def _rows(title: str, lines: Sequence[Line]) -> list[str]:
    rows = []
    for line in lines:
        t = line.tally
        rows.append(
            [
                line.name,
                str(t.games),
                str(t.wins),
                str(t.draws),
                str(t.losses),
                percent(t.wins / t.games if t.games else 0.0),
                span(t.rate("win")),
                percent(t.score),
                span(t.score_interval()),
            ]
        )
    headers = [title, "games", "wins", "draws", "losses", "win rate", "95% CI", "score", "95% CI"]
    return table(headers, rows)


def lengths_text(lengths: Spread) -> str:
    return (
        f"game length (moves): min {lengths.minimum:g}, quartiles {lengths.lower:g} / "
        f"{lengths.median:g} / {lengths.upper:g}, max {lengths.maximum:g}, "
        f"mean {lengths.mean:.1f}"
    )


def cell_text(spec: GameSpec, summary: CellSummary) -> str:
    heading = f"{spec.title}: {summary.games} games"
    if summary.cell:
        heading += f" with {summary.cell}"
    out = [heading, *_rows("player", summary.players), ""]
    out += _rows("seat", summary.seats)
    first = summary.first_seat
    if first is not None:
        advantage = first.tally.score - 0.5
        out.append(
            f"first-player advantage: {first.name} scores {percent(first.tally.score)} "
            f"{span(first.tally.score_interval())} ({advantage * 100:+.1f} points)"
        )
    out.append(
        f"draw rate: {percent(summary.draws / max(1, summary.games))} {span(summary.draw_rate)}"
    )
    out.append(lengths_text(summary.lengths))
    out.append("endings: " + ", ".join(f"{name} {count}" for name, count in summary.endings))
    if summary.luck is not None:
        luck = summary.luck
        out.append(
            f"luck: the weaker player ({luck.weaker}) won {luck.weaker_wins} of {luck.games} "
            f"games against {luck.stronger}, {percent(luck.weaker_wins / max(1, luck.games))} "
            f"{span(luck.interval)}"
        )
    return "\n".join(out)


def ratings_text(ratings: Sequence[Rating]) -> str:
    rows = [
        [r.name, f"{r.elo:+.0f}", "anchor" if r.error == 0 else f"± {r.error:.0f}"] for r in ratings
    ]
    return "\n".join(table(["player", "Elo", "95% error"], rows))


def _interval_json(interval: Interval) -> list[float]:
    return [round(interval.low, 5), round(interval.high, 5)]


def _line_json(line: Line) -> dict[str, Any]:
    t = line.tally
    return {
        "name": line.name,
        "games": t.games,
        "wins": t.wins,
        "draws": t.draws,
        "losses": t.losses,
        "win_rate": round(t.wins / t.games, 5) if t.games else 0.0,
        "win_rate_ci95": _interval_json(t.rate("win")),
        "score": round(t.score, 5),
        "score_ci95": _interval_json(t.score_interval()),
        "mean_return": round(line.mean_return, 5),
    }


def cell_json(summary: CellSummary) -> dict[str, Any]:
    lengths = summary.lengths
    data: dict[str, Any] = {
        "cell": summary.cell,
        "games": summary.games,
        "players": [_line_json(line) for line in summary.players],
        "seats": [_line_json(line) for line in summary.seats],
        "draw_rate": round(summary.draws / max(1, summary.games), 5),
        "draw_rate_ci95": _interval_json(summary.draw_rate),
        "length": {
            "min": lengths.minimum,
            "q1": lengths.lower,
            "median": lengths.median,
            "q3": lengths.upper,
            "max": lengths.maximum,
            "mean": round(lengths.mean, 3),
            "histogram": [
                [round(lo, 3), round(hi, 3), n] for lo, hi, n in summary.length_histogram
            ],
        },
        "endings": dict(summary.endings),
        "playing_seconds": round(summary.seconds, 2),
    }
    first = summary.first_seat
    if first is not None:
        data["first_player_score"] = round(first.tally.score, 5)
        data["first_player_score_ci95"] = _interval_json(first.tally.score_interval())
    if summary.luck is not None:
        luck = summary.luck
        data["luck"] = {
            "weaker": luck.weaker,
            "stronger": luck.stronger,
            "weaker_wins": luck.weaker_wins,
            "games": luck.games,
            "weaker_win_rate_ci95": _interval_json(luck.interval),
        }
    return data


def ratings_json(ratings: Sequence[Rating]) -> list[dict[str, Any]]:
    return [{"name": r.name, "elo": round(r.elo, 1), "error95": round(r.error, 1)} for r in ratings]


def write_json(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def write_summary_csv(path: Path, cells: Sequence[CellSummary]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["cell", "row", "name", "games", "wins", "draws", "losses", "win_rate",
             "win_low", "win_high", "score", "score_low", "score_high", "mean_return"]
        )  # fmt: skip
        for cell in cells:
            for kind, lines in (("player", cell.players), ("seat", cell.seats)):
                for line in lines:
                    t = line.tally
                    win, score = t.rate("win"), t.score_interval()
                    writer.writerow(
                        [cell.cell, kind, line.name, t.games, t.wins, t.draws, t.losses,
                         _r(t.wins / t.games if t.games else 0), _r(win.low), _r(win.high),
                         _r(t.score), _r(score.low), _r(score.high), _r(line.mean_return)]
                    )  # fmt: skip


def write_games_csv(path: Path, players: Sequence[str], results: Sequence[GameResult]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["cell", "pair", "index", "seat_players", "returns", "outcomes", "moves", "ending",
             "seconds"]
        )  # fmt: skip
        for r in sorted(results, key=lambda r: (r.cell, r.pair, r.index)):
            writer.writerow(
                [r.cell, r.pair, r.index, " ".join(players[p] for p in r.seats),
                 " ".join(f"{v:g}" for v in r.returns), " ".join(r.outcomes), r.moves, r.ending,
                 f"{r.seconds:.3f}"]
            )  # fmt: skip


def _r(value: float) -> str:
    return f"{value:.5f}"
