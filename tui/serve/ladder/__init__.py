"""gemtable.tui.serve.ladder: ratings, leaderboards and histories of finished tables.

`Ladder` (store.py) keeps them in one SQLite file owned by the server process:
`record` takes a `FinishedGame` (results.py), applies the rules of ratings.py
and answers the questions of queries.py. Ratings are openskill's Plackett-Luce,
one scale per game for people and bot levels alike; solo games keep scores.
"""

from .queries import BestScore, HistoryEntry, SeatLine, SoloScore, Standing
from .results import FinishedGame, SeatResult
from .store import Ladder, LadderError

__all__ = ["BestScore", "FinishedGame", "HistoryEntry", "Ladder", "LadderError", "SeatLine",
           "SeatResult", "SoloScore", "Standing"]
