"""The whole log of the game on screen, scrollable (F3): the board itself has
room for only the last few lines at 80x24."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class LogScreen(ModalScreen[None]):
    CSS_PATH = "log.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f3,q", "close", "Close"),
    ]

    def __init__(self, title: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = tuple(lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="log-frame"):
            with VerticalScroll(id="log-scroll"):
                # Plain Text: log lines quote what was typed, never markup.
                yield Static(Text("\n".join(self.lines)) if self.lines
                             else Text("No moves yet.", style="dim"), id="log-text")
            yield Static(" ↑↓ PgUp PgDn Home End scroll   Esc/F3 close", id="log-keys")

    def on_mount(self) -> None:
        self.query_one("#log-frame").border_title = (
            f"{self.title_text}: the whole log ({len(self.lines)} moves)")
        scroll = self.query_one("#log-scroll", VerticalScroll)
        scroll.focus()
        # The newest moves are the ones wanted first; older ones are above.
        self.call_after_refresh(lambda: scroll.scroll_end(animate=False))

    def action_close(self) -> None:
        self.dismiss(None)
