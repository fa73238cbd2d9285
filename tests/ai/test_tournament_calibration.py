"""The tournament's rating intervals say what they claim, for bots of fixed strength.

Simulated tournaments among four players whose true strengths are known (the
game outcomes drawn from the rating model's own win chance) check that the
95% intervals of the rating differences hold the true difference in about
95% of tournaments: not far more (intervals wider than the evidence, which
hides real gaps) and not far fewer (overconfident). openskill's default
gamma gives about 99%; that is why the tournament uses `full_shrink`.
"""

from __future__ import annotations

import itertools
import math
import random
from statistics import NormalDist
from types import SimpleNamespace

import pytest

from gemtable.ai.stats import Z95
from gemtable.ai.tournament import rate

BETA = 25 / 6
"""openskill's default performance spread."""
SCALE = math.sqrt(2) * BETA
STRENGTHS = {"weakest": 0.0, "middle": 4.0, "top": 8.0, "top-too": 8.0}
GAMES = 600
TOURNAMENTS = 200


def win_chance(model: str, gap: float) -> float:
    if model == "plackett-luce":
        return 1 / (1 + math.exp(-gap / SCALE))
    return NormalDist().cdf(gap / SCALE)


def simulated_ratings(model: str, seed: int) -> dict:
    rng = random.Random(seed)
    pairs = list(itertools.combinations(STRENGTHS, 2))
    rng.shuffle(pairs)
    played = []
    for index in range(GAMES):
        first, second = pairs[index % len(pairs)]
        first_wins = rng.random() < win_chance(model, STRENGTHS[first] - STRENGTHS[second])
        played.append(SimpleNamespace(seats=(first, second),
                                      ranking=(1, 2) if first_wins else (2, 1)))
    return rate(played, tuple(STRENGTHS), model)


@pytest.fixture(scope="module", params=["plackett-luce", "thurstone-mosteller"])
def tournaments(request) -> tuple[str, list[dict]]:
    return request.param, [simulated_ratings(request.param, seed) for seed in range(TOURNAMENTS)]


def apart(ratings: dict, lower: str, upper: str) -> bool:
    low, high = ratings[lower], ratings[upper]
    return high.mu - Z95 * high.sigma > low.mu + Z95 * low.sigma


def test_intervals_of_differences_cover_about_95_percent(tournaments):
    _, runs = tournaments
    covered = total = 0
    for ratings in runs:
        for a, b in itertools.combinations(STRENGTHS, 2):
            gap = ratings[b].mu - ratings[a].mu
            spread = math.hypot(ratings[a].sigma, ratings[b].sigma)
            covered += abs(gap - (STRENGTHS[b] - STRENGTHS[a])) <= Z95 * spread
            total += 1
    assert 0.935 <= covered / total <= 0.98


def test_a_real_gap_shows_and_no_gap_seldom_does(tournaments):
    _, runs = tournaments
    # 600 games among four: a gap of 4 (about 66% head to head) separates the
    # intervals in most tournaments; two equal players' intervals almost never part.
    assert sum(apart(r, "weakest", "middle") for r in runs) / len(runs) > 0.6
    assert sum(apart(r, "top", "top-too") or apart(r, "top-too", "top") for r in runs) / len(runs) < 0.02
