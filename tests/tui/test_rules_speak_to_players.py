"""Rules documents and the help screen speak to players (ruling 30 of
Iridescia, for every game): no file names, no folders of the project, no
calls into the program. Every game comes from the registry, so a game added
later is held to this without an edit here."""

from __future__ import annotations

import re

import pytest

from gemtable.engine import registry
from gemtable.tui.boards import board_for
from gemtable.tui.screens.legend import REPLAY_KEYS, WATCH_KEYS, table_keys

PROGRAMMER_TEXT = re.compile(
    r"[\w/.-]+\.(?:csv|py|md|json|jsonl|toml|txt|tcss|ya?ml)\b"  # a file name
    r"|\b(?:shared|data|engine|tests?|ai|tui)/"  # a folder of the project
    r"|\b\w+\(\)"  # a call with no arguments: legal_actions()
    r"|\b[a-z]\w*[_.]\w*\([^)]*\)"  # a call of a code name: sample_chance(rng)
    r"|`[a-z]\w*_\w*`",  # a code name in backquotes: `legal_actions`
    re.IGNORECASE,
)


def programmer_text(text: str) -> list[str]:
    return [match.group() for match in PROGRAMMER_TEXT.finditer(text)]


def test_the_check_finds_what_it_is_for():
    assert programmer_text("see `data/cards.csv` beside this document") == ["data/cards.csv"]
    assert programmer_text("as in shared/rulings/iridescia.md") == [
        "shared/rulings/iridescia.md"]
    assert programmer_text("`legal_actions()` lists them") == ["legal_actions()"]
    assert programmer_text("and `sample_chance(rng)` draws") == ["sample_chance(rng)"]
    assert programmer_text("the full list is in actions.py") == ["actions.py"]
    assert programmer_text("`rhom_value` counts") == ["`rhom_value`"]
    assert programmer_text("reveal (0, 1 or 2 tiles), `take RBG`, `move 2c as e`, "
                           "a tile(s) and 2.5 gems; F1 keys: `Shift+Tab`") == []


@pytest.mark.parametrize("game", registry.all(), ids=lambda game: game.id)
def test_the_rules_document_speaks_to_players(game):
    assert programmer_text(game.rules_text()) == []
    assert "<!--" not in game.rules_text(), "a marker for the catalogue command is no rule"


@pytest.mark.parametrize("game", registry.all(), ids=lambda game: game.id)
def test_the_help_screens_keys_speak_to_players(game):
    board = board_for(game.id)
    for text in (board.legend_markdown(), board.key_reference(), table_keys(True),
                 table_keys(False), WATCH_KEYS, REPLAY_KEYS):
        assert programmer_text(text) == []


@pytest.mark.parametrize("game", registry.all(), ids=lambda game: game.id)
def test_f1_says_what_a_hint_figure_is_as_the_hint_screen_does(game):
    from gemtable.ai.heuristics import heuristic_for
    from gemtable.ai.hints import in_points

    for players in game.player_counts():
        points = in_points(heuristic_for(game.id), players)
        words = table_keys(points)
        assert ("the points it expects" in words) == points
        assert ("its chance to win" in words) == (not points)
