"""The search keeps its tree between moves only where the new position follows
from it: everything played since was open to the seat (no chance step, no
reveal, no secret move)."""

from __future__ import annotations

import random

import pytest

from gemtable.ai import make_bot
from gemtable.ai.base import search_kind
from gemtable.ai.match import chance_rng, play_match
from gemtable.ai.mcts import MctsBot, Node
from gemtable.engine import CHANCE, registry

BUDGET = 120


def _play_recording(game_id: str, seed: int, kind: str = f"mcts:{BUDGET}"):
    """Seat 0 searches, seat 1 is greedy. For each search of seat 0: the
    inherited visits and whether every action since its previous decision was
    open to it (None for its first decision)."""
    game = registry.get(game_id)
    state = game.new(2, seed, None)
    bot = make_bot(kind, game_id=game_id, seed=11)
    rival = make_bot("greedy", game_id=game_id, seed=12)
    assert isinstance(bot, MctsBot)
    records: list[tuple[int, bool | None, bool]] = []
    open_since: bool | None = None
    step = 0
    while not state.is_over:
        mover = state.to_move
        if mover is CHANCE:
            action = state.sample_chance(chance_rng(seed, step))
        elif mover == 0:
            kept = _subtree(bot._kept[2]) if bot._kept is not None else set()
            action = bot.choose(state.view(0))
            if bot.last_iterations:  # a real search, not a single legal move
                records.append((bot.last_reused, open_since, id(bot.last_root) in kept))
            open_since = True
        else:
            action = rival.choose(state.view(mover))
        if open_since is not None and (mover is CHANCE or state.reveals(action)
                                       or state.secret_action(action)):
            open_since = False
        state = state.apply(action)
        step += 1
    return records


def _subtree(node: Node) -> set[int]:
    found, stack = set(), [node]
    while stack:
        node = stack.pop()
        found.add(id(node))
        stack.extend(node.children.values())
    return found


@pytest.mark.parametrize("game_id", sorted(registry.ids()))
def test_a_tree_is_kept_only_across_open_moves(game_id):
    records = [r for seed in (1, 2) for r in _play_recording(game_id, seed)]
    for inherited, open_since, reused_node in records:
        if inherited:
            assert open_since is True, "a tree was kept across a chance step or a reveal"
            assert reused_node, "the kept root must be a node of the previous tree"


@pytest.mark.parametrize("game_id", sorted(registry.ids()))
def test_a_game_whose_moves_follow_openly_does_keep_its_tree(game_id):
    """Wherever a search came after nothing but open moves, some search kept
    its tree (games where every move turns something up have no such search)."""
    records = [r for seed in (1, 2) for r in _play_recording(game_id, seed)]
    if any(open_since for _, open_since, _ in records):
        assert any(inherited for inherited, _, _ in records)


def test_a_fresh_search_never_inherits():
    records = _play_recording("workbench", 1, kind=f"mcts-fresh:{BUDGET}")
    assert records and not any(inherited for inherited, _, _ in records)


def test_the_fresh_kind_parses_like_the_search():
    bot = make_bot("mcts-fresh:250", game_id="jowhari", seed=0)
    assert isinstance(bot, MctsBot)
    assert (bot.iterations, bot.keep_tree, bot.kind) == (250, False, "mcts-fresh:250")
    assert make_bot("mcts", game_id="jowhari", seed=0).keep_tree
    assert not make_bot("mcts-fresh", game_id="jowhari", seed=0).keep_tree
    assert search_kind("mcts-fresh") and search_kind("mcts-fresh:0.5s")
    assert make_bot("mcts-fresh@2", game_id="jowhari", seed=0).workers == 2


def test_an_unrelated_view_starts_a_fresh_tree():
    game = registry.get("workbench")
    bot = make_bot(f"mcts:{BUDGET}", game_id="workbench", seed=3)
    first = game.new(2, 1, None)
    while first.to_move is CHANCE:
        first = first.apply(first.sample_chance(random.Random(0)))
    bot.choose(first.view(first.to_move))
    other = game.new(2, 2, None)
    while other.to_move is CHANCE:
        other = other.apply(other.sample_chance(random.Random(0)))
    bot.choose(other.view(other.to_move))
    assert bot.last_reused == 0


def test_keeping_the_tree_replays_the_same_game():
    first = play_match("workbench", [f"mcts:{BUDGET}", "greedy"], seed=4)
    again = play_match("workbench", [f"mcts:{BUDGET}", "greedy"], seed=4)
    assert first.actions == again.actions


def test_a_fresh_bot_moves_as_it_did_before_trees_were_kept():
    """With nothing kept, a search is exactly the fresh search: the same move
    from the same view, seed and budget."""
    state = play_match("workbench", ["greedy", "greedy"], seed=5, max_actions=20).final
    rng = random.Random(1)
    while state.to_move is CHANCE or len(state.legal_actions()) < 2:
        state = state.apply(state.sample_chance(rng) if state.to_move is CHANCE
                            else state.legal_actions()[0])
    view = state.view(state.to_move)
    kept = make_bot(f"mcts:{BUDGET}", game_id="workbench", seed=9)
    fresh = make_bot(f"mcts-fresh:{BUDGET}", game_id="workbench", seed=9)
    assert kept.choose(view) == fresh.choose(view)
    assert isinstance(kept, MctsBot) and isinstance(fresh, MctsBot)
    assert kept.last_root is not None and fresh.last_root is not None
    assert ({a: c.visits for a, c in kept.last_root.children.items()}
            == {a: c.visits for a, c in fresh.last_root.children.items()})
