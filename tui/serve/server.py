"""`gemtable serve`: the SSH server, the table hub and the bot workers in one process.

    server process ── asyncssh (port 2222) ── one SessionChannel per SSH session
          │                                        └─ session process on a pty
          ├─ Hub (tables, seats, logs) ◄── Unix socket ──┘   (gemtable lobby)
          └─ BotPool (worker processes: bots and stand-ins)

SIGTERM or Ctrl-C stops it cleanly: sessions are told, tables closed (their
logs stay), and the next start resumes every unfinished table.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import random
import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh
import attrs

from .botpool import BotPool
from .datalock import DataFolderInUse, hold_data_folder, release_data_folder
from .gate import ConnectionGate, Startups
from .hub import TABLES_PER_PERSON, Hub, HubLimits
from .keys import KeyBook, OpenBook
from .launcher import SubprocessLauncher, ZygoteLauncher
from .store import (
    DataDir,
    DataDirError,
    HostKeyError,
    default_data_dir,
    load_or_create_host_key,
)

if TYPE_CHECKING:
    from .webserver import WebFront

log = logging.getLogger("gemtable.serve")

SESSIONS_PER_USER = 6
IDLE_CHECK_EVERY = 15.0


@attrs.frozen
class ServeOptions:
    host: str = "127.0.0.1"
    open_to_network: bool = False
    """--open on an address others can reach: asked for in so many words."""
    port: int = 2222
    host_key: Path | None = None
    authorized_keys: Path | None = None
    open: bool = False
    data: Path | None = None
    max_sessions: int = 64
    max_tables: int = 32
    max_tables_per_person: int = TABLES_PER_PERSON
    """Unfinished tables one person may have made."""
    idle_timeout: float = 1800.0
    stand_in_after: float | None = 90.0
    stand_in_bot: str = "greedy"
    bot_workers: int = 2
    fork_sessions: bool = True
    """Fork sessions from a process that has imported the app (fast, shared memory)."""
    login_grace: float = 30.0
    """Seconds a connection may stay without a session (logging in, or after its last)."""
    max_connections: int = 128
    """Logged-in connections at once, in all."""
    max_per_address: int = 16
    """Logged-in connections at once from one address."""
    max_startups: Startups = Startups()
    """Connections still logging in: OpenSSH's MaxStartups (gate.py)."""
    exec_bots: tuple[str, ...] = ()
    """Outside programs offered as bots in the lobby (`exec:COMMAND` kinds)."""
    ladder: bool = True
    """Keep the ladder of finished tables (`--no-ladder`: none)."""
    web_port: int | None = None
    """Serve browsers on this port too (webserver.py); None: SSH only."""
    web_host: str = "127.0.0.1"
    tls_cert: Path | None = None
    tls_key: Path | None = None
    public_url: str | None = None
    """Where browsers reach the page when a proxy stands in front (https://...)."""


def whole_units(seconds: float) -> str:
    """A duration as people say it: "20 s", "30 min", "2 h"."""
    if seconds < 120:
        return f"{round(seconds)} s"
    if seconds < 2 * 3600:
        return f"{round(seconds / 60)} min"
    return f"{round(seconds / 3600)} h"


class ServeError(Exception):
    """A setting the server cannot start with; the text is for the operator."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_options(options: ServeOptions) -> None:
    if options.open and options.authorized_keys is not None:
        raise ServeError("choose --open or --authorized-keys, not both")
    if not options.open and options.authorized_keys is None:
        raise ServeError("say who may connect: --authorized-keys FILE (OpenSSH format), "
                         "or --open (anyone, on this machine only)")
    if options.open and not is_loopback(options.host) and not options.open_to_network:
        raise ServeError(f"--open on {options.host} lets anyone who can reach it in, under "
                         "any free name; add --open-to-network if that is what you want")
    if options.open_to_network and not options.open:
        raise ServeError("--open-to-network goes with --open")
    if options.authorized_keys is not None and not options.authorized_keys.is_file():
        raise ServeError(f"{options.authorized_keys}: no such file")
    check_web_options(options)


def check_web_options(options: ServeOptions) -> None:
    web = options.web_port is not None
    if not web and (options.web_host != "127.0.0.1" or options.tls_cert or options.tls_key
                    or options.public_url):
        raise ServeError("--web-host, --tls-cert, --tls-key and --public-url go with --web PORT")
    if (options.tls_cert is None) != (options.tls_key is None):
        raise ServeError("--tls-cert and --tls-key go together")
    for path in (options.tls_cert, options.tls_key):
        if path is not None and not path.is_file():
            raise ServeError(f"{path}: no such file")
    if options.public_url is not None and not options.public_url.startswith(
            ("https://", "http://127.0.0.1", "http://localhost")):
        raise ServeError("--public-url must be an https:// address (or a loopback http:// one)")
    if not web or is_loopback(options.web_host):
        return
    if options.open and not options.open_to_network:
        raise ServeError(f"--open with --web-host {options.web_host} lets anyone who can reach "
                         "it in, under any free name; add --open-to-network if that is what "
                         "you want")
    if options.tls_cert is None:
        raise ServeError(f"--web-host {options.web_host} would send sign-in links and cookies "
                         "over plain HTTP: add --tls-cert and --tls-key, or keep the web port "
                         "on loopback behind a TLS proxy (docs/serve.md, \"Browsers\")")


class Server:
    def __init__(self, options: ServeOptions, rng: random.Random | None = None) -> None:
        check_options(options)
        self.options = options
        try:
            self.data = DataDir(options.data or default_data_dir())
            self.data.socket_path()  # the run folder is checked now, not at the first session
            self._held = hold_data_folder(self.data.root)  # one writer of the ladder
        except (DataDirError, DataFolderInUse) as error:
            raise ServeError(str(error)) from None
        self.keys = KeyBook(options.authorized_keys) if options.authorized_keys else None
        self.names = OpenBook(self.data.names) if self.keys is None else None
        self.pool = BotPool(options.bot_workers)
        limits = HubLimits(max_tables=options.max_tables,
                           tables_per_person=options.max_tables_per_person,
                           stand_in_after=options.stand_in_after,
                           stand_in_bot=options.stand_in_bot,
                           exec_bots=tuple(options.exec_bots), ladder=options.ladder)
        self.hub = Hub(self.data, self.pool, limits=limits, server_name=socket.gethostname())
        self.hub.names_verified = self.keys is not None
        self.sessions: set = set()
        # Random early drops must not be predictable to whoever opens connections.
        self.gate = ConnectionGate(options.max_startups, options.max_connections,
                                   options.max_per_address, rng or random.SystemRandom())
        self.launcher = ZygoteLauncher() if options.fork_sessions else SubprocessLauncher()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.ssh_port = options.port
        self.web: WebFront | None = None

    @property
    def open_mode(self) -> bool:
        return self.names is not None

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the server listens on: the hub's (from `start` on)."""
        return self.hub.loop

    # --- life ----------------------------------------------------------------------------
    async def start(self) -> int:
        """Listen; returns the port (useful with --port 0)."""
        from .sshserver import GemtableSSHServer

        key_path = self.options.host_key or self.data.host_key
        try:
            host_key = load_or_create_host_key(key_path)
        except HostKeyError as error:
            raise ServeError(str(error)) from None
        except (OSError, asyncssh.KeyImportError) as error:
            raise ServeError(f"{key_path}: cannot use this host key ({error})") from None
        try:
            await self.hub.start()
        except DataDirError as error:  # the folder for damaged tables, met on restoring
            raise ServeError(str(error)) from None
        if isinstance(self.launcher, ZygoteLauncher):
            await self.launcher.start()
        if self.keys is not None:
            self.keys.reload()  # logs the key lines it cannot use, and why
        self._acceptor = await asyncssh.create_server(
            lambda: GemtableSSHServer(self), self.options.host, self.options.port,
            server_host_keys=[host_key], line_editor=False, encoding=None,
            allow_scp=False, agent_forwarding=False, x11_forwarding=False,
            login_timeout=self.options.login_grace or None, keepalive_interval=30, keepalive_count_max=4,
            server_version="gemtable")
        port = self.ssh_port = self._acceptor.sockets[0].getsockname()[1]
        host = self.options.host
        if self.options.open and not is_loopback(host):
            log.warning("--open on %s: anyone who can reach it may connect, under any name",
                        host)
        self.hub.invite = f"ssh -t -p {port} {self.public_host()} join {{id}}"
        self.loop.create_task(self._check_idle())
        log.info("listening on %s:%d (data %s; host key %s)", host, port, self.data.root,
                 host_key.get_fingerprint("sha256"))
        if self.options.web_port is not None:
            await self._start_web(self.options.web_port)
        return port

    async def _start_web(self, port: int) -> None:
        from .webserver import WebFront, tls_context

        options = self.options
        try:
            tls = (tls_context(options.tls_cert, options.tls_key)
                   if options.tls_cert and options.tls_key else None)
        except (OSError, ValueError) as error:
            raise ServeError(f"cannot use the TLS certificate and key: {error}") from None
        self.web = WebFront(self, port, options.web_host, public_url=options.public_url,
                            tls=tls)
        await self.web.start()

    def public_host(self) -> str:
        host = self.options.host
        if host in ("", "0.0.0.0", "::"):
            return socket.gethostname()
        return f"[{host}]" if ":" in host else host

    async def stop(self, reason: str = "The server is stopping; your game is saved.") -> None:
        if self._acceptor is not None:
            self._acceptor.close()
        for session in list(self.sessions):
            session.close_for(reason)
        if self.web is not None:
            await asyncio.sleep(0.2)  # the browsers' goodbyes leave before their sockets close
            await self.web.stop()
        await self.hub.stop(reason)
        await self.launcher.stop()
        self.pool.shutdown()
        await asyncio.sleep(0.2)  # let the goodbyes leave
        release_data_folder(self._held)

    # --- limits ----------------------------------------------------------------------------
    def admit(self, session) -> str:
        """Why a new session cannot start ("" when it can); adds it if it can."""
        if len(self.sessions) >= self.options.max_sessions:
            return "the server is full; try again in a while"
        if sum(1 for s in self.sessions if s.user == session.user) >= SESSIONS_PER_USER:
            return f"{session.user} has {SESSIONS_PER_USER} sessions open already"
        self.sessions.add(session)
        return ""

    def release(self, session) -> None:
        self.sessions.discard(session)

    def connection_opened(self, connection: object, address: str) -> str:
        """Why a new connection must close at once ("" when it may log in)."""
        return self.gate.opened(connection, address)

    def connection_logged_in(self, connection: object) -> str:
        """Why a connection that just logged in must close ("" when it may stay)."""
        return self.gate.authenticated(connection)

    def connection_closed(self, connection: object) -> None:
        self.gate.closed(connection)

    async def _check_idle(self) -> None:
        timeout = self.options.idle_timeout
        while timeout > 0:
            await asyncio.sleep(min(IDLE_CHECK_EVERY, timeout))
            for session in list(self.sessions):
                if session.idle_for() > timeout:
                    log.info("closing the idle session of %s", session.user)
                    session.close_for(f"Closed after {whole_units(timeout)} idle. "
                                      "Your seat is kept: connect again to carry on.")

    def table_listing(self) -> str:
        lobby = self.hub.lobby()
        if not lobby.tables:
            return "No tables. Connect with a terminal to make one.\n"
        lines = []
        for info in lobby.tables:
            seats = ", ".join(s.user or ("open" if s.kind == "human" else s.kind)
                              for s in info.seats)
            lines.append(f"{info.id}  {info.title:<12} {seats:<36} {info.status_text()}")
        return "\n".join(lines) + "\n"


def _logging(data: DataDir) -> None:
    handler = logging.FileHandler(data.log_file, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    console = logging.StreamHandler(sys.stderr)
    console.setFormatter(logging.Formatter("gemtable serve: %(message)s"))
    root = logging.getLogger("gemtable.serve")
    root.setLevel(logging.INFO)
    root.handlers[:] = [handler, console]
    root.propagate = False
    os.chmod(data.log_file, 0o600)


async def _serve(options: ServeOptions) -> int:
    server = Server(options)
    _logging(server.data)
    port = await server.start()
    print(f"gemtable serve: ssh -p {port} {server.public_host()}"
          f"   (data in {server.data.root}; Ctrl-C stops)", file=sys.stderr, flush=True)
    if server.web is not None:
        print(f"gemtable serve: browsers at {server.web.url}/ (sign in: ssh -p {port} "
              f"{server.public_host()} web)", file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("stopping")
    await server.stop()
    return 0


def serve(options: ServeOptions) -> int:
    try:
        return asyncio.run(_serve(options))
    except ServeError as error:
        print(f"gemtable serve: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"gemtable serve: cannot listen on {options.host}:{options.port}: "
              f"{error.strerror or error}", file=sys.stderr)
        return 2
