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

from gemtable.engine.games.workbench import actions as A
from gemtable.engine.games.workbench.state import WorkbenchState
from gemtable.tui.widgets.painted import Painted

from ..command_line import CommandLine
from ..drafting import DraftingBoard
from . import controls as C
from . import glyphs as G
from . import keys as K
from . import prompt as P
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

ARROWS = ("left", "right", "up", "down")
ACTION_CHARS = "1234567rbygRBYGcoliasdp"
"""Keys that act on the game; read-only, they say why they cannot."""
PLACEHOLDER = ("pick 3 · crucible RRBG · put 2 RB loupe:G · store R burin · move 2 5 Y"
               "   (Esc closes)")


class WorkbenchBoard(DraftingBoard):
    TYPING_EXAMPLE = "type an action, e.g. pick 3, put 2 RB, store R burin (Esc closes)"
    DEFAULT_CSS = Path(__file__).with_name("board.tcss").read_text(encoding="utf-8")
    BINDINGS = K.board_keys()
    KEYS_INTRO = K.INTRO
    KEYS_NOTE = K.NOTE
    state_type = WorkbenchState
    LEGEND = SYMBOLS
    _view: WorkbenchState | None
    _message: Text | None

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._draft = C.Draft()
        self._cursor = 0

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
        self._draft = C.Draft()  # whatever was being chosen belonged to the old one
        self._cursor = self._start_cursor(self._view, self._seat)

    def key_modes(self) -> frozenset[str]:
        view, legal = self._view, self._legal
        if view is None or not legal:
            return frozenset()
        stage = C.phase(view)
        if stage not in K.STAGES:
            return frozenset()
        kinds = {type(a) for a in legal}
        tags = {stage, K.TYPE}
        if A.PASS in legal:
            tags.add(K.PASS)
        if A.Store in kinds:
            tags.add(K.STORE)
        if A.Discard in kinds:
            tags.add(K.DISCARD)
        tags.update(K.TOOL_TAGS[tool] for tool in C.tools_in_use(legal))
        if self._draft != C.Draft():
            tags.add(K.CHOSEN)
        return frozenset(tags)

    def tool_key_help(self) -> list[tuple[str, str]]:
        """The key bar's entries for the tools usable now: the prompt line names
        them too, as the key bar may be too narrow to show them."""
        tool_keys = {(key.key_display or key.key, key.description) for key in self.board_keys()
                     if set(K.TOOL_TAGS).intersection(key.modes)}
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
        slots = C.cards_at(view)
        if not slots:
            return 0
        cursor = self._cursor if self._cursor in slots else slots[0]
        if seat is not None and C.phase(view) == "make" and view.current == seat:
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
    def _ctx(self) -> C.Ctx | None:
        """The last view and legal actions, as the pure key functions take them."""
        return None if self._view is None else C.Ctx(self._view, self._legal)

    def _redraw(self) -> None:
        view, me = self._view, self._seat
        tall = self.has_class("-tall")
        if view is None:
            self.query_one("#wb-prompt", Static).update(G.span("Waiting for the game…", G.DIM))
            return
        mine = me is not None and view.current == me and not self._blocked()
        draft = self._draft if mine else C.Draft()
        cursor = self._cursor
        self.query_one("#wb-round", Painted).draw(lambda w: [round_line(view, w)])
        self.query_one("#wb-tray", Painted).draw(lambda w: tray_lines(view, me, draft, w))
        picking = bool(draft.numbers) and draft.mode == "" and C.phase(view) == "design"
        hand = C.kept_dice(view, draft.numbers) if picking else (
            view.seats[me].held if me is not None and any(view.seats[me].held) else None)
        self.query_one("#wb-showcase", Painted).draw(
            lambda w: showcase_lines(view, me, cursor, w, hand, picking))
        names = [self.seat_name(i) for i in range(view.players)]
        self.query_one("#wb-benches", Painted).draw(
            lambda w: bench_lines(view, me, w, tall, names))
        self.query_one("#wb-commissions", Painted).draw(lambda w: commission_lines(view, me, w))
        self.query_one("#wb-detail", Static).update(P.detail_line(view, me, cursor), layout=False)
        self._update_prompt(self.query_one("#wb-prompt", Static), self._prompt())
        for log in self.query(LogView):
            log.draw(self._history)
        keys = self.query_one("#wb-keys", Static)
        keys.display = tall and me is not None  # a spectator has no keys to learn
        if tall:
            keys.update(P.legend(max(20, self.size.width - 34 if self.has_class("-wide") else
                                     self.size.width)))

    def _prompt(self) -> Text:
        if self._message is not None:
            return self._message
        blocked = self._blocked()
        if blocked:
            return G.span(blocked, G.DIM)
        ctx = self._ctx()
        assert ctx is not None
        return (P.preview(ctx, self._draft, self._cursor)
                or P.turn_hint(ctx, self.tool_key_help()))

    def _say(self, words: str) -> None:
        self._message = G.span(words, G.WARN)
        self._redraw()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= 110, "-wide")
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
        self.post_message(self.ActionChosen(action))

    def _drafted(self) -> object | str:
        ctx = self._ctx()
        assert ctx is not None
        return action_of(ctx, self._draft, self._cursor)

    # --- keys -------------------------------------------------------------------
    def _press(self, key: str, char: str) -> bool:
        """Act on one key; False leaves it to the screen and the app."""
        blocked = self._blocked()
        if char == ":":
            self._open_command()
            return True
        if key == "enter":
            self._enter()
            return True
        if blocked:
            return self._browse(key, char, blocked)
        ctx = self._ctx()
        assert ctx is not None
        cols = showcase_columns(self.query_one("#wb-showcase").size.width or 80)
        before = self.key_modes()
        outcome = C.press(ctx, self._draft, self._cursor, key, char, cols)
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
            self.post_message(self.KeysChanged())  # Esc and Backspace now undo a choice
        return True

    def _browse(self, key: str, char: str, blocked: str) -> bool:
        """Read-only: arrows and card numbers still look around; action keys say why not."""
        view = self._view
        cols = showcase_columns(self.query_one("#wb-showcase").size.width or 80)
        moves = {"left": -1, "right": 1, "up": -cols, "down": cols}
        if view is not None and key in moves:
            self._cursor = C.step_cursor(view, self._cursor, moves[key])
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

    # --- mouse and command line -------------------------------------------------
    def on_painted_clicked(self, event: Painted.Clicked) -> None:
        """A click on a tray number picks it, on a card moves the cursor there
        (during a Burin move it names the card, like its number key)."""
        event.stop()
        self.focus()
        view = self._view
        if view is None:
            return
        if event.block.id == "wb-tray" and event.y == 0 and C.phase(view) == "design":
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
        if not self._blocked() and C.phase(view) == "move":
            self._press(str(slot + 1), str(slot + 1))
        else:
            self._cursor = slot
            self._message = None
            self._redraw()
