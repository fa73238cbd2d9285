"""Where arena and tournament games run: this machine's cores, or a Ray cluster.

A game to play is a `GameTask` (who sits where, the game's own seed); playing
it gives a `PlayedGame`, everything about it in table-seat order, its action
texts included so it can be archived and replayed. A task depends on nothing
but its own fields, so any backend, any number of workers and any order of
completion give the same games; callers add results up in task order.

Backends yield games as they finish. Only a bounded window of tasks is in
flight, so a run of a million games holds a few dozen futures, and an
interrupted run stops at once: local worker processes are terminated and Ray
tasks cancelled.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Protocol, TypeVar

import attrs

from gemtable.engine import registry

from .match import play_match
from .parallel import single_process_search

POLL_SECONDS = 0.25
"""How often a waiting run looks whether it was asked to stop."""
IN_FLIGHT_PER_WORKER = 4
"""Tasks queued per worker: enough to keep every worker busy, few enough to
cancel quickly."""


@attrs.frozen
class GameTask:
    index: int
    game: str
    seats: tuple[str, ...]
    """Bot kinds in table-seat (turn) order."""
    seed: int
    """This game's own seed (the deal, chance steps and bot seeds come from it)."""
    variant: str | None = None


@attrs.frozen
class PlayedGame:
    """One finished game, every tuple in table-seat order."""

    index: int
    game: str
    seats: tuple[str, ...]
    seed: int
    variant: str
    """The variant id actually played (the default resolved)."""
    shares: tuple[float, ...]
    """Each seat's share of the win: 1/k to each of k winners."""
    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    """1 for first place; tied seats share a place."""
    turns: int
    think: tuple[float, ...]
    decisions: tuple[int, ...]
    slowest: tuple[float, ...]
    achievements: tuple[tuple[str, ...], ...]
    actions: tuple[str, ...]
    """Every action's text, chance outcomes included: enough to replay the game."""
    fallbacks: tuple[int, ...] = ()
    """Per seat: moves another bot played for its bot (an outside program that
    failed: ai/external.py); empty in files written before it was counted."""
    problems: tuple[str, ...] = ()
    """The first few of those failures in words, each naming its seat."""


PROBLEMS_KEPT = 3
"""Failures kept in words per game: enough to tell what went wrong, few enough
that a bot failing every move does not swell a results file."""


def problem_lines(seats: tuple[str, ...], problems: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    lines = [f"seat {seat + 1} ({seats[seat]}): {text}"
             for seat, texts in enumerate(problems) for text in texts]
    return tuple(lines[:PROBLEMS_KEPT])


def play_task(task: GameTask) -> PlayedGame:
    """Play one task to the end (top level, so worker processes and Ray can run it).

    A plain `mcts` searches in one process here: the games fill the cores, and
    results must not depend on the machine's load."""
    with single_process_search():
        result = play_match(task.game, task.seats, seed=task.seed, variant=task.variant)
    final = result.final
    n = len(task.seats)
    return PlayedGame(
        index=task.index,
        game=task.game,
        seats=task.seats,
        seed=task.seed,
        variant=resolved_variant(task),
        shares=tuple(final.outcome()),
        scores=tuple(float(s) for s in final.scores()),
        ranking=tuple(final.ranking()),
        turns=final.turn,
        think=result.think_seconds,
        decisions=result.decisions,
        slowest=result.slowest,
        achievements=tuple(tuple(final.achievements(seat)) for seat in range(n)),
        actions=tuple(str(a) for a in result.actions),
        fallbacks=tuple(len(texts) for texts in result.problems),
        problems=problem_lines(task.seats, result.problems),
    )


def resolved_variant(task: GameTask) -> str:
    if task.variant is not None:
        return task.variant
    return registry.get(task.game).default_variant(len(task.seats)).id


class Indexed(Protocol):
    @property
    def index(self) -> int: ...


T = TypeVar("T", bound=Indexed)
R = TypeVar("R", bound=Indexed)


class Backend(Protocol):
    name: str

    def run(self, tasks: Iterable[GameTask], *,
            on_start: Callable[[], None] | None = None) -> Iterator[PlayedGame]:
        """Play every task, yielding each game as it finishes (in any order)."""
        ...

    def run_each(self, play: Callable[[T], R], tasks: Iterable[T], *,
                 on_start: Callable[[], None] | None = None) -> Iterator[R]:
        """`run` with another top-level function than `play_task` (soak runs)."""
        ...


def default_workers() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group: the parent stops the workers
    # itself, so they must not each print a traceback. SIGTERM (how the
    # parent stops them) must end them quietly, whatever handler was forked.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class RunStopped(Exception):
    """The run was asked to stop (`stop` was set) before every game was played."""


def check_stop(stop: threading.Event | None) -> None:
    if stop is not None and stop.is_set():
        raise RunStopped("stopped before every game was played")


@attrs.define
class LocalBackend:
    """Worker processes on this machine; one worker plays in this process."""

    workers: int = attrs.field(factory=default_workers)
    start_method: str | None = None
    """How workers start: None for the platform's default (fork on Linux, the
    quickest). A program running threads of its own (the TUI) uses "spawn",
    since forking a process that runs threads is unsafe."""
    stop: threading.Event | None = None
    """Set it (from any thread) to stop the run: RunStopped is raised."""
    name: str = "local"

    def run(self, tasks: Iterable[GameTask], *,
            on_start: Callable[[], None] | None = None) -> Iterator[PlayedGame]:
        return self.run_each(play_task, tasks, on_start=on_start)

    def run_each(self, play: Callable[[T], R], tasks: Iterable[T], *,
                 on_start: Callable[[], None] | None = None) -> Iterator[R]:
        tasks = list(tasks)
        if self.workers <= 1 or len(tasks) <= 1:
            if on_start:
                on_start()
            for task in tasks:
                check_stop(self.stop)
                yield play(task)
            return
        context = None
        if self.start_method is not None:
            context = multiprocessing.get_context(self.start_method)
            if self.start_method != "fork":
                _start_resource_tracker()
        pool = ProcessPoolExecutor(max_workers=min(self.workers, len(tasks)),
                                   mp_context=context, initializer=_ignore_interrupts)
        try:
            # Start every worker before a progress thread exists: forking a
            # process that runs threads is unsafe.
            queue = iter(tasks)
            window = IN_FLIGHT_PER_WORKER * self.workers
            pending: set[Future[R]] = {pool.submit(play, t) for t in take(queue, window)}
            if on_start:
                on_start()
            while pending:
                done, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                check_stop(self.stop)
                for future in sorted(done, key=lambda f: f.result().index):
                    yield future.result()
                pending |= {pool.submit(play, t) for t in take(queue, len(done))}
        finally:
            _stop(pool)


def _start_resource_tracker() -> None:
    """Start multiprocessing's helper process with the real stderr. A full-screen
    app replaces sys.stderr with an object whose file descriptor is not valid,
    and the helper would then fail to start ("bad value(s) in fds_to_keep")."""
    from multiprocessing import resource_tracker

    replaced = sys.stderr
    try:
        sys.stderr = sys.__stderr__
        resource_tracker.ensure_running()
    finally:
        sys.stderr = replaced


def take(queue: Iterator[T], count: int) -> list[T]:
    """Up to `count` more tasks from `queue`."""
    return [task for _, task in zip(range(count), queue, strict=False)]


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut the pool down now: queued tasks cancelled, running games abandoned."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


BACKENDS = ("local", "ray")


def make_backend(name: str, *, workers: int | None = None, address: str | None = None,
                 start_method: str | None = None,
                 stop: threading.Event | None = None) -> Backend:
    """The backend called `name`; ValueError (a clear message) for anything else."""
    if name == "local":
        if address is not None:
            raise ValueError("--address is for --backend ray")
        return LocalBackend(default_workers() if workers is None else workers,
                            start_method=start_method, stop=stop)
    if name == "ray":
        from .ray_backend import RayBackend

        return RayBackend(address=address, workers=workers, stop=stop)
    raise ValueError(f"no backend {name!r} (choose from: {', '.join(BACKENDS)})")
