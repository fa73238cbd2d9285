"""gemtable.ai: bots that see only a view, and headless play (arena, bench).

Imports gemtable.engine, never gemtable.tui.
"""

from .base import (
    Bot,
    BotKindError,
    UnknownBotKind,
    bot_kinds,
    level_kinds,
    make_bot,
    seating_problem,
)

__all__ = ["Bot", "BotKindError", "UnknownBotKind", "bot_kinds", "level_kinds", "make_bot",
           "seating_problem"]
