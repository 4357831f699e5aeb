"""From finished games to the numbers a tournament reports, cell by cell."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from motley.core.spec import GameSpec, Trait, Utility
from motley.workbench.stats import (
    Interval,
    Pairing,
    Rating,
    Spread,
    Tally,
    fit_elo,
    histogram,
    spread,
    wilson,
)
from motley.workbench.tasks import DRAW, LOSS, WIN, GameResult


@dataclass(frozen=True)
class Line:
    """One row of a table: a player or a seat, its tally and its mean return."""

    name: str
    tally: Tally
    mean_return: float


@dataclass(frozen=True)
class Luck:
    """How often the weaker player (lower score over the cell) still won."""

    weaker: str
    stronger: str
    weaker_wins: int
    games: int

    @property
    def interval(self) -> Interval:
        return wilson(self.weaker_wins, self.games)


@dataclass(frozen=True)
class CellSummary:
    cell: str
    games: int
    players: tuple[Line, ...]
    seats: tuple[Line, ...]
    draws: int
    lengths: Spread
    length_histogram: tuple[tuple[float, float, int], ...]
    endings: tuple[tuple[str, int], ...]
    luck: Luck | None
    seconds: float  # total playing time across workers

    @property
    def draw_rate(self) -> Interval:
        return wilson(self.draws, self.games)

    @property
    def first_seat(self) -> Line | None:
        """The first seat's line, for the first-player advantage (two or more sides only)."""
        return self.seats[0] if len(self.seats) > 1 else None


def player_names(players: Sequence[str]) -> list[str]:
    """Agent names as table labels, numbered where one agent plays twice."""
    counts = Counter(players)
    seen: Counter[str] = Counter()
    names = []
    for name in players:
        seen[name] += 1
        names.append(f"{name} #{seen[name]}" if counts[name] > 1 else name)
    return names


def summarise_cell(
    spec: GameSpec, players: Sequence[str], cell: str, results: Sequence[GameResult]
) -> CellSummary:
    names = player_names(players)
    tallies = [Tally() for _ in players]
    totals = [0.0] * len(players)
    seat_tallies = [Tally() for _ in range(spec.players)]
    seat_totals = [0.0] * spec.players
    draws = 0
    for result in results:
        counted: set[int] = set()
        for seat, player in enumerate(result.seats):
            outcome = result.outcomes[seat]
            seat_tallies[seat] = seat_tallies[seat].add(outcome)
            seat_totals[seat] += result.returns[seat]
            if player not in counted:  # a player in several seats (a team) counts once
                counted.add(player)
                tallies[player] = tallies[player].add(outcome)
                totals[player] += result.returns[seat]
        if all(o == DRAW for o in result.outcomes):
            draws += 1
    lines = tuple(
        Line(names[p], tallies[p], totals[p] / tallies[p].games if tallies[p].games else 0.0)
        for p in range(len(players))
    )
    seats = tuple(
        Line(spec.seat_name(s), seat_tallies[s], seat_totals[s] / max(1, seat_tallies[s].games))
        for s in range(spec.players)
    )
    lengths = [float(r.moves) for r in results]
    endings = Counter(r.ending for r in results)
    return CellSummary(
        cell=cell,
        games=len(results),
        players=lines,
        seats=seats,
        draws=draws,
        lengths=spread(lengths),
        length_histogram=tuple(histogram(lengths)),
        endings=tuple(sorted(endings.items())),
        luck=_luck(spec, lines, results),
        seconds=sum(r.seconds for r in results),
    )


def _luck(spec: GameSpec, lines: Sequence[Line], results: Sequence[GameResult]) -> Luck | None:
    """For games with chance: the share of meetings the weaker of the top and bottom won."""
    if Trait.CHANCE not in spec.traits or spec.utility in (Utility.COOPERATIVE, Utility.SCORE):
        return None
    played = [i for i, line in enumerate(lines) if line.tally.games]
    if len(played) < 2:
        return None
    weaker = min(played, key=lambda i: lines[i].tally.score)
    stronger = max(played, key=lambda i: lines[i].tally.score)
    if lines[weaker].tally.score == lines[stronger].tally.score:
        return None  # no weaker player to speak of
    wins = games = 0
    for result in results:
        seats_of = {p: s for s, p in reversed(list(enumerate(result.seats)))}
        if weaker in seats_of and stronger in seats_of:
            games += 1
            wins += result.outcomes[seats_of[weaker]] == WIN
    return Luck(lines[weaker].name, lines[stronger].name, wins, games)


def pairings_of(players: Sequence[str], results: Sequence[GameResult]) -> list[Pairing]:
    """Head-to-head points for every pair that met (draws count half)."""
    points: dict[tuple[int, int], float] = {}
    games: Counter[tuple[int, int]] = Counter()
    for result in results:
        first: dict[int, str] = {}
        for seat, player in enumerate(result.seats):
            first.setdefault(player, result.outcomes[seat])
        for a in first:
            for b in first:
                if a < b:
                    value = {WIN: 1.0, DRAW: 0.5, LOSS: 0.0}[first[a]]
                    if first[a] == first[b] and first[a] != DRAW:
                        value = 0.5  # both won or both lost (more than two sides): no verdict
                    points[(a, b)] = points.get((a, b), 0.0) + value
                    games[(a, b)] += 1
    return [Pairing(a, b, points[(a, b)], games[(a, b)]) for (a, b) in sorted(games)]


def ladder_ratings(players: Sequence[str], results: Sequence[GameResult]) -> list[Rating]:
    return fit_elo(player_names(players), pairings_of(players, results))
