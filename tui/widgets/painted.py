"""A block of lines painted for its width: the building block the game
boards draw their panels with."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

Painter = Callable[[int], list[Text]]
"""Draws a block's lines for a given width."""


class Painted(Widget):
    """Lines drawn by a function of the width; as tall as the lines it gets.

    The board hands each block a painter over its last view, so the block
    itself keeps no game state.
    """

    class Clicked(Message):
        def __init__(self, block: Painted, x: int, y: int) -> None:
            super().__init__()
            self.block = block
            self.x = x
            self.y = y

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._painter: Painter = lambda width: []
        self._cache: tuple[int, list[Text]] | None = None

    def draw(self, painter: Painter) -> None:
        self._painter = painter
        self._cache = None
        self.refresh(layout=True)

    def lines(self, width: int) -> list[Text]:
        if self._cache is None or self._cache[0] != width:
            self._cache = (width, self._painter(width))
        return self._cache[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Text:
        return Text("\n").join(self.lines(self.size.width))

    def on_click(self, event: Click) -> None:
        self.post_message(self.Clicked(self, event.x, event.y))
