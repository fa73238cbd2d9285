"""The Workbench board tells a newcomer what they can press and what they see:
the key bar (and the prompt line, where the key bar has no room) names every
key that does something now, tools included; F1 says why the Burin's key is
`i`; the legend (F2) explains every mark the workbenches and the commission
line draw.

Positions come from seeded random games of every player count and variant
the engine registers for Workbench.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence

import pytest
from test_workbench_board import OPENING, WorkbenchApp, position, with_seat

from gemtable.engine import CHANCE, chance_rng, registry
from gemtable.engine.games.workbench.components import COMMISSION_ID, METALS
from gemtable.engine.games.workbench.state import WorkbenchState
from gemtable.tui.boards.workbench import WorkbenchBoard, controls, keys
from gemtable.tui.boards.workbench.benches import bench_marks
from gemtable.tui.boards.workbench.glyphs import PIECE_SHORT
from gemtable.tui.boards.workbench.prompt import turn_hint
from gemtable.tui.boards.workbench.table import commission_segments, showcase_columns

GAME = registry.get("workbench")
ARROW_KEYS = dict(zip(keys.ARROWS, ("left", "right", "up", "down"), strict=True))
NAMED = {"Enter": "enter", "Esc": "escape", "Bksp": "backspace", ":": "colon"}


def positions(step: int = 3) -> Iterator[WorkbenchState]:
    """Every `step`-th position of seeded random games, with a seat to act."""
    for players in GAME.player_counts():
        for variant in GAME.variants_for(players):
            seed = players * 10 + len(variant.id)
            state = GAME.new(players, seed=seed, variant=variant.id)
            rng = random.Random(seed)
            count = 0
            while not state.is_over:
                if state.to_move is CHANCE:
                    state = state.apply(state.sample_chance(chance_rng(seed, count)))
                else:
                    if count % step == 0:
                        yield state
                    state = state.apply(rng.choice(state.legal_actions()))
                count += 1
            yield state


POSITIONS = list(positions())


def keys_named(help_entries: Sequence[tuple[str, str]]) -> set[str]:
    """The keys a key bar's entries name: "1-5 ←→" is 1 to 5 and two arrows."""
    named: set[str] = set()
    for display, _ in help_entries:
        for part in display.split(" "):
            if part in NAMED:
                named.add(NAMED[part])
            elif re.fullmatch(r"\d-\d", part):
                named.update(str(n) for n in range(int(part[0]), int(part[2]) + 1))
            elif part and set(part) <= set(ARROW_KEYS):
                named.update(ARROW_KEYS[arrow] for arrow in part)
            else:
                named.add(part)
    return named


def board_for(state: WorkbenchState) -> WorkbenchBoard:
    seat = state.to_move
    assert isinstance(seat, int)
    board = WorkbenchBoard()
    board.show(state.view(seat), state.legal_actions(), seat)
    return board


def test_every_key_that_does_something_is_on_the_key_bar() -> None:
    """At each position, every declared key whose press changes what is chosen
    or where the cursor is appears in key_help (letters in either case: the
    bar names the small one). Enter and `:` always act."""
    cols = showcase_columns(80)
    checked = 0
    for state in POSITIONS:
        if state.is_over:
            continue
        board = board_for(state)
        shown = keys_named(board.key_help())
        assert {"enter", "colon"} <= shown
        ctx = controls.Ctx(state.view(state.current), state.legal_actions())  # the seat to act
        cursor = board.cursor
        for key in {key.key for key in board.board_keys()} - {"enter", "colon"}:
            char = key if len(key) == 1 else ""
            outcome = controls.press(ctx, controls.Draft(), cursor, key, char, cols)
            if outcome is None or (outcome.draft, outcome.cursor) == (controls.Draft(), cursor):
                continue  # nothing chosen, nothing moved: a refusal or a word of help
            checked += 1
            assert key.lower() in shown, (
                f"{key!r} acts in {controls.phase(state)} but the key bar shows {board.key_help()}")
    assert checked > 100


@pytest.mark.parametrize("tools", ["--G-", "---R", "--GR"])
def test_the_prompt_names_each_tool_key_the_person_can_use(tools: str) -> None:
    """Manufacturing with a Loupe and/or a Burin die: their keys are on the
    prompt line, taken from the key bar's entries (a new tool's key would be too)."""
    state = with_seat(position(OPENING + ";put 1 BY"), 1, tools=tools)
    board = board_for(state)
    tool_keys = board.tool_key_help()
    held = {"l": tools[2] != "-", "i": tools[3] != "-"}
    assert {key for key, _ in tool_keys} == {key for key, has in held.items() if has}
    ctx = controls.Ctx(state.view(1), state.legal_actions())
    prompt = turn_hint(ctx, tool_keys).plain
    for key, words in tool_keys:
        assert f"{key} {words}" in prompt
    assert prompt.index("r b y g") < prompt.index("Enter places")


async def test_the_mounted_prompt_shows_the_loupe_key_and_esc_after_a_choice() -> None:
    state = with_seat(position(OPENING + ";put 1 BY"), 1, tools="--G-")
    app = WorkbenchApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "l Loupe die" in app.prompt()
        assert "escape" not in keys_named(app.board.key_help())
        await pilot.press("3", "r")  # a card, then a die: something is chosen
        await pilot.pause()
        assert {"escape", "backspace"} <= keys_named(app.board.key_help())


def test_f1_says_which_key_uses_the_burin_and_why_not_u() -> None:
    reference = WorkbenchBoard.key_reference()
    burin = next(line for line in reference.splitlines() if line.startswith("- *making* **`i`**"))
    assert "Burin die" in burin and "`u` takes back your last move" in burin
    assert "u is undo in every game" not in reference


def shape(text: str) -> str:
    """A mark with its particulars made general: numbers, metals, pieces,
    commissions, gem or die letters (or "-" for none); lists of one kind of
    thing read as one."""
    text = re.sub(r"\d+", "9", text)
    for words, name in ((METALS, "metal"), (PIECE_SHORT, "piece"), (COMMISSION_ID, "commission")):
        text = re.sub(rf"\b({'|'.join(words)})\b", name, text)
    text = re.sub(r"(?<![A-Za-z])[RBYG]+(?![A-Za-z])|(?<=:)-", "X", text)
    text = re.sub(r"\[piece X(, piece X)*\]", "[piece X, …]", text)
    return re.sub(r"\(9 metal(, 9 metal)*\)", "(9 metal, …)", text)


def test_every_mark_of_the_workbenches_and_commissions_is_in_the_legend() -> None:
    """Collections `[ring RGG, earr RBB]+2`, claimed commissions `✓earrings +5`,
    the short forms of other workbenches: each form drawn has an example of
    the same form in the legend, which reads it in words."""
    explained = {shape(symbol) for symbol, _ in WorkbenchBoard.LEGEND}
    drawn: dict[str, str] = {}
    for state in POSITIONS:
        view = state.view(0)
        for seat in range(state.players):
            for mark in bench_marks(view, seat):
                drawn.setdefault(shape(mark.plain), mark.plain)
        for mark in commission_segments(view, 0):
            drawn.setdefault(shape(mark.plain), mark.plain)
    missing = {example for form, example in drawn.items() if form not in explained}
    assert not missing, f"drawn but not in the legend: {sorted(missing)}"
    assert {"[piece X, …]+9", "✓commission +9"} <= set(drawn), "the playouts drew both forms"
    meaning = dict(WorkbenchBoard.LEGEND)
    assert "collection" in meaning["[ring RGG, earr RBB]+2"]
    assert "commission" in meaning["✓earrings +5"]
