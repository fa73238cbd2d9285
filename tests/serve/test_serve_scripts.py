"""The load test and the attack scripts of docs/serve.md, each run in a small form
against a real server, so that none of them rots: the figures and the verdict
each prints are checked, and its exit status (0: the run went through, or the
defence held)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from serve_support import WAIT

HERE = Path(__file__).parent


def run(script: str, *args: object, timeout: float = 4 * WAIT) -> str:
    """Run a script of this folder as a person would; its output, once it passed."""
    done = subprocess.run([sys.executable, str(HERE / script), *map(str, args)],
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def held(output: str) -> None:
    assert output.splitlines()[-1] == "verdict: held", output


# --- loadtest.py --------------------------------------------------------------------------


def test_the_load_test_in_a_small_form():
    output = run("loadtest.py", "--tables", 1, "--moves", 2, "--think-min", 0, "--think-max", 0,
                 "--typing", 0.02, "--probes", 1)
    assert output.splitlines()[-1] == "verdict: passed", output
    assert output.startswith("sessions: 3 (3 still open), tables: 1, moves by people per "
                             "table: 2"), output
    # Each move on the two other screens (the other player, the watcher) and the mover's.
    assert re.search(r"others screens: median \d+ ms, p90 \d+ ms, max \d+ ms \(4 updates\)",
                     output), output
    assert re.search(r"own screens: median \d+ ms.*\(2 updates\)", output), output
    assert re.search(r"memory per session process \(3\): RSS [\d.]+ MiB", output), output
    assert "server alive: True; errors logged: 0" in output


@pytest.mark.timeout(12 * WAIT)
def test_the_ladders_cost_under_load_in_a_small_form():
    """ladderload.py: the load test with bot tables made by other sessions ending
    (and, on the first run, recorded on the ladder) while the players' moves are
    timed, then the same without a ladder; about 150 s (bot games at the hub's pace)."""
    output = run("ladderload.py", "--pairs", 1, "--tables", 1, "--moves", 2, "--per-minute", 3,
                 "--", "--think-min", 0, "--think-max", 0, "--typing", 0.02, "--probes", 1,
                 timeout=10 * WAIT)
    assert output.splitlines()[-1] == "verdict: passed", output
    for kept in ("ladder kept", "no ladder  "):
        assert re.search(rf"pair 1, {kept}: \d+ / \d+ ms, [\d.]+ games ended a minute",
                         output), output
    assert re.search(r"the ladder's cost while 3 games end a minute: median [+-]\d+ ms over 1 "
                     r"pairs", output), output


# --- attack_ssh.py ----------------------------------------------------------------------


def test_attack_a_connection_from_before_a_name_was_claimed(server):
    output = run("attack_ssh.py", "claim", server.port)
    held(output)
    assert "mallory, a new connection as dave: refused" in output


def test_attack_unlimited_channels_and_env_requests(make_server):
    running = make_server("--login-grace", "2")
    output = run("attack_ssh.py", "channels", running.port, "--server-pid",
                 running.process.pid, "--channels", 40, "--envs", 200, "--closed-within", 20)
    held(output)
    assert "channels: 10 opened, 30 refused" in output
    assert "env: 0 of 200 8 KB variables taken" in output
    assert re.search(r"env LANG=en_GB.UTF-8: taken\n.*: refused\n.*LD_PRELOAD.*: refused\n"
                     r"env COLORTERM=truecolor: taken", output)


def test_attack_silent_sockets(make_server):
    running = make_server("--login-grace", "2")
    output = run("attack_ssh.py", "silent", running.port, "--sockets", 16, "--lists", 2,
                 "--closed-within", 15)
    held(output)
    assert "16 silent sockets: `ssh alice@host list` exit codes [0, 0]" in output
    assert "afterwards: 0" in output


# --- attack_hub.py (each scenario starts its own server) ---------------------------------


@pytest.mark.parametrize("scenario", [
    ("stand_ins", "--stand-in-after", "1"),
    ("cap", "--max-tables", "3", "--max-tables-per-person", "2"),
    ("planted",),
    ("notices",),
    ("quit_keys",),
    ("frames",),
], ids=lambda scenario: scenario[0])
def test_attack_on_the_hub(scenario):
    output = run("attack_hub.py", *scenario)
    held(output)
    expected = {
        "stand_ins": "log lines: 'played' 3 'refused' 0\n",
        "cap": r"alice's table 3: refused: .*you have made 2 tables that are not finished",
        "planted": "the planted program ran: False",
        "notices": "could not be resumed",
        "quit_keys": r"Press Ctrl\+Q to quit \(or q in the lobby\)\.",
        "frames": "alice's session still served",
    }[scenario[0]]
    assert re.search(expected, output), output


# --- tmux_demo.py -------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("tmux") is None or shutil.which("ssh") is None,
                    reason="the demo drives OpenSSH clients in tmux")
def test_the_tmux_demo_in_a_short_form():
    """Three people over OpenSSH in tmux: the table is made and joined, each
    screen shows only its own hand, bob comes back after his ssh is killed,
    everyone is back after the server is killed and restarted."""
    output = run("tmux_demo.py", "--port", 0, "--short")
    summary = output.splitlines()[-1]
    assert re.match(r"table [a-z0-9]{5}: \d+ actions \(6 typed by alice and bob\)", summary), output
    assert "bob reconnected: True; server killed and restarted: True" in summary, output
