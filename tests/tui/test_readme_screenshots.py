"""The README's pictures are snapshots the tests keep current, one per game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gemtable.engine import registry

ROOT = Path(__file__).resolve().parents[2]
PICTURE = re.compile(r"!\[([^\]]+)\]\((screenshots/[^)]+\.svg)\)")


def _pictures() -> dict[str, Path]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return {alt: ROOT / path for alt, path in PICTURE.findall(text)}


def test_every_readme_picture_is_a_snapshot_with_its_text():
    pictures = _pictures()
    assert pictures
    for path in pictures.values():
        assert path.is_file(), path
        # The plain-text twin is what the snapshot tests compare, so the picture
        # beside it is as current as they are.
        assert path.with_suffix(".txt").is_file(), f"{path.name} has no text snapshot"


@pytest.mark.parametrize("game", [registry.get(game_id) for game_id in registry.GAME_MODULES],
                         ids=lambda g: g.id)  # the shipped games, which the README shows
def test_the_readme_shows_every_game(game):
    pictures = _pictures()
    assert game.title in pictures, f"the README has no picture of {game.title}"
    # The same screen with room for the title (at 80 columns the status bar drops it).
    wide = re.sub(r"_\d+x\d+\.svg$", "_120x40.txt", pictures[game.title].name)
    assert game.title in (ROOT / "screenshots" / wide).read_text(encoding="utf-8")
