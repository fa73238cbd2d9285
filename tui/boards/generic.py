"""The board any registered game gets: the players' table, the view as text,
the legal actions as a list to pick from, a line to type an action in the
game's notation, and a line under it all for refusals and what the keys do."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import attrs
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, OptionList, Static

from gemtable.engine import IllegalAction, State

from .base import Board, BoardKey
from .command_line import CommandLine
from .layout import BOLD, DIM, WARN, fit_label, span

HISTORY_SHOWN = 8
TURN_MARK = "►"
"""Before the players' table row of the seat whose turn it is."""
NAME_WIDEST = 24
"""A longer seat name ("Seat 2 (mcts:300)") is cut here, keeping its kind."""
PLAY = "play"
"""The key bar's mode while the person at the keyboard is to move."""


def _format_value(value: object) -> str:
    """Numbers in a row; runs of one value shortened (`-1×14`), as for a hidden deck."""
    if isinstance(value, tuple) and all(isinstance(v, int | None) for v in value):
        if not value:
            return "()"
        if len(value) > 3 and len(set(value)) == 1:
            return f"{value[0]}×{len(value)}"
        return " ".join("-" if v is None else str(v) for v in value)
    return repr(value)


def _format_record(record: object, indent: str) -> list[str]:
    record_type = type(record)
    if not attrs.has(record_type):
        return [f"{indent}{_format_value(record)}"]
    lines = []
    for field in attrs.fields(record_type):
        if field.name.startswith("_"):
            continue
        value = getattr(record, field.name)
        if isinstance(value, tuple) and value and attrs.has(type(value[0])):
            lines.append(f"{indent}{field.name}:")
            for index, item in enumerate(value):
                lines.append(f"{indent}  [{index + 1}]")
                lines.extend(_format_record(item, indent + "    "))
        elif isinstance(value, tuple) and value and isinstance(value[0], tuple):
            lines.append(f"{indent}{field.name}:")
            lines.extend(f"{indent}  {_format_value(row)}" for row in value)
        else:
            lines.append(f"{indent}{field.name}: {_format_value(value)}")
    return lines


def render_view_text(view: State[Any]) -> str:
    """The view's fields, one a line (records and rows indented under their name)."""
    if attrs.has(type(view)):
        return "\n".join(_format_record(view, ""))
    return repr(view)


class GenericBoard(Board[State[Any]]):
    """Usable for every game: the players' table, the view as text, a pickable
    list of legal actions and an entry line, with a line under them for
    refusals (shown whole) and, when nothing can be played, why not."""

    DEFAULT_CSS = Path(__file__).with_name("generic.tcss").read_text(encoding="utf-8")

    LEGEND = (
        ("the list", "every move you may make now, in the game's own notation; "
                     "↑↓ choose, Enter plays"),
        ("the line", "type a move in that notation (Tab or : goes there, Esc comes back)"),
        (TURN_MARK, "in the players' table: the seat whose turn it is"),
        ("points", "each seat's points as the game counts them from what you can see"),
        ("Last actions", "the moves played so far, newest at the bottom (F3: all of them)"),
        ("-1×23", "one value many times in a row, written once with the count "
                  "(a hidden card is often -1)"),
        ("()", "nothing there yet"),
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        BoardKey("up", "choose(-1)", "choose", key_display="↑↓", modes=(PLAY,), doc_rank=1,
                 doc_keys="arrows", doc="choose a move in the list (also while typing)"),
        BoardKey("down", "choose(1)", show=False),
        BoardKey("enter", "play", "play", key_display="Enter", modes=(PLAY,), doc_rank=2,
                 doc_keys="`Enter`", doc="play the chosen move, or the move typed on the line"),
        BoardKey("colon", "type", "type", key_display="Tab", modes=(PLAY,), doc_rank=3,
                 doc_keys="`Tab` or `:`", doc="type a move in the game's notation on the line "
                 "under the list (`:undo` takes your last move back); `Esc` returns to the list"),
    ]
    KEYS_NOTE = ("Mouse: click a move in the list to play it. `PgUp` `PgDn` `Home` `End` "
                 "move through a long list.\n")

    def compose(self) -> ComposeResult:
        with Horizontal(id="gb-top"):
            with Vertical(id="gb-left"):
                yield Static("", id="gb-players")
                with VerticalScroll(id="gb-view"):
                    yield Static("", id="gb-text")
            with Vertical(id="gb-side"):
                yield Static("Waiting", id="gb-prompt")
                yield OptionList(id="gb-legal")
                yield CommandLine(placeholder="type an action, Enter", id="gb-entry",
                                  compact=True)
        yield Static("", id="gb-error")

    def on_mount(self) -> None:
        self._redraw()

    def on_resize(self) -> None:
        self._redraw()  # back from a terminal too small for it: the list takes the keys again

    # --- drawing ------------------------------------------------------------
    def _new_position(self, previous: State[Any] | None,
                      previous_legal: tuple[object, ...]) -> None:
        if self._legal != previous_legal and self.is_mounted:
            self._fill_list()

    def _fill_list(self) -> None:
        """The legal actions in the list, the first highlighted."""
        options = self.query_one("#gb-legal", OptionList)
        # Text, not a string: a game's action texts are shown as written, never as markup.
        options.set_options(Text(str(action)) for action in self._legal)
        if self._legal:
            options.highlighted = 0

    def _redraw(self) -> None:
        view = self._view
        if view is None:
            return
        text = render_view_text(view)
        if self._history:
            recent = list(self._history)[-HISTORY_SHOWN:]
            text += "\n\nLast actions:\n" + "\n".join(f"  {line}" for line in recent)
        self.query_one("#gb-text", Static).update(Text(text))
        self.query_one("#gb-players", Static).update(self._players_table(view))
        self.query_one("#gb-prompt", Static).update(Text(self._side_prompt(view)))
        playable = bool(self._legal)
        self.query_one("#gb-entry", Input).disabled = not playable
        options = self.query_one("#gb-legal", OptionList)
        if options.option_count != len(self._legal):  # mounted after the first `show`
            self._fill_list()
        options.disabled = not playable
        if playable and self.display and not self._focus_is_inside():
            options.focus()  # not while a small terminal hides the board: keys would act unseen
        self._update_prompt(self.query_one("#gb-error", Static), self._under_board())

    def _side_prompt(self, view: State[Any]) -> str:
        if self._legal:
            return f"Your move ({len(self._legal)} legal)"
        if view.is_over:
            return "Game over"
        return "Watching" if self._seat is None else "Waiting for the others"

    def _players_table(self, view: State[Any]) -> Text:
        """One row per seat: whose turn it is, the seat as the table names it
        (with its kind), and its points when the view can count them."""
        names = [self.seat_name(seat) for seat in range(view.players)]
        width = min(NAME_WIDEST, max(len(name) for name in names))
        points = _points(view)
        table = span(f" {'players':<{width}}" + ("  points" if points else ""), DIM)
        for seat, name in enumerate(names):
            playing = view.to_move == seat and not view.is_over
            row = span(TURN_MARK if playing else " ", WARN)
            style = Style(bold=True, reverse=True) if playing else (
                BOLD if seat == self._seat else Style())
            row.append(fit_label(name, width).ljust(width), style)
            if points:
                row.append(f"  {points[seat]:>6}")
            table.append("\n")
            table.append_text(row)
        return table

    def _under_board(self) -> Text:
        """The line under the board: the last word said, else why nothing can
        be played (a replay's keys), else how to play."""
        if self._message is not None:
            return self._message
        blocked = self._blocked()
        if blocked:
            return span(blocked, DIM)
        return span("↑↓ choose a move, Enter plays it; Tab or : to type one", DIM)

    def _read_only_reason(self) -> str:
        assert self._view is not None
        if self._sent:
            return "Move sent; waiting for the table."
        if self._view.is_over:
            return "The game is over (F3: the whole log)."
        return "Watching: nothing is played from here." if self._seat is None else \
            "Waiting for the others to move."

    def _focus_is_inside(self) -> bool:
        """True when the person is already in the list or the entry line."""
        focused = self.screen.focused if self.is_attached else None
        return focused is not None and focused.id in ("gb-legal", "gb-entry")

    def _say(self, words: str) -> None:
        # Plain text: the words may quote what was typed (never markup).
        self._message = span(words, WARN) if words else None
        if self.is_mounted:
            self._redraw()

    def key_modes(self) -> frozenset[str]:
        return frozenset((PLAY,)) if self._legal and not self._sent else frozenset()

    # --- the person's input -----------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys act while the focus is in the list or on the line (the
        list and the line take their own keys first); `:` only from the list,
        as on the line it is typed."""
        focused = self.screen.focused if self.is_attached else None
        if focused is None or focused.id not in ("gb-legal", "gb-entry"):
            return False
        return action != "type" or focused.id == "gb-legal"

    def action_choose(self, step: int) -> None:
        options = self.query_one("#gb-legal", OptionList)
        if step < 0:
            options.action_cursor_up()
        else:
            options.action_cursor_down()

    def action_play(self) -> None:
        index = self.query_one("#gb-legal", OptionList).highlighted
        if index is not None and 0 <= index < len(self._legal):
            self._choose(self._legal[index])

    def action_type(self) -> None:
        self.query_one("#gb-entry", Input).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._legal):
            self._choose(self._legal[event.option_index])

    def _choose(self, action: object) -> None:
        self._message = None
        self.post_message(self.ActionChosen(action))

    def on_command_line_closed(self, event: CommandLine.Closed) -> None:
        event.stop()
        if self._legal:
            self.query_one("#gb-legal", OptionList).focus()

    def _submit(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text or self._view is None:
            return
        if not self._legal:
            self.show_error("It is not your turn.")
            return
        try:
            action = self._view.parse_action(text)
        except IllegalAction as error:
            self.show_error(error.reason)
            return
        event.input.value = ""
        self._choose(action)


def _points(view: State[Any]) -> tuple[int, ...]:
    """Each seat's points in `view`, or () when the view cannot count them
    (a game may need what the view hides)."""
    try:
        return tuple(view.scores())
    except (LookupError, ValueError, TypeError):
        return ()


BOARD = GenericBoard
