"""Root-parallel MCTS: reproducible with a fixed seed, budget and worker count."""

from __future__ import annotations

import pytest

from gemtable.ai import BotKindError, make_bot
from gemtable.ai.match import play_match
from gemtable.ai.mcts import MctsBot
from gemtable.ai.parallel import (
    auto_search_workers,
    kind_with_workers,
    server_search_workers,
    single_process_search,
    spare_workers,
)
from gemtable.engine import registry


def midgame(game_id: str, actions: int = 6):
    """The first position at least `actions` in where a seat has a choice."""
    game = registry.get(game_id)
    players = max(2, game.min_players)
    for n in range(actions, actions + 40):
        state = play_match(game_id, ["greedy"] * players, seed=3, max_actions=n).final
        if isinstance(state.to_move, int) and len(state.legal_actions()) >= 2:
            return state
    raise AssertionError(f"no choice in {game_id} after {actions} actions")


def root_visits(bot: MctsBot, view) -> tuple[int, ...]:
    assert bot.last_root is not None
    return tuple(bot.last_root.children[a].visits if a in bot.last_root.children else 0
                 for a in view.legal_actions())


def test_one_worker_is_the_plain_search():
    state = midgame("jowhari")
    view = state.view(state.to_move)
    plain = make_bot("mcts:150", game_id="jowhari", seed=5)
    one = make_bot("mcts:150@1", game_id="jowhari", seed=5)
    assert plain.choose(view) == one.choose(view)
    assert root_visits(plain, view) == root_visits(one, view)


@pytest.mark.parametrize("game_id", registry.ids())
def test_fixed_seed_budget_and_workers_give_the_same_move(game_id):
    state = midgame(game_id)
    view = state.view(state.to_move)
    first = make_bot("mcts:120@2", game_id=game_id, seed=11)
    second = make_bot("mcts:120@2", game_id=game_id, seed=11)
    move = first.choose(view)
    assert move in view.legal_actions()
    assert second.choose(view) == move
    assert root_visits(first, view) == root_visits(second, view)
    # Both trees ran their whole budget and every iteration passed the root,
    # beside the visits a game's own reckoning gives each first move in each tree.
    assert first.last_workers == 2 and first.last_iterations == 240
    seeded = first.heuristic.prior_visits
    reckoned = len(first.heuristic.first_move_rewards(view) or ()) if 0 < seeded <= 120 else 0
    assert sum(root_visits(first, view)) == 240 + 2 * seeded * reckoned


def test_the_second_worker_searches_its_own_determinizations():
    state = midgame("jowhari")
    view = state.view(state.to_move)
    one = make_bot("mcts:120", game_id="jowhari", seed=11)
    two = make_bot("mcts:120@2", game_id="jowhari", seed=11)
    one.choose(view)
    two.choose(view)
    alone, merged = root_visits(one, view), root_visits(two, view)
    second = tuple(m - a for m, a in zip(merged, alone, strict=True))
    assert min(second) >= 0 and sum(second) == 120
    assert second != alone  # a different stream, not a copy of worker 0


def test_worker_counts_parse_and_refuse():
    assert make_bot("mcts@3", game_id="jowhari", seed=0).workers == 3
    assert make_bot("mcts:0.5s@2", game_id="jowhari", seed=0).seconds == 0.5
    assert make_bot("mcts", game_id="jowhari", seed=0).workers is None
    assert make_bot("mcts:200", game_id="jowhari", seed=0).workers == 1
    for bad in ["mcts@0", "mcts@x", "mcts@", "greedy@2", "random@1"]:
        with pytest.raises(BotKindError):
            make_bot(bad, game_id="jowhari", seed=0)


def test_arena_games_search_in_one_process():
    with single_process_search():
        assert auto_search_workers() == 1
        bot = make_bot("mcts:20", game_id="jowhari", seed=0)
        assert bot.workers == 1


def test_spare_cores_decide_the_default():
    assert spare_workers(2, 0.0) == 2
    assert spare_workers(2, 1.0) == 2  # one core idle besides this move's own
    assert spare_workers(2, 2.5) == 1
    assert spare_workers(8, 0.0) == 8
    assert spare_workers(1, 0.0) == 1


def test_a_busy_server_shares_its_cores():
    assert server_search_workers(1, cores=4, load=0.0) == 4
    assert server_search_workers(2, cores=4, load=0.0) == 2
    assert server_search_workers(5, cores=4, load=0.0) == 1
    assert server_search_workers(1, cores=4, load=6.0) == 1
    assert kind_with_workers("mcts", 2) == "mcts@2"
    assert kind_with_workers("mcts:500@4", 1) == "mcts:500@1"
    assert kind_with_workers("greedy", 3) == "greedy"


def test_every_registered_game_searches_in_two_workers():
    for game_id in registry.ids():
        state = midgame(game_id, actions=2)
        view = state.view(state.to_move)
        bot = make_bot("mcts:30@2", game_id=game_id, seed=1)
        assert bot.choose(view) in view.legal_actions()


def test_without_processes_the_workers_search_here_with_the_same_move(monkeypatch):
    import gemtable.ai.parallel as parallel

    state = midgame("jowhari")
    view = state.view(state.to_move)
    pooled = make_bot("mcts:80@2", game_id="jowhari", seed=4)
    move = pooled.choose(view)

    def no_processes(size):
        raise OSError("no processes to be had")

    monkeypatch.setattr(parallel, "_pool", no_processes)
    here = make_bot("mcts:80@2", game_id="jowhari", seed=4)
    assert here.choose(view) == move
    assert root_visits(here, view) == root_visits(pooled, view)
