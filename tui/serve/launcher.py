"""Starting session processes: forked from the zygote, or a fresh Python each.

`ZygoteLauncher` is the default (fast start, shared memory); if the zygote
cannot start or dies, sessions start as plain subprocesses instead
(`SubprocessLauncher`), slower but with nothing shared.
"""

from __future__ import annotations

import array
import asyncio
import itertools
import json
import logging
import os
import socket
import subprocess
import sys

log = logging.getLogger("gemtable.serve")

COMMAND = [sys.executable, "-m", "gemtable.tui.cli"]
BASE_ENV = ("PATH", "PYTHONPATH", "VIRTUAL_ENV", "HOME")
START_TIMEOUT = 60.0


def base_env() -> dict[str, str]:
    env = {name: os.environ[name] for name in BASE_ENV if name in os.environ}
    env["LANG"] = "C.UTF-8"
    return env


class SessionProcess:
    """A started session process: its pid, and its exit code when it ends."""

    def __init__(self, pid: int, ended: asyncio.Future) -> None:
        self.pid = pid
        self.ended = ended

    async def wait(self) -> int:
        return await self.ended


class SubprocessLauncher:
    async def spawn(self, args: list[str], env: dict[str, str], terminal: int) -> SessionProcess:
        process = await asyncio.create_subprocess_exec(
            *COMMAND, *args, stdin=terminal, stdout=terminal, stderr=terminal, env=env,
            start_new_session=True, close_fds=True)
        ended = asyncio.get_running_loop().create_task(process.wait())
        return SessionProcess(process.pid, ended)

    async def stop(self) -> None:
        pass


class ZygoteLauncher:
    def __init__(self) -> None:
        self.fallback = SubprocessLauncher()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._socket: socket.socket | None = None
        self._process: subprocess.Popen | None = None
        self._buffer = b""
        self._ids = itertools.count(1)
        self._starting: dict[int, asyncio.Future] = {}
        self._ended: dict[int, asyncio.Future] = {}
        self._ready: asyncio.Future | None = None
        self.alive = False
        self._stopping = False

    async def start(self) -> None:
        self._loop = loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "gemtable.tui.serve.zygote", str(theirs.fileno())],
                pass_fds=[theirs.fileno()], env=base_env(), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, start_new_session=True)
        except OSError as error:
            log.error("no session zygote (%s): sessions start as new processes", error)
            ours.close()
            return
        finally:
            theirs.close()
        ours.setblocking(False)
        self._socket = ours
        self._ready = loop.create_future()
        loop.add_reader(ours.fileno(), self._readable)
        try:
            await asyncio.wait_for(asyncio.shield(self._ready), START_TIMEOUT)
            self.alive = True
        except (TimeoutError, ConnectionError):
            log.error("the session zygote did not start: sessions start as new processes")
            await self.stop()

    async def spawn(self, args: list[str], env: dict[str, str], terminal: int) -> SessionProcess:
        if not self.alive or self._socket is None:
            return await self.fallback.spawn(args, env, terminal)
        loop = asyncio.get_running_loop()
        request_id = next(self._ids)
        started = loop.create_future()
        self._starting[request_id] = started
        line = json.dumps({"id": request_id, "args": args, "env": env}).encode() + b"\n"
        self._socket.sendmsg([line], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                       array.array("i", [terminal]))])
        try:
            pid = await asyncio.wait_for(started, 10.0)
        except (TimeoutError, ConnectionError):
            self._starting.pop(request_id, None)
            return await self.fallback.spawn(args, env, terminal)
        ended = self._ended.setdefault(pid, loop.create_future())
        return SessionProcess(pid, ended)

    def _readable(self) -> None:
        if self._socket is None or self._loop is None:
            return  # a call queued before `_gone` took the reader away
        try:
            data = self._socket.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._gone()
            return
        self._buffer += data
        *lines, self._buffer = self._buffer.split(b"\n")
        for line in lines:
            message = json.loads(line)
            if "ready" in message and self._ready is not None and not self._ready.done():
                self._ready.set_result(message["ready"])
            elif "pid" in message:
                started = self._starting.pop(message.get("id"), None)
                if started is not None and not started.done():
                    started.set_result(message["pid"])
            elif "exit" in message:
                ended = self._ended.pop(message["exit"], None)
                if ended is None:
                    ended = self._loop.create_future()
                    self._ended[message["exit"]] = ended  # reported before it was asked
                if not ended.done():
                    ended.set_result(message["code"])

    def _gone(self) -> None:
        """The zygote ended: new sessions start as subprocesses; running ones carry on."""
        if self.alive and not self._stopping:
            log.error("the session zygote ended; new sessions start as new processes")
        self.alive = False
        if self._socket is not None and self._loop is not None:
            self._loop.remove_reader(self._socket.fileno())
            self._socket.close()
            self._socket = None
        for future in [*self._starting.values(), self._ready]:
            if future is not None and not future.done():
                future.set_exception(ConnectionError("the zygote is gone"))
        # Running sessions' exit codes cannot come now: their terminals closing
        # tells the server they ended (terminal.py).

    async def stop(self) -> None:
        self._stopping = True
        self._gone()
        if self._process is not None:
            try:
                await asyncio.get_running_loop().run_in_executor(None, self._process.wait, 5)
            except subprocess.TimeoutExpired:
                self._process.kill()
            self._process = None
