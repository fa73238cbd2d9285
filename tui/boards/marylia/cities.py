"""The seven cities as columns: number and travel cost, character, what it
buys or how strong it is, coins on it or a Monster's treasure, the resource
card, and the merchants standing there. Pure functions of the view."""

from __future__ import annotations

from rich.text import Text

from gemtable.engine.games.marylia.cards import (
    COST,
    ENCOUNTER_KIND,
    INTERACT_COST,
    MONSTER,
    STRENGTH,
    SYMBOLS,
    VALUE,
)
from gemtable.engine.games.marylia.state import CITIES, MaryliaState

from . import glyphs as G

GAP = 1


def column_width(width: int) -> int:
    return max(6, (width - GAP * (CITIES - 1)) // CITIES)


def _header(view: MaryliaState, me: int | None, city: int, cursor: int | None) -> Text:
    line = G.span(f"{G.CURSOR if city == cursor else ' '}", G.WARN)
    line.append(str(city + 1), G.HERE if city == cursor else G.BOLD)
    if me is None or view.seats[me].city < 0:
        return line
    if view.seats[me].city == city:
        line.append(" here", G.GOOD)
    else:
        cost = view.travel_cost(me, city)
        line.append(" free" if cost == 0 else f" {cost}{G.COIN_MARK}", G.DIM if cost == 0
                    else G.COIN)
    return line


def _character(view: MaryliaState, city: int) -> Text:
    character = view.characters[city]
    if character < 0:
        return G.span("(nobody)", G.DIM)
    return G.kind_mark(character) + G.span(" ") + G.encounter_name(character)


def _detail(view: MaryliaState, city: int) -> Text:
    """What an Acquirer buys; a Monster's strength and what a fight costs."""
    character = view.characters[city]
    if character < 0:
        return Text()
    if SYMBOLS[character]:
        return G.join(G.symbol(s) for s in SYMBOLS[character])
    line = Text()
    if ENCOUNTER_KIND[character] == MONSTER:
        line = G.span(f"d8≥{STRENGTH[character]} ", G.BAD)
    if INTERACT_COST[character]:
        line.append(f"pay{INTERACT_COST[character]}", G.DIM)
    return line


def _coins_and_hoard(view: MaryliaState, city: int, width: int) -> Text:
    """Coins on the character, and the cards a Monster swallowed."""
    on_card = view.character_coins[city]
    coins = G.span(f"+{on_card}{G.COIN_MARK}", G.COIN) if on_card else Text()
    hoard = view.treasure[city]
    if not any(hoard):
        return coins
    cards = G.cards(hoard)
    if cards.cell_len + coins.cell_len + 1 > width:
        # Too many to draw: the count here, every card in the line of the city under the cursor.
        count = sum(hoard)
        cards = G.span(f"{count} cards" if count + 8 + coins.cell_len <= width
                       else f"{count}cards", G.WARN)
    line = G.span("hoard ", G.DIM) if width >= 14 + cards.cell_len else Text()
    line.append_text(cards)
    if on_card:
        line.append(" ")
        line.append_text(coins)
    return line


def _resource(view: MaryliaState, city: int) -> Text:
    kind = view.resources[city]
    if kind < 0:
        return G.span("(no card)", G.DIM)
    line = G.card(kind) + G.span(" ") + G.resource_word(kind)
    line.append(f" {COST[kind]}/{VALUE[kind]}", G.DIM)
    return line


def _merchants(view: MaryliaState, me: int | None, city: int, width: int) -> Text:
    here = [s for s in range(view.players) if view.seats[s].city == city]
    if not here:
        return Text()
    if 3 * len(here) - 1 <= width:
        return G.join((G.seat(s, me) for s in here), " ")
    # Crowded: one S, then the other seat numbers in their colours.
    tokens = [G.seat(s, me) if i == 0 else G.span(str(s + 1), G.seat_style(s))
              for i, s in enumerate(here)]
    return G.join(tokens, " ")


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
        line = G.join((G.fit(text, cell) for text in row), " " * GAP)
        lines.append(G.fit(line, width))
        if tall and index == 0:
            lines.append(G.fit(G.span("─" * (cell * CITIES + GAP * (CITIES - 1)), G.DIM), width))
    return lines
