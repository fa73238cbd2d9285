"""The board any registered game gets: the view as text, the legal actions as a
list to pick from, and a line to type an action in the game's notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, OptionList, Static

from gemtable.engine import IllegalAction, State

from .base import Board

HISTORY_SHOWN = 8


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


class GenericBoard(Board[State[Any]], can_focus=False):
    """Usable for every game: text view, a pickable list of legal actions, an entry line."""

    LEGEND = (
        ("the list", "every move you may make now, in the game's own notation; "
                     "↑↓ choose, Enter plays"),
        ("the line", "type a move in that notation (Tab goes there)"),
        ("the log", "the moves played so far, newest at the bottom"),
    )

    DEFAULT_CSS = """
    GenericBoard {
        layout: horizontal;
        height: 1fr;
    }
    GenericBoard #gb-view {
        width: 1fr;
        padding: 0 1;
    }
    GenericBoard #gb-side {
        width: 32;
        border-left: vkey $primary;
    }
    GenericBoard #gb-prompt {
        height: 1;
        text-style: bold;
        padding: 0 1;
    }
    GenericBoard #gb-legal {
        height: 1fr;
        border: none;
        padding: 0;
    }
    GenericBoard #gb-error {
        height: auto;
        max-height: 3;
        color: $text-error;
        padding: 0 1;
    }
    GenericBoard #gb-entry {
        height: 1;
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="gb-view"):
            yield Static("", id="gb-text")
        with Vertical(id="gb-side"):
            yield Static("Waiting", id="gb-prompt")
            yield OptionList(id="gb-legal")
            yield Static("", id="gb-error")
            yield Input(placeholder="type an action, Enter", id="gb-entry", compact=True)

    def show(self, view: State[Any], legal: Sequence[object], seat: int | None,
             history: Sequence[str] = ()) -> None:
        self._view = view
        legal = tuple(legal)
        text = render_view_text(view)
        if history:
            recent = list(history)[-HISTORY_SHOWN:]
            text += "\n\nLast actions:\n" + "\n".join(f"  {line}" for line in recent)
        self.query_one("#gb-text", Static).update(Text(text))
        prompt = self.query_one("#gb-prompt", Static)
        if legal:
            prompt.update(f"Your move ({len(legal)} legal)")
        elif view.is_over:
            prompt.update("Game over")
        else:
            prompt.update("Watching" if seat is None else "Waiting for the others")
        entry = self.query_one("#gb-entry", Input)
        entry.disabled = not legal
        options = self.query_one("#gb-legal", OptionList)
        if legal != self._legal:
            self._legal = legal
            options.set_options(str(action) for action in legal)
            if legal:
                options.highlighted = 0
            self.query_one("#gb-error", Static).update("")
        options.disabled = not legal
        if legal and not self._focus_is_inside():
            options.focus()

    def _focus_is_inside(self) -> bool:
        """True when the person is already in the list or the entry line."""
        focused = self.screen.focused if self.is_attached else None
        return focused is not None and focused.id in ("gb-legal", "gb-entry")

    def show_error(self, reason: str) -> None:
        # Plain text: the reason may quote what was typed (never markup).
        self.query_one("#gb-error", Static).update(Text(reason))

    def key_help(self) -> Sequence[tuple[str, str]]:
        return (("↑↓", "choose"), ("Enter", "play"), ("Tab", "type"))

    # --- the person's input ---------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._legal):
            self.post_message(self.ActionChosen(self._legal[event.option_index]))

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
        self.show_error("")
        self.post_message(self.ActionChosen(action))


BOARD = GenericBoard
