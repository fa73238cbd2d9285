"""What recording finished games costs the people playing: the load test with
games finishing, on a server that keeps the ladder and on one that does not
(`--no-ladder`), in turns; prints each run's figures and the difference.

    .venv/bin/python tests/serve/ladderload.py [--pairs 3] [--tables 10] [--per-minute 50]

Each run is `loadtest.py --finished-per-minute N` on a new server: the same
players, the same bot tables made by other sessions at the same pace and
ending at the same rate; only the recording differs. The runs alternate
(ladder, none, none, ladder, ...) so a machine that grows busier or quieter
favours neither. The figure is the median, over the pairs, of the difference
between the two runs' medians of the other screens' updates while games end
("finishers on"). The last line is the verdict: "verdict: passed" when every
run passed (exit status 0), else "verdict: FAILED" and why.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ON_PHASE = re.compile(r"finishers on: others screens median (\d+) ms, p90 (\d+) ms")
RATE = re.compile(r"games ended: (\d+), over [\d.]+ s: ([\d.]+) a minute")


def one_run(args: argparse.Namespace, ladder: bool) -> tuple[float, float, float, list[str]]:
    """(others' median, p90, games ended a minute) while games end; the problems."""
    command = [sys.executable, str(HERE / "loadtest.py"), "--tables", str(args.tables),
               "--moves", str(args.moves), "--finished-per-minute", str(args.per_minute),
               *args.loadtest]
    if not ladder:
        command.append("--no-ladder")
    done = subprocess.run(command, capture_output=True, text=True, timeout=1800)
    output = done.stdout
    problems = [] if done.returncode == 0 else [
        f"a run {'with' if ladder else 'without'} the ladder ended with {done.returncode}: "
        + (output.strip().splitlines() or [done.stderr.strip()[-300:]])[-1]]
    phase, rate = ON_PHASE.search(output), RATE.search(output)
    if phase is None or rate is None:
        return 0.0, 0.0, 0.0, problems or ["a run printed no figures"]
    return float(phase.group(1)), float(phase.group(2)), float(rate.group(2)), problems


def main(args: argparse.Namespace) -> int:
    print(f"{args.pairs} pairs of load test runs, {args.tables} tables, {args.per_minute} "
          "games ending a minute; others' screens while games end (median / p90 ms)", flush=True)
    problems: list[str] = []
    differences: list[float] = []
    for pair in range(args.pairs):
        order = (True, False) if pair % 2 == 0 else (False, True)
        figures: dict[bool, tuple[float, float, float]] = {}
        for ladder in order:
            median, p90, rate, found = one_run(args, ladder)
            problems += found
            figures[ladder] = median, p90, rate
            print(f"pair {pair + 1}, {'ladder kept' if ladder else 'no ladder  '}: "
                  f"{median:.0f} / {p90:.0f} ms, {rate:.1f} games ended a minute", flush=True)
        differences.append(figures[True][0] - figures[False][0])
        print(f"pair {pair + 1}: the ladder's cost {differences[-1]:+.0f} ms", flush=True)
    print(f"the ladder's cost while {args.per_minute} games end a minute: median "
          f"{statistics.median(differences):+.0f} ms over {len(differences)} pairs "
          f"({', '.join(f'{d:+.0f}' for d in differences)})")
    for problem in problems:
        print("  ", problem)
    print("verdict: passed" if not problems else "verdict: FAILED")
    return 1 if problems else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--per-minute", type=int, default=50)
    parser.add_argument("loadtest", nargs="*", help="more options for loadtest.py (after --)")
    sys.exit(main(parser.parse_args()))
