"""How Iridescia pieces look: gems, dice, tiles, explorers and text styles.

Every gem carries its letter (A amethyst, C citrine, E emerald, S sapphire,
`*` rainbow, `I` the Iridia Stone) as well as its colour, and every explorer
its seat number, so the board reads the same on a 16-colour terminal and for
colour-blind players. Aligned parts use plain ASCII, whose width every
terminal agrees on.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from ..layout import BOLD as BOLD
from ..layout import DIM as DIM
from ..layout import GOOD as GOOD
from ..layout import TEXT as TEXT
from ..layout import WARN as WARN
from ..layout import columns as columns
from ..layout import fit as fit
from ..layout import join as join
from ..layout import pack as pack
from ..layout import span as span

GEM_LETTERS = "ACES"
GEM_NAMES = ("Amethyst", "Citrine", "Emerald", "Sapphire")
RAINBOW, IRIDIA = 4, 5
"""Tile gems beyond the four: a rainbow tile and the Iridia Stone tile (both wild)."""
TILE_LETTERS = GEM_LETTERS + "*I"

# From the xterm 256-colour palette, each close to one of the 16 basic colours.
GEM_BLOCK = (
    Style(color="#ffffff", bgcolor="#8700af", bold=True),
    Style(color="#000000", bgcolor="#d7af00", bold=True),
    Style(color="#000000", bgcolor="#00af5f", bold=True),
    Style(color="#ffffff", bgcolor="#005fd7", bold=True),
    Style(color="#000000", bgcolor="#d7d7d7", bold=True),
    Style(color="#000000", bgcolor="#ffffff", bold=True, underline=True),
)
GEM_FG = ("#d787ff", "#ffd75f", "#5fd787", "#5fafff", "#e4e4e4", "#ffffff")
SEAT_FG = ("#ff8787", "#87d7ff", "#ffaf5f", "#d7afff")
"""Explorer colours; the seat number on the explorer is what tells them apart."""

FAINT = Style(color="#585858")
BAD = Style(color="#ff8787", bold=True)
TITLE = Style(color="#f0f0f0", bold=True)
POINTS = Style(color="#ffd75f", bold=True)
COINS = Style(color="#ffd700")
CURSOR = Style(color="#1a1a1a", bgcolor="#ffd75f", bold=True)
"""The brackets around the hex under the cursor."""
TARGET = Style(color="#87d7ff", bold=True)
"""The marks around a hex the person may act on now."""
TARGET_BG = Style(bgcolor="#1c3a4e")
FACE_DOWN = Style(color="#6c6c6c")
BARRICADE = Style(color="#ff8787", bgcolor="#3a1c1c", bold=True)
PICKED = Style(reverse=True, bold=True)
MARK = ">"
"""Marks the seat to play and the chosen menu line."""


def gem(kind: int, text: str | None = None) -> Text:
    """A gem letter in its colour on the dark board (cargo, relic costs)."""
    return span(TILE_LETTERS[kind] if text is None else text,
                Style(color=GEM_FG[kind], bold=True))


def gem_block(kind: int, text: str | None = None) -> Text:
    """A gem letter on a block of its colour (tiles and market dice)."""
    return span(TILE_LETTERS[kind] if text is None else text, GEM_BLOCK[kind])


def gems(counts: Sequence[int]) -> Text:
    """Gems given as counts per type, e.g. (2, 1, 0, 0) -> AAC."""
    return join((gem(g, GEM_LETTERS[g] * n) for g, n in enumerate(counts) if n), "")


def gems_or_none(counts: Sequence[int]) -> Text:
    return gems(counts) if any(counts) else span("-", DIM)


def seat_mark(seat: int) -> Text:
    """An explorer: the seat number in its colour."""
    return span(str(seat + 1), Style(color=SEAT_FG[seat % len(SEAT_FG)], bold=True))
