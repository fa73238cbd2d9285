"""How Marylia bots join auctions and bid, from their own seat's knowledge only.

A bidder values the prize in coins:

- purchase: how much its hand's worth rises with the card (`card_gain`);
- sale: the sale price (value plus the Acquirer's coins) less what the item
  is worth unsold, which is what it keeps on losing.

It never reads another seat's hand or committed bid. Rivals' values it
estimates from public facts: for a purchase, the card's bank cost plus one
(the active player was ready to pay the cost; a joiner paid a coin to join);
for a sale, the same sale formula applied to the rival's declared item.
Then it bids one coin over the best rival estimate when its own value is
higher, which wins without paying far above the runner-up, and a low try
(a third of its value) when it expects to lose. It joins only when its
value beats the rivals' by more than the joining coin.
"""

from __future__ import annotations

from gemtable.engine.games.marylia.actions import PASS, Action, bid, join
from gemtable.engine.games.marylia.components import COST
from gemtable.engine.games.marylia.rules import sellable_items
from gemtable.engine.games.marylia.state import (
    BID,
    BUY_AUCTION,
    JOIN,
    Auction,
    MaryliaState,
)

from .marylia_hand import UNSOLD, card_gain

LOW_TRY = 1 / 3
"""Share of its own value a bidder offers when it expects to be outbid."""
JOIN_MARGIN = 2.0
"""Coins a joiner's value must beat the rivals' by: the joining coin and some."""


def policy_action(state: MaryliaState) -> Action | None:
    """The join or bid of the seat to move, or None outside auctions."""
    step = state.step
    if step == BID:
        auction = state.auction
        assert auction is not None
        seat = auction.bidding
        assert seat is not None
        return bid(choose_bid(state, auction, seat))
    if step == JOIN:
        auction = state.auction
        assert auction is not None
        return choose_join(state, auction, auction.asking[0])
    return None


def _sale_value(state: MaryliaState, seat: int, item_index: int) -> float:
    item = state.seats[seat].items[item_index]
    city = state.seats[state.current].city
    return item.value + state.character_coins[city] - UNSOLD * item.value


def prize_value(state: MaryliaState, auction: Auction, seat: int) -> float:
    """What winning is worth to `seat`, from its own hand and public facts."""
    if auction.kind == BUY_AUCTION:
        kind = state.resources[state.seats[state.current].city]
        hand = state.seats[seat].hand
        if hand[0] < 0:  # not this seat's own view: fall back on the public estimate
            return COST[kind] + 1.0
        return card_gain(hand, kind)
    return _sale_value(state, seat, auction.items[auction.bidders.index(seat)])


def rival_estimate(state: MaryliaState, auction: Auction, seat: int) -> float:
    """The highest value another bidder is expected to put on the prize."""
    rivals = [s for s in auction.bidders if s != seat]
    if auction.kind == BUY_AUCTION:
        kind = state.resources[state.seats[state.current].city]
        return COST[kind] + 1.0 if rivals else 0.0
    return max((_sale_value(state, s, auction.items[auction.bidders.index(s)])
                for s in rivals), default=0.0)


def choose_bid(state: MaryliaState, auction: Auction, seat: int) -> int:
    coins = state.seats[seat].coins
    mine = prize_value(state, auction, seat)
    rival = rival_estimate(state, auction, seat)
    if mine > rival:
        amount = int(rival) + 1
        if amount > mine:
            amount = int(mine)
    else:
        amount = int(mine * LOW_TRY)
    return max(0, min(coins, amount))


def choose_join(state: MaryliaState, auction: Auction, seat: int) -> Action:
    coins = state.seats[seat].coins
    if coins < 2:
        return PASS
    city = state.seats[state.current].city
    if auction.kind == BUY_AUCTION:
        kind = state.resources[city]
        hand = state.seats[seat].hand
        if hand[0] < 0:
            return PASS
        mine = card_gain(hand, kind)
        rival = COST[kind] + 1.0
        if mine > rival + JOIN_MARGIN and coins > rival + 2:
            return join(-1)
        return PASS
    active = _sale_value(state, state.current, auction.items[0])
    best_index, best = -1, 0.0
    for index in sellable_items(state, seat, city):
        value = _sale_value(state, seat, index)
        if value > best:
            best_index, best = index, value
    if best_index >= 0 and best > active + JOIN_MARGIN and coins > active + 2:
        return join(best_index)
    return PASS


__all__ = ["choose_bid", "choose_join", "policy_action", "prize_value"]
