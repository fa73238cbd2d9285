"""The cards in words, under the table: the city under the cursor (its
character, a Monster's hoard, its resource card) and the latest event.

Every sentence about a card is the engine's own (engine/games/marylia/words.py);
this module only lays them out for the width, from the view it is given.
"""

from __future__ import annotations

from rich.text import Text

from gemtable.engine.games.marylia.components import ENCOUNTER_KIND, EVENT_NAME, IS_MONSTER
from gemtable.engine.games.marylia.state import MaryliaState
from gemtable.engine.games.marylia.words import (
    KIND_NAME,
    encounter_words,
    event_words,
    resource_words,
)

from . import glyphs


def wrapped(text: Text, width: int, rows: int) -> list[Text]:
    """`text` cut at spaces into at most `rows` lines of at most `width` cells;
    the last line ends in an ellipsis when something is left out."""
    plain = text.plain
    lines: list[Text] = []
    start = 0
    while start < len(plain) and width > 0 and len(lines) < rows:
        rest = text[start:]
        if len(plain) - start <= width:
            lines.append(rest)
            break
        if len(lines) == rows - 1:
            rest.truncate(width, overflow="ellipsis")
            lines.append(rest)
            break
        cut = plain.rfind(" ", start, start + width + 1)
        if cut <= start:  # one word wider than the line
            cut = start + width
        lines.append(text[start:cut])
        start = cut + 1 if plain[cut:cut + 1] == " " else cut
    return lines


def city_words(view: MaryliaState, city: int, arrived: tuple[int, ...] = ()) -> Text:
    """The city's cards in words: its character, a Monster's hoard, its resource
    card; and which characters (`arrived`: cities) have just entered play."""
    line = glyphs.span(f"City {city + 1}", glyphs.WARN)
    others = [str(other + 1) for other in arrived if other != city]
    if city in arrived or others:
        news = ["new"] if city in arrived else []
        if others:
            news.append(f"{'also' if news else 'new:'} {' and '.join(others)}")
        line.append(f" ({'; '.join(news)})", glyphs.GOOD)
    line.append(": ", glyphs.WARN)
    character = view.characters[city]
    if character >= 0:
        line.append_text(glyphs.encounter_name(character))
        line.append(f" ({KIND_NAME[ENCOUNTER_KIND[character]]}). ", glyphs.DIM)
        line.append(encounter_words(character), glyphs.TEXT)
    else:
        line.append("no character.", glyphs.DIM)
    hoard = view.treasure[city]
    if any(hoard):
        line.append(" Hoard ", glyphs.DIM)
        line.append_text(glyphs.cards(hoard, spaced=True))
        line.append(".", glyphs.DIM)
    kind = view.resources[city]
    if kind >= 0:
        line.append(" ")
        line.append_text(glyphs.card(kind))
        line.append(" " + resource_words(kind), glyphs.TEXT)
    elif character < 0 or not IS_MONSTER[character]:  # a Monster's city never keeps one
        line.append(" No resource card.", glyphs.DIM)
    return line


def city_lines(view: MaryliaState, city: int | None, width: int, rows: int,
               arrived: tuple[int, ...] = ()) -> list[Text]:
    if city is None:
        return []
    words = city_words(view, city, arrived)
    return [glyphs.fit(line, width) for line in wrapped(words, width, rows)]


def event_line(view: MaryliaState, short: bool = False) -> Text | None:
    """The latest event drawn, with what it does (just its name when `short`)."""
    if view.last_event < 0:
        return None
    name = EVENT_NAME[view.last_event]
    if short:
        return glyphs.span("last event ", glyphs.DIM) + glyphs.span(name, glyphs.WARN)
    return glyphs.span(f"Event {name}: ", glyphs.WARN) + glyphs.span(event_words(view.last_event),
                                                                     glyphs.TEXT)


def arrivals(previous: MaryliaState | None, view: MaryliaState) -> tuple[int, ...]:
    """Cities where a character has entered play since `previous` (left to right)."""
    if previous is None:
        return ()
    return tuple(city for city, card in enumerate(view.characters)
                 if card >= 0 and card != previous.characters[city])
