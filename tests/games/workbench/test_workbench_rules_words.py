"""The rules document tells players what is in the jewel deck in words (it
lists no data file): those words agree with the cards the game deals."""

from __future__ import annotations

import re

from gemtable.engine import registry
from gemtable.engine.games.workbench.components import CARD_COUNT, GEMS, METAL, METALS, PIECE, SIZE

RULES = " ".join(registry.get("workbench").rules_text().split())
SAID = {"ring": "rings", "earrings": "earrings", "bracelet": "bracelets", "pendant": "pendants"}
PIECE_NAMES = ("ring", "bracelet", "pendant", "earrings")


def _listed(sizes: list[int]) -> str:
    return ", ".join(str(n) for n in sizes[:-1]) + f" and {sizes[-1]}"


def test_the_gem_counts_in_the_rules_are_those_of_the_deck():
    assert f"{CARD_COUNT} jewel cards" in RULES
    for piece, name in enumerate(PIECE_NAMES):
        per_metal = {tuple(sorted(SIZE[c] for c in range(CARD_COUNT)
                                  if METAL[c] == metal and PIECE[c] == piece))
                     for metal in range(len(METALS))}
        assert len(per_metal) == 1, f"every metal has the same {name} sizes"
        (sizes,) = per_metal
        said = rf"{SAID[name]} (show )?{re.escape(_listed(list(sizes)))}\b"
        assert re.search(said, RULES), f"the {name} sizes {sizes}"
    for metal in range(len(METALS)):
        colours = {sum(GEMS[c][colour] for c in range(CARD_COUNT) if METAL[c] == metal)
                   for colour in range(4)}
        assert colours == {13} and "13 gems of each colour" in RULES
