"""The seven cities as columns: number and travel cost, character, what it
buys or how strong it is, coins on it or a Monster's treasure, the resource
card, and the merchants standing there. Pure functions of the view."""

from __future__ import annotations

from rich.text import Text

from gemtable.engine.games.marylia.components import (
    COST,
    ENCOUNTER_KIND,
    INTERACT_COST,
    MONSTER,
    STRENGTH,
    SYMBOLS,
    VALUE,
)
from gemtable.engine.games.marylia.rules import travel_cost
from gemtable.engine.games.marylia.state import CITIES, MaryliaState

from . import glyphs

GAP = 1


def column_width(width: int) -> int:
    return max(6, (width - GAP * (CITIES - 1)) // CITIES)


def _header(view: MaryliaState, me: int | None, city: int, cursor: int | None) -> Text:
    line = glyphs.span(f"{glyphs.CURSOR if city == cursor else ' '}", glyphs.WARN)
    line.append(str(city + 1), glyphs.HERE if city == cursor else glyphs.BOLD)
    if me is None or view.seats[me].city < 0:
        return line
    if view.seats[me].city == city:
        line.append(" here", glyphs.GOOD)
    else:
        cost = travel_cost(view.seats[me].city, city)
        line.append(" free" if cost == 0 else f" {cost}{glyphs.COIN_MARK}", glyphs.DIM if cost == 0
                    else glyphs.COIN)
    return line


def _character(view: MaryliaState, city: int) -> Text:
    character = view.characters[city]
    if character < 0:
        return glyphs.span("(nobody)", glyphs.DIM)
    return glyphs.kind_mark(character) + glyphs.span(" ") + glyphs.encounter_name(character)


def _detail(view: MaryliaState, city: int) -> Text:
    """What an Acquirer buys; a Monster's strength and what a fight costs."""
    character = view.characters[city]
    if character < 0:
        return Text()
    if SYMBOLS[character]:
        return glyphs.join(glyphs.symbol(s) for s in SYMBOLS[character])
    line = Text()
    if ENCOUNTER_KIND[character] == MONSTER:
        line = glyphs.span(f"d8≥{STRENGTH[character]} ", glyphs.BAD)
    if INTERACT_COST[character]:
        line.append(f"pay{INTERACT_COST[character]}", glyphs.DIM)
    return line


def _coins_and_hoard(view: MaryliaState, city: int, width: int) -> Text:
    """Coins on the character, and the cards a Monster swallowed."""
    on_card = view.character_coins[city]
    coins = glyphs.span(f"+{on_card}{glyphs.COIN_MARK}", glyphs.COIN) if on_card else Text()
    hoard = view.treasure[city]
    if not any(hoard):
        return coins
    cards = glyphs.cards(hoard)
    if cards.cell_len + coins.cell_len + 1 > width:
        # Too many to draw: the count here, every card in the line of the city under the cursor.
        count = sum(hoard)
        cards = glyphs.span(f"{count} cards" if count + 8 + coins.cell_len <= width
                            else f"{count}cards", glyphs.WARN)
    line = glyphs.span("hoard ", glyphs.DIM) if width >= 14 + cards.cell_len else Text()
    line.append_text(cards)
    if on_card:
        line.append(" ")
        line.append_text(coins)
    return line


def _resource(view: MaryliaState, city: int) -> Text:
    kind = view.resources[city]
    if kind < 0:
        return glyphs.span("(no card)", glyphs.DIM)
    line = glyphs.card(kind) + glyphs.span(" ") + glyphs.resource_word(kind)
    line.append(f" {COST[kind]}/{VALUE[kind]}", glyphs.DIM)
    return line


def _merchants(view: MaryliaState, me: int | None, city: int, width: int) -> Text:
    here = [s for s in range(view.players) if view.seats[s].city == city]
    if not here:
        return Text()
    if 3 * len(here) - 1 <= width:
        return glyphs.join((glyphs.seat(s, me) for s in here), " ")
    # Crowded: one S, then the other seat numbers in their colours.
    tokens = [glyphs.seat(s, me) if i == 0 else glyphs.span(str(s + 1), glyphs.seat_style(s))
              for i, s in enumerate(here)]
    return glyphs.join(tokens, " ")


def city_lines(view: MaryliaState, me: int | None, cursor: int | None, width: int,
               tall: bool = False) -> list[Text]:
    """The cities side by side, one text line per row (a spacer row when `tall`)."""
    cell = column_width(width)
    rows = [
        [_header(view, me, c, cursor) for c in range(CITIES)],
        [_character(view, c) for c in range(CITIES)],
        [_detail(view, c) for c in range(CITIES)],
        [_coins_and_hoard(view, c, cell) for c in range(CITIES)],
        [_resource(view, c) for c in range(CITIES)],
        [_merchants(view, me, c, cell) for c in range(CITIES)],
    ]
    lines = []
    for index, row in enumerate(rows):
        line = glyphs.join((glyphs.fit(text, cell) for text in row), " " * GAP)
        lines.append(glyphs.fit(line, width))
        if tall and index == 0:
            lines.append(glyphs.fit(glyphs.span("─" * (cell * CITIES + GAP * (CITIES - 1)),
                                                glyphs.DIM), width))
    return lines
