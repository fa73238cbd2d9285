"""A finished game's log for the review screen's tests."""

from __future__ import annotations

from pathlib import Path

from gemtable.ai.match import play_match
from gemtable.engine import gamelog, registry

REVIEW_OPTIONS = {"budget": 30, "workers": 1}
"""Small and on one core: the screen, not the search, is under test."""


def finished_log(folder: Path, *, seed: int = 3) -> Path:
    """Jowhari as `easy` (logged as a person, so its moves are reviewed) against greedy."""
    result = play_match("jowhari", ["easy", "greedy"], seed=seed)
    game = registry.get("jowhari")
    states = [game.new(2, seed)]
    for action in result.actions:
        states.append(states[-1].apply(action))
    header = gamelog.Header("jowhari", game.default_variant(2).id, 2, ("human", "greedy"), seed)
    path = folder / "reviewed.jsonl"
    gamelog.write_complete(path, header, states, result.actions)
    return path
