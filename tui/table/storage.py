"""Where game logs live, and finding them again without re-playing each one.

Logs go to `platformdirs.user_data_dir("gemtable")/games/` (on Linux this
follows XDG_DATA_HOME). Listing reads only each file's first and last line,
so a menu with hundreds of logs opens at once; the full check (re-playing
every action) happens when one is opened.
"""

from __future__ import annotations

import warnings
from datetime import datetime
from pathlib import Path
from typing import Any

import attrs
import platformdirs

from gemtable.engine.gamelog import GameLogError, LoadedLog, TornLineWarning, load
from gemtable.engine.jsonlines import parse_object, split_lines

LOG_SUFFIX = ".jsonl"


def games_dir() -> Path:
    return Path(platformdirs.user_data_dir("gemtable")) / "games"


def new_log_path(game_id: str, seed: int, *, folder: Path | None = None,
                 now: datetime | None = None) -> Path:
    """A fresh file name such as `jowhari-20261130-145002-s42.jsonl`."""
    folder = games_dir() if folder is None else folder
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{game_id}-{stamp}-s{seed}"
    path = folder / f"{base}{LOG_SUFFIX}"
    extra = 2
    while path.exists():
        path = folder / f"{base}-{extra}{LOG_SUFFIX}"
        extra += 1
    return path


@attrs.frozen
class LogSummary:
    """What a menu shows about a log before opening it."""

    path: Path
    game: str
    seats: tuple[str, ...]
    seed: int
    started: str
    actions: int
    finished: bool
    modified: float

    def describe(self) -> str:
        state = "finished" if self.finished else f"{self.actions} actions"
        who = " vs ".join(self.seats)
        started = _local_time(self.started)
        return f"{self.game:<10} {who:<28} {state:<12} {started}"


def _local_time(stamp: str) -> str:
    """The header's UTC time stamp in the local zone, to the minute."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp[:16]


TAIL_BYTES = 4096
"""Enough of a log's end to hold its last two lines (an action and a result)."""


def _head_and_tail(path: Path) -> tuple[bytes, list[str]]:
    """The first line, and the last lines that count (engine/jsonlines.py's rule for
    a torn last line) among the file's last few KB."""
    with path.open("rb") as f:
        head = f.readline()
        size = f.seek(0, 2)
        start = max(len(head), size - TAIL_BYTES)
        f.seek(start)
        tail = f.read()
    lines, _torn = split_lines(tail)
    if start > len(head):
        lines = lines[1:]  # it began before the bytes read
    return head, [line for line in lines if line.strip()]


def _record(line: str) -> dict[str, Any]:
    """The line's record; {} for a damaged one, which opening the log reports."""
    return parse_object(line) or {}


def summarise(path: Path) -> LogSummary | None:
    """A summary from the first line and the last lines; None if it is no game log.

    The action count is the `n` of the last action line (or the `to` of a
    later undo line), so listing a folder
    costs the same whatever the length of its games.
    """
    try:
        head, tail = _head_and_tail(path)
        header = parse_object(head)
        if header is None or header.get("kind") != "header":
            return None
        records = [_record(line) for line in tail]
        finished = bool(records) and records[-1].get("kind") == "result"
        # An undo line takes the game back to `to` actions: it counts like an action's `n`.
        actions = next((int(r["n"] if r.get("kind") == "action" else r["to"])
                        for r in reversed(records)
                        if (r.get("kind") == "action" and "n" in r)
                        or (r.get("kind") == "undo" and "to" in r)), 0)
        return LogSummary(
            path=path,
            game=str(header["game"]),
            seats=tuple(str(s) for s in header["seats"]),
            seed=int(header["seed"]),
            started=str(header.get("started", "")),
            actions=actions,
            finished=finished,
            modified=path.stat().st_mtime,
        )
    except (OSError, ValueError, KeyError, TypeError, OverflowError, RecursionError):
        return None  # damaged past listing: opening it says where


def list_logs(folder: Path | None = None) -> tuple[LogSummary, ...]:
    """Every readable log in the folder, newest first."""
    folder = games_dir() if folder is None else folder
    if not folder.is_dir():
        return ()
    found = (summarise(p) for p in folder.glob(f"*{LOG_SUFFIX}") if p.is_file())
    return tuple(sorted((s for s in found if s is not None), key=lambda s: -s.modified))


def unfinished_logs(folder: Path | None = None) -> tuple[LogSummary, ...]:
    return tuple(s for s in list_logs(folder) if not s.finished)


def latest_unfinished(folder: Path | None = None) -> Path | None:
    logs = unfinished_logs(folder)
    return logs[0].path if logs else None


def open_log(path: Path) -> LoadedLog:
    """Load and re-play a log; a torn last line becomes a note in `warnings`, not a
    printed Python warning (which would garble a full-screen terminal)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TornLineWarning)
        return load(path)


__all__ = [
    "GameLogError",
    "LogSummary",
    "games_dir",
    "latest_unfinished",
    "list_logs",
    "new_log_path",
    "open_log",
    "summarise",
    "unfinished_logs",
]
