"""A finished game's review, stepped through like a replay.

For the decision at the position on screen: what the person played, what
the search preferred from the view they had, and what the difference cost;
the three costliest moves are listed and `1`-`3` jump to them. The review is
computed on a worker thread (on every core, with a progress bar) and cached
beside the log by gemtable.ai.review, so opening it again is immediate.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import ProgressBar, Static

from gemtable.ai.review import (
    REVIEW_ITERATIONS,
    REVIEW_SEED,
    GameReview,
    ReviewedMove,
    human_seats,
    review_log,
)
from gemtable.engine.gamelog import GameLogError, LoadedLog

from ..table import seat_label
from ..widgets import KeyBar, SizeGuard, StatusBar
from .replay import ReplayScreen

Reviewer = Callable[..., GameReview]


class _GivenUp(Exception):
    """The screen was closed: stop reviewing."""


def short_loss(loss: float, solo: bool) -> str:
    """A cost in few letters: `-43% win`, or in solo `-4.0 pts` (no sign on a nil one)."""
    text = f"{loss:.1f} pts" if solo else f"{100 * loss:.0f}% win"
    return text if float(text.split()[0].rstrip("%")) == 0 else f"-{text}"


class ReviewScreen(ReplayScreen):
    CSS_PATH = "review.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        *ReplayScreen.BINDINGS,
        *(Binding(str(rank), f"mistake({rank - 1})", show=False, priority=True)
          for rank in (1, 2, 3)),
    ]

    class Progress(Message):
        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done, self.total = done, total

    class Finished(Message):
        def __init__(self, review: GameReview | None, error: str = "") -> None:
            super().__init__()
            self.review, self.error = review, error

    def __init__(self, loaded: LoadedLog, path: Path, *, over: bool = False,
                 budget: int = REVIEW_ITERATIONS, seed: int = REVIEW_SEED,
                 workers: int | None = None, use_cache: bool = True,
                 reviewer: Reviewer = review_log, seat: int | None = None) -> None:
        """`over`: opened over another screen (the end of a game), which `q`
        goes back to; otherwise `q` ends the program. `seat`: the seat whose
        moves are reviewed, shown from its view throughout."""
        people = human_seats(loaded.header.seats, loaded.header.game)
        # One person's game is shown as they saw it: the view their moves came from.
        if seat is None and len(people) == 1:
            seat = people[0]
        super().__init__(loaded, seat=seat)
        self.over = over
        self.path = path
        self.budget, self.seed = budget, seed
        self.processes, self.use_cache = workers, use_cache
        self._reviewer = reviewer
        self._given_up = threading.Event()
        self.review: GameReview | None = None
        self._by_index: dict[int, ReviewedMove] = {}
        self._error = ""

    def compose(self) -> ComposeResult:
        yield StatusBar(animate=False, id="status")
        yield self.gemtable.board_class(self.loaded.header.game)(id="board")
        yield ProgressBar(show_eta=False, id="review-progress")
        yield Static(id="review-panel")
        yield KeyBar(id="keys")
        yield SizeGuard("replay")

    def on_mount(self) -> None:
        super().on_mount()
        self.run_worker(self._work, thread=True, exit_on_error=False)

    def on_unmount(self) -> None:
        self._given_up.set()

    # --- the review, on a worker thread ---------------------------------------------
    def _work(self) -> None:
        def progress(done: int, total: int) -> None:
            if self._given_up.is_set():
                raise _GivenUp
            self.post_message(self.Progress(done, total))

        try:
            review = self._reviewer(self.path, budget=self.budget, seed=self.seed,
                                    workers=self.processes, use_cache=self.use_cache,
                                    progress=progress)
        except _GivenUp:
            return
        except (GameLogError, ValueError, OSError) as error:
            self.post_message(self.Finished(None, str(error)))
            return
        self.post_message(self.Finished(review))

    def on_review_screen_progress(self, event: ReviewScreen.Progress) -> None:
        self.query_one("#review-progress", ProgressBar).update(total=event.total,
                                                               progress=event.done)
        self._draw_panel(f"Reviewing {event.done} of {event.total} decisions, each searched "
                         "from the view the player had…")

    def on_review_screen_finished(self, event: ReviewScreen.Finished) -> None:
        self.query_one("#review-progress", ProgressBar).display = False
        self.review, self._error = event.review, event.error
        if self.review is not None:
            self._by_index = {m.index: m for m in self.review.moves}
        self._refresh()

    # --- drawing --------------------------------------------------------------------
    def _refresh(self) -> None:
        super()._refresh()
        status = self.query_one("#status", StatusBar)
        status.left = status.left.replace("Replay", "Review", 1)
        if self.is_mounted and (self.review is not None or self._error):
            self._draw_panel()

    def _more_keys(self) -> list[tuple[str, str]]:
        mistakes = self.review.mistakes if self.review is not None else ()
        return [(f"1-{len(mistakes)}", "mistakes")] if mistakes else []

    def _draw_panel(self, waiting: str = "") -> None:
        panel = self.query_one("#review-panel", Static)
        if waiting:
            panel.update(Text(waiting, style="dim"))
        elif self.review is None:
            panel.update(Text(f"No review: {self._error}", style="bold red"))
        else:
            panel.update(self._words(self.review))

    def _words(self, review: GameReview) -> Text:
        text = Text()
        for seat in sorted({m.seat for m in review.moves}):
            text.append(self._summary(review, seat) + "\n", style="dim")
        text.append_text(self._here(review))
        text.append("\n")
        mistakes = review.mistakes
        if not mistakes:
            text.append("No mistakes: every move was as good as the search's.")
            return text
        text.append("Biggest mistakes:", style="bold")
        for rank, move in enumerate(mistakes, start=1):
            current = move.index == self.index
            text.append("  ")
            text.append(f"{rank}", style="bold reverse" if current else "bold")
            text.append(f" move {move.index + 1} {short_loss(move.loss, review.solo)}",
                        style="red")
        return text

    def _summary(self, review: GameReview, seat: int) -> str:
        return (f"{seat_label(seat, self.kinds)}: {review.differing(seat)} of "
                f"{len(review.choices(seat))} choices unlike the search's, "
                f"{short_loss(review.mean_loss(seat), review.solo)} a choice on average")

    def _here(self, review: GameReview) -> Text:
        """The decision at the position on screen."""
        move = self._by_index.get(self.index)
        if move is None:
            return Text("No reviewed decision here (a bot, chance or the end).", style="dim")
        line = Text(f"Move {move.index + 1}, {seat_label(move.seat, self.kinds)} played ")
        line.append(move.played, style="bold")
        if move.legal == 1:
            line.append(": the only move")
        elif move.played == move.preferred:
            line.append(": the search's choice too", style="green")
        elif move.loss <= 0:
            line.append("; the search's ")
            line.append(move.preferred, style="bold")
            line.append(" is no better")
        else:
            line.append("; better: ")
            line.append(move.preferred, style="bold")
            line.append(f" ({short_loss(move.loss, review.solo)})")
            if move in review.mistakes:
                line.append(f" ◆ mistake {review.mistakes.index(move) + 1}", style="bold red")
        return line

    # --- keys -------------------------------------------------------------------------
    def action_leave(self) -> None:
        if self.over:
            self.app.pop_screen()
        else:
            super().action_leave()

    def action_mistake(self, rank: int) -> None:
        mistakes = self.review.mistakes if self.review is not None else ()
        if rank >= len(mistakes):
            self.notify("No such mistake in this review." if self.review is not None
                        else "The review is not ready yet.", timeout=3)
            return
        self.index = mistakes[rank].index
        self._refresh()
