"""The tournament report as one self-contained HTML page with inline SVG charts.

No scripts and no external files: the page opens from disk, prints, and can be mailed.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from motley.core.spec import GameSpec
from motley.workbench.report import cell_text, percent, ratings_text
from motley.workbench.stats import Rating
from motley.workbench.summary import CellSummary

WIN_COLOUR, DRAW_COLOUR, LOSS_COLOUR = "#3b8f4e", "#b5b5b5", "#c2473d"
INK = "#222"
STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
h3 { font-size: 1em; color: #444; }
pre { background: #f5f5f5; padding: 1em; overflow-x: auto; font-size: 0.85em; }
svg { display: block; margin: 1em 0; } .note { color: #555; font-size: 0.9em; }
"""


def _text(x: float, y: float, words: str, anchor: str = "start", size: int = 12) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{INK}">{escape(words)}</text>'
    )


def _rect(x: float, y: float, w: float, h: float, colour: str, title: str = "") -> str:
    tip = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(w, 0):.1f}" height="{h:.1f}" '
        f'fill="{colour}">{tip}</rect>'
    )


def _line(x1: float, y1: float, x2: float, y2: float, width: float = 1.5) -> str:
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
        f'stroke="{INK}" stroke-width="{width}"/>'
    )


def _svg(width: int, height: int, body: Sequence[str], label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="{escape(label)}">' + "".join(body) + "</svg>"
    )


def results_chart(summary: CellSummary) -> str:
    """Stacked win/draw/loss bars per player, with the score's 95% interval as a whisker."""
    left, bar_width, row = 170, 420, 30
    body = []
    for index, line in enumerate(summary.players):
        t = line.tally
        y = 10 + index * row
        body.append(_text(left - 8, y + 15, line.name, "end"))
        if not t.games:
            continue
        x = float(left)
        for count, colour, word in (
            (t.wins, WIN_COLOUR, "wins"),
            (t.draws, DRAW_COLOUR, "draws"),
            (t.losses, LOSS_COLOUR, "losses"),
        ):
            width = bar_width * count / t.games
            body.append(_rect(x, y, width, 20, colour, f"{line.name}: {count} {word}"))
            x += width
        ci = t.score_interval()
        lo, hi = left + bar_width * ci.low, left + bar_width * ci.high
        mid = left + bar_width * t.score
        body += [_line(lo, y + 10, hi, y + 10), _line(lo, y + 5, lo, y + 15)]
        body += [_line(hi, y + 5, hi, y + 15), _line(mid, y + 2, mid, y + 18, 2.5)]
        body.append(_text(left + bar_width + 8, y + 15, f"score {percent(t.score)}"))
    height = 20 + row * len(summary.players)
    legend_y = height + 4
    for offset, (colour, word) in enumerate(
        ((WIN_COLOUR, "win"), (DRAW_COLOUR, "draw"), (LOSS_COLOUR, "loss"))
    ):
        x = left + offset * 80
        body += [_rect(x, legend_y, 12, 12, colour), _text(x + 16, legend_y + 11, word)]
    body.append(_text(left + 260, legend_y + 11, "| score with 95% interval"))
    return _svg(700, height + 24, body, "wins, draws and losses per player")


def length_chart(summary: CellSummary) -> str:
    """A histogram of game lengths in moves."""
    bins = summary.length_histogram
    if not bins:
        return ""
    left, width, height = 50, 560, 160
    top = max(n for _, _, n in bins) or 1
    step = width / len(bins)
    body = [_line(left, height + 10, left + width, height + 10, 1)]
    for index, (lo, hi, count) in enumerate(bins):
        h = height * count / top
        x = left + index * step
        body.append(
            _rect(x + 1, height + 10 - h, step - 2, h, "#5477a8", f"{lo:.0f}-{hi:.0f}: {count}")
        )
    body.append(_text(left, height + 28, f"{bins[0][0]:.0f}"))
    body.append(_text(left + width, height + 28, f"{bins[-1][1]:.0f} moves", "end"))
    body.append(_text(left - 6, 20, str(top), "end"))
    return _svg(700, height + 40, body, "game length histogram")


def interval_chart(
    labels: Sequence[str],
    values: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    low: float,
    high: float,
    caption: str,
) -> str:
    """Points with error bars on a shared horizontal scale (ratings, or scores per cell)."""
    left, width, row = 220, 400, 26
    span = (high - low) or 1.0

    def x(v: float) -> float:
        return left + width * (min(max(v, low), high) - low) / span

    body = []
    for index, label in enumerate(labels):
        y = 14 + index * row
        body.append(_text(left - 10, y + 4, label, "end"))
        body += [_line(x(lows[index]), y, x(highs[index]), y)]
        body.append(f'<circle cx="{x(values[index]):.1f}" cy="{y:.1f}" r="4" fill="{INK}"/>')
    bottom = 14 + row * len(labels)
    body.append(_line(left, bottom, left + width, bottom, 1))
    body.append(_text(left, bottom + 16, f"{low:g}", "middle"))
    body.append(_text(left + width, bottom + 16, f"{high:g}", "middle"))
    body.append(_text(left + width / 2, bottom + 16, caption, "middle"))
    return _svg(700, bottom + 26, body, caption)


def sweep_chart(cells: Sequence[CellSummary]) -> str:
    """The first player's score in each cell of an option sweep."""
    labels = [c.cell or "(defaults)" for c in cells]
    lines = [c.players[0] for c in cells]
    intervals = [line.tally.score_interval() for line in lines]
    return interval_chart(
        labels,
        [line.tally.score * 100 for line in lines],
        [i.low * 100 for i in intervals],
        [i.high * 100 for i in intervals],
        0.0,
        100.0,
        f"score of {lines[0].name} (%) per cell",
    )


def ratings_chart(ratings: Sequence[Rating]) -> str:
    lows = [r.elo - r.error for r in ratings]
    highs = [r.elo + r.error for r in ratings]
    low, high = min(lows), max(highs)
    pad = max(50.0, (high - low) * 0.1)
    return interval_chart(
        [r.name for r in ratings],
        [r.elo for r in ratings],
        lows,
        highs,
        round(low - pad, -1),
        round(high + pad, -1),
        "Elo with 95% error bars",
    )


def page(
    spec: GameSpec,
    heading: str,
    cells: Sequence[CellSummary],
    ratings: Sequence[Rating] | None = None,
    notes: Sequence[str] = (),
) -> str:
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(heading)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(heading)}</h1>",
    ]
    parts += [f'<p class="note">{escape(note)}</p>' for note in notes]
    if ratings:
        parts += ["<h2>Ratings</h2>", ratings_chart(ratings)]
        parts.append(f"<pre>{escape(ratings_text(ratings))}</pre>")
    if len(cells) > 1:
        parts += ["<h2>House-rule sweep</h2>", sweep_chart(cells)]
    for cell in cells:
        parts.append(f"<h2>{escape(cell.cell or 'Results')}</h2>")
        parts += ["<h3>Wins, draws and losses</h3>", results_chart(cell)]
        parts += ["<h3>Game length</h3>", length_chart(cell)]
        parts.append(f"<pre>{escape(cell_text(spec, cell))}</pre>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
