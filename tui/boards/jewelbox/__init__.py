"""The Jewel Box board for the terminal: the log and die, every box with its
running score per family, and a keyboard scheme that reaches every legal action."""

from .board import JewelBoxBoard

BOARD = JewelBoxBoard

__all__ = ["BOARD", "JewelBoxBoard"]
