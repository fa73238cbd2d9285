"""One SSH connection, many sessions: the name is checked at every session start,
channels and env requests are capped, a channel must start something, and a
table id never reaches the app's own options parser."""

from __future__ import annotations

import asyncio
import re

import asyncssh
import pytest
from rawssh import bare_channel, set_env, start_terminal
from serve_support import WAIT, Client, Terminal

from gemtable.tui.serve.sshenv import MAX_VALUE, MAX_VARIABLES
from gemtable.tui.serve.sshserver import MAX_CHANNELS

LOBBY = "names are not verified"
CLAIMED = "claimed by someone else"


async def connect(port: int, user: str, **options) -> asyncssh.SSHClientConnection:
    options.setdefault("password", "")
    return await asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None,
                                  **options)


async def terminal_on(conn: asyncssh.SSHClientConnection, command: str | None = None
                      ) -> Terminal:
    _, term = await conn.create_session(lambda: Terminal(80, 24), command,
                                        term_type="xterm-256color", term_size=(80, 24),
                                        encoding=None)
    return term


async def shows(term: Terminal, text: str) -> None:
    """Until `text` is on the terminal's screen."""
    async def drawn() -> None:
        while text not in term.screen.text():
            assert not term.closed.is_set(), term.screen.text()
            term.changed.clear()
            await term.changed.wait()

    await asyncio.wait_for(drawn(), WAIT)


async def closed_with(term: Terminal, text: str) -> None:
    """The session ends, having said `text`, and never draws a lobby."""
    async def ended() -> None:
        while not term.closed.is_set():
            assert LOBBY not in term.screen.text(), term.screen.text()
            term.changed.clear()
            await term.changed.wait()

    await asyncio.wait_for(ended(), WAIT)
    assert text in term.screen.text() and LOBBY not in term.screen.text(), term.screen.text()


async def test_a_connection_from_before_a_name_was_claimed_cannot_use_it(server, clients):
    """The attack: Mallory logs in as the free name dave and parks a session channel
    without a shell; dave then claims his name; her old connection gets nothing."""
    mallory_key, dave_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    mallory = await connect(server.port, "dave", client_keys=[mallory_key])
    parked, parked_terminal = await bare_channel(mallory)
    dave = await clients(server.port, "dave", client_keys=[dave_key])
    await dave.wait_for(LOBBY)  # his terminal bound the name to his key
    # A new terminal on her old connection, and the one she parked before dave came.
    await closed_with(await terminal_on(mallory), CLAIMED)
    assert await start_terminal(parked)
    await closed_with(parked_terminal, CLAIMED)
    listing = await mallory.run("list", timeout=WAIT)
    assert listing.exit_status == 1 and CLAIMED in listing.stdout
    mallory.close()
    with pytest.raises(asyncssh.PermissionDenied):  # and a new connection as before
        await Client.open(server.port, "dave", client_keys=[mallory_key])
    assert "claimed with another key or code after this connection logged in" in server.log()
    # The same with a rejoin code: she logs in without a key while erin is free.
    early = await connect(server.port, "erin", client_keys=[])
    erin = await clients(server.port, "erin", client_keys=[])
    await erin.wait_for("rejoin code is")
    await closed_with(await terminal_on(early), CLAIMED)
    early.close()
    # The person who claimed a name keeps it on their own connection, key or code.
    await shows(await terminal_on(dave.conn), LOBBY)
    code = re.search(r"rejoin code is ([a-z0-9]{8}) ", erin.text()).group(1)
    back = await clients(server.port, "erin", client_keys=[], password=code)
    await back.wait_for(LOBBY)
    assert not dave.term.closed.is_set() and not erin.term.closed.is_set()


async def test_channels_and_env_requests_on_one_connection_are_capped(make_server):
    limited = make_server("--login-grace", "3")
    conn = await connect(limited.port, "alice", client_keys=[])
    channels = [await bare_channel(conn) for _ in range(MAX_CHANNELS)]
    with pytest.raises(asyncssh.ChannelOpenError):
        await bare_channel(conn)
    chan = channels[0][0]
    # 8 KB values, names the app does not read, and too many variables: all refused.
    assert not await set_env(chan, "LANG", "x" * 8192)
    assert not any([await set_env(chan, f"JUNK{n}", "v") for n in range(50)])
    assert not await set_env(chan, "LD_PRELOAD", "/tmp/x.so")
    assert await set_env(chan, "LANG", "en_GB.UTF-8")
    assert await set_env(chan, "COLORTERM", "truecolor")
    assert not await set_env(chan, "COLORTERM", "t" * (MAX_VALUE + 1))
    answers = [await set_env(chan, f"LC_X{'Y' * n}", "C.UTF-8") for n in range(MAX_VARIABLES)]
    assert answers.count(True) == MAX_VARIABLES - 2 and not any(answers[MAX_VARIABLES - 2:])
    # Nothing started a shell: the channels, then the connection, are closed.
    await asyncio.wait_for(conn.wait_closed(), WAIT)
    assert "that opened no session" in limited.log()


async def test_a_channel_that_never_starts_is_closed_while_others_run(make_server):
    limited = make_server("--login-grace", "2")
    alice = await Client.open(limited.port, "alice")
    try:
        await alice.wait_for(LOBBY)
        parked, _ = await bare_channel(alice.conn)
        await asyncio.wait_for(parked.wait_closed(), WAIT)
        assert "started nothing" in limited.log()
        assert not alice.term.closed.is_set()  # the session that started stays
        again, listing = await bare_channel(alice.conn)  # room for a new channel
        assert await start_terminal(again, "list")
        await asyncio.wait_for(listing.closed.wait(), WAIT)
        assert "No tables" in listing.screen.text()
    finally:
        await alice.close()


async def test_a_table_id_is_one_argument_of_letters_and_digits(server):
    """`ssh -t host 'join --hub=/x'` once reached the app's options parser."""
    conn = await connect(server.port, "alice", client_keys=[])
    try:
        for word in ("--hub=/x", "-h", "--watch=k7m2q", "ab/cd", "k7m2q;x"):
            for verb in ("join", "watch"):
                await closed_with(await terminal_on(conn, f"{verb} {word}"),
                                  "is not a table id")
    finally:
        conn.close()
    assert "session for alice" not in server.log()  # no session process was started
