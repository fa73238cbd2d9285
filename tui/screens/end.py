"""The end of a game: who won, the ranking, and each seat's score breakdown."""

from __future__ import annotations

import time
from typing import ClassVar, Literal

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..table import GameResult
from .breakdown import breakdown_rows, shows_counts

EndChoice = Literal["menu", "board", "quit", "review"]
FRAME = 8
"""Rows of the end card that are not the breakdown table."""


def ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def headline(result: GameResult, labels: tuple[str, ...]) -> str:
    winners = [labels[s] for s in result.winners]
    if not winners:
        return "Nobody won"
    if len(winners) == 1:
        return f"{winners[0]} wins"
    return "Shared win: " + ", ".join(winners)


def undo_words(undos: int) -> str:
    """How many times moves were taken back, for the end screen."""
    return "no undos" if not undos else "1 undo" if undos == 1 else f"{undos} undos"


SEAT_WIDTH = 10
"""The widest a seat's column may be (a longer name is cut)."""
CARD_WIDTH = 68
"""The characters a row of the table may take inside the end card."""


def results_table(result: GameResult, labels: tuple[str, ...]) -> RichTable:
    """Seats as columns (first place first), breakdown lines as rows. The seat
    columns take what their words need, and the labels the rest of the card."""
    order = result.order()
    rows = breakdown_rows(result.breakdowns, order)
    headers = []
    for seat in order:
        name, _, kind = labels[seat].partition(" (")
        headers.append((name, kind.rstrip(")") if kind else "human"))
    places = [ordinal(result.ranking[s]) for s in order]
    scores = [f"{result.scores[s]:g}" for s in order]
    widths = [min(SEAT_WIDTH, max(len(name), len(kind), len(places[i]), len(scores[i]),
                                  *(len(cells[i]) for _, cells in rows)))
              for i, (name, kind) in enumerate(headers)]
    table = RichTable(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    table.add_column("", no_wrap=True, overflow="ellipsis",
                     max_width=CARD_WIDTH - sum(width + 2 for width in widths))
    for (name, kind), width in zip(headers, widths, strict=True):
        # A seat's name may be a person's own (a shared table): shown as typed, never as markup.
        table.add_column(Text(f"{name}\n{kind}"), no_wrap=True, overflow="ellipsis",
                         max_width=width)
    table.add_row("Place", *(Text(place, style="bold") for place in places))
    table.add_row("Score", *(Text(score, style="bold") for score in scores))
    for label, cells in rows:
        table.add_row(Text(label, style="dim"), *cells)
    return table


class EndScreen(ModalScreen[EndChoice]):
    CSS_PATH = "end.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,m", "choose('menu')", "Menu"),
        Binding("escape,v", "choose('board')", "View board"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("r", "review", "Review"),
        Binding("c", "copy_seed", "Copy seed"),
    ]

    def __init__(self, title: str, result: GameResult, labels: tuple[str, ...], *,
                 can_review: bool = False, seed: int | None = None,
                 hold: float = 0.0) -> None:
        """`can_review`: the game's log is here, so `r` may open its review.
        `seed`: the deal, shown whole (and copied by `c`) now that nothing is
        hidden any more. `hold`: seconds the card ignores keys after it rises,
        so an Enter typed twice on the last move does not skip it."""
        super().__init__()
        self.game_title = title
        self.result = result
        self.labels = labels
        self.can_review = can_review
        self.seed = seed
        self.hold = hold
        self._shown_at = 0.0

    def compose(self) -> ComposeResult:
        with Vertical(id="end-card"):
            yield Static(Text(headline(self.result, self.labels), style="bold"), id="end-headline")
            yield Static(f"{self.game_title} · {self.result.turns} turns · "
                         f"{undo_words(self.result.undos)}", id="end-sub")
            if self.seed is not None:
                yield Static(Text(f"Seed {self.seed}", style="dim"), id="end-seed")
            with VerticalScroll(id="end-scroll"):  # a long breakdown scrolls; the keys stay
                yield Static(results_table(self.result, self.labels), id="end-table")
                if shows_counts(self.result.breakdowns):
                    # "4 (2)" would read as two scores: say which number is which.
                    yield Static(Text("Points first; in brackets, how many of them there are.",
                                      style="dim"), id="end-counts")
            review = "   [b]r[/b] review" if self.can_review else ""
            copy = "   [b]c[/b] copy seed" if self.seed is not None else ""
            yield Static(f"[b]Enter[/b] menu   [b]v[/b] view board{review}{copy}   [b]q[/b] quit",
                         id="end-keys")

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()
        self.query_one("#end-card").border_title = "Game over"
        self.query_one("#end-scroll").focus()
        self._fit_table()

    def on_resize(self) -> None:
        self._fit_table()

    def _fit_table(self) -> None:
        # Border, headline, subtitle and the key line with their margins take
        # FRAME rows; the breakdown gets the rest and scrolls past it.
        scroll = self.query_one("#end-scroll")
        scroll.styles.max_height = max(3, self.size.height - FRAME)

    def _held(self) -> bool:
        """Whether keys are still ignored (the card has only just risen)."""
        return time.monotonic() - self._shown_at < self.hold

    def action_choose(self, choice: EndChoice) -> None:
        if not self._held():
            self.dismiss(choice)

    def action_review(self) -> None:
        if self.can_review and not self._held():
            self.dismiss("review")

    def action_copy_seed(self) -> None:
        if self.seed is None:
            return
        self.app.copy_to_clipboard(str(self.seed))
        self.notify(f"Seed {self.seed} copied: type it in the menu's seed box, or give it "
                    "to `gemtable play --seed`, to deal this game again.", title="Copied",
                    timeout=6)
