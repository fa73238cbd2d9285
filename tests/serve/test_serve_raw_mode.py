"""The keys a terminal turns into signals (Ctrl+C, Ctrl+\\) are only keys to a
session, from its first moment: the terminal is in raw mode before the session
process starts, not only once the app has set it up."""

from __future__ import annotations

import asyncio
import os
import pty
import termios

import asyncssh
from rawssh import bare_channel, start_terminal
from serve_support import WAIT, key_of

from gemtable.tui.serve.terminal import raw_mode

LOBBY = "shared tables"
INTERRUPT, QUIT = b"\x03", b"\x1c"
PACE = 0.002
"""Seconds between two presses: a key every few milliseconds covers the whole start."""


async def test_ctrl_c_and_ctrl_backslash_from_the_first_moment_do_not_kill_it(server):
    conn = await asyncssh.connect("127.0.0.1", server.port, username="alice",
                                  known_hosts=None, client_keys=[key_of("alice")])
    try:
        chan, term = await bare_channel(conn)
        assert await start_terminal(chan)

        async def press_until_drawn() -> None:
            while LOBBY not in term.screen.text():
                assert not term.closed.is_set(), term.screen.text()
                chan.write(QUIT + INTERRUPT)
                await asyncio.sleep(PACE)

        await asyncio.wait_for(press_until_drawn(), WAIT)
        chan.write(b"c")  # and the app still takes keys
        while "New shared table" not in term.screen.text():
            assert not term.closed.is_set(), term.screen.text()
            term.changed.clear()
            await asyncio.wait_for(term.changed.wait(), WAIT)
    finally:
        conn.close()
    assert "ended with signal" not in server.log()


def test_raw_mode_turns_off_the_keys_that_make_signals():
    master, slave = pty.openpty()
    try:
        raw_mode(slave)
        iflag, _, _, lflag, _, _, cc = termios.tcgetattr(slave)
        assert not lflag & (termios.ISIG | termios.ICANON | termios.ECHO | termios.IEXTEN)
        assert not iflag & (termios.IXON | termios.ICRNL) and cc[termios.VMIN] == 1
    finally:
        os.close(master)
        os.close(slave)
