"""The Marylia board driven as a person would: keys in, ActionChosen out.

Each test mounts the board alone in a small app with a real game position
(from a seed and a few actions, the D8 rolled by the seeded chance steps, or
a position adjusted for the case) and checks which action, if any, the board
posts, and what it shows. The app plays posted actions on the true state
when a test asks it to.
"""

from __future__ import annotations

import attrs
from board_harness import BoardApp, run, tries, typed
from tui_support import render_text

from gemtable.engine import CHANCE, chance_rng, registry
from gemtable.engine.games.marylia import actions
from gemtable.engine.games.marylia.components import LETTERS, TYPES, item_value
from gemtable.engine.games.marylia.rules import travel_cost
from gemtable.engine.games.marylia.state import ACT, BID, JOIN, Item, MaryliaState
from gemtable.tui.boards import board_for
from gemtable.tui.boards.marylia import MaryliaBoard

GAME = registry.get("marylia")
SEED = 3


def settle(state: MaryliaState, step: int, seed: int = SEED) -> tuple[MaryliaState, int]:
    """Roll every pending die, as the table does, from the game's seeded chance steps."""
    while state.to_move is CHANCE:
        state = state.apply(state.sample_chance(chance_rng(seed, step)))
        step += 1
    return state, step


def position(moves: str = "", players: int = 2, seed: int = SEED) -> MaryliaState:
    """The game after the `;`-separated moves (after every merchant placed, if
    `moves` starts with `placed`: each in city 1)."""
    state, step = settle(GAME.new(players, seed=seed), 0, seed)
    texts = [m.strip() for m in moves.split(";") if m.strip()]
    if texts and texts[0] == "placed":
        texts = ["start 1"] * players + texts[1:]
    for text in texts:
        state, step = settle(state.apply(state.parse_action(text)), step + 1, seed)
    return state


def hand(letters: str) -> tuple[int, ...]:
    return tuple(letters.count(letter) for letter in LETTERS)


def with_seat(state: MaryliaState, seat: int, **changes: object) -> MaryliaState:
    """The position with one seat's record changed (hand, coins, items, city)."""
    old = state.seats[seat]
    if "hand" in changes:
        changes["held"] = sum(changes["hand"])  # type: ignore[arg-type]
    seats = list(state.seats)
    seats[seat] = attrs.evolve(old, **changes)
    return attrs.evolve(state, seats=tuple(seats))


def acting(players: int = 2) -> MaryliaState:
    """Every merchant placed in city 1; the first player to act."""
    state = position("placed", players)
    assert state.step == ACT
    return state


class MaryliaApp(BoardApp):
    """`play` applies an action to the true state, as the table does."""

    board_type = MaryliaBoard
    prompt_id = "#my-prompt"

    def __init__(self, state: MaryliaState, seat: int | None = None, *,
                 read_only: bool = False, history: tuple[str, ...] = ()) -> None:
        super().__init__(state, seat, read_only=read_only, history=history)
        self.history: tuple[str, ...] = history
        self.step = 1000

    def first_seat(self, state: MaryliaState) -> int | None:
        mover = state.to_move
        return mover if isinstance(mover, int) else None

    def play(self, action: object, hot_seat: bool = True) -> None:
        """Apply an action to the true state, roll any dice, show the next position."""
        self.history += (f"{len(self.history) + 1}. {action}",)
        self.state, self.step = settle(self.state.apply(action), self.step)
        mover = self.state.to_move
        if hot_seat and isinstance(mover, int):
            self.seat = mover
        self.redraw()


# --- set-up and the six actions --------------------------------------------------


async def test_a_city_number_then_enter_places_the_merchant() -> None:
    state = position()
    app = await run(MaryliaApp(state), "4", "enter")
    assert app.chosen == [actions.PLACE[3]]


async def test_a_city_number_prepares_the_travel_and_says_what_it_costs() -> None:
    state = acting()
    app = await run(MaryliaApp(state), "5")
    assert app.chosen == []
    cost = travel_cost(state.seats[state.current].city, 4)
    assert "Enter: travel 5" in app.final_prompt
    assert f"costs {cost} coins" in app.final_prompt
    app = await run(MaryliaApp(state), "5", "enter")
    assert app.chosen == [actions.TRAVEL[4]]


async def test_the_travel_key_then_a_city_travels() -> None:
    app = await run(MaryliaApp(acting()), "t", "3", "enter")
    assert app.chosen == [actions.TRAVEL[2]]


async def test_collect_wait_and_buy_by_their_keys() -> None:
    state = acting()
    me = state.current
    rich = with_seat(state, me, coins=40)
    collect, buy = await tries(MaryliaApp(rich), ["c", "enter"], ["b", "enter"])
    assert collect[0] == [actions.COLLECT]
    assert buy[0] == [actions.BUY] and actions.BUY in rich.legal_actions()


async def test_an_action_that_is_not_legal_says_why_and_posts_nothing() -> None:
    state = acting()
    assert actions.WAIT not in state.legal_actions()  # every space of city 1 is full
    pressed, entered = await tries(MaryliaApp(state), ["w"], ["w", "enter"])
    assert state.why_illegal(actions.WAIT) in pressed[1]
    assert pressed[0] == entered[0] == []


async def test_forging_by_letters_and_enter() -> None:
    state = with_seat(acting(), acting().current, hand=hand("grrr"))
    app = await run(MaryliaApp(state), "f", "g", "r", "r", "r", "enter")
    assert app.chosen == [actions.FORGE_BY_PARTS[hand("grrr")]]


async def test_tab_fills_in_the_best_forge_and_the_hint_line_shows_its_value() -> None:
    state = with_seat(acting(), acting().current, hand=hand("grrra"))
    best = max((a for a in state.legal_actions() if isinstance(a, actions.Forge)),
               key=lambda a: item_value(a.recipe, a.parts))
    app = await run(MaryliaApp(state), "f", "tab")
    assert f"Enter: {best}" in app.final_prompt
    assert f"Forge: {best.name.split()[-1]}" in app.screen_text  # best first on the hint line
    assert str(item_value(best.recipe, best.parts)) in app.screen_text
    app = await run(MaryliaApp(state), "f", "tab", "enter")
    assert app.chosen == [best]


async def test_cards_the_hand_lacks_and_shapes_that_make_nothing_are_refused() -> None:
    state = with_seat(acting(), acting().current, hand=hand("gr"))
    lacking, nothing = await tries(MaryliaApp(state), ["f", "d"], ["f", "g", "enter"])
    assert "you hold no diamond" in lacking[1]
    assert nothing[0] == [] and "make nothing" in nothing[1]


async def test_interact_with_an_acquirer_sells_the_item_chosen() -> None:
    state = acting()
    me = state.current
    city = state.seats[me].city
    buys = registry.get("marylia")  # the Acquirer of city 1 buys its first symbol
    assert buys is GAME
    from gemtable.engine.games.marylia.components import IS_ACQUIRER, SYMBOLS

    acquirer = next(c for c in range(len(IS_ACQUIRER)) if IS_ACQUIRER[c]
                    and SYMBOLS[c][0] < TYPES)
    gem = SYMBOLS[acquirer][0]
    old = Item(0, tuple(1 if t == gem else 0 for t in range(TYPES)), 0)
    characters = list(state.characters)
    characters[city] = acquirer
    state = attrs.evolve(with_seat(state, me, items=(old, old)), characters=tuple(characters))
    assert actions.sell(1) in state.legal_actions()
    app = await run(MaryliaApp(state), "i", "2", "enter")
    assert app.chosen == [actions.sell(1)]


# --- auctions ----------------------------------------------------------------------


def auction_asked() -> MaryliaState:
    """Two merchants in city 1; the first player buys; the other is asked to join."""
    state = acting()
    state = with_seat(state, state.current, coins=30)
    state = state.apply(actions.BUY)
    assert state.step == JOIN
    return state


async def test_join_and_pass_by_their_keys() -> None:
    state = auction_asked()
    join, stay = await tries(MaryliaApp(state), ["j", "enter"], ["p", "enter"])
    assert join[0] == [actions.JOIN] and stay[0] == [actions.PASS]


async def test_a_bid_is_typed_in_digits_and_refused_above_the_coins_held() -> None:
    state = auction_asked().apply(actions.JOIN)
    assert state.step == BID
    bidder = state.to_move
    assert isinstance(bidder, int)
    coins = state.seats[bidder].coins
    typed_bid, too_much = await tries(MaryliaApp(state), ["1", "2", "enter"],
                                      [*str(coins + 1), "enter"])
    assert typed_bid[0] == [actions.bid(12)]
    assert too_much[0] == [] and state.why_illegal(actions.bid(coins + 1)) in too_much[1]


async def test_a_committed_bid_shows_as_sealed_to_the_next_bidder_and_all_show_at_the_reveal(
) -> None:
    state = auction_asked().apply(actions.JOIN)
    first = state.to_move
    app = MaryliaApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "7", "enter")
        await pilot.pause()
        assert app.chosen == [actions.bid(17)]
        app.play(actions.bid(17))  # the next bidder's view
        await pilot.pause()
        second = app.seat
        assert second != first and app.state.step == BID
        sealed = render_text(app)
        assert "sealed" in sealed and "17" not in sealed.split("Auction")[1].split("\n")[0]
        await pilot.press("9", "enter")
        await pilot.pause()
        app.play(actions.bid(9))
        await pilot.pause()
        revealed = render_text(app)
    line = next(row for row in revealed.splitlines() if "bids revealed" in row)
    assert f"S{first + 1} 17¢ won" in line and f"S{second + 1} 9¢" in line
    assert line.count("won") == 1


async def test_a_tied_reveal_marks_only_the_seat_the_engine_says_won() -> None:
    state = auction_asked().apply(actions.JOIN).apply(actions.bid(5)).apply(actions.bid(5))
    winner = state.last_auction_winner
    assert state.auction is None and winner is not None
    loser = next(seat for seat, _ in state.last_auction if seat != winner)
    app = await run(MaryliaApp(state, read_only=True))
    line = next(row for row in app.screen_text.splitlines() if "bids revealed" in row)
    assert f"S{winner + 1} 5¢ won" in line and f"S{loser + 1} 5¢" in line
    assert line.count("won") == 1


async def test_a_spectator_sees_no_amount_before_the_reveal() -> None:
    state = auction_asked().apply(actions.JOIN).apply(actions.bid(23))
    app = await run(MaryliaApp(state, read_only=True))
    assert "23" not in app.screen_text.split("Auction", 1)[1].splitlines()[0]
    assert "sealed" in app.screen_text


# --- the hand limit, the command line, read-only ---------------------------------


async def test_over_the_hand_limit_a_letter_discards_that_card() -> None:
    state = acting()
    me = state.current
    state = attrs.evolve(with_seat(state, me, hand=hand("gggrrrrd")), actions_left=1)
    state = state.apply(actions.COLLECT)
    assert state.to_move == me and actions.DISCARD[LETTERS.index("d")] in state.legal_actions()
    app = await run(MaryliaApp(state), "d", "enter")
    assert app.chosen == [actions.DISCARD[LETTERS.index("d")]]


async def test_the_command_line_plays_typed_notation_and_shows_text_literally() -> None:
    state = acting()
    app = await run(MaryliaApp(state), "colon", *typed("travel 6"), "enter")
    assert app.chosen == [actions.TRAVEL[5]]
    app = await run(MaryliaApp(state), "colon", *typed("[b]buy[/b] x"), "enter")
    assert app.chosen == [] and "[b]buy[/b] x" in app.final_prompt


async def test_the_command_line_shows_the_engine_s_reason_and_its_examples() -> None:
    state = acting()
    app = await run(MaryliaApp(state), "colon", *typed("travel 8"), "enter")
    assert app.chosen == [] and "there is no city 8: the cities are 1 to 7" in app.final_prompt
    app = await run(MaryliaApp(state), "colon", *typed("sail away"), "enter")
    assert "not an action in Jewels: Merchants of Marylia" in app.final_prompt
    assert "For example `travel" in app.final_prompt


async def test_read_only_the_action_keys_say_whose_turn_it_is() -> None:
    state = acting()
    other = 1 - state.current
    app = await run(MaryliaApp(state, seat=other), "b", "enter")
    assert app.chosen == []
    assert f"Seat {state.current + 1} to play" in app.final_prompt


def test_the_legend_explains_the_marks_the_board_draws() -> None:
    explained = " ".join(mark for mark, _ in MaryliaBoard.LEGEND)
    for mark in ("g a t z e s r d", "d8≥", "hoard", "S1", "1st", "¢", "*", "sealed", "A M X"):
        assert mark in explained, mark


async def test_the_hand_shows_only_your_own_cards() -> None:
    state = acting()
    me = state.current
    app = await run(MaryliaApp(state))
    view = state.view(me)
    assert view.seats[1 - me].hand != state.seats[1 - me].hand  # hidden in this view
    assert "Hand " in app.screen_text
    spectator = await run(MaryliaApp(state, read_only=True))
    assert "Hands are private" in spectator.screen_text


def test_the_board_is_registered_for_the_game() -> None:
    assert board_for("marylia") is MaryliaBoard
