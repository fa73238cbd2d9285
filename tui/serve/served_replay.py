"""A finished table of one's history, replayed and reviewed from the server.

The log comes over the hub's connection (ReplayQuery) and is read as a local
log would be; the review is computed on the server (ReviewQuery), of the
person's own moves only, and polled here until it is ready.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from gemtable.ai.review import GameReview
from gemtable.engine import SPECTATOR
from gemtable.engine.gamelog import LoadedLog, loads

from ..screens.replay import ReplayScreen
from ..screens.review import Reviewer, ReviewScreen
from . import protocol
from .client import HubClient, HubError

REVIEW_POLL = 1.0
"""Seconds between two questions about a review under way."""
REVIEW_START_WAIT = 120.0
"""Seconds a review may stay unstarted (waiting its turn behind others) before the
screen gives up on it."""


def log_name(table_id: str) -> Path:
    """What a served table's log is called in messages (it is no file here)."""
    return Path(f"table {table_id}")


def fetch_log(client: HubClient, table_id: str) -> tuple[LoadedLog, int]:
    """The finished table's log and the seat it is seen from (blocks: a worker's call).
    HubError or GameLogError with a sentence for people when there is none."""
    answer = client.call(protocol.ReplayQuery, table=table_id)
    if not isinstance(answer, protocol.ReplayLog):
        raise HubError("the server sent no game log")
    return loads(answer.text.encode(), log_name(table_id)), answer.seat


def served_reviewer(client: HubClient, table_id: str) -> Reviewer:
    """A ReviewScreen's reviewer that asks the server, about once a second, until
    the review of this person's moves is ready; progress as the server counts it."""

    def review(_path: Path, *, progress: Any = None, **_options: object) -> GameReview:
        deadline = time.monotonic() + REVIEW_START_WAIT
        while True:
            try:
                status = client.call(protocol.ReviewQuery, table=table_id)
            except HubError as error:
                raise ValueError(str(error)) from None
            if not isinstance(status, protocol.ReviewStatus):
                raise ValueError("the server sent no review")
            if status.review is not None:
                return status.review
            if status.error:
                raise ValueError(status.error)
            if status.total and progress is not None:  # raises once the screen is closed
                progress(status.done, status.total)
            elif not status.total and time.monotonic() > deadline:
                raise ValueError("the server has not started the review; try again later")
            time.sleep(REVIEW_POLL)

    return review


class ServedReplayScreen(ReplayScreen):
    """A replay of one's own finished table: it follows one's seat; `f` follows
    another, `a` shows every hand (the game is over) and back to one's seat."""

    CSS_PATH = str(Path(__file__).parent.parent / "screens" / "replay.tcss")

    def __init__(self, loaded: LoadedLog, seat: int) -> None:
        # An unfinished log (it should not be) keeps to one's own seat throughout.
        super().__init__(loaded, seat=None if loaded.finished else seat)
        self.own_seat = seat
        self.seating.follow = seat

    def action_show_all(self) -> None:
        if not self.loaded.finished:
            super().action_show_all()
            return
        self.show_all = not self.show_all
        self.seating.follow = SPECTATOR if self.show_all else self.own_seat
        self._refresh()

    def action_leave(self) -> None:
        self.app.pop_screen()  # back to the history


def served_review(client: HubClient, table_id: str, loaded: LoadedLog,
                  seat: int) -> ReviewScreen:
    """The review of one's own moves at a finished table, seen from one's seat."""
    return ReviewScreen(loaded, log_name(table_id), over=True, seat=seat,
                        reviewer=served_reviewer(client, table_id))
