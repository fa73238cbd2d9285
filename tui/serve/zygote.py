"""A process that has already imported the app and forks one copy per SSH session.

Starting Python and importing Textual and gemtable costs each session about
0.4 s and 20 MiB of its own. Forked from this process instead, a session
starts at once and shares those pages with every other session (copy on
write; `gc.freeze` keeps the collector from touching them).

This process is single-threaded and runs no event loop, so forking it is
safe. The server talks to it over a socketpair: a request is one JSON line
sent with the session terminal's file descriptor attached (SCM_RIGHTS); the
answers are JSON lines: {"pid": N} for each request, {"exit": N, "code": C}
for each session process that ended. When the server goes away, so does
this process (the sessions end with their terminals).

    python -m gemtable.tui.serve.zygote FD
"""

from __future__ import annotations

import array
import gc
import json
import logging
import os
import selectors
import signal
import socket
import sys

PRELOAD = (
    "gemtable.tui.cli",
    "gemtable.tui.serve.session",
    "gemtable.tui.serve.app",
    "gemtable.tui.serve.lobby",
    "gemtable.tui.serve.create",
    "gemtable.tui.serve.waiting",
    "gemtable.tui.screens.game",
    "gemtable.tui.screens.end",
    "gemtable.tui.screens.rules",
    "gemtable.tui.screens.dialogs",
    "gemtable.tui.boards",
    "textual.widgets",
    "textual.drivers.linux_driver",
)
MAX_REQUEST = 64 * 1024


def preload() -> None:
    import importlib

    for name in PRELOAD:
        importlib.import_module(name)
    from gemtable.engine import registry
    from gemtable.tui.boards import board_for

    for game in registry.all():
        board_for(game.id)
        game.rules_text()
    from gemtable.tui.serve import wire

    wire.prepare()  # the hub frames' checks, made once here rather than in every session


def _child(selector: selectors.BaseSelector, connection: socket.socket,
           wakeup: tuple[int, int], terminal: int, args: list[str], env: dict[str, str]) -> None:
    """In the forked child: become the session on `terminal`, run the app, exit."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        selector.close()
        connection.close()
        for fd in wakeup:
            os.close(fd)
        os.setsid()
        for target in (0, 1, 2):
            os.dup2(terminal, target)
        if terminal > 2:
            os.close(terminal)
        os.environ.clear()
        os.environ.update(env)
        import random

        random.seed()  # not the same sequence as every other session
        sys.stdin = open(0, closefd=False)  # noqa: SIM115 - the process's own stdio
        sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
        # Textual's driver writes to sys.__stderr__ and reads sys.__stdin__, so they
        # must be this session's terminal too. typeshed declares them Final (the
        # usual "original streams"), but they are plain attributes of sys.
        sys.__stdin__, sys.__stdout__, sys.__stderr__ = (  # type: ignore[misc]
            sys.stdin, sys.stdout, sys.stderr)
        from gemtable.tui.cli import main

        code = main(args)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    except BaseException:
        logging.getLogger("gemtable.serve").exception("session process %d failed", os.getpid())
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception:
            pass
        os._exit(code)


def _receive(connection: socket.socket) -> tuple[dict, int] | None:
    fds = array.array("i")
    data, ancillary, _, _ = connection.recvmsg(MAX_REQUEST, socket.CMSG_SPACE(fds.itemsize))
    if not data:
        return None
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[: len(payload) - len(payload) % fds.itemsize])
    if len(fds) != 1:
        for fd in fds:
            os.close(fd)
        raise ValueError("a request must carry exactly one terminal")
    return json.loads(data), fds[0]


def _send(connection: socket.socket, message: dict) -> None:
    connection.sendall(json.dumps(message).encode() + b"\n")


def _reap(connection: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _send(connection, {"exit": pid, "code": os.waitstatus_to_exitcode(status)})


def serve(fd: int) -> None:
    connection = socket.socket(fileno=fd)
    preload()
    gc.collect()
    gc.freeze()  # what is here now is shared with every session: leave it be
    wakeup = os.pipe()
    os.set_blocking(wakeup[1], False)
    signal.set_wakeup_fd(wakeup[1])
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C at the server's terminal
    selector = selectors.DefaultSelector()
    selector.register(connection, selectors.EVENT_READ)
    selector.register(wakeup[0], selectors.EVENT_READ)
    _send(connection, {"ready": os.getpid()})
    while True:
        for key, _ in selector.select():
            if key.fileobj is connection:
                try:
                    request = _receive(connection)
                except (ValueError, OSError):
                    continue
                if request is None:
                    return  # the server is gone
                message, terminal = request
                pid = os.fork()
                if pid == 0:
                    _child(selector, connection, wakeup, terminal, list(message["args"]),
                           dict(message["env"]))
                os.close(terminal)
                _send(connection, {"pid": pid, "id": message.get("id")})
            else:
                os.read(wakeup[0], 4096)
        _reap(connection)


if __name__ == "__main__":
    serve(int(sys.argv[1]))
