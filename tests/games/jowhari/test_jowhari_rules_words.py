"""The rules document tells players what is in the three decks in words (it
lists no data file): those words agree with the cards the game deals."""

from __future__ import annotations

from collections import Counter

from gemtable.engine import registry
from gemtable.engine.games.jowhari.components import BONUS, CARDS_OF_LEVEL, COST, LEVELS, PRESTIGE

RULES = " ".join(registry.get("jowhari").rules_text().split())


def test_the_deck_summary_in_the_rules_is_that_of_the_cards():
    for level in LEVELS:
        cards = CARDS_OF_LEVEL[level]
        per_colour = set(Counter(BONUS[c] for c in cards).values())
        assert len(per_colour) == 1, "each bonus colour is equally common in a level"
        (count,) = per_colour
        assert f"{count} per colour at level {level}" in RULES or \
            f"{count} at level {level}" in RULES
        costs = [sum(COST[c]) for c in cards]
        low, high = min(costs), max(costs)
        cost_words = f"level {level} cards cost {low} to {high} gems" if level == 1 else \
            f"level {level} cards {low} to {high}"
        assert cost_words.lower() in RULES.lower()
        worth = Counter(PRESTIGE[c] for c in cards)
        assert len(worth) == 2
        (rare, few), (common, _) = sorted(worth.items(), key=lambda pair: pair[1])
        assert f"{few} of them are worth {rare} prestige, the rest {common}" in RULES or \
            f"{few} are worth {rare}, the rest {common}" in RULES
