"""Arena and tournament games as Ray tasks, on a cluster or a local one.

Ray is optional (`pip install 'gemtable[cluster]'`). Each game is one task
running the same `play_task` as the local backend, with the same seed, so a
run gives the same results on either. Every node of a cluster needs the same
gemtable installed; the backend checks the version a worker reports before
sending games, so a mismatch is an error rather than a silent difference.

Without `--address` (and without RAY_ADDRESS set) a private local cluster is
started for the run and shut down after it. In a process where Ray is already
initialised (tests, notebooks) that connection is used and left open.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import Any

import attrs

from .backends import (
    IN_FLIGHT_PER_WORKER,
    POLL_SECONDS,
    GameTask,
    PlayedGame,
    R,
    T,
    check_stop,
    default_workers,
    play_task,
    take,
)

CONNECT_SECONDS = 5.0


class ClusterError(ValueError):
    """Ray is missing, the cluster cannot be reached, or its nodes run other code."""


def _ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        raise ClusterError(
            "the Ray backend needs the cluster extra: pip install 'gemtable[cluster]'"
        ) from None
    return ray


def installed_version() -> str:
    """This process's gemtable version (a worker runs it to compare with the driver)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("gemtable")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


@attrs.define
class RayBackend:
    address: str | None = None
    """A cluster to join (`HOST:PORT`, `ray://HOST:PORT` or `auto`); None starts a local one."""
    workers: int | None = None
    """CPUs of a local cluster (default: every core); a joined cluster uses its own."""
    stop: threading.Event | None = None
    """Set it (from any thread) to stop the run: RunStopped is raised."""
    name: str = "ray"

    def _check_reachable(self, address: str) -> None:
        """Fail at once, not after Ray's minute of retries, when HOST:PORT refuses."""
        host, sep, port = address.rpartition(":")
        if not sep or "://" in address or not port.isdigit():
            return  # "auto", "ray://..." and the like: Ray resolves those itself
        try:
            socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS).close()
        except OSError as error:
            raise ClusterError(f"cannot reach a Ray cluster at {address}: "
                               f"{error.strerror or error}") from None

    def _connect(self, ray: ModuleType) -> bool:
        """Initialise Ray if needed; True when this backend started it (and must stop it)."""
        if ray.is_initialized():
            return False
        address = self.address or os.environ.get("RAY_ADDRESS") or None
        options = dict(include_dashboard=False, log_to_driver=False,
                       logging_level=logging.ERROR, configure_logging=True)
        try:
            if address is None:
                ray.init(address="local", num_cpus=self.workers or default_workers(), **options)
            else:
                self._check_reachable(address)
                ray.init(address=address, **options)
        except (ConnectionError, RuntimeError, ValueError) as error:
            where = address or "a local cluster"
            raise ClusterError(f"cannot start or reach Ray at {where}: {error}") from None
        return True

    def _check_workers(self, ray: ModuleType) -> None:
        theirs = ray.get(ray.remote(num_cpus=0)(installed_version).remote())
        ours = installed_version()
        if theirs != ours:
            raise ClusterError(
                f"the cluster's workers run gemtable {theirs}, this machine {ours}: install "
                "the same version on every node so that seeds give the same games")

    def run(self, tasks: Iterable[GameTask], *,
            on_start: Callable[[], None] | None = None) -> Iterator[PlayedGame]:
        return self.run_each(play_task, tasks, on_start=on_start)

    def run_each(self, play: Callable[[T], R], tasks: Iterable[T], *,
                 on_start: Callable[[], None] | None = None) -> Iterator[R]:
        ray = _ray()
        started_here = self._connect(ray)
        pending: list[Any] = []  # Ray's object references
        try:
            self._check_workers(ray)
            remote = ray.remote(num_cpus=1)(play)
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            queue = iter(tasks)
            pending = [remote.remote(t) for t in take(queue, IN_FLIGHT_PER_WORKER * cpus)]
            if on_start:
                on_start()
            while pending:
                done, pending = ray.wait(pending, num_returns=1, timeout=POLL_SECONDS)
                check_stop(self.stop)
                for ref in done:
                    yield ray.get(ref)
                pending += [remote.remote(t) for t in take(queue, len(done))]
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
            if started_here:
                ray.shutdown()

