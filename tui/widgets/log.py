"""The action log every game board shows: the most recent entries, newest at
the bottom and brightest."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ..boards.layout import DIM, TEXT, fit, span, wrap


class LogView(Widget):
    """The most recent actions as the table words them, newest at the bottom."""

    WRAP_FROM: ClassVar[int | None] = 0
    """Log heights from which long entries wrap instead of being cut (None:
    never); a short log keeps one line per entry, so it still shows several."""

    LATEST: ClassVar[Style] = TEXT
    """The newest entry's style; older ones are EARLIER."""
    EARLIER: ClassVar[Style] = DIM

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.history: Sequence[str] = ()

    def draw(self, history: Sequence[str]) -> None:
        self.history = self.entries(history)
        self.refresh()

    def entries(self, history: Sequence[str]) -> Sequence[str]:
        """The log's lines to show for `history` (a game may merge some)."""
        return tuple(history)

    def render(self) -> Text:
        height, width = self.size.height, self.size.width
        if not self.history:
            return span("No moves yet.", self.EARLIER)
        lines: list[Text] = []
        recent = self.history[-max(1, height):]
        for i, entry in enumerate(recent):
            style = self.LATEST if i == len(recent) - 1 else self.EARLIER
            wraps = self.WRAP_FROM is not None and height >= self.WRAP_FROM
            parts = wrap(entry, width) if wraps else [entry]
            lines += [fit(span(part, style), width) for part in parts]
        return Text("\n").join(lines[-height:] if height > 0 else [])
