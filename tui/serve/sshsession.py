"""One SSH session channel: a terminal running the lobby, or a one-line command.

asyncssh runs with `line_editor=False` (keys go straight through, unechoed)
and `encoding=None` (bytes). A session with a terminal gets a process on a
pseudo-terminal (terminal.py); a command without one (`ssh host list`) gets
a line of text. Commands: none (the lobby), `join ID`, `watch ID`, `list`,
`stats [NAME]`, `leaderboard GAME`, `web`, `help`.

Every session start asks the connection again whether its user may use the
name (sshserver.py): a name can be claimed by someone else between a login
and a session. A channel that has not started a shell or a command within
the login grace is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from typing import TYPE_CHECKING

import asyncssh

from .inputfilter import InputFilter
from .keys import valid_name
from .ladder.keeper import LadderOff
from .plain import printable
from .sshenv import child_env
from .terminal import TERMINAL_RESET, ChildTerminal

if TYPE_CHECKING:
    from .server import Server
    from .sshserver import GemtableSSHServer

log = logging.getLogger("gemtable.serve")

HELP = """gemtable: shared tables for the gemtable board games.
  ssh -p PORT HOST                 the lobby: tables to join, watch or make
  ssh -t -p PORT HOST join ID      sit at (or return to) table ID
  ssh -t -p PORT HOST watch ID     watch table ID
  ssh -p PORT HOST list            the tables, as text
  ssh -p PORT HOST stats [NAME]    ratings, best solo scores and last tables (yours)
  ssh -p PORT HOST leaderboard GAME   the people and bot levels of a game, best first
  ssh -p PORT HOST web             a link that signs a browser in (servers with --web)
  ssh -p PORT HOST web --sign-out-all   sign every browser of yours out
Truecolor: add -o SetEnv=COLORTERM=truecolor
"""
TABLE_ID = re.compile(r"^[A-Za-z0-9]{1,16}$")
"""What may be passed on as a table id: never anything the app's own options parser
could take for an option."""


class SessionChannel(asyncssh.SSHServerSession):
    """One SSH session: a terminal running the lobby, or a one-line command."""

    def __init__(self, server: Server, login: GemtableSSHServer) -> None:
        self.server = server
        self.login = login
        self.user = login.user
        self.peer = login.peer
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.has_pty = False
        self.command = ""
        self.child: ChildTerminal | None = None
        self.filter = InputFilter()
        self.token: str | None = None
        self.started = time.monotonic()
        self._began = False
        """A shell or command was started (the login grace stops for the connection)."""
        self._deadline: asyncio.TimerHandle | None = None
        self._closed = False
        self._hung_up = False
        self._counted = True
        """Still counted among the connection's channels."""

    # --- what the client asks for -------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan
        grace = self.server.options.login_grace
        if grace > 0:
            self._deadline = asyncio.get_running_loop().call_later(grace, self._never_began)

    def _never_began(self) -> None:
        self._deadline = None
        if self.chan is not None and not self._began:
            log.info("closing a session of %s from %s that started nothing", self.user,
                     self.peer[1])
            self.chan.close()

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: object) -> bool:
        if not self.login.rules().pty:
            return False  # the key's line says no-pty (or restrict)
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
        self._began = True
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self.login.session_began()
        self.server.loop.create_task(self._start())

    # --- starting ---------------------------------------------------------------------
    def _say(self, text: str, status: int) -> None:
        if self.chan is not None and not self._closed:
            self._closed = True
            try:
                # A terminal in raw mode needs \r\n; a command's output is a plain text file.
                shown = text.replace("\n", "\r\n") if self.has_pty else text
                self.chan.write(shown.encode("utf-8"))
                self.chan.exit(status)
            except OSError:  # the client has gone already
                pass

    async def _start(self) -> None:
        if self.chan is None:
            return  # asyncssh opens the channel before it starts the session
        if not valid_name(self.user):
            self._say("gemtable: user names are 1-24 letters, digits, '.', '_' or '-', "
                      "starting with a letter or digit.\n", 1)
            return
        refusal = self.login.name_refusal()
        if refusal:
            self._say(refusal, 1)
            return
        forced = self.login.rules().command
        command = self.command if forced is None else forced.strip()
        words = command.split()
        verb = words[0].lower() if words else ""
        if verb == "help" or (verb and verb not in ("join", "watch", "list", "lobby", "web",
                                                    "stats", "leaderboard")):
            self._say(HELP, 0 if verb == "help" else 1)
            return
        if verb == "list":
            self._say(self.server.table_listing(), 0)
            return
        if verb in ("stats", "leaderboard"):
            self._say(*await self._ladder_command(verb, words[1:]))
            return
        if verb == "web":
            from .webcommand import ssh_web_command

            self._say(*ssh_web_command(self.server, self.login, words[1:]))
            return
        if verb in ("join", "watch") and len(words) != 2:
            self._say(f"gemtable: {verb} needs a table id, for example `{verb} k7m2q`.\n", 1)
            return
        if not self.has_pty:
            hint = f" {printable(command, 60)}" if command else ""
            self._say(f"gemtable needs a terminal: connect with ssh -t ...{hint}\n", 1)
            return
        if verb in ("join", "watch") and not TABLE_ID.match(words[1]):
            self._say(f"gemtable: {printable(words[1], 32)} is not a table id; ids are "
                      f"letters and digits, for example `{verb} k7m2q`.\n", 1)
            return
        refusal = self.server.admit(self)
        if refusal:
            self._say(f"gemtable: {refusal}\n", 1)
            return
        allowed, code = self.login.claim()
        if not allowed:
            self.server.release(self)
            self._say(self.login.name_refusal() or "gemtable: this name is taken.\n", 1)
            return
        args = ["lobby", "--hub", str(self.server.hub.socket_path)]
        if verb in ("join", "watch"):
            args.append(f"--{verb}={words[1].lower()}")  # one argument: never an option
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

    async def _ladder_command(self, verb: str, words: list[str]) -> tuple[str, int]:
        from .ladder.text import leaderboard_text, stats_text

        if len(words) > 1 or (verb == "leaderboard" and not words):
            usage = "stats [NAME]" if verb == "stats" else "leaderboard GAME, for example " \
                "`leaderboard jowhari`"
            return f"gemtable: {usage}\n", 1
        try:
            if verb == "leaderboard":
                return await self.server.hub.in_ladder(leaderboard_text, words[0].lower())
            name = words[0] if words else self.user
            if not valid_name(name):
                return f"gemtable: {printable(name, 32)} is not a name.\n", 1
            return await self.server.hub.in_ladder(stats_text, name), 0
        except LadderOff as error:
            return f"gemtable: {error}.\n", 1
        except Exception as error:  # the ladder's file: say so, never drop the connection
            log.error("the ladder could not answer %s: %s: %s", verb, type(error).__name__,
                      error)
            return "gemtable: the ladder cannot be read just now.\n", 1

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
                self._say(f"{TERMINAL_RESET}\r\ngemtable stopped unexpectedly (the server logged "
                          "it). Your game is saved: connect again to carry on.\n", 1)
        if self.chan is not None and not self._closed:
            self._closed = True
            with contextlib.suppress(OSError):
                self.chan.exit(max(0, code))
        self._finish()

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._hang_up()
        self._finish()

    def _hang_up(self) -> None:
        if self.child is not None:
            self._hung_up = True
            self.child.hang_up()

    def _finish(self) -> None:
        if self._counted:
            self._counted = False
            self.login.session_ended(self._began)
        if self.token is not None:
            self.server.hub.revoke_token(self.token)
            self.token = None
        self.server.release(self)
