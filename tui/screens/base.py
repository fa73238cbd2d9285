"""The screen every gemtable screen that needs the app's own parts builds on."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from ..app import GemtableApp


class GemtableScreen(Screen[None]):
    """A screen of the gemtable app, with the app's own parts typed."""

    @property
    def gemtable(self) -> GemtableApp:
        """The app (Textual types `self.app` as any App)."""
        return cast("GemtableApp", self.app)
