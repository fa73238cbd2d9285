"""What a Marylia hand and forged items are worth in coins, for the bots.

Tables come from the engine (values, bonuses, recipes); only the weights are
the bots' own. A hand is worth part of its cards' market value (cards become
nothing at the end unless forged) plus the bonus of the recipe it is closest
to, discounted by the cards still missing. A forged item is worth between
half its value (what it counts at the end) and its full value plus an
Acquirer's coins (what a sale brings), by how near a buyer is.
"""

from __future__ import annotations

from gemtable.engine.games.marylia.components import BONUS, COST, IS_ACQUIRER, SYMBOLS, VALUE
from gemtable.engine.games.marylia.state import Item, MaryliaState

CARD_SHARE = 0.9
"""A card in hand counts this share of its market value."""
COMPLETE = (0.85, 0.55, 0.25, 0.08)
"""Share of a recipe's bonus counted with 0, 1, 2 or 3 cards still missing."""
SECOND_RECIPE = 0.35
"""Weight of the second-best recipe next to the best."""

# (recipe, gold needed, first group, second group) for every jewel recipe.
SHAPES = tuple(
    (recipe, gold, first, second)
    for recipe, gold, first, second in (
        (1, 1, 2, 1), (2, 1, 3, 0), (3, 1, 2, 2), (4, 1, 4, 0), (5, 2, 3, 2), (6, 2, 5, 0),
    )
)

SOLD_HERE = 0.96
SOLD_NEAR = 0.92
SOLD_LATER = 0.85
UNSOLD = 0.6
"""Share of an item's value counted when a buyer is in its city, within reach,
elsewhere on the table, or nowhere."""


_SCORES: dict[tuple[int, ...], float] = {}
"""hand_score by hand: search meets the same few hundred hands again and again."""


def hand_score(hand: tuple[int, ...]) -> float:
    """Coins-worth of a hand (counts per type), toward its best recipes."""
    score = _SCORES.get(hand)
    if score is None:
        if len(_SCORES) > 200_000:
            _SCORES.clear()
        score = _SCORES[hand] = _hand_score(hand)
    return score


def _hand_score(hand: tuple[int, ...]) -> float:
    raw = 0
    for t in range(1, 8):
        raw += VALUE[t] * hand[t]
    raw += VALUE[0] * min(hand[0], 2)  # gold past two rarely finds a use
    counts = sorted(hand[1:], reverse=True)
    top1, top2 = counts[0], counts[1]
    if top1 == 0:
        return CARD_SHARE * raw
    gold = hand[0]
    best = second = 0.0
    for recipe, need_gold, first, rest in SHAPES:
        missing = max(0, need_gold - gold) + max(0, first - top1) + max(0, rest - top2)
        if rest:
            alt = max(0, need_gold - gold) + max(0, first - top2) + max(0, rest - top1)
            if alt < missing:
                missing = alt
        if missing < len(COMPLETE):
            worth = BONUS[recipe] * COMPLETE[missing]
            if worth > best:
                best, second = worth, best
            elif worth > second:
                second = worth
    return CARD_SHARE * raw + best + SECOND_RECIPE * second


def card_gain(hand: tuple[int, ...], kind: int) -> float:
    """How much `hand_score` rises with one more card of `kind`."""
    more = list(hand)
    more[kind] += 1
    return hand_score(tuple(more)) - hand_score(hand)


def buyers(state: MaryliaState) -> list[tuple[int, tuple[int, ...], int]]:
    """(city, symbols, coins on the card) of every Acquirer on the table."""
    return [(city, SYMBOLS[card], state.character_coins[city])
            for city, card in enumerate(state.characters) if card >= 0 and IS_ACQUIRER[card]]


def item_worth(state: MaryliaState, item: Item, city: int, coins: int,
               table_buyers: list[tuple[int, tuple[int, ...], int]]) -> float:
    """An item's worth to a merchant in `city` holding `coins`."""
    value = item.value
    symbol = item.symbol
    ready = item.round < state.round
    best = UNSOLD * value
    for where, symbols, on_card in table_buyers:
        if symbol not in symbols:
            continue
        distance = abs(where - city)
        if distance == 0 and ready:
            share = SOLD_HERE
        elif distance - 1 <= coins:
            share = SOLD_NEAR
        else:
            share = SOLD_LATER
        worth = share * (value + on_card)
        if worth > best:
            best = worth
    return best


def resource_gain(hand: tuple[int, ...], kind: int) -> float:
    """Profit of buying a card of `kind` at the bank: its gain minus its cost."""
    return card_gain(hand, kind) - COST[kind]
