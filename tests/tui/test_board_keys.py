"""Every game's board documents all its keys for the help screen (F1).

A board that declares its keys (BoardKey bindings) gets its key bar, its F1
list and its keys.md from that one declaration; these tests hold the three
together.
"""

import pytest

from gemtable.tui.boards import BOARD_MODULES, board_for

DECLARING = [g for g in sorted(BOARD_MODULES) if board_for(g).board_keys()]
SPOKEN = {"up": "arrows", "down": "arrows", "left": "arrows", "right": "arrows",
          "escape": "Esc", "backspace": "Backspace", "enter": "Enter", "colon": ":", "tab": "Tab"}
"""How the reference writes keys whose binding names are words."""


@pytest.mark.parametrize("game_id", sorted(BOARD_MODULES))
def test_each_board_lists_its_keys_for_the_help_screen(game_id):
    reference = board_for(game_id).key_reference()
    assert reference.startswith("## Keys")
    assert "`:`" in reference and "F1" in reference


@pytest.mark.parametrize("game_id", DECLARING)
def test_keys_md_is_the_declared_key_reference(game_id):
    board = board_for(game_id)
    written = board.keys_file().read_text(encoding="utf-8")
    assert written == board.key_reference(), (
        f"{board.keys_file()} is out of date: write board.key_reference() into it")


@pytest.mark.parametrize("game_id", DECLARING)
def test_every_key_on_the_key_bar_is_in_the_reference(game_id):
    board = board_for(game_id)
    reference = board.key_reference()
    on_bar = [key for key in board.board_keys() if key.modes]
    assert on_bar
    for key in on_bar:
        assert key.description, f"{key.key} shows on the key bar with no words"
        assert SPOKEN.get(key.key, key.key) in reference, f"{key.key} is not in the reference"


@pytest.mark.parametrize("game_id", DECLARING)
def test_every_declared_key_acts(game_id):
    board = board_for(game_id)
    for key in board.board_keys():
        name = key.action.split("(", 1)[0]
        assert callable(getattr(board, f"action_{name}", None)), f"{key.key}: no action_{name}"
