"""Games finished and recorded on the ladder at a steady rate, beside the load
test's players (`loadtest.py --finished-per-minute N`).

A finisher is a person who connects over SSH, makes a Jewel Box table of two
random bots (the new-table form, key by key), and leaves once the game is on
screen; the hub plays the bots' table on (0.8 s a move, about 35 s a game),
and records it on the ladder when it ends. Each table has a finisher of its
own (fin0, fin1, ...), so the cap on bot tables per person never refuses one.
A table of bots alone is recorded, not rated (ladder/ratings.py): the figures
also time what a rated game's record would cost, on the finished logs.

The players' moves are timed three times: with no finishers ("off"); while the
finishers make tables and no game of theirs has ended yet ("making": the
finishers' sessions, and the bot tables growing in number); and while their
games end and are recorded at the rate ("on"). The finishers' SSH clients run
in a process of their own (this script, run by the load test), so that their
work never delays the clock that times the players' screens. Tables are made
a fifth faster than the rate asked for, so that the games' varying lengths do
not bring the rate measured below it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import attrs
from loadmeasure import cpu_seconds, ended_games, percentile, recorded_games, server_cpu
from serve_support import Client, ServerProcess

from gemtable.tui.serve.ladder.fromtable import game_from_log
from gemtable.tui.serve.ladder.store import Ladder
from gemtable.tui.table.storage import open_log

WAIT = 120.0
PACE_MARGIN = 1.2
"""Tables are made this much faster than the rate asked for."""
LONGEST_GAME = 90.0
"""Seconds a Jewel Box game of random bots takes at most at the hub's pace (about 35 s)."""

RIGHT, LEFT, DOWN = "\x1b[C", "\x1b[D", "\x1b[B"


async def make_bot_table(port: int, name: str, seed: int) -> None:
    """Connect as `name`, make a table of two random bots, leave once it plays."""
    client = await Client.open(port, name)
    try:
        await client.wait_for("shared tables", WAIT)
        client.send("c")
        await client.wait_for("◀ bot: normal ▶", WAIT)  # the form, for the first game
        client.send(RIGHT)
        await client.wait_for("◀ Jewel Box ▶", WAIT)
        client.send(DOWN + LEFT)
        await client.wait_for("◀ Standard (4x4) ▶", WAIT)  # two players' variant
        # Seat 1: you -> open -> easy, normal, hard, expert -> random; seat 2: open -> random.
        client.send(DOWN + DOWN + RIGHT * 6 + DOWN + RIGHT * 5)
        await client.wait_for("Bots only", WAIT)
        await client.wait_for("◀ bot: random ▶", WAIT)
        client.send(DOWN)
        await client.type(str(seed), pause=0.01)
        await client.wait_for(f"Seed       {seed}", WAIT)
        client.send("\r")
        await client.wait_for("watching · public view", WAIT)
    finally:
        await client.close()


async def make_tables(port: int, per_minute: float) -> None:
    """Make tables at the pace until stdin closes; then print what was made (JSON)."""
    every = 60.0 / (per_minute * PACE_MARGIN)
    made = [0]
    failures: list[str] = []
    making: set[asyncio.Task] = set()

    async def make(number: int) -> None:
        try:
            await make_bot_table(port, f"fin{number}", seed=1000 + number)
        except Exception as error:  # counted and told; the run goes on
            failures.append(f"fin{number}: {type(error).__name__}: {error}"[:300])

    async def pace() -> None:
        began = time.monotonic()
        while True:  # a task a table: a slow session start delays no other
            task = asyncio.get_running_loop().create_task(make(made[0]))
            making.add(task)
            task.add_done_callback(making.discard)
            made[0] += 1
            await asyncio.sleep(max(0.0, began + made[0] * every - time.monotonic()))

    pacer = asyncio.get_running_loop().create_task(pace())
    await asyncio.to_thread(sys.stdin.read)
    pacer.cancel()
    await asyncio.gather(*making)
    print(json.dumps({"made": made[0], "failures": failures}), flush=True)


class FinisherProcess:
    """This script in a process of its own, making tables until stopped."""

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, port: int, per_minute: float) -> None:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, __file__, str(port), str(per_minute),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)

    async def stop(self) -> tuple[int, list[str]]:
        """Tables made, and why any could not be."""
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.close()
        printed, _ = await asyncio.wait_for(self.process.communicate(), WAIT)
        try:
            told = json.loads(printed.decode().strip().splitlines()[-1])
        except (IndexError, ValueError):  # it failed: its error is on stderr
            return 0, [f"the finishers' process ended with {self.process.returncode}"]
        return int(told["made"]), list(told["failures"])


async def wait_until(check: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.25)
    return True


Play = Callable[[dict[str, list[float]]], Awaitable[None]]
"""Every table's people play their moves, each move's updates timed into the dict."""


@attrs.define
class Phase:
    results: dict[str, list[float]]
    began: float = 0.0
    """Wall clock (the ladder's finished_at is one too)."""
    ended: float = 0.0
    cpu: tuple[float, ...] = ()
    """Seconds of the server, its bot workers and zygote, the sessions that ended,
    the players' sessions."""

    @property
    def seconds(self) -> float:
        return self.ended - self.began


async def measured(play: Play, cpu: Callable[[], tuple[float, ...]]) -> Phase:
    """Play one phase; its updates, span and CPU."""
    phase = Phase({"own": [], "others": []})
    before = cpu()
    phase.began = time.time()
    await play(phase.results)
    phase.ended = time.time()
    phase.cpu = tuple(after - earlier for after, earlier in zip(cpu(), before, strict=True))
    return phase


@attrs.define
class FinishingRun:
    per_minute: float
    phases: dict[str, Phase]
    """"off", "making" and "on", in the order played."""
    made: int
    failures: list[str]
    drained: bool
    ladder: bool
    """The server keeps a ladder (else `--no-ladder`: the games end, unrecorded)."""


async def play_with_finishers(server: ServerProcess, per_minute: float, play: Play, *,
                              sessions: list[int], ladder: bool = True) -> FinishingRun:
    """The three phases (see above); then every table made is waited for until it
    has ended (and is recorded, with a `ladder`). `sessions`: the players' session
    processes."""
    process = server.process
    assert process is not None

    def cpu() -> tuple[float, ...]:
        return (*server_cpu(process.pid, sessions), sum(cpu_seconds(p) for p in sessions))

    async def phase() -> Phase:
        return await measured(play, cpu)

    phases = {"off": await phase()}
    finishers = FinisherProcess()
    await finishers.start(server.port, per_minute)
    phases["making"] = await phase()
    # From the first game's end on, games end at the pace they were made.
    await wait_until(lambda: bool(ended_games(server.data)), LONGEST_GAME + WAIT)
    phases["on"] = await phase()
    made, failures = await finishers.stop()
    done = made - len(failures)
    drained = await wait_until(lambda: len(ended_games(server.data)) >= done and (
        not ladder or len(recorded_games(server.data)) >= done), LONGEST_GAME + WAIT)
    return FinishingRun(per_minute, phases, made, failures, drained, ladder)


def tables_logged(log: str, pattern: str) -> list[str]:
    """The table ids (the pattern's group) of the server log's lines that match."""
    return [found.group(1) for line in log.splitlines() if (found := re.search(pattern, line))]


def record_costs(data: Path, tables: list[str], folder: Path) -> tuple[float, float, float]:
    """Medians in ms, each game once: reading and replaying its log (a table thread's
    part), recording it as played (bots only) and recording it rated (a person at
    seat 1 in a random bot's place) into fresh ladders on the same disk."""
    reads, unrated, rated = [], [], []  # type: list[float], list[float], list[float]
    with Ladder(folder / "cost-unrated.sqlite") as plain, \
            Ladder(folder / "cost-rated.sqlite") as with_person:
        for table in tables:
            started = time.perf_counter()
            loaded = open_log(data / "tables" / f"{table}.jsonl")
            game = game_from_log(table, loaded, [None] * loaded.header.players)
            reads.append(time.perf_counter() - started)
            person = attrs.evolve(game.seats[0], player="person", kind="person")
            for ladder, times, which in ((plain, unrated, game),
                                         (with_person, rated, attrs.evolve(
                                             game, seats=(person, *game.seats[1:])))):
                started = time.perf_counter()
                ladder.record(which)
                times.append(time.perf_counter() - started)
    read_ms, unrated_ms, rated_ms = (statistics.median(t) * 1000 for t in (reads, unrated, rated))
    return read_ms, unrated_ms, rated_ms


def report(run: FinishingRun, data: Path, log: str, folder: Path, updates: int) -> list[str]:
    """Print the finishing figures; the problems found (none: the target was held)."""
    print(f"finished games asked: {run.per_minute:g} a minute; tables made: {run.made} "
          f"({len(run.failures)} failed), one every {60 / (run.per_minute * PACE_MARGIN):.2f} s")
    for failure in run.failures[:5]:
        print("  ", failure)
    games = ended_games(data)
    rows = {}
    for name, phase in run.phases.items():
        others, own = phase.results["others"], phase.results["own"]
        rows[name] = statistics.median(others) * 1000, percentile(others, 0.9) * 1000
        server, workers, ended, players = (seconds / phase.seconds for seconds in phase.cpu)
        finished = sum(1 for _, at in games if phase.began <= at <= phase.ended)
        print(f"finishers {name}: others screens median {rows[name][0]:.0f} ms, p90 "
              f"{rows[name][1]:.0f} ms ({len(others)} updates); own screens median "
              f"{statistics.median(own) * 1000:.0f} ms; {phase.seconds:.1f} s, {finished} "
              f"games finished; CPU in cores: server {server:.2f}, bot workers and zygote "
              f"{workers:.2f}, sessions that ended {ended:.2f}, the players' {players:.2f}")
    for later, earlier in (("on", "off"), ("on", "making"), ("making", "off")):
        print(f"finishers {later} - {earlier}: others screens median "
              f"{rows[later][0] - rows[earlier][0]:+.0f} ms, p90 "
              f"{rows[later][1] - rows[earlier][1]:+.0f} ms")
    on = run.phases["on"]
    in_phase = [at for _, at in games if on.began <= at <= on.ended]
    # Games end at the pace they were made, from the first one's end to the last's.
    span = games[-1][1] - games[0][1] if len(games) > 1 else 0.0
    rate = (len(games) - 1) / span * 60 if span else 0.0
    print(f"games ended: {len(games)}, over {span:.1f} s: {rate:.1f} a minute; "
          f"{len(in_phase)} of them while the screens were timed "
          f"({len(in_phase) / on.seconds * 60:.1f} a minute)")
    made = tables_logged(log, r" INFO table (\w+): fin\d+ made jewelbox ")
    recorded = tables_logged(log, r" INFO table (\w+) recorded on the ladder$")
    on_ladder = recorded_games(data)
    print(f"ladder: {len(on_ladder)} games recorded" if run.ladder
          else "ladder: none kept (--no-ladder)")
    problems = [] if rate >= run.per_minute else [
        f"{rate:.1f} games a minute ended, not {run.per_minute:g}"]
    problems += [] if run.drained else ["the tables made did not all end (and get recorded) "
                                        "in time"]
    problems += [f"{len(run.failures)} tables could not be made"] if run.failures else []
    ended_ids = sorted(t for t, _ in games)
    if run.ladder and not (ended_ids == sorted(t for t, _ in on_ladder) == sorted(made)
                           == sorted(recorded) and len(made) == run.made):
        problems.append(f"{run.made} tables made, {len(made)} logged as made, {len(ended_ids)} "
                        f"ended, {len(on_ladder)} on the ladder, {len(recorded)} recordings "
                        "logged: not each once")
    if not run.ladder and (on_ladder or recorded or ended_ids != sorted(made)):
        problems.append(f"without a ladder: {len(made)} tables made, {len(ended_ids)} ended, "
                        f"{len(on_ladder)} on a ladder")
    for name, phase in run.phases.items():
        if len(phase.results["others"]) != 2 * updates or len(phase.results["own"]) != updates:
            problems.append(f"finishers {name}: {len(phase.results['others'])} updates on "
                            f"others screens, {len(phase.results['own'])} on own")
    if made and not problems:
        read, unrated, rated = record_costs(data, made, folder)
        print(f"recording a game, median of {len(made)}: its log read and replayed {read:.1f} "
              f"ms; recorded bots only {unrated:.1f} ms, rated (a person in seat 1) "
              f"{rated:.1f} ms")
    return problems


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Make bot tables over SSH at a pace "
                                     "until stdin closes (run by loadtest.py).")
    parser.add_argument("port", type=int)
    parser.add_argument("per_minute", type=float)
    arguments = parser.parse_args()
    asyncio.run(make_tables(arguments.port, arguments.per_minute))
