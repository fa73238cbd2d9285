"""How Prospect's actions are written, and what is wrong with a line that
starts with one of its verbs but names nothing (engine/notation.py)."""

from __future__ import annotations

from .components import MARKET_SLOTS

WRITTEN = {
    "dig": "dig",
    "stop": "stop",
    "pan": "pan",
    "draw": "draw",
    "buy": f"buy and a market slot (1 to {MARKET_SLOTS})",
}
"""The die's `roll` is left out: the table rolls it, nobody types it."""


def problem(text: str) -> str:
    """What is wrong with `text`, a Prospect verb and something it does not read."""
    verb, _, rest = text.partition(" ")
    if verb == "buy":
        return f"{rest} is not a market slot" if rest else "buy needs a market slot"
    if verb in WRITTEN and rest:
        return f"{verb} takes nothing after it"
    return ""
