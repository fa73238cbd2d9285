"""A real `gemtable serve` on 127.0.0.1 (a free port, a throw-away data folder and
host key) and real SSH clients with a terminal, whose screens are rebuilt by
a small emulator so tests read what a person would see."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest
from vt import Screen

from gemtable.ai import make_bot
from gemtable.engine import registry

# Import every module the bots use now, on the main thread: Python 3.11 may fail
# compiling in two threads at once (a bot thread and pytest's assertion rewriter).
for _kind in ("random", "greedy"):
    make_bot(_kind, game_id="jowhari", seed=0).choose(
        registry.get("jowhari").new(2, seed=0).view(0))

WAIT = 45.0
"""Seconds to wait for anything on a busy 2-core machine; only failures wait this long."""


class ServerProcess:
    def __init__(self, data: Path, *extra: str) -> None:
        self.data = data
        self.extra = extra
        self.process: subprocess.Popen | None = None
        self.port = 0
        self.errors = data.parent / f"{data.name}-server.err"
        self.web_url = ""
        """With --web: where browsers reach it (http://127.0.0.1:PORT)."""

    def start(self) -> int:
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        port = str(self.port)  # the same port again after a restart
        self.errors.write_text("")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gemtable.tui.cli", "serve", "--port", port,
             "--data", str(self.data), "--bot-workers", "1", *self.extra,
             *(() if "--authorized-keys" in self.extra else ("--open",))],
            stdout=subprocess.DEVNULL, stderr=self.errors.open("a"), env=env,
            start_new_session=True)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            printed = self.errors.read_text()
            found = re.search(r"ssh -p (\d+) ", printed)
            web = re.search(r"browsers at (\S+)/ ", printed)
            if found and (web or "--web" not in self.extra):
                self.port = int(found.group(1))
                self.web_url = web.group(1) if web else ""
                return self.port
            if self.process.poll() is not None:
                raise AssertionError(f"the server did not start:\n{self.errors.read_text()}")
            time.sleep(0.05)
        raise AssertionError("the server did not start in time")

    def log(self) -> str:
        return (self.data / "serve.log").read_text() if (self.data / "serve.log").exists() else ""

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(WAIT)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def kill(self) -> None:
        """Kill it outright (a crash, a power cut): nothing gets to tidy up."""
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(WAIT)
        self.process = None


@pytest.fixture
def server(tmp_path):
    running = ServerProcess(tmp_path / "data")
    running.start()
    yield running
    running.stop()


@pytest.fixture
def make_server(tmp_path):
    made: list[ServerProcess] = []

    def make(*extra: str) -> ServerProcess:
        running = ServerProcess(tmp_path / f"data{len(made)}", *extra)
        running.start()
        made.append(running)
        return running

    yield make
    for running in made:
        running.stop()


def server_with_keys(make_server, folder: Path, **keys: asyncssh.SSHKey) -> ServerProcess:
    """A server that lets in only these keys, each under the name it is given."""
    authorized = folder / "authorized_keys"
    authorized.write_text("".join(f"{key.export_public_key().decode().strip()} {name}\n"
                                  for name, key in keys.items()))
    return make_server("--authorized-keys", str(authorized))


class Terminal(asyncssh.SSHClientSession):
    """One person's terminal: the bytes go into a Screen."""

    def __init__(self, columns: int, rows: int) -> None:
        self.screen = Screen(columns, rows)
        self.raw = bytearray()
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.received_at = 0.0

    def data_received(self, data: bytes, datatype: object) -> None:
        self.raw.extend(data)
        self.screen.feed(data)
        self.received_at = time.monotonic()
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()


_KEYS: dict[str, asyncssh.SSHKey] = {}


def key_of(user: str) -> asyncssh.SSHKey:
    """The same key for a name every time it connects."""
    if user not in _KEYS:
        _KEYS[user] = asyncssh.generate_private_key("ssh-ed25519")
    return _KEYS[user]


class Client:
    """An SSH connection with a terminal, as a person at a keyboard uses it."""

    def __init__(self, user: str) -> None:
        self.user = user
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel | None = None
        self.term: Terminal | None = None

    @classmethod
    async def open(cls, port: int, user: str, *, command: str | None = None,
                   size: tuple[int, int] = (80, 24), env: dict | None = None,
                   term_type: str = "xterm-256color", **options) -> Client:
        client = cls(user)
        # Everyone has a key of their own (with --open, it is what their name is bound
        # to); tests of clients without one say client_keys=[]. A client without a key
        # is asked one keyboard-interactive question; asyncssh answers it only when
        # given a password.
        options.setdefault("client_keys", [key_of(user)])
        options.setdefault("password", "")
        client.conn = await asyncssh.connect("127.0.0.1", port, username=user,
                                             known_hosts=None, **options)
        client.chan, client.term = await client.conn.create_session(
            lambda: Terminal(*size), command, term_type=term_type, term_size=size,
            encoding=None, env=env or {})
        return client

    @property
    def screen(self) -> Screen:
        assert self.term is not None
        return self.term.screen

    def text(self) -> str:
        return self.screen.text()

    def send(self, keys: bytes | str) -> None:
        assert self.chan is not None and self.term is not None
        if self.term.closed.is_set():
            raise AssertionError(f"{self.user}: the session has ended; screen:\n{self.text()}")
        self.chan.write(keys.encode() if isinstance(keys, str) else keys)

    async def type(self, keys: str, pause: float = 0.05) -> None:
        """Key by key, as a person types (a burst would be a paste)."""
        for key in keys:
            self.send(key)
            await asyncio.sleep(pause)

    async def wait_for(self, what, timeout: float = WAIT) -> None:
        """Until `what` (text, or a predicate of the Screen) is on screen."""
        check = (lambda s: what in s) if isinstance(what, str) else what
        deadline = time.monotonic() + timeout
        assert self.term is not None
        while not check(self.screen):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"{self.user}: waited for {what!r}; screen:\n{self.text()}")
            if self.term.closed.is_set() and not check(self.screen):
                raise AssertionError(f"{self.user}: session closed; screen:\n{self.text()}")
            self.term.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.term.changed.wait(), min(remaining, 0.5))

    async def play(self, action: str) -> None:
        """Type a move in the game's notation (the board's `:` command line)."""
        self.send(":")
        await self.wait_for("(Enter plays, Esc closes)")
        await self.type(action, pause=0.01)
        self.send("\r")

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()
            self.conn = None


async def command_output(port: int, user: str, command: str, **options) -> str:
    """What `ssh -p PORT user@127.0.0.1 COMMAND` prints (no terminal)."""
    options.setdefault("client_keys", [key_of(user)])
    options.setdefault("password", "")
    async with asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None,
                                **options) as conn:
        result = await conn.run(command, check=False, encoding="utf-8")
    return f"{result.stdout or ''}{result.stderr or ''}"


async def sign_in_link(port: int, user: str, **options) -> str:
    """A browser sign-in link for `user`, as `ssh host web` prints it."""
    printed = await command_output(port, user, "web", **options)
    found = re.search(r"(https?://\S+/signin\?code=\S+)", printed)
    if found is None:
        raise AssertionError(f"no sign-in link in:\n{printed}")
    return found.group(1)


@pytest.fixture
async def clients():
    opened: list[Client] = []

    async def connect(port: int, user: str, **options) -> Client:
        client = await Client.open(port, user, **options)
        opened.append(client)
        return client

    yield connect
    for client in opened:
        await client.close()


# --- the hub on its own (no SSH): a thread with its event loop ---------------------------


class ThreadPool:
    """Bots in this process (the real pool's worker processes are tested end to end)."""

    def __init__(self) -> None:
        self.views: list[object] = []

    def make_bot(self, kind: str, *, game_id: str, seed: int):
        return make_bot(kind, game_id=game_id, seed=seed)

    def choose(self, kind: str, game_id: str, seed: int, view) -> str:
        self.views.append(view)
        return str(make_bot(kind, game_id=game_id, seed=seed).choose(view))

    def shutdown(self) -> None:
        pass


class HubThread:
    def __init__(self, data: Path, **limits) -> None:
        import threading

        from gemtable.tui.serve.hub import Hub, HubLimits
        from gemtable.tui.serve.store import DataDir

        self.pool = ThreadPool()
        self.hub = Hub(DataDir(data), self.pool, limits=HubLimits(**limits))
        self.loop = asyncio.new_event_loop()
        self.clients: list = []
        started = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(self.hub.start())
            started.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert started.wait(WAIT)

    def client(self, user: str):
        from gemtable.tui.serve.client import HubClient

        client = HubClient(self.hub.socket_path)
        client.hello(self.hub.issue_token(user))
        self.clients.append(client)
        return client

    def run(self, coroutine, timeout: float = WAIT):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def on_loop(self, function, timeout: float = WAIT):
        """`function()` on the hub's loop, between its callbacks: hub state as it is."""

        async def call():
            return function()

        return self.run(call(), timeout)

    def stop(self) -> None:
        for client in self.clients:
            client.close()
        self.run(self.hub.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)


@pytest.fixture
def hub_factory(tmp_path):
    made: list[HubThread] = []

    def make(data: Path | None = None, **limits) -> HubThread:
        running = HubThread(data or tmp_path / "hub", **limits)
        made.append(running)
        return running

    yield make
    for running in made:
        if running.thread.is_alive():
            running.stop()


@pytest.fixture
def hub(hub_factory, monkeypatch):
    """A hub whose tables are tab01, tab02, ... in the order they are made."""
    ids = (f"tab{n:02d}" for n in itertools.count(1))
    monkeypatch.setattr("gemtable.tui.serve.lobbyrequests.new_table_id", lambda taken: next(ids))
    return hub_factory()


def app_for(hub: HubThread, user: str, **options):
    """The app of a session process of `user`, connected to `hub`."""
    from gemtable.tui.serve.app import ServeApp

    client = hub.client(user)
    return ServeApp(client, client.welcome, animate=False, **options)


async def until(pilot, predicate, timeout: float = 30.0) -> None:
    """Let a served app run until `predicate()` holds (the hub answers on its thread)."""
    # Imported here: the scripts of this folder (loadtest.py, attack_*.py) run with
    # only this folder on their path, and never drive an app.
    from tui_support import until as tui_until

    await tui_until(pilot, predicate, timeout, poll=0.02, settle=0.1)


def wait_until(predicate, timeout: float = WAIT, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or predicate}")
        time.sleep(0.02)
