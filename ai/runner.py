"""How a run of many games is played: on which backend, and which results
file it appends to (found again when a run is resumed)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs

from .backends import Backend, make_backend
from .results import RunSpec, find_resumable, new_results_path


@attrs.frozen
class RunOptions:
    """How a command plays its games; the defaults play on every local core."""

    workers: int | None = None
    backend: str = "local"
    address: str | None = None
    results: Path | None = None
    """Append each game here; with `resume`, continue the run this file holds."""
    default_results: bool = False
    """Without `results`, write to a new file in the data folder (the CLI's default)."""
    resume: bool = False
    logs: Path | None = None
    """Also write each game played as a game log in this folder."""

    def make_backend(self) -> Backend:
        return make_backend(self.backend, workers=self.workers, address=self.address)

    def results_path(self, spec: RunSpec, say: Callable[[str], None]) -> Path | None:
        """The results file of this run (found again when resuming without a path)."""
        if self.results is not None:
            return self.results
        if self.resume:
            found = find_resumable(spec)
            if found is not None:
                say(f"continuing the run in {found}")
                return found
            say("no earlier run of these games to continue: starting one")
        if self.default_results or self.resume:
            return new_results_path(spec)
        return None
