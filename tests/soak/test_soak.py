"""Soak: a thousand seeded games of every registered game, with every
invariant of gemtable.engine.invariants checked after every action.

Every position of every game gets the cheap checks (the game's own
invariants, conservation, whose move, the turn bound, the results); every
fiftieth game gets all of them at every position (every legal action applies
and reads back from its text, views and determinizations agree). A new game
registered in gemtable.engine.registry is covered without a line here.
GEMTABLE_SOAK_GAMES sets how many games per game (for long runs).
"""

from __future__ import annotations

import os

import pytest

from gemtable.ai.backends import LocalBackend
from gemtable.ai.soak import run_soak, save_failure, soak_game, soak_tasks
from gemtable.engine import registry

GAMES = int(os.environ.get("GEMTABLE_SOAK_GAMES", "1000"))
GREEDY_SHARE = 0.005
"""The greedy bot is a hundred times slower than random: a few of its seats
bring its style of play in without taking the budget."""
THOROUGH_EVERY = 50


@pytest.mark.parametrize("game_id", registry.ids())
def test_soak_every_game(game_id, tmp_path):
    tasks = list(soak_tasks([game_id], GAMES, seed=0, greedy_share=GREEDY_SHARE,
                            thorough_every=THOROUGH_EVERY))
    totals = run_soak(tasks, LocalBackend(workers=1))
    assert totals.games == GAMES
    assert sum(task.thorough for task in tasks) == -(-GAMES // THOROUGH_EVERY)
    played = {(task.players, task.variant) for task in tasks}
    game = registry.get(game_id)
    offered = {(p, v.id) for p in game.player_counts() for v in game.variants_for(p)}
    assert played == offered or len(offered) > GAMES
    reports = [f"{failure.describe()}\n  saved as {save_failure(failure, tmp_path)}"
               for failure in totals.failures[:3]]
    assert not totals.failures, f"{len(totals.failures)} soak games failed:\n" + "\n".join(reports)


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_declares_a_turn_bound(game_id):
    game = registry.get(game_id)
    for players in game.player_counts():
        for variant in game.variants_for(players):
            bound = game.max_turns(players, variant.id)
            assert isinstance(bound, int) and bound > 0
            assert game.new(players, seed=1, variant=variant.id).invariants() == ()


def test_soak_games_depend_only_on_their_task():
    tasks = list(soak_tasks(["jowhari"], 4, seed=3, greedy_share=0.5))
    first = [soak_game(task) for task in tasks]
    again = [soak_game(task) for task in reversed(tasks)][::-1]
    assert [(r.seed, r.actions, r.turns) for r in first] == \
        [(r.seed, r.actions, r.turns) for r in again]
    assert {r.seats for r in first} != {("random", "random")}, "some seats are greedy"
    assert all(not r.failed for r in first)


def test_a_range_of_games_is_that_stretch_of_a_longer_run():
    def played(tasks):
        return [(t.game, t.players, t.variant, t.seats, t.seed, t.thorough) for t in tasks]

    games = list(registry.ids())
    whole = played(soak_tasks(games, 12, seed=4, thorough_every=5))
    parts = [played(soak_tasks([game], 4, seed=4, thorough_every=5, first=first))
             for game in games for first in (0, 4, 8)]
    assert [task for part in parts for task in part] == whole
    assert len(set(whole)) == len(whole)
