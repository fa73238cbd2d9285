"""What a session survives and what the server refuses: garbage input, resizes,
colours, commands without a terminal, limits, keys, and a session that dies."""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import subprocess
import sys

import asyncssh
import pytest
from serve_support import WAIT, Client, server_with_keys
from vt import Screen

LOBBY = "join by id"  # the lobby key bar: a toast may cover the title
ESCAPES, ESCAPE_WAIT = 6, 3.0
"""Escape presses to back out of what random keys opened, and how long each may take."""


def lobby_on_top(screen: Screen) -> bool:
    """The lobby's key bar, and no new-table form over it."""
    return LOBBY in screen.lines()[-1] and "New shared table" not in screen


async def test_garbage_input_never_breaks_a_session_or_the_server(server, clients):
    alice = await clients(server.port, "alice")
    await alice.wait_for(LOBBY)
    rng = random.Random(5)
    # Random bytes: every key but the ones that end a session on purpose, and
    # ESC (escape sequences come next). Textual replays a sequence it does not
    # know as the keys it is made of, so none of them holds a q either.
    quits = b"qQ\x11\x03\x1b"
    alice.send(bytes(b for b in (rng.randrange(256) for _ in range(4000)) if b not in quits))
    alice.send(b"\xff\xfe\xc3\x28\xed\xa0\x80\xf0\x28\x8c\x28")  # invalid UTF-8
    for junk in (b"\x1b[999;999;999~", b"\x1b[?1049;9999x", b"\x1bP+r544e\x1b\\",
                 b"\x1b]52;c;aGVsbG8=\x07", b"\x1b[<0;9999;9999M", b"\x1b[200~\x1b[201~",
                 b"\x1b" * 50, b"\x1b[" + b"9" * 500 + b"m"):
        alice.send(junk)
    for _ in range(300):  # unknown CSI sequences, with random bytes between them
        params = ";".join(str(rng.randrange(3000)) for _ in range(rng.randrange(4)))
        final = rng.choice(b"@ABCDEFGHIJKLMNOPRSTXZ`abcdefghijklmnprstvwxyz")
        alice.send(b"\x1b[" + params.encode() + bytes([final]) + rng.randbytes(3).replace(
            b"\x1b", b"").translate(None, quits))
    alice.send(b"\x1b[200~" + b"take RBG " * 200_000 + b"\x1b[201~")  # a 1.8 MB paste
    # Escape backs out of whatever the garbage opened, one dialog or input at a
    # time; a press that reaches a screen still being built is dropped, and `c`
    # in the join input is typed into it, so press again until `c` opens the form.
    for _ in range(ESCAPES):
        alice.send(b"\x1b")
        with contextlib.suppress(AssertionError):
            await alice.wait_for(lobby_on_top, timeout=ESCAPE_WAIT)
            alice.send("c")
            await alice.wait_for("New shared table", timeout=ESCAPE_WAIT)
            break
    else:
        raise AssertionError(f"the lobby no longer makes tables; screen:\n{alice.text()}")
    bob = await clients(server.port, "bob")  # the server still answers
    await bob.wait_for(LOBBY)
    assert not alice.term.closed.is_set()
    assert "Traceback" not in server.log()


async def test_a_resize_redraws_at_the_new_size(server, clients):
    alice = await clients(server.port, "alice")
    await alice.wait_for(lambda s: s.lines()[0].endswith("0 others online"))
    alice.screen.resize(100, 30)
    alice.chan.change_terminal_size(100, 30)
    await alice.wait_for(lambda s: len(s.lines()[0]) == 99 and "q  quit" in s.lines()[29])


async def test_256_colours_by_default_and_truecolor_when_the_client_asks(server, clients):
    plain = await clients(server.port, "alice", term_type="xterm")
    await plain.wait_for(LOBBY)
    assert plain.screen.colours256 > 0 and plain.screen.truecolor == 0
    rich = await clients(server.port, "bob", env={"COLORTERM": "truecolor"})
    await rich.wait_for(LOBBY)
    assert rich.screen.truecolor > 0


async def run_command(port: int, user: str, command: str) -> asyncssh.SSHCompletedProcess:
    async with asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None,
                                password="") as conn:
        return await conn.run(command, timeout=WAIT)


async def test_commands_without_a_terminal(server):
    listing = await run_command(server.port, "alice", "list")
    assert listing.exit_status == 0 and "No tables" in listing.stdout
    joined = await run_command(server.port, "alice", "join abcde")
    assert joined.exit_status == 1 and "ssh -t" in joined.stdout
    usage = await run_command(server.port, "alice", "dance")
    assert usage.exit_status == 1 and "join ID" in usage.stdout
    named = await run_command(server.port, "not-ok!", "list")
    assert named.exit_status == 1 and "user names" in named.stdout


async def test_limits_on_sessions_and_idle_time(make_server, clients):
    limited = make_server("--max-sessions", "2", "--idle-timeout", "3")
    first = await clients(limited.port, "alice")
    await first.wait_for(LOBBY)
    second = await clients(limited.port, "bob")
    await second.wait_for(LOBBY)
    third = await clients(limited.port, "carol")
    await third.wait_for("the server is full")
    await first.wait_for("Closed after 3 s idle")
    await first.term.closed.wait()


async def test_keys_decide_who_gets_in(make_server, tmp_path, clients):
    alice_key, other_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keyed = server_with_keys(make_server, tmp_path, alice=alice_key)
    alice = await clients(keyed.port, "alice", client_keys=[alice_key])
    await alice.wait_for(LOBBY)
    with pytest.raises(asyncssh.PermissionDenied):
        await Client.open(keyed.port, "mallory", client_keys=[other_key])
    with pytest.raises(asyncssh.PermissionDenied):
        await Client.open(keyed.port, "alice", client_keys=[], agent_path=None)


async def test_a_session_process_that_dies_says_so_briefly(server, clients):
    alice = await clients(server.port, "alice")
    await alice.wait_for(LOBBY)
    pid = int(re.findall(r"session for alice: pid (\d+)", server.log())[-1])
    os.kill(pid, signal.SIGKILL)
    await alice.wait_for("stopped unexpectedly")
    await alice.term.closed.wait()
    assert "ended with signal 9" in server.log()


CRASHING_SESSION = """
import sys
from gemtable.tui.serve import lobby
def broken(self):
    secret_local = "do not show me"
    raise RuntimeError("the lobby fell over")
lobby.LobbyScreen.on_mount = broken
from gemtable.tui.serve.session import run
sys.exit(run(sys.argv[1]))
"""


def test_an_app_error_shows_one_sentence_and_the_detail_goes_to_the_log(hub_factory, caplog):
    """No traceback, no local variables on the person's terminal."""
    import pty

    running = hub_factory()
    master, slave = pty.openpty()
    env = {"PATH": os.environ["PATH"], "TERM": "xterm-256color", "LANG": "C.UTF-8",
           "GEMTABLE_HUB_TOKEN": running.hub.issue_token("alice")}
    process = subprocess.Popen([sys.executable, "-c", CRASHING_SESSION,
                                str(running.hub.socket_path)], stdin=slave, stdout=slave,
                               stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    output = bytearray()
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        output.extend(chunk)
    os.close(master)
    assert process.wait(WAIT) == 1
    shown = output.decode("utf-8", "replace")
    assert "problem on the server" in shown
    assert "Traceback" not in shown and "secret_local" not in shown
    log = "\n".join(r.getMessage() for r in caplog.records)
    assert "the lobby fell over" in log and "secret_local" in log
