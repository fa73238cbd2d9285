"""A soak run that meets a broken rule says so: the seed, the actions, a log
that replays to the broken position; a crash is a finding, not a crash."""

from __future__ import annotations

import pytest

from gemtable.ai.soak import save_failure, soak_game, soak_tasks
from gemtable.engine.gamelog import load
from gemtable.engine.games.jowhari import JowhariState
from gemtable.tui.cli import main

BREAKS_AT = 7


def _break_after_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    def invariants(state: JowhariState) -> tuple[str, ...]:
        return ("the test breaks it here",) if state.turns >= BREAKS_AT else ()

    monkeypatch.setattr(JowhariState, "invariants", invariants)


def test_a_broken_invariant_is_reported_with_a_replayable_log(monkeypatch, tmp_path):
    _break_after_turns(monkeypatch)
    task = next(soak_tasks(["jowhari"], 1, seed=5))
    result = soak_game(task)
    assert result.failed
    assert result.problems == ("game invariant: the test breaks it here",)
    assert result.turns == BREAKS_AT
    text = result.describe()
    assert f"seed {task.seed}" in text and result.played[0] in text
    loaded = load(save_failure(result, tmp_path))
    assert loaded.header.seed == task.seed and loaded.header.seats == task.seats
    assert loaded.final.turns == BREAKS_AT
    assert loaded.actions == result.played


def test_conservation_and_bounds_are_checked(monkeypatch):
    task = next(soak_tasks(["jowhari"], 1, seed=5))
    original = JowhariState.component_counts

    def leaky(state: JowhariState) -> dict[str, int]:
        counts = original(state)
        if state.turns >= 3:
            counts["gold"] += 1
        return counts

    monkeypatch.setattr(JowhariState, "component_counts", leaky)
    result = soak_game(task)
    assert any("components not conserved: gold" in p for p in result.problems)
    monkeypatch.undo()
    monkeypatch.setattr(type(JowhariState.game), "max_turns", lambda self, players, variant: 4)
    result = soak_game(task)
    assert result.problems == ("5 turns played, more than the game's bound of 4",)


def test_a_crash_in_the_rules_is_a_finding(monkeypatch):
    original = JowhariState.game.apply_action

    def crashing(state, action):
        if state.turns >= 2:
            raise ZeroDivisionError("rules crashed")
        return original(state, action)

    monkeypatch.setattr(type(JowhariState.game), "apply_action", staticmethod(crashing))
    result = soak_game(next(soak_tasks(["jowhari"], 1, seed=2)))
    assert result.failed and "ZeroDivisionError: rules crashed" in result.problems[0]


def test_the_command_prints_the_seed_and_saves_the_log(monkeypatch, tmp_path, capsys):
    assert main(["soak", "jowhari", "--games", "3", "--workers", "1",
                 "--logs", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "jowhari: games 0-2 of seed 0: 3 games" in out and "0 failed" in out
    _break_after_turns(monkeypatch)
    assert main(["soak", "jowhari", "--games", "2", "--workers", "1",
                 "--logs", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "2 failed" in captured.out
    assert "FAILED game 0" in captured.err and "actions:" in captured.err
    saved = sorted(tmp_path.glob("soak-jowhari-*.jsonl"))
    assert len(saved) == 2
    assert all(load(path).final.turns == BREAKS_AT for path in saved)
