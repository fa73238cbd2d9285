"""Workbench moves in the log: a placement says which dice went where, tool
dice included, and a card goes by what a player sees (metal, piece, gems),
never by its code in data/jewels.csv.

Cards used: RR1 rose ring RG, WB2 white bracelet BBB, YE1 yellow earrings RR,
WR1 white ring GG, RP1 rose pendant YYY, YP2 yellow pendant BBYG.
"""

from __future__ import annotations

from workbench_positions import making, play, seat

from gemtable.engine.games.workbench import components

SHOWCASE = ("RR1", "WB2", "YE1", "WR1", "RP1")


def _told(state, text: str) -> str:
    action = state.parse_action(text)
    return state.describe(action, play(state, text))


def test_a_placement_of_the_loupe_die_alone_says_so():
    # A placement may be tool dice alone (ruling 5): never "put no dice on slot 4".
    state = making(seat("R", tools={"loupe": "Y"}), seat(), showcase=SHOWCASE)
    assert _told(state, "put 4 loupe:G") == \
        "put the Loupe die as an emerald on slot 4, the white ring of 2 gems"


def test_a_placement_of_the_burin_die_alone_names_its_colour():
    state = making(seat("R", tools={"burin": "G"}), seat(), showcase=SHOWCASE)
    assert _told(state, "put 4 burin") == \
        "put the green Burin die on slot 4, the white ring of 2 gems"


def test_held_dice_with_the_loupe_die_finishing_a_card():
    state = making(seat("BB", tools={"loupe": "Y"}), seat("R"),
                   showcase=("YP2", "RR1", "YE1", "WR1", "RP1"), covered={0: "Y"})
    assert _told(state, "put 1 BB loupe:G") == ("put 2 blue dice on slot 1, the yellow pendant "
                                                "of 4 gems, with the Loupe die as an emerald, "
                                                "and finished it")


def test_dice_of_several_colours_are_counted_per_colour():
    state = making(seat("RRG"), seat(), showcase=SHOWCASE)
    assert _told(state, "put 1 RG") == "put a red die and a green die on slot 1, " \
        "the rose ring of 2 gems, and finished it"


def test_no_card_code_reaches_the_log():
    state = making(seat("RRG"), seat(), showcase=SHOWCASE)
    for action in state.legal_actions():
        told = state.describe(action, state.apply(action))
        assert not set(told.replace(",", " ").split()) & set(components.CODE), told
