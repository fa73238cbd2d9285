"""The Marylia board: the table drawn from a view, and every legal action
reachable from the keyboard (or typed in notation).

The board keeps only the last view, legal actions and history it was shown,
plus what the person is doing with the keyboard: the Draft of choices so far,
the city under the cursor and the last message; and, to show what was just
dealt, the cities whose character is new since the view before. A character
entering play moves the cursor to its city, so its words show under the table.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.events import Resize
from textual.widgets import Static

from gemtable.engine.games.marylia.state import MaryliaState
from gemtable.tui.widgets.painted import Painted

from ..command_line import CommandLine
from ..drafting import DraftingBoard, Outcome
from . import controls, detail, glyphs, keys, prompt
from .cities import city_lines
from .panels import LogView
from .seats import auction_line, forge_line, hand_line, seat_lines

DETAIL_ROWS = 3
"""Rows for the city under the cursor in words (one more on a tall board)."""
EVENT_ROWS = 2
"""Rows for the latest event in words."""
PLACEHOLDER = "travel 3 · buy · forge gaar · sell 1 · interact · bid 7 · join · pass   (Esc closes)"


class MaryliaBoard(DraftingBoard[MaryliaState, controls.Draft]):
    ACTION_CHARS = "0123456789tbfiwcjpgazesrd"
    TYPING_EXAMPLE = "type an action, e.g. travel 3, forge gaar, sell 1, bid 7 (Esc closes)"
    DEFAULT_CSS = Path(__file__).with_name("board.tcss").read_text(encoding="utf-8")
    BINDINGS = keys.board_keys()
    KEYS_INTRO = keys.INTRO
    LEGEND = prompt.LEGEND
    state_type = MaryliaState

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._arrived: tuple[int, ...] = ()
        """Cities whose character entered play since the view before this one."""

    def compose(self) -> ComposeResult:
        yield Painted(id="my-round")
        yield Painted(id="my-cities")
        yield Painted(id="my-seats")
        yield Painted(id="my-hand")
        yield Painted(id="my-auction")
        yield Painted(id="my-detail")
        yield Static(id="my-prompt")
        yield CommandLine(id="my-command", placeholder=PLACEHOLDER)
        yield LogView(id="my-log")

    def on_mount(self) -> None:
        self._redraw()

    # --- the contract -------------------------------------------------------
    def _new_position(self, previous: MaryliaState | None,
                      previous_legal: tuple[object, ...]) -> None:
        view = self._view
        assert view is not None
        self._draft = self._no_draft()  # whatever was being chosen belonged to the old one
        me = self._seat
        here = view.seats[me].city if me is not None and view.current == me else -1
        self._arrived = arrived = detail.arrivals(previous, view)
        if arrived:  # a character dealt: its words show under the table
            self._cursor = here if here in arrived else arrived[0]
        elif here >= 0:
            self._cursor = here

    def key_modes(self) -> frozenset[str]:
        view, legal = self._view, self._legal
        if view is None or not legal or self._sent:
            return frozenset()
        where = controls.stage(view)
        mode = self._draft.mode
        if where == "act" and mode in ("forge", "sell"):
            where = mode
        return frozenset({where} if where == "act" else {where, keys.TYPE})

    # --- drawing ------------------------------------------------------------
    def _ctx(self) -> controls.Ctx:
        """The last view and legal actions, as the pure key functions take them."""
        assert self._view is not None
        return controls.Ctx(self._view, self._legal)

    def _redraw(self) -> None:
        view, me = self._view, self._seat
        if view is None:
            waiting = glyphs.span("Waiting for the game…", glyphs.DIM)
            self.query_one("#my-prompt", Static).update(waiting)
            return
        tall = self.has_class("-tall")
        cursor = self._cursor
        mine = not self._blocked()
        legal = self._legal if mine else ()
        picked = self._draft.picked if mine and self._draft.mode == "forge" else None
        self.query_one("#my-round", Painted).draw(lambda w: [prompt.round_line(view, me, w)])
        self.query_one("#my-cities", Painted).draw(
            lambda w: city_lines(view, me, cursor, w, tall))
        names = [self.seat_name(seat) for seat in range(view.players)]
        self.query_one("#my-seats", Painted).draw(lambda w: seat_lines(view, me, w, names))
        self.query_one("#my-hand", Painted).draw(
            lambda w: [hand_line(view, me, w, picked), forge_line(view, me, legal, w)])
        self.query_one("#my-auction", Painted).draw(lambda w: self._auction_lines(w))
        rows = DETAIL_ROWS + (1 if tall else 0)
        arrived = self._arrived
        self.query_one("#my-detail", Painted).draw(
            lambda w: detail.city_lines(view, cursor, w, rows, arrived))
        self._update_prompt(self.query_one("#my-prompt", Static), self._prompt())
        self.query_one("#my-log", LogView).draw(self._history)

    def _auction_lines(self, width: int) -> list[Text]:
        """The auction going on, else the latest auction's bids and the latest
        event in words; on a short board, one of them: an auction going on,
        else whichever came last (from the view alone, so every terminal and
        every step of a replay shows the same)."""
        view = self._view
        assert view is not None
        if view.is_over:
            return []
        auction = auction_line(view, self._seat, width)
        event = detail.event_line(view)
        events = [] if event is None else detail.wrapped(event, width, EVENT_ROWS)
        if self.has_class("-tall"):
            lines = ([] if auction is None else [auction]) + events
        elif auction is None or (view.auction is None and events
                                 and view.events_drawn > view.events_at_auction):
            lines = events
        else:
            lines = [auction]
            short = detail.event_line(view, short=True)
            used = len(auction.plain.rstrip())
            if view.auction is None and short is not None and \
                    used + 3 + short.cell_len <= width:
                lines = [auction[:used] + glyphs.span(" · ", glyphs.DIM) + short]
        return [glyphs.fit(line, width) for line in lines]

    def _hint(self) -> Text:
        ctx = self._ctx()
        return prompt.preview(ctx, self._draft, self._cursor) or prompt.turn_hint(ctx)

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.height >= 32, "-tall")
        self._redraw()

    # --- acting ---------------------------------------------------------------
    def _read_only_reason(self) -> str:
        assert self._view is not None
        return prompt.read_only_reason(self._view, self._seat, self._sent)

    def _no_draft(self) -> controls.Draft:
        return controls.Draft()

    def _drafted(self) -> object | str:
        ctx = self._ctx()
        return controls.action_of(ctx, self._draft, self._cursor)

    # --- keys -------------------------------------------------------------------
    def _step(self, key: str, char: str) -> Outcome[controls.Draft] | None:
        ctx = self._ctx()
        return controls.press(ctx, self._draft, self._cursor, key, char)

    def _look(self, key: str, char: str) -> bool:
        """Arrows and city numbers move the cursor."""
        city = int(char) - 1 if char.isdigit() and 1 <= int(char) <= 7 else -1
        if key not in ("left", "right") and city < 0:
            return False
        step = {"left": -1, "right": 1}.get(key, 0)
        self._cursor = city if city >= 0 else max(0, min(6, self._cursor + step))
        return True
