"""A recording killed (SIGKILL) at each of its steps, then recorded again,
counts the game exactly once: the file equals one written without a crash."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
from pathlib import Path

from ladder_games import GAMES

from gemtable.tui.serve.ladder import FinishedGame, Ladder

CRASHED = 7
"""The game whose recording is killed: four seats, one bot level at two of
them, and every rating it changes there already."""


def dump(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return list(db.iterdump())


def record_and_die_at_step(path: Path, game: FinishedGame, stop: int, steps: Path) -> None:
    """In a child process: record, and kill the process at step `stop`."""
    taken: list[str] = []

    def step(name: str) -> None:
        taken.append(name)
        steps.write_text("\n".join(taken))
        if len(taken) == stop + 1:
            os.kill(os.getpid(), signal.SIGKILL)

    ladder = Ladder(path)
    ladder.step_hook = step
    ladder.record(game)
    ladder.close()


def test_a_killed_recording_counts_once(tmp_path: Path) -> None:
    clean = tmp_path / "clean.sqlite"
    with Ladder(clean) as ladder:
        assert all(ladder.record(game) for game in GAMES)
    context = multiprocessing.get_context("fork")
    stop = 0
    killed_at: list[str] = []
    while True:
        path = tmp_path / f"killed-{stop}.sqlite"
        steps = tmp_path / f"steps-{stop}.txt"
        with Ladder(path) as ladder:
            assert all(ladder.record(game) for game in GAMES[:CRASHED])
        child = context.Process(target=record_and_die_at_step,
                                args=(path, GAMES[CRASHED], stop, steps))
        child.start()
        child.join(timeout=60)
        if child.exitcode == 0:
            break  # `stop` is past the last step
        assert child.exitcode == -signal.SIGKILL
        step = steps.read_text().splitlines()[-1]
        killed_at.append(step)
        assert Path(f"{path}-wal").exists()  # the crash left the log for the next opening
        with Ladder(path) as ladder:
            assert ladder.record(GAMES[CRASHED]) == (step != "committed")
            assert all(ladder.record(game) for game in GAMES[CRASHED + 1:])
        assert dump(path) == dump(clean), step
        stop += 1
    assert killed_at[0] == "begun" and killed_at[-1] == "committed"
    assert {"players", "game", "seat 0", "seat 2", "rating greedy"} <= set(killed_at)
