"""The table runtime: one object owns a game in progress and talks to its seats
through messages. Nothing here imports Textual, so a table runs headless (tests,
a future SSH host) exactly as it runs under the full-screen app."""

from .messages import (
    ActionRejected,
    BotFailed,
    BotThinking,
    GameEnded,
    GameResult,
    HistoryEntry,
    PaceChanged,
    SubmitAction,
    TurnStarted,
    ViewUpdated,
    history_of,
    history_seen_by,
    seat_label,
)
from .seats import HUMAN, Connection, TableError, bot_seed
from .table import Table

__all__ = [
    "HUMAN",
    "ActionRejected",
    "BotFailed",
    "BotThinking",
    "Connection",
    "GameEnded",
    "GameResult",
    "HistoryEntry",
    "PaceChanged",
    "SubmitAction",
    "Table",
    "TableError",
    "TurnStarted",
    "ViewUpdated",
    "bot_seed",
    "history_of",
    "history_seen_by",
    "seat_label",
]
