"""Text from outside (names, typed ids and moves, command arguments) made safe to show.

Everything a person can type may reach a screen, a log line or the terminal.
Screens show it as plain text (never as markup: a `[@click=...]` link would
run an action in the server's process); this module also takes out control
characters, so no escape sequence a person typed is ever written back to any
terminal, and keeps it short.
"""

from __future__ import annotations

REPLACEMENT = "�"


def printable(text: object, limit: int = 40) -> str:
    """`text` with every control character replaced, cut to `limit` characters."""
    shown = "".join(c if c.isprintable() else REPLACEMENT for c in str(text))
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def quoted(text: object, limit: int = 40) -> str:
    """`printable`, in quotes: how an error names what someone typed."""
    return f"'{printable(text, limit)}'"
