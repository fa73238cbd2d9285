"""How Jowhari pieces look: gem chips, costs and card tiles as Rich text.

Every gem is drawn with its letter (R B G W K, gold Y) as well as its colour,
so the board reads the same on a 16-colour terminal and for colour-blind
players. Inside the card grid and the players' table only characters whose
width is not ambiguous are used (✓ ► ▮), so columns line up in any terminal.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from gemtable.engine.games.jowhari.components import BONUS, COLOURS, COST, GOLD, LETTERS, PRESTIGE
from gemtable.engine.games.jowhari.rules import missing_gems
from gemtable.engine.games.jowhari.state import Seat

from ..layout import DIM as DIM
from ..layout import GOOD as GOOD
from ..layout import TEXT as TEXT
from ..layout import WARN as WARN
from ..layout import columns as columns
from ..layout import fit as fit
from ..layout import span as span

NAMES = (*COLOURS, "gold")
# Colours are picked from the xterm 256-colour palette, so TERM=xterm-256color
# shows them as designed, and each also falls to the right one of the 16
# basic colours (red chip to red, gold to yellow...) on older terminals.
GEM_FG = ("#ff5f5f", "#5f87ff", "#5fd787", "#eeeeee", "#a8a8a8", "#ffd75f")
"""Gem letters on a dark card: black gems are drawn grey so they stay visible."""
CHIP = (
    Style(color="#ffffff", bgcolor="#d70000", bold=True),
    Style(color="#ffffff", bgcolor="#005fd7", bold=True),
    Style(color="#000000", bgcolor="#00af00", bold=True),
    Style(color="#000000", bgcolor="#e4e4e4", bold=True),
    Style(color="#ffffff", bgcolor="#121212", bold=True),
    Style(color="#000000", bgcolor="#d7af00", bold=True),
)

TILE_BG = "#303030"
CURSOR_BG = "#00005f"
EMPTY_BG = "#262626"
SHORT = Style(color="#ffaf5f", bold=True)
PRESTIGE_STYLE = Style(color="#ffd75f", bold=True)
CURSOR_MARK = "►"
BACK = "▮"
"""A face-down card; followed by its level."""


def chip(colour: int, text: str | None = None) -> Text:
    """A coloured block holding the gem's letter (or `text`)."""
    return Text(text if text is not None else f" {LETTERS[colour]} ", style=CHIP[colour])


def gem(colour: int, count: int | str) -> Text:
    """`3R`-style count in the gem's colour."""
    return Text(f"{count}{LETTERS[colour]}", style=Style(color=GEM_FG[colour], bold=True))


def cost_text(card: int, spaced: bool = True) -> Text:
    parts = [gem(c, n) for c, n in enumerate(COST[card]) if n]
    return Text(" " if spaced else "").join(parts)


def shortfall_words(seat: Seat, card: int) -> Text:
    """`2 short (lacking 1R 2B; your 1 gold cover 1)`: what stands between the
    seat and this card, and the gold it holds kept apart from what it lacks."""
    lacking = missing_gems(seat, card)
    gold = seat.tokens[GOLD]
    short = max(0, sum(lacking) - gold)
    if not short:
        return Text("you can buy it", style=GOOD)
    text = span(f"{short} short", style=SHORT)
    text.append(" (lacking ")
    text.append(Text(" ").join(gem(c, n) for c, n in enumerate(lacking) if n))
    if gold:  # what the seat holds, apart from what it lacks
        text.append(f"; your {gold} gold cover {min(gold, sum(lacking))}", style=DIM)
    text.append(")")
    return text


def mini_card(card: int) -> Text:
    """A card in a few characters (`W3 3R2B2G`); a hidden one as `▮2` (its level)."""
    if card < 0:
        return Text(f"{BACK}{-card}", style=DIM)
    text = Text()
    text.append_text(chip(BONUS[card], LETTERS[BONUS[card]]))
    text.append(str(PRESTIGE[card]), style=PRESTIGE_STYLE)
    text.append(" ")
    text.append(cost_text(card, spaced=False))
    return text


def card_tile(
    label: str,
    card: int | None,
    width: int,
    height: int,
    *,
    selected: bool,
    short: int | None,
    missing_gems: tuple[int, ...] = (),
) -> list[Text]:
    """A centre or hand card as `height` lines of `width` cells.

    `short` is the local seat's shortfall for it (0: can buy now; None: the
    board has no seat to judge for); `missing_gems` what it lacks before gold.
    """
    bg = CURSOR_BG if selected else (TILE_BG if card is not None else EMPTY_BG)
    base = Style(bgcolor=bg) + TEXT
    head = span(CURSOR_MARK if selected else " ", style=Style(color="#ffffff", bold=True))
    head.append(label, style=Style(bold=True, reverse=selected))
    if card is None:
        lines = [columns(head, span("empty ", style=DIM), width)]
    elif card < 0:
        head.append(f" {BACK} level {-card}", style=DIM)
        lines = [fit(head, width)]
    else:
        head.append(" ")
        head.append(chip(BONUS[card]))
        points = PRESTIGE[card]
        head.append(f" {points}pt", style=PRESTIGE_STYLE if points else DIM)
        mark = Text()
        if short == 0:
            mark = span("✓ ", style=GOOD)
        elif short is not None:
            mark = span(f"-{short} ", style=SHORT)
        cost = Text(" ")
        cost.append(cost_text(card, spaced=width >= 16))
        lines = [columns(head, mark, width), cost]
        if height >= 3 and short is not None:
            lines.append(_need_line(short, missing_gems))
    while len(lines) < height:
        lines.append(Text(""))
    return [_on(fit(line, width), base) for line in lines[:height]]


def _need_line(short: int, missing_gems: tuple[int, ...]) -> Text:
    line = Text(" ")
    if not short:
        line.append("✓ can buy now", style=GOOD)
        return line
    line.append("need ", style=DIM)
    line.append(Text(" ").join(gem(c, n) for c, n in enumerate(missing_gems) if n))
    return line


def deck_tile(level: int, count: int, width: int, height: int, *, selected: bool) -> list[Text]:
    """The face-down deck of a level, reservable from its top."""
    bg = CURSOR_BG if selected else (TILE_BG if count else EMPTY_BG)
    base = Style(bgcolor=bg) + TEXT
    head = span(CURSOR_MARK if selected else " ", style=Style(color="#ffffff", bold=True))
    head.append(f"d{level}", style=Style(bold=True, reverse=selected))
    head.append(" deck", style=DIM)
    body = span(f" {count:>2} left" if count else " empty", style=TEXT if count else DIM)
    lines = [fit(head, width), fit(body, width)]
    while len(lines) < height:
        lines.append(Text(""))
    return [_on(fit(line, width), base) for line in lines[:height]]


def label_tile(title: str, note: str, width: int, height: int) -> list[Text]:
    """The left-hand label of the hand row."""
    lines = [fit(span(f" {title}", style=Style(bold=True)), width),
             fit(span(f" {note}", style=DIM), width)]
    while len(lines) < height:
        lines.append(Text(" " * width))
    return lines[:height]


def _on(line: Text, base: Style) -> Text:
    """`line` drawn over a tile background, keeping its own colours on top."""
    line.stylize_before(base, 0, len(line))
    return line
