"""Small widgets the board is built from: the action log and the line for
typing an action (the painted blocks are the shared `Painted`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from . import glyphs as G

_ROLL = re.compile(r"^(\d+)\. Chance: roll (\w+)$")


def compact_history(history: Sequence[str]) -> list[str]:
    """The log with each run of dice rolls on one line: a round rolls up to 16
    dice, one chance step each, which would push every decision off screen."""
    out: list[str] = []
    run: list[tuple[str, str]] = []

    def flush() -> None:
        if run:
            first, last = run[0][0], run[-1][0]
            steps = first if first == last else f"{first}-{last}"
            out.append(f"{steps}. Chance: rolled {' '.join(die for _, die in run)}")
            run.clear()

    for entry in history:
        match = _ROLL.match(entry)
        if match:
            run.append((match[1], match[2]))
        else:
            flush()
            out.append(entry)
    flush()
    return out


class LogView(Widget):
    """The most recent actions as the table words them, newest at the bottom."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.history: Sequence[str] = ()

    def draw(self, history: Sequence[str]) -> None:
        self.history = compact_history(history)
        self.refresh()

    def render(self) -> Text:
        height, width = self.size.height, self.size.width
        if not self.history:
            return G.span("No moves yet.", G.DIM)
        lines: list[Text] = []
        for i, entry in enumerate(self.history[-max(1, height):]):
            style = G.TEXT if i == min(height, len(self.history)) - 1 else G.DIM
            lines += [G.fit(G.span(part, style), width) for part in wrap(entry, width)]
        return Text("\n").join(lines[-height:] if height > 0 else [])


def wrap(entry: str, width: int, indent: int = 3) -> list[str]:
    """An entry cut at spaces into lines of `width`, continuations indented."""
    words, lines, line = entry.split(" "), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = " " * indent + word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]


