"""The README's generated blocks are the registry's, the levels' and the
hints' own: every registered game is listed, each level says what it plays
as there, and what a hint's figure is agrees with the hints themselves."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gemtable.ai.hints import hint
from gemtable.ai.levels import LEVELS, level_kind
from gemtable.engine import State, registry
from gemtable.tui.commands.readme_tables import BLOCKS, block_markdown, held_block, main, rewrite

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_holds_the_tables_as_generated(shipped_games):
    text = README.read_text(encoding="utf-8")
    for name in BLOCKS:
        start, end = held_block(text, name)
        assert text[start:end] == block_markdown(name), (
            f"README.md's {name} is out of date: run "
            "`python -m gemtable.tui.commands.readme_tables --write`")


def test_every_registered_game_has_a_row_with_its_title_and_summary():
    table = block_markdown("game table")
    for game in registry.all():
        assert game.summary, f"{game.id} has no one-line summary"
        row = next(line for line in table.splitlines() if line.startswith(f"| `{game.id}` "))
        assert game.title in row and game.summary in row


def test_every_level_row_names_what_it_plays_as_in_each_game():
    rows = block_markdown("level table").splitlines()
    for level in LEVELS:
        row = next(line for line in rows if line.startswith(f"| `{level}` |"))
        cells = [cell.strip() for cell in row.strip("|").split("|")][1:]
        assert cells == [f"`{level_kind(level, game_id)}`" for game_id in registry.ids()]


def test_write_fills_stale_blocks(tmp_path):
    stale = tmp_path / "README.md"
    stale.write_text("intro\n<!-- game table: made by hand -->\nold rows\n<!-- end of game table -->\n"
                     + "".join(f"<!-- {name}: x -->\n<!-- end of {name} -->\n" for name in BLOCKS
                               if name != "game table")
                     + "end\n")
    assert main(["--write", str(stale)]) == 0
    text = stale.read_text()
    assert "old rows" not in text and text == rewrite(text)
    assert text.startswith("intro\n") and text.endswith("end\n")


def _first_decision(game_id: str, players: int) -> State:
    """The first position where a seat chooses among more than one move, as it sees it."""
    state = registry.get(game_id).new(players, 1)
    rng = random.Random(1)
    while not (isinstance(state.to_move, int) and len(state.legal_actions()) > 1):
        if isinstance(state.to_move, int):
            state = state.apply(state.legal_actions()[0])
        else:
            state = state.apply(state.sample_chance(rng))
    return state.view(state.to_move)


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_readme_says_what_a_hint_shows_at_every_player_count(game_id):
    """The README names a game as counting in points exactly where its hints do."""
    game = registry.get(game_id)
    text = README.read_text(encoding="utf-8")
    start, end = held_block(text, "hint values")
    sentence = text[start:end]
    counts = range(game.min_players, game.max_players + 1)
    in_points = [players for players in counts
                 if hint(_first_decision(game_id, players), seed=0, budget=4).solo]
    named = game.title in sentence.partition("except in ")[2]
    assert named == bool(in_points), sentence
    if len(in_points) == len(counts):
        assert f"{game.title} (with any number of players)" in sentence
    elif in_points == [1]:
        assert f"{game.title} played solo" in sentence
    elif in_points:
        assert f"{game.title} with {' or '.join(map(str, in_points))} players" in sentence
