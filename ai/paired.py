"""What the paired measurements share (ai/solo_bound.py, ai/trial.py): each
plays a range of arena games twice, in one process or a pool, and reports
means with a 95% interval."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from statistics import mean, stdev
from typing import TypeVar

import attrs

from .arena import Z95

T = TypeVar("T")


@attrs.frozen
class Mean:
    mean: float
    low: float
    high: float
    """The mean with a 95% interval (normal approximation)."""

    @classmethod
    def of(cls, values: list[float] | tuple[float, ...]) -> Mean:
        n = len(values)
        middle = mean(values)
        half = Z95 * (stdev(values) if n > 1 else math.inf) / math.sqrt(n)
        return cls(middle, middle - half, middle + half)

    def text(self) -> str:
        return f"{self.mean:.2f} ({self.low:.2f}-{self.high:.2f})"


def map_games(job: Callable[[int], T], indices: range, workers: int) -> Iterator[T]:
    """`job` over the game indices, in index order; a pool when `workers` > 1."""
    if workers <= 1:
        yield from map(job, indices)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(job, indices)


def add_range_arguments(parser: argparse.ArgumentParser) -> None:
    """Which games of the run, played how, and printed how."""
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="start at game FIRST of the run")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", default=None)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
