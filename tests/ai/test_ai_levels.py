"""Levels: names a person understands, mapped to bots for every game."""

from __future__ import annotations

import pytest

from gemtable.ai import BotKindError, level_kinds, make_bot
from gemtable.ai.heuristics import HEURISTIC_MODULES, levels_for
from gemtable.ai.levels import (
    EasyBot,
    level_kind,
    level_target,
    level_words,
    pick_loosely,
)
from gemtable.ai.match import play_match
from gemtable.ai.mcts import DEFAULT_ITERATIONS, MctsBot
from gemtable.ai.simple import GreedyBot
from gemtable.engine import registry


def test_levels_easiest_first():
    assert level_kinds() == ("easy", "normal", "hard", "expert")


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_level_has_one_short_line_for_menus_saying_how_it_plays_there(game_id):
    lines = [level_words(level, game_id) for level in level_kinds()]
    for words in lines:
        assert words and "\n" not in words and len(words) <= 40
    assert len(set(lines)) == len(lines), "two levels of one game described alike"
    assert level_words("hard@2", game_id) == level_words("hard", game_id)
    assert level_words("greedy", game_id) == ""


def test_a_level_moved_by_a_game_is_described_as_it_plays_there():
    """Jewel Box's normal slips from greedy's choice: its line must not be plain greedy's."""
    said = {(level_kind(level, game_id), level_words(level, game_id))
            for game_id in registry.ids() for level in level_kinds()}
    kinds = [kind for kind, _ in said]
    words = [line for _, line in said]
    assert len(set(kinds)) == len(said), "one kind described two ways"
    assert len(set(words)) == len(said), "two kinds described alike"
    assert level_words("normal", "jewelbox") != level_words("normal", "jowhari")


def test_each_level_is_a_bot_and_a_budget():
    assert isinstance(make_bot("easy", game_id="jowhari", seed=0), EasyBot)
    normal = make_bot("normal", game_id="jowhari", seed=0)
    assert isinstance(normal, GreedyBot) and normal.kind == "normal"
    hard = make_bot("hard", game_id="jowhari", seed=0)
    assert isinstance(hard, MctsBot) and hard.kind == "hard"
    assert hard.iterations == 100 and hard.workers == 1
    expert = make_bot("expert", game_id="jowhari", seed=0)
    assert isinstance(expert, MctsBot) and expert.iterations == DEFAULT_ITERATIONS
    assert expert.workers is None  # the spare cores decide


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_game_may_change_budgets_but_not_which_levels_search(game_id):
    from gemtable.ai.base import search_kind

    for level in level_kinds():
        kind = level_kind(level, game_id)
        assert search_kind(kind) == search_kind(level_kind(level))
        bot = make_bot(level, game_id=game_id, seed=0)
        assert bot.kind == level
        if isinstance(bot, MctsBot):
            assert kind in (f"mcts:{bot.iterations}", "mcts")
        elif isinstance(bot, EasyBot):
            assert bot.loose == level_target(level, game_id)
    assert set(levels_for(game_id)) <= set(level_kinds())
    assert set(HEURISTIC_MODULES) <= set(registry.ids())


def test_search_levels_take_workers_and_others_refuse():
    bot = make_bot("hard@2", game_id="jowhari", seed=0)
    assert isinstance(bot, MctsBot) and bot.workers == 2 and bot.kind == "hard@2"
    assert level_kind("expert@3") == "mcts@3"
    for bad in ("easy@2", "normal@2", "Easy", "hard:5"):
        with pytest.raises(BotKindError):
            make_bot(bad, game_id="jowhari", seed=0)


def test_what_a_level_plays_as_is_itself_a_kind():
    for game_id in registry.ids():
        for level in level_kinds():
            written = level_kind(level, game_id)
            bot, twin = (make_bot(k, game_id=game_id, seed=3) for k in (level, written))
            assert type(bot) is type(twin)
            if isinstance(bot, EasyBot):
                assert bot.loose == twin.loose == level_target(level, game_id)
    for bad in ("loose:2/0.5/3", "loose:0.5/0/3", "loose:0.5/0.5", "loose:a/b/c", "loose:0.5/0.5/0"):
        with pytest.raises(BotKindError, match="loose:BEST/POOL/LEAST|BEST lies"):
            make_bot(bad, game_id="jowhari", seed=0)


def test_easy_plays_among_the_better_moves():
    import random

    ranked = list(range(30))
    picks = [pick_loosely(ranked, random.Random(i)) for i in range(400)]
    assert max(picks) < 15  # never from the worse half
    assert 0.12 < picks.count(0) / len(picks) < 0.35  # the best move now and then
    assert picks.count(0) > 2 * picks.count(1)  # and more often than any other
    assert len(set(picks)) > 5


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_level_chooses_a_legal_move_in_every_game(game_id):
    game = registry.get(game_id)
    players = max(2, game.min_players)
    state = next(s for s in (play_match(game_id, ["greedy"] * players, seed=2,
                                        max_actions=n).final for n in range(4, 60))
                 if isinstance(s.to_move, int) and len(s.legal_actions()) >= 2)
    view = state.view(state.to_move)
    for level in level_kinds():
        # one process, so that the move does not depend on this machine's load
        kind = f"{level}@1" if level in ("hard", "expert") else level
        assert make_bot(kind, game_id=game_id, seed=3).choose(view) in view.legal_actions()


def test_easy_loses_to_greedy_clearly():
    shares = 0.0
    games = 10
    for seed in range(games):
        seats = ["easy", "normal"] if seed % 2 == 0 else ["normal", "easy"]
        final = play_match("jowhari", seats, seed=seed).final
        shares += final.outcome()[seats.index("easy")]
    assert shares / games < 0.3  # 2 of 60 over seeds of the arena (docs/performance.md)
