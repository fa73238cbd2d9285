"""Waiting for players: the table's seats fill up here, then play starts on its own."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ..widgets import KeyBar
from . import protocol
from .app import ServedScreen
from .client import HubError
from .lobby import table_detail


class WaitingScreen(ServedScreen):
    CSS_PATH = "waiting.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "back", "Lobby"),
        Binding("s", "stand_up", "Stand up"),
        Binding("x", "cancel_table", "Cancel table"),
    ]

    def __init__(self, info: protocol.TableInfo, seat: int | None) -> None:
        super().__init__()
        self.info = info
        self.table_id = info.id
        self.seat = seat
        self._started = False
        self._ready = False
        self._listed = False

    def compose(self) -> ComposeResult:
        yield Static(id="waiting-title")
        with Vertical(id="waiting-card"):
            yield Static(id="waiting-detail")
            yield Static(id="waiting-invite")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        keys = [("q", "lobby")]
        if self.seat is not None:
            keys.append(("s", "stand up"))
        if self.info.created_by == self.serve_app.user:
            keys.append(("x", "cancel table"))
        self.query_one("#keys", KeyBar).set_keys(keys, [])
        self._ready = True
        self._show(self.info)
        lobby = self.serve_app.client.lobby
        if lobby is not None:
            self.lobby_updated(lobby)

    def on_unmount(self) -> None:
        self._ready = False  # leaving: lobby pushes still in flight change nothing

    def lobby_updated(self, update: protocol.LobbyUpdate) -> None:
        info = next((t for t in update.tables if t.id == self.table_id), None)
        if not self._ready or self._started or self.app.screen is not self:
            return
        if info is None:
            if self._listed:  # listed before, gone now: cancelled
                self.notify(f"Table {self.table_id} was cancelled.", severity="warning")
                self.serve_app.show_menu()
            return  # a table made a moment ago may not be listed yet
        self._listed = True
        if info.status != protocol.WAITING:
            self._started = True
            self.app.bell()
            self.serve_app.when_settled(self._to_game, info)
            return
        self._show(info)

    def _to_game(self, info: protocol.TableInfo) -> None:
        if self.app.screen is self:  # still here: the game replaces the waiting room
            self.app.switch_screen(self.serve_app.game_screen(info, self.seat))

    def _show(self, info: protocol.TableInfo) -> None:
        title = Text(f" Table {info.id} · {info.title} · waiting for players", style="bold")
        self.query_one("#waiting-title", Static).update(title)
        self.query_one("#waiting-detail", Static).update(
            table_detail(info, self.serve_app.user, None))
        count = len(info.open_seats)
        invite = Text()
        invite.append(f"{count} open seat{'s' if count != 1 else ''}. ", style="yellow")
        invite.append("Play starts by itself when every seat is taken.\n\n")
        invite.append("Friends join with\n")
        invite.append(f"  {self.serve_app.welcome.invite.format(id=info.id)}\n", style="bold")
        invite.append("or by picking the table in their lobby.")
        self.query_one("#waiting-invite", Static).update(invite)

    def action_back(self) -> None:
        self.serve_app.show_menu()

    def action_stand_up(self) -> None:
        if self.seat is not None:
            self._ask_and_leave(protocol.StandUp)

    def action_cancel_table(self) -> None:
        self._ask_and_leave(protocol.CancelTable)

    def _ask_and_leave(self, kind: type) -> None:
        """Ask the hub for `kind` at this table; back to the lobby unless it refuses."""
        try:
            self.serve_app.client.call(kind, table=self.table_id)
        except HubError as error:
            self.notify(str(error), severity="error")
            return
        self.serve_app.show_menu()
