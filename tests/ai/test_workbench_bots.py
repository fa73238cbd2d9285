"""The Workbench heuristic and the bots that use it: what positions are worth,
what greedy and the playout policy choose, and that every bot sees only views.

Positions are hand-built with the rules tests' helpers (cards by code, dice
by colour letters), so each case reads like the table it describes.
"""

from __future__ import annotations

import os
import random

import attrs
import pytest
from workbench_positions import card, designing, making, seat

from gemtable.ai import make_bot
from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.heuristics.workbench import WorkbenchHeuristic, profile
from gemtable.ai.match import play_match
from gemtable.engine import CHANCE, registry
from gemtable.engine.games.workbench import actions
from gemtable.engine.games.workbench.components import COMMISSION_ID
from gemtable.engine.games.workbench.rules import shortfall
from gemtable.engine.games.workbench.state import MAKE, MOVE, TRIM

GAME = registry.get("workbench")
H = heuristic_for("workbench")
STAT_SEED = int(os.environ.get("GEMTABLE_TEST_SEED", "0"))
"""Shifts the seeds of the statistical tests; set GEMTABLE_TEST_SEED to check others."""
SHOWCASE = ("RR1", "WB2", "YE1", "WR1", "RP1")
"""rose ring RG, white bracelet BBB, yellow earrings RR, white ring GG, rose pendant YYY."""


def random_positions(players: int, count: int, seed: int):
    """True states met in seeded random games, chance steps left out."""
    rng = random.Random(seed)
    state = GAME.new(players, seed)
    found = []
    while len(found) < count:
        if state.is_over:
            state = GAME.new(players, rng.randrange(10**6))
        elif state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def greedy_choice(state, seed: int = 1):
    return make_bot("greedy", game_id="workbench", seed=seed).choose(state.view(state.to_move))


# --- the heuristic's parts ----------------------------------------------------------------


def test_the_registry_gives_the_workbench_heuristic():
    assert isinstance(H, WorkbenchHeuristic)


def test_shortfall_counts_the_gems_dice_and_tool_dice_cannot_cover():
    assert shortfall((1, 0, 0, 1), (1, 0, 0, 1), False, -1) == 0
    assert shortfall((2, 0, 0, 1), (1, 0, 0, 0), False, -1) == 2
    assert shortfall((2, 0, 0, 1), (1, 0, 0, 0), True, -1) == 1, "the Loupe die is wild"
    assert shortfall((2, 0, 0, 1), (1, 0, 0, 0), True, 0) == 0, "the Burin die is a red die"
    assert shortfall((2, 0, 0, 1), (1, 0, 0, 0), False, 3) == 1, "... here a green one"


def test_a_cards_worth_counts_its_gems_a_better_collection_and_commissions():
    points, worth, _, _ = profile((), ())
    assert points == 0 and worth[card("RP4")] == 5, "gems alone"
    ring = (card("RR1"),)  # rose ring RG
    _, worth, gain, _ = profile(ring, ())
    assert worth[card("RE2")] == 3 + 2, "rose earrings RGG make a pair with it (+2)"
    assert worth[card("RP1")] == 3, "rose pendant YYY shares no colour"
    assert worth[card("WE2")] == 3, "another metal"
    assert gain > 0, "collection potential once a card of a metal is finished"
    rings = tuple(card(c) for c in ("WR2", "YR1"))
    _, worth, _, progress = profile(rings, (COMMISSION_ID.index("rings"),))
    assert worth[card("RR1")] == 2 + 5, "finishing a third ring claims the commission"
    assert progress > 0, "two of three rings is progress toward the commission"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_and_rewards_have_a_figure_per_seat(players):
    steps = set()
    for state in random_positions(players, 150, seed=players):
        steps.add(state.step)
        values = H.values(state)
        assert len(values) == players and all(isinstance(v, float) for v in values)
        rewards = H.rewards(state)
        assert sum(rewards) == pytest.approx(1.0)
        assert all(0.0 <= r <= 1.0 for r in rewards)
        assert H.values(state.view(0)) == values, "a view is judged like the true state"
    assert {MAKE} < steps


def test_dice_that_finish_a_card_are_worth_about_the_card():
    holding = making(seat("RG"), seat(), showcase=SHOWCASE)
    empty = making(seat(""), seat(), showcase=SHOWCASE)
    gain = H.values(holding)[0] - H.values(empty)[0]
    assert 2 * 0.9 < gain < 2 + 1.5, "rose ring RG (2 gems) is in reach, plus a little for fits"


def test_the_first_seat_to_act_gets_the_claim_on_a_card_both_can_finish():
    both = making(seat("GG"), seat("GG"), showcase=SHOWCASE)
    v0, v1 = H.values(both)
    assert v0 > v1, "seat 1 acts first and takes the white ring GG"
    later = attrs.evolve(both, current=1)
    v0, v1 = H.values(later)
    assert v1 > v0


def test_a_card_left_for_the_rival_to_finish_counts_for_the_rival():
    safe = making(seat("R"), seat("R"), showcase=SHOWCASE)
    left = making(seat(""), seat("R"), showcase=SHOWCASE, covered={2: "R"})  # YE1 RR: one r open
    assert H.values(left)[1] > H.values(safe)[1] + 1


def test_stored_tool_dice_count_while_a_round_remains():
    tools = {"loupe": "R", "crucible": "B"}
    early = making(seat("G", tools=tools), seat(), showcase=SHOWCASE, round=3)
    bare = making(seat("G"), seat(), showcase=SHOWCASE, round=3)
    assert H.values(early)[0] > H.values(bare)[0] + 2
    # In the last round's manufacturing the Crucible can no longer act; the Loupe can,
    # while dice are held (a blue die: with the Loupe it still finishes nothing).
    last = making(seat("B", tools=tools), seat(), showcase=SHOWCASE, round=9)
    last_bare = making(seat("B"), seat(), showcase=SHOWCASE, round=9)
    assert H.values(last)[0] - H.values(last_bare)[0] == pytest.approx(H.weights.tools[2])


def test_a_seat_still_to_pick_is_credited_with_the_best_number_left():
    tray = "G1 G1 B2 Y3"  # 1s finish the white ring GG
    waiting = designing(seat(), seat(), tray_text=tray, showcase=SHOWCASE, current=0)
    after_ones = attrs.evolve(waiting, tray=designing(seat(), seat(), tray_text="B2 Y3").tray)
    assert H.values(waiting)[1] > H.values(after_ones)[1] + 1


# --- greedy -----------------------------------------------------------------------------------


def test_greedy_finishes_the_card_worth_most():
    # RR finishes the yellow earrings (2 gems); RG the rose ring, which also makes a pair
    # with the rose earrings already finished (2 gems + 2). Seat 2's red die could
    # finish the rose ring if it were left with one gem open, so it is finished now.
    state = making(seat("RRG", finished=("RE2",)), seat("R"), showcase=SHOWCASE)
    assert greedy_choice(state) == actions.put(0, (1, 0, 0, 1))


def test_greedy_does_not_leave_a_card_for_the_rival():
    # One red die to place: on the yellow earrings (RR) it would leave the last r to
    # seat 2, who holds a red die; on the rose ring (RG) nobody can finish it.
    state = making(seat("RY"), seat("R"), showcase=SHOWCASE)
    choice = greedy_choice(state)
    assert choice != actions.put(2, (1, 0, 0, 0))
    assert isinstance(choice, actions.Put) and choice.slot in (0, 4)


def test_greedy_picks_the_dice_that_finish_a_card():
    state = designing(seat(), seat(), tray_text="G1 G1 B2 Y3 R4", showcase=SHOWCASE)
    assert greedy_choice(state) == actions.PICK[1]


# --- playouts and search ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_playouts_choose_legal_actions_at_every_step(players):
    rng = random.Random(players)
    steps = set()
    for state in random_positions(players, 300, seed=10 + players):
        steps.add(state.step)
        action = H.playout_action(state, rng)
        assert action in state.legal_actions(), (state.step, action)
    assert {MAKE, TRIM} <= steps or {MAKE, MOVE} <= steps


def test_playouts_finish_the_best_card_and_keep_cards_from_the_rival():
    rng = random.Random(0)
    finish = making(seat("RRG", finished=("RE2",)), seat("R"), showcase=SHOWCASE)
    assert H.playout_action(finish, rng) == actions.put(0, (1, 0, 0, 1))
    gift = making(seat("RY"), seat("R"), showcase=SHOWCASE)
    for _ in range(10):
        assert H.playout_action(gift, rng) != actions.put(2, (1, 0, 0, 0))


def test_search_sees_only_views_and_is_reproducible():
    state = making(seat("RRG", finished=("RE2",)), seat("R"), showcase=SHOWCASE)
    view = state.view(0)
    first = make_bot("mcts:60", game_id="workbench", seed=5).choose(view)
    again = make_bot("mcts:60", game_id="workbench", seed=5).choose(view)
    assert first == again and first in state.legal_actions()
    with pytest.raises(ValueError, match="view"):
        make_bot("mcts:60", game_id="workbench", seed=5).choose(state)


def test_greedy_beats_random_in_seeded_short_games():
    for seed in (1 + 2 * STAT_SEED, 2 + 2 * STAT_SEED):
        result = play_match("workbench", ["greedy", "random"], seed=seed, variant="introductory")
        assert result.final.is_over
        scores = result.final.scores()
        assert scores[0] > scores[1], f"seed {seed}: {scores}"
