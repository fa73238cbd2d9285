"""One browser session: a websocket carrying a terminal, and the app on a pty behind it.

The page is textual-serve's terminal (xterm.js); it sends
`["stdin", text]`, `["resize", {"width": W, "height": H}]`, `["ping", t]`,
`["focus"]` and `["blur"]` as JSON text, and draws whatever binary frames
arrive. The session process is the same as an SSH session's: the app on a
pseudo-terminal of its own (terminal.py), forked from the zygote, with the
hub token in its environment and nothing the browser sent on its command line.
Keys pass the same input filter as SSH's (rate, paste size, valid UTF-8);
window sizes the same bounds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import TYPE_CHECKING

from aiohttp import WSMsgType, web

from .inputfilter import InputFilter
from .sshenv import child_env
from .terminal import TERMINAL_RESET, ChildTerminal

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger("gemtable.serve")

OUTPUT_HIGH = 1024 * 1024
"""Bytes of screen waiting for a slow browser before the app's output is paused."""
OUTPUT_LOW = 256 * 1024
MAX_MESSAGE = 64 * 1024
"""The largest websocket message a browser may send (the input filter caps pastes)."""


def _size(value: object, default: int) -> int:
    try:
        number = int(str(value))
    except ValueError:
        return default
    return number if 0 < number < 10_000 else default


class WebSession:
    """A browser's terminal: counted, idle-timed and closed like an SSH session."""

    kind = "web"

    def __init__(self, server: Server, user: str, cookie_digest: str, peer: str,
                 rejoin_code: str | None = None) -> None:
        self.server = server
        self.user = user
        self.cookie_digest = cookie_digest
        self.peer = peer
        self.rejoin_code = rejoin_code
        self.filter = InputFilter()
        self.child: ChildTerminal | None = None
        self.token: str | None = None
        self.socket: web.WebSocketResponse | None = None
        self._queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._queued = 0
        self._paused = False
        self._closing = False
        self._done = asyncio.Event()

    # --- what the server asks of every session ----------------------------------------
    def idle_for(self) -> float:
        return time.monotonic() - self.filter.last_input

    def close_for(self, reason: str) -> None:
        """Limits, sign-out, shutdown: the app stops and the page shows why."""
        if self._closing:
            return
        self._closing = True
        self._send(f"{TERMINAL_RESET}\r\n{reason}\r\n".encode())
        if self.child is not None:
            self.child.hang_up()
        self._queue.put_nowait(None)

    # --- running --------------------------------------------------------------------------
    async def run(self, request: web.Request, socket: web.WebSocketResponse) -> None:
        self.socket = socket
        size = (_size(request.query.get("width"), 80), _size(request.query.get("height"), 24))
        args = ["lobby", "--hub", str(self.server.hub.socket_path)]
        self.token = self.server.hub.issue_token(self.user, self.rejoin_code)
        env = child_env("xterm-256color", {"COLORTERM": "truecolor"}, self.token)
        self.child = ChildTerminal(self.server.launcher, args, env, size,
                                   output=self._send, exited=self._exited)
        sender = asyncio.get_running_loop().create_task(self._pump())
        try:
            await self.child.start()
        except OSError as error:
            log.error("could not start a browser session for %s: %s", self.user, error)
            self._send(b"gemtable: the server could not start your session; try again.\r\n")
            self._queue.put_nowait(None)
            await sender
            return
        log.info("browser session for %s from %s: pid %s, %dx%d", self.user, self.peer,
                 self.child.pid, *size)
        try:
            await self._receive(socket)
        finally:
            if not self._closing:
                self._closing = True
                self.child.hang_up()
            await self._done.wait()
            self._queue.put_nowait(None)
            await sender

    async def _receive(self, socket: web.WebSocketResponse) -> None:
        async for message in socket:
            if message.type != WSMsgType.TEXT or self.child is None:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                continue
            kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(body, str):
                self.child.write(self.filter.feed(body.encode("utf-8", "replace")))
            elif kind == "resize" and isinstance(body, dict):
                columns, rows = _size(body.get("width"), 0), _size(body.get("height"), 0)
                if columns and rows:
                    self.child.resize(columns, rows)
            elif kind == "ping" and isinstance(body, str) and len(body) <= 32:
                await socket.send_str(json.dumps(["pong", body]))
            # focus and blur change nothing the app shows; anything else is ignored

    # --- output: the app's screen to the browser, paced by how fast it leaves ----------
    def _send(self, data: bytes) -> None:
        if not data:
            return
        self._queued += len(data)
        self._queue.put_nowait(data)
        if self._queued > OUTPUT_HIGH and not self._paused and self.child is not None:
            self._paused = True
            self.child.pause_output()

    async def _pump(self) -> None:
        socket = self.socket
        assert socket is not None
        while True:
            data = await self._queue.get()
            if data is None:
                break
            # Join what waits into one frame: a screen update is often several reads.
            while not self._queue.empty() and len(data) < OUTPUT_LOW:
                following = self._queue.get_nowait()
                if following is None:
                    self._queue.put_nowait(None)
                    break
                data += following
            self._queued -= len(data)
            if not socket.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await socket.send_bytes(data)
            if self._paused and self._queued < OUTPUT_LOW and self.child is not None:
                self._paused = False
                self.child.resume_output()
        if not socket.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await socket.close()

    def _exited(self, code: int) -> None:
        if code not in (0, 1) and not self._closing:
            log.error("browser session process of %s ended with %s", self.user,
                      f"signal {-code}" if code < 0 else f"status {code}")
            self._send(f"{TERMINAL_RESET}\r\ngemtable stopped unexpectedly (the server logged "
                       "it). Your game is saved: reload the page to carry on.\r\n".encode())
        self._closing = True
        if self.token is not None:
            self.server.hub.revoke_token(self.token)
            self.token = None
        self._queue.put_nowait(None)
        self._done.set()
