"""The Workbench board driven as a person would: keys in, ActionChosen out.

Each test mounts the board alone in a small app with a real game position
(from a seed and a few actions, dice rolled by the seeded chance steps, or a
position adjusted for the case) and checks which action, if any, the board
posts. The app plays posted actions on the true state when a test asks it to.
"""

from __future__ import annotations

import random

import attrs
import pytest
from board_harness import BoardApp, run, tries, typed
from tui_support import render_text

from gemtable.engine import CHANCE, chance_rng, registry
from gemtable.engine.games.workbench import actions
from gemtable.engine.games.workbench.components import LETTERS
from gemtable.engine.games.workbench.state import CHOOSE, MAKE, MOVE, PICK, TRIM, WorkbenchState
from gemtable.tui.boards import board_for
from gemtable.tui.boards.workbench import WorkbenchBoard
from gemtable.tui.boards.workbench.panels import compact_history
from gemtable.tui.widgets.painted import Painted

GAME = registry.get("workbench")
OPENING = "pick 2;pick 6"
"""Seed 1, two players: seat 1 keeps B Y G, seat 2 keeps R Y G; manufacturing starts."""
SEED = 1


def settle(state: WorkbenchState, step: int, seed: int = SEED) -> tuple[WorkbenchState, int]:
    """Roll every pending die, as the table does, from the game's seeded chance steps."""
    while state.to_move is CHANCE:
        state = state.apply(state.sample_chance(chance_rng(seed, step)))
        step += 1
    return state, step


def position(moves: str = "", players: int = 2, seed: int = SEED) -> WorkbenchState:
    state, step = settle(GAME.new(players, seed=seed), 0, seed)
    for text in filter(None, (m.strip() for m in moves.split(";"))):
        state, step = settle(state.apply(state.parse_action(text)), step + 1, seed)
    return state


def with_seat(state: WorkbenchState, seat: int, *, tools: str | None = None,
              held: str | None = None) -> WorkbenchState:
    """The position with a seat's tool dice ("R--G": Crucible R, Burin G) or kept
    dice replaced; dice come from (and go back to) the reserve, so totals hold."""
    reserve = list(state.reserve)
    old = state.seats[seat]
    new_tools = old.tools
    new_held = old.held
    if tools is not None:
        new_tools = tuple(LETTERS.index(ch) if ch != "-" else -1 for ch in tools)
        for colour in old.tools:
            if colour >= 0:
                reserve[colour] += 1
        for colour in new_tools:
            if colour >= 0:
                reserve[colour] -= 1
    if held is not None:
        new_held = tuple(held.count(letter) for letter in LETTERS)
        reserve = [r + o - n for r, o, n in zip(reserve, old.held, new_held, strict=True)]
    seats = list(state.seats)
    seats[seat] = attrs.evolve(old, tools=new_tools, held=new_held)
    return attrs.evolve(state, seats=tuple(seats), reserve=tuple(reserve))


class WorkbenchApp(BoardApp):
    """`play` applies an action to the true state, as the table does."""

    board_type = WorkbenchBoard
    prompt_id = "#wb-prompt"

    def __init__(self, state: WorkbenchState, seat: int | None = None, *,
                 read_only: bool = False, history: tuple[str, ...] = ()) -> None:
        super().__init__(state, seat, read_only=read_only, history=history)
        self.history: tuple[str, ...] = history
        self.step = 1000  # chance steps of later rolls: any fixed numbers do

    def play(self, action: object, hot_seat: bool = True) -> None:
        """Apply an action to the true state, roll any dice, show the next position."""
        self.history += (f"{len(self.history) + 1}. Seat {self.state.current + 1}: {action}",)
        self.state, self.step = settle(self.state.apply(action), self.step)
        if hot_seat and not self.state.is_over:
            self.seat = self.state.current
        self.redraw()


# --- design: numbers, the Cloth, the Crucible ----------------------------------------


async def test_a_number_then_enter_keeps_those_dice() -> None:
    app = await run(WorkbenchApp(position()), "2", "enter")
    assert app.chosen == [actions.PICK[2]]


async def test_the_preview_says_what_enter_keeps_before_it_is_pressed() -> None:
    app = await run(WorkbenchApp(position()), "6")
    assert app.chosen == []
    assert "Enter: pick 6" in app.final_prompt and "keeps RYG" in app.final_prompt


async def test_enter_alone_and_absent_numbers_explain_and_post_nothing() -> None:
    alone, absent, both = await tries(WorkbenchApp(position()), ["enter"], ["3"], ["3", "enter"])
    assert alone == ([], alone[1]) and "press a number" in alone[1]
    assert "no die shows 3" in absent[1]  # the seed-1 tray has no 3
    assert both[0] == []


async def test_the_cloth_adds_a_neighbouring_number() -> None:
    state = with_seat(position(), 0, tools="-R--")
    results = await tries(WorkbenchApp(state), ["1", "2", "enter"],
                          ["6", "1", "enter"],  # 6 and 1 are neighbours
                          ["1", "2", "1", "enter"])  # pressed again: dropped
    assert [chosen for chosen, _ in results] == [[actions.PICK_PAIR[1]], [actions.PICK_PAIR[6]], [actions.PICK[2]]]


async def test_without_the_cloth_a_second_number_replaces_the_first() -> None:
    app = await run(WorkbenchApp(position()), "1", "2", "enter")
    assert app.chosen == [actions.PICK[2]]


async def test_the_crucible_rolls_the_colours_typed() -> None:
    state = with_seat(position(), 0, tools="R---")
    app = await run(WorkbenchApp(state), "c", "r", "R", "b", "g", "enter")
    assert app.chosen == [actions.CRUCIBLE[2, 1, 0, 1]]


async def test_the_crucible_asks_for_four_dice_and_backspace_takes_one_back() -> None:
    state = with_seat(position(), 0, tools="R---")
    short, fixed = await tries(WorkbenchApp(state), ["c", "r", "b", "enter"],
                               ["c", "r", "b", "y", "y", "backspace", "g", "enter"])
    assert short[0] == [] and "2 more Crucible dice" in short[1]
    assert fixed[0] == [actions.CRUCIBLE[1, 1, 1, 1]]


async def test_without_a_crucible_die_c_says_why() -> None:
    app = await run(WorkbenchApp(position()), "c")
    assert app.chosen == [] and "no die is stored on your Crucible" in app.final_prompt


async def test_after_the_crucible_roll_a_number_shown_only_by_its_dice_can_be_picked() -> None:
    app = WorkbenchApp(with_seat(position(), 0, tools="R---"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(actions.CRUCIBLE[4, 0, 0, 0])
        await pilot.pause()
        tray_faces = {face for face in range(1, 7)
                      if any(app.state.tray[c * 6 + face - 1] for c in range(4))}
        only_extra = [a.number for a in app.state.legal_actions()
                      if isinstance(a, actions.Pick) and a.number not in tray_faces]
        assert only_extra, "the seeded Crucible roll shows a new number"
        await pilot.press(str(only_extra[0]), "enter")
        await pilot.pause()
        assert "Crucible" in render_text(app)
    assert app.chosen == [actions.PICK[only_extra[0]]]


async def test_p_declines_the_crucible_facing_an_empty_tray() -> None:
    state = with_seat(position(OPENING), 0, tools="Y---")
    state = attrs.evolve(state, tray=(0,) * 24, step=CHOOSE, current=0)  # the tray is empty
    assert actions.PASS in state.legal_actions()
    app = await run(WorkbenchApp(state), "p", "enter")
    assert app.chosen == [actions.PASS]


# --- design: more than six dice -------------------------------------------------------


def crowded() -> WorkbenchState:
    """Four players; seat 1 used the Crucible and 7 dice now show 3 (one of them
    a Crucible die), so picking 3 means leaving one behind."""
    state = position(players=4)
    tray = [0] * 24
    for colour, face, count in ((0, 3, 3), (1, 3, 2), (2, 3, 1), (0, 5, 4), (1, 1, 2),
                                (2, 2, 3), (3, 6, 1)):
        tray[colour * 6 + face - 1] = count
    extra = [0] * 24
    extra[3 * 6 + 2] = 1
    reserve = list(state.reserve)
    reserve[3] -= 1
    return attrs.evolve(state, tray=tuple(tray), extra=tuple(extra), reserve=tuple(reserve),
                        step=PICK)


async def test_picking_more_than_six_warns_then_letters_choose_the_die_to_leave() -> None:
    app = WorkbenchApp(crowded())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert "you then leave 1" in app.prompt()
        await pilot.press("enter")
        await pilot.pause()
        app.play(app.chosen[-1])
        assert app.state.step == TRIM
        await pilot.pause()
        assert "7 qualify" in render_text(app)
        await pilot.press("enter")  # nothing chosen yet: Enter asks
        await pilot.pause()
        assert len(app.chosen) == 1 and "choose the die to leave" in app.prompt()
        await pilot.press("g", "enter")
        await pilot.pause()
    assert app.chosen == [actions.PICK[3], actions.LEAVE[3, 3, True]]


async def test_pressing_a_colour_again_moves_to_its_next_die_and_arrows_step() -> None:
    state = crowded()
    state = state.apply(actions.PICK[3])
    options = [a for a in state.legal_actions() if isinstance(a, actions.Leave)]
    assert [str(a) for a in options] == ["leave R3", "leave B3", "leave Y3", "leave G3x"]
    results = await tries(WorkbenchApp(state), ["right", "right", "enter"], ["left", "enter"],
                          ["y", "enter"], ["r", "r", "enter"])
    assert [chosen for chosen, _ in results] == [
        [actions.LEAVE[1, 3, False]], [actions.LEAVE[3, 3, True]], [actions.LEAVE[2, 3, False]],
        [actions.LEAVE[0, 3, False]]]  # one kind of red die: pressing r again stays on it


# --- manufacturing: placing, tools, storing, discarding ------------------------------------


async def test_card_number_then_a_places_every_die_that_fits() -> None:
    app = await run(WorkbenchApp(position(OPENING)), "1", "a", "enter")
    assert app.chosen == [actions.put(0, (0, 1, 1, 0))]


async def test_colour_letters_choose_the_dice_to_place() -> None:
    state = position(OPENING + ";put 1 BY")  # seat 2 holds R Y G
    one, two, preview = await tries(WorkbenchApp(state), ["4", "r", "enter"],
                                    ["4", "r", "y", "enter"], ["4", "y", "r"])
    assert one[0] == [actions.put(3, (1, 0, 0, 0))]
    assert two[0] == [actions.put(3, (1, 0, 1, 0))]
    assert preview[0] == [] and "Enter: put 4 RY — finishes the card" in preview[1]


async def test_arrows_move_the_card_cursor() -> None:
    state = position(OPENING + ";put 1 BY")
    # The cursor starts on the first card the dice fit (1); right is card 2.
    app = await run(WorkbenchApp(state), "right", "y", "enter")
    assert app.chosen == [actions.put(1, (0, 0, 1, 0))]
    app = await run(WorkbenchApp(state), "down", "right", "r", "enter")  # 1 -> 3 -> 4
    assert app.chosen == [actions.put(3, (1, 0, 0, 0))]


async def test_a_die_that_does_not_fit_is_explained_and_not_posted() -> None:
    wrong, missing = await tries(WorkbenchApp(position(OPENING)), ["2", "g", "enter"], ["r"])
    assert wrong[0] == [] and "open emerald" in wrong[1]
    assert "no red die" in missing[1]  # seat 1 holds none


async def test_the_loupe_die_covers_the_gem_chosen_after_l() -> None:
    state = with_seat(position(OPENING + ";put 1 BY"), 1, tools="--G-")
    chosen, asked, only = await tries(WorkbenchApp(state), ["3", "r", "l", "b", "enter"],
                                      ["3", "l", "enter"], ["3", "r", "l", "enter"])
    assert chosen[0] == [actions.put(2, (1, 0, 0, 0), loupe=1)]
    assert asked[0] == [] and "which gem does the Loupe" in asked[1]  # r and b are open
    assert only[0] == [actions.put(2, (1, 0, 0, 0), loupe=1)]  # only b is left open


async def test_the_burin_die_then_a_burin_move_by_card_numbers() -> None:
    state = with_seat(position(OPENING + ";put 1 BY"), 1, tools="---R")
    app = WorkbenchApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4", "i", "enter")
        await pilot.pause()
        assert app.chosen == [actions.put(3, (0, 0, 0, 0), burin=True)]
        app.play(app.chosen[-1])
        assert app.state.step == MOVE
        await pilot.pause()
        await pilot.press("1", "4")
        await pilot.pause()
        assert "to card 4, which finishes it" in app.prompt()
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen[-1] == actions.move(0, 3, 2, 2)


async def test_a_loupe_die_sitting_on_another_colour_moves_by_its_own_colour() -> None:
    moves = ("pick 1;pick 5;store G crucible;put 4 R;put 2 R;put 3 B;store B loupe;pick 6;"
             "crucible RBYG;pick 3;put 2 loupe:G;store Y loupe;put 5 B;put 4 G;pick 2;pick 4;"
             "store B cloth;put 3 G;put 1 Y;pick 6;pick 2;store G cloth;put 3 R loupe:G;"
             "store B burin;pick 2+3;pick 6;put 5 Y burin")
    state = position(moves, seed=10)  # card 2 holds a blue Loupe die on an emerald
    assert state.step == MOVE
    preview, moved, wrong = await tries(WorkbenchApp(state), ["2", "5"], ["2", "5", "b", "enter"],
                                        ["2", "5", "r", "enter"])
    assert "move 2 5 B/G" in preview[1] and "Loupe die on emerald" in preview[1]
    assert moved[0] == [actions.move(1, 4, 1, 3)]
    assert wrong[0] == [] and "slot 5 has no open ruby" in wrong[1]


async def test_p_skips_the_burin_move() -> None:
    state = with_seat(position(OPENING + ";put 1 BY"), 1, tools="---R")
    state = state.apply(actions.put(3, (0, 0, 0, 0), burin=True))
    app = await run(WorkbenchApp(state), "p", "enter")
    assert app.chosen == [actions.PASS]


async def test_the_last_die_is_stored_on_a_tool() -> None:
    state = position(OPENING + ";put 1 BY;put 4 RY")  # seat 1 is left with G
    results = await tries(WorkbenchApp(state), ["s", "i", "enter"], ["s", "c", "enter"])
    assert [chosen for chosen, _ in results] == [[actions.STORE[3, 3]], [actions.STORE[3, 0]]]


SEED_2_STUCK = (
    "pick 1;pick 2;put 1 BB;put 4 R;put 2 GG;pick 5;pick 4;put 4 RY;put 5 Y;pick 1;pick 6;"
    "put 3 G;put 5 Y;put 3 BB;store R burin;store R loupe;pick 3;pick 6;store B cloth;"
    "put 3 loupe:G;put 1 R;pick 1;pick 5;store Y burin;put 5 B;pick 1+2;pick 6;put 2 R;"
    "put 1 R burin;move 5 3 Y;put 1 B;pick 2;pick 1;put 1 R;put 2 burin;move 5 3 B"
)
"""Seed 2: seat 2 holds R and G and neither fits any card."""


async def test_with_several_dice_that_fit_nowhere_store_names_the_die_or_d_discards() -> None:
    state = position(SEED_2_STUCK, seed=2)
    assert state.seats[1].held == (1, 0, 0, 1) and actions.DISCARD in state.legal_actions()
    which, store, undone, discard = await tries(
        WorkbenchApp(state), ["s", "i", "enter"], ["s", "r", "o", "enter"],
        ["s", "g", "i", "backspace", "enter"], ["d", "enter"])
    assert which[0] == [] and "store which die" in which[1]
    assert store[0] == [actions.STORE[0, 1]]
    assert undone[0] == [] and "on which tool" in undone[1]  # the tool was taken back
    assert discard[0] == [actions.DISCARD]


async def test_discard_is_refused_while_a_die_fits() -> None:
    refused, enter = await tries(WorkbenchApp(position(OPENING)), ["d"], ["d", "enter"])
    assert "fits an open gem" in refused[1]
    assert enter[0] == []


# --- typed notation ---------------------------------------------------------------------


async def test_colon_opens_a_line_for_typed_actions() -> None:
    app = await run(WorkbenchApp(position(OPENING)), "colon", *typed("put 1 by"), "enter")
    assert app.chosen == [actions.put(0, (0, 1, 1, 0))]


ILLEGAL_TEXT = [("pick 3", "no die shows 3"), ("fly away", "not an action"),
                ("crucible RRRR", "Crucible"), ("put 1 R", "design phase"),
                ("put 2 X", "X is not a colour letter"), ("zzz 9", "For example `pick")]


async def test_illegal_typed_text_shows_a_message_and_posts_nothing() -> None:
    results = await tries(WorkbenchApp(position()),
                          *(["colon", *typed(text), "enter"] for text, _ in ILLEGAL_TEXT))
    for (text, words), (chosen, message) in zip(ILLEGAL_TEXT, results, strict=True):
        assert chosen == []
        assert text in message and words in message, message


async def test_escape_closes_the_command_line_and_board_keys_work_again() -> None:
    app = await run(WorkbenchApp(position()), "colon", "x", "escape", "2", "enter")
    assert app.chosen == [actions.PICK[2]]


# --- read-only, bad keys, no double posts ---------------------------------------------------


async def test_read_only_board_posts_nothing_but_still_looks_around() -> None:
    app = WorkbenchApp(position(OPENING), seat=1, read_only=True)
    keys = ("1", "a", "enter", "right", "s", "d", "p", "colon", *typed("put"), "enter")
    app = await run(app, *keys)
    assert app.chosen == []
    assert "wait" in app.final_prompt.lower()


async def test_a_spectator_sees_every_workbench_and_can_act_on_nothing() -> None:
    app = await run(WorkbenchApp(position(OPENING), seat=None, read_only=True), "2", "enter")
    assert app.chosen == []
    assert "Watching" in app.final_prompt
    assert "Seat 1" in app.screen_text and "Seat 2" in app.screen_text
    assert "(you)" not in app.screen_text


async def test_bad_keys_give_a_short_message_and_never_crash() -> None:
    junk = ["x", "%", "f5", "ctrl+t", "tab", "backspace", "l", "s", "o"]
    design = await tries(WorkbenchApp(position()), junk, ["x"], ["9"])
    making = await tries(WorkbenchApp(position(OPENING)), junk, ["9"], ["c"])
    assert all(chosen == [] for chosen, _ in design + making)
    assert "does nothing here" in design[1][1]
    assert "1 to 6" in design[2][1]
    assert "places 1 to 5" in making[1][1]
    assert "design phase" in making[2][1]


async def test_a_second_enter_before_the_next_view_posts_nothing_more() -> None:
    app = await run(WorkbenchApp(position()), "2", "enter", "enter", "6", "enter")
    assert app.chosen == [actions.PICK[2]]


async def test_show_error_lets_the_person_try_again() -> None:
    app = WorkbenchApp(position())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2", "enter")
        app.board.show_error("the table refused it")
        await pilot.pause()
        assert "refused" in app.prompt()
        await pilot.press("6", "enter")
        await pilot.pause()
    assert app.chosen == [actions.PICK[2], actions.PICK[6]]


async def test_showing_the_same_position_again_keeps_what_was_chosen() -> None:
    app = WorkbenchApp(position(OPENING + ";put 1 BY"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4", "r")
        app.redraw()  # e.g. the status bar changed; the position did not
        await pilot.press("y", "enter")
        await pilot.pause()
    assert app.chosen == [actions.put(3, (1, 0, 1, 0))]


class ScreenKeysApp(WorkbenchApp):
    """A host with its own binding on a key the board also uses."""

    BINDINGS = [("p", "retry", "Retry")]
    retried = 0

    def action_retry(self) -> None:
        self.retried += 1


async def test_when_read_only_the_hosts_bindings_win_over_board_keys() -> None:
    state = with_seat(position(OPENING + ";put 1 BY"), 1, tools="---R")
    state = state.apply(actions.put(3, (0, 0, 0, 0), burin=True))
    app = await run(ScreenKeysApp(state, seat=0, read_only=True), "p")
    assert app.retried == 1 and app.chosen == []
    app = await run(ScreenKeysApp(state), "p", "enter")
    assert app.retried == 0 and app.chosen == [actions.PASS]


# --- mouse -----------------------------------------------------------------------------------


async def test_clicking_a_tray_number_picks_it_and_a_card_moves_the_cursor() -> None:
    app = WorkbenchApp(position())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tray = app.query_one("#wb-tray", Painted).render().plain.splitlines()[0]
        await pilot.click("#wb-tray", offset=(tray.index(" 6 ") + 2, 0))
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [actions.PICK[6]]
        app.play(actions.PICK[6])
        app.play(actions.PICK[2])  # seat 2; seat 1 holds R Y G now
        await pilot.pause()
        # (the cursor mark ► may stand before the number: it counts as a space here)
        rows = app.query_one("#wb-showcase", Painted).render().plain.replace("►", " ").splitlines()
        y = next(i for i, row in enumerate(rows) if " 4 " in row)
        await pilot.click("#wb-showcase", offset=(rows[y].index(" 4 ") + 2, y))
        await pilot.press("a", "enter")
        await pilot.pause()
    assert app.chosen[-1] == actions.put(3, (1, 0, 1, 0))


# --- what is on screen ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "making"), [(2, False), (2, True), (3, False), (4, True)])
async def test_the_whole_table_fits_80x24(players: int, making: bool) -> None:
    state = position(players=players)
    if making:  # on to manufacturing: every seat picks the first number shown
        while state.step in (CHOOSE, PICK):
            state = state.apply(state.legal_actions()[0])
        assert state.step == MAKE
    history = tuple(f"{n}. Seat 1: pick 2" for n in range(1, 9))
    app = WorkbenchApp(state, history=history)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = render_text(app)
        board = app.query_one(WorkbenchBoard)
        assert board.region.height == 22
        for part in ("#wb-round", "#wb-tray", "#wb-showcase", "#wb-benches", "#wb-detail",
                     "#wb-prompt", "#wb-log"):
            region = app.query_one(part).region
            assert region.height >= 1 and region.bottom <= board.region.bottom, part
    for slot in range(1, len(state.showcase) + 1):
        assert f"{slot} " in text
    for seat in range(1, players + 1):
        assert f"Seat {seat}" in text
    for tool in ("Crucible", "Cloth", "Loupe", "Burin"):
        assert tool in text
    assert "8. Seat 1" in text, "the latest log line is visible"


async def test_dice_and_gems_are_letters_as_well_as_colours() -> None:
    app = await run(WorkbenchApp(position(OPENING + ";put 1 BY")))
    lines = app.screen_text.splitlines()
    # The rose bracelet B Y Y: two gems covered (upper case), one open (lower case).
    assert any("rose bracelet" in line and "BYy" in line for line in lines)
    assert "held RYG" in app.screen_text
    assert "Reserve" in app.screen_text


async def test_finished_jewels_show_by_metal_with_their_collections() -> None:
    state = position(OPENING + ";put 1 BY;put 4 RY")
    seats = list(state.seats)
    # Seat 2 finished the yellow ring; give it a yellow pendant and a rose ring too.
    from gemtable.engine.games.workbench.components import card

    seats[1] = attrs.evolve(seats[1], finished=(card("YR1"), card("YP4"), card("RR1")))
    app = await run(WorkbenchApp(attrs.evolve(state, seats=tuple(seats)), seat=1, read_only=True))
    line = next(line for line in app.screen_text.splitlines() if "yellow:" in line)
    assert "[ring RY, pend RRRBY]+2" in line and "rose: ring RG" in line


async def test_wide_terminal_shows_a_log_panel_and_a_key_legend() -> None:
    history = tuple(f"{n}. Seat {n % 2 + 1}: pick 2" for n in range(1, 6))
    app = WorkbenchApp(position(players=4), history=history)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.query_one("#wb-log-panel").display
        assert not app.query_one("#wb-log").display
        text = render_text(app)
    assert "1. Seat 2: pick 2" in text and "Log" in text
    assert "type notation" in text
    assert text.count("Crucible") >= 4, "every workbench in full"


def test_dice_rolls_share_one_log_line() -> None:
    history = ["1. Chance: roll R4", "2. Chance: roll B2", "3. Seat 1: pick 4",
               "4. Chance: roll G6"]
    assert compact_history(history) == [
        "1-2. Chance: rolled R4 B2", "3. Seat 1: pick 4", "4. Chance: rolled G6"]


def test_the_registry_gives_this_board_and_keys_are_described() -> None:
    assert board_for("workbench") is WorkbenchBoard
    board = WorkbenchBoard()
    assert board.key_help() == ()  # nothing shown yet
    state = position(OPENING)
    board.show(state.view(0), state.legal_actions(), 0)
    keys = board.key_help()
    assert keys and all(isinstance(k, str) and isinstance(d, str) and d for k, d in keys)
    assert ("d", "discard") not in keys  # a die fits: discarding is not possible


# --- every kind of action, from the keyboard ---------------------------------------------------


def keys_for(state: WorkbenchState, action: object) -> list[str]:
    """What a person types on the board for `action` in `state`."""
    letter = {c: LETTERS[c].lower() for c in range(4)}
    if isinstance(action, actions.Pick):
        numbers = [action.number] + ([action.neighbour] if action.neighbour else [])
        return [*map(str, numbers), "enter"]
    if isinstance(action, actions.Crucible):
        return ["c", *(letter[c] for c, n in enumerate(action.dice) for _ in range(n)), "enter"]
    if isinstance(action, actions.Leave):
        options = [a for a in state.legal_actions() if isinstance(a, actions.Leave)]
        return ["right"] * (options.index(action) + 1) + ["enter"]
    if isinstance(action, actions.Put):
        keys = [str(action.slot + 1), *(letter[c] for c, n in enumerate(action.dice)
                                        for _ in range(n))]
        keys += ["i"] if action.burin else []
        keys += ["l", letter[action.loupe]] if action.loupe >= 0 else []
        return [*keys, "enter"]
    if isinstance(action, actions.Move):
        gems = list(dict.fromkeys(m.gem for m in state.legal_actions() if isinstance(m, actions.Move)
                                  and m.source == action.source and m.die == action.die))
        presses = [letter[action.die]] * (gems.index(action.gem) + 1)
        return [str(action.source + 1), str(action.target + 1), *presses, "enter"]
    if isinstance(action, actions.Store):
        return ["s", letter[action.colour], "coli"[action.tool], "enter"]
    if isinstance(action, actions.Discard):
        return ["d", "enter"]
    return ["p", "enter"]


async def play_from_keys(players: int, seed: int, limit: int) -> set[str]:
    """Hot-seat: each seat's chosen action is typed as keys and must come back posted."""
    rng = random.Random(seed)
    app = WorkbenchApp(position(players=players, seed=seed))
    kinds = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(limit):
            if app.state.is_over:
                break
            legal = app.state.legal_actions()
            # Prefer the rarer kinds, so a short game still meets them all.
            rare = [a for a in legal if not isinstance(a, actions.Pick | actions.Put)]
            action = rng.choice(rare if rare and rng.random() < 0.5 else legal)
            await pilot.press(*keys_for(app.state, action))
            await pilot.pause()
            assert app.chosen[-1:] == [action], f"typed {keys_for(app.state, action)}"
            kinds.add(type(action).__name__ + ("@move" if app.state.step == MOVE else ""))
            app.play(action)
    return kinds


async def test_the_first_turns_are_played_from_the_keyboard() -> None:
    kinds = await play_from_keys(players=2, seed=3, limit=6)
    assert {"Pick", "Put"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "kinds"),
    [(2, {"Pick", "Crucible", "Put", "Store", "Pass@move"}),
     (4, {"Pick", "Crucible", "Leave", "Put", "Move@move", "Store", "Discard"})],
)
async def test_a_whole_game_played_from_the_keyboard(players: int, kinds: set[str]) -> None:
    """Seed 5 and this policy meet every kind of decision between the two games."""
    assert kinds <= await play_from_keys(players=players, seed=5, limit=400)
