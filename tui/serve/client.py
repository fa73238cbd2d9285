"""The hub as a session process reaches it: one socket, one reader thread.

Requests block the calling thread until their reply (callers are Textual
workers or the UI thread for sub-millisecond local calls). Everything the hub
pushes arrives on the reader thread and goes to listeners, which must not
block (Textual's `post_message` and `call_from_thread` are fine).
"""

from __future__ import annotations

import contextlib
import itertools
import socket
import threading
from collections.abc import Callable
from pathlib import Path

from gemtable.tui.table.messages import Outbound

from . import protocol, wire

CALL_TIMEOUT = 20.0


class HubError(Exception):
    """The hub refused a request, or is gone; the text is for people."""


class _Call:
    def __init__(self, register: Callable[[object], None] | None) -> None:
        self.done = threading.Event()
        self.reply: protocol.Reply | None = None
        self.register = register


class HubClient:
    def __init__(self, path: str | Path, *, timeout: float = CALL_TIMEOUT) -> None:
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._socket.connect(str(path))
        except OSError as error:
            self._socket.close()
            raise HubError(f"cannot reach the table hub ({error.strerror or error})") from None
        self.timeout = timeout
        self._send_lock = threading.Lock()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._calls: dict[int, _Call] = {}
        self._deliver: dict[int, Callable[[Outbound], None]] = {}
        self._early: dict[int, list[Outbound]] = {}
        self._gone: set[int] = set()
        self._listeners: list[Callable[[object], None]] = []
        self._held: list[object] = []
        """Notices that came before anything listened (the app not started yet)."""
        self._lost = False
        """The hub went away before anything listened."""
        self._listen_lock = threading.Lock()
        self.lobby: protocol.LobbyUpdate | None = None
        self.closed = False
        self.user: str | None = None
        self.welcome: protocol.Welcome | None = None
        self._reader = threading.Thread(target=self._read, name="gemtable-hub", daemon=True)
        self._reader.start()

    # --- requests -------------------------------------------------------------------------
    def _send(self, message: object) -> None:
        try:
            frame = wire.request_frame(message)
        except protocol.ProtocolError as error:
            raise HubError(str(error)) from None
        try:
            with self._send_lock:
                self._socket.sendall(frame)
        except OSError:
            self._closed()
            raise HubError("the connection to the table hub is lost") from None

    def call(self, kind: type, **fields: object) -> object:
        """Send `kind(rid, **fields)`, wait for the reply; its value, or HubError."""
        return self._call(kind, fields, None)

    def _call(self, kind: type, fields: dict[str, object],
              register: Callable[[object], None] | None) -> object:
        """`call`; `register` sees a good reply's value on the reader thread first."""
        if self.closed:
            raise HubError("the connection to the table hub is lost")
        detail = fields.get("detail")
        if kind is protocol.CrashReport and isinstance(detail, str):
            # The end of a traceback says what failed: keep that much.
            fields = {**fields, "detail": detail[-wire.MAX_DETAIL:]}
        rid = next(self._ids)
        pending = _Call(register)
        with self._lock:
            self._calls[rid] = pending
        try:
            self._send(kind(rid=rid, **fields))
        except HubError:
            with self._lock:
                self._calls.pop(rid, None)
            raise
        if not pending.done.wait(self.timeout):
            with self._lock:
                self._calls.pop(rid, None)
            raise HubError("the table hub did not answer in time")
        reply = pending.reply
        if reply is None:
            raise HubError("the connection to the table hub is lost")
        if not reply.ok:
            raise HubError(reply.reason)
        return reply.value

    def call_for_table(self, kind: type, **fields: object) -> protocol.TableInfo:
        """`call` for the requests the hub answers with a table's listing."""
        info = self.call(kind, **fields)
        if not isinstance(info, protocol.TableInfo):
            raise HubError(f"the table hub answered {kind.__name__} with something else")
        return info

    def tell(self, kind: type, **fields: object) -> None:
        """Send a request that needs no answer (a move: the table answers it)."""
        self._send(kind(rid=0, **fields))

    def hello(self, token: str) -> protocol.Welcome:
        welcome = self.call(protocol.Hello, token=token)
        assert isinstance(welcome, protocol.Welcome)
        self.welcome, self.user = welcome, welcome.user
        return welcome

    def attach(self, table: str, who: object,
               deliver: Callable[[Outbound], None]) -> tuple[int, protocol.TableInfo]:
        """Receive `who`'s messages at `table` through `deliver` (on the reader thread)."""

        def register(value: object) -> None:
            attached = _attached(value)
            if attached is None:
                return  # the caller below says what went wrong
            attachment = attached[0]
            self._deliver[attachment] = deliver
            for message in self._early.pop(attachment, []):
                deliver(message)

        attached = _attached(self._call(protocol.Attach, {"table": table, "who": who}, register))
        if attached is None:
            raise HubError("the table hub answered Attach with something else")
        return attached

    def detach(self, attachment: int) -> None:
        self._deliver.pop(attachment, None)
        self._gone.add(attachment)
        if not self.closed:
            with contextlib.suppress(HubError):
                self.tell(protocol.Detach, attachment=attachment)

    def listen(self, listener: Callable[[object], None]) -> Callable[[], None]:
        """Call `listener` with every LobbyUpdate and Notice, and None when the hub is gone.

        The first listener also hears what came before it: the notices held so far,
        and None if the hub is gone already."""
        with self._listen_lock:  # nothing is dispatched meanwhile: the order holds
            first = not self._listeners
            self._listeners.append(listener)
            if first:
                held, self._held = self._held, []
                for message in held:
                    listener(message)
                if self._lost:
                    listener(None)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def close(self) -> None:
        """Leave on purpose: listeners are not told the hub went away."""
        self._listeners.clear()
        self.closed = True
        with contextlib.suppress(OSError):
            self._socket.shutdown(socket.SHUT_RDWR)
        self._socket.close()

    # --- the reader thread ---------------------------------------------------------------
    def _read(self) -> None:
        """Read what has arrived, then dispatch every complete frame in it at once.

        The messages of one table change arrive together; handing them to the
        app back to back lets it redraw once for all of them."""
        buffer = bytearray()
        try:
            while True:
                chunk = self._socket.recv(1 << 16)
                if not chunk:
                    break
                buffer += chunk
                while len(buffer) >= wire.HEADER.size:
                    length = wire.frame_length(bytes(buffer[: wire.HEADER.size]), wire.MAX_EVENT)
                    end = wire.HEADER.size + length
                    if len(buffer) < end:
                        break
                    message = wire.decode_event(bytes(buffer[wire.HEADER.size:end]))
                    del buffer[:end]
                    self._dispatch(message)
        except (OSError, EOFError, protocol.ProtocolError):
            pass
        self._closed()

    def _dispatch(self, message: object) -> None:
        if isinstance(message, protocol.TableEvent):
            deliver = self._deliver.get(message.attachment)
            if deliver is not None:
                deliver(message.message)
            elif message.attachment not in self._gone:  # sent before the attach reply told us its number
                self._early.setdefault(message.attachment, []).append(message.message)
            return
        if isinstance(message, protocol.Reply):
            with self._lock:
                pending = self._calls.pop(message.rid, None)
            if pending is None:
                return
            if message.ok and pending.register is not None:
                pending.register(message.value)
            pending.reply = message
            pending.done.set()
            return
        with self._listen_lock:
            if isinstance(message, protocol.LobbyUpdate):
                self.lobby = message  # kept: whoever listens later reads the latest
            elif not self._listeners:
                self._held.append(message)
            for listener in list(self._listeners):
                listener(message)

    def _closed(self) -> None:
        if self.closed and not self._calls and not self._listeners:
            return
        self.closed = True
        with self._lock:
            calls, self._calls = self._calls, {}
        for pending in calls.values():
            pending.done.set()
        with self._listen_lock:
            self._lost = not self._listeners
            for listener in list(self._listeners):
                listener(None)
            self._listeners.clear()


def _attached(value: object) -> tuple[int, protocol.TableInfo] | None:
    """The reply to Attach, (attachment number, the table's listing), or None."""
    match value:
        case (int() as attachment, protocol.TableInfo() as info):
            return attachment, info
    return None
