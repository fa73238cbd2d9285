"""The action log, with each run of dice rolls on one line."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...widgets.log import LogView as BoardLog

_ROLL = re.compile(r"^(\d+)\. Chance: roll (\w+)$")


def compact_history(history: Sequence[str]) -> list[str]:
    """The log with each run of dice rolls on one line: a round rolls up to 16
    dice, one chance step each, which would push every decision off screen."""
    out: list[str] = []
    run: list[tuple[str, str]] = []

    def flush() -> None:
        if run:
            first, last = run[0][0], run[-1][0]
            steps = first if first == last else f"{first}-{last}"
            out.append(f"{steps}. Chance: rolled {' '.join(die for _, die in run)}")
            run.clear()

    for entry in history:
        match = _ROLL.match(entry)
        if match:
            run.append((match[1], match[2]))
        else:
            flush()
            out.append(entry)
    flush()
    return out


class LogView(BoardLog):
    """The most recent actions as the table words them, dice rolls merged."""

    def entries(self, history: Sequence[str]) -> Sequence[str]:
        return compact_history(history)
