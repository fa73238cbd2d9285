"""The SSH side: authentication, and one session process per SSH session.

asyncssh runs with `line_editor=False` (keys go straight through, unechoed)
and `encoding=None` (bytes). A session with a terminal gets a process on a
pseudo-terminal (terminal.py); a command without one (`ssh host list`) gets
a line of text. Commands: none (the lobby), `join ID`, `watch ID`, `list`,
`help`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import asyncssh

from .inputfilter import InputFilter
from .keys import valid_name
from .plain import printable
from .terminal import ChildTerminal

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger("gemtable.serve")

HELP = """gemtable: shared tables for the gemtable board games.
  ssh -p PORT HOST                 the lobby: tables to join, watch or make
  ssh -t -p PORT HOST join ID      sit at (or return to) table ID
  ssh -t -p PORT HOST watch ID     watch table ID
  ssh -p PORT HOST list            the tables, as text
Truecolor: add -o SetEnv=COLORTERM=truecolor
"""
TERMINAL_RESET = ("\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"  # mouse off
                  "\x1b[?1004l\x1b[?2004l"  # focus events, bracketed paste off
                  "\x1b[0m\x1b[?25h\x1b[?1049l")  # plain text, cursor shown, main screen
"""What the app would have written on its way out, sent when the server closes it."""
FORWARDED_ENV = ("COLORTERM", "NO_COLOR", "LANG")
KEPT_ENV = ("PATH", "PYTHONPATH", "VIRTUAL_ENV")


def child_env(term: str | None, client_env: dict[str, str], token: str) -> dict[str, str]:
    """The session process's environment, from nothing (never COLUMNS or LINES)."""
    env = {name: os.environ[name] for name in KEPT_ENV if name in os.environ}
    env["TERM"] = terminal_type(term)
    for name in FORWARDED_ENV:
        value = client_env.get(name, "")
        if value and value.isprintable() and len(value) < 64:
            env[name] = value
    if env.get("COLORTERM", "").lower() not in ("truecolor", "24bit"):
        env.pop("COLORTERM", None)
    if "UTF-8" not in env.get("LANG", "").upper():
        env["LANG"] = "C.UTF-8"
    env["HOME"] = os.environ.get("HOME", "/")
    env["GEMTABLE_HUB_TOKEN"] = token
    return env


def terminal_type(term: str | None) -> str:
    """The client's TERM when it promises 256 colours or more; else xterm-256color.

    Nearly every terminal in use draws 256 colours even when TERM says "xterm";
    Textual draws xterm sequences whatever the name, so this only lifts colour.
    """
    term = (term or "").strip()
    if term and term.isprintable() and len(term) < 64 and (
            "256color" in term or "direct" in term or "truecolor" in term):
        return term
    return "xterm-256color"


class GemtableSSHServer(asyncssh.SSHServer):
    """One SSH connection: checks who it is, then hands out sessions."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = ("", "")
        self._key: asyncssh.SSHKey | None = None
        self._grace: asyncio.TimerHandle | None = None
        self._open_sessions = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("", 0)
        self.peer = (str(peer[0]), str(peer[0]))
        refusal = self.server.connection_opened(self, self.peer[1])
        if refusal:
            log.warning("connection from %s refused: %s", self.peer[1], refusal)
            asyncio.get_running_loop().call_soon(conn.close)
            return
        self._arm_grace()  # asyncssh's login timeout covers logging in; this, after it

    def connection_lost(self, exc: Exception | None) -> None:
        self.conn = None
        self._disarm_grace()
        self.server.connection_closed(self)

    # --- a connection without a session is closed after the login grace ----------
    def _arm_grace(self) -> None:
        grace = self.server.options.login_grace
        self._disarm_grace()
        if grace > 0 and self.conn is not None:
            self._grace = asyncio.get_running_loop().call_later(grace, self._grace_over)

    def _disarm_grace(self) -> None:
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None

    def _grace_over(self) -> None:
        self._grace = None
        if self.conn is not None and self._open_sessions == 0:
            log.info("closing a connection from %s that opened no session", self.peer[1])
            self.conn.close()

    def session_ended(self) -> None:
        self._open_sessions -= 1
        if self._open_sessions <= 0:
            self._open_sessions = 0
            self._arm_grace()

    def begin_auth(self, username: str) -> bool:
        return True  # even with --open: a key offered is what a name gets bound to

    def password_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        server = self.server
        if server.keys is not None:
            fits = server.keys.listed(key, *self.peer)
        else:
            fits = server.names is not None and server.names.key_fits(username, key)
        if fits:
            self._key = key
        return fits

    # --open: a client without a key gets in on a free name with no question asked
    # (keyboard-interactive with no prompt), and on a name bound to a rejoin code
    # by typing that code.
    def kbdint_auth_supported(self) -> bool:
        return self.server.names is not None

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str):
        names = self.server.names
        bound = names.binding(username) if names is not None else {"": ""}
        if bound is None:
            return True
        if "code" in bound:
            return ("gemtable", f"The name {username} is taken. If it is yours, type the "
                    "rejoin code you were given.", "", [("Rejoin code (passcode): ", False)])
        return False

    def validate_kbdint_response(self, username: str, responses) -> bool:
        names = self.server.names
        return (names is not None and len(responses) == 1
                and names.code_fits(username, str(responses[0])))

    def session_requested(self) -> asyncssh.SSHServerSession:
        assert self.conn is not None
        self._open_sessions += 1
        self._disarm_grace()
        return SessionChannel(self.server, self.conn.get_extra_info("username") or "",
                              self._key, self.peer, ended=self.session_ended)


class SessionChannel(asyncssh.SSHServerSession):
    """One SSH session: a terminal running the lobby, or a one-line command."""

    def __init__(self, server: Server, user: str, key: asyncssh.SSHKey | None = None,
                 peer: tuple[str, str] = ("", ""),
                 ended: Callable[[], None] | None = None) -> None:
        self.server = server
        self._ended = ended
        self.user = user
        self.key = key
        self.peer = peer
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.has_pty = False
        self.command = ""
        self.child: ChildTerminal | None = None
        self.filter = InputFilter()
        self.token: str | None = None
        self.started = time.monotonic()
        self._closed = False
        self._hung_up = False

    # --- what the client asks for -------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: object) -> bool:
        self.has_pty = True
        self.term = term_type
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command.strip()
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        self.server.loop.create_task(self._start())

    # --- starting ---------------------------------------------------------------------
    def _say(self, text: str, status: int) -> None:
        if self.chan is not None and not self._closed:
            self._closed = True
            try:
                self.chan.write(text.replace("\n", "\r\n").encode("utf-8"))
                self.chan.exit(status)
            except OSError:  # the client has gone already
                pass

    async def _start(self) -> None:
        if self.chan is None:
            return  # asyncssh opens the channel before it starts the session
        words = self.command.split()
        verb = words[0].lower() if words else ""
        if not valid_name(self.user):
            self._say("gemtable: user names are 1-24 letters, digits, '.', '_' or '-', "
                      "starting with a letter or digit.\n", 1)
            return
        keys = self.server.keys
        if keys is not None and (self.key is None
                                 or not keys.may_use(self.user, self.key, *self.peer)):
            log.warning("name %s refused for key %s", self.user,
                        self.key.get_fingerprint("sha256") if self.key else "(none)")
            self._say(keys.refusal(self.user, self.key, *self.peer) if self.key else
                      "gemtable: sign in with a key.\n", 1)
            return
        if verb == "help" or (verb and verb not in ("join", "watch", "list", "lobby")):
            self._say(HELP, 0 if verb == "help" else 1)
            return
        if verb == "list":
            self._say(self.server.table_listing(), 0)
            return
        if verb in ("join", "watch") and len(words) != 2:
            self._say(f"gemtable: {verb} needs a table id, for example `{verb} k7m2q`.\n", 1)
            return
        if not self.has_pty:
            hint = f" {printable(self.command, 60)}" if self.command else ""
            self._say(f"gemtable needs a terminal: connect with ssh -t ...{hint}\n", 1)
            return
        refusal = self.server.admit(self)
        if refusal:
            self._say(f"gemtable: {refusal}\n", 1)
            return
        args = ["lobby", "--hub", str(self.server.hub.socket_path)]
        if verb in ("join", "watch"):
            args += [f"--{verb}", printable(words[1], 32)]
        code = self.server.names.bind(self.user, self.key) if self.server.names else None
        self.token = self.server.hub.issue_token(self.user, code)
        env = child_env(self.term, dict(self.chan.get_environment()), self.token)
        self.child = ChildTerminal(self.server.launcher, args, env, self.size,
                                   output=self._output, exited=self._exited)
        try:
            await self.child.start()
        except OSError as error:
            log.error("could not start a session process for %s: %s", self.user, error)
            self._say("gemtable: the server could not start your session; try again.\n", 1)
            self._finish()
            return
        log.info("session for %s: pid %s, %dx%d, TERM=%s%s", self.user, self.child.pid,
                 *self.size, env["TERM"], ", truecolor" if "COLORTERM" in env else "")

    # --- running ------------------------------------------------------------------------
    def _output(self, data: bytes) -> None:
        if self.chan is not None and not self._closed:
            try:
                self.chan.write(data)
            except OSError:
                self._closed = True

    def data_received(self, data: bytes, datatype: object) -> None:
        if self.child is not None:
            self.child.write(self.filter.feed(data))

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if width and height and self.child is not None:
            self.child.resize(width, height)

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_output()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_output()

    def eof_received(self) -> bool:
        return True  # the client's input ended; our output may still go on

    def break_received(self, msec: int) -> bool:
        return True  # ignored: a break must not reach the app as anything

    def idle_for(self) -> float:
        return time.monotonic() - self.filter.last_input

    def close_for(self, reason: str) -> None:
        """Limits (idle, shutdown): stop the session with a sentence, and give the
        person their terminal back as it was (the app had no time to)."""
        self._hang_up()
        self._say(f"{TERMINAL_RESET}\r\n{reason}\n", 0)

    def _exited(self, code: int) -> None:
        if code not in (0, 1) and not self._hung_up:
            log.error("session process of %s ended with %s", self.user,
                      f"signal {-code}" if code < 0 else f"status {code}")
            if not self._closed:
                self._say(f"{TERMINAL_RESET}\r\ngemtable stopped unexpectedly (the server logged it). "
                          "Your game is saved: connect again to carry on.\n", 1)
        if self.chan is not None and not self._closed:
            self._closed = True
            with contextlib.suppress(OSError):
                self.chan.exit(max(0, code))
        self._finish()

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        self._hang_up()
        self._finish()

    def _hang_up(self) -> None:
        if self.child is not None:
            self._hung_up = True
            self.child.hang_up()

    def _finish(self) -> None:
        if self._ended is not None:
            ended, self._ended = self._ended, None
            ended()
        if self.token is not None:
            self.server.hub.revoke_token(self.token)
            self.token = None
        self.server.release(self)
