"""The Jowhari board for the terminal: card grid, players' table, log, and a
keyboard scheme that reaches every legal action."""

from .board import JowhariBoard

BOARD = JowhariBoard

__all__ = ["BOARD", "JowhariBoard"]
