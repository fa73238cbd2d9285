"""Cell-exact line layout that every board's glyphs share."""

from __future__ import annotations

from rich.text import Text

CUT = "…"
"""The one mark of text cut short to fit: `fit` ends a cut line with it, and a
panel that drops what does not fit ends its last line with it."""
CUT_LEGEND = (CUT, "cut to fit (a bigger terminal shows all)")
"""The legend's row for CUT, in the LEGEND of every board that cuts lines."""


def fit(text: Text, width: int) -> Text:
    """Exactly `width` cells: cut with the CUT mark (Rich's ellipsis), or padded."""
    text = text.copy()
    if text.cell_len > width:
        text.truncate(max(0, width), overflow="ellipsis")
    else:
        text.append(" " * (width - text.cell_len))
    return text


def columns(left: Text, right: Text, width: int) -> Text:
    """`left` and `right` on one line of `width` cells, the right one flush."""
    room = width - right.cell_len
    if room < 1:
        return fit(left, width)
    line = fit(left, room)
    line.append_text(right)
    return line


def fit_label(label: str, width: int) -> str:
    """A seat label in `width` characters that keeps its state: "Seat 4 (ca…, away)".

    Names from outside can be long; cutting the end would drop "away" or "a bot
    plays", which matter more than the last letters of a name.
    """
    if len(label) <= width:
        return label
    head, opened, inner = label.partition(" (")
    if opened and inner.endswith(")"):
        name, comma, state = inner[:-1].partition(", ")
        tail = f"{comma}{state})"
        room = width - len(head) - len(opened) - len(tail)
        if room >= 2:
            return f"{head}{opened}{name[:room - 1]}…{tail}"
    return label[:max(0, width - 1)] + "…"
