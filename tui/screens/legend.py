"""The board's legend: every symbol and colour it draws, and what it means (F2)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

TABLE_KEYS_TEMPLATE = """## Table keys

- **`u`** or `:undo`: take back your last move and the bots' replies, as long as
  nothing hidden came to light since (no die rolled, no card turned up). At a
  table of several people it is the last move a person made: the person at the
  keyboard asks, and each of the others says yes or no in turn, by name
- A move that cannot be taken back (a card turns up, a die rolls) waits for
  `Enter` when a single letter or the `:` line chose it; `Esc` drops it
- **`H`** (Shift+H): a hint on your turn: the search's top three moves from
  what you can see, with how often it tried each and {hint_value};
  `Enter` plays the highlighted one. A table shared
  over the network by several people has no hints
- **`F2`**: what the symbols on the board mean
- **`F3`**: the whole log, scrollable (the board shows only its last lines)
- **`F1`**: this help; `q` quits (the game stays saved)
"""
"""Keys of the game screen itself, the same in every game but for what a hint's
figure is (`table_keys`)."""


def table_keys(points: bool) -> str:
    """The table keys for a game whose hints give expected points (`points`,
    as `gemtable.ai.hints.in_points` says) or else a chance to win."""
    value = "the points it expects" if points else "its chance to win"
    return TABLE_KEYS_TEMPLATE.format(hint_value=value)

WATCH_KEYS = """## Watching keys

- **`Space`**: pause or go on
- **`n`** or `→`: one more move while paused
- **`+`** / **`-`**: faster / slower bot moves
- **`f`**: follow another seat (see the game as that seat sees it), or the public view
- **`i`**: insight: what the bot to move is considering as it thinks, from its
  own view (its top moves, how often it tried each, its chance to win)
- **`F2`**: what the symbols on the board mean; **`F3`**: the whole log; **`q`** leaves
"""
"""Keys of a table where nobody at this terminal plays."""

REPLAY_KEYS = """## Replay keys

- **`→`** / `n`, **`←`** / `p`: next / previous move; `PgDn` / `PgUp`: ten at a time
- **`Home`** / `g`, **`End`** / `G`: the first / the last position
- **`f`**: follow another seat (see the game as that seat saw it), or the public view
- **`a`**: in a finished game, every hand shown all along (the last position
  always shows them)
- **`F2`**: what the symbols on the board mean; **`F3`**: the log so far; **`q`** goes back
"""


class LegendScreen(ModalScreen[None]):
    CSS_PATH = "rules.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f2,q", "close", "Close"),
    ]

    def __init__(self, title: str, legend: str) -> None:
        super().__init__()
        self.title_text = title
        self.legend = legend

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-frame"):
            with VerticalScroll(id="rules-scroll"):
                yield Markdown(self.legend or "This board draws no symbols of its own.",
                               id="legend-text")
            yield Static(" ↑↓ PgUp PgDn scroll   Esc/F2 close", id="rules-keys")

    def on_mount(self) -> None:
        self.query_one("#rules-frame").border_title = f"{self.title_text}: legend"
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
