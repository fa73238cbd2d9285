"""The board's other inputs: clicks on squares, and actions typed in notation.

A mixin of JewelBoxBoard, kept apart so each module stays short; it works on
the board's own fields (cursor, message, view) and its acting methods.
"""

from __future__ import annotations

from textual.widgets import Input

from gemtable.engine import IllegalAction

from .boxes import BoxesView
from .prompt import CommandLine


class MouseAndTyping:
    """Mouse picks and the `:` command line of the Jewel Box board."""

    def on_boxes_view_picked(self, event: BoxesView.Picked) -> None:
        event.stop()
        self.focus()
        if event.seat != self._featured():
            self._look = event.seat
        again = event.square == self._cursor
        self._cursor = event.square
        self._message = None
        if (event.chain >= 2 or again) and not self._blocked():
            self._enter()
        else:
            self._redraw()

    def _open_command(self) -> None:
        command = self.query_one(CommandLine)
        command.display = True
        command.focus()
        self._message = None
        self._redraw()

    def _close_command(self) -> None:
        command = self.query_one(CommandLine)
        command.value = ""
        command.display = False
        self.focus()

    def on_command_line_closed(self, event: CommandLine.Closed) -> None:
        event.stop()
        self._close_command()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        blocked = self._blocked()
        if blocked or self._view is None:
            self._say(blocked)
            return
        if not text:
            self._close_command()
            return
        try:
            action = self._view.parse_action(text)
        except IllegalAction as error:
            self._say(f"{text}: {error.reason}")
            return
        self._close_command()
        self._play(action)
