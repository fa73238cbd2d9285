"""The Jewel Box board: the log and die, every player's box with a running
score per family, and every legal action reachable from the keyboard (or the
mouse, or typed in notation).

The board keeps only the last view, legal actions and history it was shown,
plus what the person is doing with the keyboard: the cursor, a tool being
used (Magnifying Glass waiting for a space, Forceps waiting for squares), a
box they chose to look at, and the last message.

Forceps are two actions in the engine (`forceps`, then `swap d4 e5`) but one
gesture here: the person picks both beetles first, the board takes up the
Forceps, and once the table shows the Forceps in hand it posts the swap.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.events import Resize
from textual.widgets import Static

from gemtable.engine.games.jewelbox import actions
from gemtable.engine.games.jewelbox.components import FORCEPS, GLASS
from gemtable.engine.games.jewelbox.state import (
    AFTER,
    CHOOSING,
    DISCARDING,
    PLACING,
    START,
    JewelBoxState,
)

from ..command_line import CommandLine
from . import controls, glyphs, keys
from .boxes import BoxesView
from .commands import MouseAndTyping
from .cursor import Square, clamp, moved, nearest, step_target, targets
from .legend import LEGEND as SYMBOLS
from .panels import Marks
from .prompt import (
    detail_line,
    legend,
    read_only_reason,
    scoring,
    turn_hint,
)
from .strip import HistoryView, log_strip, seat_names

FIXED_ROWS = 8
"""Board rows that are not boxes: log, gap, detail, prompt, and at least four
of history and legend."""


_PHASE_TAGS = {CHOOSING: (keys.CHOOSING,), PLACING: (keys.PLACING,), AFTER: (keys.AFTER,),
               DISCARDING: (keys.DISCARDING,)}
_ANY_TIME = frozenset(("move", "jump", "command", "next_box", "scoring"))
"""Key actions that work before any view has been shown."""


class JewelBoxBoard(MouseAndTyping):
    DEFAULT_CSS = Path(__file__).with_name("board.tcss").read_text(encoding="utf-8")
    BINDINGS = keys.board_keys()
    KEYS_NOTE = keys.NOTE
    state_type = JewelBoxState
    LEGEND = SYMBOLS

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._cursor: Square = (0, 0)
        self._mode = ""
        self._picked: Square | None = None
        self._look: int | None = None
        """A box the person asked to see in full (v), instead of the usual one."""
        self._pending: actions.Swap | None = None
        """The swap to post once the Forceps just taken up are in hand."""
        self._either_asked = 0
        """The used-up tool whose key was pressed once: pressed again, it spends the Either."""

    def compose(self) -> ComposeResult:
        yield Static(id="jb-strip")
        yield BoxesView(id="jb-boxes")
        yield Static(id="jb-detail")
        yield Static(id="jb-prompt")
        # Short enough for 80 columns; `swap` takes up the Forceps by itself.
        yield CommandLine(id="jb-command", placeholder="roll · take 3 · glass pile · "
                          "place e4 · swap d4 e5 · done   (Esc closes)")
        with Horizontal(id="jb-bottom"):
            yield HistoryView(id="jb-history")
            yield Static(id="jb-scoring")
            yield Static(id="jb-keys")

    def on_mount(self) -> None:
        self.query_one("#jb-scoring", Static).update(scoring(paired=True))
        self.query_one("#jb-keys", Static).update(legend(38))
        self._redraw()

    # --- the contract -------------------------------------------------------
    def _new_position(self, previous: JewelBoxState | None,
                      previous_legal: tuple[object, ...]) -> None:
        view, legal = self._view, self._legal
        assert view is not None
        if legal and not previous_legal:
            self._look = None  # the person's turn starts on their own box
        if previous is None or previous.size != view.size:
            geo = view.geometry
            self._cursor = geo.squares[geo.centre]
        self._mode, self._picked = "", None  # a half-used tool belonged to the old one
        self._either_asked = 0
        pending, self._pending = self._pending, None
        if legal and controls.swapping(view):
            if pending in legal:
                self._play(pending)
                return
            self._mode = controls.FORCEPS_MODE  # in hand: the swap is all that is left
            self._look = None
        self._settle_cursor()

    def show_error(self, reason: str) -> None:
        self._pending = None
        super().show_error(reason)

    def key_modes(self) -> frozenset[str]:
        view, mode = self._view, self._mode
        if view is None or self._sent or not self._legal:
            return frozenset((keys.LOOK,))
        if mode == controls.GLASS_MODE:
            return frozenset((keys.GLASS, keys.CANCEL))
        if mode == controls.FORCEPS_MODE:
            return frozenset((keys.FORCEPS,) if controls.swapping(view) else (keys.FORCEPS,
                                                                              keys.CANCEL))
        tags = {keys.TYPE}
        if view.phase == START:
            tags.add(keys.START)
            if controls.glasses(self._legal):
                tags.add(keys.START_GLASS)
            if controls.forceps_ready(self._legal):
                tags.add(keys.START_FORCEPS)
        else:
            tags.update(_PHASE_TAGS.get(view.phase, ()))
        return frozenset(tags)

    @property
    def cursor(self) -> Square:
        """The square under the cursor, as (row, col) on the sheet."""
        return self._cursor

    # --- whose box, and where the cursor is -----------------------------------
    def _featured(self) -> int:
        view = self._view
        if view is None:
            return 0
        if self._look is not None and self._look < view.players:
            return self._look
        if self._seat is not None:
            return self._seat
        return view.current if not view.is_over else 0

    def _settle_cursor(self) -> None:
        """Keep the cursor on the featured box, on a useful square if there is one."""
        view = self._view
        if view is None:
            return
        seat = self._featured()
        self._cursor = clamp(view, seat, self._cursor)
        aims = targets(view, seat, self._mode, self._placing())
        if aims and self._cursor not in aims:
            self._cursor = nearest(self._cursor, aims)

    def _placing(self) -> bool:
        view = self._view
        return (view is not None and view.phase == PLACING and bool(self._legal)
                and not self._sent and self._featured() == view.current)

    # --- drawing ------------------------------------------------------------
    def _redraw(self) -> None:
        self._announce_keys()
        view = self._view
        roomy = self.has_class("-roomy")
        names = self._names()
        width = max(1, self.size.width)
        self.query_one(HistoryView).draw(self._history)
        if view is None:
            return
        blocked = bool(self._blocked())
        self.query_one("#jb-strip", Static).update(
            log_strip(view, self._history, controls.log_targets(self._legal, self._mode, blocked),
                      width, roomy,
                      stage=blocked), layout=False)
        marks = Marks(self._cursor, self._picked, self._placing(),
                      free=self._mode != controls.FORCEPS_MODE)
        # A roomy board keeps more lines for the history under the boxes.
        budget = max(6, self.size.height - FIXED_ROWS - (6 if roomy else 0))
        self.query_one(BoxesView).draw(view, self._seat, self._featured(), marks, names,
                                       budget, roomy)
        detail = detail_line(view, self._featured(), self._cursor, self._placing(), self._mode,
                             self._picked, self._legal)
        self.query_one("#jb-detail", Static).update(detail, layout=False)
        self._update_prompt(self.query_one("#jb-prompt", Static), self._prompt())

    def _prompt(self) -> Text:
        if self._message is not None:
            return self._message
        view = self._view
        if view is None:
            return Text("")
        blocked = self._blocked()
        if blocked:
            return glyphs.span(blocked, glyphs.DIM)
        if self._featured() != view.current:
            return glyphs.span(f"Your turn; this is Seat {self._featured() + 1}'s box: v goes on "
                               "to the next box, yours comes back", glyphs.WARN)
        return turn_hint(view, self._legal, self._mode, self._picked)

    def _say(self, words: str, ok: bool = False) -> None:
        self._message = glyphs.span(words, glyphs.GOOD if ok else glyphs.WARN)
        self._redraw()

    def on_resize(self, event: Resize) -> None:
        roomy = event.size.width >= 110 and event.size.height >= 30
        self.set_class(roomy, "-roomy")
        self.query_one("#jb-keys", Static).update(legend(44 if roomy else 38))
        self.query_one("#jb-scoring", Static).update(scoring(paired=not roomy))
        self._redraw()

    # --- acting -------------------------------------------------------------
    def _read_only_reason(self) -> str:
        assert self._view is not None
        return read_only_reason(self._view, self._seat, self._sent, self._names())

    def _names(self) -> dict[int, str]:
        """Seat names with bot kinds: the table's, else read from the history."""
        return dict(enumerate(self._labels)) or seat_names(self._history)

    def _play(self, choice: object) -> None:
        """Post `choice` if it is a legal action now; otherwise say why not."""
        blocked = self._blocked()
        if blocked or isinstance(choice, str):
            self._say(blocked or str(choice))
        elif choice in self._legal:
            if self._hold_for_enter(choice):
                return
            self._sent = True
            self._mode, self._picked = "", None
            self._message = glyphs.span(f"played: {choice}", glyphs.GOOD)
            if self.is_mounted:
                self._redraw()
            self.post_message(self.ActionChosen(choice))
        elif isinstance(choice, actions.Swap) and actions.FORCEPS in self._legal:
            self._play(actions.FORCEPS)
            self._pending = choice
            self._message = glyphs.span(f"played: forceps, {choice}", glyphs.GOOD)
            if self.is_mounted:
                self._redraw()
        else:
            self._say(f"{choice} is not legal now")

    def _start_tool(self, tool: int) -> None:
        assert self._view is not None
        reason = controls.tool_start(self._view, self._legal, tool)
        if reason:
            self._say(reason)
            return
        # A used-up tool's key never spends the Either unasked: it asks first.
        question = controls.either_question(self._view, tool)
        if question and self._either_asked != tool:
            self._either_asked = tool
            self._say(question)
            return
        self._either_asked = 0
        self._mode = controls.GLASS_MODE if tool == GLASS else controls.FORCEPS_MODE
        self._picked, self._message = None, None
        if tool == FORCEPS:
            self._look = None
            self._settle_cursor()
        self._redraw()

    def _enter(self) -> None:
        view = self._view
        assert view is not None
        if self._featured() != view.current and (self._mode or view.phase == PLACING):
            self._say("this is not your box: v goes back to yours")
        elif self._mode == controls.FORCEPS_MODE:
            choice, self._picked = controls.forceps_pick(view, self._legal, self._picked,
                                                         self._cursor)
            if choice is None:
                self._message = None
                self._redraw()
            else:
                self._play(choice)
        elif view.phase == PLACING:
            self._play(controls.place(view, self._legal, self._cursor))
        else:
            self._say(controls.enter_hint(view, self._legal))

    def _move(self, drow: int, dcol: int) -> None:
        if self._view is not None:
            self._cursor = moved(self._view, self._featured(), self._cursor, drow, dcol)
        self._message = None
        self._redraw()

    def _jump(self, step: int) -> None:
        if self._view is None:
            return
        found = step_target(self._view, self._featured(), self._cursor, step, self._mode,
                            self._placing())
        if found is None:
            self._say("no highlighted square to jump to now")
            return
        self._cursor = found
        self._message = None
        self._redraw()

    def _next_box(self) -> None:
        view = self._view
        if view is None or view.players == 1:
            self._say("solo: there is only your box")
            return
        self._look = (self._featured() + 1) % view.players
        if self._look == (self._seat if self._seat is not None else view.current):
            self._look = None
        self._mode, self._picked, self._message = "", None, None
        self._settle_cursor()
        self._redraw()

    # --- keys ---------------------------------------------------------------
    def _yields(self, key: str) -> bool:
        return key not in keys.LOOKING

    def _handle(self, key: str, char: str) -> bool:
        """What bindings cannot say: a word about printable keys that do nothing."""
        if char and self._view is not None and key not in self.screen.active_bindings:
            self._say(f"{char!r} is not a board key; the legend below lists them, "
                      ": types an action")
            return True
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action == "cancel":
            return bool(self._mode or self._message or self._picked)
        return self._view is not None or action in _ANY_TIME

    def _refused(self) -> bool:
        """Read-only: a key that would act says why it cannot (True)."""
        blocked = self._blocked()
        if blocked:
            self._say(blocked)
        return bool(blocked)

    # --- key actions ------------------------------------------------------------------
    def action_move(self, drow: int, dcol: int) -> None:
        self._move(drow, dcol)

    def action_jump(self, step: int) -> None:
        self._jump(step)

    def action_command(self) -> None:
        self._open_command()

    def action_next_box(self) -> None:
        self._next_box()

    def action_scoring(self) -> None:
        self.toggle_class("-scoring")

    def action_cancel(self) -> None:
        view = self._view
        if view is not None and self._legal and controls.swapping(view):
            self._picked = None
            self._say("the Forceps are in hand: Enter on two beetles to swap them")
            return
        self._mode, self._picked, self._message = "", None, None
        self._redraw()

    def action_roll(self) -> None:
        if not self._refused() and self._view is not None:
            self._play(controls.roll(self._view, self._legal))

    def action_digit(self, number: int) -> None:
        if not self._refused() and self._view is not None:
            self._play(controls.digit(self._view, self._legal, self._mode, number))

    def action_tool(self, name: str) -> None:
        if not self._refused():
            self._start_tool(GLASS if name == "glass" else FORCEPS)

    def action_pile(self) -> None:
        if not self._refused() and self._view is not None:
            self._play(controls.pile(self._view, self._legal, self._mode))

    def action_done(self) -> None:
        if not self._refused() and self._view is not None:
            self._play(controls.done(self._view, self._legal))

    def action_enter(self) -> None:
        if not self._refused():
            self._enter()
