"""Load test: many SSH sessions on loopback playing at once; prints figures.

    .venv/bin/python tests/serve/loadtest.py [--tables 10] [--moves 8] [--spawn-sessions]

Each table has two people and a greedy bot, and one more person watching: ten
tables make 30 sessions (80x24 terminals). The people at every table play at
the same time: each thinks a moment (1-3 s), then types the move (`:take RBG`
and Enter) key by key at a typist's pace; `--think-min 0 --think-max 0
--typing 0.02` plays flat out instead (a stress test). For every
move it measures the time from the Enter key to the move's log line being on
each of the other screens at the table (the other player, the watcher), and
on the mover's own. At the end it reads the memory of every session process.

The last line is the verdict: "verdict: passed" (exit status 0) when every
move reached every screen, no session closed, the server lived and logged no
error; otherwise "verdict: FAILED" with what went wrong (exit status 1).
The full run takes a minute or two (figures in docs/serve.md); `make test`
runs it in a small form, one table and two moves played flat out
(tests/serve/test_serve_scripts.py).

`--finished-per-minute 50` plays the moves three times: as above; while other
sessions make bot tables; and while those tables' games finish and are recorded
on the ladder at that rate (loadfinish.py). It prints the other screens' figures
of each and the differences, and reads the ladder's file for the rate reached;
the verdict then also needs that rate and every table made recorded once.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import loadfinish
from loadmeasure import cpu_seconds, memory_kib, percentile, server_children, stop, verdict
from serve_support import Client, ServerProcess

from gemtable.engine.gamelog import load

WAIT = 120.0


class Watch:
    """Times when a text first appears on a client's screen (checked on every chunk);
    `clock` tells the time (webload.py counts frames instead)."""

    def __init__(self, client: Client, clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.clock = clock
        self.pending: dict[tuple[str, ...], asyncio.Future] = {}
        term = client.term
        assert term is not None
        original = term.data_received

        def received(data: bytes, datatype: object) -> None:
            original(data, datatype)
            if self.pending:
                now = self.clock()
                for texts, future in list(self.pending.items()):
                    if any(text in term.screen for text in texts) and not future.done():
                        future.set_result(now)
                        del self.pending[texts]

        term.data_received = received  # type: ignore[method-assign]

    def expect(self, *texts: str) -> asyncio.Future:
        """When one of `texts` is first on the screen."""
        future = asyncio.get_running_loop().create_future()
        if any(text in self.client.screen for text in texts):
            future.set_result(self.clock())
        else:
            self.pending[texts] = future
        return future


async def make_table(alice: Client, seed: int) -> str:
    await alice.wait_for("shared tables", WAIT)
    alice.send("c")
    await alice.wait_for("◀ bot: normal ▶", WAIT)
    for _ in range(6):
        alice.send("\x1b[B")
        await asyncio.sleep(0.05)
    await alice.type(str(seed))
    alice.send("\r")
    await alice.wait_for("waiting for players", WAIT)
    found = re.search(r"Table ([a-z0-9]{5}) ", alice.text())
    assert found is not None
    return found.group(1)


def next_action(path: Path) -> tuple[int, Any, str]:
    """(action number, who moves: a seat or chance, an action) for the table's position."""
    log = load(path)
    state = log.final
    legal = [str(a) for a in state.legal_actions()]
    takes = [a for a in legal if a.startswith("take") and len(a) == 8]
    # Then moves that turn up nothing hidden (those wait for a second Enter).
    quiet = [a for a in legal if not state.reveals(state.parse_action(a))] \
        if not takes and isinstance(state.to_move, int) else []
    options = takes or quiet or legal
    return len(log.actions) + 1, state.to_move, options[len(log.actions) % len(options)]


def reveals(path: Path, action: str) -> bool:
    """Whether the action turns up something hidden: typed, it waits for a second Enter."""
    state = load(path).final
    return bool(state.reveals(state.parse_action(action)))


async def seat_table(index: int, port: int, data: Path) -> dict:
    """Two people and a watcher at a new table, every screen drawn."""
    names = (f"p{index}a", f"p{index}b", f"w{index}")
    alice = await Client.open(port, names[0])
    table = await make_table(alice, seed=100 + index)
    bob = await Client.open(port, names[1], command=f"join {table}")
    watcher = await Client.open(port, names[2], command=f"watch {table}")
    for client in (alice, bob, watcher):
        await client.wait_for("F1  rules", WAIT)
    return {"names": names, "players": (alice, bob), "watcher": watcher,
            "clients": (alice, bob, watcher), "path": data / "tables" / f"{table}.jsonl",
            "watches": {c: Watch(c) for c in (alice, bob, watcher)}}


async def play_table(table: dict, moves: int, think: tuple[float, float], typing: float,
                     rng: random.Random, results: dict[str, list[float]]) -> None:
    """`moves` moves by the people, each after a think and typed key by key."""
    names, players, watches = table["names"], table["players"], table["watches"]
    for _ in range(moves):
        while True:  # a person's turn (the bot moves in between)
            number, seat, action = next_action(table["path"])
            if seat in (0, 1):
                break
            await asyncio.sleep(0.05)
        mover = players[seat]
        await mover.wait_for(f"Your turn, Seat {seat + 1}", WAIT)
        await asyncio.sleep(rng.uniform(*think))
        mover.send(":")
        await mover.wait_for("(Enter plays, Esc closes)", WAIT)
        await mover.type(action, pause=typing)
        # The move list's entry: "3. Seat 1 (p0a): ..." on the others' screens, and on
        # the mover's own "3. You: ..." (the move in words or in notation).
        line = f"{number}. Seat {seat + 1} ({names[seat]}):"
        futures = {c: watches[c].expect(line, *((f"{number}. You:",) if c is mover else ()))
                   for c in table["clients"]}
        confirm = reveals(table["path"], action)
        pressed = time.monotonic()
        mover.send("\r")
        if confirm:  # the second Enter is the one that plays it
            await mover.wait_for("cannot be undone", WAIT)
            pressed = time.monotonic()
            mover.send("\r")
        for client, future in futures.items():
            seen = await asyncio.wait_for(future, WAIT)
            results["own" if client is mover else "others"].append(seen - pressed)


async def first_frames(port: int, count: int) -> list[float]:
    """Seconds from connecting to the lobby on screen, one session at a time."""
    times = []
    for n in range(count):
        started = time.monotonic()
        client = await Client.open(port, f"probe{n}")
        await client.wait_for("shared tables", WAIT)
        times.append(time.monotonic() - started)
        await client.close()
    return times


async def main(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="gemtable-load-"))
    # Every session comes from 127.0.0.1: lift the per-address cap for this run, and
    # let every table's first login happen at once without random early drops.
    extra = ["--max-sessions", "110", "--max-tables", str(64 + args.finished_per_minute),
             "--max-connections", "200",
             "--max-per-address", "200", "--max-startups", "200"]
    if args.spawn_sessions:
        extra.append("--spawn-sessions")
    if args.no_ladder:
        extra.append("--no-ladder")
    server = ServerProcess(folder / "data", *extra)
    server.start()
    process = server.process
    assert process is not None
    problems = ["stopped before the end"]
    try:
        startup = await first_frames(server.port, args.probes)
        tables = await asyncio.gather(*(seat_table(i, server.port, server.data)
                                        for i in range(args.tables)))
        sessions = [c for table in tables for c in table["clients"]]
        results: dict[str, list] = {"own": [], "others": []}
        pids = [int(p) for p in re.findall(r"session for [pw]\d+[ab]?: pid (\d+)", server.log())]
        harness_before = resource.getrusage(resource.RUSAGE_SELF)
        server_before = cpu_seconds(process.pid)
        sessions_before = sum(cpu_seconds(pid) for pid in pids)
        helpers_before: dict[int, float] = {pid: cpu_seconds(pid)
                                            for pid in server_children(process.pid)}
        began = time.monotonic()
        rng = random.Random(1)

        async def play(into: dict[str, list[float]]) -> None:
            await asyncio.gather(*(play_table(t, args.moves, (args.think_min, args.think_max),
                                              args.typing, random.Random(rng.random()), into)
                                   for t in tables))

        finishing = None
        if args.finished_per_minute:
            finishing = await loadfinish.play_with_finishers(server, args.finished_per_minute,
                                                             play, sessions=pids,
                                                             ladder=not args.no_ladder)
            results = {kind: [update for phase in finishing.phases.values()
                              for update in phase.results[kind]] for kind in results}
        else:
            await play(results)
        elapsed = time.monotonic() - began
        alive = sum(1 for c in sessions if not c.term.closed.is_set())
        memory = [memory_kib(pid) for pid in pids]
        server_memory = memory_kib(process.pid)
        harness_after = resource.getrusage(resource.RUSAGE_SELF)
        harness_cpu = (harness_after.ru_utime + harness_after.ru_stime
                       - harness_before.ru_utime - harness_before.ru_stime)
        server_cpu = cpu_seconds(process.pid) - server_before
        sessions_cpu = sum(cpu_seconds(pid) for pid in pids) - sessions_before
        helpers_cpu = sum(cpu_seconds(pid) - helpers_before.get(pid, 0.0)
                          for pid in server_children(process.pid) if pid not in pids)
        log = server.log()
        print(f"sessions: {len(sessions)} ({alive} still open), tables: {args.tables}, "
              f"moves by people per table: {args.moves}, think {args.think_min:g}-"
              f"{args.think_max:g} s, {args.typing:g} s per key; play took {elapsed:.1f} s")
        print(f"session start (connect to lobby on screen): median "
              f"{statistics.median(startup) * 1000:.0f} ms over {len(startup)}")
        for kind in ("others", "own"):
            values = results[kind]
            print(f"keypress to update, {kind} screens: median "
                  f"{statistics.median(values) * 1000:.0f} ms, p90 "
                  f"{percentile(values, 0.9) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms "
                  f"({len(values)} updates)")
        if memory:
            print(f"memory per session process ({len(memory)}): RSS "
                  f"{statistics.mean(m[0] for m in memory) / 1024:.1f} MiB, PSS "
                  f"{statistics.mean(m[1] for m in memory) / 1024:.1f} MiB, private "
                  f"{statistics.mean(m[2] for m in memory) / 1024:.1f} MiB (mean)")
        print(f"server process: RSS {server_memory[0] / 1024:.1f} MiB, PSS "
              f"{server_memory[1] / 1024:.1f} MiB")
        errors = [line for line in log.splitlines() if " ERROR " in line]
        print(f"CPU seconds during play: sessions {sessions_cpu:.1f}, server {server_cpu:.1f}, "
              f"bot workers and zygote {helpers_cpu:.1f}, this load driver {harness_cpu:.1f}; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        living = process.poll() is None
        print(f"server alive: {living}; errors logged: {len(errors)}")
        for line in errors[:5]:
            print("  ", line)
        for client in sessions:
            await client.close()
        problems = [f"{len(sessions) - alive} sessions closed"] if alive < len(sessions) else []
        problems += [f"{len(errors)} errors logged"] if errors else []
        problems += [] if living else ["the server died"]
        if finishing is not None:
            problems += loadfinish.report(finishing, server.data, log, folder,
                                          args.tables * args.moves)
        for kind, each in (("others", 2), ("own", 1)):
            wanted = args.tables * args.moves * each * (len(finishing.phases) if finishing else 1)
            if len(results[kind]) != wanted:  # cannot happen short of a bug here
                problems.append(f"{len(results[kind])} updates on {kind} screens, not {wanted}")
        return verdict(problems)
    finally:
        stop(server, folder, problems)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--moves", type=int, default=8, help="moves by people per table")
    parser.add_argument("--think-min", type=float, default=1.0,
                        help="seconds a person thinks before typing a move (at least)")
    parser.add_argument("--think-max", type=float, default=3.0)
    parser.add_argument("--typing", type=float, default=0.08, help="seconds between keys")
    parser.add_argument("--spawn-sessions", action="store_true")
    parser.add_argument("--probes", type=int, default=5,
                        help="sessions opened one at a time first, to time the start")
    parser.add_argument("--finished-per-minute", type=int, default=0,
                        help="games finished on the ladder a minute in a second phase")
    parser.add_argument("--no-ladder", action="store_true",
                        help="the server keeps no ladder (ladderload.py compares)")
    sys.exit(asyncio.run(main(parser.parse_args())))
