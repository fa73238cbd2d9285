"""The end-of-game table: places, winners and score lines lined up per seat."""

from __future__ import annotations

from rich.console import Console

from gemtable.engine import ScoreLine
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


def test_lines_only_one_seat_has_come_before_that_seats_closing_line():
    """Merchants of Marylia closes with "Wealth": a seat's unsold item that the
    other seat lacks must not be listed after it."""
    from gemtable.tui.screens.end import _merged_labels

    first = ["Coins", "Unsold ruby", "Unsold mixed ring", "Wealth"]
    second = ["Coins", "Unsold ruby", "Unsold topaz", "Unsold emerald", "Wealth"]
    merged = _merged_labels([first, second])
    assert merged[-1] == "Wealth"
    assert merged == ["Coins", "Unsold ruby", "Unsold mixed ring", "Unsold topaz",
                      "Unsold emerald", "Wealth"]
    for seat in (first, second):
        positions = [merged.index(label) for label in seat]
        assert positions == sorted(positions), "each seat's own order is kept"


def test_a_seat_name_is_shown_as_typed_never_as_markup():
    """A person's name at a shared table heads a column: "[b]x[/b]" stays literal."""
    lines = [(ScoreLine("Points", 5),), (ScoreLine("Points", 9),), (ScoreLine("Points", 2),)]
    console = Console(width=80, record=True, file=None, force_terminal=False)
    with console.capture() as capture:
        console.print(results_table(_result(lines), ("[b]mal[/b] (you)", "Seat 2 (greedy)",
                                                     "Seat 3 (mcts)")))
    assert "[b]mal[/b]" in capture.get()
