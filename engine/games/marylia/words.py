"""Every Marylia card in words, said once.

The rules document's catalogue (catalogue.py writes it), the board's detail
lines and the log all read these sentences, so a card reads the same
everywhere. A card's own numbers (coins, cost, strength, what it buys) come
from its data; the sentences say what the engine does with them.
"""

from __future__ import annotations

from .components import (
    ABILITY,
    ACQUIRER,
    COST,
    ENCOUNTER_KIND,
    ENCOUNTER_NAME,
    ENTRY_COINS,
    EVENT_EFFECT,
    EVENT_NAME,
    GEM_TYPES,
    GOLD,
    INTERACT_COST,
    MERCENARY,
    MONSTER,
    RESOURCES,
    STRENGTH,
    SYMBOL_NAMES,
    SYMBOLS,
    VALUE,
)
from .events import PATRONAGE, ROYAL_TAX, ROYAL_TAX_THRESHOLD

D8 = 8
"""Faces of the die a fight is rolled on."""

KIND_NAME = {ACQUIRER: "Acquirer", MERCENARY: "Mercenary", MONSTER: "Monster"}
"""Each kind of character as a player calls it."""
KIND_PLURAL = {ACQUIRER: "Acquirers", MERCENARY: "Mercenaries", MONSTER: "Monsters"}
"""The heading of each kind's part of the catalogue."""

KIND_WORDS = {
    ACQUIRER: "An Acquirer buys one forged item whose kind matches one of its two symbols: a "
              "single gem of that kind, or any jewel of that type (mixed or identical). It "
              "pays the item's market value plus every coin lying on it, then leaves play; "
              "the item's cards are discarded. Market Fluctuation puts 1 coin on every "
              "Acquirer each round, so one that waits pays more.",
    MERCENARY: "A Mercenary is used by interacting with it in its city: pay its cost, if it "
               "has one, and its ability resolves; then it leaves play and you take the coins "
               "lying on it. A Mercenary whose ability finds nothing to act on (an Apprentice "
               "in a city with no resource card) is still used and leaves; the ability simply "
               "does nothing.",
    MONSTER: "A Monster swallows the resource card of its city: the one lying there when it "
             "arrives and every one placed there later, each kept under it as treasure. A "
             "space it emptied when a Wait brought it in stays empty until the next Refill "
             "(the Wait does not fill it again). To fight it, interact: pay its "
             "cost and roll the D8. At or above its strength you win: it leaves play and you "
             "take its treasure into your hand and its coins. Below, the action is spent, the "
             "cost is gone and the Monster stays.",
}
"""What every card of a kind has in common."""

ABILITY_WORDS = {
    "leprechaun": "When it enters play, every player draws a resource card. "
                  "Interact: draw a resource card.",
    "courier": "Interact: draw two resource cards.",
    "banker": "Interact: take 1 coin from the bank besides the coins lying on it.",
    "tax_collector": "Interact: every other player gives you 1 coin, if they have one.",
    "bandit": "Interact: every other merchant in your city or in a city next to it pays "
              "2 coins to the bank (all they have, if fewer).",
    "herald": "Interact: take 1 coin from the bank, then draw an event and resolve it.",
    "saboteur": "Interact: take 1 coin from the bank. When it leaves play, everyone but "
                "whoever used it pays 1 coin to the bank.",
    "apprentice": "Interact: take your city's resource card for free. With none there, it "
                  "is still used and leaves, giving nothing.",
    "prospector": "Interact: draw three resource cards.",
}
"""Each Mercenary's ability; its cost and arrival coins come from its card."""

EVENT_WORDS = {
    "festival": "Every Acquirer in play gets 2 coins from the bank.",
    "windfall": "Every player takes 2 coins from the bank.",
    "highwaymen": "Every player pays 2 coins to the bank, or all they have.",
    "royal_tax": f"Every player with {ROYAL_TAX_THRESHOLD} coins or more pays {ROYAL_TAX} to "
                 "the bank.",
    "gold_rush": "Every player draws a resource card.",
    "landslide": "The resource cards lying in cities 1, 2 and 3 are discarded.",
    "flood": "The resource cards lying in cities 5, 6 and 7 are discarded.",
    "market_crash": "The coins lying on every Acquirer go back to the bank.",
    "plague": "Every Mercenary in play is discarded; their coins go to the bank.",
    "monster_hunger": "Every Monster swallows the top card of the resource deck.",
    "patronage": f"The player with the fewest coins takes {PATRONAGE} coins from the bank; "
                 "tied players each do.",
    "crown_bounty": "Every Monster in play gets 2 coins from the bank.",
}
"""What each event does when it is drawn."""

EVENTS_INTRO = ("An event is drawn from the top of the event deck when the Change rolls 8 or "
                "finds its city already empty, and when a Herald is used. It resolves at once "
                "and goes to the bottom of the event deck, so the deck never runs out and the "
                "events seen most recently are the last to come back.")


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _buys(card: int) -> str:
    """What an Acquirer buys: "any ring or a single emerald"."""
    wanted = []
    for symbol in SYMBOLS[card]:
        name = SYMBOL_NAMES[symbol]
        wanted.append(f"a single {name}" if symbol in GEM_TYPES else f"any {name}")
    return " or ".join(wanted)


def encounter_words(card: int) -> str:
    """What this character card does, in words, from its own numbers."""
    kind = ENCOUNTER_KIND[card]
    arrives = (f"Arrives with {plural(ENTRY_COINS[card], 'coin')}."
               if ENTRY_COINS[card] else "")
    cost = INTERACT_COST[card]
    if kind == ACQUIRER:
        return " ".join(filter(None, (f"Buys {_buys(card)}, for the item's market value plus "
                                      "the coins on this card.", arrives)))
    if kind == MONSTER:
        strength = STRENGTH[card]
        fee = f"costs {plural(cost, 'coin')}" if cost else "is free"
        return " ".join(filter(None, (
            f"Strength {strength}: a fight {fee} and a D8 roll of {strength} or more "
            f"({D8 + 1 - strength} chances in {D8}) wins its treasure and coins. Swallows its "
            "city's resource cards.", arrives)))
    if kind == MERCENARY:
        fee = f"Using it costs {plural(cost, 'coin')}." if cost else ""
        return " ".join(filter(None, (arrives, fee, ABILITY_WORDS[ABILITY[card]])))
    raise ValueError(f"no words for a character of kind {kind!r}")


def encounter_text(card: int) -> str:
    """The card's name and kind, then its words: "Courier (Mercenary). Interact: ..."."""
    return f"{ENCOUNTER_NAME[card]} ({KIND_NAME[ENCOUNTER_KIND[card]]}). {encounter_words(card)}"


def event_words(event: int) -> str:
    """What this event card does when it is drawn."""
    return EVENT_WORDS[EVENT_EFFECT[event]]


def event_text(event: int) -> str:
    """The event's name, then its words: "Festival: Every Acquirer ..."."""
    return f"{EVENT_NAME[event]}: {event_words(event)}"


def resource_words(kind: int) -> str:
    """A resource card: what buying it costs and its market value in a forged item."""
    price = f"costs {plural(COST[kind], 'coin')}, market value {VALUE[kind]}"
    if kind == GOLD:
        return f"Gold: {price}; only in jewels."
    return f"{RESOURCES[kind].capitalize()}: {price}."
