"""Marylia bots: the sealed bid stays sealed through views and search, and the
bidding policy pays little above the runner-up."""

from __future__ import annotations

import random

import attrs

from gemtable.ai import make_bot
from gemtable.ai.heuristics import Heuristic, heuristic_for
from gemtable.ai.heuristics.marylia_bidding import choose_bid, prize_value
from gemtable.ai.match import play_match
from gemtable.ai.mcts import MctsBot
from gemtable.engine import registry
from gemtable.engine.games.marylia import GAME
from gemtable.engine.games.marylia.actions import Bid, Join, Pass
from gemtable.engine.games.marylia.components import COST, ENCOUNTER_NAME
from gemtable.engine.games.marylia.state import ACT, BID, MaryliaState


def _auction(players: int = 3) -> MaryliaState:
    """Seat 0 buys a diamond with every merchant in city 1; all have joined."""
    state = GAME.new(players, seed=4)
    while state.step != ACT:
        state = state.apply(state.parse_action("start 1"))
    courier = ENCOUNTER_NAME.index("Courier")
    deck = list(state.encounter_deck)
    chars = list(state.characters)
    if courier in deck:
        deck.remove(courier)
        deck.insert(0, chars[0])
        chars[0] = courier
    res = list(state.resource_deck)
    res.remove(7)
    old = state.resources[0]
    resources = list(state.resources)
    resources[0] = 7
    if old >= 0:
        res.insert(0, old)
    coins = list(state.character_coins)
    bank = state.bank + coins[0]
    coins[0] = 0
    treasure = list(state.treasure)
    res[:0] = [t for t in range(8) for _ in range(treasure[0][t])]
    treasure[0] = (0,) * 8
    state = attrs.evolve(state, current=0, first=0, characters=tuple(chars),
                         encounter_deck=tuple(deck), resource_deck=tuple(res),
                         resources=tuple(resources), character_coins=tuple(coins),
                         treasure=tuple(treasure), bank=bank)
    state = state.apply(state.parse_action("buy"))
    for _ in range(players - 1):
        state = state.apply(state.parse_action("join"))
    assert state.step == BID
    return state


def test_a_committed_bid_changes_no_other_seats_view_sample_or_search():
    base = _auction(3)
    low = base.apply(Bid(1))
    high = base.apply(Bid(12))
    assert low != high and low.component_counts() == high.component_counts()
    heuristic = heuristic_for("marylia")
    for seat in (1, 2):
        a, b = low.view(seat), high.view(seat)
        assert a == b and hash(a) == hash(b)
        assert a.determinize(random.Random(7)) == b.determinize(random.Random(7))
        mcts = make_bot("mcts:40", game_id="marylia", seed=3)
        if a.to_move == seat:
            assert mcts.choose(a) == make_bot("mcts:40", game_id="marylia", seed=3).choose(b)
        # The search itself, from either view, grows the very same tree.
        bot = MctsBot(heuristic, seed=5, iterations=60)
        tree_a = bot.search(a, random.Random(11))
        tree_b = MctsBot(heuristic, seed=5, iterations=60).search(b, random.Random(11))
        assert {k: v.visits for k, v in tree_a.children.items()} == {
            k: v.visits for k, v in tree_b.children.items()}


def test_greedy_and_mcts_bid_from_the_policy_within_their_coins():
    state = _auction(2)
    view = state.view(0)
    for kind in ("greedy", "mcts:30"):
        action = make_bot(kind, game_id="marylia", seed=1).choose(view)
        assert isinstance(action, Bid) and 0 <= action.amount <= state.seats[0].coins
    state = state.apply(Bid(0))
    view = state.view(1)
    action = make_bot("greedy", game_id="marylia", seed=1).choose(view)
    assert isinstance(action, Bid) and action.amount <= state.seats[1].coins


def test_the_policy_bids_one_over_the_rival_estimate_and_never_over_its_value():
    state = _auction(2)
    auction = state.auction
    value = prize_value(state, auction, 0)
    amount = choose_bid(state, auction, 0)
    if value > COST[7] + 1:
        assert amount == COST[7] + 2
    else:
        assert amount <= value
    poor = attrs.evolve(state, seats=(attrs.evolve(state.seats[0], coins=3),) + state.seats[1:])
    assert choose_bid(poor, poor.auction, 0) <= 3


def test_other_games_have_no_policy_moves():
    assert Heuristic().policy_action(GAME.new(2, seed=1)) is None
    assert heuristic_for("jowhari").policy_action(registry.get("jowhari").new(2, 1)) is None


def test_greedy_plays_whole_games_joining_and_passing():
    seen = set()
    for seed in range(2):
        result = play_match("marylia", ["greedy", "greedy", "greedy"], seed=seed)
        assert result.final.is_over
        seen.update(type(a) for a in result.actions)
    assert Pass in seen or Join in seen
