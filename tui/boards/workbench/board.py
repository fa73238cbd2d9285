"""The Workbench board: the table drawn from a view, and every legal action
reachable from the keyboard (or typed in notation; cards also by mouse).

The board keeps only the last view, legal actions and history it was shown,
plus what the person is doing with the keyboard: the Draft of choices so far,
the showcase card under the cursor, and the last message.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
from textual.widgets import Static

from gemtable.engine.games.workbench import actions
from gemtable.engine.games.workbench.state import WorkbenchState
from gemtable.tui.widgets.painted import Painted

from ..command_line import CommandLine
from ..drafting import DraftingBoard, Outcome
from . import controls, glyphs, keys, prompt
from .benches import bench_lines
from .choices import action_of
from .legend import LEGEND as SYMBOLS
from .panels import LogView
from .table import (
    commission_lines,
    round_line,
    showcase_columns,
    showcase_lines,
    tray_face_at,
    tray_lines,
)

PLACEHOLDER = ("pick 3 · crucible RRBG · put 2 RB loupe:G · store R burin · move 2 5 Y"
               "   (Esc closes)")


class WorkbenchBoard(DraftingBoard[WorkbenchState, controls.Draft]):
    ACTION_CHARS = "1234567rbygRBYGcoliasdp"
    TYPING_EXAMPLE = "type an action, e.g. pick 3, put 2 RB, store R burin (Esc closes)"
    DEFAULT_CSS = Path(__file__).with_name("board.tcss").read_text(encoding="utf-8")
    BINDINGS = keys.board_keys()
    KEYS_INTRO = keys.INTRO
    KEYS_NOTE = keys.NOTE
    state_type = WorkbenchState
    LEGEND = SYMBOLS

    def compose(self) -> ComposeResult:
        with Vertical(id="wb-main"):
            yield Painted(id="wb-round")
            yield Painted(id="wb-tray")
            yield Painted(id="wb-showcase")
            yield Painted(id="wb-benches")
            yield Painted(id="wb-commissions")
            yield Static(id="wb-detail")
            yield Static(id="wb-prompt")
            yield CommandLine(id="wb-command", placeholder=PLACEHOLDER)
            yield LogView(id="wb-log")
            yield Static(id="wb-keys")
        yield LogView(id="wb-log-panel")

    def on_mount(self) -> None:
        self.query_one("#wb-log-panel", LogView).border_title = "Log"
        self._redraw()

    # --- the contract -------------------------------------------------------
    def _new_position(self, previous: WorkbenchState | None,
                      previous_legal: tuple[object, ...]) -> None:
        assert self._view is not None
        self._draft = self._no_draft()  # whatever was being chosen belonged to the old one
        self._cursor = self._start_cursor(self._view, self._seat)

    def key_modes(self) -> frozenset[str]:
        view, legal = self._view, self._legal
        if view is None or not legal:
            return frozenset()
        stage = controls.phase(view)
        if stage not in keys.STAGES:
            return frozenset()
        kinds = {type(a) for a in legal}
        tags = {stage, keys.TYPE}
        if actions.PASS in legal:
            tags.add(keys.PASS)
        if actions.Store in kinds:
            tags.add(keys.STORE)
        if actions.Discard in kinds:
            tags.add(keys.DISCARD)
        tags.update(keys.TOOL_TAGS[tool] for tool in controls.tools_in_use(legal))
        if self._draft != controls.Draft():
            tags.add(keys.CHOSEN)
        return frozenset(tags)

    def tool_key_help(self) -> list[tuple[str, str]]:
        """The key bar's entries for the tools usable now: the prompt line names
        them too, as the key bar may be too narrow to show them."""
        tool_keys = {(key.key_display or key.key, key.description) for key in self.board_keys()
                     if set(keys.TOOL_TAGS).intersection(key.modes)}
        return [entry for entry in self.key_help() if entry in tool_keys]

    @property
    def cursor(self) -> int:
        """The showcase place under the cursor."""
        return self._cursor

    def key_help(self) -> Sequence[tuple[str, str]]:
        places = f"1-{len(self._view.showcase)}" if self._view is not None else "1-7"
        return tuple((key.replace("1-7", places), words) for key, words in super().key_help())

    def _start_cursor(self, view: WorkbenchState, seat: int | None) -> int:
        """Keep the cursor on a card; on your manufacturing turn, on one your dice fit."""
        slots = controls.cards_at(view)
        if not slots:
            return 0
        cursor = self._cursor if self._cursor in slots else slots[0]
        if seat is not None and controls.phase(view) == "make" and view.current == seat:
            held = view.seats[seat].held
            fitting = [s for s in slots
                       if any(min(h, m) for h, m in zip(held, view.missing[s], strict=True))]
            finishing = [s for s in fitting
                         if all(h >= m for h, m in zip(held, view.missing[s], strict=True))]
            if finishing and cursor not in finishing:
                cursor = finishing[0]  # the card your dice finish alone comes first
            elif fitting and cursor not in fitting:
                cursor = fitting[0]
        return cursor

    # --- drawing ------------------------------------------------------------
    def _ctx(self) -> controls.Ctx:
        """The last view and legal actions, as the pure key functions take them."""
        assert self._view is not None
        return controls.Ctx(self._view, self._legal)

    def _redraw(self) -> None:
        view, me = self._view, self._seat
        tall = self.has_class("-tall")
        if view is None:
            waiting = glyphs.span("Waiting for the game…", glyphs.DIM)
            self.query_one("#wb-prompt", Static).update(waiting)
            return
        mine = me is not None and view.current == me and not self._blocked()
        draft = self._draft if mine else controls.Draft()
        cursor = self._cursor
        self.query_one("#wb-round", Painted).draw(lambda w: [round_line(view, w)])
        self.query_one("#wb-tray", Painted).draw(lambda w: tray_lines(view, me, draft, w))
        picking = bool(draft.numbers) and draft.mode == "" and controls.phase(view) == "design"
        hand = controls.kept_dice(view, draft.numbers) if picking else (
            view.seats[me].held if me is not None and any(view.seats[me].held) else None)
        self.query_one("#wb-showcase", Painted).draw(
            lambda w: showcase_lines(view, me, cursor, w, hand, picking))
        names = [self.seat_name(i) for i in range(view.players)]
        self.query_one("#wb-benches", Painted).draw(
            lambda w: bench_lines(view, me, w, tall, names))
        self.query_one("#wb-commissions", Painted).draw(lambda w: commission_lines(view, me, w))
        self.query_one("#wb-detail", Static).update(prompt.detail_line(view, me, cursor),
                                                    layout=False)
        self._update_prompt(self.query_one("#wb-prompt", Static), self._prompt())
        for log in self.query(LogView):
            log.draw(self._history)
        key_legend = self.query_one("#wb-keys", Static)
        key_legend.display = tall and me is not None  # a spectator has no keys to learn
        if tall:
            key_legend.update(prompt.legend(max(20,
                                                self.size.width - 34 if self.has_class("-wide") else
                                                self.size.width)))

    def _hint(self) -> Text:
        ctx = self._ctx()
        return (prompt.preview(ctx, self._draft, self._cursor)
                or prompt.turn_hint(ctx, self.tool_key_help()))

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= 110, "-wide")
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
        return action_of(ctx, self._draft, self._cursor)

    # --- keys -------------------------------------------------------------------
    def _columns(self) -> int:
        """Cards a row of the showcase holds, as drawn now."""
        return showcase_columns(self.query_one("#wb-showcase").size.width or 80)

    def _step(self, key: str, char: str) -> Outcome[controls.Draft] | None:
        ctx = self._ctx()
        return controls.press(ctx, self._draft, self._cursor, key, char, self._columns())

    def _look(self, key: str, char: str) -> bool:
        """Arrows move the cursor from card to card."""
        view = self._view
        cols = self._columns()
        moves = {"left": -1, "right": 1, "up": -cols, "down": cols}
        if view is None or key not in moves:
            return False
        self._cursor = controls.step_cursor(view, self._cursor, moves[key])
        return True

    # --- mouse and command line -------------------------------------------------
    def on_painted_clicked(self, event: Painted.Clicked) -> None:
        """A click on a tray number picks it, on a card moves the cursor there
        (during a Burin move it names the card, like its number key)."""
        event.stop()
        self.focus()
        view = self._view
        if view is None:
            return
        if event.block.id == "wb-tray" and event.y == 0 and controls.phase(view) == "design":
            face = tray_face_at(view, event.x)
            if face is not None:
                self._press(str(face), str(face))
            return
        if event.block.id != "wb-showcase":
            return
        width = event.block.size.width
        cols = showcase_columns(width)
        cell = (width - (cols - 1) * 2) // cols
        slot = (event.y - 1) * cols + min(cols - 1, event.x // (cell + 2))  # below the title
        if event.y < 1 or not 0 <= slot < len(view.showcase) or view.showcase[slot] < 0:
            return
        if not self._blocked() and controls.phase(view) == "move":
            self._press(str(slot + 1), str(slot + 1))
        else:
            self._cursor = slot
            self._message = None
            self._redraw()
