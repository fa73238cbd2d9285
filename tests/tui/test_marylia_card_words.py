"""The Marylia board says what a card does, in the engine's words, whole at
80x24: the city under the cursor (character, a Monster's hoard, resource
card), a character just dealt (the cursor goes to its city), an event just
drawn; and F1's board help carries no programmer text."""

from __future__ import annotations

import re

import attrs
from textual.app import App, ComposeResult
from tui_support import render_text

from gemtable.engine import registry
from gemtable.engine.games.marylia.components import (
    ABILITY,
    EMPTY,
    ENCOUNTER_NAME,
    ENCOUNTER_TOTAL,
    EVENT_NAME,
    IS_MONSTER,
    TYPES,
)
from gemtable.engine.games.marylia.state import ACT, MaryliaState
from gemtable.engine.games.marylia.words import encounter_words, event_words, resource_words
from gemtable.tui.boards.marylia import MaryliaBoard, detail
from gemtable.tui.boards.marylia.board import DETAIL_ROWS

GAME = registry.get("marylia")
SIZE = (80, 24)


def flat(text: str) -> str:
    return " ".join(text.split())


def acting(players: int = 2) -> MaryliaState:
    """Every merchant placed in city 1; the first player to act (round 1 has no Change)."""
    state = GAME.new(players, seed=3)
    while state.step != ACT:
        state = state.apply(state.parse_action("start 1"))
    return state


def with_city(state: MaryliaState, city: int, character: int, resource: int = EMPTY,
              coins: int = 0) -> MaryliaState:
    """The position with these cards in `city` (only the board reads it)."""
    characters, resources = list(state.characters), list(state.resources)
    on_card = list(state.character_coins)
    characters[city], resources[city], on_card[city] = character, resource, coins
    return attrs.evolve(state, characters=tuple(characters), resources=tuple(resources),
                        character_coins=tuple(on_card))


class OneBoard(App):
    """The board alone, shown seat `seat`'s view of whatever position the test sets."""

    def __init__(self, state: MaryliaState, seat: int) -> None:
        super().__init__()
        self.state, self.seat = state, seat

    def compose(self) -> ComposeResult:
        yield MaryliaBoard()

    def on_mount(self) -> None:
        self.show(self.state)

    def show(self, state: MaryliaState) -> None:
        self.state = state
        legal = state.legal_actions() if state.to_move == self.seat else ()
        self.query_one(MaryliaBoard).show(state.view(self.seat), legal, self.seat)


def card_with(ability: str) -> int:
    return ABILITY.index(ability)


async def test_the_city_under_the_cursor_reads_whole_at_80x24() -> None:
    """The longest Mercenary words and the resource card beside it, not cut."""
    state = acting()
    me = state.current
    saboteur = card_with("saboteur")
    state = with_city(state, state.seats[me].city, saboteur, resource=6, coins=1)
    app = OneBoard(state, me)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = render_text(app)
    assert flat(encounter_words(saboteur)) in flat(screen)
    assert flat(resource_words(6)) in flat(screen)
    assert "…" not in screen.split("City 1:")[1].split("Your turn")[0]


async def test_a_character_dealt_takes_the_cursor_and_its_words_show() -> None:
    state = acting()
    me = state.current
    courier, herald = card_with("courier"), card_with("herald")
    empty = with_city(with_city(state, 4, EMPTY), 6, EMPTY)
    app = OneBoard(empty, 1 - me)  # watching the other seat play
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert flat(encounter_words(courier)) not in flat(render_text(app))
        # say a Refill brought a Courier to city 5 and a Herald to city 7
        app.show(with_city(with_city(empty, 4, courier), 6, herald))
        await pilot.pause()
        screen = render_text(app)
    assert "►5" in screen
    assert "City 5 (new; also 7): Courier (Mercenary). " in screen
    assert flat(encounter_words(courier)) in flat(screen)


async def test_on_your_turn_a_character_dealt_in_your_city_is_the_one_shown() -> None:
    state = acting()
    me = state.current
    here = state.seats[me].city
    courier, herald = card_with("courier"), card_with("herald")
    app = OneBoard(with_city(with_city(state, here, EMPTY), 6, EMPTY), me)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.show(with_city(with_city(state, here, courier), 6, herald))
        await pilot.pause()
        screen = render_text(app)
    assert f"City {here + 1} (new; also 7): Courier" in screen


async def test_an_event_drawn_after_an_auction_shows_what_it_does_at_80x24() -> None:
    state = attrs.evolve(acting(), last_auction=((0, 3), (1, 5)))
    plague = EVENT_NAME.index("Plague")
    app = OneBoard(state, state.current)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Last auction, bids revealed" in render_text(app)
        drawn = attrs.evolve(state, last_event=plague, events_drawn=state.events_drawn + 1)
        app.show(drawn)
        await pilot.pause()
        assert flat(f"Event Plague: {event_words(plague)}") in flat(render_text(app))
        newer = attrs.evolve(drawn, last_auction=((0, 9), (1, 2)),
                             events_at_auction=drawn.events_drawn)
        app.show(newer)
        await pilot.pause()
        screen = render_text(app)
    assert "Last auction, bids revealed: S1 9¢ won" in screen
    assert event_words(plague) not in flat(screen)


async def test_a_board_shown_a_position_first_tells_which_came_last_from_the_view() -> None:
    """Which of the latest auction and event came last is the view's, not the
    board's memory of earlier views: a board shown the position first (a game
    resumed, a replay) and a board jumping over both (a replay's first to
    last) show what a board that watched every step shows."""
    start = acting()
    plague = EVENT_NAME.index("Plague")
    event_last = attrs.evolve(start, last_auction=((0, 3), (1, 5)), last_event=plague,
                              events_drawn=start.events_drawn + 1)
    auction_last = attrs.evolve(event_last, last_auction=((0, 9), (1, 2)),
                                events_at_auction=event_last.events_drawn)
    app = OneBoard(event_last, event_last.current)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert flat(f"Event Plague: {event_words(plague)}") in flat(render_text(app))
        app.show(start)
        await pilot.pause()
        app.show(auction_last)  # both changed since the view before
        await pilot.pause()
        screen = render_text(app)
    assert "Last auction, bids revealed: S1 9¢ won" in screen
    assert event_words(plague) not in flat(screen)


def test_every_city_reads_whole_in_the_rows_of_an_80_column_board() -> None:
    """Any character with any resource card (a Monster with a hoard of seven),
    marked as just dealt beside two other cities, fits the detail rows uncut."""
    state = acting()
    hoard = (2, 1, 0, 3, 0, 1, 0, 0)
    for card in range(ENCOUNTER_TOTAL):
        for kind in (EMPTY,) if IS_MONSTER[card] else (EMPTY, *range(TYPES)):
            city = with_city(state, 6, card, resource=kind)
            if IS_MONSTER[card]:
                city = attrs.evolve(city, treasure=city.treasure[:6] + (hoard,))
            for arrived in ((), (6,), (1, 3, 6)):
                words = detail.city_words(city.view(0), 6, arrived)
                lines = detail.wrapped(words, SIZE[0], DETAIL_ROWS)
                assert "".join(line.plain for line in lines).replace(" ", "") == \
                    words.plain.replace(" ", ""), (ENCOUNTER_NAME[card], kind, arrived)


def test_f1_board_help_has_no_programmer_text() -> None:
    help_text = MaryliaBoard.legend_markdown() + MaryliaBoard.key_reference()
    code = re.compile(r"data/|\.csv|\.py\b|\w\(\)|shared/|\b[a-z]+_[a-z_]+\b")
    assert not code.search(help_text), code.search(help_text)
