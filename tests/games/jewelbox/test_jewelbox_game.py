"""Jewel Box as a whole: solo discards, the end, results and tie-breaks,
what views hide, and the action notation."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from gemtable.engine import CHANCE, SPECTATOR, IllegalAction, ScoreLine, registry
from gemtable.engine.games.jewelbox import solo_title
from gemtable.engine.games.jewelbox.boxes import box_rows
from gemtable.engine.games.jewelbox.components import (
    COPIES,
    EITHER,
    FAMILY_COUNT,
    GLASS,
    HIDDEN,
    KEYS,
    LETTERS,
)
from gemtable.engine.games.jewelbox.positions import position
from gemtable.engine.games.jewelbox.scoring import family_points
from gemtable.engine.games.jewelbox.state import DISCARDING, OVER, ROLLING, START, SWAP_FIRST

GAME = registry.get("jewelbox")
RULING_13 = ("WWWW", "LHLH", "HLHL", "JJSS")  # 35 before tools
TWO_LESS = ("WWWW", "LHLH", "HLHL", "JJWS")  # 33: the Scarab pair becomes a lone Weevil


def play(state, *moves):
    for move in moves:
        state = state.apply(state.parse_action(move))
    return state


def random_game(players, variant, seed, stop=None):
    state = GAME.new(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over and steps != stop:
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return state


# --- solo ----------------------------------------------------------------------------


def test_solo_turn_ends_with_a_discard_and_a_refill():
    start = GAME.new(1, seed=4)
    state = play(start, "roll", "rolled 1")
    assert state.phase == DISCARDING and state.to_move == 0
    assert [str(a) for a in state.legal_actions()] == [f"discard {n}" for n in range(1, 6)]
    discarded = state.log[2]
    after = play(state, "discard 3")
    assert after.discards[discarded] == 1 and sum(after.discards) == 1
    assert after.log[2] == state.pile[-1] and after.pile == state.pile[:-1]
    assert after.turn == 1 and after.phase == START


def test_discarding_is_only_for_solo():
    with pytest.raises(IllegalAction, match="only part of the solo game"):
        play(GAME.new(2, seed=1), "discard 1")
    with pytest.raises(IllegalAction, match="end of the turn, after placing"):
        play(GAME.new(1, seed=1), "discard 1")


def test_solo_ends_on_the_last_placement_without_a_discard():
    rows = ("SWLHJ", "SWLHJ", "SWLHJ", "SWLHJ", "SWLH.")
    state = position(rows, variant="solo", at=["a1"], tools=[0], phase=ROLLING, turns=24)
    final = play(state, "rolled 1")
    assert final.is_over and final.to_move is None and final.legal_actions() == ()
    assert final.turn == 25 and final.discards == state.discards
    assert box_rows(final, 0)[1][4] == "SWLH" + LETTERS[state.log[0]]


@pytest.mark.parametrize(("score", "title"), [
    (49, None), (50, "Amateur Entomologist"), (56, "Amateur Entomologist"),
    (57, "Pro Entomologist"), (62, "Pro Entomologist"), (63, "Master Entomologist"),
])
def test_solo_titles(score, title):
    assert solo_title(score) == title


# --- the end and the results ------------------------------------------------------------


@pytest.mark.parametrize(("players", "variant", "size"), [
    (1, "solo", 5), (2, "long", 5), (2, "standard", 4), (3, "standard", 4), (4, "standard", 4),
])
def test_the_game_ends_when_every_box_is_full(players, variant, size):
    final = random_game(players, variant, seed=5)
    assert final.turn == players * size * size and final.phase == OVER
    assert all(seat.beetles == size * size for seat in final.seats)
    assert final.component_counts() == dict.fromkeys(KEYS, 15)


def finished(*boxes, tools):
    return position(*boxes, variant="standard", tools=tools, phase=OVER, turns=16 * len(boxes))


def test_more_unused_tools_breaks_a_tie():
    state = finished(RULING_13, TWO_LESS, tools=[0, GLASS])
    assert state.scores() == (35, 35)
    assert state.winners() == (1,) and state.ranking() == (2, 1)


def test_a_full_tie_is_shared():
    state = finished(RULING_13, TWO_LESS, RULING_13, tools=[GLASS, GLASS, GLASS])
    assert state.scores() == (37, 35, 37)
    assert state.winners() == (0, 2) and state.ranking() == (1, 3, 1)
    assert state.outcome() == (0.5, 0.0, 0.5)


def test_score_breakdown_lists_each_family_tools_and_total():
    state = finished(RULING_13, TWO_LESS, tools=[GLASS, 0])
    assert state.score_breakdown(0) == (
        ScoreLine("Scarabs (2)", 4), ScoreLine("Weevils (4)", 10), ScoreLine("Ladybugs (4)", 8),
        ScoreLine("Longhorns (4)", 8), ScoreLine("Jewel beetles (2)", 5),
        ScoreLine("Unused tools (1)", 2), ScoreLine("Total", 37),
    )


def test_solo_breakdown_names_the_title():
    state = random_game(1, "solo", seed=2)
    last = state.score_breakdown(0)[-1]
    assert last.label.startswith("Title: ") and last.value == state.scores()[0]


def test_provisional_scarab_is_inner_until_the_box_reaches_its_side():
    assert family_points(position(("S",), (), variant="standard"), 0) == (3, 0, 0, 0, 0)
    assert family_points(position(("SWL",), (), variant="standard"), 0)[0] == 3
    assert family_points(position(("SWLH",), (), variant="standard"), 0)[0] == 2


# --- views ---------------------------------------------------------------------------------


def test_views_hide_the_pile_order_from_everyone_and_nothing_else():
    state = random_game(3, "standard", seed=9, stop=40)
    public = state.view(SPECTATOR)
    assert public.pile == (HIDDEN,) * len(state.pile)
    assert attrs.evolve(public, pile=state.pile, observer=None) == state
    for seat in range(3):
        assert attrs.evolve(state.view(seat), observer=SPECTATOR) == public
    with pytest.raises(ValueError, match="no seat 3"):
        state.view(3)


def test_determinize_reshuffles_exactly_the_unseen_beetles():
    state = random_game(2, "long", seed=3, stop=30)
    view = state.view(1)
    in_sight = [0] * FAMILY_COUNT
    for family in state.log:
        if family >= 0:  # a space emptied this turn waits for its refill
            in_sight[family] += 1
    for seat in state.seats:
        for family, mask in enumerate(seat.masks):
            in_sight[family] += mask.bit_count()
    if state.holding >= 0:
        in_sight[state.holding] += 1
    rng = random.Random(1)
    samples = [view.determinize(rng) for _ in range(5)]
    for sample in samples:
        assert sample.view(1) == view and sample.viewer is None
        assert [sample.pile.count(f) for f in range(FAMILY_COUNT)] == [
            COPIES[f] - in_sight[f] for f in range(FAMILY_COUNT)
        ]
    assert len({sample.pile for sample in samples}) > 1


def test_a_view_cannot_draw_from_the_hidden_pile():
    view = GAME.new(2, seed=1).view(0)
    with pytest.raises(ValueError, match="determinize"):
        play(view, "roll", "rolled 1")
    sample = view.determinize(random.Random(0))
    assert play(sample, "roll", "rolled 1").seats[0].beetles == 1


# --- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "canonical"), [
    ("swap e4 d4", "swap d4 e4"),
    ("  Swap   D4 E4 ", "swap d4 e4"),
    ("GLASS PILE", "glass pile"),
    ("Roll", "roll"),
    (" FORCEPS ", "forceps"),
])
def test_other_spellings_name_the_same_action(text, canonical):
    state = position(("SWL",), (), variant="standard", tools=[GLASS | EITHER, 7], phase=SWAP_FIRST,
                     tool_used=True)
    if canonical in ("glass pile", "roll", "forceps"):
        state = position(("SWL",), (), variant="standard")
    assert str(state.parse_action(text)) == canonical


@pytest.mark.parametrize(("text", "words"), [
    ("glass 0", "log spaces are 1 to 5: write glass and a log space (1 to 5), or glass pile"),
    ("place z9", "z9 is not a square (columns a to i, rows 1 to 9)"),
    ("place d", "d is not a square"),
    ("swap d4", "swap needs two squares"),
    ("forceps d4", "nothing follows forceps"),
    ("roll 3", "nothing follows roll: write roll alone; for example `roll`"),
    ("discard", "discard needs a log space"),
    ("fly away", "not an action in Jewel Box. Actions now: roll; glass and a log space"),
])
def test_malformed_text_says_what_is_wrong_and_how_to_write_it(text, words):
    with pytest.raises(IllegalAction) as refused:
        GAME.new(2, seed=1).parse_action(text)
    assert words in refused.value.reason


@pytest.mark.parametrize(("text", "words"), [
    ("glass 6", "there is no log space 6: log spaces are 1 to 5"),
    ("take 6", "there is no log space 6"),
    ("rolled 7", "a die shows 1 to 6, not 7"),
    ("swap d4 d4", "two different squares"),
])
def test_well_written_moves_no_position_allows_get_the_rules_reason(text, words):
    with pytest.raises(IllegalAction, match=re.escape(words)):
        GAME.new(2, seed=1).parse_action(text)


def test_breakdown_labels_line_up_across_seats_once_counts_are_set_aside():
    """The end screen puts seats side by side by label, counts in brackets aside."""
    state = finished(RULING_13, TWO_LESS, tools=[GLASS, 0])
    labels = [[re.sub(r"\s*\(\d+\)$", "", line.label) for line in state.score_breakdown(seat)]
              for seat in range(2)]
    assert labels[0] == labels[1]
