"""`gemtable soak`: many seeded games, every invariant checked after every action.

Progress goes to stderr; each failure is printed with its seed and action
list and saved as a game log (`gemtable replay` opens it); the summary, one
line per game, goes to stdout. The exit status is 1 when any game failed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from gemtable.ai.backends import make_backend
from gemtable.ai.soak import SoakResult, SoakTotals, run_soak, save_failure, soak_tasks
from gemtable.engine import registry

from .console import Progress, guarded, say_to, stderr_console

FOUND_FAILURES = 1


def failures_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("gemtable")) / "soak"


REPORT_EVERY = 1000
"""Games between progress lines when stderr is no terminal (a long run's log)."""


def soak_command(game_ids: Sequence[str], *, games: int, seed: int = 0, first: int = 0,
                 workers: int | None = None, backend: str = "local",
                 address: str | None = None, logs: Path | None = None) -> int:
    err = stderr_console()
    say = say_to(err, "soak")
    folder = logs if logs is not None else failures_dir()
    total = games * len(game_ids)
    progress = Progress(err, f"soak {', '.join(game_ids)}", total)
    per_game = {game_id: SoakTotals() for game_id in game_ids}
    started = time.perf_counter()

    def failed() -> int:
        return sum(len(t.failures) for t in per_game.values())

    def report(played: SoakResult) -> None:
        progress.advance()
        per_game[played.game].add(played)
        if played.failed:
            path = save_failure(played, folder)
            progress.stop()
            say(f"FAILED game {played.index}: {played.describe()}\n  saved as {path}")
            progress.start()
        if not err.is_terminal and progress.done % REPORT_EVERY == 0:
            say(f"{progress.done} of {total} games, {failed()} failed, "
                f"{time.perf_counter() - started:.0f} s")

    def summary(stopped: bool) -> None:
        # Each line names its range of games, so the lines of runs of
        # adjacent ranges add up to one longer run.
        stretch = f"games {first}-{first + games - 1} of seed {seed}"
        for game_id, totals in per_game.items():
            per_action = totals.actions / totals.games if totals.games else 0.0
            print(f"{game_id}: {stretch}: {totals.games} games, {totals.actions} actions "
                  f"({per_action:.0f} a game), "
                  f"{len(totals.failures)} failed, {totals.seconds:.1f} s of play and checks",
                  flush=True)
        played = sum(t.games for t in per_game.values())
        print(f"all: {played} games{' (stopped early)' if stopped else ''} in "
              f"{time.perf_counter() - started:.1f} s on {backend}, {failed()} failed",
              flush=True)

    def body() -> int:
        runner = make_backend(backend, workers=workers, address=address)
        progress.start()
        try:
            run_soak(soak_tasks(game_ids, games, seed, first=first), runner, on_game=report)
        except KeyboardInterrupt:
            progress.stop()
            summary(stopped=True)
            raise
        progress.stop()
        summary(stopped=False)
        return FOUND_FAILURES if failed() else 0

    return guarded("soak", err, progress, None, body)


def soak_game_ids(game: str | None) -> tuple[str, ...]:
    return registry.ids() if game in (None, "all") else (str(game),)
