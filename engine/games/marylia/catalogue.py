"""The rules document's catalogue of every character and event, made from words.py.

rules.md keeps it between two markers. After a card or its words change,

    python -m gemtable.engine.games.marylia.catalogue

writes it there again (`--check` only says whether it is current; a test
runs the same comparison).
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from gemtable.engine.catalogue import catalogue_command, with_block

from .components import ENCOUNTER_KIND, ENCOUNTER_NAME, ENCOUNTER_TOTAL, EVENT_NAME, EVENT_TOTAL
from .words import EVENTS_INTRO, KIND_PLURAL, KIND_WORDS, encounter_words, event_words, plural

RULES = Path(__file__).with_name("rules.md")
WIDTH = 78
"""The rules document's line length, so `gemtable rules` reads well in a terminal."""


def _paragraph(text: str) -> str:
    return textwrap.fill(text, WIDTH, break_long_words=False, break_on_hyphens=False)


def _item(label: str, words: str) -> str:
    return textwrap.fill(f"- {label}: {words}", WIDTH, subsequent_indent="  ",
                         break_long_words=False, break_on_hyphens=False)


def _characters(kind: str) -> list[str]:
    """One section: what the kind shares, then each name once with its words."""
    cards = [card for card in range(ENCOUNTER_TOTAL) if ENCOUNTER_KIND[card] == kind]
    names = list(dict.fromkeys(ENCOUNTER_NAME[card] for card in cards))
    lines = [f"### {KIND_PLURAL[kind]} ({plural(len(cards), 'card')})", "",
             _paragraph(KIND_WORDS[kind]), ""]
    for name in names:
        copies = [card for card in cards if ENCOUNTER_NAME[card] == name]
        said = {encounter_words(card) for card in copies}
        if len(said) != 1:
            raise ValueError(f"the {name} cards do not all do the same: {sorted(said)}")
        lines.append(_item(f"**{name}** ({plural(len(copies), 'card')})", said.pop()))
    return [*lines, ""]


def catalogue() -> str:
    """The Markdown between the markers: every character kind, then every event."""
    lines = ["## Every card", "",
             _paragraph("Every character and event of the game and what it does. The "
                        "cards of one name are identical."), ""]
    for kind in dict.fromkeys(ENCOUNTER_KIND):
        lines += _characters(kind)
    lines += [f"### Events ({plural(EVENT_TOTAL, 'card')}, one of each)", "",
              _paragraph(EVENTS_INTRO), ""]
    lines += [_item(f"**{EVENT_NAME[event]}**", event_words(event)) for event in range(EVENT_TOTAL)]
    return "\n".join(lines) + "\n"


def with_catalogue(document: str) -> str:
    """`document` with the text between the markers replaced by the catalogue."""
    return with_block(document, catalogue())


PROG = "python -m gemtable.engine.games.marylia.catalogue"


def main(argv: Sequence[str]) -> int:
    return catalogue_command(argv, prog=PROG, rules=RULES, make=catalogue)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
