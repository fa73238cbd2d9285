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
from ..drafting import DraftingBoard
from . import controls as C
from . import detail as D
from . import glyphs as G
from . import keys as K
from . import prompt as P
from .cities import city_lines
from .panels import LogView
from .seats import auction_line, forge_line, hand_line, seat_lines

ACTION_CHARS = "0123456789tbfiwcjpgazesrd"
"""Keys that act on the game; read-only, they say why they cannot."""
DETAIL_ROWS = 3
"""Rows for the city under the cursor in words (one more on a tall board)."""
EVENT_ROWS = 2
"""Rows for the latest event in words."""
PLACEHOLDER = "travel 3 · buy · forge gaar · sell 1 · interact · bid 7 · join · pass   (Esc closes)"


class MaryliaBoard(DraftingBoard):
    TYPING_EXAMPLE = "type an action, e.g. travel 3, forge gaar, sell 1, bid 7 (Esc closes)"
    DEFAULT_CSS = Path(__file__).with_name("board.tcss").read_text(encoding="utf-8")
    BINDINGS = K.board_keys()
    KEYS_INTRO = K.INTRO
    LEGEND = P.LEGEND
    state_type = MaryliaState
    _view: MaryliaState | None
    _message: Text | None

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._draft = C.Draft()
        self._cursor = 0
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
        self._draft = C.Draft()  # whatever was being chosen belonged to the old one
        me = self._seat
        here = view.seats[me].city if me is not None and view.current == me else -1
        self._arrived = arrived = D.arrivals(previous, view)
        if arrived:  # a character dealt: its words show under the table
            self._cursor = here if here in arrived else arrived[0]
        elif here >= 0:
            self._cursor = here

    def key_modes(self) -> frozenset[str]:
        view, legal = self._view, self._legal
        if view is None or not legal or self._sent:
            return frozenset()
        where = C.stage(view)
        mode = self._draft.mode
        if where == "act" and mode in ("forge", "sell"):
            where = mode
        return frozenset({where} if where == "act" else {where, K.TYPE})

    # --- drawing ------------------------------------------------------------
    def _ctx(self) -> C.Ctx | None:
        return None if self._view is None else C.Ctx(self._view, self._legal)

    def _redraw(self) -> None:
        view, me = self._view, self._seat
        if view is None:
            self.query_one("#my-prompt", Static).update(G.span("Waiting for the game…", G.DIM))
            return
        tall = self.has_class("-tall")
        cursor = self._cursor
        mine = not self._blocked()
        legal = self._legal if mine else ()
        picked = self._draft.picked if mine and self._draft.mode == "forge" else None
        self.query_one("#my-round", Painted).draw(lambda w: [P.round_line(view, me, w)])
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
            lambda w: D.city_lines(view, cursor, w, rows, arrived))
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
        event = D.event_line(view)
        events = [] if event is None else D.wrapped(event, width, EVENT_ROWS)
        if self.has_class("-tall"):
            lines = ([] if auction is None else [auction]) + events
        elif auction is None or (view.auction is None and events
                                 and view.events_drawn > view.events_at_auction):
            lines = events
        else:
            lines = [auction]
            short = D.event_line(view, short=True)
            used = len(auction.plain.rstrip())
            if view.auction is None and short is not None and \
                    used + 3 + short.cell_len <= width:
                lines = [auction[:used] + G.span(" · ", G.DIM) + short]
        return [G.fit(line, width) for line in lines]

    def _prompt(self) -> Text:
        if self._message is not None:
            return self._message
        blocked = self._blocked()
        if blocked:
            return G.span(blocked, G.DIM)
        ctx = self._ctx()
        assert ctx is not None
        return P.preview(ctx, self._draft, self._cursor) or P.turn_hint(ctx)

    def _say(self, words: str) -> None:
        self._message = G.span(words, G.WARN)
        self._redraw()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.height >= 32, "-tall")
        self._redraw()

    # --- acting ---------------------------------------------------------------
    def _read_only_reason(self) -> str:
        assert self._view is not None
        return P.read_only_reason(self._view, self._seat, self._sent)

    def _play(self, action: object) -> None:
        """Post `action` (already checked legal) and wait for the next view."""
        if self._hold_for_enter(action):
            return
        self._sent = True
        self._draft = C.Draft()
        self._message = G.span(f"played: {action}", G.GOOD)
        self._redraw()
        self.post_message(self.KeysChanged())
        self.post_message(self.ActionChosen(action))

    def _drafted(self) -> object | str:
        ctx = self._ctx()
        assert ctx is not None
        return C.action_of(ctx, self._draft, self._cursor)

    # --- keys -------------------------------------------------------------------
    def _press(self, key: str, char: str) -> bool:
        """Act on one key; False leaves it to the screen and the app."""
        if char == ":":
            self._open_command()
            return True
        if key == "enter":
            self._enter()
            return True
        blocked = self._blocked()
        if blocked:
            return self._browse(key, char, blocked)
        ctx = self._ctx()
        assert ctx is not None
        before = self.key_modes()
        outcome = C.press(ctx, self._draft, self._cursor, key, char)
        if outcome is None:
            if key == "escape" and self._message is not None:
                self._message = None
                self._redraw()
            elif char and not self._bound_elsewhere(key):
                self._say(f"{char!r} does nothing here; the key bar and F1 list the keys")
            else:
                return False
            return True
        self._draft, self._cursor = outcome.draft, outcome.cursor
        self._message = G.span(outcome.message, G.WARN) if outcome.message else None
        self._redraw()
        if self.key_modes() != before:
            self.post_message(self.KeysChanged())
        return True

    def _browse(self, key: str, char: str, blocked: str) -> bool:
        """Read-only: arrows and city numbers still look around; action keys say why not."""
        city = int(char) - 1 if char.isdigit() and 1 <= int(char) <= 7 else -1
        if key in ("left", "right") or city >= 0:
            step = {"left": -1, "right": 1}.get(key, 0)
            self._cursor = city if city >= 0 else max(0, min(6, self._cursor + step))
            self._message = None
            self._redraw()
        elif char and char in ACTION_CHARS or key == "backspace":
            self._say(blocked)
        elif key == "escape" and self._message is not None:
            self._message = None
            self._redraw()
        elif char and not self._bound_elsewhere(key):
            self._say(f"{char!r} does nothing here. {blocked}")
        else:
            return False
        return True
