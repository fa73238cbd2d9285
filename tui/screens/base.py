"""The screen every gemtable screen that needs the app's own parts builds on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual.screen import Screen

from ..boards.base import Board
from ..widgets import SizeGuard

if TYPE_CHECKING:
    from ..app import GemtableApp


class GemtableScreen(Screen[None]):
    """A screen of the gemtable app, with the app's own parts typed."""

    @property
    def gemtable(self) -> GemtableApp:
        """The app (Textual types `self.app` as any App)."""
        return cast("GemtableApp", self.app)


class BoardScreen(GemtableScreen):
    """A screen around a game's board (id `board`), with a SizeGuard that
    covers the screen while the terminal is too small for it."""

    @property
    def board(self) -> Board[Any]:
        return self.query_one("#board", Board)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(SizeGuard).fit(event.size)

    def _fit_guard(self) -> None:
        """Fit the SizeGuard to the terminal as it is when the screen mounts."""
        self.query_one(SizeGuard).fit(self.app.size)
