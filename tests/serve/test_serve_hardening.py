"""Limits a careless or hostile client meets: idle connections, the terminal given
back on the server's own closes, resize storms, bot tables per person, the data
folder, the host key, log permissions and oversized seeds."""

from __future__ import annotations

import asyncio
import os
import pty
import subprocess
import sys
import time

import asyncssh
import pytest
from serve_support import WAIT, key_of
from tui_support import until as tui_until

from gemtable.tui.serve import protocol, terminal
from gemtable.tui.serve.app import ServeApp
from gemtable.tui.serve.client import HubError
from gemtable.tui.serve.create import CreateScreen
from gemtable.tui.serve.lobby import LobbyScreen
from gemtable.tui.serve.store import DataDir

LOBBY = "shared tables"


async def bare_connection(port: int, user: str) -> asyncssh.SSHClientConnection:
    """Logged in, and never a session."""
    return await asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None,
                                  client_keys=[key_of(user)], password="")


async def test_connections_without_a_session_are_capped_and_closed(make_server, clients):
    limited = make_server("--login-grace", "2", "--max-connections", "4",
                          "--max-per-address", "3")
    alice = await clients(limited.port, "alice")
    await alice.wait_for(LOBBY)
    idle = [await bare_connection(limited.port, name) for name in ("bob", "carol")]
    with pytest.raises((asyncssh.Error, OSError)):  # a fourth from one address
        extra = await bare_connection(limited.port, "dave")
        await asyncio.wait_for(extra.wait_closed(), WAIT)
        raise OSError("closed by the server")
    for connection in idle:  # closed after the grace time
        await asyncio.wait_for(connection.wait_closed(), WAIT)
    assert not alice.term.closed.is_set()  # a connection with a session stays
    bob = await clients(limited.port, "bob")  # room again
    await bob.wait_for(LOBBY)
    assert "opened no session" in limited.log()


async def test_an_idle_close_gives_the_terminal_back_and_says_why(make_server, clients):
    limited = make_server("--idle-timeout", "2")
    alice = await clients(limited.port, "alice")
    await alice.wait_for(LOBBY)
    await alice.wait_for("Closed after 2 s idle")
    await alice.term.closed.wait()
    raw = bytes(alice.term.raw)
    after = raw[raw.rindex(b"\x1b[?1049h"):]
    for sequence in (b"\x1b[?1049l", b"\x1b[?1000l", b"\x1b[?1003l", b"\x1b[?1006l",
                     b"\x1b[?2004l", b"\x1b[?25h", b"\x1b[?2048l", b"\x1b[<u"):
        assert sequence in after, sequence
    # Line wrap back on after the app turned it off; the kitty keyboard mode left on
    # the screen that has it (the alternate one), before the main screen is back.
    assert after.rindex(b"\x1b[?7h") > after.rindex(b"\x1b[?7l")
    assert after.rindex(b"\x1b[<u") < after.rindex(b"\x1b[?1049l")
    from gemtable.tui.serve.server import whole_units

    assert whole_units(1800) == "30 min" and whole_units(20) == "20 s"


async def test_resizes_are_capped_and_a_storm_is_one_resize(monkeypatch):
    master, slave = pty.openpty()
    try:
        terminal.set_size(master, 10000, 10000)
        assert os.get_terminal_size(slave) == os.terminal_size(
            (terminal.MAX_COLUMNS, terminal.MAX_ROWS))
        assert terminal.MAX_COLUMNS * terminal.MAX_ROWS <= 100_000
        applied: list[tuple[int, int]] = []
        monkeypatch.setattr(terminal, "set_size", lambda fd, c, r: applied.append((c, r)))
        child = terminal.ChildTerminal(None, [], {}, (80, 24), output=lambda d: None,
                                       exited=lambda c: None)
        child._master = master
        for step in range(2000):
            child.resize(80 + step % 50, 24 + step % 20)
        deadline = time.monotonic() + WAIT
        while not applied and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert applied == [(80 + 1999 % 50, 24 + 1999 % 20)]
        # Nothing more may follow: a later size would need a timer still pending.
        assert child._resize_timer is None
        child._master = -1
    finally:
        os.close(master)
        os.close(slave)


def test_bot_only_tables_count_against_the_makers_share(hub_factory):
    running = hub_factory()
    alice = running.client("alice")
    for _ in range(3):
        alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=("greedy", "greedy"),
                   seed=None)
    with pytest.raises(HubError, match="bots only"):
        alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=("greedy", "greedy"),
                   seed=None)
    with pytest.raises(HubError, match="bots only"):
        alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN),
                   seed=None)
    bob = running.client("bob")  # another person's share is their own
    bob.call(protocol.CreateTable, game="jowhari", variant=None, seats=("greedy", "greedy"), seed=None)


def test_table_logs_are_private_and_a_given_data_folder_keeps_its_mode(hub_factory, tmp_path):
    given = tmp_path / "given"
    given.mkdir(mode=0o755)
    os.chmod(given, 0o755)
    DataDir(given)
    assert given.stat().st_mode & 0o777 == 0o755
    DataDir(tmp_path / "made")
    assert (tmp_path / "made").stat().st_mode & 0o777 == 0o700
    running = hub_factory()
    info = running.client("alice").call(protocol.CreateTable, game="jowhari", variant=None,
                                        seats=(protocol.YOU, protocol.OPEN), seed=None)
    log = running.hub.data.table_log(info.id)
    assert log.stat().st_mode & 0o777 == 0o600


def test_a_host_key_others_can_read_is_refused(tmp_path):
    key = tmp_path / "host_key"
    key.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    os.chmod(key, 0o644)
    done = subprocess.run(
        [sys.executable, "-m", "gemtable.tui.cli", "serve", "--open", "--port", "0",
         "--data", str(tmp_path / "data"), "--host-key", str(key), "--bot-workers", "1"],
        capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 2 and "can be read by other accounts" in done.stderr


async def test_a_seed_too_long_to_read_is_refused_in_the_form(hub_factory):
    running = hub_factory()
    client = running.client("alice")
    app = ServeApp(client, client.welcome, animate=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await tui_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 30.0)
        await pilot.press("c")
        await tui_until(pilot, lambda: isinstance(app.screen, CreateScreen)
                        and app.screen._built, 30.0)
        app.screen.query_one("#create-seed").value = "9" * 4400
        await pilot.press("ctrl+s")
        await tui_until(pilot, lambda: any("whole number" in n.message
                                           for n in app._notifications), 30.0)
        assert isinstance(app.screen, CreateScreen)
