"""The Workbench board for the terminal: tray, showcase, workbenches, commissions
and log, with a keyboard scheme that reaches every legal action."""

from .board import WorkbenchBoard

BOARD = WorkbenchBoard

__all__ = ["BOARD", "WorkbenchBoard"]
