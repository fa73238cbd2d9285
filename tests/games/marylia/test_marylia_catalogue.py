"""Every Marylia card explained in words, once: the rules document's catalogue
is made from the engine's sentences and kept current, names every character
kind and event with what it does, and speaks to players only."""

from __future__ import annotations

import re

import pytest

from gemtable.engine import registry
from gemtable.engine.catalogue import END, START
from gemtable.engine.games.marylia import catalogue
from gemtable.engine.games.marylia.components import (
    ENCOUNTER_KIND,
    ENCOUNTER_NAME,
    ENCOUNTER_TOTAL,
    EVENT_NAME,
    EVENT_TOTAL,
    TYPES,
)
from gemtable.engine.games.marylia.words import (
    KIND_WORDS,
    encounter_words,
    event_words,
    resource_words,
)

PROGRAMMER_TEXT = re.compile(r"data/|\.csv|\.py\b|\w\(\)|shared/|\b[a-z]+_[a-z_]+\b|`")
"""File names, folders, code calls and code-styled words: nothing a player reads."""


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces made single spaces."""
    return " ".join(text.split())


def block(document: str) -> str:
    start, end = document.index(START), document.index(END)
    return document[start + len(START):end]


RULES = registry.get("marylia").rules_text()
"""What F1 and `gemtable rules` show."""
DOCUMENT = catalogue.RULES.read_text(encoding="utf-8")
"""The file, with the markers around the catalogue."""


@pytest.mark.parametrize("card", sorted({ENCOUNTER_NAME.index(n) for n in ENCOUNTER_NAME}))
def test_every_character_kind_is_in_the_rules_with_its_words(card):
    words = encounter_words(card)
    assert words.strip()
    assert flat(f"**{ENCOUNTER_NAME[card]}**") in flat(RULES)
    assert flat(words) in flat(RULES)


@pytest.mark.parametrize("event", range(EVENT_TOTAL))
def test_every_event_is_in_the_rules_with_what_it_does(event):
    words = event_words(event)
    assert words.strip()
    assert flat(f"**{EVENT_NAME[event]}**: {words}") in flat(RULES)


def test_every_kind_of_character_has_a_section_saying_what_its_cards_share():
    for kind in set(ENCOUNTER_KIND):
        assert flat(KIND_WORDS[kind]) in flat(RULES)


def test_copies_of_a_card_read_alike():
    for card in range(ENCOUNTER_TOTAL):
        first = ENCOUNTER_NAME.index(ENCOUNTER_NAME[card])
        assert encounter_words(card) == encounter_words(first), ENCOUNTER_NAME[card]


def test_the_catalogue_in_the_rules_document_is_current():
    assert catalogue.with_catalogue(DOCUMENT) == DOCUMENT, (
        "the card catalogue is out of date: python -m gemtable.engine.games.marylia.catalogue")


def test_the_command_rewrites_only_the_block_and_check_reports_a_stale_one(tmp_path, capsys):
    document = catalogue.RULES.read_text(encoding="utf-8")
    stale = document.replace("**Festival**", "**Carnival**")
    copy = tmp_path / "rules.md"
    copy.write_text(stale, encoding="utf-8")
    assert catalogue.main(["--check", "--rules", str(copy)]) == 1
    assert copy.read_text(encoding="utf-8") == stale
    assert catalogue.main(["--rules", str(copy)]) == 0
    assert copy.read_text(encoding="utf-8") == document
    assert catalogue.main(["--check", "--rules", str(copy)]) == 0
    copy.write_text("# no markers here\n", encoding="utf-8")
    assert catalogue.main(["--rules", str(copy)]) == 2
    assert "catalogue:start" in capsys.readouterr().err


def test_the_catalogue_speaks_to_players_only():
    words = [block(DOCUMENT)] + [resource_words(kind) for kind in range(TYPES)]
    for text in words:
        assert not PROGRAMMER_TEXT.search(text), PROGRAMMER_TEXT.search(text)
    assert "<!--" not in RULES, "the markers are for the rewriting command, not players"
    assert flat(block(DOCUMENT)) in flat(RULES)


def test_the_words_say_the_rules_as_the_rulings_now_have_them():
    """Ruling 14: a character whose effect finds nothing is still used and
    leaves. Ruling 13: a resource a Monster swallows on arriving is not
    replaced by the Wait that brought it."""
    apprentice = encounter_words(ENCOUNTER_NAME.index("Apprentice"))
    assert "With none there, it is still used and leaves" in apprentice
    monster = flat(block(DOCUMENT))
    assert ("when a Wait brought it in stays empty until the next Refill (the Wait does "
            "not fill it again)") in monster
    assert "whose ability finds nothing to act on" in monster
