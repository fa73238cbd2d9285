"""Arena reports of achievements (solo titles) for games that award them."""

from gemtable.ai.arena import ArenaOptions, run_arena
from gemtable.engine import registry


def test_solo_arena_counts_every_title_reached():
    result = run_arena(ArenaOptions("jewelbox", ["greedy"], games=3, seed=4), workers=1)
    names = registry.get("jewelbox").achievement_names
    assert list(result.to_json()["titles"]) == list(names)
    data = result.to_json()
    for record_count in data["titles"].values():
        assert 0 <= record_count <= 3
    # Reaching a title means reaching every lower one as well.
    counts = list(data["titles"].values())
    assert counts == sorted(counts, reverse=True)


def test_a_finished_solo_box_reaches_titles_by_its_score():
    game = registry.get("jewelbox")
    result = run_arena(ArenaOptions("jewelbox", ["greedy"], games=1, seed=2), workers=1)
    score = result.mean_score[0]
    thresholds = dict(zip(game.achievement_names, (50, 57, 63), strict=True))
    expected = {name: int(score >= needed) for name, needed in thresholds.items()}
    assert result.titles == expected


def test_games_without_achievements_report_no_titles():
    result = run_arena(ArenaOptions("jowhari", ["greedy", "random"], games=2, seed=1), workers=1)
    assert result.titles is None and "titles" not in result.to_json()


def test_games_for_several_report_no_solo_titles():
    result = run_arena(ArenaOptions("jewelbox", ["greedy", "random"], games=1, seed=1), workers=1)
    assert result.titles is None and "titles" not in result.to_json()
