"""One's own finished tables, newest first, and from each its replay and review."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gemtable.engine.gamelog import GameLogError, LoadedLog

from ..screens.end import ordinal
from ..widgets import KeyBar
from . import protocol
from .app import ServedScreen
from .client import HubError
from .ladder.text import number, when
from .leaderboard import SCROLLBAR, WIDE
from .plain import printable
from .served_replay import ServedReplayScreen, fetch_log, served_review

NO_LOG = "The game's log is no longer on the server: no replay or review of it."


def rating_change(line: protocol.HistoryLine) -> Text:
    """The rating change, or why there is none: `+4.2`, `not rated`, `solo`."""
    if line.solo:
        return Text("solo" if line.rated else "uncounted", style="dim")
    if line.ordinal_change is None:
        return Text("not rated", style="dim")
    change = line.ordinal_change
    return Text(f"{change:+.1f}", style="green" if change >= 0 else "red")


def seat_name(seat: protocol.HistorySeat, width: int = 24) -> Text:
    """Another seat's name as typed, a bot's level marked."""
    name = Text(printable(seat.player, width), no_wrap=True)
    if seat.kind == "bot":
        name.stylize("cyan")
        name.append(" (bot)", style="dim")
    return name


def game_width(width: int) -> int:
    return 22 if width >= WIDE else 12


def history_row(line: protocol.HistoryLine, width: int) -> Text:
    """When, game, place of how many, score, rating change, the other seats."""
    row = Text(no_wrap=True, overflow="ellipsis")
    row.append(f"{when(line.finished_at)}  ", style="dim")
    game = game_width(width)
    row.append(f"{line.title[:game - 1]:<{game}}")
    seats = len(line.others) + 1
    row.append(f"{ordinal(line.place) + ('' if line.solo else f'/{seats}'):<6}")
    row.append(f"{number(line.score):>6}  ")
    change = rating_change(line)
    change.align("left", 9)
    row.append_text(change)
    for index, seat in enumerate(line.others):
        row.append("  " if index == 0 else ", ")
        row.append_text(seat_name(seat, 24 if width >= WIDE else 14))
    row.truncate(width - SCROLLBAR, overflow="ellipsis")  # a list's row never wraps
    return row


def history_detail(line: protocol.HistoryLine) -> Text:
    """The highlighted table in full: every seat's place and score."""
    text = Text()
    text.append(f"Table {line.table}", style="bold")
    text.append(f" · {line.title} ({line.variant}) · finished {when(line.finished_at)}\n")
    text.append(f"You: seat {line.seat + 1}, {ordinal(line.place)}, score "
                f"{number(line.score)}, ")
    text.append_text(rating_change(line) if line.ordinal_change is None
                     else Text(f"rating {line.ordinal_change:+.1f}"))
    for seat in line.others:
        text.append("\n  ")
        text.append_text(seat_name(seat))
        text.append(f": {ordinal(seat.place)}, score {number(seat.score)}"
                    + ("" if seat.rated else ", not rated"), style="dim")
    if not line.replay:
        text.append(f"\n{NO_LOG}", style="yellow")
    return text


def best_line(best: tuple[protocol.BestScore, ...], width: int) -> Text:
    """One line: the best score of each solo game played (cut to `width`)."""
    text = Text(no_wrap=True)
    text.append("Best solo scores: ", style="bold")
    for index, score in enumerate(best):
        if index:
            text.append(" · ")
        variant = "" if score.variant == "standard" else f" ({score.variant})"
        text.append(f"{score.title}{variant} ")
        text.append(number(score.score), style="bold")
        text.append(f" ({score.games} game{'s' * (score.games != 1)})", style="dim")
    text.truncate(width, overflow="ellipsis")
    return text


class HistoryScreen(ServedScreen):
    CSS_PATH = "history.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "review_moves", "Review"),
        Binding("q,escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.history: protocol.History | None = None
        self._error = ""

    def compose(self) -> ComposeResult:
        yield Static(id="history-title")
        yield Static(id="history-best")
        yield Static(id="history-head")
        yield OptionList(id="history-rows")
        yield Static(id="history-detail")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#keys", KeyBar).set_keys(
            [("Enter", "replay"), ("r", "review your moves"), ("↑↓", "tables")], [("q", "back")])
        self.query_one("#history-rows").focus()
        self._draw()
        self.ask_hub(protocol.HistoryQuery, self._answered, group="history")

    def _answered(self, answer: object, error: str) -> None:
        if self.is_mounted:
            self.history = answer if isinstance(answer, protocol.History) else None
            self._error = error
            self._draw()

    def on_resize(self) -> None:
        if self.is_mounted:
            self._draw()

    # --- drawing ----------------------------------------------------------------------
    def _draw(self) -> None:
        width = self.size.width
        history = self.history
        title = Text(" Your finished tables", style="bold")
        if history is not None and history.lines:
            shown = len(history.lines)
            count = (f"{shown}" if history.total == shown
                     else f"the newest {shown} of {history.total}")
            title.append(f" · {count}, newest first")
        right = f"{self.serve_app.user} "
        title.append(" " * max(1, width - len(title) - len(right)))
        title.append(right)
        self.query_one("#history-title", Static).update(title)
        best = self.query_one("#history-best", Static)
        best.display = bool(history and history.best)
        if history and history.best:
            best.update(best_line(history.best, width - 2))
        others = "Against" if width < WIDE else "The other seats"
        head = (f"{'Finished':<18}{'Game':<{game_width(width)}}{'Place':<6}{'Score':>6}  "
                f"{'Rating':<9}  {others}")
        self.query_one("#history-head", Static).update(Text(head, style="bold dim"))
        rows = self.query_one("#history-rows", OptionList)
        keep = rows.highlighted
        rows.clear_options()
        if history is None:
            rows.add_option(Option(Text(self._error or "Asking the server…", style="dim"),
                                   disabled=True))
        elif not history.lines:
            rows.add_option(Option(Text("No finished tables yet: a game you play to the end "
                                        "shows here.", style="dim"), disabled=True))
        else:
            rows.add_options(Option(history_row(line, width)) for line in history.lines)
            rows.highlighted = min(keep or 0, len(history.lines) - 1)
        self._show_detail()

    def _highlighted(self) -> protocol.HistoryLine | None:
        rows = self.query_one("#history-rows", OptionList)
        if self.history is None or rows.highlighted is None:
            return None
        lines = self.history.lines
        return lines[rows.highlighted] if rows.highlighted < len(lines) else None

    def _show_detail(self) -> None:
        line = self._highlighted()
        detail = self.query_one("#history-detail", Static)
        detail.display = line is not None
        if line is not None:
            detail.update(history_detail(line))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_detail()

    # --- replay and review --------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._open(review=False)

    def action_review_moves(self) -> None:
        self._open(review=True)

    def _open(self, review: bool) -> None:
        line = self._highlighted()
        if line is None:
            return
        if not line.replay:
            self.notify(NO_LOG, severity="warning")
            return
        self.run_worker(lambda: self._load(line.table, review), thread=True,
                        exclusive=True, group="replay", exit_on_error=False)

    def _load(self, table_id: str, review: bool) -> None:
        try:
            loaded, seat = fetch_log(self.serve_app.client, table_id)
        except (HubError, GameLogError) as error:
            self.app.call_from_thread(self.notify, str(error), severity="error")
            return
        self.app.call_from_thread(self._push, table_id, loaded, seat, review)

    def _push(self, table_id: str, loaded: LoadedLog, seat: int, review: bool) -> None:
        if self.app.screen is not self:
            return  # left meanwhile
        client = self.serve_app.client
        self.app.push_screen(served_review(client, table_id, loaded, seat) if review
                             else ServedReplayScreen(loaded, seat))

    def action_back(self) -> None:
        self.app.pop_screen()
