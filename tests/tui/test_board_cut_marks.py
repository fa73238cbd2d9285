"""What a board shows when something does not fit: one mark for text cut
short, explained in every board's legend, and a menu that says how many of
its lines are out of view ("▼ 2 more") and scrolls to each of them."""

from __future__ import annotations

import pytest
from rich.text import Text

from gemtable.engine import registry
from gemtable.engine.games.iridescia import actions
from gemtable.tui.boards import board_for
from gemtable.tui.boards.generic import GenericBoard
from gemtable.tui.boards.iridescia import glyphs, reading
from gemtable.tui.boards.iridescia.menu import MORE_ABOVE, MORE_BELOW, Entry, Menu, menu_lines
from gemtable.tui.boards.layout import CUT, CUT_LEGEND, fit

BUYS = tuple(actions.OnSlot("buy", slot) for slot in range(6))


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_board_explains_the_mark_of_a_cut_line(game_id):
    board = board_for(game_id)
    if board is GenericBoard:
        pytest.skip("the generic board lets its widgets wrap and scroll; it cuts nothing")
    assert CUT_LEGEND in board.LEGEND
    assert CUT in board.legend_markdown()


def test_a_cut_line_and_a_panel_that_drops_lines_end_with_the_same_mark():
    assert fit(Text("a line much longer than its room"), 10).plain.endswith(CUT)
    segments = [glyphs.span(f"segment {i}") for i in range(12)]
    lines = glyphs.pack(segments, 30, max_lines=2)
    assert len(lines) == 2 and all(line.cell_len == 30 for line in lines)
    assert lines[-1].plain.endswith(CUT)
    assert "~" not in "".join(line.plain for line in lines)


def _shown(menu: Menu, height: int) -> list[str]:
    return [line.plain.rstrip() for line in
            menu_lines(menu, lambda action: Text(str(action)), 40, height, active=True)]


def test_a_menu_longer_than_its_room_says_how_many_lines_are_out_of_view():
    closed = Menu((Entry("buy", BUYS),))
    assert "buy: 6 choices" in _shown(closed, 6)[1]
    opened, _ = closed.choose(0)
    shown = _shown(opened, 6)
    assert len(shown) == 6
    rows = [line for line in shown[1:] if "buy" in line]
    assert len(rows) == 4 and shown[-1].strip() == f"{MORE_BELOW} 2 more"
    last = opened.move(-1)
    shown = _shown(last, 6)
    assert "6 buy 6" in shown[-2] and shown[-1].strip() == f"{MORE_ABOVE} 2 more"


def test_the_cursor_scrolls_a_long_menu_to_every_choice_and_the_counts_add_up():
    menu, _ = Menu((Entry("buy", BUYS),)).choose(0)
    seen: set[str] = set()
    for _ in BUYS:
        shown = _shown(menu, 5)
        rows = [line for line in shown[1:] if " buy " in line]
        mark = shown[-1]
        hidden = sum(int(part.split()[1]) for part in mark.split("  ") if part.strip()
                     and part.strip()[0] in (MORE_ABOVE, MORE_BELOW))
        assert len(rows) + hidden == len(BUYS), shown
        seen |= {line.split("buy ")[-1] for line in rows}
        menu = menu.move(1)
    assert seen == {str(slot + 1) for slot in range(6)}


def test_a_menu_that_fits_has_no_scroll_mark():
    menu, _ = Menu((Entry("buy", BUYS[:3]),)).choose(0)
    shown = _shown(menu, 6)
    assert not any(MORE_ABOVE in line or MORE_BELOW in line for line in shown)


def test_the_wishing_well_menu_takes_an_amethyst():
    state = registry.get("iridescia").new(2, seed=2)
    scene = reading.scene_of(state, 0)
    assert "take an amethyst" in reading.action_label(scene, actions.OnGem("wish", 0)).plain
    assert "take a citrine" in reading.action_label(scene, actions.OnGem("wish", 1)).plain
    assert "split an emerald" in reading.action_label(scene, actions.OnGem("axe", 2)).plain
