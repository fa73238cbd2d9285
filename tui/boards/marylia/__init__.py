"""The Marylia board for the terminal: the seven cities, the merchants, your
hand with what it forges, auctions and the log, with a keyboard scheme that
reaches every legal action."""

from .board import MaryliaBoard

BOARD = MaryliaBoard

__all__ = ["BOARD", "MaryliaBoard"]
