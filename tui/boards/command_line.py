"""The line a board opens (`:`) for typing an action in the game's notation."""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input


class CommandLine(Input):
    """One line for typing an action in the game's notation."""

    BINDINGS = [Binding("escape", "close", "Close", show=False)]

    class Closed(Message):
        pass

    def action_close(self) -> None:
        self.post_message(self.Closed())
