"""The intervals every printed figure uses: a win rate's Wilson interval and a
mean's normal-approximation interval, both 95% unless a caller asks otherwise."""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import mean, stdev

import attrs

Z95 = 1.959964
"""Standard deviations each side of the centre for 95%."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (successes may be fractional);
    it stays honest for small runs and for rates near 0 or 1."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return (low, high)


def half_width(values: Sequence[float], z: float = Z95) -> float:
    """Half the interval of the mean of `values` (infinite from one value);
    with z = 1 it is the standard error."""
    spread = stdev(values) if len(values) > 1 else math.inf
    return z * spread / math.sqrt(len(values))


@attrs.frozen
class Mean:
    mean: float
    low: float
    high: float
    """The mean with its interval (normal approximation)."""

    @classmethod
    def of(cls, values: Sequence[float], z: float = Z95) -> Mean:
        middle = mean(values)
        half = half_width(values, z)
        return cls(middle, middle - half, middle + half)

    def text(self) -> str:
        return f"{self.mean:.2f} ({self.low:.2f}-{self.high:.2f})"
