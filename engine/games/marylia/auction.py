"""Auctions: joining (1 coin), sealed bids, the reveal and the tie-break.

When the active player buys, or sells to an Acquirer, in a city where other
merchants stand, each of them who could take part is asked in clockwise order
whether they join (paying 1 coin to the bank). If anyone joins, every bidder
(the active player first, then the joiners clockwise) commits a sealed bid of
0 up to the coins they hold. When the last bid is in, all are revealed: the
highest wins, ties going to the earliest bidder in that order (the active
player, then the nearest clockwise). Only the winner pays their bid. The
active player's action is spent only if they win.
"""

from __future__ import annotations

from .actions import Join, Pass
from .components import COST, TYPES
from .state import ACT, BID, BUY_AUCTION, JOIN, JOINING_COST, NO_BID, Auction, Seat, winning_bid
from .table import Table
from .turns import spend


def open_auction(table: Table, kind: int, item: int, asking: tuple[int, ...]) -> bool:
    """Start an auction for the active player's purchase or sale if some
    merchant of the city may join (`asking`, from rules.joiners, clockwise);
    False (no auction) otherwise."""
    if not asking:
        return False
    me = table.current
    table.auction = Auction(kind, (me,), (item,), asking, (NO_BID,))
    table.step = JOIN
    return True


def answer(table: Table, action: Join | Pass) -> None:
    """The asked seat joins (paying 1 coin) or passes."""
    auction = table.auction
    assert auction is not None
    seat = auction.asking[0]
    bidders, items, bids = auction.bidders, auction.items, auction.bids
    if isinstance(action, Join):
        table.pay(seat, JOINING_COST)
        bidders, items, bids = bidders + (seat,), items + (action.item,), bids + (NO_BID,)
    asking = auction.asking[1:]
    table.auction = Auction(auction.kind, bidders, items, asking, bids)
    if asking:
        return
    if len(bidders) > 1:
        table.step = BID
        return
    # Nobody joined: the active player's action happens as it would have.
    table.auction = None
    if auction.kind == BUY_AUCTION:
        buy(table, table.current, COST[table.resources[table.seats[table.current].city]])
    else:
        sell_item(table, table.current, auction.items[0])
    spend(table)


def commit(table: Table, amount: int) -> None:
    """The next bidder commits `amount`; the last commitment reveals and settles."""
    auction = table.auction
    assert auction is not None
    index = auction.bids.index(NO_BID)
    bids = auction.bids[:index] + (amount,) + auction.bids[index + 1:]
    if NO_BID in bids:
        table.auction = Auction(auction.kind, auction.bidders, auction.items, (), bids)
        return
    winner_index = winning_bid(bids)
    best = bids[winner_index]
    winner = auction.bidders[winner_index]
    table.last_auction = tuple(zip(auction.bidders, bids, strict=True))
    table.events_at_auction = table.events_drawn
    table.auction = None
    if auction.kind == BUY_AUCTION:
        buy(table, winner, best)
    else:
        table.pay(winner, best)
        sell_item(table, winner, auction.items[winner_index])
    if winner == table.current:
        spend(table)
    else:
        table.step = ACT  # the outbid active player keeps the action


def buy(table: Table, seat: int, price: int) -> None:
    """`seat` pays `price` and takes the resource card of the active player's city."""
    city = table.seats[table.current].city
    kind = table.resources[city]
    table.pay(seat, price)
    cards = [0] * TYPES
    cards[kind] = 1
    table.add_cards(seat, tuple(cards))
    table.resources[city] = -1


def sell_item(table: Table, seat: int, index: int) -> None:
    """`seat` sells its item `index` to the Acquirer of the active player's city:
    market value from the bank, plus the coins on the Acquirer, which is discarded."""
    city = table.seats[table.current].city
    s = table.seats[seat]
    item = s.items[index]
    table.seats[seat] = Seat(s.coins, s.city, s.hand, s.held, s.items[:index] + s.items[index + 1:])
    table.discard_resources(item.parts)
    table.gain(seat, item.value)
    table.remove_character(city, seat)
