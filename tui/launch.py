"""What the `gemtable` command runs: each function opens the app and returns an exit code.

Problems found before the app opens (a corrupt log, no unfinished game, a
file that cannot be written) are one line on stderr and exit code 1, never a
traceback; with no terminal to open it on, one line and exit code 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from gemtable.engine.gamelog import GameLogError

from .app import PLAY_BOT_DELAY, GemtableApp, StartMenu, StartReplay, StartTable
from .commands.terminal import refuse_without_terminal
from .table import Table, TableError
from .table.storage import games_dir, latest_unfinished, open_log


def _fail(message: str) -> int:
    print(f"gemtable: {message}", file=sys.stderr)
    return 1


def _start_process_helpers() -> None:
    """Start multiprocessing's fork server and resource tracker now, while this
    process still has its own stderr: once the app runs, stderr is the app's
    and starting them fails ("bad value(s) in fds_to_keep"), which would leave
    a search or a review on one core."""
    from multiprocessing import forkserver, resource_tracker

    try:
        resource_tracker.ensure_running()
        forkserver.ensure_running()
    except (OSError, ValueError):
        pass  # searches and reviews fall back to this process


def _run(app: GemtableApp) -> int:
    # The command line refuses first, naming the command; this stops any way in it missed.
    refused = refuse_without_terminal("gemtable", "run it in a terminal")
    if refused is not None:
        return refused
    _start_process_helpers()
    app.run()
    code = app.return_code
    return 0 if code is None else code


def _run_table(table: Table) -> int:
    try:
        code = _run(GemtableApp(StartTable(table)))
    finally:
        table.close()
    if table.is_over:
        print(f"Game log: {table.path}")
    else:
        print(f"Game saved: {table.path}\nContinue it with: gemtable resume")
    return code


def menu() -> int:
    return _run(GemtableApp(StartMenu()))


def play(game_id: str, seats: Sequence[str], *, seed: int, variant: str | None,
         log: Path | None) -> int:
    try:
        table = Table.create(game_id, list(seats), seed=seed, variant=variant, log=log,
                             allow_undo=True)
    except TableError as error:
        return _fail(str(error))
    table.set_delay(PLAY_BOT_DELAY if table.humans else 0.8)
    return _run_table(table)


def watch(game_id: str, seats: Sequence[str], *, seed: int, variant: str | None,
          log: Path | None, delay: float) -> int:
    try:
        table = Table.create(game_id, list(seats), seed=seed, variant=variant, log=log,
                             delay=delay)
    except TableError as error:
        return _fail(str(error))
    return _run_table(table)


def resume(path: Path | None) -> int:
    """Continue `path`, or the most recent unfinished game in the data folder."""
    if path is None:
        path = latest_unfinished()
        if path is None:
            return _fail(f"no unfinished game to resume in {games_dir()}")
    try:
        table = Table.resume(path, allow_undo=True)
    except (GameLogError, TableError) as error:
        return _fail(str(error))
    table.set_delay(PLAY_BOT_DELAY if table.humans else 0.8)
    return _run_table(table)


def replay(path: Path, seat: int | None = None) -> int:
    """Step through `path`; `seat` (from 0) shows that seat's view throughout."""
    try:
        loaded = open_log(path)
    except GameLogError as error:
        return _fail(str(error))
    if seat is not None and not 0 <= seat < loaded.header.players:
        return _fail(f"--seat {seat + 1}: that game has seats 1 to {loaded.header.players}")
    return _run(GemtableApp(StartReplay(loaded, seat)))


def review(path: Path, *, budget: int, seed: int, workers: int | None, use_cache: bool) -> int:
    """The review screen of the finished game in `path`."""
    from .app import StartReview

    try:
        loaded = open_log(path)
    except GameLogError as error:
        return _fail(str(error))
    if not loaded.finished:
        return _fail(f"{path}: the game is not finished, so there is nothing to review yet")
    options = {"budget": budget, "seed": seed, "workers": workers, "use_cache": use_cache}
    return _run(GemtableApp(StartReview(loaded, path), review_options=options))


__all__ = ["menu", "play", "replay", "resume", "review", "watch"]
