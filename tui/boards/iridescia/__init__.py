"""The Gems of Iridescia board for the terminal: the hex map, the markets, the
relic row, every player and the log, with the hexes chosen by cursor and every
other legal action from a menu."""

from .board import IridesciaBoard

BOARD = IridesciaBoard

__all__ = ["BOARD", "IridesciaBoard"]
