"""The Ray backend on a local two-CPU cluster gives exactly the local results."""

from __future__ import annotations

import pytest
from arena_support import without_timing

from gemtable.ai.arena import ArenaOptions, run_arena
from gemtable.ai.backends import make_backend
from gemtable.ai.tournament import TournamentOptions, run_tournament
from gemtable.ai.tournament_report import to_json
from gemtable.engine import registry

ray = pytest.importorskip("ray", reason="the cluster extra is not installed")
# One worker runs every Ray test: a 2-CPU cluster each would overload the machine,
# and the unreachable-cluster test needs no cluster running in its process.
pytestmark = pytest.mark.xdist_group("ray")


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level="ERROR")
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_arena_equals_local_arena(cluster, tmp_path):
    kinds = ["greedy", "random"]
    local = run_arena(ArenaOptions("jowhari", kinds, games=20, seed=4), workers=2)
    played = []
    on_ray = run_arena(ArenaOptions("jowhari", kinds, games=20, seed=4),
                       backend=make_backend("ray"), results=tmp_path / "ray.jsonl",
                       on_played=played.append)
    assert without_timing(on_ray.to_json()) == without_timing(local.to_json())
    assert sorted(g.index for g in played) == list(range(20))
    assert ray.is_initialized()  # a cluster it did not start is left running


def test_ray_tournament_equals_local_tournament(cluster):
    pool = ["random", "greedy", "mcts:8"]
    local = run_tournament(TournamentOptions("jowhari", pool, games=9, seed=2), workers=1)
    on_ray = run_tournament(TournamentOptions("jowhari", pool, games=9, seed=2),
                            backend=make_backend("ray"))
    assert without_timing(to_json(on_ray)) == without_timing(to_json(local))


def test_address_needs_the_ray_backend():
    with pytest.raises(ValueError, match="--address is for --backend ray"):
        make_backend("local", address="127.0.0.1:6379")
    with pytest.raises(ValueError, match="no backend 'dask'"):
        make_backend("dask")



def test_ray_soak_equals_local_soak(cluster, shipped_games):
    # Ray's workers are processes of their own: a game registered only in
    # this one (the suite's Prospect) is unknown there.
    from gemtable.ai.backends import LocalBackend
    from gemtable.ai.soak import run_soak, soak_tasks

    tasks = list(soak_tasks(list(registry.ids()), 3, seed=8, greedy_share=0.0))
    local = run_soak(tasks, LocalBackend(workers=1))
    seen: list = []
    on_ray = run_soak(tasks, make_backend("ray"), on_game=seen.append)
    assert sorted(r.index for r in seen) == [t.index for t in tasks]
    assert len(tasks) == 3 * len(registry.ids())
    assert (on_ray.games, on_ray.actions, on_ray.failures) == (len(tasks), local.actions, [])
    assert local.failures == [] and local.games == len(tasks)
