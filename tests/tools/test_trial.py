"""Paired trials: the same arena games with a heuristic as shipped and changed."""

from __future__ import annotations

import json

import pytest

import trial
from gemtable.ai.arena import GameRecord, play_arena_game
from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.heuristics.jewelbox import HEURISTIC as JEWELBOX


def record(index: int, scores: tuple[float, ...], shares: tuple[float, ...]) -> GameRecord:
    n = len(scores)
    return GameRecord(index=index, shares=shares, scores=scores, turns=10, think=(0.0,) * n,
                      decisions=(1,) * n, slowest=(0.0,) * n)


def played(r: GameRecord) -> tuple:
    """What a game came to, without its timings."""
    return r.shares, r.scores, r.turns, r.decisions


@pytest.mark.parametrize(("text", "expected"), [
    ("rival_turn=10", ("rival_turn", 10)),
    (" exploration = 0.25", ("exploration", 0.25)),
    ("weights=[1, 2.5]", ("weights", [1, 2.5])),
    ("own_value=false", ("own_value", False)),
    ("name=word", ("name", "word")),
])
def test_settings_are_read_as_json_or_text(text, expected):
    assert trial.parse_setting(text) == expected


@pytest.mark.parametrize("text", ["rival_turn", "=3", "  =x"])
def test_a_setting_without_a_name_and_value_is_refused(text):
    with pytest.raises(ValueError, match="NAME=VALUE"):
        trial.parse_setting(text)


@pytest.mark.parametrize("name", ["no_such_weight", "_draw_cache", "rewards"])
def test_only_existing_plain_settings_can_change(name):
    with pytest.raises(trial.UnknownSetting, match=name):
        trial.check_settings("jewelbox", {name: 1})


def test_the_changed_game_sees_the_setting_and_it_is_put_back(monkeypatch):
    seen = []

    def spy(game_id, kinds, seed, variant, index):
        seen.append((JEWELBOX.rival_turn, JEWELBOX.solo_span))
        return record(index, (30.0, 28.0), (1.0, 0.0))

    monkeypatch.setattr(trial, "play_arena_game", spy)
    before = (JEWELBOX.rival_turn, JEWELBOX.solo_span)
    paired = trial.play_trial("jewelbox", ("mcts", "greedy"), 1, None,
                              {"rival_turn": 0.5, "solo_span": 40}, 4)
    assert seen == [before, (0.5, 40)]  # shipped first, then changed
    assert (JEWELBOX.rival_turn, JEWELBOX.solo_span) == before
    assert paired.index == 4


def test_a_failing_game_still_puts_the_setting_back(monkeypatch):
    def broken(*args):
        raise RuntimeError("boom")

    monkeypatch.setattr(trial, "play_arena_game", broken)
    before = JEWELBOX.rival_turn
    with pytest.raises(RuntimeError):
        trial.play_changed("jewelbox", ("mcts",), 1, None, 0, {"rival_turn": 3.0})
    assert JEWELBOX.rival_turn == before


def test_with_nothing_changed_both_halves_are_the_arena_game():
    kinds = ("mcts:15", "greedy")
    (paired,) = trial.play_trials("jowhari", kinds, {}, seed=2, games=1, first=3)
    alone = play_arena_game("jowhari", kinds, 2, None, 3)
    assert played(paired.shipped) == played(paired.changed) == played(alone)


def test_a_changed_setting_changes_the_search():
    """A search told to explore wildly plays another game from the same deal."""
    kinds = ("mcts:40",)
    changed = [played(trial.play_changed("jewelbox", kinds, 5, None, i, {"exploration": 50.0}))
               for i in range(3)]
    shipped = [played(play_arena_game("jewelbox", kinds, 5, None, i)) for i in range(3)]
    assert changed != shipped
    assert heuristic_for("jewelbox").exploration == 0.1


def test_summary_pairs_the_first_seat_game_by_game():
    trials = [
        trial.PairedTrial(0, record(0, (30.0, 25.0), (1.0, 0.0)), record(0, (32.0, 25.0), (1.0, 0.0))),
        trial.PairedTrial(1, record(1, (20.0, 24.0), (0.0, 1.0)), record(1, (26.0, 24.0), (1.0, 0.0))),
    ]
    result = trial.summary("jewelbox", ("mcts", "greedy"), {"rival_turn": 10}, trials)
    assert result["score_gain"]["mean"] == pytest.approx(4.0)
    assert result["margin_gain"]["mean"] == pytest.approx(4.0)  # +2 and +6
    assert (result["shipped_wins"], result["changed_wins"]) == (1.0, 2.0)
    text = trial.report(result)
    assert "rival_turn=10" in text and "1 as shipped, 2 changed, of 2" in text


def test_the_command_line_reports_and_refuses_clearly(capsys):
    # greedy never searches, so a search-only setting leaves its games alone
    assert trial.main(["jewelbox", "--seat", "greedy", "--games", "2", "--seed", "1",
                       "--set", "rival_turn=0.5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2 and result["settings"] == {"rival_turn": 0.5}
    assert result["score_gain"]["mean"] == 0
    assert trial.main(["nogame", "--seat", "greedy"]) == 2
    assert "nogame" in capsys.readouterr().err
    assert trial.main(["jewelbox", "--seat", "greedy", "--set", "weight"]) == 2
    assert "NAME=VALUE" in capsys.readouterr().err
