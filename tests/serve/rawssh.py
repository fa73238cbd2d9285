"""An SSH client that does what ordinary clients never do, as an attacker would:
session channels opened and left without a shell, requests sent one by one
with the server's answer to each."""

from __future__ import annotations

import asyncio

import asyncssh
from asyncssh.packet import String, UInt32
from serve_support import WAIT, Terminal


async def bare_channel(conn: asyncssh.SSHClientConnection, size: tuple[int, int] = (80, 24)
                       ) -> tuple[asyncssh.SSHClientChannel, Terminal]:
    """A session channel with nothing asked of it yet (no terminal, env or shell).

    asyncssh's own `create_session` always asks for a shell or a command, so the
    channel is opened by hand; its session is a Terminal, for whatever comes."""
    term = Terminal(*size)
    chan: asyncssh.SSHClientChannel = asyncssh.SSHClientChannel(
        conn, asyncio.get_running_loop(), "strict", None, "strict", 2 * 1024 * 1024, 32768)
    await chan._open(b"session")
    chan._session = term
    term.connection_made(chan)
    await chan._start_reading()  # what asyncssh does once a shell has started
    return chan, term


async def ask(chan: asyncssh.SSHClientChannel, request: bytes, *args: bytes) -> bool:
    """Send one channel request and wait for the server's yes or no."""
    return bool(await asyncio.wait_for(chan._make_request(request, *args), WAIT))


async def set_env(chan: asyncssh.SSHClientChannel, name: str, value: str) -> bool:
    return await ask(chan, b"env", String(name), String(value))


async def start_terminal(chan: asyncssh.SSHClientChannel, command: str | None = None,
                         size: tuple[int, int] = (80, 24)) -> bool:
    """Ask for a terminal, then a shell (or `command`): what `ssh -t` does."""
    if not await ask(chan, b"pty-req", String("xterm-256color"), UInt32(size[0]),
                     UInt32(size[1]), UInt32(0), UInt32(0), String(b"\x00")):
        return False
    if command is None:
        return await ask(chan, b"shell")
    return await ask(chan, b"exec", String(command))
