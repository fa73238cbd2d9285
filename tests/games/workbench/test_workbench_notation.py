"""Workbench action text, explanations of illegal actions, and what views hide."""

from __future__ import annotations

import random

import pytest
from workbench_positions import designing, making, play, seat

from gemtable.engine import SPECTATOR, IllegalAction
from gemtable.engine.games.workbench import GAME, actions, components

SHOWCASE = ("RR1", "WB2", "YE1", "WR1", "RP1")


@pytest.mark.parametrize("text", [
    "roll R3", "pick 3", "pick 6+1", "crucible RRBG", "leave R3", "leave G6x",
    "put 3 RRB", "put 1 B loupe:G burin", "put 7 burin", "move 2 5 Y", "move 2 5 Y/G",
    "store R crucible", "store G burin", "pass", "discard",
])
def test_every_kind_of_action_reads_back_from_its_text(text):
    action = actions.parse(text.lower())
    assert action is not None and str(action) == text


@pytest.mark.parametrize(("spelling", "canonical"), [
    ("pick 1+6", "pick 6+1"), ("pick 4+3", "pick 3+4"), ("roll r 6", "roll R6"),
    ("put 3 br rb", "put 3 RRBB"), ("put 2 b lo:g bu", "put 2 B loupe:G burin"),
    ("store y cl", "store Y cloth"), ("crucible gbrr", "crucible RRBG"),
])
def test_other_spellings_are_accepted(spelling, canonical):
    assert str(actions.parse(spelling)) == canonical


@pytest.mark.parametrize("text", ["put", "put 0 R", "put 2 X", "put 2", "pick 0", "leave X7",
                                  "store R drawer", "move 1 R", "crucible", "roll R", "roll R123"])
def test_malformed_text_names_no_action(text):
    assert actions.parse(text) is None


@pytest.mark.parametrize(("text", "words"), [
    ("put 9 R", "showcase slot 9 holds no card"),
    ("pick 7", "a die shows 1 to 6, not 7"),
    ("leave R7", "a die shows 1 to 6, not 7"),
    ("crucible RRRRR", "the Crucible rolls up to four reserve dice, not 5"),
])
def test_well_written_moves_no_position_allows_get_the_rules_reason(text, words):
    state = making(seat("RB"), seat("Y"), showcase=SHOWCASE)
    assert actions.parse(text.lower()) is not None
    with pytest.raises(IllegalAction, match=words):
        state.parse_action(text)


@pytest.mark.parametrize(("text", "words"), [
    ("put 2 X", "X is not a colour letter: write put, a showcase slot (1 to 7)"),
    ("store R drawer", "drawer is not a tool: write store, your die's colour letter and a tool"),
    ("move 1 R", "r is not a slot number"),
    ("pass now", "nothing follows pass: write pass alone"),
])
def test_a_verb_followed_by_what_it_does_not_read_says_what_is_wrong(text, words):
    state = making(seat("RB"), seat("Y"), showcase=SHOWCASE)
    with pytest.raises(IllegalAction) as refused:
        state.parse_action(text)
    assert words in refused.value.reason
    assert "`put 1 R`" in refused.value.reason


def test_parse_action_gives_readable_reasons():
    state = making(seat("RB"), seat("Y"), showcase=SHOWCASE)
    with pytest.raises(IllegalAction, match="slot 6 holds no card"):
        state.parse_action("put 6 R")
    with pytest.raises(IllegalAction, match="not an action"):
        state.parse_action("polish everything")
    with pytest.raises(IllegalAction, match="manufacturing phase"):
        state.parse_action("pick 3")
    with pytest.raises(IllegalAction, match="Loupe"):
        state.parse_action("put 1 R loupe:G")
    design = designing(seat(), seat(), tray_text="R1 B2")
    with pytest.raises(IllegalAction, match="no die is stored on your Melting Crucible"):
        design.parse_action("crucible RRRR")
    with pytest.raises(IllegalAction, match="design phase"):
        design.parse_action("put 1 R")


def test_views_hide_only_the_deck_order_and_determinize_refills_it():
    state = GAME.new(3, seed=8)
    view = state.view(1)
    assert view.deck == (components.HIDDEN,) * len(state.deck)
    assert view.showcase == state.showcase and view.reserve == state.reserve
    assert view.commissions == state.commissions, "commission cards lie face up"
    assert view.view(SPECTATOR) == state.view(SPECTATOR)
    sample = view.determinize(random.Random(1))
    assert sorted(sample.deck) == sorted(state.deck) and sample.deck != state.deck
    assert sample.view(1) == view


def test_a_view_can_be_played_forward_without_revealing_cards():
    state = making(seat("RG"), seat(), showcase=SHOWCASE)
    after = play(state.view(0), "put 1 RG")
    assert after.round == 1, "the round ended and the showcase was refilled"
    assert after.showcase[0] == components.HIDDEN, "the refill draws a face-down placeholder"
    assert after.missing[0] == (0, 0, 0, 0), "so no die can be placed on it"
    assert play(state, "put 1 RG").showcase[0] >= 0
