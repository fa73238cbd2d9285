"""Every Iridescia card explained on the board: your objectives (`o`) with what
each asks and whether it is met so far, an item's words when it is chosen to
buy or play, a tile's bonus under the cursor, the Rhom card's icon; and never
another seat's hidden objectives or hand."""

from __future__ import annotations

import attrs
from test_iridescia_board import IridesciaApp, first_of, optional_position, position, run

from gemtable.engine import SPECTATOR
from gemtable.engine.games.iridescia import components
from gemtable.engine.games.iridescia import state as ST
from gemtable.engine.games.iridescia.cardtexts import BONUSES, ICONS, item_text
from gemtable.engine.games.iridescia.state import IridesciaState
from gemtable.tui.boards.iridescia.menu import Menu
from gemtable.tui.boards.iridescia.panels import goal_lines, rhom_lines
from gemtable.tui.boards.iridescia.reading import hex_of, scene_of


def objective(name: str) -> int:
    return next(o.id for o in components.OBJECTIVES if o.name == name)


TREASURER, SEAMS, CURATOR, WALKER = (objective(n) for n in (
    "Treasurer", "Amethyst Seams", "Sapphire Curator", "Prism Walker"))


def with_seats(state: IridesciaState, **by_seat: dict) -> IridesciaState:
    seats = list(state.seats)
    for key, changes in by_seat.items():
        seat = int(key[1:])
        seats[seat] = attrs.evolve(seats[seat], **changes)
    return attrs.evolve(state, seats=tuple(seats))


def secrets_table() -> IridesciaState:
    """Seat 0 (to move) holds Treasurer with 12 coins (met) and Amethyst Seams with
    no tiles (not yet); seat 1 holds two other objectives and a Wishing Well."""
    state = optional_position()
    assert state.current == 0
    return with_seats(state, s0={"objectives": (TREASURER, SEAMS), "coins": 12, "items": ()},
                      s1={"objectives": (CURATOR, WALKER), "items": (components.WELL,)})


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_panel_shows_each_objective_its_words_and_whether_it_is_met():
    state = secrets_table()
    lines = [line.plain for line in goal_lines(scene_of(state.view(0), 0), 40)]
    text = flat(" ".join(lines))
    assert lines[0].startswith("Your objectives")
    assert "Treasurer 4pt met so far" in text
    assert "Amethyst Seams 5pt not yet" in text
    for o in (TREASURER, SEAMS):
        assert flat(components.OBJECTIVES[o].text) in text
    assert "now: 12 coins; 12 needed" in text and "now: 0 amethyst tiles; 4 needed" in text


def test_at_the_end_the_panel_says_met_or_not_met():
    state = attrs.evolve(secrets_table(), step=ST.OVER)
    text = flat(" ".join(line.plain for line in goal_lines(scene_of(state.view(0), 0), 40)))
    assert "Treasurer 4pt met " in text and "Amethyst Seams 5pt not met" in text
    assert "at the end: 12 coins; 12 needed" in text


def test_a_watcher_and_the_rhom_have_no_objectives_to_show():
    state = secrets_table()
    watching = scene_of(state.view(SPECTATOR), None)
    assert watching.goals is None
    text = " ".join(line.plain for line in goal_lines(watching, 40))
    assert "No secret objectives" in text
    solo = position("explorer;rhom")
    assert scene_of(solo.view(solo.rhom), solo.rhom).goals is None
    assert scene_of(solo.view(0), 0).goals


async def test_o_opens_your_objectives_and_closes_them_again():
    app = await run(IridesciaApp(secrets_table()), "o")
    assert "Your objectives" in app.screen_text and "met so far" in app.screen_text
    assert "Relics deck" not in app.screen_text, "the panel takes the markets' place"
    app = await run(IridesciaApp(secrets_table()), "o", "o")
    assert "Your objectives" not in app.screen_text and "Relics deck" in app.screen_text


async def test_o_works_while_another_seat_plays():
    app = await run(IridesciaApp(secrets_table(), seat=0, read_only=True), "o")
    assert "Treasurer 4pt met so far" in app.screen_text


async def test_nothing_on_screen_tells_another_seats_objectives_or_hand():
    state = secrets_table()
    market = {components.ITEMS[k].name for k in state.market if k >= 0}
    assert "Wishing Well" not in market
    for keys in (("o",), ("o", "v"), ("v",), ("m", "down", "enter")):
        app = await run(IridesciaApp(state), *keys)
        shown = flat(app.screen_text + " " + app.final_detail)
        for o in (CURATOR, WALKER):
            assert components.OBJECTIVES[o].name not in shown
            assert flat(components.OBJECTIVES[o].text)[:40] not in shown
        assert "Wishing Well" not in shown and item_text(components.WELL)[:40] not in shown
        if "o" in keys:  # your own are there meanwhile
            assert "Treasurer 4pt met so far" in shown


async def test_the_item_chosen_to_buy_says_what_it_does():
    state = with_seats(secrets_table(), s0={"coins": 9})
    buys = [a for a in state.legal_actions() if str(a).startswith("buy")]
    assert buys
    app = await run(IridesciaApp(state), "m", "down", "enter")  # the buy group, first line
    kind = state.market[buys[0].slot]
    assert f"{components.ITEMS[kind].name}, {components.ITEMS[kind].cost} coins" in app.final_detail
    assert flat(components.ITEMS[kind].text)[:50] in flat(app.final_detail)


async def test_an_item_in_hand_says_what_it_does_when_chosen():
    state = with_seats(secrets_table(), s0={"items": (components.ELIXIR,)})
    menu = Menu.of([a for a in state.legal_actions() if hex_of(a) is None])
    line = [entry.title for entry in menu.top].index("elixir")
    app = await run(IridesciaApp(state), "m", *(["down"] * line))
    assert app.final_detail.startswith("elixir")
    assert "Epic Elixir: " in app.final_detail
    assert flat(item_text(components.ELIXIR))[:50] in flat(app.final_detail)


async def test_a_bonus_tile_under_the_cursor_says_what_the_bonus_gives():
    state = position()
    reveal = first_of(state, "reveal")
    cell = reveal.cell
    tiles = list(state.cells)
    stone = next(t.id for t in components.TILES if t.bonus == components.STONE and t.region == 0)
    tiles[cell] = stone
    shown = list(state.shown)
    shown[cell] = True
    state = attrs.evolve(state, cells=tuple(tiles), shown=tuple(shown))
    app = IridesciaApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.board
        board._cursor = next((h.row, h.col) for row in board._scene.rows for h in row
                             if h.key == cell)
        board._redraw()
        await pilot.pause()
        detail = flat(app.detail())
    assert "bonus a stone die" in detail
    assert flat(BONUSES[components.STONE].text)[:50] in detail


async def test_the_rhom_card_in_play_says_what_its_icon_does():
    state = position("explorer;rhom")
    barricade = next(c.id for c in components.RHOM_CARDS if c.icon == "barricade")
    state = attrs.evolve(state, rhom_pile=(barricade,))
    words = " ".join(line.plain for line in rhom_lines(scene_of(state.view(0), 0), 33))
    assert flat(f"Barricade: {ICONS['barricade'].text}") in flat(words)
    app = await run(IridesciaApp(state, seat=0, read_only=True))
    assert "Barricade: The Rhom blocks a tile" in app.screen_text
    plain = attrs.evolve(state, rhom_pile=(next(c.id for c in components.RHOM_CARDS
                                                if c.icon == "none"),))
    assert len(rhom_lines(scene_of(plain.view(0), 0), 33)) == 2, "a plain card, no words"


async def test_the_objective_given_up_at_the_forest_says_how_far_along_it_is():
    state = attrs.evolve(secrets_table(), step=ST.DROP)
    app = await run(IridesciaApp(state), "1")
    assert "give up Treasurer 4: At least twelve coins at the end." in app.final_detail
    assert "Now met: 12 coins; 12 needed." in app.final_detail
