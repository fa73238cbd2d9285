"""KIND strings: what make_bot accepts, what it refuses, and what bot_kinds lists."""

from __future__ import annotations

import pytest

from gemtable.ai import BotKindError, bot_kinds, make_bot
from gemtable.ai.heuristics import HEURISTIC_MODULES, Heuristic, heuristic_for
from gemtable.ai.mcts import DEFAULT_ITERATIONS, MctsBot
from gemtable.ai.simple import GreedyBot, RandomBot
from gemtable.engine import registry


def test_generic_kinds_are_listed_for_every_game():
    for game_id in registry.ids():
        kinds = bot_kinds(game_id)
        assert kinds[:4] == ("random", "greedy", "mcts", "mcts:ITERATIONS")
        assert len(set(kinds)) == len(kinds)
    assert bot_kinds() == ("random", "greedy", "mcts", "mcts:ITERATIONS")


@pytest.mark.parametrize(
    ("kind", "cls"), [("random", RandomBot), ("greedy", GreedyBot), ("mcts", MctsBot)]
)
def test_make_bot_builds_each_generic_kind(kind, cls):
    bot = make_bot(kind, game_id="jowhari", seed=3)
    assert isinstance(bot, cls)
    assert callable(bot.choose)
    assert bot.kind == kind


def test_mcts_budgets_parse():
    assert make_bot("mcts", game_id="jowhari", seed=0).iterations == DEFAULT_ITERATIONS
    by_count = make_bot("mcts:250", game_id="jowhari", seed=0)
    assert (by_count.iterations, by_count.seconds, by_count.kind) == (250, None, "mcts:250")
    by_time = make_bot("mcts:0.5s", game_id="jowhari", seed=0)
    assert (by_time.iterations, by_time.seconds) == (None, 0.5)


@pytest.mark.parametrize(
    "kind", ["", "alpha", "Random", "mcts:", "mcts:0", "mcts:-5", "mcts:abc", "mcts:1.5",
             "mcts:0s", "mcts:-1s", "mcts:xs", "mcts:infs", "greedy:3", "human"],
)
def test_unknown_kinds_raise_a_clear_error(kind):
    with pytest.raises(BotKindError) as caught:
        make_bot(kind, game_id="jowhari", seed=0)
    message = str(caught.value)
    assert repr(kind) in message
    assert "mcts" in message  # names what would have been accepted


def test_unknown_game_is_refused():
    with pytest.raises(registry.UnknownGame):
        make_bot("random", game_id="no-such-game", seed=0)


def test_every_heuristic_module_is_a_registered_game_with_a_heuristic():
    for game_id in HEURISTIC_MODULES:
        assert game_id in registry.ids()
        assert isinstance(heuristic_for(game_id), Heuristic)
        assert type(heuristic_for(game_id)) is not Heuristic


def test_a_game_without_heuristic_falls_back_to_scores():
    fallback = heuristic_for("a-game-with-no-heuristic")
    assert type(fallback) is Heuristic
    assert fallback.bots == {}


class FirstLegal:
    """A stand-in per-game bot: always the first legal action."""

    kind = "first"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view):
        return view.legal_actions()[0]


def test_per_game_bots_come_from_the_heuristic_module(monkeypatch):
    heuristic = heuristic_for("jowhari")
    monkeypatch.setattr(heuristic, "bots", {"first": FirstLegal})
    assert bot_kinds("jowhari")[-1] == "first"
    bot = make_bot("first", game_id="jowhari", seed=4)
    assert isinstance(bot, FirstLegal) and bot.seed == 4
    assert "first" not in bot_kinds()
