"""Every game's board documents all its keys for the help screen (F1)."""

import pytest

from gemtable.tui.boards import BOARD_MODULES, board_for


@pytest.mark.parametrize("game_id", sorted(BOARD_MODULES))
def test_each_board_lists_its_keys_for_the_help_screen(game_id):
    reference = board_for(game_id).key_reference()
    assert reference.startswith("## Keys")
    assert "`:`" in reference and "F1" in reference
