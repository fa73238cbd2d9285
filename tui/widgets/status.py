"""The one-row status bar at the top of a table and the one-row key bar below it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class StatusBar(Widget):
    """Left: game, round and whose turn; right: the table's mode. A spinner shows
    while `busy` (a bot is thinking); it turns only when `animate` is on, so
    screenshots stay the same from run to run."""

    DEFAULT_CSS = """
    StatusBar {
        height: 1;
        background: $primary;
        color: $text;
    }
    StatusBar.-alert {
        background: $error;
    }
    """

    left: reactive[str] = reactive("")
    short_left: reactive[tuple[str, ...]] = reactive(())
    """Said instead of `left` when `left` does not fit: the first of these that
    fits (e.g. with the game's short name, then without it); the last is cut."""
    right: reactive[str] = reactive("")
    busy: reactive[bool] = reactive(False)
    frame: reactive[int] = reactive(0)

    def __init__(self, *, animate: bool = True, id: str | None = None) -> None:
        super().__init__(id=id)
        self.animate_spinner = animate

    def on_mount(self) -> None:
        if self.animate_spinner:
            self.set_interval(0.1, self._tick)

    def _tick(self) -> None:
        if self.busy:
            self.frame = (self.frame + 1) % len(SPINNER)

    def set_alert(self, alert: bool) -> None:
        self.set_class(alert, "-alert")

    def render(self) -> Text:
        width = self.size.width
        spinner = f" {SPINNER[self.frame]}" if self.busy else ""
        left = f" {self.left}{spinner}"
        right = f"{self.right} " if self.right else ""
        shorter = [words for words in self.short_left if words]
        # The first shorter left beside the right part, then alone (the game's
        # name matters more than the table's mode), then the others.
        tries = [(left, right)]
        if shorter:
            tries += [(f" {shorter[0]}{spinner}", right), (f" {shorter[0]}{spinner}", "")]
            tries += [(f" {words}{spinner}", right) for words in shorter[1:]]
        left, right = next(((lt, rt) for lt, rt in tries if len(lt) <= width - len(rt) - 1),
                           tries[-1])
        room = max(0, width - len(right) - 1)
        if len(left) > room:
            left = left[: max(0, room - 1)] + "…"
        text = Text(left, style="bold")
        text.append(" " * max(1, width - len(left) - len(right)))
        text.append(right)
        return text


class KeyBar(Widget):
    """Key hints: each key highlighted, then what it does. The fixed keys (help,
    quit) sit at the right and always show; the rest is cut to fit on the left."""

    DEFAULT_CSS = """
    KeyBar {
        height: 1;
        background: $panel;
        color: $text-muted;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._keys: tuple[tuple[str, str], ...] = ()
        self._fixed: tuple[tuple[str, str], ...] = ()

    def set_keys(self, keys: Sequence[tuple[str, str]],
                 fixed: Sequence[tuple[str, str]] = ()) -> None:
        keys, fixed = tuple(keys), tuple(fixed)
        if (keys, fixed) != (self._keys, self._fixed):
            self._keys, self._fixed = keys, fixed
            self.refresh()

    @staticmethod
    def _hints(keys: Sequence[tuple[str, str]]) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        for key, what in keys:
            text.append(f" {key} ", style="bold reverse")
            text.append(f" {what} ")
        return text

    def render(self) -> Text:
        width = self.size.width
        right = self._hints(self._fixed)
        room = max(0, width - right.cell_len)
        shown = list(self._keys)
        left = self._hints(shown)
        while shown and left.cell_len > room:
            shown.pop()  # drop whole hints, never half a word
            left = self._hints(shown)
            left.append("…")
        left.pad_right(max(0, room - left.cell_len))
        return left + right
