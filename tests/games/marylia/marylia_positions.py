"""Hand-built Marylia positions for the rules tests."""

from __future__ import annotations

import attrs

from gemtable.engine.games.marylia import GAME, MaryliaState, Seat
from gemtable.engine.games.marylia.components import (
    ABILITY,
    EMPTY,
    ENCOUNTER_NAME,
    IS_ACQUIRER,
    LETTERS,
    NO_CARDS,
    RESOURCES,
    SYMBOLS,
)
from gemtable.engine.games.marylia.state import ACT

GOLD, AMETHYST, TURQUOISE, TOPAZ, EMERALD, SAPPHIRE, RUBY, DIAMOND = range(8)


def cards(text: str) -> tuple[int, ...]:
    """Counts per type from letters: cards("gddd") is one gold and three diamonds."""
    return tuple(text.count(letter) for letter in LETTERS)


def card_named(name: str, nth: int = 0) -> int:
    """The nth encounter card with this name."""
    return [i for i, n in enumerate(ENCOUNTER_NAME) if n == name][nth]


def acquirer_for(symbol: int, nth: int = 0) -> int:
    """The nth Acquirer card that buys `symbol`."""
    return [i for i, s in enumerate(SYMBOLS) if IS_ACQUIRER[i] and symbol in s][nth]


def mercenary(ability: str) -> int:
    return next(i for i, a in enumerate(ABILITY) if a == ability)


def started(players: int = 3, seed: int = 1) -> MaryliaState:
    """A new game with every merchant placed in city 1, first player to act."""
    state = GAME.new(players, seed=seed)
    while state.step != ACT:
        state = state.apply(state.parse_action("start 1"))
    return state


def set_seat(state: MaryliaState, seat: int, **changes: object) -> MaryliaState:
    s = state.seats[seat]
    if "hand" in changes and "held" not in changes:
        changes["held"] = sum(changes["hand"])  # type: ignore[arg-type]
    seats = list(state.seats)
    seats[seat] = attrs.evolve(s, **changes)
    return attrs.evolve(state, seats=tuple(seats))


def set_city(state: MaryliaState, city: int, character: int = EMPTY, resource: int = EMPTY,
             coins: int = 0) -> MaryliaState:
    """Put these cards in `city`, taking them out of wherever they were so that
    the table's components stay the same (old city cards go to the decks)."""
    enc = list(state.encounter_deck)
    old = state.characters[city]
    if old >= 0:
        enc.insert(0, old)
    if character >= 0:
        if character in enc:
            enc.remove(character)
        elif character in state.characters:
            raise ValueError("that character is in another city")
    res = list(state.resource_deck)
    if state.resources[city] >= 0:
        res.insert(0, state.resources[city])
    if resource >= 0:
        res.remove(resource)
    chars = list(state.characters)
    chars[city] = character
    coins_on = list(state.character_coins)
    bank = state.bank + coins_on[city] - coins
    coins_on[city] = coins
    resources = list(state.resources)
    resources[city] = resource
    treasure = list(state.treasure)
    res.extend(t for t in range(8) for _ in range(treasure[city][t]))
    treasure[city] = NO_CARDS
    return attrs.evolve(
        state, characters=tuple(chars), character_coins=tuple(coins_on),
        resources=tuple(resources), treasure=tuple(treasure), encounter_deck=tuple(enc),
        resource_deck=tuple(res), bank=bank,
    )


def give(state: MaryliaState, seat: int, text: str) -> MaryliaState:
    """Move the cards named by `text` from the resource deck into `seat`'s hand."""
    deck = list(state.resource_deck)
    for letter in text:
        deck.remove(LETTERS.index(letter))
    s = state.seats[seat]
    add = cards(text)
    hand = tuple(a + b for a, b in zip(s.hand, add, strict=True))
    state = set_seat(state, seat, hand=hand)
    return attrs.evolve(state, resource_deck=tuple(deck))


def set_hand(state: MaryliaState, seat: int, text: str) -> MaryliaState:
    """`seat`'s hand becomes exactly `text`: its old cards go under the deck."""
    old = state.seats[seat].hand
    deck = [t for t in range(8) for _ in range(old[t])] + list(state.resource_deck)
    state = attrs.evolve(set_seat(state, seat, hand=NO_CARDS), resource_deck=tuple(deck))
    return give(state, seat, text)


def play(state: MaryliaState, *texts: str) -> MaryliaState:
    for text in texts:
        state = state.apply(state.parse_action(text))
    return state


__all__ = ["RESOURCES", "Seat", "card_named", "cards", "give", "mercenary", "play",
           "set_city", "set_hand", "set_seat", "started", "acquirer_for"]
