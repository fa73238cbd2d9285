"""Per-game boards: the widget that draws one game's table from a view.

A game without a board of its own gets the generic board, which lists the
legal actions as text, so a newly registered game is playable at once.
"""

from __future__ import annotations

from importlib import import_module

from .base import Board

BOARD_MODULES: dict[str, str] = {
    "jowhari": "gemtable.tui.boards.jowhari",
    "jewelbox": "gemtable.tui.boards.jewelbox",
    "workbench": "gemtable.tui.boards.workbench",
    "marylia": "gemtable.tui.boards.marylia",
    "iridescia": "gemtable.tui.boards.iridescia",
}


def board_for(game_id: str) -> type[Board]:
    module = BOARD_MODULES.get(game_id)
    if module is None:
        from .generic import GenericBoard

        return GenericBoard
    return import_module(module).BOARD


__all__ = ["Board", "board_for"]
