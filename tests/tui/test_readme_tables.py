"""The README's game and level tables are the registry's and the levels' own:
every registered game is listed, and each level says what it plays as there."""

from __future__ import annotations

from pathlib import Path

from gemtable.ai.levels import LEVELS, level_kind
from gemtable.engine import registry
from gemtable.tui.commands.readme_tables import BLOCKS, block_markdown, held_block, main, rewrite

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_holds_the_tables_as_generated():
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
                     "<!-- level table: x -->\n<!-- end of level table -->\nend\n")
    assert main(["--write", str(stale)]) == 0
    text = stale.read_text()
    assert "old rows" not in text and text == rewrite(text)
    assert text.startswith("intro\n") and text.endswith("end\n")
