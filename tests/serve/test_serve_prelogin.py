"""Connections that have not logged in: they never take logged-in people's room,
they are dropped at random past a start count (OpenSSH's MaxStartups), all of
them past the full count, and a silent one is closed soon."""

from __future__ import annotations

import contextlib
import random
import socket
import subprocess
from pathlib import Path

import pytest
from serve_support import WAIT

from gemtable.tui.serve.gate import ConnectionGate, Startups, StartupsError

OPENSSH = ("ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
           "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "BatchMode=yes",
           "-o", "IdentitiesOnly=yes", "-o", f"ConnectTimeout={int(WAIT)}")


def openssh_key(folder: Path) -> Path:
    key = folder / "id_ed25519"
    if not key.exists():
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)],
                       check=True)
    return key


def ssh_list(port: int, user: str, key: Path) -> subprocess.CompletedProcess:
    """`ssh USER@host list` with OpenSSH, as a person would type it."""
    return subprocess.run([*OPENSSH, "-i", str(key), "-p", str(port), f"{user}@127.0.0.1",
                           "list"], capture_output=True, text=True, timeout=WAIT)


def silent_sockets(port: int, count: int) -> list[socket.socket]:
    """Connections that never say a word (not even SSH's version line)."""
    return [socket.create_connection(("127.0.0.1", port), timeout=WAIT) for _ in range(count)]


def wait_closed_by_server(sock: socket.socket) -> None:
    """Until the server closes `sock` (its version line may come first); a socket
    it never closes times out (socket.timeout) and fails the test."""
    with contextlib.suppress(ConnectionResetError):
        while sock.recv(4096):
            pass


def test_sixteen_silent_sockets_do_not_lock_anyone_out(server, tmp_path):
    """The attack: 16 connections that send nothing made `ssh alice@host list` fail
    ("too many connections from 127.0.0.1"), renewable forever."""
    key = openssh_key(tmp_path)
    held = silent_sockets(server.port, 16)
    try:
        for _ in range(3):
            done = ssh_list(server.port, "alice", key)
            assert done.returncode == 0 and "No tables" in done.stdout, done.stderr
        for sock in held:  # renewed, as the attack did every 30 s: still no lockout
            sock.close()
        held = silent_sockets(server.port, 16)
        done = ssh_list(server.port, "alice", key)
        assert done.returncode == 0 and "No tables" in done.stdout, done.stderr
    finally:
        for sock in held:
            sock.close()
    assert "too many connections" not in server.log()


def test_past_the_full_count_connections_logging_in_are_refused(make_server, tmp_path):
    key = openssh_key(tmp_path)
    limited = make_server("--max-startups", "4", "--login-grace", "4")
    held = silent_sockets(limited.port, 4)
    try:
        refused = ssh_list(limited.port, "alice", key)
        assert refused.returncode == 255 and "No tables" not in refused.stdout
        assert "4 connections are logging in already" in limited.log()
        for sock in held:  # a silent connection is closed soon, by the server
            wait_closed_by_server(sock)
    finally:
        for sock in held:
            sock.close()
    assert "did not start logging in" in limited.log()
    done = ssh_list(limited.port, "alice", key)
    assert done.returncode == 0 and "No tables" in done.stdout, done.stderr


def test_drops_rise_from_the_rate_at_start_to_all_at_full():
    startups = Startups.parse("10:30:100")
    assert [startups.drop_chance(n) for n in (0, 9, 10, 55, 100, 500)] == [
        0.0, 0.0, 0.3, 0.65, 1.0, 1.0]
    assert str(startups) == "10:30:100" and Startups.parse("8") == Startups(8, 100, 8)
    for nonsense in ("10:30", "a:b:c", "10:130:100", "10:30:5", "0:30:10", "0", "-3"):
        with pytest.raises(StartupsError):
            Startups.parse(nonsense)
    # Held at `start` connections logging in, about `rate` of the new ones are dropped.
    gate = ConnectionGate(Startups(2, 50, 4), 10, 10, random.Random(7))
    assert gate.opened("a", "1.2.3.4") == "" and gate.opened("b", "1.2.3.4") == ""
    let_in = 0
    for attempt in range(2000):
        if gate.opened(attempt, "1.2.3.4") == "":
            let_in += 1
            gate.closed(attempt)
    assert 900 <= let_in <= 1100


def test_connections_logging_in_never_use_the_logged_in_quota():
    gate = ConnectionGate(Startups(40, 30, 80), 3, 2, random.Random(1))
    for n in range(30):  # many logging in from one address, none logged in
        assert gate.opened(("silent", n), "127.0.0.1") == ""
    for name in ("alice", "bob"):
        assert gate.opened(name, "127.0.0.1") == "" and gate.authenticated(name) == ""
    assert gate.opened("carol", "127.0.0.1") == ""
    assert "from 127.0.0.1" in gate.authenticated("carol")  # two logged in from it already
    gate.closed("carol")
    gate.closed("alice")
    assert gate.opened("dave", "127.0.0.1") == "" and gate.authenticated("dave") == ""
    assert gate.opened("erin", "10.0.0.2") == "" and gate.authenticated("erin") == ""
    assert gate.opened("frank", "10.0.0.3") == ""
    assert gate.authenticated("frank") == "too many connections"  # three in all
