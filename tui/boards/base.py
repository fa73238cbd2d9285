"""The contract between a game screen and a game's board widget, and the glue
every keyboard-driven board shares.

"Attributes down, messages up": the screen hands the board a view (what the
local seat may know) and the legal actions; the board draws them and posts
ActionChosen when the person at the keyboard picks one. A board keeps no game
state of its own beyond the last view it was shown.

A game's board is a `Board[ItsState]` that also sets `state_type` (the class
`show` checks at run time), draws in `_redraw`, resets what the person
was doing in `_new_position`, says things with `_say` and reads keys in
`_handle`, and says why a read-only board cannot act in `_read_only_reason`;
the base class does the rest (storing what `show` hands it, keys while the
command line is closed, the `:` command line, refusals).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from rich.text import Text
from textual.binding import Binding
from textual.events import Key
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Static

from gemtable.engine import IllegalAction, State

from .command_line import CommandLine


@dataclass(frozen=True)
class BoardKey(Binding):
    """A board's key, declared once: the Textual binding (key, action) plus
    what the key bar and the help screen (F1, keys.md) say about it.

    `description` and `key_display` are the key bar's words, shown in the
    board's `key_modes()` tags listed in `modes`; `doc_keys` and `doc` are its
    line in the key reference. Several bindings may share one line: only the
    first that has `doc` text writes it.
    """

    modes: tuple[str, ...] = ()
    doc_keys: str = ""
    doc: str = ""
    doc_rank: int = 0
    """Place of the line in the reference (lines of equal rank keep their order)."""
    doc_when: str = ""
    """When the key works, if not always (`making`), before the keys in the reference."""

    def reference_line(self) -> str:
        when = f"*{self.doc_when}* " if self.doc_when else ""
        return f"- {when}**{self.doc_keys}**: {self.doc}\n"


FIXED_KEYS = "- **`F1`**: this help; `q` quits (the game stays saved)\n"
"""The screen's own keys, the same for every board."""

S = TypeVar("S", bound=State[Any])
"""The state class a board draws."""


class Board(Generic[S], Widget, can_focus=True):
    """Base class of every game board, generic in the state it draws."""

    state_type: ClassVar[type[State[Any]]] = State
    """The state class this board draws; `show` refuses any other."""

    class ActionChosen(Message):
        """The person picked `action` (one of the legal actions last shown)."""

        def __init__(self, action: object) -> None:
            super().__init__()
            self.action = action

    class KeysChanged(Message):
        """The board's own keys changed without a new position (a tool picked
        up, a choice cancelled): the screen redraws its key bar."""

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._view: S | None = None
        """The last view shown, None before the first."""
        self._legal: tuple[object, ...] = ()
        self._seat: int | None = None
        self._history: tuple[str, ...] = ()
        self._message: Text | None = None
        """The line under the board (a refusal, what was played), None for the hint."""
        self._sent = False
        """An action was posted for the last view; wait for the next one."""
        self._yielding = False
        """This key is left to the screen: the board's own bindings are off for it."""
        self._last_key = ""
        """The key being handled ("" after a click): a move that cannot be taken
        back is played at once only from Enter or a click on the board."""
        self._typed = False
        """The move about to be played was typed on the `:` line."""
        self._awaiting: object | None = None
        """A move that cannot be taken back, chosen by a single key: Enter plays it."""
        self._labels: tuple[str, ...] = ()
        """How the table names each seat ("Seat 2 (greedy)"), from `name_seats`."""
        self._keys_shown: tuple[tuple[str, str], ...] = ()
        """The key bar's entries when the screen was last told (`_announce_keys`)."""
        self._wrapped_rows: dict[int, int] = {}
        """Rows each wrapping line under the board took when last drawn, by widget."""
        self.read_only_words = ""
        """What the line under a read-only board says in place of the board's
        own words, set by a screen whose keys do something else there (a
        replay's arrows step through the log instead of looking around)."""

    # --- the contract -------------------------------------------------------
    def show(
        self,
        view: S,
        legal: Sequence[object],
        seat: int | None,
        history: Sequence[str] = (),
    ) -> None:
        """Redraw for `view`.

        `legal` is empty unless the person at this keyboard is to act now;
        `seat` is the seat whose view this is (None for a spectator);
        `history` is the action log, oldest first, one line per action.
        """
        if not isinstance(view, self.state_type):
            raise TypeError(f"{type(self).__name__} cannot draw {type(view).__name__}")
        legal = tuple(legal)
        self._history = tuple(history)
        if not (view == self._view and legal == self._legal and seat == self._seat):
            # A new position: whatever was being picked or typed belonged to the old one.
            previous, previous_legal = self._view, self._legal
            self._view, self._legal, self._seat = view, legal, seat
            self._sent = False
            self._message = None
            self._awaiting = None
            self._new_position(previous, previous_legal)
        if self.is_mounted:
            self._redraw()

    def name_seats(self, labels: Sequence[str]) -> None:
        """How the table names the seats ("Seat 1", "Seat 2 (greedy)"): the
        screen hands them over before `show`, so every player table says which
        seat is which bot."""
        self._labels = tuple(labels)

    def seat_name(self, seat: int) -> str:
        """A seat as the players' tables write it: the table's name for it
        (with its bot kind), and "(you)" for the seat on this screen."""
        if seat == self._seat:  # the person reading: no need of their own name or kind
            return f"Seat {seat + 1} (you)"
        return self._labels[seat] if 0 <= seat < len(self._labels) else f"Seat {seat + 1}"

    def show_error(self, reason: str) -> None:
        """The table refused the last action: say why and let the person try again."""
        self._sent = False
        self._say(reason)

    KEYS_INTRO: ClassVar[str] = ""
    """Markdown before the key list in the key reference."""
    KEYS_NOTE: ClassVar[str] = ""
    """Markdown after the key list in the key reference (mouse, what is on screen)."""

    def key_modes(self) -> frozenset[str]:
        """What the board is doing now, as the tags of BoardKey.modes: the key
        bar shows each declared key that lists one of them."""
        return frozenset()

    def key_help(self) -> Sequence[tuple[str, str]]:
        """(key, what it does) pairs for the key bar: the declared keys of the
        current `key_modes()`, in declaration order."""
        modes = self.key_modes()
        shown: list[tuple[str, str]] = []
        for key in self.board_keys():
            entry = (key.key_display or key.key, key.description)
            if modes.intersection(key.modes) and entry not in shown:
                shown.append(entry)
        return tuple(shown)

    def _announce_keys(self) -> None:
        """Tell the screen when the key bar's entries differ from the last told,
        for a board whose keys follow what it draws (a menu open, a mode)."""
        shown = tuple(self.key_help())
        if shown != self._keys_shown:
            self._keys_shown = shown
            self.post_message(self.KeysChanged())

    @classmethod
    def board_keys(cls) -> tuple[BoardKey, ...]:
        return tuple(b for b in cls.BINDINGS if isinstance(b, BoardKey))

    @classmethod
    def key_reference(cls) -> str:
        """Every key of this board, as Markdown for the help screen: made from
        the declared keys (and kept as `keys.md` beside the board's module);
        a board that declares none has only its `keys.md`, or nothing."""
        documented = sorted((key for key in cls.board_keys() if key.doc),
                            key=lambda key: key.doc_rank)
        if documented:
            intro = f"{cls.KEYS_INTRO}\n" if cls.KEYS_INTRO else ""
            lines = "".join(key.reference_line() for key in documented)
            note = f"\n{cls.KEYS_NOTE}" if cls.KEYS_NOTE else ""
            return "## Keys\n\n" + intro + lines + FIXED_KEYS + note
        keys = cls.keys_file()
        try:
            return keys.read_text(encoding="utf-8")
        except OSError:
            return ""

    LEGEND: ClassVar[tuple[tuple[str, str], ...]] = ()
    """Every symbol and colour the board draws, as (symbol, what it means)
    pairs: shown by the legend key and at the top of F1."""

    @classmethod
    def legend_markdown(cls) -> str:
        """The LEGEND as Markdown for the legend screen and the top of F1."""
        if not cls.LEGEND:
            return ""

        def cell(text: str) -> str:
            return text.replace("|", "\\|").replace("`", "'")

        rows = "".join(f"| `{cell(symbol)}` | {cell(meaning)} |\n"
                       for symbol, meaning in cls.LEGEND)
        return "## What the board shows\n\n| On the board | Means |\n|---|---|\n" + rows

    @classmethod
    def keys_file(cls) -> Path:
        return Path(inspect.getfile(cls)).with_name("keys.md")

    # --- what a game's board provides ------------------------------------------
    def _new_position(self, previous: S | None, previous_legal: tuple[object, ...]) -> None:
        """A new view was stored: reset what the person was doing with the old one."""

    def _redraw(self) -> None:
        """Draw everything again from the last view."""

    def _say(self, words: str) -> None:
        """Show `words` on the line under the board."""

    def _read_only_reason(self) -> str:
        """Why the person cannot act on the view shown (not their turn, the
        game over, a move already sent)."""
        return ""

    def _play(self, action: object) -> None:
        """Play `action`, one of the legal actions: a game's board also says so
        and may first ask for Enter (`_hold_for_enter`)."""
        self.post_message(self.ActionChosen(action))

    def _handle(self, key: str, char: str) -> bool:
        """Act on one key (`char` is its printable character, or ''); False
        leaves it to the screen and the app."""
        return False

    def _update_prompt(self, prompt: Static, text: Text, most: int = 3) -> None:
        """Put `text` on a line under the board that wraps (up to `most` rows, as
        its CSS allows) so a long refusal or card detail is read whole; the
        board is laid out again only when the number of rows changes."""
        width = prompt.size.width or self.size.width
        rows = min(most, len(text.wrap(self.app.console, width))) if width > 0 else 1
        prompt.update(text, layout=rows != self._wrapped_rows.get(id(prompt), 1))
        self._wrapped_rows[id(prompt)] = rows

    # --- moves that cannot be taken back ------------------------------------------
    CONFIRM_WORDS: ClassVar[str] = "brings something hidden to light, so it cannot be undone"
    """Why a move waits for Enter (a game's board may say it in its own words)."""

    def _hold_for_enter(self, action: object) -> bool:
        """Whether `action` must wait for a confirming Enter: it reveals something
        (`State.reveals`, so undo stops before it) and it was not chosen by Enter
        or a click on the board itself. A single letter (`b`) slips easily, and a
        line typed on `:` may name a different move than meant, so both ask.
        The board then says so; Enter plays it, any other key drops it."""
        typed, self._typed = self._typed, False
        if (self._last_key in ("", "enter") and not typed) or self._view is None:
            return False
        try:
            reveals = self._view.reveals(action)
        except ValueError:
            reveals = True
        if not reveals:
            return False
        self._awaiting = action
        self._say(f"{action} {self.CONFIRM_WORDS}: Enter plays it, Esc cancels")
        return True

    def on_mouse_down(self) -> None:
        self._last_key = ""

    # --- keys ---------------------------------------------------------------------
    def on_key(self, event: Key) -> None:
        self._yielding = False
        self._last_key = event.key
        if self.screen.focused is not self:
            return  # keys typed into the command line are not board keys
        self._typed = False
        if self._awaiting is not None:
            awaiting, self._awaiting = self._awaiting, None
            if event.key in ("enter", "escape"):
                event.stop()
                event.prevent_default()
                if event.key == "enter":
                    self._play(awaiting)
                else:
                    self._message = None
                    self._redraw()
                return
        if (self._sent or not self._legal) and self.board_keys() and self._yields(
                event.key) and self._bound_elsewhere(event.key):
            self._yielding = True  # read-only: the screen's keys (step, retry…) come first
            return
        char = event.character or ""
        if self._handle(event.key, char if len(char) == 1 and char.isprintable() else ""):
            event.stop()
            event.prevent_default()

    def _yields(self, key: str) -> bool:
        """Whether a key the screen also binds goes to the screen while the
        board is read-only (keys that only look around may stay)."""
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The board's bindings act only while it has the focus (not while the
        command line is open) and do not take a key left to the screen."""
        return not self._yielding and self.screen.focused is self

    def _bound_elsewhere(self, key: str) -> bool:
        """Whether the screen or the app has an enabled binding for `key`."""
        yielding, self._yielding = self._yielding, True  # hides the board's own bindings
        try:
            active = self.screen.active_bindings.get(key)
        finally:
            self._yielding = yielding
        return active is not None and active.enabled and active.node is not self

    # --- acting -------------------------------------------------------------------
    def _blocked(self) -> str:
        """Why the person cannot act now ("" when they can)."""
        if self._view is None:
            return "nothing to play yet"
        if self._sent or not self._legal:
            return self.read_only_words or self._read_only_reason()
        return ""

    # --- the `:` command line (boards that compose a CommandLine) ------------------
    TYPING_EXAMPLE: ClassVar[str] = "type an action (Esc closes)"
    """What the `:` line says when Enter is pressed with nothing typed."""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit(event)

    def _submit(self, event: Input.Submitted) -> None:
        """An action typed on the `:` line in the game's notation: played if it is
        one of the legal actions, else the engine's reason is said."""
        text = event.value.strip()
        blocked = self._blocked()
        if blocked:
            self._say(blocked)
            return
        if not text:
            self._say(self.TYPING_EXAMPLE)
            return
        assert self._view is not None
        try:
            action = self._view.parse_action(text)
            if action not in self._legal:
                raise IllegalAction(f"{action} is not one of your choices now", action)
        except IllegalAction as error:
            # For text that names no action, the reason gives the notation and examples.
            self._say(f"{text}: {error.reason}")
            return
        self._close_command()
        self._play(action)

    def _open_command(self) -> None:
        command = self.query_one(CommandLine)
        command.display = True
        command.focus()
        self._message = None
        self._redraw()

    def _close_command(self) -> None:
        command = self.query_one(CommandLine)
        # What is played next (if anything) was typed there.
        self._typed = bool(command.value.strip())
        command.value = ""
        command.display = False
        self.focus()

    def on_command_line_closed(self, event: CommandLine.Closed) -> None:
        event.stop()
        self._close_command()
