"""The card grid: three levels of centre cards with their decks, the supply
and the gems being picked in the free corner, and the local seat's hand."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from gemtable.engine.games.jowhari.actions import CENTRE, DECK, HAND, SLOT_LETTERS, Source
from gemtable.engine.games.jowhari.components import CENTRE_SLOTS, GOLD, LETTERS
from gemtable.engine.games.jowhari.rules import missing_gems, shortfall
from gemtable.engine.games.jowhari.state import GEM_LIMIT, JowhariState, Seat

from . import glyphs
from .cursor import ROW_LEVELS

DECK_WIDTH = 9
HAND_LIMIT = len(HAND)


class CentreView(Widget):
    """Draws the grid from the board's last view; reports clicks as spots."""

    class Picked(Message):
        """A tile or a supply gem was clicked (`chain` 2 for a double click)."""

        def __init__(self, spot: Source | None, colour: int | None, chain: int) -> None:
            super().__init__()
            self.spot = spot
            self.colour = colour
            self.chain = chain

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: JowhariState | None = None
        self.seat: int | None = None
        self.cursor: Source = CENTRE[1, 0]
        self.selection: tuple[int, ...] = ()
        self.ready = False
        self.tile_height = 2
        self._hits: list[tuple[int, int, int, int, Source | None, int | None]] = []

    def draw(self, view: JowhariState | None, seat: int | None, cursor: Source,
             selection: tuple[int, ...], ready: bool, tile_height: int) -> None:
        """`ready`: the gems picked so far make a legal take."""
        self.view, self.seat, self.cursor = view, seat, cursor
        self.selection, self.ready, self.tile_height = selection, ready, tile_height
        self.refresh(layout=True)

    # --- geometry ---------------------------------------------------------
    def _has_hand_row(self) -> bool:
        return self.view is not None and self.seat is not None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        rows = 3 + self._has_hand_row()
        return rows * self.tile_height + rows - 1

    def _tile_width(self, width: int) -> int:
        return max(8, (width - DECK_WIDTH) // 4 - 1)

    # --- drawing ----------------------------------------------------------
    def render(self) -> Text:
        view = self.view
        if view is None:
            return Text("Waiting for the game…", style=glyphs.DIM)
        width = self.size.width
        tile_w = self._tile_width(width)
        h = self.tile_height
        self._hits = []
        lines: list[Text] = []
        me = view.seats[self.seat] if self.seat is not None else None
        corner = self._corner(view, tile_w, 2 * h + 1)
        for row, level in enumerate(ROW_LEVELS):
            top = len(lines)
            blocks = [glyphs.deck_tile(level, len(view.decks[level - 1]), DECK_WIDTH, h,
                                       selected=self.cursor == DECK[level])]
            self._hits.append((0, DECK_WIDTH, top, top + h, DECK[level], None))
            for i in range(CENTRE_SLOTS[level - 1]):
                card = view.centre[level - 1][i]
                spot = CENTRE[level, i]
                blocks.append(self._tile(f"{level}{SLOT_LETTERS[i]}", card, me, tile_w, spot))
                x = DECK_WIDTH + 1 + i * (tile_w + 1)
                self._hits.append((x, x + tile_w, top, top + h, spot, None))
            if row < 2:
                blocks.append(corner[row * (h + 1): row * (h + 1) + h])
            lines.extend(_join(blocks))
            if row == 0:
                lines.append(Text(" " * (DECK_WIDTH + 3 * (tile_w + 1))) + corner[h])
            else:
                lines.append(Text(""))
        if me is not None:
            lines.extend(self._hand_row(me, tile_w, len(lines)))
        else:
            lines.pop()
        return Text("\n").join(lines)

    def _tile(self, label: str, card: int | None, me: Seat | None, width: int,
              spot: Source) -> list[Text]:
        short: int | None = None
        gaps: tuple[int, ...] = ()
        if me is not None and card is not None and card >= 0:  # a face-up card
            short, gaps = shortfall(me, card), missing_gems(me, card)
        return glyphs.card_tile(
            label, card, width, self.tile_height, selected=self.cursor == spot,
            short=short, missing_gems=gaps,
        )

    def _hand_row(self, me: Seat, tile_w: int, top: int) -> list[Text]:
        h = self.tile_height
        blocks = [glyphs.label_tile("Hand", f"{len(me.hand)}/{HAND_LIMIT}", DECK_WIDTH, h)]
        for i, card in enumerate(me.hand):
            blocks.append(self._tile(f"h{i + 1}", card, me, tile_w, HAND[i]))
            x = DECK_WIDTH + 1 + i * (tile_w + 1)
            self._hits.append((x, x + tile_w, top, top + h, HAND[i], None))
        if not me.hand:
            blocks.append([Text(" no cards: reserve one with r",
                                style=glyphs.DIM)] + [Text("")] * (h - 1))
        return _join(blocks)

    def _corner(self, view: JowhariState, width: int, height: int) -> list[Text]:
        """Supply and the gems being picked, in the space right of levels 3 and 2."""
        supply = glyphs.span(" Supply ", style=Style(bold=True))
        supply.append(glyphs.gem(GOLD, view.supply[GOLD]))
        counts = Text(" ")
        x0 = DECK_WIDTH + 1 + 3 * (width + 1)
        for c in range(5):
            start = counts.cell_len
            counts.append_text(_supply_gem(c, view.supply[c], c in self.selection))
            self._hits.append((x0 + start, x0 + counts.cell_len, 1, 2, None, c))
            counts.append(" ")
        if view.returning and self.seat == view.current:
            extra = view.seats[view.current].gems - GEM_LIMIT
            pick = glyphs.span(f" Give back {extra}", style=glyphs.WARN)
            hint = glyphs.span(" keys r b g w k", style=glyphs.DIM)
        elif self.selection:
            pick = glyphs.span(" Take ", style=Style(bold=True))
            pick.append(Text(" ").join(glyphs.chip(c, LETTERS[c]) for c in self.selection))
            hint = glyphs.span(" Enter takes", style=glyphs.GOOD) if self.ready else glyphs.span(
                " (pick more)", style=glyphs.DIM)
        elif self.seat is None or self.seat != view.current or view.is_over:
            # Watching, a replay, or another seat's turn: nothing can be taken here.
            pick, hint = Text(""), Text("")
        else:
            pick = glyphs.span(" Take ", style=Style(bold=True))
            pick.append("none", style=glyphs.DIM)
            hint = glyphs.span(" Shift+R B G W K", style=glyphs.DIM)
        lines = [supply, counts] + [Text("")] * (height - 2)
        lines[self.tile_height + 1] = pick
        lines[self.tile_height + 2] = hint
        return [glyphs.fit(line, width) for line in lines]

    def on_click(self, event: Click) -> None:
        for x0, x1, y0, y1, spot, colour in self._hits:
            if x0 <= event.x < x1 and y0 <= event.y < y1:
                self.post_message(self.Picked(spot, colour, event.chain))
                return


def _supply_gem(colour: int, count: int, picked: bool) -> Text:
    """`4R`, underlined and marked when picked so the pick shows without colour."""
    text = glyphs.gem(colour, count)
    if not count:
        text.stylize(glyphs.DIM)
    if picked:
        text.stylize(Style(underline=True, reverse=True))
    return text


def _join(blocks: Sequence[Sequence[Text]]) -> list[Text]:
    """Tiles side by side, one space apart."""
    height = max(len(b) for b in blocks)
    out = []
    for y in range(height):
        line = Text()
        for i, block in enumerate(blocks):
            if i:
                line.append(" ")
            if y < len(block):
                line.append_text(block[y])
        out.append(line)
    return out
