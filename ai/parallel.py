"""Root-parallel information-set MCTS: one decision searched in several processes.

Each worker grows its own tree from the same view with its own random stream
(so its own determinizations and playouts), and only the root's statistics
come back: visits and summed rewards per legal action, added up in worker
order. Root parallelism needs no locks and little traffic, and averaging
independent trees over hidden cards is what an information-set search wants
anyway (more determinizations, less bias from one tree's early luck).

Reproducible: worker 0 uses the same stream as a one-worker search, worker k
a stream derived from the seed, the position and k; with an iteration budget
the merged statistics, and so the move, depend only on the seed, the view,
the budget and the worker count. A time budget is reproducible in nothing.

Worker 0 runs in the calling process (or thread); the others in a pool of
processes kept between decisions, started by a fork server so that forking
never copies a running program's threads (the TUI thinks in threads).

How many workers a plain `mcts` gets is decided here too: the spare cores of
this machine (`auto_search_workers`), one inside arena and tournament games
(`single_process_search`), and on a shared server the bot pool's share
(`server_search_workers`).
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import random
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import attrs

from gemtable.engine import State

if TYPE_CHECKING:
    from .heuristics import Heuristic
    from .mcts_tree import Node

MAX_AUTO_WORKERS = 8
"""Never more search processes than this for one move, however many cores."""


@attrs.frozen
class RootStats:
    """What one worker's tree says about the root: per legal action, in order."""

    visits: tuple[int, ...]
    rewards: tuple[float, ...]
    iterations: int


@attrs.frozen
class SearchJob:
    """Everything a worker needs to search one decision (picklable)."""

    view: State[Any]
    worker: int
    seed: int
    iterations: int | None
    seconds: float | None
    exploration: float
    playout_depth: int
    prior_weight: float
    expand_after: int | None
    heuristic: Any = None
    """None: the registry's heuristic for the view's game (not sent)."""


def worker_rng(seed: int, view: State[Any], worker: int) -> random.Random:
    """Worker 0 draws exactly what a one-worker search draws; the others their own."""
    from .base import decision_rng

    if worker == 0:
        return decision_rng(seed, view)
    return random.Random(f"{seed}:{view.turn}:{view.to_move}:{len(view.legal_actions())}"
                         f":worker{worker}")


def root_stats(root: Node, legal: Sequence[object], iterations: int) -> RootStats:
    children = root.children
    return RootStats(
        visits=tuple(children[a].visits if a in children else 0 for a in legal),
        rewards=tuple(children[a].reward if a in children else 0.0 for a in legal),
        iterations=iterations,
    )


def run_job(job: SearchJob) -> RootStats:
    """Search one decision as worker `job.worker` (top level: runs in a pool)."""
    from .heuristics import heuristic_for
    from .mcts import MctsBot

    heuristic = job.heuristic or heuristic_for(job.view.game.id)
    bot = MctsBot(heuristic, seed=job.seed, iterations=job.iterations, seconds=job.seconds,
                  exploration=job.exploration, playout_depth=job.playout_depth,
                  prior_weight=job.prior_weight, expand_after=job.expand_after, workers=1)
    root = bot.search(job.view, worker_rng(job.seed, job.view, job.worker))
    return root_stats(root, job.view.legal_actions(), bot.last_iterations)


def merge(parts: Sequence[RootStats]) -> RootStats:
    """Statistics of all workers added up, in worker order (so sums are exact
    and the same every time)."""
    visits = [0] * len(parts[0].visits)
    rewards = [0.0] * len(parts[0].rewards)
    for part in parts:
        for i, (v, r) in enumerate(zip(part.visits, part.rewards, strict=True)):
            visits[i] += v
            rewards[i] += r
    return RootStats(tuple(visits), tuple(rewards), sum(p.iterations for p in parts))


def search_parallel(jobs: Sequence[SearchJob]) -> RootStats:
    """Run `jobs[0]` here and the rest in the process pool; the merged root."""
    futures: list[Future[RootStats] | None] = [None] * (len(jobs) - 1)
    try:
        if len(jobs) > 1:
            pool = _pool(len(jobs) - 1)
            futures = [pool.submit(run_job, job) for job in jobs[1:]]
    except (OSError, RuntimeError, BrokenProcessPool):
        futures = [None] * (len(jobs) - 1)  # no processes to be had: searched here below
    parts = [run_job(jobs[0])]
    for job, future in zip(jobs[1:], futures, strict=True):
        parts.append(_result_or_here(job, future))
    return merge(parts)


def _result_or_here(job: SearchJob, future: Future[RootStats] | None) -> RootStats:
    """A worker's statistics; if its process failed (it was killed, or could not
    start, as in a script without a main guard), the same job searched in this
    process instead: slower, but the same move."""
    if future is not None:
        try:
            return future.result()
        except (BrokenProcessPool, OSError):
            _discard_pool()
    return run_job(job)


# --- the pool of search processes, kept between decisions --------------------

_lock = threading.Lock()
_executor: ProcessPoolExecutor | None = None
_executor_size = 0


def _pool(size: int) -> ProcessPoolExecutor:
    global _executor, _executor_size
    with _lock:
        if _executor is None or _executor_size < size:
            if _executor is not None:
                _executor.shutdown(wait=False, cancel_futures=True)
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["gemtable.ai.parallel", "gemtable.ai.mcts"])
            _executor = ProcessPoolExecutor(size, mp_context=context)
            _executor_size = size
        return _executor


def _discard_pool() -> None:
    global _executor, _executor_size
    with _lock:
        if _executor is not None:
            _executor.shutdown(wait=False, cancel_futures=True)
        _executor, _executor_size = None, 0


def shutdown_pool() -> None:
    """Stop the search processes (they start again when next needed)."""
    global _executor, _executor_size
    with _lock:
        if _executor is not None:
            _executor.shutdown(wait=True, cancel_futures=True)
        _executor, _executor_size = None, 0


atexit.register(shutdown_pool)


# --- how many workers ---------------------------------------------------------

_single = threading.local()


@contextmanager
def single_process_search() -> Iterator[None]:
    """Within this block (in this thread) `mcts` searches in one process: arena
    and tournament games already fill the cores with games, and their results
    must not depend on the machine's load."""
    before = getattr(_single, "on", False)
    _single.on = True
    try:
        yield
    finally:
        _single.on = before


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def spare_workers(cores: int, load: float) -> int:
    """Search processes a move may use: the cores the load average leaves idle,
    plus the one this move runs on anyway; at least 1, at most every core."""
    return max(1, min(cores, MAX_AUTO_WORKERS, int(cores - load + 1)))


def auto_search_workers() -> int:
    """Workers for a plain `mcts` move now: 1 inside `single_process_search`,
    else this machine's spare cores (from the 1-minute load average)."""
    if getattr(_single, "on", False):
        return 1
    try:
        load = os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average on this platform
        return 1
    return spare_workers(usable_cores(), load)


def server_search_workers(thinking: int, *, cores: int | None = None,
                          load: float | None = None) -> int:
    """Workers for one bot move on a shared server whose bot pool is running
    `thinking` searches (this one included): the cores are shared evenly among
    them, and none is taken that the machine's load leaves busy.

    The pool passes the answer on in the kind (`kind_with_workers`)."""
    cores = usable_cores() if cores is None else cores
    if load is None:
        try:
            load = os.getloadavg()[0]
        except OSError:  # pragma: no cover
            load = float(cores)
    fair = max(1, cores // max(1, thinking))
    return min(fair, spare_workers(cores, load))


def kind_with_workers(kind: str, workers: int) -> str:
    """`kind` searching in `workers` processes: `mcts` -> `mcts@2`, `hard` ->
    `hard@2`; kinds that do not search are returned unchanged."""
    from .base import search_kind

    base = kind.partition("@")[0]
    if not search_kind(base):
        return kind
    return f"{base}@{workers}"


def bot_heuristic_for_job(heuristic: Heuristic[Any], view: State[Any]) -> Heuristic[Any] | None:
    """The heuristic to send with a job: None when workers can look it up."""
    from .heuristics import heuristic_for

    return None if heuristic is heuristic_for(view.game.id) else heuristic
