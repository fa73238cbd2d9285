"""Small widgets shared by the screens: status bar, key bar, choice rows."""

from .choice import ChoiceRow
from .sizeguard import SizeGuard
from .status import KeyBar, StatusBar

__all__ = ["ChoiceRow", "KeyBar", "SizeGuard", "StatusBar"]
