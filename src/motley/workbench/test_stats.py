"""The statistics against values worked out by hand."""

from __future__ import annotations

import math

import pytest

from motley.workbench.stats import (
    Pairing,
    Tally,
    elo_gap,
    expected_score,
    fit_elo,
    histogram,
    quantile,
    spread,
    wilson,
)


def test_wilson_eight_of_ten() -> None:
    # p = 0.8, n = 10, z = 1.96: centre (0.8 + 0.19208) / 1.38415 = 0.71676,
    # half 1.96 * sqrt(0.016 + 0.0096040) / 1.38415 = 0.22659
    interval = wilson(8, 10)
    assert interval.low == pytest.approx(0.4902, abs=1e-4)
    assert interval.high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_at_the_edges() -> None:
    # 0 of 10: the upper end is z^2 / (n + z^2) = 3.8415 / 13.8415
    zero = wilson(0, 10)
    assert zero.low == 0.0
    assert zero.high == pytest.approx(0.2775, abs=1e-4)
    full = wilson(20, 20)
    assert full.high == 1.0
    assert full.low == pytest.approx(20 / 23.8415, abs=1e-4)
    assert wilson(0, 0).low == 0.0 and wilson(0, 0).high == 1.0


def test_tally_scores_draws_as_halves() -> None:
    t = Tally()
    for outcome in ["win", "win", "draw", "loss"]:
        t = t.add(outcome)
    assert (t.wins, t.draws, t.losses, t.games) == (2, 1, 1, 4)
    assert t.score == pytest.approx(0.625)
    assert t.score_interval() == wilson(2.5, 4)


def test_elo_gap_from_score() -> None:
    assert elo_gap(0.5) == 0.0
    assert elo_gap(0.75) == pytest.approx(190.85, abs=0.01)  # 400 log10(3)
    assert elo_gap(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_gap(10 / 11) == pytest.approx(400.0, abs=1e-9)
    assert elo_gap(1.0) > 1000 and elo_gap(0.0) < -1000
    assert expected_score(400.0) == pytest.approx(10 / 11)


def test_fit_elo_two_players() -> None:
    # B scores 75 of 100 against A: the gap is 400 log10(3) = 190.85 points; its standard
    # error is 400 / (ln 10 * sqrt(100 * 0.75 * 0.25)) = 40.12, so the 95% bar is 78.6
    a, b = fit_elo(["A", "B"], [Pairing(0, 1, 25.0, 100)], prior_draws=0)
    assert a.elo == 0.0 and a.error == 0.0
    assert b.elo == pytest.approx(190.85, abs=0.05)
    assert b.error == pytest.approx(1.96 * 40.12, abs=0.2)


def test_fit_elo_chain_is_consistent() -> None:
    """Three players with evenly spread scores: ratings are ordered and evenly spaced."""
    pairings = [Pairing(0, 1, 25.0, 100), Pairing(1, 2, 25.0, 100), Pairing(0, 2, 10.0, 100)]
    ratings = fit_elo(["a", "b", "c"], pairings, prior_draws=0)
    assert ratings[0].elo < ratings[1].elo < ratings[2].elo
    assert ratings[2].elo - ratings[1].elo == pytest.approx(ratings[1].elo, rel=0.05)
    assert all(r.error > 0 for r in ratings[1:])


def test_fit_elo_shut_out_stays_finite_with_the_prior() -> None:
    _, high = fit_elo(["low", "high"], [Pairing(0, 1, 0.0, 10)])
    # 10 wins plus one imaginary draw: B scores 10.5 of 11
    assert high.elo == pytest.approx(elo_gap(10.5 / 11), abs=0.5)
    assert math.isfinite(high.error)


def test_quantiles_and_spread() -> None:
    values = [10.0, 20.0, 30.0, 40.0]
    assert quantile(values, 0.5) == 25.0
    assert quantile(values, 0.25) == 17.5
    s = spread([3.0, 1.0, 2.0])
    assert (s.minimum, s.median, s.maximum, s.mean) == (1.0, 2.0, 3.0, 2.0)


def test_histogram_counts_every_value() -> None:
    values = [float(v) for v in range(100)]
    bins = histogram(values, 10)
    assert len(bins) == 10
    assert [n for _, _, n in bins] == [10] * 10
    assert histogram([5.0, 5.0]) == [(5.0, 5.0, 2)]
