"""Jewel Box turns: set-up, the die and the log, and the three tools."""

from __future__ import annotations

import pytest

from gemtable.engine import CHANCE, IllegalAction, registry
from gemtable.engine.games.jewelbox.boxes import box_rows, family_on
from gemtable.engine.games.jewelbox.components import (
    ALL_TOOLS,
    EITHER,
    EMPTY,
    FORCEPS,
    GLASS,
    KEYS,
    LETTERS,
)
from gemtable.engine.games.jewelbox.positions import position
from gemtable.engine.games.jewelbox.state import (
    AFTER,
    CHOOSING,
    PLACING,
    START,
    SWAP_FIRST,
    SWAP_LAST,
)

GAME = registry.get("jewelbox")
LOG = "JHLWS"


def play(state, *moves):
    for move in moves:
        state = state.apply(state.parse_action(move))
    return state


def legal_texts(state):
    return [str(action) for action in state.legal_actions()]


def two_beetles(**fields):
    """Seat 1 of two (4x4) has a Scarab on d4 and a Weevil on e4; log JHLWS."""
    return position(("SW",), (), variant="standard", log=LOG, **fields)


def three_beetles(**fields):
    """Seat 1 of two (4x4) has Scarab, Weevil, Ladybug on d4, e4, f4; log JHLWS."""
    return position(("SWL",), (), variant="standard", log="JHWWS", **fields)


# --- set-up and variants -------------------------------------------------------


def test_setup_deals_five_face_up_and_keeps_seventy_face_down():
    state = GAME.new(3, seed=1)
    assert len(state.log) == 5 and len(state.pile) == 70
    assert state.component_counts() == dict.fromkeys(KEYS, 15)
    assert all(seat.tools == ALL_TOOLS and seat.beetles == 0 for seat in state.seats)
    assert state.to_move == 0 and state.phase == START and state.turn == 0
    assert legal_texts(state) == ["roll"] + [f"glass {n}" for n in range(1, 6)] + ["glass pile"]
    assert GAME.new(3, seed=2).pile != state.pile


def test_each_player_count_gets_its_default_box():
    assert [GAME.default_variant(n).id for n in (1, 2, 3, 4)] == ["solo", "standard", "standard", "standard"]
    assert [v.id for v in GAME.variants_for(2)] == ["standard", "long"]
    assert [GAME.new(n, seed=1).size for n in (1, 2, 3, 4)] == [5, 4, 4, 4]
    with pytest.raises(ValueError, match="for 2 players, not 3"):
        GAME.new(3, seed=1, variant="long")
    with pytest.raises(ValueError, match="1 to 4 players, not 5"):
        GAME.new(5, seed=1)


# --- the die and the log -----------------------------------------------------------


def test_rolling_is_a_chance_step_with_six_even_outcomes():
    state = play(GAME.new(2, seed=1), "roll")
    assert state.to_move is CHANCE
    outcomes = state.chance_outcomes()
    assert [str(action) for action, _ in outcomes] == [f"rolled {n}" for n in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    assert state.legal_actions() == tuple(action for action, _ in outcomes)
    with pytest.raises(IllegalAction, match="the die is rolling"):
        play(state, "take 1")
    with pytest.raises(IllegalAction, match="not a chance step"):
        GAME.new(2, seed=1).chance_outcomes()


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5])
def test_a_roll_of_1_to_5_takes_that_log_space(face):
    before = two_beetles()
    state = play(before, "roll", f"rolled {face}")
    assert state.phase == PLACING and state.holding == LETTERS.index(LOG[face - 1])
    assert state.log[face - 1] == EMPTY
    assert all(str(action).startswith("place") for action in state.legal_actions())
    with pytest.raises(IllegalAction, match="you hold a .* and must place it first"):
        play(state, "take 2")
    placed = play(state, "place d5")
    assert placed.log[face - 1] == before.pile[-1], "refilled from the top of the pile"
    assert placed.log[: face - 1] == before.log[: face - 1]
    assert placed.pile == before.pile[:-1]


def test_a_six_lets_the_player_choose_any_space():
    state = play(two_beetles(), "roll", "rolled 6")
    assert state.phase == CHOOSING
    assert legal_texts(state) == [f"take {n}" for n in range(1, 6)]
    with pytest.raises(IllegalAction, match="rolled a 6"):
        play(state, "place d5")
    state = play(state, "take 4")
    assert state.holding == LETTERS.index("W") and state.phase == PLACING


def test_take_is_only_for_after_a_six():
    with pytest.raises(IllegalAction, match="after a roll of 6"):
        play(two_beetles(), "take 1")


# --- tools -------------------------------------------------------------------------


def test_magnifying_glass_takes_any_log_beetle_and_is_the_turns_only_tool():
    state = play(two_beetles(), "glass 2")
    assert state.holding == LETTERS.index("H") and state.phase == PLACING
    assert state.seats[0].tools == FORCEPS | EITHER
    state = play(state, "place d5")
    assert state.to_move == 1, "no Forceps after placing: the turn's tool is used"
    assert box_rows(state, 0) == ((3, 3), ("SW", "H."))


def test_glass_pile_takes_the_top_face_down_beetle_and_leaves_the_log():
    before = two_beetles()
    state = play(before, "glass pile", "place d5")
    assert family_on(state, 0, 4, 3) == before.pile[-1]
    assert state.log == before.log and state.pile == before.pile[:-1]


def test_either_stands_in_for_a_used_glass_and_then_none_is_left():
    state = play(two_beetles(tools=[FORCEPS | EITHER, ALL_TOOLS]), "glass 1")
    assert state.seats[0].tools == FORCEPS
    spent = two_beetles(tools=[FORCEPS, ALL_TOOLS])
    assert "glass 1" not in legal_texts(spent)
    with pytest.raises(IllegalAction, match="already used the Magnifying Glass and the Either"):
        play(spent, "glass 1")


def test_forceps_before_collecting_then_the_die_must_decide():
    state = play(three_beetles(), "forceps")
    assert state.phase == SWAP_FIRST and state.to_move == 0
    assert state.seats[0].tools == GLASS | EITHER, "taking up the Forceps uses them"
    assert legal_texts(state) == ["swap d4 e4", "swap d4 f4", "swap e4 f4"]
    state = play(state, "swap f4 d4")
    assert box_rows(state, 0) == ((3, 3), ("LWS",))
    assert state.to_move is CHANCE, "the glass would be a second tool"
    state = play(state, "rolled 1", "place d5")
    assert state.to_move == 1, "and no Forceps again after placing"


def test_with_only_one_swap_possible_the_forceps_make_it_at_once():
    state = play(two_beetles(), "forceps")
    assert box_rows(state, 0) == ((3, 3), ("WS",)) and state.to_move is CHANCE


def test_forceps_after_placing_or_done():
    state = play(two_beetles(phase=PLACING, holding=LETTERS.index("L")), "place d5")
    assert state.phase == AFTER and state.to_move == 0
    assert legal_texts(state) == ["done", "forceps"]
    holding = play(state, "forceps")
    assert holding.phase == SWAP_LAST
    assert legal_texts(holding) == ["swap d4 e4", "swap d4 d5", "swap e4 d5"]
    with pytest.raises(IllegalAction, match="you hold the Forceps"):
        play(holding, "done")
    swapped = play(holding, "swap d5 e4")
    assert box_rows(swapped, 0) == ((3, 3), ("SL", "W."))
    assert swapped.seats[0].tools == GLASS | EITHER and swapped.to_move == 1
    kept = play(state, "done")
    assert kept.seats[0].tools == ALL_TOOLS and box_rows(kept, 0) == ((3, 3), ("SW", "L."))


def test_a_swap_needs_the_forceps_taken_up_first():
    with pytest.raises(IllegalAction, match="first take up the Forceps"):
        play(three_beetles(), "swap d4 e4")


def test_forceps_spend_the_either_once_the_forceps_are_used():
    state = play(three_beetles(tools=[GLASS | EITHER, ALL_TOOLS]), "forceps")
    assert state.seats[0].tools == GLASS


def test_forceps_wait_while_a_beetle_is_in_hand():
    state = two_beetles(phase=PLACING, holding=0)
    with pytest.raises(IllegalAction, match="before collecting or after placing"):
        play(state, "forceps")


@pytest.mark.parametrize(("rows", "move", "reason"), [
    (("SSW",), "swap d4 e4", "both squares hold a Scarab"),
    (("SW",), "swap d4 a1", "no beetle on a1"),
])
def test_forceps_refuse_pointless_or_empty_swaps(rows, move, reason):
    state = position(rows, (), variant="standard", phase=SWAP_FIRST, tools=[GLASS | EITHER, 7],
                     tool_used=True)
    with pytest.raises(IllegalAction, match=reason):
        play(state, move)


def test_the_die_face_is_part_of_the_turn():
    state = play(two_beetles(), "roll", "rolled 4")
    assert state.die == 4
    assert play(state, "place d5").die == 4
    assert play(state, "place d5", "done").die == 0, "a new turn has not rolled yet"
    assert play(two_beetles(), "roll", "rolled 6").die == 6
    assert play(two_beetles(), "glass 2").die == 0


def test_forceps_need_two_families_in_the_box():
    state = position(("SS",), (), variant="standard")
    assert legal_texts(state) == ["roll"] + [f"glass {n}" for n in range(1, 6)] + ["glass pile"]


def test_without_usable_tools_the_turn_starts_with_the_roll():
    state = position(
        ("SW",), ("SS",), variant="standard", tools=[ALL_TOOLS, FORCEPS],
        phase=PLACING, holding=2, tool_used=True,
    )
    state = play(state, "place d5")
    assert state.current == 1 and state.to_move is CHANCE


def test_used_tools_are_gone_for_good():
    state = position(("SW",), (), variant="standard", tools=[0, ALL_TOOLS])
    assert legal_texts(state) == ["roll"]
    with pytest.raises(IllegalAction, match="already used the Forceps and the Either"):
        play(state, "forceps")
