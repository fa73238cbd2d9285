"""The Iridescia board driven as a person would: keys in, ActionChosen out.

Each test mounts the board alone in a small app with a real game position
(from a seed and a few actions, dice rolled by the seeded chance steps) and
checks which action, if any, the board posts and what it says.
"""

from __future__ import annotations

import attrs
from board_harness import BoardApp, run, typed
from tui_support import render_text

from gemtable.engine import CHANCE, chance_rng, registry
from gemtable.engine.games.iridescia import actions, board, components
from gemtable.engine.games.iridescia import state as ST
from gemtable.engine.games.iridescia.state import IridesciaState
from gemtable.tui.boards import board_for
from gemtable.tui.boards.iridescia import IridesciaBoard
from gemtable.tui.boards.iridescia.prompt import LEGEND

GAME = registry.get("iridescia")
SEED = 2


def settle(state: IridesciaState, step: int) -> tuple[IridesciaState, int]:
    while state.to_move is CHANCE:
        state = state.apply(state.sample_chance(chance_rng(SEED, step)))
        step += 1
    return state, step


def position(moves: str = "explorer;explorer", players: int = 2) -> IridesciaState:
    state, step = settle(GAME.new(players, seed=SEED), 0)
    for text in filter(None, (m.strip() for m in moves.split(";"))):
        state, step = settle(state.apply(state.parse_action(text)), step + 1)
    return state


def first_of(state: IridesciaState, verb: str) -> object:
    return next(a for a in state.legal_actions() if str(a).split()[0] == verb)


class IridesciaApp(BoardApp):
    """With `autoplay`, each posted action is applied and the next position shown."""

    board_type = IridesciaBoard
    prompt_id = "#ir-prompt"
    detail_id = "#ir-detail"

    def __init__(self, state: IridesciaState, seat: int | None = None, *,
                 read_only: bool = False, autoplay: bool = False) -> None:
        super().__init__(state, seat, read_only=read_only)
        self.autoplay = autoplay
        self.step = 100

    def after_choice(self, action: object) -> None:
        if self.autoplay:
            self.state, self.step = settle(self.state.apply(action), self.step)
            self.redraw()


def test_the_registry_gives_iridescia_its_own_board() -> None:
    assert board_for("iridescia") is IridesciaBoard


# --- the map ---------------------------------------------------------------------------


async def test_enter_reveals_the_hex_under_the_cursor() -> None:
    state = position()
    assert state.step == ST.REVEAL
    app = await run(IridesciaApp(state), "enter")
    assert len(app.chosen) == 1
    chosen = app.chosen[0]
    assert isinstance(chosen, actions.OnCell) and chosen.verb == "reveal"
    assert chosen in state.legal_actions()


async def test_the_cursor_moves_along_the_row_and_reveals_the_hex_it_stops_on() -> None:
    state = position()
    start = await run(IridesciaApp(state), "enter")
    moved = await run(IridesciaApp(state), "right", "enter")
    assert start.chosen[0].cell + 1 == moved.chosen[0].cell  # one hex to the right
    assert moved.chosen[0] in state.legal_actions()


async def test_tab_goes_to_the_next_hex_on_offer() -> None:
    state = position()
    app = await run(IridesciaApp(state), "tab", "tab", "enter")
    offered = [a.cell for a in state.legal_actions() if isinstance(a, actions.OnCell)]
    assert app.chosen and app.chosen[0].cell in offered


async def test_enter_off_the_targets_posts_nothing_and_gives_the_engines_reason() -> None:
    state = position()
    app = await run(IridesciaApp(state), "up", "up", "up", "enter")
    assert app.chosen == []
    row, col = app.final_cursor
    assert row == 3
    reason = state.why_illegal(actions.OnCell("reveal", board.cell_at(row, col)))
    assert "reveal" in app.final_prompt and reason[:20] in app.final_prompt


async def test_enter_twice_reveals_a_tile_then_moves_onto_it() -> None:
    state = position()
    app = await run(IridesciaApp(state, autoplay=True), "tab", "enter", "enter")
    reveal = app.chosen[0]
    assert str(reveal).startswith("reveal")
    tile = components.TILES[app.state.cells[reveal.cell]]
    if tile.gem < components.RAINBOW:  # a plain tile: the second Enter moves there
        assert app.chosen[1:] == [actions.OnCell("move", reveal.cell)]
    else:  # a wild tile: the menu asks which gem it stands for
        assert app.chosen[1:] == [] and "this hex" in app.screen_text


async def test_a_wild_tile_asks_which_gem_it_stands_for() -> None:
    state = position()
    reveal = first_of(state, "reveal")
    state, _ = settle(state.apply(reveal), 10)
    cell = reveal.cell
    cells = list(state.cells)
    rainbow = next(t.id for t in components.TILES if t.gem == components.RAINBOW and t.region == 0)
    cells[cell] = rainbow
    state = attrs.evolve(state, cells=tuple(cells), box=tuple(sorted(
        (set(state.box) | {state.cells[cell]}) - {rainbow})))
    moves = [a for a in state.legal_actions() if isinstance(a, actions.OnCell) and a.cell == cell]
    assert len(moves) == 4
    app = IridesciaApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(8):
            if app.board.cursor == (board.ROW_OF[cell], board.INDEX_IN_ROW[cell]):
                break
            await pilot.press("tab")
        await pilot.press("enter")
        text = render_text(app)
        assert app.chosen == [] and "this hex" in text
        assert "on the map, m: the map" in text  # the hint fits at 80 columns, uncut
        await pilot.press("3")
    assert app.chosen == [moves[2]] and moves[2].gem == 2


# --- the menu --------------------------------------------------------------------------


def optional_position() -> IridesciaState:
    state = position()
    state, step = settle(state.apply(first_of(state, "reveal")), 10)
    move = first_of(state, "move")
    state, _ = settle(state.apply(move), step + 1)
    while state.step in (ST.GIVE, ST.DROP):
        state, _ = settle(state.apply(state.legal_actions()[0]), step + 2)
    assert state.step == ST.OPTIONAL
    return state


async def test_the_menu_offers_exactly_the_legal_actions_not_played_on_a_hex() -> None:
    state = optional_position()
    app = IridesciaApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.board._menu
        listed = [a for entry in menu.top for a in entry.actions]
        off_map = [a for a in state.legal_actions() if not isinstance(a, actions.OnCell)]
        assert sorted(map(str, listed)) == sorted(map(str, off_map))
        assert str(menu.top[-1].actions[0]) == "end"  # ending the turn is the last line


async def test_a_digit_plays_that_menu_line() -> None:
    state = optional_position()
    app = await run(IridesciaApp(state), "1")
    assert app.chosen and app.chosen[0] in state.legal_actions()
    assert str(app.chosen[0]) == "mine"  # mining comes first in the menu


async def test_arrows_then_enter_in_the_menu_end_the_turn() -> None:
    state = optional_position()
    app = await run(IridesciaApp(state), "up", "enter")  # up from the first line wraps to the last
    assert [str(a) for a in app.chosen] == ["end"]


async def test_a_group_opens_and_esc_closes_it() -> None:
    state = optional_position()
    groups = [e for e in IridesciaBoard()._menu.of(
        [a for a in state.legal_actions() if not isinstance(a, actions.OnCell)]).top]
    index = next(i for i, e in enumerate(groups) if not e.single)
    opened = await run(IridesciaApp(state), str(index + 1))
    assert opened.chosen == [] and f"Actions > {groups[index].title}" in opened.screen_text
    closed = await run(IridesciaApp(state), str(index + 1), "escape", "enter")
    assert [str(a) for a in closed.chosen] == [str(groups[index].actions[0])] \
        if groups[index].single else closed.chosen == []


async def test_typed_notation_plays_and_a_wrong_one_is_refused_with_the_reason() -> None:
    state = optional_position()
    ok = await run(IridesciaApp(state), "colon", *typed("end"), "enter")
    assert [str(a) for a in ok.chosen] == ["end"]
    bad = await run(IridesciaApp(state), "colon", *typed("restore 9"), "enter")
    assert bad.chosen == [] and "restore 9" in bad.final_prompt


# --- looking, not playing ---------------------------------------------------------------


async def test_read_only_keys_post_nothing_and_say_whose_turn_it_is() -> None:
    state = position()
    app = await run(IridesciaApp(state, seat=1, read_only=True), "enter", "1")
    assert app.chosen == []
    assert "to play" in app.final_prompt


async def test_the_others_secrets_are_not_on_screen() -> None:
    state = position()
    mine = await run(IridesciaApp(state, seat=0))
    theirs = state.seats[1].objectives
    for objective in theirs:
        if objective not in state.seats[0].objectives:
            assert components.OBJECTIVES[objective].name not in mine.screen_text
    for objective in state.seats[0].objectives:
        assert components.OBJECTIVES[objective].name in mine.screen_text


async def test_every_line_fits_both_sizes() -> None:
    for size in ((80, 24), (120, 40)):
        app = await run(IridesciaApp(optional_position()), size=size)
        lines = app.screen_text.splitlines()
        assert len(lines) <= size[1] and all(len(line) <= size[0] for line in lines)


async def test_revealed_tiles_read_without_colour() -> None:
    state = optional_position()
    app = await run(IridesciaApp(state))
    shown = [c for c in range(board.CELLS) if state.cells[c] >= 0 and state.shown[c]]
    assert shown
    for cell in shown:
        letter = components.TILE_LETTERS[components.TILES[state.cells[cell]].gem]
        assert letter in app.screen_text


async def test_v_shows_the_other_player_in_full() -> None:
    state = position()
    app = await run(IridesciaApp(state), "v")
    assert "2 Seat 2" in app.screen_text and "stone dice" in app.screen_text


async def test_the_legend_key_shows_every_symbol() -> None:
    app = await run(IridesciaApp(position()), "question_mark", size=(120, 40))
    for symbol, _ in LEGEND:
        assert symbol in app.screen_text


def test_the_help_lists_every_documented_key_and_the_legend_every_symbol() -> None:
    reference = IridesciaBoard.key_reference()
    for key in IridesciaBoard.board_keys():
        if key.doc:
            assert key.doc in reference
    legend = IridesciaBoard.legend_markdown()
    for symbol, _ in LEGEND:
        assert f"`{symbol}`" in legend


async def test_the_relic_row_marks_what_your_cargo_covers_during_the_whole_turn() -> None:
    state = optional_position()
    me = state.current
    cost = components.RELICS[state.relic_row[0]].cost
    seats = list(state.seats)
    seats[me] = attrs.evolve(seats[me], cargo=cost)
    state = attrs.evolve(state, seats=tuple(seats))
    assert actions.OnSlot("restore", 0) in state.legal_actions()  # the engine agrees
    app = await run(IridesciaApp(state))
    assert "1✓" in app.screen_text
    others = await run(IridesciaApp(state, seat=1 - me, read_only=True))
    assert "1✓" not in others.screen_text


async def test_a_mining_roll_marks_each_die_hit_or_miss_as_the_engine_says() -> None:
    from gemtable.engine.games.iridescia.mining import mining_hits

    state = optional_position()
    me = state.current
    seats = list(state.seats)
    seats[me] = attrs.evolve(seats[me], items=(components.JACKHAMMER,), stones=1, coins=3)
    market = list(state.market_dice)
    market[state.tile_gem] = 4
    state = attrs.evolve(state, seats=tuple(seats), market_dice=tuple(market))
    state = state.apply(actions.STONE).apply(actions.MINE)
    for face in (5, 3, 6):
        state = state.apply(actions.ROLLS[face - 1])
    assert state.step == ST.RESOLVE and mining_hits(state) == (True, False, True)
    app = await run(IridesciaApp(state))
    assert "needs 4+: 2 hits" in app.screen_text
    assert "1:5+ 2:3- 3s:6+" in app.screen_text


def _mining_roll_with_jackhammer() -> IridesciaState:
    state = optional_position()
    me = state.current
    seats = list(state.seats)
    seats[me] = attrs.evolve(seats[me], items=(components.JACKHAMMER,), coins=3)
    market = list(state.market_dice)
    market[state.tile_gem] = 4
    state = attrs.evolve(state, seats=tuple(seats), market_dice=tuple(market))
    state = state.apply(actions.MINE).apply(actions.ROLLS[4]).apply(actions.ROLLS[2])  # 5 and 3
    assert state.step == ST.RESOLVE
    return state


async def test_a_jackhammer_line_says_what_the_die_shows_now() -> None:
    app = await run(IridesciaApp(_mining_roll_with_jackhammer()), "2")  # the jackhammer group
    assert "die 1, now 5 (hit)" in app.screen_text
    assert "jackhammer die 1 -1: die 1, now 5 (hit)" in app.final_detail


def _solo_optional() -> IridesciaState:
    state, step = settle(GAME.new(2, seed=SEED), 0)
    state, step = settle(state.apply(actions.EXPLORER), step + 1)
    state, step = settle(state.apply(actions.RHOM), step + 1)
    while state.current == state.rhom:
        state, step = settle(state.apply(state.legal_actions()[0]), step + 1)
    state, step = settle(state.apply(first_of(state, "reveal")), step + 1)
    state, _ = settle(state.apply(first_of(state, "move")), step + 1)
    assert state.step == ST.OPTIONAL and state.rhom == 1
    return state


async def test_giving_a_gem_to_the_rhom_names_the_rhom() -> None:
    state = _solo_optional()
    seats = list(state.seats)
    seats[0] = attrs.evolve(seats[0], cargo=(2, 2, 2, 2))
    state = attrs.evolve(state, seats=tuple(seats), step=ST.GIVE)
    app = await run(IridesciaApp(state), "1")
    assert "one amethyst to the Rhom" in app.final_detail


async def test_your_items_go_by_short_names_when_the_full_ones_do_not_fit() -> None:
    state = optional_position()
    me = state.current
    seats = list(state.seats)
    seats[me] = attrs.evolve(seats[me], items=(components.CART, components.PICKAXE))
    app = await run(IridesciaApp(attrs.evolve(state, seats=tuple(seats))))
    assert "items Cart, Pickaxe" in app.screen_text


async def test_dropping_an_objective_says_what_it_asks() -> None:
    state = attrs.evolve(optional_position(), step=ST.DROP)
    me = state.seats[state.current]
    assert len(me.objectives) == 2
    app = await run(IridesciaApp(state), "1")
    asked = components.OBJECTIVES[me.objectives[0]].text
    assert f"give up {components.OBJECTIVES[me.objectives[0]].name}" in app.final_detail
    assert asked[:30] in app.final_detail


def test_restoring_while_mining_is_open_warns_that_it_ends_those_actions() -> None:
    from gemtable.tui.boards.iridescia.reading import action_words, scene_of

    state = optional_position()
    me = state.current
    seats = list(state.seats)
    seats[me] = attrs.evolve(seats[me], cargo=components.RELICS[state.relic_row[0]].cost)
    state = attrs.evolve(state, seats=tuple(seats))
    scene = scene_of(state.view(me), me, state.legal_actions())
    assert "no more mining, buying or selling" in action_words(scene, actions.OnSlot("restore", 0)).plain
