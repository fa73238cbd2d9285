"""How Jewel Box pieces look: beetle chips, tool marks and shared text styles.

Every beetle is drawn with its family letter (S W L H J) on a colour of its
own, so the board reads the same without colour; only characters of a
well-known width are used, so columns stay aligned over any SSH client.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from gemtable.engine.games.jewelbox.components import (
    EITHER,
    FORCEPS,
    GLASS,
    LETTERS,
)

from ..layout import WARN as WARN
from ..layout import fit as fit
from ..layout import span as span

FAMILY_BG = ("#c99a1e", "#3567c9", "#c23a2f", "#8a4fb0", "#1f9a5e")
"""Scarab amber, Weevil blue, Ladybug red, Longhorn purple, Jewel beetle green."""
FAMILY_FG = ("#000000", "#ffffff", "#ffffff", "#ffffff", "#000000")
FAMILY_TEXT = ("#e8b93a", "#7fa6f5", "#ff7d70", "#c48ef0", "#4fd68f")
"""The family colour for a letter on the dark board (score column, log notes)."""
SHORT_NAMES = ("Scarab", "Weevil", "Ladybug", "Longhorn", "Jewel")

TEXT = Style(color="#e6e6e6")
DIM = Style(color="#8a8f99")
GOOD = Style(color="#62e38f", bold=True)
TITLE = Style(color="#f0f0f0", bold=True)
CURSOR = Style(color="#1a1a1a", bgcolor="#ffd75f", bold=True)
"""The brackets around the square under the cursor."""
PICKED = Style(color="#ff9df0", bgcolor="#4a2d4a", bold=True)
"""The braces around the first square chosen for Forceps."""
LEGAL = Style(color="#bfe9ff", bgcolor="#2b4358", bold=True)
"""An empty square the beetle in hand may go to: slate blue, unlike any family."""
OPEN = Style(color="#6d98b3")
"""An empty square the next beetle could go to (not being placed now)."""
HOLE = Style(color="#3f444d")
MARK = "►"
"""Marks the seat to play."""

TOOL_ORDER = (GLASS, FORCEPS, EITHER)
TOOL_LETTERS = {GLASS: "G", FORCEPS: "F", EITHER: "E"}
TOOL_WORDS = {GLASS: "Glass", FORCEPS: "Forceps", EITHER: "Either"}
TOOL_ON = Style(color="#101010", bgcolor="#d9d9d9", bold=True)
TOOL_OFF = Style(color="#6a6f78")


def chip_style(family: int) -> Style:
    return Style(color=FAMILY_FG[family], bgcolor=FAMILY_BG[family], bold=True)


def chip(family: int, width: int = 3) -> Text:
    """The family letter centred on its colour, `width` cells wide."""
    return span(LETTERS[family].center(width), chip_style(family))


def family_text(family: int) -> Style:
    return Style(color=FAMILY_TEXT[family], bold=True)


def letter(family: int) -> Text:
    """The bare family letter in its colour, for text on the dark board."""
    return span(LETTERS[family], family_text(family))


def tools(mask: int, words: bool = False) -> Text:
    """The three tools in order: an unused one in capitals on a light chip, a used
    one in small dim letters, so the difference shows without colour too."""
    out = Text()
    for i, tool in enumerate(TOOL_ORDER):
        if i:
            out.append(" ")
        name = TOOL_WORDS[tool] if words else TOOL_LETTERS[tool]
        if mask & tool:
            out.append(name, style=TOOL_ON)
        else:
            out.append(name.lower(), style=TOOL_OFF)
    return out


def hjoin(blocks: list[list[Text]], widths: list[int], gap: int = 2) -> list[Text]:
    """Blocks of lines side by side, each padded to its width."""
    height = max((len(b) for b in blocks), default=0)
    lines = []
    for y in range(height):
        line = Text()
        for i, (block, width) in enumerate(zip(blocks, widths, strict=True)):
            if i:
                line.append(" " * gap)
            line.append_text(fit(block[y], width) if y < len(block) else Text(" " * width))
        lines.append(line)
    return lines
