"""Forging single gems and jewels, selling to Acquirers, fighting Monsters, wealth."""

from __future__ import annotations

import attrs
import pytest
from marylia_positions import (
    DIAMOND,
    RUBY,
    TOPAZ,
    acquirer_for,
    card_named,
    cards,
    play,
    set_city,
    set_hand,
    set_seat,
    started,
)

from gemtable.engine import IllegalAction
from gemtable.engine.games.marylia.actions import FORGE, parse
from gemtable.engine.games.marylia.components import (
    BRACELET_MIXED,
    BRACELET_SAME,
    BRACELET_SYMBOL,
    GEM,
    NECKLACE_MIXED,
    NECKLACE_SAME,
    NECKLACE_SYMBOL,
    RING_MIXED,
    RING_SAME,
    RING_SYMBOL,
    STRENGTH,
    item_value,
)
from gemtable.engine.games.marylia.recipes import forge_keys, recipe_of
from gemtable.engine.games.marylia.rules import forge_options, sellable_items
from gemtable.engine.games.marylia.scoring import item_label, wealth
from gemtable.engine.games.marylia.state import FIGHT, Item


def test_every_recipe_of_the_rulebook_is_recognised():
    assert recipe_of(cards("d")) == GEM
    assert recipe_of(cards("gaat")) == RING_MIXED
    assert recipe_of(cards("gddd")) == RING_SAME
    assert recipe_of(cards("gaatt")) == BRACELET_MIXED
    assert recipe_of(cards("grrrr")) == BRACELET_SAME
    assert recipe_of(cards("ggzzzee")) == NECKLACE_MIXED
    assert recipe_of(cards("ggsssss")) == NECKLACE_SAME
    # Gold alone, jewels without their gold or with too much, shapes of no recipe.
    for text in ("g", "gg", "aat", "gaa", "gaaaaa", "gggddd", "gaaazz", "ggaatt", "gaatz",
                 "ad"):
        assert recipe_of(cards(text)) is None, text


def test_the_rulebook_example_ring_of_three_diamonds_is_worth_36():
    assert item_value(RING_SAME, cards("gddd")) == 36
    # Identical recipes earn more than mixed ones of the same jewel.
    for mixed, same, a, b in ((RING_MIXED, RING_SAME, "gddz", "gddd"),
                              (BRACELET_MIXED, BRACELET_SAME, "gddzz", "gdddd"),
                              (NECKLACE_MIXED, NECKLACE_SAME, "ggdddzz", "ggddddd")):
        assert item_value(same, cards(b)) > item_value(mixed, cards(a))


def test_forge_options_match_the_hand():
    keys = forge_keys(cards("ggrrrzz"))
    recipes = {key[0] for key in keys}
    assert recipes == {GEM, RING_MIXED, RING_SAME, BRACELET_MIXED, NECKLACE_MIXED}
    assert forge_keys(cards("gggg")) == []
    for key in keys:  # each option's text names exactly its cards
        action = FORGE[key]
        assert parse(str(action)) is action and recipe_of(action.parts) == key[0]


def test_forged_items_lie_face_up_and_wait_a_round_before_selling():
    state = started(2)
    me = state.current
    state = set_seat(state, 1 - me, city=6)
    state = set_hand(state, me, "gddd")
    state = set_city(state, 0, acquirer_for(RING_SYMBOL), -1, coins=3)
    state = play(state, "forge gddd")
    item = state.seats[me].items[0]
    assert item.recipe == RING_SAME and item.value == 36 and state.seats[me].held == 0
    assert state.view(1 - me).seats[me].items == (item,)  # forged items are public
    with pytest.raises(IllegalAction, match="forged this round"):
        state.apply(state.parse_action("sell 1"))
    # A round later the Acquirer pays value plus its coins and leaves.
    later = attrs.evolve(state, round=state.round + 1)
    coins = later.seats[me].coins
    sold = play(later, "sell 1")
    assert sold.seats[me].coins == coins + 36 + 3
    assert sold.seats[me].items == () and sold.characters[0] == -1
    assert sold.resource_discard[DIAMOND] == 3
    assert sold.component_counts() == later.component_counts()


def test_acquirers_buy_only_what_their_symbols_show():
    state = started(2)
    me = state.current
    state = set_seat(state, 1 - me, city=6, items=())
    buyer = acquirer_for(NECKLACE_SYMBOL)
    state = set_city(state, 0, buyer, -1)
    ring = Item(RING_SAME, cards("gzzz"), 0)
    state = set_seat(state, me, items=(ring,))
    assert sellable_items(state, me, state.seats[me].city) == ()
    with pytest.raises(IllegalAction, match="buys only"):
        state.apply(state.parse_action("sell 1"))
    state = set_city(state, 0, acquirer_for(RING_SYMBOL), -1)
    assert sellable_items(state, me, state.seats[me].city) == (0,)
    assert BRACELET_SYMBOL != RING_SYMBOL


def test_a_monster_swallows_resources_and_pays_its_treasure_to_its_victor():
    state = started(2)
    me = state.current
    state = set_seat(state, 1 - me, city=6)
    troll = card_named("Troll")
    state = set_city(state, 0, troll, -1, coins=2)
    state = play(state, "wait")  # the resource drawn goes under the Troll
    assert state.resources[0] == -1 and sum(state.treasure[0]) == 1
    before = state
    state = play(state, "interact")
    assert state.step == FIGHT and state.seats[me].coins == before.seats[me].coins - 1
    lost = play(state, f"roll {STRENGTH[troll] - 1}")
    assert lost.characters[0] == troll and lost.actions_left == state.actions_left - 1
    assert lost.seats[me].held == state.seats[me].held
    won = play(state, f"roll {STRENGTH[troll]}")
    assert won.characters[0] == -1
    assert won.seats[me].coins == state.seats[me].coins + 2
    assert won.seats[me].held == state.seats[me].held + 1


def test_wealth_counts_half_of_each_unsold_item_rounded_down():
    state = started(3)
    state = set_seat(state, 0, coins=10, items=(Item(RING_SAME, cards("gddd"), 1),
                                                Item(GEM, cards("r"), 1)))
    state = set_seat(state, 1, coins=31, items=())
    state = set_seat(state, 2, coins=20, items=(Item(GEM, cards("z"), 1),))
    assert wealth(state, 0) == 10 + 18 + 3
    assert state.scores() == (31, 31, 22)
    assert state.ranking() == (1, 1, 3)
    lines = state.score_breakdown(0)
    assert lines[-1].value == 31 and lines[0].value == 10
    assert RUBY and TOPAZ


def test_forge_options_list_what_the_hand_makes_most_valuable_first():
    state = set_hand(started(2), 0, "gddda")
    options = forge_options(state, 0)
    assert [str(a) for a, _ in options][:2] == ["forge gddd", "forge gadd"]
    values = [value for _, value in options]
    assert values[0] == 36 and values == sorted(values, reverse=True)
    assert forge_options(state.view(1), 0) == ()
    assert item_label(RING_SAME, cards("gddd")) == "identical ring of 3 diamonds"
