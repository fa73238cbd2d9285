"""Small modal questions that return a typed answer."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y or Enter for yes, n or Escape for no."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, *, opaque: bool = False) -> None:
        """`opaque`: nothing of the screen underneath shows (a hand kept from
        the person who answers)."""
        super().__init__(classes="-opaque" if opaque else None)
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            # The question may carry a move's words or a name: shown as written.
            yield Static(Text(self.question), id="dialog-question")
            yield Static("[b]y[/b] yes    [b]n[/b] no", id="dialog-keys")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
