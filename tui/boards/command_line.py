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

    class UndoAsked(Message):
        """`:undo` was typed: a request to the table, not an action of the game."""

    def action_close(self) -> None:
        self.post_message(self.Closed())

    async def action_submit(self) -> None:
        # Every board's command line knows `undo`, whatever the game's notation.
        if self.value.strip().lower() == "undo":
            self.post_message(self.UndoAsked())
            self.post_message(self.Closed())
            return
        await super().action_submit()
