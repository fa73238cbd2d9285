"""One session process as the hub sees it: its requests and its table attachments."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from gemtable.engine import SPECTATOR
from gemtable.tui.table import Connection
from gemtable.tui.table.messages import Outbound

from . import lobbyrequests, protocol, wire
from .ladder.service import answer as ladder_answer

if TYPE_CHECKING:
    from .hub import Hub
    from .hubtable import HubTable

log = logging.getLogger("gemtable.serve")

WRITE_BACKLOG = 8 * 1024 * 1024
"""Bytes queued for a session that stopped reading before the hub drops it."""


class HubSession:
    def __init__(self, hub: Hub, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 loop: asyncio.AbstractEventLoop) -> None:
        self.hub = hub
        self.user: str | None = None
        self._reader = reader
        self._writer = writer
        self._loop = loop
        self._closed = False
        self._next_attachment = 1
        self.attachments: dict[int, tuple[HubTable, object, Connection]] = {}
        self._lobby_seen: object = None

    # --- sending ---------------------------------------------------------------------------
    def write_frame(self, frame: bytes) -> None:
        if self._closed:
            return
        if self._writer.transport.get_write_buffer_size() > WRITE_BACKLOG:
            log.warning("session of %s stopped reading; dropping it", self.user)
            self.close()
            return
        self._writer.write(frame)

    def send(self, message: object) -> None:
        self.write_frame(wire.encode(message))

    def send_from_thread(self, message: object) -> None:
        """From a table thread: encode here, write on the loop (in call order)."""
        frame = wire.encode(message)
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self.write_frame, frame)

    def push_lobby(self, lobby: protocol.LobbyUpdate, frame: bytes) -> None:
        """Send the listing if this session would see a difference.

        At a table, only that table's seats and status matter (names on the
        screen); in the lobby, everything does. A move at one table then wakes
        only the sessions that show it, not every session on the server."""
        if self.user is None:
            return
        tables = {table.id for table, _, _ in self.attachments.values()}
        seen: object
        if tables:
            seen = tuple((t.id, t.seats, t.status) for t in lobby.tables if t.id in tables)
        else:
            seen = lobby
        if seen != self._lobby_seen:
            self._lobby_seen = seen
            self.write_frame(frame)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._writer.close()

    # --- receiving ------------------------------------------------------------------------
    async def run(self) -> None:
        try:
            while not self._closed:
                header = await self._reader.readexactly(wire.HEADER.size)
                length = wire.frame_length(header, wire.MAX_REQUEST)
                request = wire.decode_request(await self._reader.readexactly(length))
                await self._dispatch(request)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        except protocol.ProtocolError as error:
            log.warning("session of %s sent a bad frame: %s", self.user, error)
        finally:
            self.close()

    async def _dispatch(self, request: protocol.Request) -> None:
        from .hub import Refused

        answer: Coroutine[Any, Any, object]
        if isinstance(request, protocol.Hello):
            answer = self._hello(request)
        elif self.user is None:
            raise protocol.ProtocolError("the first message must be Hello")
        else:
            answer = self._handle(request, self.user)
        try:
            value = await answer
        except Refused as error:
            if request.rid:
                self.send(protocol.Reply(request.rid, False, str(error)))
            return
        except Exception:
            log.exception("request %s from %s failed", type(request).__name__, self.user)
            if request.rid:
                self.send(protocol.Reply(request.rid, False, "the server could not do that"))
            return
        if request.rid:
            self.send(protocol.Reply(request.rid, True, value=value))
        if isinstance(request, protocol.Hello) and self.user is not None:
            self.send(self.hub.lobby())
            self.hub.lobby_changed()  # the others' lists of who is online

    async def _hello(self, request: protocol.Hello) -> protocol.Welcome:
        self.user, welcome = self.hub.hello(request.token)
        log.info("session process of %s connected", self.user)
        return welcome

    async def _handle(self, request: protocol.Request, user: str) -> object:
        """Any request but Hello, from the session of `user`."""
        from .hub import Refused

        hub = self.hub
        match request:
            case protocol.CreateTable():
                return await lobbyrequests.create_table(hub, user, request)
            case protocol.TableQuery(table=table_id):
                return hub.table(table_id).info()
            case protocol.TakeSeat():
                return await lobbyrequests.take_seat(hub, user, request)
            case protocol.StandUp():
                await lobbyrequests.stand_up(hub, user, request)
                return None
            case protocol.CancelTable():
                await lobbyrequests.cancel_table(hub, user, request)
                return None
            case protocol.Attach(table=table_id, who=who):
                return await self._attach(hub.table(table_id), who, user)
            case protocol.Detach(attachment=attachment):
                await self._detach(attachment)
                return None
            case protocol.Submit(attachment=attachment, action=action):
                entry = self.attachments.get(attachment)
                if entry is None:
                    raise Refused("you are not at that table")
                table, seat, connection = entry
                if not isinstance(seat, int):
                    raise Refused("a spectator cannot play")
                await table.call(connection.submit, str(action)[:protocol.MAX_ACTION])
                return None
            case protocol.RetryBot(table=table_id):
                table = hub.table(table_id)
                if table.seat_of(user) is None:
                    raise Refused("only the people at the table can ask a bot to retry")
                return await table.call(table.table.retry_bot)
            case protocol.CrashReport(detail=detail):
                log.error("the screen of %s failed:\n%s", user, str(detail)[:20000])
                return None
            case (protocol.RatingsQuery() | protocol.LeaderboardQuery() | protocol.HistoryQuery()
                  | protocol.ReplayQuery() | protocol.ReviewQuery()):
                return await ladder_answer(hub, user, request)
        raise Refused(f"unknown request {type(request).__name__}")

    # --- attachments ----------------------------------------------------------------------
    async def _attach(self, table: HubTable, who: object, user: str) -> tuple[int,
                                                                              protocol.TableInfo]:
        from .hub import Refused

        if who is not SPECTATOR:
            seat = table.seat_of(user)
            if not isinstance(who, int) or who != seat:
                raise Refused("you can see your own seat or the public view only")
        attachment = self._next_attachment
        self._next_attachment += 1

        def deliver(message: Outbound) -> None:
            self.send_from_thread(protocol.TableEvent(attachment, message))

        connection = await table.call(table.table.connect, who, deliver)
        self.attachments[attachment] = (table, who, connection)
        table.arrived(who)
        return attachment, table.info()

    async def _detach(self, attachment: int) -> None:
        entry = self.attachments.pop(attachment, None)
        if entry is None:
            return
        table, who, connection = entry
        await table.call(connection.close)
        table.left(who)

    async def detach_all(self) -> None:
        for attachment in list(self.attachments):
            await self._detach(attachment)
        if self.user is not None:
            log.info("session process of %s ended", self.user)
