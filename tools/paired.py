"""What the paired measurements share (solo_bound.py, trial.py): each plays a
range of arena games twice, in one process or a pool, and reports means with
a 95% interval (gemtable.ai.stats)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")


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
