"""The Jewel Box board driven as a person would: keys in, ActionChosen out.

Each test mounts the board alone between a status row and a key row, shows it
a real position (a seeded game, or a position written as text), and checks
which action, if any, the board posts and what it says.
"""

from __future__ import annotations

import random

import pytest
from board_harness import BoardApp, run
from tui_support import render_text

from gemtable.engine import CHANCE, chance_rng, registry
from gemtable.engine.games.jewelbox import actions
from gemtable.engine.games.jewelbox.boxes import box_rows
from gemtable.engine.games.jewelbox.components import FORCEPS, GLASS, LADYBUG, LONGHORN
from gemtable.engine.games.jewelbox.positions import position
from gemtable.engine.games.jewelbox.rules import placements, spent_tool, swap_actions
from gemtable.engine.games.jewelbox.state import (
    AFTER,
    DISCARDING,
    PLACING,
    START,
    JewelBoxState,
)
from gemtable.tui.boards import board_for
from gemtable.tui.boards.base import Board
from gemtable.tui.boards.jewelbox import JewelBoxBoard
from gemtable.tui.boards.jewelbox.boxes import BoxesView
from gemtable.tui.boards.jewelbox.explain import (
    note,
    square_words,
    total_after_place,
    total_after_swap,
)

GAME = registry.get("jewelbox")
SEED = 1
ARROWS = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}


def new_game(players: int = 2, variant: str | None = None) -> JewelBoxState:
    return GAME.new(players, seed=SEED, variant=variant)


def play(state: JewelBoxState, *texts: str) -> JewelBoxState:
    for text in texts:
        state = state.apply(state.parse_action(text))
    return state


class JewelBoxApp(BoardApp):
    """Actions the board posts are recorded and, with `follow`, applied to the
    true state (die rolls drawn from the seed), and the board is shown the
    new position from the seat to move, like a hot-seat table.
    """

    board_type = JewelBoxBoard
    prompt_id = "#jb-prompt"
    detail_id = "#jb-detail"

    def __init__(self, state: JewelBoxState, seat: int | None = None, *,
                 read_only: bool = False, follow: bool = False) -> None:
        super().__init__(state, seat, read_only=read_only)
        self.follow = follow
        self.history: list[str] = []
        self.step = 0
        self.key_bars: list[dict[str, str]] = []

    def apply(self, action: object) -> None:
        who = "Chance" if self.state.to_move is CHANCE else f"Seat {self.state.to_move + 1}"
        self.state = self.state.apply(action)
        self.step += 1
        self.history.append(f"{self.step}. {who}: {action}")
        while self.state.to_move is CHANCE:
            self.apply(self.state.sample_chance(chance_rng(SEED, self.step)))

    def on_board_keys_changed(self, event: Board.KeysChanged) -> None:
        self.key_bars.append(dict(self.board.key_help()))

    def after_choice(self, action: object) -> None:
        if self.follow:
            self.apply(action)
            if not self.state.is_over:
                self.seat = self.state.current
            self.redraw()


def typed(text: str) -> list[str]:
    return ["colon", *("space" if ch == " " else ch for ch in text), "enter"]


def placing(*boxes: list[str], holding: int = LADYBUG, **fields: object) -> JewelBoxState:
    """Seat 1 to place `holding` (taken from the pile, so the log stays full)."""
    return position(*boxes, variant=fields.pop("variant", "standard"), phase=PLACING,
                    holding=holding, **fields)


# --- collecting: roll, take after a 6, Magnifying Glass ---------------------------


async def test_r_rolls() -> None:
    app = await run(JewelBoxApp(new_game()), "r")
    assert app.chosen == [actions.ROLL]


async def test_after_a_six_the_number_keys_take_that_log_space() -> None:
    state = play(new_game(), "roll", "rolled 6")
    app = await run(JewelBoxApp(state), "3")
    assert app.chosen == [], "the log refills from the pile: Enter confirms first"
    app = await run(JewelBoxApp(state), "3", "enter")
    assert app.chosen == [actions.TAKE[3]]


async def test_number_keys_before_rolling_explain_and_post_nothing() -> None:
    app = await run(JewelBoxApp(new_game()), "3")
    assert app.chosen == []
    assert "g then 3" in app.final_prompt


async def test_g_then_a_number_or_p_uses_the_magnifying_glass() -> None:
    app = await run(JewelBoxApp(new_game()), "g", "2", "enter")
    assert app.chosen == [actions.GLASS[2]]
    app = await run(JewelBoxApp(new_game()), "g", "p", "enter")
    assert app.chosen == [actions.GLASS[actions.PILE]]


async def test_taking_up_the_glass_and_putting_it_away_change_the_key_bar() -> None:
    app = await run(JewelBoxApp(new_game()), "g", "escape")
    glass = [keys for keys in app.key_bars if "r" not in keys]
    assert glass and "p" in glass[0] and "Esc" in glass[0]
    assert "r" in app.key_bars[-1]  # put away: the turn's own keys again


async def test_escape_puts_the_glass_away_unused() -> None:
    app = await run(JewelBoxApp(new_game()), "g", "escape", "p")
    assert app.chosen == []
    assert "press g, then p" in app.final_prompt


async def test_glass_without_glass_or_either_says_both_are_used() -> None:
    state = position(["S"], ["W"], variant="standard", tools=[2, 7], phase=START)
    app = await run(JewelBoxApp(state), "g")
    assert app.chosen == []
    assert "both used" in app.final_prompt


# --- placing with the cursor ------------------------------------------------------


async def test_cursor_starts_on_a_legal_square_and_enter_places_there() -> None:
    state = placing(["SW"], ["L"])
    app = await run(JewelBoxApp(state), "enter")
    assert len(app.chosen) == 1
    assert isinstance(app.chosen[0], actions.Place)
    assert (app.chosen[0].row, app.chosen[0].col) in placements(state, 0)


async def test_arrows_and_hjkl_move_the_cursor_to_the_square_placed() -> None:
    state = placing(["SW"], ["L"])  # S on d4, W on e4; the cursor settles on d3
    app = await run(JewelBoxApp(state), "down", "down", "enter")
    assert app.chosen == [actions.PLACE[4, 3]]  # d5
    app = await run(JewelBoxApp(state), "j", "j", "l", "enter")
    assert app.chosen == [actions.PLACE[4, 4]]  # e5
    app = await run(JewelBoxApp(state), "h", "j", "enter")
    assert app.chosen == [actions.PLACE[3, 2]]  # c4


async def test_tab_jumps_between_free_squares() -> None:
    state = placing(["SW"], ["L"])
    app = await run(JewelBoxApp(state), "tab", "enter")
    assert app.chosen == [actions.PLACE[2, 4]]  # e3, the next free square after d3


async def test_enter_on_a_square_that_cannot_take_the_beetle_says_why() -> None:
    state = placing(["SW"], ["L"])
    app = await run(JewelBoxApp(state), "down", "enter")  # d4 holds the Scarab
    assert app.chosen == []
    assert "already holds a beetle" in app.final_prompt


async def test_placing_previews_the_new_total() -> None:
    state = placing(["SW"], ["L"], holding=LONGHORN)
    app = await run(JewelBoxApp(state))
    before = state.scores()[0]
    assert f"{before} → {before + 1} (+1)" in app.final_detail  # one Longhorn: 1 point


async def test_a_click_moves_the_cursor_and_a_second_click_places() -> None:
    state = placing(["SW"], ["L"])
    app = JewelBoxApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.query_one(BoxesView)
        layout = view._layout(view.size.width)
        assert layout is not None
        y, x0, _, seat, square = next(h for h in layout.hits if h[4] == (4, 4))
        await pilot.click(BoxesView, offset=(x0 + 1, y))
        await pilot.pause()
        assert app.chosen == [] and app.board.cursor == (4, 4)
        await pilot.click(BoxesView, offset=(x0 + 1, y))
        await pilot.pause()
    assert app.chosen == [actions.PLACE[4, 4]]


# --- Forceps, done, solo discard -------------------------------------------------


async def test_forceps_pick_two_beetles_with_enter() -> None:
    state = position(["SWL"], ["L"], variant="standard", phase=START)
    app = await run(JewelBoxApp(state, follow=True), "f", "enter", "right", "enter")
    # One gesture, two actions: take up the Forceps, then (shown them in hand) swap.
    assert app.chosen == [actions.FORCEPS, actions.swap((3, 3), (3, 4))]  # d4 and e4
    assert box_rows(app.state, 0)[1][0].startswith("WSL")


async def test_forceps_taken_up_wait_for_the_table_before_the_swap() -> None:
    state = position(["SWL"], ["L"], variant="standard", phase=START)
    app = await run(JewelBoxApp(state), "f", "enter", "right", "enter")
    assert app.chosen == [actions.FORCEPS]
    assert "forceps, swap d4 e4" in app.final_prompt


async def test_forceps_in_hand_cannot_be_put_away() -> None:
    state = play(position(["SWL"], ["L"], variant="standard", phase=START), "forceps")
    app = await run(JewelBoxApp(state), "escape", "d", "enter", "right", "right", "enter")
    assert app.chosen == [actions.swap((3, 3), (3, 5))]
    app = await run(JewelBoxApp(state), "escape")
    assert app.chosen == [] and "Forceps are in hand" in app.final_prompt


async def test_forceps_refuse_two_beetles_of_one_family() -> None:
    state = position(["SSW"], ["L"], variant="standard", phase=START)
    app = await run(JewelBoxApp(state), "f", "enter", "right", "enter")
    assert app.chosen == []
    assert "both Scarabs" in app.final_prompt


async def test_forceps_after_placing_and_d_ends_the_turn() -> None:
    state = position(["SW"], ["L"], variant="standard", phase=AFTER)
    app = await run(JewelBoxApp(state), "d")
    assert app.chosen == [actions.DONE]
    app = await run(JewelBoxApp(state), "f", "enter", "l", "enter")
    assert app.chosen == [actions.FORCEPS]


async def test_f_with_the_forceps_used_up_asks_before_spending_the_either() -> None:
    state = position(["SWL"], ["L"], variant="standard", tools=[5, 7], phase=START)
    app = await run(JewelBoxApp(state), "f")
    assert "the Forceps is used up: f again uses the Either" in app.final_prompt
    app = await run(JewelBoxApp(state), "f", "enter", "right", "enter")
    assert app.chosen == []
    app = await run(JewelBoxApp(state), "f", "f", "enter", "right", "enter")
    assert app.chosen == [actions.FORCEPS]


async def test_g_with_the_glass_used_up_asks_before_spending_the_either() -> None:
    state = position(["S"], ["W"], variant="standard", tools=[6, 7], phase=START)
    app = await run(JewelBoxApp(state), "g")
    assert "the Magnifying Glass is used up" in app.final_prompt
    app = await run(JewelBoxApp(state), "g", "1")
    assert app.chosen == []
    app = await run(JewelBoxApp(state), "g", "g", "1")
    assert app.chosen == [actions.GLASS[1]]


async def test_forceps_while_holding_a_beetle_say_place_it_first() -> None:
    app = await run(JewelBoxApp(placing(["SW"], ["L"])), "f")
    assert app.chosen == []
    assert "place the Ladybug first" in app.final_prompt


async def test_solo_discard_with_a_number_key() -> None:
    state = position(["SW"], variant="solo", phase=DISCARDING)
    app = await run(JewelBoxApp(state), "d", "4", "enter")
    assert app.chosen == [actions.DISCARD[4]]


async def test_solo_shows_the_titles_and_the_discard_step() -> None:
    state = position(["SW"], variant="solo", phase=DISCARDING)
    app = await run(JewelBoxApp(state))
    for words in ("Amateur", "50", "Pro", "57", "Master", "63", "discard", "Discarded"):
        assert words in app.screen_text, words
    assert "1-5" in app.final_prompt


# --- typed notation ----------------------------------------------------------------


async def test_colon_opens_a_line_for_typed_actions() -> None:
    app = await run(JewelBoxApp(new_game()), *typed("roll"))
    assert app.chosen == [actions.ROLL]
    # A typed move that turns up something hidden waits for Enter, as a letter key's does.
    app = await run(JewelBoxApp(new_game()), *typed("glass pile"))
    assert app.chosen == [] and "cannot be undone" in app.final_prompt
    app = await run(JewelBoxApp(new_game()), *typed("glass pile"), "enter")
    assert app.chosen == [actions.GLASS[actions.PILE]]


@pytest.mark.parametrize(
    ("text", "words"),
    [("fly away", "not an action"), ("take 3", "after a roll of 6"),
     ("place a1", "no beetle to place"), ("swap d4 e4", "no beetle on d4"),
     ("take 9", "there is no log space 9"), ("zzz 9", "For example `roll`")],
)
async def test_illegal_typed_text_shows_the_reason_and_posts_nothing(text, words) -> None:
    app = await run(JewelBoxApp(new_game()), *typed(text))
    assert app.chosen == []
    assert text in app.final_prompt and words in app.final_prompt


async def test_escape_closes_the_command_line_and_board_keys_work_again() -> None:
    app = await run(JewelBoxApp(new_game()), "colon", "x", "escape", "r")
    assert app.chosen == [actions.ROLL]


# --- read-only, bad keys, no double posts ----------------------------------------------


async def test_read_only_board_posts_nothing_but_the_cursor_still_moves() -> None:
    state = placing(["SW"], ["L"])
    app = JewelBoxApp(state, seat=1, read_only=True)
    keys = ("r", "g", "2", "f", "enter", "d", "3", "p", "space", *typed("roll"))
    app = await run(app, "right", *keys)
    assert app.chosen == []
    assert "wait for your turn" in app.final_prompt
    assert app.final_cursor == (3, 4)  # one step right of Seat 2's Ladybug on d4
    assert "e4 empty" in app.final_detail


async def test_a_spectator_is_told_they_are_watching() -> None:
    app = await run(JewelBoxApp(new_game(), seat=None, read_only=True), "r", "right")
    assert app.chosen == []
    assert "Watching" in app.final_prompt


async def test_bad_keys_give_a_short_message_and_never_crash() -> None:
    app = await run(JewelBoxApp(new_game()), "x", "%", "9", "0", "7", "z", "ctrl+t", "f5",
                    "enter", "d", "tab", "shift+tab", "escape", "escape")
    assert app.chosen == []
    app = await run(JewelBoxApp(new_game()), "x")
    assert "not a board key" in app.final_prompt
    app = await run(JewelBoxApp(play(new_game(), "roll", "rolled 6")), "9")
    assert "1 to 5" in app.final_prompt


async def test_a_second_press_before_the_next_view_posts_nothing_more() -> None:
    app = await run(JewelBoxApp(new_game()), "r", "r", "g", "2")
    assert app.chosen == [actions.ROLL]
    assert "waiting" in app.final_prompt.lower()


async def test_show_error_lets_the_person_try_again() -> None:
    app = JewelBoxApp(new_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        app.board.show_error("the table refused it")
        await pilot.pause()
        assert "refused" in app.prompt()
        await pilot.press("g", "1", "enter")
        await pilot.pause()
    assert app.chosen == [actions.ROLL, actions.GLASS[1]]


# --- every legal action by keys: whole games --------------------------------------------


def keys_for(action: object, cursor: tuple[int, int]) -> list[str]:
    """The keys a person presses for `action` with the cursor on `cursor`."""

    def walk(start: tuple[int, int], end: tuple[int, int]) -> list[str]:
        drow, dcol = end[0] - start[0], end[1] - start[1]
        return ([ARROWS[(1 if drow > 0 else -1, 0)]] * abs(drow)
                + [ARROWS[(0, 1 if dcol > 0 else -1)]] * abs(dcol))

    if isinstance(action, actions.Roll):
        return ["r"]
    if isinstance(action, actions.Done):
        return ["d"]
    if isinstance(action, actions.Take | actions.Discard):
        return [str(action.space)]
    if isinstance(action, actions.Glass):
        return ["g", "p" if action.space == actions.PILE else str(action.space)]
    if isinstance(action, actions.Place):
        return [*walk(cursor, (action.row, action.col)), "enter"]
    assert isinstance(action, actions.Swap)
    return [*walk(cursor, action.first), "enter", *walk(action.first, action.second), "enter"]


def tool_keys(state: JewelBoxState, key: str, tool: int) -> list[str]:
    """A tool's key, pressed twice when the Either stands in for that tool."""
    either = spent_tool(state.seats[state.current].tools, tool) != tool
    return [key, key] if either else [key]


@pytest.mark.parametrize(("players", "variant"), [(1, "solo"), (2, "standard")])
async def test_whole_games_played_only_with_keys(players: int, variant: str) -> None:
    """Random legal actions, each entered with keys; the board must post exactly it.

    Taking up the Forceps is one gesture with the swap that follows: f, then
    Enter on two beetles."""
    rng = random.Random(7)
    app = JewelBoxApp(new_game(players, variant), follow=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not app.state.is_over:
            wanted = [rng.choice(app.state.legal_actions())]
            before = len(app.chosen)
            if wanted[0] == actions.FORCEPS:
                swaps = swap_actions(app.state, app.state.seats[app.state.current])
                swap = rng.choice(swaps)
                if len(swaps) > 1:  # with only one, the engine swaps at once
                    wanted.append(swap)
                # Forceps first move the cursor onto a beetle
                await pilot.press(*tool_keys(app.state, "f", FORCEPS))
                await pilot.pause()
                await pilot.press(*keys_for(swap, app.board.cursor))
            else:
                keys = keys_for(wanted[0], app.board.cursor)
                if isinstance(wanted[0], actions.Glass):
                    keys[:1] = tool_keys(app.state, "g", GLASS)
                if keys[-1] != "enter" and app.state.reveals(wanted[0]):
                    keys.append("enter")  # a move that draws from the pile waits for Enter
                await pilot.press(*keys)
            await pilot.pause()
            assert app.chosen[before:] == wanted, (wanted, app.prompt())
        text = render_text(app)
    assert "game is over" in text.lower()


# --- what is on screen ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "variant"), [(1, "solo"), (2, "long"), (2, "standard"),
                                                  (3, None), (4, None)])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_box_with_its_scores_fits(players: int, variant: str | None,
                                              size: tuple[int, int]) -> None:
    state = new_game(players, variant)
    app = JewelBoxApp(state, follow=True)
    rng = random.Random(3)
    for _ in range(12 * players):  # some beetles in every box
        app.apply(rng.choice(app.state.legal_actions()))
    app.seat = app.state.current
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = render_text(app)
        board = app.board
        assert board.region.height == size[1] - 2
        for part in (BoxesView, "#jb-detail", "#jb-prompt"):
            region = app.query_one(part).region
            assert region.height >= 1 and region.bottom <= board.region.bottom, part
    words = " ".join(text.lower().split())
    for seat in range(players):
        assert f"Seat {seat + 1}" in text
        assert f"total {app.state.scores()[seat]}" in words
    for word in ("log", "pile", "die", "tools"):
        assert word in words, word
    for line in text.splitlines():
        assert len(line) <= size[0]


def four_players() -> JewelBoxApp:
    """Seat 1's view of a four-player game ten turns each in."""
    app = JewelBoxApp(new_game(4), seat=0, follow=True)
    rng = random.Random(5)
    for _ in range(40):
        app.apply(rng.choice(app.state.legal_actions()))
    return app


async def test_own_box_is_full_and_the_others_compact_for_four_at_80x24() -> None:
    app = await run(four_players())
    header = next(line for line in app.screen_text.splitlines() if "Seat 1 (you)" in line)
    assert "Seat 2" in header and "Seat 3" in header  # beside the own box
    assert app.screen_text.count(" pts") == 1  # one full score column: the own box


async def test_v_shows_the_next_box_in_full() -> None:
    app = await run(four_players(), "v")
    first_panel = app.screen_text.splitlines()[3].lstrip(" ►")
    assert first_panel.startswith("Seat 2")
    app = await run(four_players(), "v", "v", "v", "v")
    assert app.screen_text.splitlines()[3].lstrip(" ►").startswith("Seat 1 (you)")


async def test_the_face_down_pile_shows_only_its_size() -> None:
    state = new_game(2)
    app = await run(JewelBoxApp(state))
    assert f"pile {len(state.pile)}" in app.screen_text


async def test_tools_show_capitals_when_unused_and_small_letters_when_spent() -> None:
    state = position(["SW"], ["L"], variant="standard", tools=[1, 7], phase=START)
    app = await run(JewelBoxApp(state))
    header = next(line for line in app.screen_text.splitlines() if "Seat 1" in line)
    assert "G f e" in header and "G F E" in header


def test_board_is_registered_for_jewelbox() -> None:
    assert board_for("jewelbox") is JewelBoxBoard


# --- scoring explained ------------------------------------------------------------------


WORKED = ["WWWW", "LHLH", "HLHL", "JJSS"]
"""The rulebook's worked example (35 points), on d4 to g7 of the sheet."""


@pytest.mark.parametrize(
    ("square", "words"),
    [((3, 3), "in a line of 4: 10 for the line"),
     ((6, 5), "+2 on the edge: neighbours H J S, no two alike"),
     ((4, 3), "alone: 4 lone Ladybugs score 8"),
     ((4, 4), "4 Longhorns, even: 2 each"),
     ((6, 3), "in a pair: +5"),
     ((2, 3), "would stretch the box beyond 4x4")],
)
def test_each_square_of_the_worked_example_is_explained(square, words) -> None:
    state = position(WORKED, ["S"], variant="standard")
    assert words in square_words(state, 0, square)


def test_scarab_with_two_matching_neighbours_scores_nothing() -> None:
    state = position(["LSL"], ["S"], variant="standard")
    found = note(state, 0, (3, 4))
    assert found is not None and "two neighbours are Ladybugs" in found.words


def test_previews_match_the_engine_after_the_move() -> None:
    state = placing(["SWL", "J.H"], ["L"], holding=LONGHORN)
    for square in placements(state, 0):
        after = state.apply(actions.PLACE[square])
        assert total_after_place(state, 0, LONGHORN, square) == after.scores()[0], square
    start = play(position(["SWL", "J.H"], ["L"], variant="standard", phase=START), "forceps")
    swaps = start.legal_actions()
    assert swaps and all(isinstance(swap, actions.Swap) for swap in swaps)
    for swap in swaps:
        after = start.apply(swap)
        assert total_after_swap(start, 0, swap.first, swap.second) == after.scores()[0]


async def test_the_cursor_square_is_explained_under_the_boxes() -> None:
    state = position(WORKED, ["S"], variant="standard", phase=START)
    # The cursor starts on the centre square d4: the first Weevil of the top line.
    app = await run(JewelBoxApp(state), "down", "down", "down", "right")
    assert "e7 Jewel beetle: in a pair" in app.final_detail


async def test_looking_at_another_box_on_your_turn_says_how_to_come_back() -> None:
    state = placing(["SW"], ["L"])
    app = await run(JewelBoxApp(state), "v", "enter")
    assert app.chosen == []
    assert "not your box" in app.final_prompt
    app = await run(JewelBoxApp(state), "v")
    assert "Seat 2's box" in app.final_prompt
    app = await run(JewelBoxApp(state), "v", "v", "enter")
    assert len(app.chosen) == 1 and isinstance(app.chosen[0], actions.Place)
