"""The players' table (tokens, bonuses, prestige, cards, hand) and the log."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from gemtable.engine.games.jowhari.components import GOLD
from gemtable.engine.games.jowhari.state import GEM_LIMIT, JowhariState

from ...widgets.log import LogView as BoardLog
from ..layout import fit_label
from . import glyphs

NAME_WIDTH = 12
"""Fits "Seat 1 (you)"; each gem column is 4 wide, its digit under the chip's letter."""
NAME_WIDEST = 18
"""A longer name ("Seat 2 (mcts:300)") is cut here, before the hand is squeezed out."""


def seat_name(seat: int, me: int | None) -> str:
    return f"Seat {seat + 1}" + (" (you)" if seat == me else "")


class PlayersView(Widget):
    """One row per seat; colours are columns so seats compare at a glance."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: JowhariState | None = None
        self.seat: int | None = None
        self.seat_names: tuple[str, ...] = ()

    def draw(self, view: JowhariState | None, seat: int | None,
             names: Sequence[str] = ()) -> None:
        """`names`: each seat as the table names it ("Seat 2 (greedy)")."""
        self.view, self.seat, self.seat_names = view, seat, tuple(names)
        self.refresh(layout=True)

    def _label_of(self, index: int) -> str:
        return self.seat_names[index] if index < len(self.seat_names) else seat_name(index, self.seat)

    @property
    def _name_width(self) -> int:
        longest = max((len(self._label_of(i)) for i in range(self.view.players)), default=0) \
            if self.view is not None else 0
        return min(NAME_WIDEST, max(NAME_WIDTH, longest + 1))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + (self.view.players if self.view is not None else 0)

    def render(self) -> Text:
        if self.view is None:
            return Text("")
        width = self.size.width
        lines = [self._header(width)]
        lines += [self._row(i, width) for i in range(self.view.players)]
        return Text("\n").join(lines)

    def _header(self, width: int) -> Text:
        line = glyphs.span(" " + "tokens+bonus".ljust(self._name_width), style=glyphs.DIM)
        for c in (*range(5), GOLD):
            line.append_text(glyphs.chip(c))
            line.append(" ")
        line.append(f"{'gems':>5}{'pts':>4}    {'cards':>6}  hand", style=glyphs.DIM)
        return glyphs.fit(line, width)

    def _row(self, index: int, width: int) -> Text:
        view = self.view
        assert view is not None
        seat = view.seats[index]
        playing = not view.is_over and view.current == index
        line = glyphs.span(glyphs.CURSOR_MARK if playing else " ", style=glyphs.WARN)
        name_style = Style(bold=True, reverse=playing) if playing else Style(bold=index == self.seat)
        name_width = self._name_width
        line.append(fit_label(self._label_of(index), name_width).ljust(name_width), style=name_style)
        for c in range(5):
            line.append_text(_gem_cell(c, seat.tokens[c], seat.bonuses[c]))
        gold = seat.tokens[GOLD]
        line.append(f" {gold:<3}", style=glyphs.GEM_FG[GOLD] if gold else glyphs.DIM)
        line.append(f"{seat.gems:>5}", style=glyphs.WARN if seat.gems > GEM_LIMIT else glyphs.TEXT)
        line.append(f"{seat.prestige:>4}", style=glyphs.PRESTIGE_STYLE)
        line.append(" 1st" if view.first_to_goal == index else "    ", style=glyphs.GOOD)
        line.append(f"{len(seat.bought):>6}  ")
        line.append_text(self._hand(index))
        return glyphs.fit(line, width)

    def _hand(self, index: int) -> Text:
        assert self.view is not None
        seat = self.view.seats[index]
        if index == self.seat:
            return glyphs.span(f"{len(seat.hand)} (below)", style=glyphs.DIM)
        if not seat.hand:
            return glyphs.span("-", style=glyphs.DIM)
        return Text(" ").join(glyphs.mini_card(card) for card in seat.hand)


def _gem_cell(colour: int, tokens: int, bonus: int) -> Text:
    """` 2+1`: tokens held, then the permanent discount from bought cards."""
    if not tokens and not bonus:
        return glyphs.span(" -  ", style=glyphs.DIM)
    text = glyphs.span(f"{tokens:>2}", style=Style(color=glyphs.GEM_FG[colour], bold=True))
    extra = f"+{bonus}" if bonus else ""
    text.append(f"{extra:<2}", style=Style(color=glyphs.GEM_FG[colour]))
    return text


class LogView(BoardLog):
    """The most recent actions as the table words them, one line each."""

    WRAP_FROM = None
