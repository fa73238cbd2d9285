"""All players' boxes in the space the terminal gives, as large as fits.

The featured box (the person's own, or the seat to play for a spectator) is
tried large first; the others shrink to plain grids, then to compact letter
blocks stacked in columns, until everything fits the width and height.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from gemtable.engine.games.jewelbox.state import JewelBoxState

from . import glyphs
from .explain import Square
from .panels import Marks, Panel, compact_panel, full_panel, seat_label
from .strip import solo_panel

GAP = 2
SOLO_WIDTH = 34


def _grid(panels: list[Panel], limit: int) -> list[list[Panel]]:
    """Panels in as few columns as `limit` lines allow, filled row by row so
    seats read in order; returned as columns."""
    if not panels:
        return []
    tallest = max(p.height for p in panels)
    per_column = max(1, (limit + 1) // (tallest + 1))
    count = -(-len(panels) // per_column)
    return [panels[i::count] for i in range(count)]


def _join(columns: list[list[Panel]]) -> Panel:
    """Columns of panels side by side, with each panel's mouse squares moved along."""
    widths = [max(p.width for p in column) for column in columns]
    blocks: list[list[Text]] = []
    hits = []
    x = 0
    for column, width in zip(columns, widths, strict=True):
        block: list[Text] = []
        for panel in column:
            if block:
                block.append(Text(""))
            hits += [(y + len(block), x0 + x, x1 + x, s, sq) for y, x0, x1, s, sq in panel.hits]
            block.extend(panel.lines)
        blocks.append(block)
        x += width + GAP
    width = sum(widths) + GAP * (len(widths) - 1)
    return Panel(glyphs.hjoin(blocks, widths, GAP), width, hits)


def arrange(view: JewelBoxState, me: int | None, featured: int, marks: Marks,
            names: dict[int, str], width: int, height: int, roomy: bool) -> Panel:
    """The largest layout of every box that fits `width` x `height`."""
    others = [s for s in range(view.players) if s != featured]

    def full(seat: int, big: bool) -> Panel:
        return full_panel(view, seat, seat_label(seat, me, names),
                          marks if seat == featured else Marks(), big)

    def compact(seat: int) -> Panel:
        return compact_panel(view, seat, seat_label(seat, me, {}))

    # (featured large, how to draw the others), largest first; each tried with
    # the others in one row, then stacked in columns.
    options: list[tuple[bool, Callable[[int], Panel]]] = []
    if roomy:
        options += [(True, lambda s: full(s, True)), (True, lambda s: full(s, False)),
                    (True, compact)]
    options += [(False, lambda s: full(s, False)), (False, compact)]
    layout = None
    for big, draw in options:
        main = full(featured, big)
        drawn = [draw(s) for s in others]
        if view.players == 1:
            drawn = [Panel(solo_panel(view, SOLO_WIDTH), SOLO_WIDTH)]
        for one_row in (True, False):
            columns = [[p] for p in drawn] if one_row else _grid(drawn, height)
            layout = _join([[main], *columns])
            if layout.width <= width and layout.height <= height:
                return layout
    assert layout is not None
    return layout


class BoxesView(Widget):
    """Draws `arrange` for the board's last view; reports clicked squares."""

    class Picked(Message):
        def __init__(self, seat: int, square: Square, chain: int) -> None:
            super().__init__()
            self.seat = seat
            self.square = square
            self.chain = chain

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: JewelBoxState | None = None
        self._args: tuple[int | None, int, Marks, dict[int, str]] = (None, 0, Marks(), {})
        self.budget = 14
        self.roomy = False
        self._cache: tuple[tuple[int, int, bool], Panel] | None = None
        """The layout for (width, budget, roomy), kept until the next draw."""

    def draw(self, view: JewelBoxState | None, me: int | None, featured: int, marks: Marks,
             names: dict[int, str], budget: int, roomy: bool) -> None:
        self.view = view
        self._args = (me, featured, marks, names)
        self.budget, self.roomy = budget, roomy
        self._cache = None
        self.refresh(layout=True)

    def _layout(self, width: int) -> Panel | None:
        if self.view is None:
            return None
        key = (width, self.budget, self.roomy)
        if self._cache is None or self._cache[0] != key:
            me, featured, marks, names = self._args
            panel = arrange(self.view, me, featured, marks, names, width, self.budget,
                            self.roomy)
            self._cache = (key, panel)
        return self._cache[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        layout = self._layout(width)
        return 1 if layout is None else layout.height

    def render(self) -> Text:
        layout = self._layout(self.size.width)
        if layout is None:
            return glyphs.span("Waiting for the game…", glyphs.DIM)
        return Text("\n").join(glyphs.fit(line, self.size.width) for line in layout.lines)

    def on_click(self, event: Click) -> None:
        layout = self._layout(self.size.width)
        if layout is None:
            return
        for y, x0, x1, seat, square in layout.hits:
            if event.y == y and x0 <= event.x < x1:
                event.stop()
                self.post_message(self.Picked(seat, square, event.chain))
                return
