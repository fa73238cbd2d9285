"""Insight while watching bots: what the bot to move is considering, live.

The table tells the screen (on the bot's thread) when a bot starts to choose;
`hook` has a searching bot report its top moves every few iterations from
the view it was given, as messages the screen hands to `InsightPanel`. Only
bots run on this terminal can be watched so: a shared table's bots think on
the server.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from gemtable.ai.hints import Hint, watch
from gemtable.ai.mcts import MctsBot

from .hint import estimate_lines

INSIGHT_KEY = "i"
INSIGHT_EVERY = 100
"""Iterations between two reports of a thinking bot."""


class InsightFound(Message):
    """The bot of `seat` reported (`found` None: it does not search)."""

    def __init__(self, seat: int, found: Hint | None) -> None:
        super().__init__()
        self.seat = seat
        self.found = found


def hook(seat: int, bot: object, post: Callable[[Message], object]) -> None:
    """On the bot's thread, before it chooses: have it report as it thinks."""
    if not isinstance(bot, MctsBot):
        post(InsightFound(seat, None))
        return
    def report(found: Hint) -> None:
        post(InsightFound(seat, found))

    watch(bot, report, every=INSIGHT_EVERY)


class InsightPanel(Static):
    """A few lines under the board: the latest report of the latest bot."""

    DEFAULT_CSS = """
    InsightPanel {
        height: auto;
        padding: 0 1;
        background: $panel;
        display: none;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat: int | None = None
        self.found: Hint | None = None
        self.available = True
        """False at a table whose bots think elsewhere (a shared server)."""

    def report(self, seat: int, found: Hint | None) -> None:
        if seat != self.seat or found is not None:
            self.seat, self.found = seat, found

    def draw(self, labels: Callable[[int], str], thinking: int | None) -> None:
        self.update(self._text(labels, thinking))

    def _text(self, labels: Callable[[int], str], thinking: int | None) -> Text:
        text = Text()
        if not self.available:
            text.append("Insight: a shared table's bots think on the server, so their "
                        "thoughts cannot be shown here.", style="dim")
            return text
        if self.seat is None:
            text.append("Insight: the top moves of the bot to move appear here as it thinks.",
                        style="dim")
            return text
        who = labels(self.seat)
        if self.found is None:
            text.append(f"{who} does not search: it has no estimates to show.", style="dim")
            return text
        doing = "is weighing" if thinking == self.seat else "weighed"
        text.append(f"{who} {doing}", style="bold")
        text.append(f" · {self.found.iterations} tries, from its own view", style="dim")
        for line in estimate_lines(self.found):
            text.append("\n")
            text.append_text(line)
        return text
