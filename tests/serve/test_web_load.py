"""webload.py (docs/serve.md's browser figures) in a small form, so that it does not rot:
two browsers at a table and one SSH table, two moves each played flat out."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from serve_support import WAIT

HERE = Path(__file__).parent

CHROMIUM = Path("/usr/bin/chromium")


def run(*args: object) -> str:
    """webload.py as a person runs it; its output, once it passed."""
    done = subprocess.run([sys.executable, str(HERE / "webload.py"), *map(str, args)],
                          capture_output=True, text=True, timeout=6 * WAIT)
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_browser_load_in_a_small_form():
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("install chromium: apt-get install chromium chromium-driver")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium chromium-driver)")
    output = run("--browsers", 2, "--ssh-tables", 1, "--moves", 2,
                 "--think-min", 0, "--think-max", 0, "--typing", 0.02)
    assert output.splitlines()[-1] == "verdict: passed", output
    assert output.startswith("browser terminals: 80x24; SSH terminals: 80x24\n"
                             "browsers: 2, SSH sessions: 3, moves by people per table: 2"), output
    figure = r"median \d+ ms, p90 \d+ ms, p99 \d+ ms, max \d+ ms"
    # ":", the move's eight letters and Enter, two moves.
    assert re.search(rf"browser keypress to first frame: {figure} \(20 samples\)", output), output
    assert re.search(rf"own screen: {figure} \(2 samples\)", output), output
    assert re.search(rf"other browser: {figure} \(2 samples\)", output), output
    assert re.search(rf"SSH move \(Enter\) to its log line, others screens: {figure} "
                     r"\(4 samples\)", output), output
    assert re.search(r"browser session \(mean\) +[\d.]+ +[\d.]+ +[\d.]+ +2\n", output), output
    assert re.search(r"SSH session \(mean\) +[\d.]+ +[\d.]+ +[\d.]+ +2\n", output), output
    assert re.search(r"SSH watcher session \(mean\) +[\d.]+ +[\d.]+ +[\d.]+ +1\n", output), output
    assert re.search(r"server growth per connection: SSH [-+]\d+ KiB private .*, browser "
                     r"[-+]\d+ KiB private", output), output
    assert re.search(r"CPU seconds during play: browser sessions [\d.]+, SSH sessions", output)
    assert "server alive: True; errors logged: 0" in output
