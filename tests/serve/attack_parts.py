"""What the hub-side attacks (attack_hub.py) share: a server to attack, people at
their keyboards, the new-table form, reading the game files and the server log,
and the verdict at the end."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from serve_support import Client, ServerProcess

from gemtable.engine.gamelog import load

WAIT = 60.0
OTHER: str | None = None
"""The folder whose `gemtable/` the server runs (`--server-path`), or None: this one."""


def use_server_path(path: str | None) -> None:
    """Run the servers from `path`/gemtable (another version, to compare)."""
    global OTHER
    OTHER = path
    if path:
        os.environ["PYTHONPATH"] = path  # the server process runs that code

FOLDERS: list[Path] = []
"""Made for this run: removed when the defence held, kept to look into otherwise."""


def folder(prefix: str) -> Path:
    made = Path(tempfile.mkdtemp(prefix=prefix))
    FOLDERS.append(made)
    return made


def say(*parts: object) -> None:
    print(f"[{time.strftime('%H:%M:%S')}]", *parts, flush=True)


def server(*extra: str) -> ServerProcess:
    running = ServerProcess(folder("gemtable-attack-") / "data", *extra)
    running.start()
    say("server", OTHER or "this checkout", "port", running.port, "data", running.data,
        "args", " ".join(extra))
    return running


@contextlib.contextmanager
def serving(*extra: str) -> Iterator[ServerProcess]:
    """A server for one scenario, stopped when it ends however it ends."""
    running = server(*extra)
    try:
        yield running
    finally:
        running.stop()


DOWN, LEFT, RIGHT = "\x1b[B", "\x1b[D", "\x1b[C"


async def keys(client: Client, *sequence: str) -> None:
    for key in sequence:
        client.send(key)
        await asyncio.sleep(0.08)


async def new_table(client: Client, seat1: int = 0, seat2: int = 0) -> None:
    """The form: 2 players; seat 1 moved `seat1` options right (you, open, random,
    greedy), seat 2 moved `seat2` (negative: left; from open)."""
    await client.wait_for("shared tables", WAIT)
    client.send("c")
    await client.wait_for("◀ bot: normal ▶", WAIT)
    await keys(client, DOWN, LEFT, DOWN, DOWN)  # players 2, then seat 1
    await keys(client, *([RIGHT] * seat1))
    await keys(client, DOWN)
    await keys(client, *([RIGHT] * seat2 if seat2 > 0 else [LEFT] * -seat2))
    client.send("\r")


def table_ids(running: ServerProcess) -> list[str]:
    return re.findall(r"table ([a-z0-9]{5}): \S+ made", running.log())


def next_action(path: Path) -> tuple[int, object, str]:
    log = load(path)
    state = log.final
    legal = [str(a) for a in state.legal_actions()]
    takes = [a for a in legal if a.startswith("take") and len(a) == 8]
    return len(log.actions), state.to_move, (takes or legal)[0]


async def play(client: Client, action: str) -> None:
    client.send(":")
    await client.wait_for("(Enter plays, Esc closes)", WAIT)
    await client.type(action, pause=0.02)
    client.send("\r")


async def until(predicate, what: str, timeout: float = WAIT) -> None:
    """Until `predicate()` holds (polled: the log and the game files have no events)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out: {what}")
        await asyncio.sleep(0.1)


def log_lines(running: ServerProcess, *words: str) -> list[str]:
    """The server log's lines that hold every one of `words`."""
    return [line for line in running.log().splitlines() if all(w in line for w in words)]


def verdict(problems: list[str]) -> int:
    """Print the verdict, tidy up (or say what is kept), and give the exit status."""
    if problems and FOLDERS:
        print("kept to look into:", " ".join(map(str, FOLDERS)))
    else:
        for made in FOLDERS:
            shutil.rmtree(made, ignore_errors=True)
    print("verdict: held" if not problems else "verdict: NOT HELD")
    for problem in problems:
        print("  ", problem)
    return 1 if problems else 0
