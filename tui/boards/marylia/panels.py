"""Small widgets the board is built from: the action log (the painted
blocks are the shared `Painted`)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from . import glyphs as G

WRAP_FROM = 8
"""Log heights from which long entries wrap instead of being cut."""


class LogView(Widget):
    """The most recent actions as the table words them, newest at the bottom."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.history: Sequence[str] = ()

    def draw(self, history: Sequence[str]) -> None:
        self.history = tuple(history)
        self.refresh()

    def render(self) -> Text:
        height, width = self.size.height, self.size.width
        if not self.history:
            return G.span("No moves yet.", G.DIM)
        lines: list[Text] = []
        recent = self.history[-max(1, height):]
        for i, entry in enumerate(recent):
            style = G.TEXT if i == len(recent) - 1 else G.DIM
            # A short log keeps one line per entry (cut), so it still shows several.
            parts = wrap(entry, width) if height >= WRAP_FROM else [entry]
            lines += [G.fit(G.span(part, style), width) for part in parts]
        return Text("\n").join(lines[-height:] if height > 0 else [])


def wrap(entry: str, width: int, indent: int = 3) -> list[str]:
    """An entry cut at spaces into lines of `width`, continuations indented."""
    lines, line = [], ""
    for word in entry.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = " " * indent + word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]
