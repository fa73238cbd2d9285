"""How Workbench pieces look: dice, gems, cards and names as Rich text.

Every die and gem carries its engine letter (R ruby, B sapphire, Y amber,
G emerald) as well as its colour, so the board reads the same on a
16-colour terminal and for colour-blind players. A covered gem is an
upper-case letter on a die-coloured block, an open gem a lower-case letter:
the case alone tells them apart. Aligned parts use only characters whose
width is not ambiguous (► ✓ ▪), so columns line up in any terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from gemtable.engine.games.workbench.components import GEMS, LETTERS, METAL, METALS, PIECE, PIECES

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

# From the xterm 256-colour palette, each close to one of the 16 basic colours.
DIE = (
    Style(color="#ffffff", bgcolor="#d70000", bold=True),
    Style(color="#ffffff", bgcolor="#005fd7", bold=True),
    Style(color="#000000", bgcolor="#d7af00", bold=True),
    Style(color="#000000", bgcolor="#00af00", bold=True),
)
GEM_FG = ("#ff5f5f", "#5f87ff", "#ffd75f", "#5fd787")
METAL_FG = ("#ffafaf", "#ffd75f", "#d0d0d0")

POINTS = Style(color="#ffd75f", bold=True)
CURSOR = "►"
PICKED = Style(reverse=True, bold=True)
PIECE_SHORT = ("ring", "brac", "pend", "earr")
TOOL_NAMES = ("Crucible", "Cloth", "Loupe", "Burin")
TOOL_SHORT = ("Cru", "Clo", "Lou", "Bur")
TOOL_KEYS = "coli"
"""The key naming each tool while storing: c Crucible, o clOth, l Loupe, i burIn."""


def die(colour: int, text: str | None = None) -> Text:
    """One die: its letter on a block of its colour."""
    return span(LETTERS[colour] if text is None else text, DIE[colour])


def dice(counts: Sequence[int], spaced: bool = False) -> Text:
    """Dice given as counts per colour, e.g. (2, 0, 1, 0) -> R R Y."""
    parts = [die(c) for c, n in enumerate(counts) for _ in range(n)]
    return join(parts, " " if spaced else "")


def dice_or_none(counts: Sequence[int], spaced: bool = False) -> Text:
    return dice(counts, spaced) if any(counts) else span("-", DIM)


def gem(colour: int, text: str | None = None) -> Text:
    """A gem letter in its colour, without a block (finished jewels, commissions)."""
    return span(LETTERS[colour] if text is None else text, Style(color=GEM_FG[colour], bold=True))


def gem_letters(counts: Sequence[int]) -> Text:
    return join((gem(c, LETTERS[c] * n) for c, n in enumerate(counts) if n), "")


def open_letters(counts: Sequence[int]) -> Text:
    """Open gems as the showcase writes them everywhere: small letters."""
    return join((gem(c, LETTERS[c].lower() * n) for c, n in enumerate(counts) if n), "")


def card_gems(card: int, missing: Sequence[int], strays: Sequence[tuple[int, int]]) -> Text:
    """A showcase card's gems in colour order: covered ones as blocks, open ones lower case.

    A Loupe die on a gem of another colour shows the gem's letter (the gem
    is covered) on the die's colour, underlined so it stands out.
    """
    out = Text()
    for colour, total in enumerate(GEMS[card]):
        covered = total - missing[colour]
        foreign = [die_colour for gem_colour, die_colour in strays if gem_colour == colour]
        plain = covered - len(foreign)
        for i in range(covered):
            if i < plain:
                out.append(LETTERS[colour], DIE[colour])
            else:
                out.append(LETTERS[colour], DIE[foreign[i - plain]] + Style(underline=True))
        out.append(LETTERS[colour].lower() * missing[colour], Style(color=GEM_FG[colour]))
    return out


def card_name(card: int) -> str:
    """`rose pendant`."""
    return f"{METALS[METAL[card]]} {PIECES[PIECE[card]]}"


def metal(index: int, text: str | None = None) -> Text:
    return span(METALS[index] if text is None else text, Style(color=METAL_FG[index]))


def counts_text(counts: Sequence[int]) -> Text:
    """`6R 8B 8Y 8G`: how many of each colour (the reserve)."""
    parts = [gem(c, f"{n}{LETTERS[c]}") if n else span(f"0{LETTERS[c]}", DIM)
             for c, n in enumerate(counts)]
    return join(parts)


def seat_name(seat: int, me: int | None) -> str:
    return f"Seat {seat + 1}" + (" (you)" if seat == me else "")
