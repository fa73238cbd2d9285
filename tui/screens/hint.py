"""A hint: the search's top moves for the person to move, from their view only.

The search runs on a worker thread (the table and the board carry on), shows
its top moves as it goes, and Enter plays the highlighted one. Closing the
hint stops the search at its next report.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from gemtable.ai.hints import HINT_ITERATIONS, Hint, MoveEstimate, hint
from gemtable.engine import State

HINT_SEED = 0
"""One seed for every hint: the same view always gets the same advice."""

HINT_KEY = "H"
"""Shift+H: no board takes capital H, and every lower-case letter and `?`
already mean something on one board or another."""

Search = Callable[..., Hint]


class _Stopped(Exception):
    """The hint was closed: stop searching."""


def estimate_lines(found: Hint) -> list[Text]:
    """One line per move, best first, the moves in one column."""
    width = max((len(move.text) for move in found.moves), default=0)
    return [estimate_line(rank, move, found.solo, width)
            for rank, move in enumerate(found.moves, start=1)]


def estimate_line(rank: int, move: MoveEstimate, solo: bool, width: int = 0) -> Text:
    """`1. take RBG  62% of tries · 54% to win` (the move shown literally)."""
    line = Text(f"{rank}. ", style="bold")
    line.append(move.text.ljust(width))
    line.append(f"  {100 * move.share:.0f}% of tries", style="dim")
    if move.value == move.value:  # NaN: a forced move, never weighed
        worth = f"{move.value:.1f} points expected" if solo else f"{100 * move.value:.0f}% to win"
        line.append(f" · {worth}")
    return line


class HintScreen(ModalScreen[object | None]):
    """Dismissed with the action to play (Enter), or None (Esc)."""

    CSS_PATH = "hint.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(f"escape,q,{HINT_KEY}", "close", "Close"),
    ]

    class Found(Message):
        def __init__(self, found: Hint, done: bool) -> None:
            super().__init__()
            self.found = found
            self.done = done

    def __init__(self, view: State, who: str, *, budget: int = HINT_ITERATIONS,
                 search: Search = hint) -> None:
        super().__init__()
        self.view = view
        self.who = who
        self.budget = budget
        self._search_with = search
        self._stop = threading.Event()
        self.found: Hint | None = None
        self.done = False

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-card"):
            yield Static("Thinking from your view…", id="hint-status")
            yield ProgressBar(total=self.budget, show_eta=False, show_percentage=False,
                              id="hint-progress")
            yield OptionList(id="hint-moves")
            yield Static("[b]↑↓[/b] choose   [b]Enter[/b] play it   [b]Esc[/b] close",
                         id="hint-keys")

    def on_mount(self) -> None:
        self.query_one("#hint-card").border_title = f"Hint for {self.who}"
        self.run_worker(self._search, thread=True, exit_on_error=False)

    def on_unmount(self) -> None:
        self._stop.set()

    def _search(self) -> None:
        """On a worker thread: only the view goes in, messages come out."""
        def report(partial: Hint) -> None:
            if self._stop.is_set():
                raise _Stopped
            self.post_message(self.Found(partial, False))

        try:
            found = self._search_with(self.view, HINT_SEED, self.budget, progress=report)
        except _Stopped:
            return
        self.post_message(self.Found(found, True))

    def on_hint_screen_found(self, event: HintScreen.Found) -> None:
        if self.done:
            return
        self.found, self.done = event.found, event.done
        moves = self.query_one("#hint-moves", OptionList)
        highlighted = moves.highlighted or 0
        moves.clear_options()
        moves.add_options(Option(line) for line in estimate_lines(event.found))
        moves.highlighted = min(highlighted, len(event.found.moves) - 1)
        bar = self.query_one("#hint-progress", ProgressBar)
        status = self.query_one("#hint-status", Static)
        if not event.done:
            bar.update(progress=event.found.iterations)
            status.update(f"Thinking from your view… {event.found.iterations} tries so far")
            return
        bar.display = False
        tries = event.found.iterations
        status.update("Only one move is possible." if not tries else
                      f"Best first, after {tries} tries from what you can see:")
        moves.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.done or self.found is None:
            self.notify("Still thinking: Enter plays a move once the hint is ready.",
                        timeout=3)
            return
        self.dismiss(self.found.moves[event.option_index].action)

    def action_close(self) -> None:
        self.dismiss(None)
