"""Attacks on the SSH side of a running `gemtable serve --open`, as an attacker
would make them; prints what happened (docs/serve.md, "Attack log") and, last,
a verdict: "verdict: held", exit status 0, or "verdict: NOT HELD" with each
thing that got through, exit status 1.

    .venv/bin/python tests/serve/attack_ssh.py claim PORT      # a name claimed after login
    .venv/bin/python tests/serve/attack_ssh.py channels PORT --server-pid PID
    .venv/bin/python tests/serve/attack_ssh.py silent PORT     # silent sockets, OpenSSH list

The counts are the attack log's unless given (`--channels`, `--envs`,
`--sockets 16,31`, `--lists`); `tests/serve/test_serve_scripts.py` runs every
scenario with small ones in `make test`. Needs OpenSSH (`ssh`, `ssh-keygen`)
and tmux (on a socket of its own); keys are made in a folder of their own
under /tmp.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
from asyncssh.packet import String
from attack_parts import verdict
from rawssh import bare_channel, set_env, start_terminal
from serve_support import Terminal

KEYS = Path(tempfile.mkdtemp(prefix="gemtable-attack-"))
TMUX = ["tmux", "-L", f"gemtable-attack-{os.getpid()}"]
"""A tmux server of this run's own, ended with it."""
MAX_CHANNELS = 10
"""Session channels the server lets one connection have at once (docs/serve.md)."""


def key(name: str) -> Path:
    path = KEYS / name
    if not path.exists():
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f",
                        str(path)], check=True)
    return path


def openssh(port: int) -> list[str]:
    return ["ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o",
            "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes",
            "-p", str(port)]


def pane(name: str) -> str:
    return subprocess.run([*TMUX, "capture-pane", "-p", "-t", name], capture_output=True,
                          text=True).stdout


CLAIMED = "has been claimed by someone else"


async def closed_by_server(chan: asyncssh.SSHClientChannel, wait: float) -> bool:
    """Did the server close `chan` within `wait` seconds? (Closed here if not.)"""
    try:
        await asyncio.wait_for(chan.wait_closed(), wait)
        return True
    except TimeoutError:
        chan.close()
        return False


async def claim(args: argparse.Namespace) -> list[str]:
    """Mallory logs in as the free name dave and parks a channel; dave claims his name
    with OpenSSH; then she opens a terminal, starts the parked one and runs a command."""
    port, problems = args.port, []
    mallory = await asyncssh.connect("127.0.0.1", port, username="dave", known_hosts=None,
                                     client_keys=[str(key("mallory"))])
    parked, parked_screen = await bare_channel(mallory)
    print("mallory: logged in as dave; a session channel parked without a shell")
    ssh = " ".join(openssh(port))
    subprocess.run([*TMUX, "new-session", "-d", "-x", "80", "-y", "24", "-s", "attack-dave",
                    f"{ssh} -tt -i {key('dave')} dave@127.0.0.1"], check=True)
    try:
        deadline = time.monotonic() + 30
        while "names are not verified" not in pane("attack-dave"):
            if time.monotonic() > deadline:
                return [f"dave's lobby never showed:\n{pane('attack-dave')}"]
            await asyncio.sleep(0.1)
        print("dave (OpenSSH, tmux):", pane("attack-dave").splitlines()[0].strip())
        chan, fresh = await mallory.create_session(lambda: Terminal(80, 24),
                                                   term_type="xterm-256color",
                                                   term_size=(80, 24), encoding=None)
        if not await closed_by_server(chan, args.wait):
            problems.append("a new terminal on mallory's connection stayed open")
        print("mallory, a new terminal on her connection:", fresh.screen.text().strip()[:90])
        if CLAIMED not in bytes(fresh.raw).decode("utf-8", "replace"):
            problems.append("a new terminal on mallory's connection was not refused")
        print("mallory, the parked channel's shell accepted:", await start_terminal(parked))
        if not await closed_by_server(parked, args.wait):
            problems.append("the parked channel stayed open once started")
        shown = bytes(parked_screen.raw).decode("utf-8", "replace")
        print("mallory, the parked channel:", parked_screen.screen.text().strip()[:90])
        if CLAIMED not in shown:
            problems.append("the parked channel was not refused")
        done = await asyncio.wait_for(mallory.run("list"), 3 * args.wait)
        print("mallory, `list` on her connection:", done.exit_status,
              str(done.stdout).strip()[:90], str(done.stderr).strip()[:90])
        if done.exit_status == 0:
            problems.append("`list` ran on mallory's connection")
        mallory.close()
        try:
            again = await asyncssh.connect("127.0.0.1", port, username="dave",
                                           known_hosts=None,
                                           client_keys=[str(key("mallory"))], password="")
            print("mallory, a new connection as dave: LET IN")
            problems.append("a new connection of mallory's as dave was let in")
            again.close()
        except asyncssh.PermissionDenied as error:
            print("mallory, a new connection as dave: refused:", error)
    finally:
        subprocess.run([*TMUX, "kill-server"], check=False)
    return problems


def rss_mib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) // 1024
    return 0


async def channels(args: argparse.Namespace) -> list[str]:
    """20,000 session channels on one connection, 20,000 8 KB env requests on one
    channel, and neither connection ever starts a shell."""
    port, pid, problems = args.port, args.server_pid, []
    before = rss_mib(pid)
    print("server RSS before:", before, "MiB")
    began = time.monotonic()
    first = await asyncssh.connect("127.0.0.1", port, username="ann", known_hosts=None,
                                   client_keys=[], password="")
    opened = refused = 0
    for _ in range(args.channels):
        if first.is_closed():
            break
        try:
            await bare_channel(first)
            opened += 1
        except asyncssh.ChannelOpenError:
            refused += 1
    print(f"channels: {opened} opened, {refused} refused; server RSS {rss_mib(pid)} MiB")
    if opened > MAX_CHANNELS:
        problems.append(f"{opened} channels opened on one connection")
    second = await asyncssh.connect("127.0.0.1", port, username="bea", known_hosts=None,
                                    client_keys=[], password="")
    chan, _ = await bare_channel(second)
    answers = await asyncio.gather(*(chan._make_request(b"env", String(f"V{n}"),
                                                        String("x" * 8192))
                                     for n in range(args.envs)))
    taken = sum(map(bool, answers))
    print(f"env: {taken} of {args.envs} 8 KB variables taken; server RSS {rss_mib(pid)} MiB")
    if taken:
        problems.append(f"{taken} made-up 8 KB variables taken")
    for name, value, wanted in (("LANG", "en_GB.UTF-8", True), ("LANG", "x" * 8192, False),
                                ("LD_PRELOAD", "/tmp/x.so", False),
                                ("COLORTERM", "truecolor", True)):
        answer = await set_env(chan, name, value)
        shown = f"{name}={value[:16]}{'...' if len(value) > 16 else ''}"
        print(f"env {shown}: {'taken' if answer else 'refused'}")
        if answer != wanted:
            problems.append(f"env {shown} {'taken' if answer else 'refused'}")
    try:
        await asyncio.wait_for(asyncio.gather(first.wait_closed(), second.wait_closed()),
                               args.closed_within)
        print(f"both connections closed by the server {time.monotonic() - began:.0f} s "
              "after the first connected")
    except TimeoutError:
        problems.append(f"a connection that started nothing was still open after "
                        f"{args.closed_within:g} s")
    after = rss_mib(pid)
    print(f"server RSS after: {after} MiB")
    if after - before > args.growth:
        problems.append(f"the server grew from {before} to {after} MiB")
    return problems


def silent(args: argparse.Namespace) -> list[str]:
    """Silent TCP sockets (they send nothing), then `ssh alice@host list` with OpenSSH.

    Below the server's start count (`--start`, its --max-startups) every list must
    get through; past it some are dropped at random, as with OpenSSH, and the
    figures are only reported. The last round's sockets must all be closed by the
    server within `--closed-within` seconds."""
    port, problems = args.port, []
    command = [*openssh(port), "-i", str(key("alice")), "alice@127.0.0.1", "list"]
    counts = [int(n) for n in args.sockets.split(",")]
    for count in counts:
        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
        codes = [subprocess.run(command, capture_output=True).returncode
                 for _ in range(args.lists)]
        print(f"{count} silent sockets: `ssh alice@host list` exit codes {codes}")
        if count < args.start and any(codes):
            problems.append(f"with {count} silent sockets, {sum(map(bool, codes))} of "
                            f"{len(codes)} lists failed")
        if count == counts[-1]:
            began = time.monotonic()
            for sock in held:
                sock.settimeout(max(0.1, args.closed_within - (time.monotonic() - began)))
                try:
                    while sock.recv(4096):
                        pass
                except ConnectionResetError:
                    pass
                except TimeoutError:
                    problems.append(f"a silent socket was still open after "
                                    f"{args.closed_within:g} s")
                    break
            print(f"  every silent socket was closed by the server within "
                  f"{time.monotonic() - began:.1f} s")
        for sock in held:
            sock.close()
        time.sleep(0.5)  # the server notices the closed sockets: not a measurement
    afterwards = subprocess.run(command, capture_output=True).returncode
    print("afterwards:", afterwards)
    if afterwards:
        problems.append(f"`ssh alice@host list` failed afterwards ({afterwards})")
    return problems


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", choices=("claim", "channels", "silent"))
    parser.add_argument("port", type=int)
    parser.add_argument("--server-pid", type=int, help="channels: the server's pid (its RSS)")
    parser.add_argument("--channels", type=int, default=20_000,
                        help="channels: session channel opens on one connection")
    parser.add_argument("--envs", type=int, default=20_000,
                        help="channels: 8 KB env requests on one channel")
    parser.add_argument("--growth", type=int, default=16,
                        help="channels: MiB the server may grow by (it grew 85 and 158)")
    parser.add_argument("--sockets", default="16,31,60,96,200",
                        help="silent: how many silent sockets, round by round")
    parser.add_argument("--lists", type=int, default=10, help="silent: lists per round")
    parser.add_argument("--start", type=int, default=32,
                        help="silent: the server's --max-startups start count")
    parser.add_argument("--closed-within", type=float, default=120.0,
                        help="seconds in which the server must close what started nothing")
    parser.add_argument("--wait", type=float, default=10.0,
                        help="claim: seconds a refused channel has to close")
    args = parser.parse_args(argv)
    if args.scenario == "channels" and args.server_pid is None:
        parser.error("channels needs --server-pid")
    try:
        if args.scenario == "silent":
            problems = silent(args)
        else:
            problems = asyncio.run(claim(args) if args.scenario == "claim" else channels(args))
    finally:
        shutil.rmtree(KEYS, ignore_errors=True)
    return verdict(problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
