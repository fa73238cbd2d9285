"""The Jowhari board driven as a person would: keys in, ActionChosen out.

Each test mounts the board alone in a small app with a real game position
(from a seed and a few actions, or a position built for the case) and checks
which action, if any, the board posts.
"""

from __future__ import annotations

import random

import attrs
import pytest
from board_harness import BoardApp, run
from tui_support import render_text

from gemtable.engine import registry
from gemtable.engine.games.jowhari import actions
from gemtable.engine.games.jowhari.rules import shortfall
from gemtable.engine.games.jowhari.state import JowhariState
from gemtable.tui.boards import board_for
from gemtable.tui.boards.jowhari import JowhariBoard
from gemtable.tui.boards.jowhari.centre import CentreView
from gemtable.tui.boards.jowhari.players import LogView, PlayersView
from gemtable.tui.boards.jowhari.prompt import detail_line

GAME = registry.get("jowhari")
RETURNING = (
    "take WW;take RBW;buy h1;buy 1b;take BGK;take BGW;take RBW;take BGW;take RGW;"
    "buy 1d;buy 1d;take RBK;take RWK;buy h2;take RBG"
)
"""From seed 1: seat 1 ends up holding 13 gems and must give 3 back."""


def position(moves: str = "", players: int = 2, seed: int = 1) -> JowhariState:
    state = GAME.new(players, seed=seed)
    for text in filter(None, (m.strip() for m in moves.split(";"))):
        state = state.apply(state.parse_action(text))
    return state


class JowhariApp(BoardApp):
    board_type = JowhariBoard
    prompt_id = "#jw-prompt"


def first(state: JowhariState, kind: type, where: str) -> object:
    """The first legal action of a kind from a kind of source, which the test needs."""
    for action in state.legal_actions():
        if isinstance(action, kind) and action.source.kind == where:
            return action
    pytest.fail(f"the test position has no legal {kind.__name__} from {where}")


def slot_keys(source: actions.Source) -> tuple[str, ...]:
    return tuple(str(source))


# --- taking gems ----------------------------------------------------------------


async def test_capital_letters_then_enter_take_three_gems() -> None:
    app = await run(JowhariApp(position()), "R", "B", "G", "enter")
    assert app.chosen == [actions.TAKE_DIFFERENT[0, 1, 2]]


async def test_same_colour_twice_takes_two() -> None:
    app = await run(JowhariApp(position()), "K", "K", "enter")
    assert app.chosen == [actions.TAKE_TWO[4]]


async def test_backspace_and_escape_change_the_pick_before_enter() -> None:
    app = await run(JowhariApp(position()), "R", "W", "backspace", "G", "B", "enter")
    assert app.chosen == [actions.TAKE_DIFFERENT[0, 1, 2]]
    app = await run(JowhariApp(position()), "R", "W", "escape", "W", "B", "K", "enter")
    assert app.chosen == [actions.TAKE_DIFFERENT[1, 3, 4]]


async def test_incomplete_take_is_explained_not_posted() -> None:
    app = await run(JowhariApp(position()), "R", "B", "enter")
    assert app.chosen == []
    assert "pick 1 more colour" in app.final_prompt


async def test_two_of_a_scarce_colour_is_refused_with_the_reason() -> None:
    # Seat 1 took one red, so only 3 are left in the 2-player supply.
    app = await run(JowhariApp(position("take RBG;take KK")), "R", "R", "enter")
    assert app.chosen == []
    assert "at least 4" in app.final_prompt


# --- buying and reserving ------------------------------------------------------


async def test_typed_slot_name_then_b_buys_that_centre_card() -> None:
    state = position("take RBG;take KK")
    buy = first(state, actions.Buy, "centre")
    app = await run(JowhariApp(state), *slot_keys(buy.source), "b", "enter")
    assert app.chosen == [buy]


async def test_a_long_card_detail_is_shown_whole_at_80_columns() -> None:
    """From seed 1, card 3a lacks four colours and some gold covers part: its
    detail is longer than a row, so it takes a second row instead of a cut."""
    state = position()
    app = await run(JowhariApp(state), "3", "a")
    detail = detail_line(state.view(state.current), state.current, actions.Source("centre", 3, 0))
    assert len(detail.plain) > 80
    assert " ".join(detail.plain.split()) in " ".join(app.screen_text.split())


async def test_arrows_move_the_cursor_and_enter_buys() -> None:
    state = position("take RBG;take KK")
    assert actions.BUY_CENTRE[1, 3] in state.legal_actions()
    # The cursor starts on 1a; three steps right is 1d.
    app = await run(JowhariApp(state), "right", "right", "right", "enter")
    assert app.chosen == [actions.BUY_CENTRE[1, 3]]


async def test_vim_keys_move_like_arrows() -> None:
    state = position("take RBG;take KK")
    app = await run(JowhariApp(state), "k", "j", "l", "l", "l", "l", "b", "enter")
    assert app.chosen == [actions.BUY_CENTRE[1, 3]]


async def test_unaffordable_buy_says_how_short_and_posts_nothing() -> None:
    app = await run(JowhariApp(position()), "3", "a", "b")
    assert app.chosen == []
    assert "cannot buy 3a yet" in app.final_prompt and "short" in app.final_prompt


async def test_reserve_a_centre_card() -> None:
    state = position("take WW;take RBW;buy h1;buy 1b")
    app = await run(JowhariApp(state), "2", "c", "r", "enter")
    assert app.chosen == [actions.RESERVE_CENTRE[2, 2]]


async def test_reserve_the_top_of_a_deck_by_name_and_by_cursor() -> None:
    state = position("take WW;take RBW;buy h1;buy 1b")
    app = await run(JowhariApp(state), "d", "3", "r", "enter")
    assert app.chosen == [actions.RESERVE_DECK[3]]
    # From 1a, one step left is the level-1 deck.
    app = await run(JowhariApp(state), "left", "r", "enter")
    assert app.chosen == [actions.RESERVE_DECK[1]]


async def test_reserve_with_a_full_hand_explains_the_hand_limit() -> None:
    app = await run(JowhariApp(position()), "2", "a", "r")
    assert app.chosen == []
    assert "3 cards in hand" in app.final_prompt


async def test_buy_from_hand_by_name_and_by_cursor() -> None:
    state = position("take WW;take RBW")
    buy = first(state, actions.Buy, "hand")
    app = await run(JowhariApp(state), *slot_keys(buy.source), "b", "enter")
    assert app.chosen == [buy]
    # Down from level 1 is the hand row; its first card is h1.
    assert buy == actions.BUY_HAND[0]
    app = await run(JowhariApp(state), "down", "b", "enter")
    assert app.chosen == [actions.BUY_HAND[0]]


# --- giving gems back, passing ---------------------------------------------------


async def test_over_the_limit_the_small_colour_letters_give_gems_back() -> None:
    state = position(RETURNING)
    assert state.returning
    app = await run(JowhariApp(state), "b")
    assert app.chosen == [actions.RETURN[1]]
    app = await run(JowhariApp(state), "W")
    assert app.chosen == [actions.RETURN[3]]


async def test_returning_a_colour_not_held_is_refused() -> None:
    start = position(RETURNING)
    seat = attrs.evolve(start.seats[0], tokens=(5, 6, 0, 0, 0, 1))
    state = attrs.evolve(start, seats=(seat, *start.seats[1:]))
    assert set(state.legal_actions()) == {actions.RETURN[0], actions.RETURN[1]}
    app = await run(JowhariApp(state), "g")
    assert app.chosen == []
    assert "no green" in app.final_prompt


async def test_p_passes_when_nothing_else_is_legal() -> None:
    start = position()
    broke = attrs.evolve(start.seats[0], tokens=(0,) * 6)
    state = attrs.evolve(start, supply=(0,) * 6, seats=(broke, *start.seats[1:]))
    assert state.legal_actions() == (actions.PASS,)
    app = await run(JowhariApp(state), "b", "p")
    assert app.chosen == [actions.PASS]


async def test_p_is_refused_while_other_actions_exist() -> None:
    app = await run(JowhariApp(position()), "p")
    assert app.chosen == []
    assert "only" in app.final_prompt


# --- typed notation ---------------------------------------------------------------


async def test_colon_opens_a_line_for_typed_actions() -> None:
    app = await run(JowhariApp(position()), "colon", *"take", "space", *"rbg", "enter")
    assert app.chosen == [actions.TAKE_DIFFERENT[0, 1, 2]]


@pytest.mark.parametrize(
    ("typed", "words"),
    [("buy 3a", "short"), ("fly away", "not an action"), ("take RRG", "two gems of one colour"),
     ("take BGX", "X is not a colour"),
     ("reserve 1a", "3 cards in hand")],
)
async def test_illegal_typed_text_shows_a_message_and_posts_nothing(typed, words) -> None:
    keys = ["space" if ch == " " else ch for ch in typed]
    app = await run(JowhariApp(position()), "colon", *keys, "enter")
    assert app.chosen == []
    assert typed in app.final_prompt and words in app.final_prompt


async def test_escape_closes_the_command_line_and_board_keys_work_again() -> None:
    app = await run(JowhariApp(position()), "colon", "x", "escape", "K", "K", "enter")
    assert app.chosen == [actions.TAKE_TWO[4]]


# --- read-only, bad keys, no double posts -------------------------------------------


async def test_read_only_board_posts_nothing_but_still_moves() -> None:
    app = JowhariApp(position("take RBG;take KK"), seat=0, read_only=True)
    keys = ("R", "B", "G", "enter", "right", "right", "right", "b", "r", "d", "1", "r", "p",
            "colon", *"pass", "enter")
    app = await run(app, *keys)
    assert app.chosen == []
    assert "wait" in app.final_prompt.lower() or "turn" in app.final_prompt.lower()


async def test_a_spectator_sees_no_hand_and_can_look_around() -> None:
    app = JowhariApp(position("take RBG"), seat=None, read_only=True)
    app = await run(app, "up", "b", "left", "r")
    assert app.chosen == []
    assert "Hand" not in app.screen_text
    assert "Watching" in app.final_prompt or "watching" in app.final_prompt


async def test_bad_keys_give_a_short_message_and_never_crash() -> None:
    app = await run(JowhariApp(position()), "x", "%", "Y", "g", "9", "2", "z", "h", "7",
                    "1", "e", "f5", "ctrl+t", "tab")
    assert app.chosen == []
    app = await run(JowhariApp(position()), "x")
    assert "not a board key" in app.final_prompt
    app = await run(JowhariApp(position()), "2", "d")
    assert "no 2d" in app.final_prompt
    app = await run(JowhariApp(position()), "g")
    assert "Shift+G" in app.final_prompt


async def test_b_alone_waits_for_enter_when_a_new_card_would_turn_up() -> None:
    state = position("take RBG;take KK")
    assert state.reveals(actions.BUY_CENTRE[1, 3])
    app = await run(JowhariApp(state), "1", "d", "b")
    assert app.chosen == []
    assert "cannot be undone" in app.final_prompt and "Enter plays it" in app.final_prompt
    app = await run(JowhariApp(state), "1", "d", "b", "escape", "enter")
    assert app.chosen == [actions.BUY_CENTRE[1, 3]], "Esc drops the wait; Enter then buys as always"


async def test_a_purchase_typed_on_the_line_waits_for_enter_as_b_does() -> None:
    state = position("take RBG;take KK")
    buy = actions.BUY_CENTRE[1, 3]
    typed = (":", *str(buy), "enter")
    app = await run(JowhariApp(state), *typed)
    assert app.chosen == [], "one rule for b and the line: a move that cannot be undone waits"
    assert "cannot be undone" in app.final_prompt and "Enter plays it" in app.final_prompt
    app = await run(JowhariApp(state), *typed, "enter")
    assert app.chosen == [buy]
    app = await run(JowhariApp(state), *typed, "escape")
    assert app.chosen == []
    # A move that hides nothing is played from the line at once.
    app = await run(JowhariApp(state), ":", *"take RBW", "enter")
    assert [str(action) for action in app.chosen] == ["take RBW"]


async def test_a_second_press_before_the_next_view_posts_nothing_more() -> None:
    state = position("take RBG;take KK")
    app = await run(JowhariApp(state), "1", "d", "b", "b", "enter")
    assert app.chosen == [actions.BUY_CENTRE[1, 3]]


async def test_show_error_lets_the_person_try_again() -> None:
    app = JowhariApp(position())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("K", "K", "enter")
        app.board.show_error("the table refused it")
        await pilot.press("R", "B", "G", "enter")
        await pilot.pause()
        assert app.chosen == [actions.TAKE_TWO[4], actions.TAKE_DIFFERENT[0, 1, 2]]


async def test_playing_moves_updates_the_table() -> None:
    """Actions posted by the board, applied to the true state and shown again."""
    app = JowhariApp(position())

    async with app.run_test(size=(80, 24)) as pilot:
        for keys in (("R", "B", "G", "enter"), ("K", "K", "enter")):
            await pilot.press(*keys)
            await pilot.pause()
            action = app.chosen[-1]
            app.history += (f"{len(app.history) + 1}. Seat {app.state.current + 1}: {action}",)
            app.state = app.state.apply(action)
            app.seat = app.state.current
            app.redraw()
            await pilot.pause()
        text = render_text(app)
    assert "2. Seat 2: take KK" in text
    assert app.state.seats[1].tokens[4] == 2


# --- mouse ----------------------------------------------------------------------------


async def test_click_moves_the_cursor_and_double_click_buys() -> None:
    state = position("take RBG;take KK")
    app = JowhariApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        # Level 1 is the third tile row (rows of 2 lines and a gap between them).
        x = app.query_one(CentreView).render().plain.splitlines()[6].index("1d")
        await pilot.click(CentreView, offset=(x, 6), times=2)
        await pilot.pause()
    assert app.chosen == [actions.BUY_CENTRE[1, 3]]


async def test_clicking_a_supply_gem_picks_it() -> None:
    app = JowhariApp(position())
    async with app.run_test(size=(80, 24)) as pilot:
        text = app.query_one(CentreView).render().plain.splitlines()[1]
        for letter in "RBG":
            await pilot.click(CentreView, offset=(text.index(f"4{letter}"), 1))
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen == [actions.TAKE_DIFFERENT[0, 1, 2]]


# --- what is on screen -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_whole_table_fits_80x24(players: int) -> None:
    history = tuple(f"{n}. Seat {n % players + 1}: take RBG" for n in range(1, 9))
    app = JowhariApp(position(players=players), history=history)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = render_text(app)
        board = app.query_one(JowhariBoard)
        assert board.region.height == 22
        for part in (CentreView, PlayersView, "#jw-detail", "#jw-prompt", "#jw-log"):
            region = app.query_one(part).region
            assert region.height >= 1 and region.bottom <= board.region.bottom, part
    for slot in ("1a", "1b", "1c", "1d", "2a", "2b", "2c", "3a", "3b", "3c", "d1", "d2", "d3",
                 "h1", "h2", "h3", "Supply"):
        assert slot in text, slot
    for seat in range(1, players + 1):
        assert f"Seat {seat}" in text
    assert "8. Seat" in text, "the latest log line is visible"


async def test_gems_are_letters_as_well_as_colours() -> None:
    app = await run(JowhariApp(position("take RBG;take KK")))
    header = next(line for line in app.screen_text.splitlines() if "tokens+bonus" in line)
    assert all(f" {letter} " in header for letter in "RBGWKY")
    assert "3R 3B 3G 4W 2K" in app.screen_text  # the supply after those takes


async def test_affordability_is_marked_on_each_card() -> None:
    state = position("take RBG;take KK")
    app = JowhariApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = app.query_one(CentreView).render().plain.splitlines()
    level_one = lines[6]  # third tile row: levels 3, 2, 1 top to bottom
    width = level_one.index("1c") - level_one.index("1b")
    tiles = {slot: level_one[level_one.index(slot):][:width] for slot in ("1b", "1d")}
    assert "✓" in tiles["1d"]  # affordable now
    short = shortfall(state.seats[0], state.centre[0][1])
    assert short > 0 and f"-{short}" in tiles["1b"] and "✓" not in tiles["1b"]


async def test_opponents_hidden_cards_show_only_their_level() -> None:
    app = await run(JowhariApp(position()))
    row = next(line for line in app.screen_text.splitlines() if "Seat 2" in line)
    assert "▮1 ▮1 ▮2" in row


async def test_wide_terminal_shows_a_log_panel() -> None:
    history = tuple(f"{n}. Seat {n % 2 + 1}: take RBG" for n in range(1, 6))
    app = JowhariApp(position(), history=history)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panel = app.query_one("#jw-log-panel", LogView)
        assert panel.display and panel.region.height >= 20
        assert not app.query_one("#jw-log", LogView).display
        text = render_text(app)
    assert "1. Seat 2: take RBG" in text and "Log" in text


def test_the_registry_gives_this_board_and_keys_are_described() -> None:
    assert board_for("jowhari") is JowhariBoard
    keys = JowhariBoard().key_help()
    assert keys and all(isinstance(k, str) and isinstance(d, str) and d for k, d in keys)


# --- the same position shown again, the screen's own keys ------------------------------


async def test_showing_the_same_position_again_keeps_the_gems_being_picked() -> None:
    app = JowhariApp(position())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("R", "B")
        app.redraw()  # e.g. the status changed; the position did not
        await pilot.press("G", "enter")
        await pilot.pause()
    assert app.chosen == [actions.TAKE_DIFFERENT[0, 1, 2]]


class ScreenKeysApp(JowhariApp):
    """A host with its own binding on a key the board also uses."""

    BINDINGS = [("r", "retry", "Retry")]
    retried = 0

    def action_retry(self) -> None:
        self.retried += 1


async def test_when_read_only_the_hosts_bindings_win_over_board_keys() -> None:
    state = position("take WW;take RBW;buy h1;buy 1b")
    app = await run(ScreenKeysApp(state, seat=0, read_only=True), "r")
    assert app.retried == 1 and app.chosen == []
    app = await run(ScreenKeysApp(state), "d", "2", "r", "enter")
    assert app.retried == 0 and app.chosen == [actions.RESERVE_DECK[2]]


# --- every kind of action, a whole game long ----------------------------------------------


def kind_of(action: object) -> str:
    if isinstance(action, actions.Take):
        return "take two" if len(set(action.colours)) < len(action.colours) else "take three"
    if isinstance(action, actions.Buy | actions.Reserve):
        return f"{type(action).__name__.lower()} {action.source.kind}"
    return type(action).__name__.lower()


def keys_for(action: object) -> tuple[str, ...]:
    """What a person types on the board for `action`."""
    if isinstance(action, actions.Take):
        return (*("RBGWK"[c] for c in action.colours), "enter")
    if isinstance(action, actions.Return):
        return ("rbgwk"[action.colour],)
    if isinstance(action, actions.Buy):
        return (*str(action.source), "b", "enter")  # Enter confirms a card turned up
    if isinstance(action, actions.Reserve):
        return (*str(action.source), "r", "enter")
    return ("p",)


@pytest.mark.slow
async def test_a_whole_game_played_from_the_keyboard() -> None:
    """Hot-seat: every seat's chosen action is typed as keys and must come back posted.

    Four players, seed 2 and this policy give every kind of action at least once.
    """
    players, seed = 4, 2
    rng = random.Random(seed)
    app = JowhariApp(position(players=players, seed=seed))
    kinds = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not app.state.is_over and app.state.turn < 120:
            legal = app.state.legal_actions()
            buys = [a for a in legal if isinstance(a, actions.Buy)]
            action = rng.choice(buys) if buys and rng.random() < 0.7 else rng.choice(legal)
            await pilot.press(*keys_for(action))
            await pilot.pause()
            assert app.chosen[-1:] == [action], f"typed {keys_for(action)} for {action}"
            kinds.add(kind_of(action))
            app.state = app.state.apply(action)
            app.seat = app.state.current
            app.redraw()
    assert app.state.is_over
    assert kinds == {"take three", "take two", "buy centre", "buy hand", "reserve centre",
                     "reserve deck", "return"}
