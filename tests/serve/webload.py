"""Browser load: headless Chromium pages and SSH sessions playing at once; prints figures.

    .venv/bin/python tests/serve/webload.py [--browsers 10] [--ssh-tables 7] [--moves 6]
    .venv/bin/python tests/serve/webload.py --alone    # one browser, one SSH: memory only

One server with --web. The SSH load is loadtest.py's: tables of two people, a
greedy bot and a watcher (seven tables, 21 sessions). The browser load: pages
of one Chromium (80x24 terminals, as the SSH sessions have), each signed in
with its own `ssh host web` link, two to a table with a greedy bot; the people
type their moves on the `:` line key by key. People think 1-3 s before a move
and type 0.08 s a key; `--think-min 0 --think-max 0 --typing 0.02` plays flat
out.

Latency is measured inside each page: a script wraps WebSocket before the
terminal's script loads and notes the time of every `["stdin", ...]` sent and
every binary frame received. A key's latency is from its sending to the first
frame after it (its echo or redraw); a move's is from its Enter to the frame
that puts its log line on a screen (the mover's, or the other browser's at the
table). Memory: PSS of the session processes behind browsers and behind SSH,
and how the server process grew per connection of each kind. CPU: who used it
during play (Chromium itself takes a good share of the two cores here).

The sign-in limit (5 at once per address, then one every 12 s) holds here too:
every page is on 127.0.0.1, so ten browsers take about a minute to sign in.
The last line is the verdict, as loadtest.py's. `make test` runs a small form
(tests/serve/test_web_load.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import loadtest
from playwright.async_api import Browser, async_playwright
from serve_support import Client, ServerProcess
from webload_pages import (
    CHROMIUM,
    CHROMIUM_ARGS,
    BrowserClient,
    browser_figures,
    play_browsers,
    seat_browsers,
)


def session_pids(log: str) -> dict[str, list[int]]:
    """The session processes the server logged: behind browsers, behind SSH
    (watchers apart: every browser sits at a table, a third of SSH only watches)."""
    found: dict[str, list[int]] = {"browser": [], "SSH": [], "SSH watcher": []}
    for browser, name, pid in re.findall(r"(browser )?session for ([^:\s]+)(?: from \S+)?: "
                                         r"pid (\d+)", log):
        kind = "browser" if browser else "SSH watcher" if re.match(r"w\d", name) else "SSH"
        found[kind].append(int(pid))
    return found


def cpu_by_part(server: ServerProcess) -> dict[str, float]:
    """CPU seconds so far of the session processes of each kind, the server with its
    bot workers and zygote, Chromium with Playwright's driver, and this script."""
    parents = {}
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, ValueError):
            stat = (entry / "stat").read_text()
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])

    def tree(root: int) -> set[int]:
        found = {root}
        while grown := {pid for pid, parent in parents.items() if parent in found} - found:
            found |= grown
        return found

    sessions = session_pids(server.log())
    served = tree(server.process.pid)
    parts = {"browser sessions": set(sessions["browser"]),
             "SSH sessions": set(sessions["SSH"] + sessions["SSH watcher"]),
             "server, bot workers, zygote": served - set(sum(sessions.values(), [])),
             "Chromium and Playwright": tree(os.getpid()) - served - {os.getpid()},
             "this script": {os.getpid()}}
    return {part: sum(cpu_seconds(pid) for pid in pids) for part, pids in parts.items()}


def cpu_seconds(pid: int) -> float:
    """Nothing for a process that has ended."""
    try:
        return loadtest.cpu_seconds(pid)
    except (OSError, IndexError):
        return 0.0


def spread(values: list[float]) -> str:
    if not values:
        return "no samples"
    return (f"median {statistics.median(values):.0f} ms, p90 "
            f"{loadtest.percentile(values, 0.9):.0f} ms, p99 "
            f"{loadtest.percentile(values, 0.99):.0f} ms, max {max(values):.0f} ms "
            f"({len(values)} samples)")


def print_memory(pids: dict[str, list[int]], server: list[tuple[int, int, int]],
                 counts: dict[str, int]) -> None:
    """Per session process, and the server's growth per connection of each kind: in
    private memory, as its PSS falls while more session processes share its pages."""
    print("memory, MiB                        PSS     RSS  private  processes")
    for kind, logged in pids.items():
        found = [pid for pid in logged if Path(f"/proc/{pid}").exists()]  # still running
        if not found:
            continue
        measured = [loadtest.memory_kib(pid) for pid in found]
        rss, pss, private = (statistics.mean(m[i] for m in measured) / 1024 for i in range(3))
        print(f"{kind + ' session (mean)':<34}{pss:>5.1f}{rss:>8.1f}{private:>9.1f}"
              f"{len(found):>11}")
    for (rss, pss, private), when in zip(server, ("at start", "with the SSH sessions",
                                                  "with the browsers too"), strict=True):
        print(f"{'server, ' + when:<34}{pss / 1024:>5.1f}{rss / 1024:>8.1f}"
              f"{private / 1024:>9.1f}{1:>11}")
    grown = {kind: [(after[i] - before[i]) / max(1, counts[kind]) for i in (2, 0)]
             for kind, before, after in (("SSH", server[0], server[1]),
                                         ("browser", server[1], server[2]))}
    print("server growth per connection: " + ", ".join(
        f"{kind} {private:+.0f} KiB private ({rss:+.0f} KiB RSS)"
        for kind, (private, rss) in grown.items()))


async def connect(args: argparse.Namespace, server: ServerProcess, browser: Browser,
                  ) -> tuple[list[dict], list[dict], list[tuple[int, int, int]]]:
    """(SSH tables, browser tables, the server's memory at start, with the SSH
    sessions, with the browsers too)."""
    memory = [loadtest.memory_kib(server.process.pid)]
    if args.alone:
        ssh_tables = [{"clients": (await Client.open(server.port, "s0"),)}]
        await ssh_tables[0]["clients"][0].wait_for("shared tables", loadtest.WAIT)
    else:
        ssh_tables = await asyncio.gather(*(loadtest.seat_table(i, server.port, server.data)
                                            for i in range(args.ssh_tables)))
    memory.append(loadtest.memory_kib(server.process.pid))
    if args.alone:
        lone = await BrowserClient.sign_in(browser, server.port, "b0")
        await lone.wait_for("shared tables", loadtest.WAIT)
        tables = [{"players": (lone,)}]
    else:
        tables = await asyncio.gather(*(seat_browsers(i, browser, server.port, server.data)
                                        for i in range(args.browsers // 2)))
    sizes = {f"{c.screen.columns}x{c.screen.rows}" for t in tables for c in t["players"]}
    print(f"browser terminals: {', '.join(sorted(sizes))}; SSH terminals: 80x24")
    memory.append(loadtest.memory_kib(server.process.pid))
    return ssh_tables, tables, memory


async def run(args: argparse.Namespace, server: ServerProcess, browser: Browser) -> list[str]:
    """Everything but starting and stopping; the problems found."""
    ssh_tables, tables, server_memory = await connect(args, server, browser)
    browsers = [c for t in tables for c in t["players"]]
    sessions = [c for t in ssh_tables for c in t["clients"]]
    think, rng = (args.think_min, args.think_max), random.Random(1)
    ssh_results: dict[str, list[float]] = {"own": [], "others": []}
    began, cpu_before = time.monotonic(), cpu_by_part(server)
    if not args.alone:
        await asyncio.gather(
            *(loadtest.play_table(t, args.moves, think, args.typing,
                                  random.Random(rng.random()), ssh_results) for t in ssh_tables),
            *(play_browsers(t, args.moves, think, args.typing, random.Random(rng.random()))
              for t in tables))
        print(f"browsers: {len(browsers)}, SSH sessions: {len(sessions)}, moves by people per "
              f"table: {args.moves}, think {args.think_min:g}-{args.think_max:g} s, "
              f"{args.typing:g} s per key; play took {time.monotonic() - began:.1f} s; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print("CPU seconds during play: " + ", ".join(
            f"{part} {seconds - cpu_before.get(part, 0.0):.1f}"
            for part, seconds in cpu_by_part(server).items()))
    figures = await browser_figures(tables) if not args.alone else {}
    for kind, label in (("keys", "browser keypress to first frame"),
                        ("own", "browser move (Enter) to its log line, own screen"),
                        ("others", "browser move (Enter) to its log line, other browser")):
        if kind in figures:
            print(f"{label}: {spread(figures[kind])}")
    for kind in ("others", "own") if not args.alone else ():
        print(f"SSH move (Enter) to its log line, {kind} screens: "
              f"{spread([v * 1000 for v in ssh_results[kind]])}")
    log = server.log()
    print_memory(session_pids(log), server_memory, {"SSH": len(sessions), "browser": len(browsers)})
    errors = [line for line in log.splitlines() if " ERROR " in line]
    living = server.process.poll() is None
    print(f"server alive: {living}; errors logged: {len(errors)}")
    for line in errors[:5]:
        print("  ", line)
    closed = [c.user for c in browsers + sessions if c.term.closed.is_set()]
    problems = [f"closed: {', '.join(closed)}"] if closed else []
    problems += [f"{len(errors)} errors logged"] if errors else []
    problems += [] if living else ["the server died"]
    if figures.get("unanswered"):
        problems.append(f"{len(figures['unanswered'])} keys got no frame")
    for client in browsers + sessions:
        await client.close()
    return problems


async def main(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="gemtable-webload-"))
    # Every session comes from 127.0.0.1: lift the per-address and session caps.
    server = ServerProcess(folder / "data", "--web", "0", "--max-sessions", "110",
                           "--max-tables", "64", "--max-connections", "200",
                           "--max-per-address", "200", "--max-startups", "200")
    server.start()
    problems = ["stopped before the end"]
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                       args=CHROMIUM_ARGS)
            try:
                problems = await run(args, server, browser)
            finally:
                await browser.close()
        return loadtest.verdict(problems)
    finally:
        loadtest.stop(server, folder, problems)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browsers", type=int, default=10, help="an even number: two a table")
    parser.add_argument("--ssh-tables", type=int, default=7, help="three SSH sessions each")
    parser.add_argument("--moves", type=int, default=6, help="moves by people per table")
    parser.add_argument("--think-min", type=float, default=1.0)
    parser.add_argument("--think-max", type=float, default=3.0)
    parser.add_argument("--typing", type=float, default=0.08, help="seconds between keys")
    parser.add_argument("--alone", action="store_true",
                        help="one browser and one SSH session in the lobby: memory only")
    parsed = parser.parse_args()
    if parsed.browsers % 2:
        parser.error("--browsers must be even (two browsers a table)")
    sys.exit(asyncio.run(main(parsed)))
