"""The server's bot pool shares the cores among the searches thinking at once."""

from __future__ import annotations

from gemtable.engine import registry
from gemtable.tui.serve.botpool import BotPool


def test_a_search_gets_its_share_of_the_cores_and_other_kinds_are_left_alone():
    pool = BotPool(1, search_workers=lambda thinking: 4 // thinking)
    try:
        assert pool.kind_for("mcts", 1) == "mcts@4"
        assert pool.kind_for("hard", 2) == "hard@2"
        assert pool.kind_for("mcts:500@3", 4) == "mcts:500@1"  # the server decides
        assert pool.kind_for("mcts", 8) == "mcts@1"  # never none
        assert pool.kind_for("greedy", 1) == "greedy"
        assert pool.kind_for("easy", 1) == "easy"
    finally:
        pool.shutdown()


def test_the_pool_counts_the_searches_thinking_now():
    asked: list[int] = []

    def workers(thinking: int) -> int:
        asked.append(thinking)
        return 1

    pool = BotPool(1, search_workers=workers)
    try:
        view = registry.get("jowhari").new(2, seed=1).view(0)
        text = pool.choose("mcts:20", "jowhari", 0, view)
        assert text in {str(a) for a in view.legal_actions()}
        assert asked == [1] and pool._thinking == 0
    finally:
        pool.shutdown()
