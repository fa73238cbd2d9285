"""A shared table as the game screen sees it: the same calls as a local `Table`.

`RemoteTable` forwards `connect` and moves to the hub; the messages coming
back are the table's own (ViewUpdated, TurnStarted, ...), so the game screen
and boards run exactly the code they run for local play. Pace controls do
nothing here: the hub paces a shared table for everyone.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import attrs

from gemtable.engine import SPECTATOR, registry
from gemtable.tui.screens.seating import Seating
from gemtable.tui.table import HUMAN, seat_label
from gemtable.tui.table.messages import Outbound, Who

from . import protocol
from .client import HubClient, HubError


@attrs.frozen
class RemoteHeader:
    game: str
    variant: str
    players: int


class RemoteConnection:
    def __init__(self, table: RemoteTable, who: Who, attachment: int) -> None:
        self.table = table
        self.who = who
        self.attachment = attachment
        self.open = True

    def submit(self, action: str) -> None:
        # If the hub is gone, the app hears it from its listener.
        with contextlib.suppress(HubError):
            self.table.client.tell(protocol.Submit, attachment=self.attachment,
                                   action=action[:protocol.MAX_ACTION])

    def close(self) -> None:
        if self.open:
            self.open = False
            self.table.client.detach(self.attachment)


class RemoteTable:
    """One table at the hub, seen as `who` (your seat, or SPECTATOR)."""

    def __init__(self, client: HubClient, info: protocol.TableInfo, who: Who) -> None:
        self.client = client
        self.info = info
        self.who = who
        self.id = info.id
        self.header = RemoteHeader(info.game, info.variant, len(info.seats))
        self.game = registry.get(info.game)
        self.paused = False
        self.delay = 0.0
        self._connections: list[RemoteConnection] = []
        self._unlisten = client.listen(self.lobby_updated)

    def lobby_updated(self, message: object) -> None:
        """Keep this table's seats (who is away, who stands in) as the hub lists them.

        Called on the client's reader thread and again by the game screen on the
        app's thread, so the screen never redraws names from an older listing.
        """
        if isinstance(message, protocol.LobbyUpdate):
            mine = next((t for t in message.tables if t.id == self.id), None)
            if mine is not None:
                self.info = mine

    # --- what the game screen reads --------------------------------------------------
    @property
    def kinds(self) -> tuple[str, ...]:
        """Per seat, the person's name or the bot kind: how history lines name seats."""
        return tuple(seat.user or seat.kind if seat.kind == HUMAN else seat.kind
                     for seat in self.info.seats)

    @property
    def allow_hints(self) -> bool:
        return self.info.hints

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s, seat in enumerate(self.info.seats) if seat.kind == HUMAN)

    def label(self, seat: object) -> str:
        """'Seat 1 (alice)', 'Seat 2 (bob, away)', 'Seat 3 (greedy)', 'Spectator'."""
        label = seat_label(seat, self.kinds)
        if isinstance(seat, int) and 0 <= seat < len(self.info.seats):
            info = self.info.seats[seat]
            if info.user is not None and self.info.status == protocol.PLAYING:
                if info.stand_in:
                    label = f"{label[:-1]}, a bot plays)"
                elif not info.present:
                    label = f"{label[:-1]}, away)"
        return label

    # --- what the game screen does --------------------------------------------------
    def connect(self, who: Who, deliver: Callable[[Outbound], None]) -> RemoteConnection:
        attachment, info = self.client.attach(self.id, who, deliver)
        self.info = info
        connection = RemoteConnection(self, who, attachment)
        self._connections.append(connection)
        return connection

    def start(self) -> None:
        """The hub starts a table when its last seat is taken."""

    def close(self) -> None:
        """Leave the table (the seat stays yours); the game goes on at the hub."""
        for connection in self._connections:
            connection.close()
        self._connections.clear()
        self._unlisten()

    def retry_bot(self) -> bool:
        try:
            return bool(self.client.call(protocol.RetryBot, table=self.id))
        except HubError:
            return False

    def set_paused(self, paused: bool) -> None:
        """Shared tables are paced by the hub."""

    def step_once(self) -> None:
        """Shared tables are paced by the hub."""

    def set_delay(self, seconds: float) -> None:
        """Shared tables are paced by the hub."""


@attrs.define
class SeatSeating(Seating):
    """One terminal, one endpoint: your seat, or the public view for a spectator.

    The local `Seating` answers for a terminal that people may share; a remote
    terminal never switches seats, never shows a curtain and never controls
    the pace of a table others share, so every answer here is `who`.
    """

    who: Who = SPECTATOR

    @property
    def watching(self) -> bool:
        return False

    @property
    def private(self) -> bool:
        return False

    def endpoints(self) -> tuple[Who, ...]:
        return (self.who,)

    def observe(self, mover: int | None) -> None:
        pass

    def curtain_for(self, mover: int | None) -> int | None:
        return None

    def unlock(self, seat: int) -> None:
        pass

    def shown(self) -> Who:
        return self.who

    def next_follow(self) -> Who:
        return self.who


def seating_for(table: RemoteTable) -> SeatSeating:
    who = table.who if table.who is not None else SPECTATOR
    seats = (who,) if isinstance(who, int) else ()
    return SeatSeating(table.header.players, seats, private_views=False, who=who)
