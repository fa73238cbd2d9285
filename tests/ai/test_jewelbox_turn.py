"""One Jewel Box turn reckoned exactly (ai/heuristics/jewelbox_turn.py): the
planner values every legal move, its expectations are the sums they claim to
be, the judge's memory changes nothing, and only the view is read."""

from __future__ import annotations

import random

import pytest

from gemtable.ai import make_bot
from gemtable.ai.heuristics.jewelbox_tuples import shipped
from gemtable.ai.heuristics.jewelbox_turn import (
    SearchJudge,
    TurnPlanner,
    pile_counts,
    swapped_masks,
    unseen_supply,
)
from gemtable.engine import CHANCE, registry
from gemtable.engine.games.jewelbox import actions
from gemtable.engine.games.jewelbox.components import COPIES, EMPTY, FAMILY_COUNT
from gemtable.engine.games.jewelbox.state import AFTER, DISCARDING, OVER, PLACING, START

GAME = registry.get("jewelbox")


def positions(players: int, seed: int, every: int = 3):
    """Positions of a seeded game the planner plays against itself."""
    variant = "solo" if players == 1 else "standard"
    state = GAME.new(players, seed, variant)
    rng = random.Random(seed)
    bot = make_bot("planner", game_id="jewelbox", seed=seed)
    found, step = [], 0
    while not state.is_over:
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        if step % every == 0 and len(state.legal_actions()) > 1:
            found.append(state)
        state = state.apply(bot.choose(state.view(state.current)))
        step += 1
    return found, state


def planner(size: int, **options) -> TurnPlanner:
    value = shipped(size)
    assert value is not None
    return TurnPlanner(value, **options)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_every_legal_move_is_valued(players):
    states, final = positions(players, seed=players)
    assert final.phase == OVER
    plan = planner(5 if players == 1 else 4)
    phases = set()
    for state in states:
        values = plan.action_values(state)
        assert set(values) == set(state.legal_actions()), state
        assert all(v == v and abs(v) < 200 for v in values.values())
        phases.add(state.phase)
    assert {START, PLACING} <= phases


@pytest.mark.parametrize("players", [1, 2])
def test_the_view_is_all_it_reads(players):
    states, _ = positions(players, seed=7 + players)
    plan = planner(5 if players == 1 else 4, lookahead=True)
    rng = random.Random(3)
    for state in states[::2]:
        expected = plan.action_values(state)
        seen = state.view(state.current)
        assert plan.action_values(seen) == expected
        assert plan.action_values(seen.determinize(rng)) == expected


def test_rolling_is_each_space_a_sixth_and_a_six_the_best():
    table = [1.0, 2.0, 3.0, 4.0, 5.0]
    assert TurnPlanner.roll_value([0, 0, 1, 4, 2], table) == pytest.approx((1 + 1 + 2 + 5 + 3 + 5) / 6)


def test_a_discard_is_worth_its_next_turn_over_every_refill():
    states, _ = positions(1, seed=4, every=1)
    state = next(s for s in states if s.phase == DISCARDING and s.seats[0].beetles > 6)
    plan = planner(5)
    box = state.seats[0]
    supply, pile = unseen_supply(state), pile_counts(state)
    values = plan.discard_values(box.masks, box.tools, supply, state.log, pile)
    assert sorted(values) == [1, 2, 3, 4, 5]
    for space, value in values.items():
        expected = 0.0
        for refill in range(FAMILY_COUNT):
            log = list(state.log)
            log[space - 1] = refill
            expected += pile[refill] / sum(pile) * plan.start_value(box.masks, box.tools,
                                                                    supply, log)
        assert value == pytest.approx(expected)


def test_unseen_beetles_are_what_no_box_hand_or_discard_holds():
    states, _ = positions(1, seed=5, every=1)
    for state in states:
        supply, pile = unseen_supply(state), pile_counts(state)
        assert sum(pile) == len(state.pile)
        in_log = [state.log.count(f) for f in range(FAMILY_COUNT)]
        assert [s - p for s, p in zip(supply, pile, strict=True)] == in_log
        assert all(0 <= p <= c for p, c in zip(pile, COPIES, strict=True))


@pytest.mark.parametrize("players", [1, 2])
def test_the_judge_remembers_exactly(players):
    """A judge that has seen many positions values each as a fresh one does,
    in whichever order they come."""
    states, _ = positions(players, seed=11 + players, every=1)
    value = shipped(5 if players == 1 else 4)
    kept = SearchJudge(value)
    for state in [*states, *reversed(states)]:
        assert kept.values(state) == pytest.approx(SearchJudge(value).values(state))


def test_the_last_swap_is_judged_by_the_final_score():
    states, final = positions(1, seed=2, every=1)
    judge = SearchJudge(shipped(5))
    last = [s for s in states if s.phase == AFTER and s.seats[0].beetles == 25]
    for state in last:
        box = state.seats[0]
        value = judge.values(state)[0]
        done = state.apply(actions.DONE).scores()[0]
        assert value >= done
        if actions.FORCEPS in state.legal_actions():
            held = state.apply(actions.FORCEPS)
            best = max(held.apply(swap).scores()[0] for swap in held.legal_actions())
            assert value == pytest.approx(max(done, best))
        del box


def test_swapped_masks_trade_two_squares():
    masks = (0b0001, 0b0010, 0, 0b0100, 0)
    assert swapped_masks(masks, 0, 2) == (0b0100, 0b0010, 0, 0b0001, 0)
    assert swapped_masks(masks, 1, 0) == (0b0010, 0b0001, 0, 0b0100, 0)


def test_the_planner_never_spends_a_glass_on_a_log_of_one_family():
    state = GAME.new(1, 1, "solo")
    rng = random.Random(1)
    while not (state.phase == START and state.seats[0].beetles >= 3):
        plain = [a for a in state.legal_actions() if not isinstance(a, actions.Glass | actions.Forceps)]
        state = state.apply(state.sample_chance(rng) if state.to_move is CHANCE
                            else rng.choice(plain))
    import attrs

    same = attrs.evolve(state, log=(2,) * 5)
    assert EMPTY not in same.log
    assert planner(5).choose(same.view(0)) == actions.ROLL
