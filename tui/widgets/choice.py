"""A one-line labelled choice that left/right cycle through: compact, quick by keyboard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class ChoiceRow(Widget, can_focus=True):
    """`Label   ◀ value ▶`; left/right (or space) change the value."""

    DEFAULT_CSS = """
    ChoiceRow {
        height: 1;
        width: 1fr;
    }
    ChoiceRow:focus {
        background: $accent;
        color: $text;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "previous", show=False),
        Binding("right,space", "move(1)", "next", show=False),
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
    ]

    index: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, row: ChoiceRow, value: Any) -> None:
            super().__init__()
            self.row = row
            self.value = value

        @property
        def control(self) -> ChoiceRow:
            return self.row

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], *, value: Any = None,
                 label_width: int = 10, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.label_width = label_width
        self._options: tuple[tuple[Any, str], ...] = tuple(options)
        self.set_reactive(ChoiceRow.index, self._index_of(value))

    def _index_of(self, value: Any) -> int:
        for i, (option, _) in enumerate(self._options):
            if option == value:
                return i
        return 0

    @property
    def value(self) -> Any:
        return self._options[self.index][0] if self._options else None

    def set_options(self, options: Sequence[tuple[Any, str]], value: Any = None) -> None:
        """Replace the choices, keeping the current value if it is still offered."""
        keep = self.value if value is None else value
        self._options = tuple(options)
        self.index = self._index_of(keep)
        self.refresh()

    def action_move(self, delta: int) -> None:
        if self._options:
            self.index = (self.index + delta) % len(self._options)

    def watch_index(self, old: int, new: int) -> None:
        if old != new:
            self.post_message(self.Changed(self, self.value))

    def render(self) -> Text:
        shown = self._options[self.index][1] if self._options else "—"
        text = Text(f" {self.label:<{self.label_width}}", style="bold")
        text.append(f" ◀ {shown} ▶")
        return text
