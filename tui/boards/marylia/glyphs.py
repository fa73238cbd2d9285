"""How Marylia pieces look: resource cards, merchants, characters and coins
as Rich text.

Every resource carries its engine letter (g gold, a amethyst, t turquoise,
z topaz, e emerald, s sapphire, r ruby, d diamond) on a block of its colour,
every merchant its seat number, every character a kind letter (A acquirer,
M mercenary, X monster), so the board reads the same without colour. Only
characters of a well-known width are used, so columns line up over SSH.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from gemtable.engine.games.marylia.components import (
    ACQUIRER,
    ENCOUNTER_KIND,
    ENCOUNTER_NAME,
    LETTERS,
    MONSTER,
    RESOURCES,
    SYMBOL_NAMES,
    TYPES,
)

from ..layout import BOLD as BOLD
from ..layout import DIM as DIM
from ..layout import GOOD as GOOD
from ..layout import TEXT as TEXT
from ..layout import WARN as WARN
from ..layout import columns as columns
from ..layout import fit as fit
from ..layout import join as join
from ..layout import span as span

RESOURCE_BG = ("#d7af00", "#8700d7", "#00afaf", "#d75f00", "#00af5f", "#005fd7",
               "#d70000", "#e4e4e4")
"""Gold, amethyst, turquoise, topaz, emerald, sapphire, ruby, diamond."""
RESOURCE_FG = ("#000000", "#ffffff", "#000000", "#ffffff", "#000000", "#ffffff",
               "#ffffff", "#000000")
RESOURCE_TEXT = ("#ffd75f", "#d787ff", "#5fd7d7", "#ff875f", "#5fd787", "#5f87ff",
                 "#ff5f5f", "#ffffff")
"""The resource colour for words on the dark board."""
SHORT = ("gold", "amet", "turq", "topz", "emer", "saph", "ruby", "diam")

SEAT_FG = ("#5fd7ff", "#ffaf5f", "#d787ff", "#87d787", "#ff87af")
"""Merchant colours, seat 1 to 5 (each also drawn with its number)."""

KIND_LETTER = {ACQUIRER: "A", "mercenary": "M", MONSTER: "X"}
KIND_FG = {ACQUIRER: "#87d787", "mercenary": "#87afff", MONSTER: "#ff5f5f"}

BAD = Style(color="#ff5f5f", bold=True)
COIN = Style(color="#ffd75f")
CURSOR = "►"
HERE = Style(reverse=True, bold=True)
"""The city under the cursor (its number) and the seat to play."""
COIN_MARK = "¢"


# --- pieces ---------------------------------------------------------------------------


def card(kind: int) -> Text:
    """One resource card: its letter on a block of its colour."""
    return span(LETTERS[kind], Style(color=RESOURCE_FG[kind], bgcolor=RESOURCE_BG[kind],
                                     bold=True))


def cards(counts: Sequence[int], spaced: bool = False) -> Text:
    """Cards given as counts per type, e.g. gold and two rubies -> grr (blocks)."""
    return join((card(t) for t in range(TYPES) for _ in range(counts[t])),
                " " if spaced else "")


def cards_or_none(counts: Sequence[int], none: str = "none", spaced: bool = False) -> Text:
    return cards(counts, spaced) if any(counts) else span(none, DIM)


def resource_word(kind: int, short: bool = True) -> Text:
    return span(SHORT[kind] if short else RESOURCES[kind],
                Style(color=RESOURCE_TEXT[kind]))


def coins(amount: int, style: Style = COIN) -> Text:
    return span(f"{amount}{COIN_MARK}", style)


def seat(seat_index: int, me: int | None = None, long: bool = False) -> Text:
    """A merchant: `S2` in its colour (`Seat 2`, and "(you)", when long)."""
    word = f"Seat {seat_index + 1}" if long else f"S{seat_index + 1}"
    if long and seat_index == me:
        word += " (you)"
    return span(word, seat_style(seat_index))


def seat_style(seat_index: int) -> Style:
    return Style(color=SEAT_FG[seat_index % len(SEAT_FG)], bold=True)


def kind_mark(encounter: int) -> Text:
    kind = ENCOUNTER_KIND[encounter]
    return span(KIND_LETTER[kind], Style(color="#000000", bgcolor=KIND_FG[kind], bold=True))


def encounter_name(encounter: int) -> Text:
    kind = ENCOUNTER_KIND[encounter]
    return span(ENCOUNTER_NAME[encounter], Style(color=KIND_FG[kind], bold=True))


def symbol(symbol_index: int) -> Text:
    """What an Acquirer buys: a gem as its card block, a jewel as a short word."""
    if symbol_index < TYPES:
        return card(symbol_index)
    return span(SYMBOL_NAMES[symbol_index][:4], Style(color="#ffffff", bold=True))
