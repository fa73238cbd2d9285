"""Reviews of finished served games, searched on the server's spare cores.

A person asks for the review of their own seat at a finished table: the
first question starts it, later ones read how far it has got (the session
asks about once a second). Each decision is searched from the view the
person had (ai/review.py), in worker processes at the lowest priority, so
the bots of tables in play and the people's screens always come first and a
review takes only the time the cores would otherwise idle. A finished review
is kept beside the table's log, per seat, so asking again (after a restart
too) is immediate.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import attrs

from gemtable.ai.review import (
    REVIEW_SEED,
    GameReview,
    assembled,
    cached_review,
    decisions_of,
    keep_review,
    review_decision,
)
from gemtable.engine import gamelog

from .. import protocol
from ..botpool import watch_parent

log = logging.getLogger("gemtable.serve")

REVIEWS_AT_ONCE = 2
"""Reviews searched at the same time; the next ones wait their turn."""
KEEP_JOBS = 256
"""Reviews whose progress or result the server remembers (older ones are on disk)."""
LOWEST_PRIORITY = 19


def _lowest_priority(parent: int) -> None:
    """In a review worker: give way to everything else on the machine."""
    with contextlib.suppress(OSError):
        os.nice(LOWEST_PRIORITY)
    watch_parent(parent)


@attrs.define
class _Job:
    table: str
    seat: int
    done: int = 0
    total: int = 0
    review: GameReview | None = None
    error: str = ""
    told_failure: bool = False
    task: asyncio.Task | None = None

    def status(self) -> protocol.ReviewStatus:
        return protocol.ReviewStatus(self.table, self.seat, self.done, self.total,
                                     self.review, self.error)


class ReviewJobs:
    def __init__(self, log_of: Callable[[str], Path], budget: int, *,
                 seed: int = REVIEW_SEED, workers: int | None = None) -> None:
        self._log_of = log_of
        self.budget, self.seed = budget, seed
        self.workers = workers or os.cpu_count() or 1
        self._jobs: OrderedDict[tuple[str, int], _Job] = OrderedDict()
        self._executor: ProcessPoolExecutor | None = None
        self._turns: asyncio.Semaphore | None = None

    def known(self, table_id: str, seat: int) -> bool:
        """A review of the seat is under way, done, or failed and not yet told."""
        job = self._jobs.get((table_id, seat))
        return job is not None and not job.told_failure

    def status(self, table_id: str, seat: int) -> protocol.ReviewStatus:
        """On the event loop: how the review of `seat` at the finished table stands.
        One not known is started now; a failed one is told once, with why, and
        tried again at the next question."""
        key = (table_id, seat)
        job = self._jobs.get(key)
        if job is None or job.told_failure:
            job = _Job(table_id, seat)
            self._jobs[key] = job
            job.task = asyncio.get_running_loop().create_task(self._review(job))
            self._forget_old()
        elif job.error:
            job.told_failure = True
        self._jobs.move_to_end(key)
        return job.status()

    def _forget_old(self) -> None:
        for key in list(self._jobs)[:max(0, len(self._jobs) - KEEP_JOBS)]:
            job = self._jobs[key]
            if job.task is None or job.task.done():
                del self._jobs[key]

    async def _review(self, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        path = self._log_of(job.table)
        seats = (job.seat,)
        try:
            job.review = await loop.run_in_executor(None, cached_review, path, self.budget,
                                                    self.seed, seats)
            if job.review is not None:
                job.done = job.total = len(job.review.moves)
                return
            loaded = await loop.run_in_executor(None, gamelog.load, path)
            decisions = decisions_of(loaded, seats, self.budget, self.seed)
            job.total = len(decisions)
            if self._turns is None:
                self._turns = asyncio.Semaphore(REVIEWS_AT_ONCE)
            async with self._turns:
                executor = self._pool()
                searches = [loop.run_in_executor(executor, review_decision, decision)
                            for decision in decisions]
                for search in searches:
                    search.add_done_callback(lambda _: self._count(job))
                moves = await asyncio.gather(*searches)
            job.review = assembled(loaded, moves, self.budget, self.seed)
            await loop.run_in_executor(None, keep_review, path, job.review, seats)
        except (OSError, ValueError) as error:  # a log gone or damaged (GameLogError too)
            job.error = f"the game's log cannot be reviewed: {error}"
        except BrokenProcessPool:
            self._executor = None
            job.error = "the review's worker process stopped; ask again"
        except Exception as error:
            log.exception("review of table %s seat %d failed", job.table, job.seat + 1)
            job.error = f"the review failed ({type(error).__name__})"

    @staticmethod
    def _count(job: _Job) -> None:
        job.done += 1

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # Spawned, not forked: the server has threads and an event loop.
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_lowest_priority, initargs=(os.getpid(),))
        return self._executor

    def stop(self) -> None:
        for job in self._jobs.values():
            if job.task is not None:
                job.task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
