"""The end of a game: who won, the ranking, and each seat's score breakdown."""

from __future__ import annotations

import re
from typing import ClassVar, Literal

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..table import GameResult

EndChoice = Literal["menu", "board", "quit", "review"]
FRAME = 7
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


_COUNT_SUFFIX = re.compile(r"\s*\((\d+)\)$")


def _merged_labels(per_seat: list[list[str]]) -> list[str]:
    """Every seat's labels in one list that keeps each seat's own order where it
    can: a label only one seat has goes before the next label of that seat
    already listed, so a seat's closing line (its wealth, its total) stays last."""
    merged: list[str] = []
    for labels in per_seat:
        for index, label in enumerate(labels):
            if label in merged:
                continue
            later = next((merged.index(known) for known in labels[index + 1:] if known in merged),
                         len(merged))
            merged.insert(later, label)
    return merged


def _breakdown_rows(result: GameResult, order: tuple[int, ...]) -> list[tuple[str, list[str]]]:
    """Rows of (label, one cell per seat in `order`).

    Lines are matched by position when every seat has the same labels once a
    trailing count such as "(13)" is set aside (the count then goes in the
    cell); otherwise each distinct label gets its own row.
    """
    breakdowns = result.breakdowns
    stripped = [[_COUNT_SUFFIX.sub("", line.label) for line in lines] for lines in breakdowns]
    if stripped and all(labels == stripped[0] for labels in stripped):
        rows = []
        for index, label in enumerate(stripped[0]):
            cells = []
            for seat in order:
                line = breakdowns[seat][index]
                count = _COUNT_SUFFIX.search(line.label)
                cells.append(f"{line.value:g}" + (f" ({count.group(1)})" if count else ""))
            rows.append((label, cells))
        return rows
    labels = _merged_labels([[line.label for line in lines] for lines in breakdowns])
    # Seats whose lines differ (a Rhom beside explorers) must not see their own
    # lines listed after everyone's "Total": a total closes the table.
    labels.sort(key=lambda label: label == "Total")
    return [
        (label, [next((f"{ln.value:g}" for ln in breakdowns[seat] if ln.label == label), "")
                 for seat in order])
        for label in labels
    ]


SEAT_WIDTH = 10
"""The widest a seat's column may be (a longer name is cut)."""
CARD_WIDTH = 68
"""The characters a row of the table may take inside the end card."""


def results_table(result: GameResult, labels: tuple[str, ...]) -> RichTable:
    """Seats as columns (first place first), breakdown lines as rows. The seat
    columns take what their words need, and the labels the rest of the card."""
    order = result.order()
    rows = _breakdown_rows(result, order)
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
    ]

    def __init__(self, title: str, result: GameResult, labels: tuple[str, ...], *,
                 can_review: bool = False) -> None:
        """`can_review`: the game's log is here, so `r` may open its review."""
        super().__init__()
        self.game_title = title
        self.result = result
        self.labels = labels
        self.can_review = can_review

    def compose(self) -> ComposeResult:
        with Vertical(id="end-card"):
            yield Static(Text(headline(self.result, self.labels), style="bold"), id="end-headline")
            yield Static(f"{self.game_title} · {self.result.turns} turns · "
                         f"{undo_words(self.result.undos)}", id="end-sub")
            with VerticalScroll(id="end-scroll"):  # a long breakdown scrolls; the keys stay
                yield Static(results_table(self.result, self.labels), id="end-table")
                if any(_COUNT_SUFFIX.search(line.label)
                       for lines in self.result.breakdowns for line in lines):
                    # "4 (2)" would read as two scores: say which number is which.
                    yield Static(Text("Points first; in brackets, how many of them there are.",
                                      style="dim"), id="end-counts")
            review = "   [b]r[/b] review the game" if self.can_review else ""
            yield Static(f"[b]Enter[/b] menu   [b]v[/b] view board{review}   [b]q[/b] quit",
                         id="end-keys")

    def on_mount(self) -> None:
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

    def action_choose(self, choice: EndChoice) -> None:
        self.dismiss(choice)

    def action_review(self) -> None:
        if self.can_review:
            self.dismiss("review")
