"""The Jewel Box heuristic and the bots that use it, on hand-built positions
and seeded games: what a box is worth, and choices a good player makes."""

from __future__ import annotations

import os
import random

import pytest

from gemtable.ai import make_bot
from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.heuristics.jewelbox import JewelBoxHeuristic
from gemtable.ai.match import play_match
from gemtable.engine import CHANCE, registry
from gemtable.engine.games.jewelbox import actions
from gemtable.engine.games.jewelbox.components import ALL_TOOLS, LETTERS
from gemtable.engine.games.jewelbox.positions import position
from gemtable.engine.games.jewelbox.rules import placements
from gemtable.engine.games.jewelbox.state import AFTER, OVER, PLACING, START, SWAP_LAST

GAME = registry.get("jewelbox")
H = heuristic_for("jewelbox")
HAND = JewelBoxHeuristic()
"""Greedy's judge: the hand-set weights."""
STAT_SEED = int(os.environ.get("GEMTABLE_TEST_SEED", "0"))
"""Shifts the seeds of the statistical tests; set GEMTABLE_TEST_SEED to check others."""


def random_states(players: int, seed: int, every: int = 7):
    """Positions along a seeded random game, and its end."""
    rng = random.Random(seed)
    state = GAME.new(players, seed)
    found = []
    step = 0
    while not state.is_over:
        if step % every == 0:
            found.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
        step += 1
    return found, state


def choose(kind: str, state, seed: int = 0):
    return make_bot(kind, game_id="jewelbox", seed=seed).choose(state.view(state.current))


def placing(rows, holding: str, **fields):
    """Seat 1 of two (4x4) holds a beetle for a box written from d4."""
    return position(rows, ["S"], variant="standard", phase=PLACING,
                    holding=LETTERS.index(holding), **fields)


def squares_touching(state, square):
    row, col = square
    return [s for s in placements(state, 0) if abs(s[0] - row) + abs(s[1] - col) == 1]


# --- the value of a box ----------------------------------------------------------------


def test_jewelbox_has_its_own_heuristic():
    assert isinstance(H, JewelBoxHeuristic)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_finished_box_is_worth_exactly_its_score(players):
    _, final = random_states(players, seed=players)
    assert H.values(final) == pytest.approx(final.scores())


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_face_down_pile_is_never_looked_at(players):
    """Greedy's values and the search's rewards come from what a seat may see:
    the true state, every seat's view and any sample of the pile are all
    valued alike."""
    states, _ = random_states(players, seed=10 + players)
    rng = random.Random(1)
    for state in states:
        for judge in (H.values, H.rewards):
            expected = judge(state)
            assert judge(state.view(0)) == pytest.approx(expected)
            assert judge(state.view(0).determinize(rng)) == pytest.approx(expected)


def extra(rows) -> float:
    """What the hand-set heuristic adds to the points a solo box scores so far (tools
    and empty squares aside): its estimate of what unfinished parts may become."""
    state = position(rows, variant="solo", tools=[0])
    box = state.seats[0]
    value = HAND.box_value(state.geometry, box.masks, 0, HAND.supply(state))
    empties = 25 - box.beetles
    return value - state.scores()[0] - HAND.weights.empty * empties


@pytest.mark.parametrize(("growing", "settled"), [
    (["WWW"], ["WWWW"]),  # a Weevil line of three may still grow; four is done
    (["L.L", "...", "L.L"], ["L.L.L", ".....", "L.L.."]),  # four lone Ladybugs, then a set
    (["H"], ["HH"]),  # an odd number of Longhorns may still become even
    (["J"], ["JJ"]),  # a lone Jewel beetle may still pair
])
def test_unfinished_parts_count_what_they_may_still_become(growing, settled):
    assert extra(growing) > 0.5
    assert extra(settled) == pytest.approx(0.0)


def test_a_lone_weevil_may_still_pair():
    assert extra(["W"]) > 0.5


def test_a_scarab_with_open_sides_is_at_risk_and_a_spoilt_one_is_worth_nothing():
    assert extra(["S"]) < 0
    assert extra(["HSH"]) == pytest.approx(0.0)


def test_unused_tools_are_worth_more_than_their_points_early():
    empty = GAME.new(1, 3)
    geo, supply = empty.geometry, HAND.supply(empty)
    kept = HAND.box_value(geo, empty.seats[0].masks, ALL_TOOLS, supply)
    none = HAND.box_value(geo, empty.seats[0].masks, 0, supply)
    assert kept - none > 6


def test_search_rewards_follow_each_seats_own_score():
    """Solo and with several seats: a finished box's reward grows with its score."""
    _, small = random_states(1, seed=4)
    assert 0.0 <= H.rewards(small)[0] <= 1.0
    scored = []
    for players, seed in ((1, 0), (1, 1), (1, 2), (1, 3), (2, 2), (4, 4)):
        states, final = random_states(players, seed=seed)
        for state in states:
            assert all(0.0 <= r <= 1.0 for r in H.rewards(state))
        scored += zip(final.scores(), H.rewards(final), strict=True)
    scored.sort()
    assert [r for _, r in scored] == sorted(r for _, r in scored)


# --- choices ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["greedy", "mcts:300"])
def test_a_jewel_beetle_goes_beside_the_lone_one(kind):
    state = placing(["SJ", "W."], "J")  # S d4, J e4, W d5
    action = choose(kind, state)
    assert (action.row, action.col) in squares_touching(state, (3, 4))


@pytest.mark.parametrize("kind", ["greedy", "mcts:300"])
def test_a_ladybug_keeps_away_from_the_other_ladybug(kind):
    state = placing(["LS"], "L")
    action = choose(kind, state)
    assert (action.row, action.col) not in squares_touching(state, (3, 3))


@pytest.mark.parametrize("kind", ["greedy", "mcts:300"])
def test_a_weevil_completes_the_line_of_four(kind):
    state = placing(["WWW"], "W")
    assert choose(kind, state) in (actions.PLACE[3, 2], actions.PLACE[3, 6])


def test_no_glass_when_every_log_beetle_is_the_same():
    state = position(["SW"], ["L"], variant="standard", log="HHHHH", phase=START)
    assert choose("greedy", state) == actions.ROLL


def last_turn_after_placing(seed: int):
    """A solo game played at random to the step after its last placement, with
    every tool kept (so the Forceps are on offer)."""
    rng = random.Random(seed)
    state = GAME.new(1, seed)
    while not (state.phase == AFTER and state.seats[0].beetles == 25):
        legal = [a for a in state.legal_actions()
                 if not isinstance(a, actions.Glass | actions.Forceps)] or state.legal_actions()
        state = state.apply(rng.choice(legal) if state.to_move is not CHANCE
                            else state.sample_chance(rng))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_greedy_finishes_with_the_best_swap_or_none(seed):
    """On the last turn every result is known exactly: greedy's choice is the best."""
    state = last_turn_after_placing(seed)
    done = state.apply(actions.DONE).scores()[0]
    held = state.apply(actions.FORCEPS)
    assert held.phase == SWAP_LAST
    best = max(held.apply(swap).scores()[0] for swap in held.legal_actions())
    first = choose("greedy", state, seed)
    if best > done:
        assert first == actions.FORCEPS
        final = held.apply(choose("greedy", held, seed))
        assert final.phase == OVER and final.scores()[0] == best
    else:
        assert first == actions.DONE


def test_greedy_beats_random():
    for seed in range(3 * STAT_SEED, 3 * STAT_SEED + 3):
        result = play_match("jewelbox", ["greedy", "random"], seed=seed)
        assert result.final.winners() == (0,)


def test_the_search_starts_from_the_planners_reckoning():
    """Each first move of a search holds `prior_visits` visits at the reward
    the planner expects of it, and the search adds its own on top; a budget
    below those visits searches without them."""
    from gemtable.ai.heuristics.jewelbox import JewelBoxHeuristic
    from gemtable.ai.mcts import MctsBot

    heuristic = JewelBoxHeuristic()
    heuristic.prior_visits = 20
    state = placing(["SJ", "W."], "J")
    view = state.view(0)
    expected = heuristic.first_move_rewards(view)
    assert set(expected) == set(view.legal_actions())

    bot = MctsBot(heuristic, seed=1, iterations=50)
    bot.choose(view)
    children = bot.last_root.children
    assert set(children) == set(expected)
    assert sum(c.visits for c in children.values()) == 50 + 20 * len(children)
    for action, child in children.items():
        searched = child.visits - 20
        assert searched >= 0
        # the searched visits add a reward in [0, 1] each to the prior's
        assert -1e-9 <= child.reward - 20 * expected[action] <= searched + 1e-9

    short = MctsBot(heuristic, seed=1, iterations=12)
    short.choose(view)
    assert sum(c.visits for c in short.last_root.children.values()) == 12


class _SplittingOnRefills(JewelBoxHeuristic):
    """The search told what a refill turns face up (the log and the beetle
    in hand, which every seat sees), so it branches on it like a die."""

    observes = True
    prior_visits = 0

    def observation(self, before, after):
        if len(after.pile) < len(before.pile):
            return after.log, after.holding
        return None


def _solo_placing(seed: int):
    """A solo position a few turns in, a beetle in hand."""
    rng = random.Random(seed)
    state = GAME.new(1, seed)
    while state.phase != PLACING or state.seats[0].beetles < 3:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_search_can_branch_on_each_beetle_the_pile_turns_up():
    """Below a placement (which refills the log from the pile) the tree splits
    by the log the seat then sees; without an observation (as shipped), one
    node mixes every refill."""
    from gemtable.ai.mcts import MctsBot, Seen

    state = _solo_placing(4)
    bot = MctsBot(_SplittingOnRefills(), seed=2, iterations=300)
    bot.choose(state.view(0))
    branched = [child for child in bot.last_root.children.values() if child.children]
    assert branched
    for child in branched:
        keys = list(child.children)
        assert all(isinstance(key, Seen) for key in keys)
        logs = [key.what[0] for key in keys]
        assert len(set(logs)) == len(logs) > 1
        for log in logs:  # the log as it stood, but for the refilled space
            assert sum(a != b for a, b in zip(log, state.log, strict=True)) <= 1
        assert sum(seen.visits for seen in child.children.values()) == child.visits - 1

    plain = MctsBot(JewelBoxHeuristic(), seed=2, iterations=300)
    plain.choose(state.view(0))
    assert not any(isinstance(key, Seen) for child in plain.last_root.children.values()
                   for key in child.children)
