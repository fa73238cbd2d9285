"""A session process on a pseudo-terminal, and the byte pump between it and SSH.

The child gets the terminal's slave side as stdin, stdout and stderr (Textual
draws on stderr) in a session of its own; it makes the terminal its
controlling terminal itself (session.py), which is what lets a resize set
here with TIOCSWINSZ reach it as SIGWINCH. The environment is built from
nothing (sshenv.py).

The terminal is in raw mode before the child starts: with the usual settings
a Ctrl+C or Ctrl+\\ typed in the moment before Textual sets raw mode itself
would kill the session process with a signal (and Ctrl+S stop its output).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import logging
import os
import pty
import signal
import struct
import termios
from collections.abc import Callable

from .launcher import SessionProcess, SubprocessLauncher, ZygoteLauncher

log = logging.getLogger("gemtable.serve")

READ_SIZE = 64 * 1024
INPUT_BACKLOG = 256 * 1024
"""Bytes waiting for the child to read before more input is dropped."""
KILL_AFTER = 3.0
"""Seconds a child has to stop after SIGHUP before it is killed."""


MAX_COLUMNS, MAX_ROWS = 400, 150
"""The largest screen a session draws: a bigger window gets its top-left corner
(a redraw of 10000x10000, even clamped to 1000x500, was 2 MB each time)."""
RESIZE_SETTLE = 0.1
"""Seconds a window size must hold before the app is told: a storm of resizes
(a window being dragged, or a client sending thousands) costs one redraw."""


TERMINAL_RESET = ("\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1016l"  # mouse
                  "\x1b[?1004l\x1b[?2004l\x1b[?2048l"  # focus, bracketed paste, size reports
                  "\x1b[<u"  # kitty keyboard mode: before the main screen, which has its own
                  "\x1b[0m\x1b[?25h\x1b[?1049l\x1b[?7h")  # plain, cursor, main screen, wrap
"""What the app would have written on its way out, sent when the server closes it."""


def raw_mode(fd: int) -> None:
    """The terminal settings Textual makes for itself (its driver's), made early:
    no signals from Ctrl+C or Ctrl+\\, no echo, no line editing or flow control."""
    attributes = termios.tcgetattr(fd)
    attributes[0] &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR
                       | termios.IGNCR)
    attributes[3] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN | termios.ISIG)
    attributes[6][termios.VMIN] = 1
    termios.tcsetattr(fd, termios.TCSANOW, attributes)


def set_size(fd: int, columns: int, rows: int) -> None:
    columns = max(20, min(int(columns or 80), MAX_COLUMNS))
    rows = max(5, min(int(rows or 24), MAX_ROWS))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class ChildTerminal:
    def __init__(self, launcher: ZygoteLauncher | SubprocessLauncher, args: list[str], env: dict[str, str], size: tuple[int, int], *,
                 output: Callable[[bytes], None], exited: Callable[[int], None]) -> None:
        self.launcher = launcher
        self.args = args
        self.env = env
        self.size = size
        self._output = output
        self._exited = exited
        self._loop = asyncio.get_running_loop()
        self._master = -1
        self._pending = bytearray()
        self._reading = False
        self._paused = False
        self._process: SessionProcess | None = None
        self._eof: asyncio.Future = self._loop.create_future()
        self._ended = False
        self.pid: int | None = None
        self._resize_timer: asyncio.TimerHandle | None = None

    async def start(self) -> None:
        master, slave = pty.openpty()
        try:
            set_size(slave, *self.size)
            raw_mode(slave)
            self._process = await self.launcher.spawn(self.args, self.env, slave)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.pid = self._process.pid
        os.set_blocking(master, False)
        self._master = master
        self._start_reading()
        self._loop.create_task(self._wait())

    # --- output (child to client) --------------------------------------------------
    def _start_reading(self) -> None:
        if not self._reading and not self._paused and self._master >= 0:
            self._loop.add_reader(self._master, self._readable)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading:
            self._loop.remove_reader(self._master)
            self._reading = False

    def _readable(self) -> None:
        try:
            data = os.read(self._master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: every process on the terminal has closed it
            self._stop_reading()
            self._saw_eof()
            return
        if data:
            self._output(data)
        else:
            self._stop_reading()
            self._saw_eof()

    def _saw_eof(self) -> None:
        if not self._eof.done():
            self._eof.set_result(None)

    def pause_output(self) -> None:
        """The client is slow: stop reading; the child blocks on a full terminal."""
        self._paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        self._paused = False
        self._start_reading()

    # --- input (client to child) ----------------------------------------------------
    def write(self, data: bytes) -> None:
        if self._master < 0 or not data:
            return
        if len(self._pending) + len(data) > INPUT_BACKLOG:
            return  # the child is not reading: keep the newest keys out rather than grow
        was_empty = not self._pending
        self._pending += data
        if was_empty:
            self._flush()

    def _flush(self) -> None:
        try:
            while self._pending:
                written = os.write(self._master, self._pending)
                del self._pending[:written]
        except BlockingIOError:
            self._loop.add_writer(self._master, self._writable)
            return
        except OSError as error:
            if error.errno not in (errno.EIO, errno.EBADF):
                log.warning("writing to session pid %s: %s", self.pid, error)
            self._pending.clear()

    def _writable(self) -> None:
        self._loop.remove_writer(self._master)
        self._flush()

    def resize(self, columns: int, rows: int) -> None:
        """Take the newest size; the app hears of it once the sizes stop changing."""
        self.size = (columns, rows)
        if self._resize_timer is not None:
            self._resize_timer.cancel()
        self._resize_timer = self._loop.call_later(RESIZE_SETTLE, self._apply_size)

    def _apply_size(self) -> None:
        self._resize_timer = None
        if self._master >= 0:
            with contextlib.suppress(OSError):
                set_size(self._master, *self.size)

    # --- ending ------------------------------------------------------------------------
    async def _wait(self) -> None:
        """Until the process has ended: its exit code, or its terminal closing."""
        assert self._process is not None
        ended = asyncio.ensure_future(self._process.wait())
        await asyncio.wait([ended, self._eof], return_when=asyncio.FIRST_COMPLETED)
        if not ended.done():  # the terminal closed first: the code follows at once
            await asyncio.wait([ended], timeout=KILL_AFTER)
        code = ended.result() if ended.done() and not ended.exception() else 0
        # Whatever the child wrote last (its goodbye) is still in the terminal.
        while self._master >= 0:
            try:
                data = os.read(self._master, READ_SIZE)
            except OSError:
                break
            if not data:
                break
            self._output(data)
        self._ended = True
        self._close_master()
        self._exited(code)

    def _close_master(self) -> None:
        if self._master >= 0:
            self._stop_reading()
            self._loop.remove_writer(self._master)
            os.close(self._master)
            self._master = -1

    def hang_up(self) -> None:
        """The client went away: SIGHUP now, SIGKILL if it lingers."""
        if self.pid is None or self._ended:
            return
        self._signal(signal.SIGHUP)
        self._loop.call_later(KILL_AFTER, self._signal, signal.SIGKILL)

    def _signal(self, number: int) -> None:
        if self.pid is not None and not self._ended:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, number)  # the process leads its own session
