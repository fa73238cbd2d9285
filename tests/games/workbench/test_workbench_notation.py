"""Workbench action text, explanations of illegal actions, and what views hide."""

from __future__ import annotations

import random

import pytest
from workbench_positions import designing, making, play, seat

from gemtable.engine import SPECTATOR, IllegalAction
from gemtable.engine.games.workbench import GAME, cards
from gemtable.engine.games.workbench import actions as A

SHOWCASE = ("RR1", "WB2", "YE1", "WR1", "RP1")


@pytest.mark.parametrize("text", [
    "roll R3", "pick 3", "pick 6+1", "crucible RRBG", "leave R3", "leave G6x",
    "put 3 RRB", "put 1 B loupe:G burin", "put 7 burin", "move 2 5 Y", "move 2 5 Y/G",
    "store R crucible", "store G burin", "pass", "discard",
])
def test_every_kind_of_action_reads_back_from_its_text(text):
    action = A.parse(text.lower())
    assert action is not None and str(action) == text


@pytest.mark.parametrize(("spelling", "canonical"), [
    ("pick 1+6", "pick 6+1"), ("pick 4+3", "pick 3+4"), ("roll r 6", "roll R6"),
    ("put 3 br rb", "put 3 RRBB"), ("put 2 b lo:g bu", "put 2 B loupe:G burin"),
    ("store y cl", "store Y cloth"), ("crucible gbrr", "crucible RRBG"),
])
def test_other_spellings_are_accepted(spelling, canonical):
    assert str(A.parse(spelling)) == canonical


@pytest.mark.parametrize("text", ["put", "put 9 R", "put 2 X", "put 2", "pick 7", "leave R7",
                                  "store R drawer", "move 1 R", "crucible", "roll R", "roll R12"])
def test_malformed_text_names_no_action(text):
    assert A.parse(text) is None


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
    assert view.deck == (cards.HIDDEN,) * len(state.deck)
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
    assert after.showcase[0] == cards.HIDDEN, "the refill draws a face-down placeholder"
    assert after.missing[0] == (0, 0, 0, 0), "so no die can be placed on it"
    assert play(state, "put 1 RG").showcase[0] >= 0
