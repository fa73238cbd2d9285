"""Workbench set-up, the tray roll and the design phase, on hand-built positions."""

from __future__ import annotations

import random

import attrs
import pytest
from workbench_positions import designing, dice, play, seat, texts

from gemtable.engine import CHANCE, IllegalAction
from gemtable.engine.games.workbench import GAME, actions, components
from gemtable.engine.games.workbench.rounds import start_round
from gemtable.engine.games.workbench.state import CHOOSE, MAKE, PICK, ROLL, ROLL_EXTRA, TRIM

# --- set-up -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "showcase", "per_colour"), [(2, 5, 2), (3, 6, 3), (4, 7, 4)])
def test_setup_showcase_commissions_and_first_roll(players, showcase, per_colour):
    state = GAME.new(players, seed=1)
    assert len(state.showcase) == showcase and all(c >= 0 for c in state.showcase)
    assert len(state.deck) == 48 - showcase
    assert len(state.commissions) == players + 1, "players + 1 commissions in play"
    assert state.step == ROLL and state.to_move is CHANCE
    assert state.pending == (per_colour,) * 4, "2 / 3 / 4 dice of each colour are rolled"
    assert state.reserve == (10 - per_colour,) * 4
    assert state.initiative == 0 and state.round == 0


def test_introductory_has_no_commissions_and_fewer_rounds():
    for players, rounds in ((2, 6), (3, 6), (4, 4)):
        state = GAME.new(players, seed=1, variant="introductory")
        assert state.commissions == () and state.rounds == rounds
        assert GAME.new(players, seed=1).rounds == {2: 10, 3: 9, 4: 8}[players]


# --- the roll -------------------------------------------------------------------------


def test_the_roll_is_one_even_chance_step_per_die_red_first():
    state = GAME.new(2, seed=4)
    outcomes = state.chance_outcomes()
    assert [str(roll) for roll, _ in outcomes] == [f"roll R{face}" for face in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    assert [roll for roll, _ in outcomes] == list(state.legal_actions())
    colours = []
    while state.to_move is CHANCE:
        roll = state.sample_chance(random.Random(len(colours)))
        assert roll in state.legal_actions()
        colours.append(components.LETTERS[roll.colour])
        state = state.apply(roll)
    assert "".join(colours) == "RRBBYYGG"
    assert state.step == CHOOSE and state.current == 0
    assert sum(state.tray) == 8


def test_sampled_rolls_are_even():
    state = GAME.new(2, seed=4)
    rng = random.Random(7)
    draws = [state.sample_chance(rng).face for _ in range(6000)]
    assert all(draws.count(face) == pytest.approx(1000, rel=0.1) for face in range(1, 7))


def test_a_roll_of_the_wrong_colour_or_face_is_refused():
    state = GAME.new(3, seed=4)
    with pytest.raises(IllegalAction, match="a red die is being rolled, not a blue one"):
        state.apply(actions.ROLLS[1][0])
    with pytest.raises(IllegalAction, match="not 7"):
        state.apply(actions.Roll(0, 7))
    with pytest.raises(IllegalAction, match="chance step"):
        state.apply(actions.PICK[3])
    with pytest.raises(IllegalAction, match="only at a chance step"):
        designing(seat(), seat(), tray_text="R1").apply(actions.ROLLS[0][0])


def test_a_short_reserve_rolls_what_there_is():
    state = designing(seat(), seat(), tray_text="", reserve=(1, 0, 4, 9))
    rolled = start_round(state)
    assert rolled.pending == (1, 0, 2, 2) and rolled.reserve == (0, 0, 2, 7)
    rolled = play(rolled, "roll R5")
    assert str(rolled.legal_actions()[0]) == "roll Y1", "no blue dice: blue is skipped"


# --- picking a number ---------------------------------------------------------------------


def test_pick_keeps_every_die_of_the_number_and_passes_the_tray_on():
    state = designing(seat(), seat(), tray_text="R1 B1 Y1 G3 G3 B5 R6 Y6")
    assert texts(state) == ["pick 1", "pick 3", "pick 5", "pick 6"]
    state = play(state, "pick 1")
    assert state.seats[0].held == dice("RBY")
    assert state.current == 1 and state.step == CHOOSE
    assert texts(state) == ["pick 3", "pick 5", "pick 6"]
    reserve_before = state.reserve
    state = play(state, "pick 3")
    assert state.seats[1].held == dice("GG")
    assert state.step == MAKE and state.current == 0, "manufacturing starts with the Initiative holder"
    assert state.tray == (0,) * 24
    returned = tuple(a - b for a, b in zip(state.reserve, reserve_before, strict=True))
    assert returned == dice("BRY"), "dice left in the tray go back to the reserve"


def test_design_starts_with_the_initiative_holder_and_goes_clockwise():
    state = designing(seat(), seat(), seat(), tray_text="R1 B2 Y3 G4", initiative=2, current=2)
    state = play(state, "pick 1")
    assert state.current == 0
    state = play(state, "pick 2")
    assert state.current == 1
    state = play(state, "pick 3")
    assert state.step == MAKE and state.current == 2


def test_more_than_six_dice_leave_the_surplus_one_at_a_time():
    state = designing(seat(), seat(), tray_text="R2 R2 R2 B2 B2 Y2 Y2 G2 G5")
    state = play(state, "pick 2")
    assert state.step == TRIM and state.current == 0
    assert texts(state) == ["leave R2", "leave B2", "leave Y2", "leave G2"]
    state = play(state, "leave R2")
    assert state.step == TRIM, "8 qualify: two dice stay behind"
    state = play(state, "leave G2")
    assert state.seats[0].held == dice("RRBBYY")
    assert state.step == CHOOSE and state.current == 1
    assert texts(state) == ["pick 2", "pick 5"], "the left dice stay in the tray for the next player"


def test_an_empty_tray_skips_the_player_without_a_crucible():
    state = designing(seat(), seat(), tray_text="R4")
    state = play(state, "pick 4")
    assert state.step == MAKE and state.current == 0
    assert state.seats[1].held == (0, 0, 0, 0)


# --- the tools of the design phase ------------------------------------------------------------


def test_cloth_adds_a_neighbouring_number_and_returns_its_die():
    state = designing(seat(tools={"cloth": "B"}), seat(), tray_text="R6 B6 Y1 G2 G4")
    assert "pick 6+1" in texts(state) and "pick 1+2" in texts(state)
    assert "pick 2+3" not in texts(state), "the neighbour must show"
    before = state.reserve
    state = play(state, "pick 1+6")
    assert state.seats[0].held == dice("RBY")
    assert state.seats[0].tools[components.CLOTH] == -1
    assert state.reserve[1] == before[1] + 1, "the Cloth die returns to the reserve"


def test_cloth_is_refused_without_a_die_on_it():
    state = designing(seat(), seat(), tray_text="R1 B2")
    with pytest.raises(IllegalAction, match="Polishing Cloth"):
        play(state, "pick 1+2")
    with pytest.raises(IllegalAction, match="no die shows 5"):
        play(state, "pick 5")


def test_the_six_dice_limit_applies_with_the_cloth():
    state = designing(seat(tools={"cloth": "R"}), seat(), tray_text="R3 R3 B3 B3 Y4 Y4 G4")
    state = play(state, "pick 3+4")
    assert state.step == TRIM
    state = play(state, "leave Y4")
    assert state.seats[0].held == dice("RRBBYG")


def test_crucible_rolls_four_reserve_dice_beside_the_tray():
    state = designing(seat(tools={"crucible": "G"}), seat(), tray_text="R1 B2")
    assert "crucible RRRR" in texts(state) and "pick 1" in texts(state)
    state = play(state, "crucible RRBG")
    assert state.step == ROLL_EXTRA and state.to_move is CHANCE
    assert state.pending == dice("RRBG")
    assert state.seats[0].tools[components.CRUCIBLE] == -1
    state = play(state, "roll R2", "roll R2", "roll B5", "roll G2")
    assert state.step == PICK and state.to_move == 0
    assert texts(state) == ["pick 1", "pick 2", "pick 5"], "no second Crucible, no pass"
    state = play(state, "pick 2")
    assert state.seats[0].held == dice("RRBG")
    assert state.extra == (0,) * 24
    assert state.component_counts()["B dice"] == 10, "the unkept Crucible die went back"
    assert texts(state) == ["pick 1"], "Crucible dice never join the tray"


def test_crucible_dice_left_by_the_limit_go_back_to_the_reserve():
    state = designing(seat(tools={"crucible": "G"}), seat(), tray_text="R3 B3 Y3 G3 G3")
    state = play(state, "crucible RBYG", "roll R3", "roll B3", "roll Y3", "roll G1", "pick 3")
    assert state.step == TRIM
    assert "leave R3x" in texts(state) and "leave R3" in texts(state)
    reserve = state.reserve
    state = play(state, "leave R3x")
    assert state.reserve[0] == reserve[0] + 1
    state = play(state, "leave B3")
    assert state.seats[0].held == dice("RBYYGG")
    assert texts(state) == ["pick 3"], "the left tray die stays for the next player"


def test_an_empty_tray_still_lets_the_crucible_be_used_or_declined():
    state = designing(seat(tools={"crucible": "Y"}), seat(), tray_text="")
    assert texts(state)[-1] == "pass"
    declined = play(state, "pass")
    assert declined.seats[0].held == (0, 0, 0, 0)
    assert declined.round == 1 and declined.step == ROLL, "nobody held dice: the round is over"
    with pytest.raises(IllegalAction, match="must pick"):
        play(designing(seat(tools={"crucible": "Y"}), seat(), tray_text="R1"), "pass")


def test_crucible_takes_what_a_short_reserve_has():
    state = designing(seat(tools={"crucible": "B"}), seat(), tray_text="R1")
    state = attrs.evolve(state, reserve=(0, 0, 1, 0))
    extra_choices = [t for t in texts(state) if t.startswith("crucible")]
    assert extra_choices == ["crucible BY"], "its own die comes back first, then 2 remain"
