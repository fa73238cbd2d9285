"""The action log, as every board draws it; a short one cuts long entries."""

from __future__ import annotations

from ...widgets.log import LogView as BoardLog


class LogView(BoardLog):
    """The most recent actions as the table words them, newest at the bottom."""

    WRAP_FROM = 8
