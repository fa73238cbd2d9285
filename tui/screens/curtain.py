"""The hot-seat privacy curtain: covers the whole screen between two people's turns."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class CurtainScreen(Screen[None]):
    """An opaque screen (not a modal: nothing of the table shows through)."""

    CSS_PATH = "curtain.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "dismiss_curtain", "Show my view"),
        Binding("f1", "rules", "Rules"),
        Binding("q", "leave", "Quit"),
    ]

    def __init__(self, seat_label: str, *, hold: float = 0.0,
                 on_rules: Callable[[], None] | None = None,
                 on_leave: Callable[[], None] | None = None) -> None:
        """`on_rules` and `on_leave` open the rules and the quit question over
        the curtain: neither shows anything private, so they need not wait."""
        super().__init__()
        self.seat_label = seat_label
        self.hold = hold
        self.on_rules = on_rules
        self.on_leave = on_leave
        self._shown_at = 0.0

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            # The label may carry a bot program's name: shown as written, never as markup.
            card = Text.assemble("Pass to ", (self.seat_label, "bold"),
                                 "\n\nEveryone else, look away.\n\n",
                                 f"{self.seat_label}: press ", ("Enter", "bold"),
                                 " to see your hand.")
            if self.on_leave:
                card.append("\n\nF1 rules · q quit (saved)", style="dim")
            yield Static(card, id="curtain-card")

    def action_dismiss_curtain(self) -> None:
        # An Enter typed just before the curtain rose (the last player confirming
        # their move twice) must not open the next player's hand to them.
        if time.monotonic() - self._shown_at >= self.hold:
            self.dismiss(None)

    def action_rules(self) -> None:
        if self.on_rules is not None:
            self.on_rules()

    def action_leave(self) -> None:
        if self.on_leave is not None:
            self.on_leave()
