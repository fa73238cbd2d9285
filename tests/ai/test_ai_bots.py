"""Every bot: legal choices, reproducible with a seed, and only ever shown a view."""

from __future__ import annotations

import os
import random

import pytest

from gemtable.ai import make_bot
from gemtable.ai.heuristics import Heuristic
from gemtable.ai.match import bot_seed, play_match
from gemtable.ai.mcts import MctsBot
from gemtable.ai.simple import GreedyBot, RandomBot
from gemtable.engine import CHANCE, chance_rng, registry

JOWHARI = registry.get("jowhari")
STAT_SEED = int(os.environ.get("GEMTABLE_TEST_SEED", "0"))
"""Shifts the seeds of the statistical tests; set GEMTABLE_TEST_SEED to check others."""
KINDS = ("random", "greedy", "mcts:40")


def positions(players: int, count: int, seed: int):
    """True states reached by random play, several games long."""
    rng = random.Random(seed)
    state = JOWHARI.new(players, seed)
    found = []
    while len(found) < count:
        if state.is_over:
            state = JOWHARI.new(players, rng.randrange(10**6))
        if rng.random() < 0.3:
            found.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_choose_legal_actions(players):
    search = make_bot("mcts:25", game_id="jowhari", seed=7)
    for i, state in enumerate(positions(players, 120, seed=players)):
        view = state.view(state.to_move)
        legal = state.legal_actions()
        assert make_bot("random", game_id="jowhari", seed=i).choose(view) in legal
        assert make_bot("greedy", game_id="jowhari", seed=i).choose(view) in legal
        if i % 5 == 0:
            assert search.choose(view) in legal


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_and_view_give_the_same_action(kind):
    views = [s.view(s.to_move) for s in positions(2, 8, seed=11)]
    first = make_bot(kind, game_id="jowhari", seed=5)
    again = make_bot(kind, game_id="jowhari", seed=5)
    chosen = [first.choose(v) for v in views]
    assert [again.choose(v) for v in reversed(views)] == list(reversed(chosen))
    assert [first.choose(v) for v in views] == chosen  # history does not matter


def test_different_seeds_vary_random_choices():
    state = positions(2, 1, seed=2)[0]
    view = state.view(state.to_move)
    picks = {make_bot("random", game_id="jowhari", seed=s).choose(view) for s in range(30)}
    assert len(picks) > 3


@pytest.mark.parametrize("kind", KINDS)
def test_bots_refuse_the_true_state_and_other_seats_views(kind):
    bot = make_bot(kind, game_id="jowhari", seed=0)
    state = JOWHARI.new(2, 3)
    with pytest.raises(ValueError, match="view"):
        bot.choose(state)
    with pytest.raises(ValueError, match="seat"):
        bot.choose(state.view(1))  # seat 0 is to move


class Recorder:
    """Wraps a bot and keeps every view it was shown."""

    def __init__(self, bot):
        self.bot, self.kind, self.views = bot, bot.kind, []

    def choose(self, view):
        self.views.append(view)
        return self.bot.choose(view)


def test_a_match_shows_each_bot_exactly_its_seats_view():
    bots = [Recorder(make_bot(k, game_id="jowhari", seed=i)) for i, k in
            enumerate(("greedy", "mcts:20", "random"))]
    result = play_match("jowhari", bots, seed=21, max_actions=60)
    state = JOWHARI.new(3, 21)
    shown = {i: iter(bot.views) for i, bot in enumerate(bots)}
    hidden_seen = 0
    for action in result.actions:
        seat = state.to_move
        view = next(shown[seat])
        assert view.viewer == seat
        assert view == state.view(seat)
        for other, s in enumerate(view.seats):
            if other != seat:
                hidden_seen += sum(1 for c, public in zip(s.hand, s.hand_public, strict=True) if not public)
                assert all(c < 0 for c, public in zip(s.hand, s.hand_public, strict=True) if not public)
        assert all(c < 0 for deck in view.decks for c in deck)
        state = state.apply(action)
    assert hidden_seen > 0
    assert all(next(it, None) is None for it in shown.values())


def test_match_is_reproducible_and_reports_timing():
    one = play_match("jowhari", ["greedy", "random"], seed=4)
    two = play_match("jowhari", ["greedy", "random"], seed=4)
    assert one.final.is_over
    assert one.actions == two.actions
    assert one.turns == one.final.turn > 0
    assert len(one.think_seconds) == 2 and all(t >= 0 for t in one.think_seconds)
    assert sum(one.decisions) == len(one.actions)
    assert one.kinds == ("greedy", "random")
    # bots are seeded from (game seed, seat): building them by hand changes nothing
    by_hand = [make_bot(k, game_id="jowhari", seed=bot_seed(4, i))
               for i, k in enumerate(["greedy", "random"])]
    assert play_match("jowhari", by_hand, seed=4).actions == one.actions


def test_greedy_beats_random_in_a_short_series():
    wins = 0.0
    for g in range(6):
        seats = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        outcome = play_match("jowhari", seats, seed=100 + 6 * STAT_SEED + g).final.outcome()
        wins += outcome[seats.index("greedy")]
    assert wins >= 5


def test_a_game_without_heuristic_plays_with_every_generic_bot():
    fallback = Heuristic()
    bots = [GreedyBot(fallback, seed=1), MctsBot(fallback, seed=2, iterations=15),
            RandomBot(seed=3)]
    result = play_match("jowhari", bots, seed=8, max_actions=45)
    assert len(result.actions) == 45


# --- chance steps (Prospect, the suite's own game, from conftest) ------------


def test_match_rolls_chance_with_the_shared_convention(prospect):
    result = play_match(prospect, [RandomBot(seed=1), RandomBot(seed=2)], seed=77)
    state = prospect.new(2, 77)
    rolls = 0
    for step, action in enumerate(result.actions):
        if state.to_move is CHANCE:
            assert action == state.sample_chance(chance_rng(77, step))
            rolls += 1
        state = state.apply(action)
    assert rolls > 0 and state.is_over


def test_greedy_values_a_chance_step_by_its_expectation(prospect):
    # dig gains 5/6 of 4 nuggets on average, pan or the cheapest buy gains 1:
    # only the expectation sees it
    bot = GreedyBot(Heuristic(), seed=0)
    assert str(bot.choose(prospect.new(2, 0).view(0))) == "dig"


@pytest.mark.parametrize("players", [2, 3])
def test_every_bot_plays_a_game_with_chance_steps(prospect, players):
    for seed in range(3):
        bots = [MctsBot(Heuristic(), seed=seed, iterations=30),
                GreedyBot(Heuristic(), seed=seed), RandomBot(seed=seed)][:players]
        result = play_match(prospect, bots, seed=seed)
        assert result.final.is_over
        assert sum(result.decisions) < len(result.actions)  # rolls were no decisions
