"""The card catalogue of the rules document (F1, `gemtable rules iridescia`):
every item, objective, tile bonus kind and Rhom card icon explained in words,
written from one source and never out of date."""

from __future__ import annotations

import pytest

from gemtable.engine import registry
from gemtable.engine.catalogue import END, START
from gemtable.engine.games.iridescia import catalogue, components
from gemtable.engine.games.iridescia.cardtexts import (
    BONUSES,
    ICONS,
    PRIORITIES,
    VANE,
    icon_words,
    item_text,
)
from gemtable.engine.games.iridescia.components import ITEMS, OBJECTIVES, RHOM_CARDS, TILES
from gemtable.engine.games.iridescia.scoring import OBJECTIVE_TILES


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces made single spaces (the
    document is wrapped)."""
    return " ".join(text.split())


RULES = flat(registry.get("iridescia").rules_text())


def test_the_catalogue_in_the_rules_document_is_up_to_date():
    text = catalogue.RULES.read_text(encoding="utf-8")
    assert text.count(START) == 1 and text.count(END) == 1
    assert catalogue.with_catalogue(text) == text, (
        "run python -m gemtable.engine.games.iridescia.catalogue")
    assert catalogue.main(["--check"]) == 0


def test_a_stale_catalogue_is_noticed_and_written_afresh(tmp_path):
    stale = tmp_path / "rules.md"
    stale.write_text(f"# Rules\n\n{START}\nold words\n{END}\n\nmore\n",
                     encoding="utf-8")
    assert catalogue.main(["--check", "--rules", str(stale)]) == 1
    assert catalogue.main(["--rules", str(stale)]) == 0
    written = stale.read_text(encoding="utf-8")
    assert "old words" not in written and written.endswith(f"{END}\n\nmore\n")
    assert catalogue.main(["--check", "--rules", str(stale)]) == 0
    with pytest.raises(ValueError):
        catalogue.with_catalogue("# no markers\n")


@pytest.mark.parametrize("item", ITEMS, ids=lambda i: i.key)
def test_every_item_is_explained_in_the_rules(item):
    assert len(item.text) > 20
    assert flat(f"**{item.name}** (`{item.key}`, {item.cost} coins): {item_text(item.kind)}") \
        in RULES


@pytest.mark.parametrize("objective", OBJECTIVES, ids=lambda o: o.name)
def test_every_objective_is_explained_in_the_rules(objective):
    assert len(objective.text) > 20
    assert flat(f"**{objective.name}** ({objective.points} points): {objective.text}") in RULES


def test_every_tile_bonus_kind_is_explained_in_the_rules():
    used = {tile.bonus for tile in TILES}
    assert used == set(BONUSES) == set(components.BONUS_KINDS.values())
    for meaning in BONUSES.values():
        assert meaning.name and meaning.text
        assert flat(f"**{meaning.name}**: {meaning.text}") in RULES


def test_every_rhom_icon_and_the_cards_priorities_and_vane_are_explained():
    assert set(ICONS) == {"none", "2x", "3x", "merchant", "barricade"}
    assert {card.icon for card in RHOM_CARDS} <= set(ICONS)
    for icon, meaning in ICONS.items():
        assert meaning.text and icon_words(icon).startswith(meaning.name)
        assert flat(meaning.text) in RULES and flat(meaning.more) in RULES
    assert flat(PRIORITIES) in RULES and flat(VANE) in RULES


def test_the_item_words_follow_the_rulings():
    words = {item.key: item_text(item.kind) for item in ITEMS}
    assert "Castle row too from the row below it" in words["catapult"]  # ruling 23
    assert "actually gains" in words["pickaxe"]  # ruling 24
    assert "after restoring or collecting" in words["elixir"]  # ruling 25
    assert "after reaching the Castle it removes a tile" in words["elixir"]
    for key in ("jackhammer", "dynamite", "libation"):  # ruling 26
        assert "also while a Wishing Well roll waits" in words[key]
    for key in ("swap", "catapult"):
        assert "Start of turn only" in words[key] and "3-4 seats" in words[key]


def test_the_numbers_in_the_objectives_words_are_the_ones_scored():
    spelled = {4: "four", 6: "six", 12: "twelve"}
    for o in OBJECTIVES:
        if o.kind == "tiles_of":
            assert spelled[OBJECTIVE_TILES] in o.text
        if o.kind in ("gems_held", "coins_held"):
            assert spelled[int(o.param)] in o.text
