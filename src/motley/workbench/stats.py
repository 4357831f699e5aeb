"""The statistics behind tournament tables: intervals, Elo and distributions (pure functions)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the two-sided 95% point of the normal distribution
ELO_SCALE = 400.0  # a 400-point gap means 10:1 odds
ELO_CLAMP = 1200.0  # a shut-out has no finite Elo gap; reports show this many points
LN10 = math.log(10.0)


@dataclass(frozen=True)
class Interval:
    low: float
    high: float


def wilson(successes: float, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval for a proportion: honest near 0 and 1, unlike p ± z·se.

    `successes` may be fractional (a score counting draws as halves); the interval then treats
    the score as if it were a count of wins, a slight overstatement of the uncertainty.
    """
    if trials <= 0:
        return Interval(0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Tally:
    """Wins, draws and losses of one player (or one seat)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Points per game, a draw counting half."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def add(self, outcome: str) -> Tally:
        if outcome == "win":
            return Tally(self.wins + 1, self.draws, self.losses)
        if outcome == "loss":
            return Tally(self.wins, self.draws, self.losses + 1)
        return Tally(self.wins, self.draws + 1, self.losses)

    def rate(self, which: str) -> Interval:
        count = {"win": self.wins, "draw": self.draws, "loss": self.losses}[which]
        return wilson(count, self.games)

    def score_interval(self) -> Interval:
        return wilson(self.wins + 0.5 * self.draws, self.games)


def elo_gap(score: float) -> float:
    """The Elo difference implied by an expected score, clamped at ±ELO_CLAMP."""
    if score <= 0.0:
        return -ELO_CLAMP
    if score >= 1.0:
        return ELO_CLAMP
    gap = -ELO_SCALE * math.log10(1.0 / score - 1.0)
    return float(max(-ELO_CLAMP, min(ELO_CLAMP, gap)))


def expected_score(gap: float) -> float:
    """The expected score of a player rated `gap` points above the opponent."""
    return 1.0 / (1.0 + math.pow(10.0, -gap / ELO_SCALE))


@dataclass(frozen=True)
class Rating:
    name: str
    elo: float
    error: float  # half-width of the 95% interval (0 for the anchor)


@dataclass(frozen=True)
class Pairing:
    """The games between two players: a's points and the number of games."""

    a: int
    b: int
    points: float
    games: int


def fit_elo(
    names: Sequence[str], pairings: Sequence[Pairing], prior_draws: float = 1.0
) -> list[Rating]:
    """Maximum-likelihood Elo ratings (the first player anchored at 0) with 95% error bars.

    Each game's score is a Bernoulli outcome with the Elo expectation (draws count half). A
    player who won every game would drift to infinity, so each pair that met gets
    `prior_draws` imaginary drawn games, the usual mild pull towards equality. Error bars come
    from the curvature of the log-likelihood (the inverse of the observed information).
    """
    count = len(names)
    if count == 0:
        return []
    points = [[0.0] * count for _ in range(count)]
    games = [[0.0] * count for _ in range(count)]
    for p in pairings:
        if p.a == p.b or not p.games:
            continue
        points[p.a][p.b] += p.points
        points[p.b][p.a] += p.games - p.points
        games[p.a][p.b] += p.games
        games[p.b][p.a] += p.games
    for i in range(count):
        for j in range(count):
            if i != j and games[i][j] and prior_draws:
                points[i][j] += prior_draws / 2
                games[i][j] += prior_draws
    ratings = [0.0] * count
    free = [i for i in range(1, count) if any(games[i])]
    information: list[list[float]] = []
    k = LN10 / ELO_SCALE
    for _ in range(100):  # Newton's method; a handful of steps usually suffice
        gradient = []
        information = []
        for i in free:
            grad = 0.0
            row = []
            diagonal = 0.0
            for j in range(count):
                if i == j or not games[i][j]:
                    continue
                e = expected_score(ratings[i] - ratings[j])
                grad += k * (points[i][j] - games[i][j] * e)
                diagonal += k * k * games[i][j] * e * (1 - e)
            for j in free:
                if j == i:
                    row.append(diagonal)
                elif games[i][j]:
                    e = expected_score(ratings[i] - ratings[j])
                    row.append(-k * k * games[i][j] * e * (1 - e))
                else:
                    row.append(0.0)
            gradient.append(grad)
            information.append(row)
        if not free:
            break
        step = solve(information, gradient)
        for index, i in enumerate(free):
            ratings[i] += max(-400.0, min(400.0, step[index]))  # damped: no wild first steps
        if max(abs(s) for s in step) < 1e-7:
            break
    errors = [0.0] * count
    if free:
        inverse = invert(information)
        for index, i in enumerate(free):
            errors[i] = Z95 * math.sqrt(max(inverse[index][index], 0.0))
    # without a prior a shut-out has no finite rating; the limit keeps reports readable
    limit = ELO_CLAMP * max(1, count - 1)
    return [
        Rating(name, max(-limit, min(limit, r)), e)
        for name, r, e in zip(names, ratings, errors, strict=True)
    ]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix·x = vector (Gauss-Jordan elimination with partial pivoting)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            raise ValueError("singular system")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] for i in range(n)]


def invert(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [solve(matrix, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]


@dataclass(frozen=True)
class Spread:
    """A distribution in five numbers plus the mean."""

    count: int
    minimum: float
    lower: float  # first quartile
    median: float
    upper: float  # third quartile
    maximum: float
    mean: float


def quantile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile of sorted values, interpolating linearly between ranks."""
    if not ordered:
        return 0.0
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    fraction = position - below
    return ordered[below] + (ordered[above] - ordered[below]) * fraction


def spread(values: Sequence[float]) -> Spread:
    ordered = sorted(values)
    if not ordered:
        return Spread(0, 0, 0, 0, 0, 0, 0)
    return Spread(
        len(ordered),
        ordered[0],
        quantile(ordered, 0.25),
        quantile(ordered, 0.5),
        quantile(ordered, 0.75),
        ordered[-1],
        sum(ordered) / len(ordered),
    )


def histogram(values: Sequence[float], bins: int = 12) -> list[tuple[float, float, int]]:
    """(low, high, count) for equal-width bins covering the values."""
    if not values:
        return []
    low, high = min(values), max(values)
    if high == low:
        return [(low, high, len(values))]
    width = (high - low) / bins
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - low) / width))] += 1
    return [(low + i * width, low + (i + 1) * width, counts[i]) for i in range(bins)]
