"""What `gemtable arena`, `tournament` and `bench` share on the command line:
the progress bar, messages and clean failures.

Progress and messages go to stderr, results to stdout, so `--json -` gives
only JSON on stdout. Every expected failure (a damaged results file, a
cluster that cannot be reached, a bad variant) is one line on stderr and exit
status 2; Ctrl-C stops the workers, says how many games are safe in the
results file and how to continue, and exits with status 130.
"""

from __future__ import annotations

import signal
import sys
import threading
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from gemtable.ai.results import DamagedLineWarning

INTERRUPTED = 130
FAILED = 2


class Progress:
    """A progress bar on stderr (only on a terminal) counting finished games."""

    def __init__(self, console, description: str, total: int) -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as RichProgress

        self.total = total
        self.done = 0
        self._bar = RichProgress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), TimeRemainingColumn(),
            console=console, transient=True, disable=not console.is_terminal,
        )
        self._task = self._bar.add_task(description, total=total)

    def start(self) -> None:
        self._bar.start()

    def advance(self, *_ignored: object) -> None:
        self.done += 1
        self._bar.advance(self._task)

    def stop(self) -> None:
        self._bar.stop()


def stderr_console():
    from rich.console import Console

    return Console(stderr=True)


def say_to(console, command: str) -> Callable[[str], None]:
    def say(message: str) -> None:
        console.print(f"gemtable {command}: {message}", markup=False, highlight=False,
                      soft_wrap=True)

    return say


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def guarded(command: str, console, progress: Progress, results: Path | None,
            body: Callable[[], int]) -> int:
    """Run `body`, turning expected failures and Ctrl-C into a message and a status.

    SIGTERM (what a batch scheduler or `kill` sends) stops a run as Ctrl-C
    does: workers are stopped and every finished game stays in the file.
    """
    say = say_to(console, command)
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        with warnings.catch_warnings():
            show = warnings.showwarning

            def one_line(message: Warning | str, category: type[Warning], filename: str,
                         lineno: int, file: TextIO | None = None,
                         line: str | None = None) -> None:
                # A damaged line of a results file is news, not a Python warning.
                if issubclass(category, DamagedLineWarning):
                    say(f"warning: {message}")
                else:
                    show(message, category, filename, lineno, file, line)

            warnings.showwarning = one_line
            return body()
    except KeyboardInterrupt:
        progress.stop()
        message = f"interrupted after {progress.done} of {progress.total} games"
        if results is not None:
            message += (f"; every finished game is in {results}: run the same command "
                        "with --resume to play the rest")
        say(message)
        return INTERRUPTED
    except (ValueError, OSError) as error:
        progress.stop()
        say(f"error: {error}")
        return FAILED
    finally:
        progress.stop()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def write_text(command: str, console, text: str, path: str | None) -> bool:
    """Write `text` to `path` (`-` is stdout); False, with a message, if that fails."""
    if path is None:
        return True
    if path == "-":
        sys.stdout.write(text)
        return True
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        say_to(console, command)(f"cannot write {path}: {error.strerror or error}")
        return False
    return True
