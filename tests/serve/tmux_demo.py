"""A whole shared game in tmux with OpenSSH clients, as people would play it.

    .venv/bin/python tests/serve/tmux_demo.py [--port 2299] [--keep] [--short]

Starts `gemtable serve --open` on 127.0.0.1 and a tmux session "gemtable-demo"
with three 80x24 panes running `ssh -p PORT`: alice makes a Jowhari table
(alice, an open seat, a greedy bot) with her keys, bob joins it by id, carol
watches it. Then alice and bob play the whole game by typing their moves
(each picks what the greedy heuristic would, from their own view, read off
the game log as a stand-in for a person's judgement). Halfway, bob's ssh is
killed and started again (he must be back at his seat), and a little later
the server is killed with SIGKILL and started again (everyone reconnects and
the game goes on). Checks every screen shows only its own hand, and prints a
summary; the panes' last screens are written next to the data folder.

`--short` is the small form `make test` runs (tests/serve/test_serve_scripts.py):
the privacy check, the reconnection and the server's restart come after 2, 3
and 4 typed moves, and the run stops after 6 instead of playing to the end.
Port 0 takes a free port. tmux runs on a socket of its own.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gemtable.ai import make_bot
from gemtable.engine.gamelog import load

SSH = ("ssh -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
       "-o LogLevel=ERROR -p {port}")
SESSION = "gemtable-demo"
SOCKET = f"gemtable-demo-{os.getpid()}"
"""A tmux server of this run's own, so nobody's sessions are touched."""


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], check=True, capture_output=True,
                          text=True).stdout


def screen(pane: str) -> str:
    return tmux("capture-pane", "-p", "-t", pane)


def wait_for(pane: str, text: str, timeout: float = 60.0) -> str:
    deadline = time.monotonic() + timeout
    while True:
        shown = screen(pane)
        if text in shown:
            return shown
        if time.monotonic() > deadline:
            raise SystemExit(f"{pane}: no {text!r} on screen:\n{shown}")
        time.sleep(0.1)


def keys(pane: str, *sequence: str, literal: bool = False) -> None:
    tmux("send-keys", "-t", pane, *(("-l",) if literal else ()), *sequence)


class Server:
    def __init__(self, port: int, data: Path) -> None:
        self.port, self.data = port, data
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        errors = (self.data.parent / "server.err").open("a")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gemtable.tui.cli", "serve", "--open", "--port",
             str(self.port), "--data", str(self.data)],
            stdout=subprocess.DEVNULL, stderr=errors, start_new_session=True)
        deadline = time.monotonic() + 60
        while not (said := re.search(r"ssh -p (\d+)", (self.data.parent / "server.err")
                                     .read_text())):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.1)
        self.port = int(said.group(1))  # the one it took, when asked for port 0

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        (self.data.parent / "server.err").write_text("")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(30)


KEYS: Path | None = None
"""A folder with a key per person (with --open, a name is bound to the key that first
used it; without one, SSH would ask for the rejoin code on coming back)."""


def key_for(user: str) -> Path:
    assert KEYS is not None
    key = KEYS / user
    if not key.exists():
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", user, "-f",
                        str(key)], check=True)
    return key


def connect(pane: str, port: int, user: str, command: str = "") -> None:
    ssh = (SSH.format(port=port) + f" -o IdentitiesOnly=yes -i {key_for(user)}"
           + (" -t" if command else ""))
    tmux("respawn-pane", "-k", "-t", pane, f"{ssh} {user}@127.0.0.1 {command}".strip())


def hand_row(shown: str, seat: int) -> str:
    row = next((line for line in shown.splitlines() if re.match(rf"^.Seat {seat}\b", line)), "")
    return row[58:]


def check_privacy(panes: dict[str, str]) -> None:
    """Each player's own hand in full, every other hand as card backs."""
    for name, seat in (("alice", 1), ("bob", 2)):
        shown = screen(panes[name])
        assert "(below)" in hand_row(shown, seat), shown
        others = [hand_row(shown, s) for s in (1, 2, 3) if s != seat]
        assert all("(below)" not in row for row in others), shown
    shown = screen(panes["carol"])
    assert all("(below)" not in hand_row(shown, s) for s in (1, 2, 3)), shown


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=2299)
    parser.add_argument("--keep", action="store_true", help="leave tmux and the server running")
    parser.add_argument("--short", action="store_true",
                        help="each step after a few moves, and stop after six (for make test)")
    args = parser.parse_args()
    privacy_at, reconnect_at, restart_at, stop_after = (2, 3, 4, 6) if args.short else (
        6, 20, 30, None)
    folder = Path(tempfile.mkdtemp(prefix="gemtable-demo-"))
    global KEYS
    KEYS = folder / "keys"
    KEYS.mkdir(mode=0o700)
    server = Server(args.port, folder / "data")
    server.start()
    try:
        return play(server, folder, privacy_at, reconnect_at, restart_at, stop_after)
    finally:
        if args.keep:
            print(f"left running: `tmux -L {SOCKET} attach`, the server on port {server.port}")
        else:
            subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
            server.stop()
            shutil.rmtree(folder / "data", ignore_errors=True)


def play(server: Server, folder: Path, privacy_at: int, reconnect_at: int, restart_at: int,
         stop_after: int | None) -> int:
    """Make the table, play it, check it; the summary line and 0, or SystemExit."""
    port = server.port
    # Four 80x24 panes: alice and bob on top, carol and the server's log below.
    pane_id = ("-P", "-F", "#{pane_id}")
    alice = tmux("new-session", "-d", *pane_id, "-s", SESSION, "-x", "161", "-y", "49",
                 "sleep 1d").strip()
    bob = tmux("split-window", "-h", *pane_id, "-t", alice, "sleep 1d").strip()
    carol = tmux("split-window", "-v", *pane_id, "-t", alice, "sleep 1d").strip()
    tmux("split-window", "-v", "-t", bob, f"tail -f {server.data / 'serve.log'}")
    tmux("set-option", "-t", SESSION, "remain-on-exit", "on")  # panes outlive their ssh
    panes = {"alice": alice, "bob": bob, "carol": carol}
    started = time.monotonic()

    connect(panes["alice"], port, "alice")
    wait_for(panes["alice"], "shared tables")
    keys(panes["alice"], "c")
    wait_for(panes["alice"], "bot: normal")
    for _ in range(6):
        keys(panes["alice"], "Down")
        time.sleep(0.05)
    keys(panes["alice"], "42", literal=True)
    keys(panes["alice"], "Enter")
    table = re.search(r"join ([a-z0-9]{5})", wait_for(panes["alice"], "waiting for")).group(1)
    connect(panes["bob"], port, "bob", f"join {table}")
    connect(panes["carol"], port, "carol", f"watch {table}")
    for pane in panes.values():
        wait_for(pane, "F1  rules")
    log_path = server.data / "tables" / f"{table}.jsonl"

    moves = 0
    reconnected = restarted = False
    while True:
        loaded = load(log_path)
        state = loaded.final
        if state.is_over or moves == stop_after:
            break
        seat = state.to_move
        if seat == 2:  # the bot's turn
            time.sleep(0.1)
            continue
        name = ("alice", "bob")[seat]
        wait_for(panes[name], f"Your turn, Seat {seat + 1}")
        if moves == privacy_at:
            check_privacy(panes)
        if moves == reconnect_at and not reconnected:  # bob's connection drops; he comes back
            connect(panes["bob"], port, "bob")
            wait_for(panes["bob"], "Back at table")
            reconnected = True
            continue
        if moves == restart_at and not restarted:  # the server dies and starts again
            server.kill()
            time.sleep(1.0)
            server.start()
            for person in ("alice", "bob"):
                connect(panes[person], port, person)
            connect(panes["carol"], port, "carol", f"watch {table}")
            for person in ("alice", "bob"):
                wait_for(panes[person], "Back at table")
            restarted = True
            continue
        action = str(make_bot("greedy", game_id="jowhari", seed=moves).choose(state.view(seat)))
        keys(panes[name], ":")
        wait_for(panes[name], "Enter plays")
        keys(panes[name], action, literal=True)
        keys(panes[name], "Enter")
        if state.reveals(state.parse_action(action)):
            # A typed move that turns up something hidden waits for a second Enter.
            wait_for(panes[name], "cannot be undone")
            keys(panes[name], "Enter")
        deadline = time.monotonic() + 60
        while len(load(log_path).actions) == len(loaded.actions):
            if time.monotonic() > deadline:
                raise SystemExit(f"{name}'s move {action!r} was not played:\n{screen(panes[name])}")
            time.sleep(0.05)
        moves += 1

    if stop_after is None:
        for pane in panes.values():
            wait_for(pane, "Game over")
    final = load(log_path)
    for name, pane in panes.items():
        (folder / f"{name}-end.txt").write_text(screen(pane))
    print(f"table {table}: {len(final.actions)} actions ({moves} typed by alice and bob), "
          f"scores {final.final.scores()}, winners {final.final.winners()}, "
          f"{time.monotonic() - started:.0f} s; bob reconnected: {reconnected}; "
          f"server killed and restarted: {restarted}; screens in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
