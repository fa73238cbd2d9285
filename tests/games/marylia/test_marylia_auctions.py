"""Auctions: who may join, sealed bids, the reveal, ties and the kept action."""

from __future__ import annotations

import random

import attrs
import pytest
from marylia_positions import (
    DIAMOND,
    acquirer_for,
    card_named,
    cards,
    mercenary,
    play,
    set_city,
    set_seat,
    started,
)

from gemtable.engine import SPECTATOR, IllegalAction
from gemtable.engine.games.marylia.components import COST, RING_SAME, RING_SYMBOL
from gemtable.engine.games.marylia.state import ACT, BID, JOIN, SEALED, Item


def _purchase(players: int = 4) -> tuple:
    """Seat 0 active in city 1 with a diamond for sale; everyone stands there."""
    state = started(players)
    state = attrs.evolve(state, current=0, first=0)
    state = set_city(state, 0, card_named("Courier"), DIAMOND)
    for seat in range(players):
        state = set_seat(state, seat, coins=20, city=0)
    return state


def test_a_purchase_auction_is_offered_to_the_merchants_in_the_city():
    state = _purchase(4)
    state = set_seat(state, 2, city=5)  # elsewhere: not asked
    state = set_seat(state, 3, coins=0)  # penniless: cannot pay to join, not asked
    state = play(state, "buy")
    assert state.step == JOIN and state.auction.asking == (1,)
    assert state.to_move == 1 and set(map(str, state.legal_actions())) == {"join", "pass"}
    state = play(state, "join")
    assert state.seats[1].coins == 19 and state.step == BID and state.to_move == 0


def test_nobody_joining_lets_the_purchase_go_ahead_at_cost():
    state = _purchase(3)
    state = play(state, "buy", "pass", "pass")
    assert state.step == ACT and state.actions_left == 2
    assert state.seats[0].coins == 20 - COST[DIAMOND] and state.seats[0].hand[DIAMOND] >= 1


def test_the_highest_sealed_bid_wins_and_pays_only_its_bid():
    state = _purchase(3)
    state = play(state, "buy", "join", "join", "bid 2", "bid 5", "bid 4")
    assert state.last_auction == ((0, 2), (1, 5), (2, 4))
    assert state.seats[1].coins == 20 - 1 - 5  # joining coin plus its bid, below the cost
    assert state.seats[2].coins == 19  # the loser keeps its bid
    assert state.seats[1].hand[DIAMOND] >= 1 and state.resources[0] == -1
    # The outbid active player keeps the action.
    assert state.current == 0 and state.actions_left == 3 and state.step == ACT


def test_ties_go_to_the_active_player_then_the_nearest_clockwise():
    state = _purchase(4)
    won = play(state, "buy", "join", "join", "join", "bid 3", "bid 3", "bid 3", "bid 3")
    assert won.seats[0].coins == 17 and won.actions_left == 2
    assert won.last_auction_winner == 0
    state = attrs.evolve(_purchase(4), current=1)
    state = play(state, "buy", "join", "join", "join", "bid 1", "bid 6", "bid 2", "bid 6")
    # Bidders in order 1, 2, 3, 0: seats 2 and 0 tie on 6 and seat 2 is nearer seat 1.
    assert state.last_auction[1] == (2, 6) and state.last_auction_winner == 2
    assert state.seats[2].coins == 20 - 1 - 6
    # Every view says so too, and so does the log line of the reveal.
    assert state.view(SPECTATOR).last_auction_winner == 2
    before = play(attrs.evolve(_purchase(4), current=1), "buy", "join", "join", "join",
                  "bid 1", "bid 6", "bid 2")
    assert before.describe(before.parse_action("bid 6"), state).startswith(
        "commits a sealed bid; Seat 3 wins; ")


def test_no_auction_has_no_winner():
    assert _purchase(2).last_auction_winner is None


def test_bids_above_your_coins_are_refused():
    state = _purchase(2)
    state = set_seat(state, 1, coins=4)
    state = play(state, "buy", "join", "bid 0")
    with pytest.raises(IllegalAction, match=r"up to the coins you hold \(3\)"):
        state.apply(state.parse_action("bid 4"))


def test_a_committed_bid_is_sealed_from_every_other_seat():
    base = play(_purchase(3), "buy", "join", "join")
    low, high = play(base, "bid 2"), play(base, "bid 9")
    assert low != high
    for seat in (1, 2):
        assert low.view(seat) == high.view(seat)
        assert low.view(seat).auction.bids[0] == SEALED
        a = low.view(seat).determinize(random.Random(3))
        b = high.view(seat).determinize(random.Random(3))
        assert a == b
    assert low.view(SPECTATOR) == high.view(SPECTATOR)
    assert low.view(0) != high.view(0) and low.view(0).auction.bids[0] == 2
    line = base.describe(base.parse_action("bid 9"), high)
    assert "9" not in line and "sealed" in line
    assert not base.reveals(base.parse_action("bid 9"))
    # The last bid reveals them all, in the log too.
    second = play(high, "bid 1")
    assert not high.reveals(high.parse_action("bid 1")) and second.reveals(second.parse_action("bid 0"))
    line = second.describe(second.parse_action("bid 0"), play(second, "bid 0"))
    assert line == ("commits a sealed bid; Seat 1 wins; bids revealed: Seat 1 bid 9, "
                    "Seat 2 bid 1, Seat 3 bid 0")


def test_a_sale_auction_lets_the_winner_sell_their_own_item():
    state = started(2)
    state = attrs.evolve(state, current=0, first=0, round=3)
    ring0 = Item(RING_SAME, cards("gddd"), 1)
    ring1 = Item(RING_SAME, cards("gzzz"), 1)
    state = set_seat(state, 0, coins=20, city=0, items=(ring0,))
    state = set_seat(state, 1, coins=20, city=0, items=(ring1,))
    state = set_city(state, 0, acquirer_for(RING_SYMBOL), -1, coins=4)
    state = play(state, "sell 1")
    assert state.step == JOIN and [str(a) for a in state.legal_actions()] == ["join 1", "pass"]
    state = play(state, "join 1", "bid 3", "bid 7")
    assert state.seats[1].coins == 20 - 1 - 7 + ring1.value + 4
    assert state.seats[1].items == () and state.seats[0].items == (ring0,)
    assert state.characters[0] == -1 and state.actions_left == 3


def test_every_view_tells_whether_an_event_came_after_the_latest_auction():
    """The count of events drawn is kept with the revealed bids, so a board can
    say from the view alone which of the two came last."""
    state = attrs.evolve(_purchase(3), events_drawn=2)  # two events before this auction
    state = play(state, "buy", "join", "join", "bid 2", "bid 5", "bid 4")
    assert state.events_at_auction == state.events_drawn == 2
    state = set_city(state, 0, mercenary("herald"))
    after = play(state, "interact")  # the Herald draws an event
    for seat in (SPECTATOR, 0, 1, 2):
        view = after.view(seat)
        assert view.events_at_auction == 2 and view.events_drawn == 3
        assert view.determinize(random.Random(1)).events_at_auction == 2
