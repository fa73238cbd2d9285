"""The end-of-game table: places, winners and score lines lined up per seat."""

from __future__ import annotations

import random
import re

import attrs
import pytest
from rich.console import Console

from gemtable.engine import CHANCE, ScoreLine, chance_rng, registry
from gemtable.engine.games.marylia.components import GEM, RESOURCES
from gemtable.engine.games.marylia.state import Item
from gemtable.tui.screens.breakdown import breakdown_rows, shows_counts
from gemtable.tui.screens.end import headline, ordinal, results_table
from gemtable.tui.table import GameResult

LABELS = ("Seat 1", "Seat 2 (greedy)", "Seat 3 (mcts)")


def _text(result: GameResult) -> str:
    console = Console(width=80, record=True, file=None, force_terminal=False)
    with console.capture() as capture:
        console.print(results_table(result, LABELS))
    return capture.get()


def _result(breakdowns, winners=(1,), ranking=(2, 1, 3)) -> GameResult:
    return GameResult(scores=(5, 9, 2), winners=winners, ranking=ranking,
                      breakdowns=breakdowns, turns=30, seats=("human", "greedy", "mcts"))


def test_seats_are_listed_from_first_place_with_counts_beside_values():
    lines = [
        (ScoreLine("Cards (4)", 3), ScoreLine("Bonus", 2)),
        (ScoreLine("Cards (7)", 8), ScoreLine("Bonus", 1)),
        (ScoreLine("Cards (1)", 2), ScoreLine("Bonus", 0)),
    ]
    text = _text(_result(tuple(lines)))
    header = next(line for line in text.splitlines() if "Seat" in line)
    assert header.index("Seat 2") < header.index("Seat 1") < header.index("Seat 3")
    cards = next(line for line in text.splitlines() if line.startswith("Cards"))
    assert cards.split()[1:] == ["8", "(7)", "3", "(4)", "2", "(1)"]
    place = next(line for line in text.splitlines() if line.startswith("Place"))
    assert place.split()[1:] == ["1st", "2nd", "3rd"]


def test_different_labels_each_get_a_row():
    lines = ((ScoreLine("Gold", 1),), (ScoreLine("Silver", 2),), (ScoreLine("Gold", 3),))
    rows = {line.split()[0]: line.split()[1:] for line in _text(_result(lines)).splitlines()
            if line.strip()}
    assert rows["Gold"] == ["1", "3"]  # seat 2 (first column) has no such line
    assert rows["Silver"] == ["2"]


def test_headlines_and_places():
    lines = ((), (), ())
    assert headline(_result(lines), LABELS) == "Seat 2 (greedy) wins"
    assert headline(_result(lines, winners=(0, 1)), LABELS) == "Shared win: Seat 1, Seat 2 (greedy)"
    assert headline(_result(lines, winners=()), LABELS) == "Nobody won"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_each_seats_own_lines_stay_together_and_the_closing_line_comes_last():
    """Merchants of Marylia closes with "Wealth": it must not fall between one
    seat's unsold items and another's, whoever holds which."""
    lines = (
        (ScoreLine("Coins", 3), ScoreLine("Unsold ruby", 3), ScoreLine("Unsold topaz", 2),
         ScoreLine("Wealth", 8)),
        (ScoreLine("Coins", 9), ScoreLine("Unsold emerald", 2), ScoreLine("Unsold topaz", 2),
         ScoreLine("Unsold sapphire", 3), ScoreLine("Wealth", 16)),
    )
    rows = breakdown_rows(lines, (1, 0))  # the second seat placed first
    assert rows == [
        ("Coins", ["9", "3"]),
        ("Unsold topaz", ["2", "2"]),  # both have one: with the lines everyone has
        ("Unsold emerald", ["2", ""]),  # then the first column's own lines
        ("Unsold sapphire", ["3", ""]),
        ("Unsold ruby", ["", "3"]),  # then the second column's
        ("Wealth", ["16", "8"]),
    ]


def test_lines_with_one_label_add_up_with_how_many_beside_the_points():
    """Two unsold emeralds of one seat are one cell, "4 (2)", not one emerald lost."""
    lines = (
        (ScoreLine("Coins", 3), ScoreLine("Unsold emerald", 2), ScoreLine("Unsold emerald", 2),
         ScoreLine("Wealth", 7)),
        (ScoreLine("Coins", 5), ScoreLine("Unsold emerald", 2), ScoreLine("Wealth", 7)),
    )
    assert breakdown_rows(lines, (0, 1)) == [
        ("Coins", ["3", "5"]), ("Unsold emerald", ["4 (2)", "2"]), ("Wealth", ["7", "7"])]
    assert shows_counts(lines)
    assert not shows_counts(((ScoreLine("Coins", 3), ScoreLine("Wealth", 3)),))


def test_marylias_unsold_items_read_by_value_alike_ones_together():
    marylia = registry.get("marylia")
    state = marylia.new(2, seed=1)
    emerald, ruby = (Item(GEM, _one(kind), 1) for kind in ("emerald", "ruby"))
    seats = list(state.seats)
    seats[0] = attrs.evolve(seats[0], coins=4, items=(emerald, ruby, emerald))
    seats[1] = attrs.evolve(seats[1], coins=6, items=())
    state = attrs.evolve(state, seats=tuple(seats))
    assert [(line.label, line.value) for line in state.score_breakdown(0)] == [
        ("Coins", 4), ("Unsold ruby: half of 7", 3), ("Unsold emerald: half of 5 (2)", 4),
        ("Wealth", 11)]
    rows = breakdown_rows([state.score_breakdown(s) for s in (0, 1)], (0, 1))
    assert rows == [("Coins", ["4", "6"]), ("Unsold ruby: half of 7", ["3", ""]),
                    ("Unsold emerald: half of 5", ["4 (2)", ""]), ("Wealth", ["11", "6"])]


def _one(resource: str) -> tuple[int, ...]:
    return tuple(int(name == resource) for name in RESOURCES)


def _playouts():
    for game in registry.all():
        for players in game.player_counts():
            for variant in game.variants_for(players):
                yield pytest.param(game, players, variant.id,
                                   id=f"{game.id}-{players}p-{variant.id}")


def _final(game, players: int, variant: str, seed: int):
    state = game.new(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    while not state.is_over:
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(chance_rng(seed, step)))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        step += 1
    return state


def _points(lines, label: str) -> float | None:
    values = [line.value for line in lines if _COUNT.sub("", line.label) == label]
    return sum(values) if values else None


_COUNT = re.compile(r"\s*\(\d+\)$")


@pytest.mark.parametrize(("game", "players", "variant"), list(_playouts()))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_games_results_table_keeps_seats_apart_and_totals_last(game, players, variant,
                                                                     seed):
    """A seeded random game to its end: every line of every seat is in the table
    (alike lines added up), the rows every seat has come first, then each seat's
    own rows together (seats in column order), and the line that closes every
    breakdown closes the table."""
    final = _final(game, players, variant, seed)
    result = GameResult.of(final, ("random",) * players)
    order = result.order()
    breakdowns = [result.breakdowns[seat] for seat in order]
    rows = breakdown_rows(result.breakdowns, order)
    labels = [label for label, _ in rows]
    for column, lines in enumerate(breakdowns):
        assert {_COUNT.sub("", line.label) for line in lines} <= set(labels)
        for label, cells in rows:
            points = _points(lines, label)
            shown = cells[column].split(" ")[0]
            assert shown == ("" if points is None else f"{points:g}"), (label, column)
    lasts = {_COUNT.sub("", lines[-1].label) for lines in breakdowns}
    if len(lasts) == 1:
        assert labels[-1] == lasts.pop()
    everyone = [all(cell for cell in cells) for _, cells in rows]
    kinds = "".join("A" if shared else "S" for shared in everyone)
    assert re.fullmatch("A*S*A*", kinds), f"shared rows are split by a seat's own: {kinds}"
    own_rows = [(label, next(i for i, cell in enumerate(cells) if cell))
                for (label, cells), shared in zip(rows, everyone, strict=True) if not shared]
    owners = [owner for _, owner in own_rows]
    assert owners == sorted(owners), "one seat's own rows are interleaved with another's"
    for column, lines in enumerate(breakdowns):
        seat_order = [_COUNT.sub("", line.label) for line in lines]
        own = [seat_order.index(label) for label, owner in own_rows if owner == column]
        assert own == sorted(own), "a seat's own rows keep the seat's order"
    text = _text_of(result, tuple(f"Seat {s + 1}" for s in range(players)))
    assert text.rstrip().splitlines()[-1].startswith(labels[-1][:6])


def _text_of(result: GameResult, labels: tuple[str, ...]) -> str:
    console = Console(width=80, record=True, file=None, force_terminal=False)
    with console.capture() as capture:
        console.print(results_table(result, labels))
    return capture.get()


def test_a_seat_name_is_shown_as_typed_never_as_markup():
    """A person's name at a shared table heads a column: "[b]x[/b]" stays literal."""
    lines = [(ScoreLine("Points", 5),), (ScoreLine("Points", 9),), (ScoreLine("Points", 2),)]
    console = Console(width=80, record=True, file=None, force_terminal=False)
    with console.capture() as capture:
        console.print(results_table(_result(lines), ("[b]mal[/b] (you)", "Seat 2 (greedy)",
                                                     "Seat 3 (mcts)")))
    assert "[b]mal[/b]" in capture.get()
