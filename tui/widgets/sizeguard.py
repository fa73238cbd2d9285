"""What a screen shows when the terminal is smaller than it needs: one
sentence saying so, instead of a board with parts silently cut off. The
screen's own widgets are hidden meanwhile and come back when it grows."""

from __future__ import annotations

from typing import ClassVar

from textual.geometry import Size
from textual.widgets import Static

MIN_SIZE = Size(80, 24)
"""The smallest terminal every board is drawn for."""


class SizeGuard(Static):
    """Put one in a screen and call `fit` from the screen's on_resize."""

    SCOPED_CSS: ClassVar[bool] = False
    DEFAULT_CSS = """
    SizeGuard { display: none; width: 100%; height: 100%; content-align: center middle;
                text-align: center; padding: 1 2; }
    .too-small > * { display: none; }
    .too-small > SizeGuard { display: block; }
    """

    def __init__(self, what: str = "table", *, minimum: Size = MIN_SIZE,
                 id: str | None = "size-guard") -> None:
        super().__init__("", id=id, markup=False)
        self.what = what
        self.minimum = minimum

    def words(self, size: Size) -> str:
        need = f"{self.minimum.width}x{self.minimum.height}"
        return (f"This {self.what} needs {need}; the terminal is {size.width}x{size.height}.\n"
                "Make the window larger and it comes back.")

    def fit(self, size: Size) -> bool:
        """Show the sentence if `size` is too small; True when it is."""
        small = size.width < self.minimum.width or size.height < self.minimum.height
        if small:
            self.update(self.words(size))
        self.screen.set_class(small, "too-small")
        return small
