"""What the load scripts share: what they read of processes (memory, CPU,
children, from /proc), the games a server finished and recorded, the percentile
they print, their verdict and clean-up."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
from collections.abc import Collection
from pathlib import Path

from serve_support import ServerProcess


def memory_kib(pid: int) -> tuple[int, int, int]:
    """(RSS, PSS, private) in KiB from /proc/PID/smaps_rollup."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        fields[name.rstrip(":")] = int(value)
    private = fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
    return fields["Rss"], fields["Pss"], private


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_children(pid: int) -> list[int]:
    """Bot workers and the zygote: the server's child processes."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


def reaped_cpu_seconds(pid: int) -> float:
    """CPU time of the process's children that ended and were waited for."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def server_cpu(pid: int, sessions: Collection[int] = ()) -> tuple[float, float, float]:
    """CPU seconds so far: of the server process; of its children but `sessions`
    (the bot workers and the zygote); of the processes they and it ended (session
    processes that are over: the zygote waits for those it forked)."""
    children = ended = 0.0
    for child in server_children(pid):
        if child not in sessions:
            try:
                children += cpu_seconds(child)
                ended += reaped_cpu_seconds(child)
            except OSError:  # gone meanwhile
                continue
    return cpu_seconds(pid), children, ended + reaped_cpu_seconds(pid)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def verdict(problems: list[str]) -> int:
    """The last lines: the verdict, then each problem; the exit status."""
    print("verdict: passed" if not problems else "verdict: FAILED")
    for problem in problems:
        print("  ", problem)
    return 1 if problems else 0


def stop(server: ServerProcess, folder: Path, problems: list[str]) -> None:
    """Stop the server; keep its data folder only when something went wrong."""
    server.stop()
    if problems:
        print(f"the server's data folder and log are kept in {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)


def recorded_games(data: Path) -> list[tuple[str, float]]:
    """(table id, finished_at) of every game on the server's ladder."""
    path = data / "ladder.sqlite"
    if not path.exists():
        return []
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return [(str(table), float(at)) for table, at in
                db.execute("SELECT table_id, finished_at FROM games ORDER BY finished_at")]


def ended_games(data: Path) -> list[tuple[str, float]]:
    """(table id, when it ended) of every table whose game is over: its log ends
    in the result line, and gains no line after it (so its time is the file's)."""
    ended = []
    for path in (data / "tables").glob("*.jsonl"):
        with contextlib.suppress(OSError, IndexError, ValueError), path.open("rb") as log:
            log.seek(max(0, path.stat().st_size - 400))
            if json.loads(log.read().rstrip().splitlines()[-1]).get("kind") == "result":
                ended.append((path.stem, path.stat().st_mtime))
    return sorted(ended, key=lambda game: game[1])
