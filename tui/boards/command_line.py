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


class TypedCommands:
    """Opening and closing a board's CommandLine. The board keeps `_message`
    (the line under the board) and `_redraw()`, and answers Input.Submitted."""

    _message: object

    def _open_command(self) -> None:
        command = self.query_one(CommandLine)  # type: ignore[attr-defined]
        command.display = True
        command.focus()
        self._message = None
        self._redraw()  # type: ignore[attr-defined]

    def _close_command(self) -> None:
        command = self.query_one(CommandLine)  # type: ignore[attr-defined]
        command.value = ""
        command.display = False
        self.focus()  # type: ignore[attr-defined]

    def on_command_line_closed(self, event: CommandLine.Closed) -> None:
        event.stop()
        self._close_command()
