"""The process behind one SSH session: `gemtable lobby --hub PATH [--join ID]`.

The server starts it on a pseudo-terminal in a new session; it makes that
terminal its controlling terminal (so resizes reach it as SIGWINCH), proves
who it runs for with the token the server put in its environment, and runs
the app. If anything fails, the person sees one short sentence; the details
(traceback, locals) go to the server's log, never to the terminal.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import sys
import termios
import traceback

TOKEN_VARIABLE = "GEMTABLE_HUB_TOKEN"
SORRY = ("gemtable stopped because of a problem on the server (it is logged). "
         "Your game is saved: connect again to carry on.")


def take_terminal() -> None:
    """Make stdin's terminal the controlling terminal of this (new) session."""
    if os.isatty(0):
        # Failing means already ours, or not a session leader (run by hand): no harm.
        with contextlib.suppress(OSError):
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def run(hub: str, *, join: str | None = None, watch: str | None = None) -> int:
    take_terminal()
    token = os.environ.pop(TOKEN_VARIABLE, "")
    from .client import HubClient, HubError

    try:
        client = HubClient(hub)
        welcome = client.hello(token)
    except HubError as error:
        print(f"gemtable: {error}", file=sys.stderr)
        return 1
    try:
        return _run_app(client, welcome, join=join, watch=watch)
    finally:
        client.close()


def _run_app(client, welcome, *, join: str | None, watch: str | None) -> int:
    from rich.console import Console

    from .app import ServeApp
    from .protocol import CrashReport

    captured = io.StringIO()
    detail = ""
    app = None
    try:
        app = ServeApp(client, welcome, join=join, watch=watch)
        # Textual prints a failing app's traceback (with locals) on exit: keep it
        # for the server's log instead of showing it to the person.
        app.error_console = Console(file=captured, width=110, color_system=None,
                                    markup=False, highlight=False)
        app.run()
        detail = captured.getvalue()
    except Exception:
        detail = captured.getvalue() + traceback.format_exc()
    if detail.strip():
        with contextlib.suppress(Exception):  # the hub may be gone too: nothing to do then
            client.call(CrashReport, detail=detail)
        print(f"\r\n{SORRY}\r", file=sys.stderr)
        return 1
    farewell = getattr(app, "farewell", None)
    if farewell:
        print(f"\r\n{farewell}\r", file=sys.stderr)
    code = app.return_code if app is not None else 1
    return 0 if code is None else code
