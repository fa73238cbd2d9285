"""The Workbench manufacturing phase, tools, commissions and rounds, on hand-built positions.

Cards used (data/jewels.csv): RR1 rose ring RG, WB2 white bracelet BBB,
YE1 yellow earrings RR, WR1 white ring GG, RP1 rose pendant YYY,
YP2 yellow pendant BBYG, WB3 white bracelet RRBY, RP3 rose pendant BBBG.
"""

from __future__ import annotations

import random

import pytest
from workbench_positions import card, dice, loupe_die_on, making, play, seat, texts

from gemtable.engine import CHANCE, IllegalAction
from gemtable.engine.games.workbench import GAME, components, scoring
from gemtable.engine.games.workbench.state import MAKE, MOVE, OVER, ROLL

SHOWCASE = ("RR1", "WB2", "YE1", "WR1", "RP1")


def test_dice_go_on_open_gems_of_their_colour_on_one_card():
    state = making(seat("RB"), seat("Y"), showcase=SHOWCASE)
    assert texts(state) == ["put 1 R", "put 2 B", "put 3 R"]
    with pytest.raises(IllegalAction, match="slot 1 has 0 open sapphire"):
        play(state, "put 1 RB")
    with pytest.raises(IllegalAction, match="you hold 1 red die, not 2"):
        play(state, "put 3 RR")
    state = play(state, "put 2 B")
    assert state.missing[1] == (0, 2, 0, 0)
    assert state.seats[0].held == dice("R")
    assert state.current == 1 and state.step == MAKE


def test_several_dice_may_go_on_one_card_or_only_some():
    state = making(seat("RRG"), seat(), showcase=SHOWCASE)
    assert texts(state) == ["put 1 G", "put 1 R", "put 1 RG", "put 3 R", "put 3 RR", "put 4 G"]


def test_covering_the_last_gem_takes_the_card_and_frees_its_dice():
    state = making(seat("R"), seat("G"), showcase=SHOWCASE, covered={2: "R"})
    reserve = state.reserve
    state = play(state, "put 3 R")
    assert state.seats[0].finished == (card("YE1"),)
    assert state.showcase[2] == components.EMPTY and state.missing[2] == (0, 0, 0, 0)
    assert state.reserve[0] == reserve[0] + 2, "both red dice, also the one placed earlier"


def test_turns_skip_players_without_dice():
    state = making(seat("RG"), seat("B"), seat(), showcase=SHOWCASE)
    state = play(state, "put 1 R")
    assert state.current == 1
    state = play(state, "put 2 B")
    assert state.current == 0, "seat 3 holds nothing and is skipped"


def test_dice_stay_on_unfinished_cards_into_the_next_round_and_the_showcase_refills():
    state = making(seat("R"), seat(), showcase=SHOWCASE, covered={1: "B"},
                   deck=("WP4", "WP3"), initiative=1, current=0)
    state = play(state, "put 1 R")
    assert state.missing[0] == (0, 0, 0, 1)
    state = making(seat("G"), seat(), showcase=SHOWCASE, covered={0: "R", 1: "B"},
                   deck=("WP4", "WP3"), initiative=1)
    state = play(state, "put 1 G")
    assert state.round == 1 and state.step == ROLL and state.to_move is CHANCE
    assert state.showcase[0] == card("WP3"), "the empty slot is refilled from the deck top"
    assert state.missing[1] == (0, 2, 0, 0), "the blue die stays on the bracelet"
    assert state.deck == (card("WP4"),)
    assert state.initiative == 0, "the Initiative Gem passes to the left"


def test_forced_placement_before_discarding():
    state = making(seat("RB"), seat("Y"), showcase=("RR1", "YE1", "WR1", "RP1", "WR2"))
    assert "discard" not in texts(state) and not any(t.startswith("store") for t in texts(state))
    with pytest.raises(IllegalAction, match="place it before discarding"):
        play(state, "discard")
    state = play(state, "put 1 R", "put 4 Y")
    assert state.current == 0 and texts(state) == [
        "store B crucible", "store B cloth", "store B loupe", "store B burin", "discard",
    ]
    state = play(state, "discard")
    assert state.seats[0].held == (0, 0, 0, 0)
    assert state.round == 1 and state.pending == (2, 2, 2, 2), "the round ended; dice all back"


def test_the_last_die_may_be_stored_even_when_it_fits():
    state = making(seat("Y"), seat(), showcase=SHOWCASE)
    assert texts(state) == ["put 5 Y", "store Y crucible", "store Y cloth", "store Y loupe",
                            "store Y burin"]
    state = play(state, "store Y loupe")
    assert state.seats[0].tools == (-1, -1, components.LETTERS.index("Y"), -1)
    assert state.seats[0].held == (0, 0, 0, 0)


def test_storing_needs_an_empty_slot_and_a_single_die_unless_nothing_fits():
    state = making(seat("RY", tools={"crucible": "B"}), seat(), showcase=SHOWCASE)
    with pytest.raises(IllegalAction, match="only your last die may be stored"):
        play(state, "store Y cloth")
    state = making(seat("BB", tools={"crucible": "B"}), seat("Y"),
                   showcase=("RR1", "YE1", "WR1", "RP1", "WR2"))
    assert "store B crucible" not in texts(state)
    with pytest.raises(IllegalAction, match="Crucible already holds a die"):
        play(state, "store B crucible")
    reserve = state.reserve
    state = play(state, "store B burin")
    assert state.seats[0].tools == (1, -1, -1, 1)
    assert state.reserve[1] == reserve[1] + 1, "the other blue die is discarded"


def test_loupe_die_is_wild_and_returns_with_the_card():
    # The rulebook's example: two blue dice and a yellow Loupe die finish a
    # card that lacks two sapphires and an emerald.
    state = making(seat("BB", tools={"loupe": "Y"}), seat("R"),
                   showcase=("YP2", "RR1", "YE1", "WR1", "RP1"), covered={0: "Y"})
    assert "put 1 BB loupe:G" in texts(state)
    reserve = state.reserve
    state = play(state, "put 1 BB loupe:G")
    assert state.seats[0].finished == (card("YP2"),)
    assert state.seats[0].tools[components.LOUPE] == -1
    back = tuple(a - b for a, b in zip(state.reserve, reserve, strict=True))
    assert back == dice("BBYY"), "the Loupe die is yellow whatever gem it covered"


def test_a_loupe_die_on_an_unfinished_card_keeps_its_own_colour():
    state = making(seat("R", tools={"loupe": "Y"}), seat(), showcase=SHOWCASE)
    state = play(state, "put 4 loupe:G")
    assert state.missing[3] == (0, 0, 0, 1) and state.strays[3] == ((3, 2),)
    assert state.component_counts()["Y dice"] == 10 and state.component_counts()["G dice"] == 10
    assert state.seats[0].held == dice("R"), "a placement may use tool dice only"


def test_burin_die_places_as_its_colour_then_moves_a_showcase_die():
    # The rulebook's example: the Burin die and a green die take a card, then
    # one die moves from a card nobody will finish to another card.
    state = making(seat("G", tools={"burin": "R"}), seat(),
                   showcase=("RR1", "WB3", "RP3", "WR1", "RP1"), covered={1: "RBY"})
    state = play(state, "put 1 G burin")
    assert state.seats[0].finished == (card("RR1"),)
    assert state.step == MOVE and state.current == 0
    assert "move 2 3 B" in texts(state) and texts(state)[-1] == "pass"
    state = play(state, "move 2 3 B")
    assert state.missing[1] == (1, 1, 0, 0) and state.missing[2] == (0, 2, 0, 1)
    assert state.step != MOVE and state.turns == 1


def test_a_burin_move_that_completes_a_card_gives_it_to_the_mover():
    state = making(seat("Y", tools={"burin": "Y"}), seat("R"),
                   showcase=("RR1", "WB3", "RP3", "WR1", "RP1"), covered={1: "RRB", 2: "BBG"})
    state = play(state, "put 5 Y burin", "move 2 3 B")
    assert state.seats[0].finished == (card("RP3"),)
    assert state.showcase[2] == components.EMPTY
    assert state.current == 1


def test_burin_may_move_a_loupe_die_only_to_its_own_colour():
    state = making(seat("B", tools={"burin": "B"}), seat("R"),
                   showcase=("RR1", "WB3", "RP3", "WR1", "RP1"), covered={3: "G"})
    state = loupe_die_on(state, slot=3, gem=3, die=2)
    state = play(state, "put 3 B burin")
    assert "move 4 5 Y/G" in texts(state) and "move 4 1 Y/G" not in texts(state)
    state = play(state, "move 4 5 Y/G")
    assert state.missing[3] == (0, 0, 0, 2) and state.strays[3] == ()
    assert state.missing[4] == (0, 0, 2, 0)
    assert state.component_counts()["Y dice"] == 10


def test_a_burin_with_nothing_to_move_ends_the_turn():
    state = making(seat("G", tools={"burin": "R"}), seat("B"), showcase=SHOWCASE)
    state = play(state, "put 1 G burin")
    assert state.step == MAKE and state.current == 1


def test_commissions_are_claimed_the_moment_they_are_met():
    state = making(seat("RG", finished=("WR2", "YR1")), seat("R", finished=("WR3", "YR2")),
                   showcase=SHOWCASE, commissions=("rings", "emeralds", "rubies"))
    state = play(state, "put 1 RG")
    assert state.seats[0].commissions == (components.commission("rings"),)
    assert state.commissions == (components.commission("emeralds"), components.commission("rubies"))
    assert scoring.total(state, 0) == 2 + 2 + 2 + 5


def test_a_commission_already_claimed_is_not_claimed_again():
    state = making(seat(finished=("WR2", "YR1", "RR2"), commissions=("rings",)),
                   seat("RG", finished=("WR3", "YR2")), showcase=SHOWCASE, current=1,
                   commissions=())
    state = play(state, "put 1 RG")
    assert state.seats[1].commissions == ()


def test_the_game_ends_after_the_last_round():
    before = making(seat("R"), seat(), showcase=SHOWCASE, covered={0: "G"}, round=9,
                    initiative=1, deck=("WP4", "WP3"))
    state = play(before, "put 1 R")
    assert state.step == OVER and state.is_over and state.to_move is None
    # the last round is not tidied up: no refill, the Initiative stays put
    assert state.seats[0].finished == (card("RR1"),), "the last put finished RR1 (RG)"
    assert state.showcase == (-1,) + before.showcase[1:] and state.deck == before.deck
    assert state.initiative == 1
    assert state.legal_actions() == ()
    assert state.round == 10
    with pytest.raises(IllegalAction, match="game is over"):
        play(state, "pass")


@pytest.mark.parametrize(("players", "variant", "rounds"), [
    (2, "standard", 10), (3, "standard", 9), (4, "standard", 8),
    (2, "introductory", 6), (3, "introductory", 6), (4, "introductory", 4),
])
def test_round_count_and_initiative_rotation(players, variant, rounds):
    state = GAME.new(players, seed=2, variant=variant)
    holders = []
    rng = random.Random(2)
    while not state.is_over:
        starting = state.step == ROLL and not any(state.tray)
        if starting and (not holders or holders[-1][0] != state.round):
            holders.append((state.round, state.initiative))
        state = state.apply(state.sample_chance(rng) if state.to_move is CHANCE
                            else rng.choice(state.legal_actions()))
    assert state.round == rounds
    assert [seat for _, seat in holders] == [r % players for r in range(rounds)]
