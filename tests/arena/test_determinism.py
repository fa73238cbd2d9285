"""Results depend on the seed alone: not on the worker count, nor on the order
in which games finish."""

from __future__ import annotations

import threading

import pytest
from arena_support import without_timing

from gemtable.ai.arena import ArenaOptions, arena_task, run_arena
from gemtable.ai.backends import LocalBackend, RunStopped, play_task
from gemtable.ai.tournament import TournamentOptions, run_tournament, tournament_tasks
from gemtable.ai.tournament_report import to_json

POOL = ["random", "greedy", "mcts:10"]


def test_arena_json_is_the_same_with_one_and_two_workers():
    kinds = ["greedy", "random"]
    alone = run_arena(ArenaOptions("jowhari", kinds, games=16, seed=3), workers=1).to_json()
    pooled = run_arena(ArenaOptions("jowhari", kinds, games=16, seed=3), workers=2).to_json()
    assert alone["seconds"] >= 0 and pooled["seconds"] >= 0
    assert without_timing(alone) == without_timing(pooled)
    assert alone["games"] == 16 and alone["seats"] == kinds


def test_tournament_json_is_the_same_with_one_and_two_workers():
    alone = to_json(run_tournament(TournamentOptions("jowhari", POOL, games=12, seed=5), workers=1))
    pooled = to_json(run_tournament(TournamentOptions("jowhari", POOL, games=12, seed=5),
                                    workers=2))
    assert without_timing(alone) == without_timing(pooled)
    assert set(alone["move_ms"]) == set(POOL)


def test_a_game_depends_only_on_its_task():
    task = arena_task("jowhari", ["greedy", "mcts:5"], 11, None, 3)
    first, again = play_task(task), play_task(task)
    assert first.actions == again.actions and first.scores == again.scores
    assert first.seats == ("mcts:5", "greedy")  # game 3 of 2 seats: rotated once
    other = play_task(arena_task("jowhari", ["greedy", "mcts:5"], 12, None, 3))
    assert other.actions != first.actions


def test_the_pool_finishes_games_out_of_order_but_totals_come_in_index_order():
    tasks = tournament_tasks("jowhari", POOL, 2, games=9, seed=1)
    finished = [g.index for g in LocalBackend(2).run(tasks)]
    assert sorted(finished) == list(range(9))
    in_order = run_tournament(TournamentOptions("jowhari", POOL, games=9, seed=1), workers=2)
    assert in_order.games == 9


def test_every_pairing_and_seat_is_played_evenly():
    tasks = tournament_tasks("jowhari", POOL, 2, games=12, seed=0)
    tables = [t.seats for t in tasks]
    for a in POOL:
        for b in POOL:
            if a != b:
                assert tables.count((a, b)) == 2  # 6 ordered pairs, 2 games each
    three = tournament_tasks("jowhari", ["random", "greedy", "mcts:5", "mcts:9"], 3,
                             games=12, seed=0)
    firsts = [t.seats[0] for t in three]
    assert {firsts.count(k) for k in ("random", "greedy", "mcts:5", "mcts:9")} == {3}


def test_a_stop_request_ends_the_run():
    stop = threading.Event()
    tasks = tournament_tasks("jowhari", POOL, 2, games=40, seed=0)
    seen = []
    with pytest.raises(RunStopped):
        for game in LocalBackend(2, stop=stop).run(tasks):
            seen.append(game.index)
            stop.set()
    assert 1 <= len(seen) < 40
