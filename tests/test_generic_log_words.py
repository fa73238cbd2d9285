"""Log lines a person reads without wincing, for every registered game.

Every line of seeded random playouts (every game, player count and variant,
as in test_generic_telling) is read as the table shows it: by the seat that
moved ("N. You: ...") and by another seat ("N. Seat 2: ..."). The mover's
own line never keeps a verb of the third person; no line puts "a" before a
vowel sound; no line shows a card's code from the game's data files.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

import pytest
from playouts import playout_steps, registry_cases

from gemtable.engine import SPECTATOR
from gemtable.engine.wording import article, base_form, second_person
from gemtable.tui.table.messages import HistoryEntry

SEEDS = (41, 42, 43)

THIRD_PERSON_LEADS = frozenset({
    "travels", "collects", "buys", "wants", "forges", "offers", "sells", "interacts",
    "challenges", "waits", "discards", "joins", "stays", "commits", "plays", "rolls",
    "re-rolls", "passes", "is", "was", "has",
})
"""Verbs of the third person that the games' log lines start with (or once did)."""

A_BEFORE_VOWEL = re.compile(r"(?<!slot )\b[Aa] (?!one\b|once\b|uni|use|usu|eu)[aeiouAEIOU]\w*")
"""The article "a" before a vowel sound ("slot a" is Jowhari's name of a place)."""
ID_LIKE = re.compile(r"\b[A-Z]{1,3}\d+\b")
"""A capital code with a number: how the data files name cards ("WR1")."""
LEGIT_ID_LIKE = frozenset({"D8"})
"""Names of things people use at the table that look like a code: Marylia's die."""


def _data_codes(state) -> frozenset[str]:
    """The `id` of every row of the game's data files that mixes letters and
    digits (a card's code, never a plain number that a count might equal)."""
    folder = Path(sys.modules[type(state).__module__].__file__).parent / "data"
    codes = set()
    for path in folder.glob("*.csv"):
        with path.open(encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                code = row.get("id", "")
                if re.search(r"[A-Za-z]", code) and re.search(r"\d", code):
                    codes.add(code)
    return frozenset(codes)


@pytest.mark.parametrize(("game", "players", "variant"), registry_cases())
def test_every_log_line_reads_right_for_the_mover_and_for_the_others(game, players, variant):
    codes: frozenset[str] | None = None
    seen_you = 0
    steps = [step for seed in SEEDS for step in playout_steps(game, players, variant, seed)]
    for n, (state, action, after) in enumerate(steps, 1):
        told = state.describe(action, after)
        codes = _data_codes(state) if codes is None else codes
        assert not A_BEFORE_VOWEL.search(told), told
        assert not set(ID_LIKE.findall(told)) - LEGIT_ID_LIKE, told
        assert not codes & set(re.findall(r"\w+", told)), told
        mover = state.to_move
        if not isinstance(mover, int):
            continue
        entry = HistoryEntry(n, mover, str(action), told)
        other = (mover + 1) % state.players if state.players > 1 else SPECTATOR
        assert entry.line(viewer=other) == f"{n}. Seat {mover + 1}: {told}"
        mine = entry.line(viewer=mover)
        assert mine.startswith(f"{n}. You: "), mine
        lead = re.match(r"[\w-]+", mine.removeprefix(f"{n}. You: "))
        assert lead is not None, mine
        word = lead.group(0)
        assert word not in THIRD_PERSON_LEADS, mine
        assert base_form(word) == word, f"a verb of the third person after 'You': {mine}"
        seen_you += 1
    assert seen_you, "no line of a seat's own move was read"


@pytest.mark.parametrize(("told", "mine"), [
    ("interacts with the Courier", "interact with the Courier"),
    ("wants to buy the amethyst: an auction is offered",
     "want to buy the amethyst: an auction is offered"),
    ("buys an amethyst for 2 coins", "buy an amethyst for 2 coins"),
    ("passes", "pass"),
    ("is out of the auction", "are out of the auction"),
    ("has no coin", "have no coin"),
    ("was blocked and went to the empty hex 2c", "were blocked and went to the empty hex 2c"),
    ("carries on", "carry on"),
    ("challenges the Troll (strength 5)", "challenge the Troll (strength 5)"),
    ("re-rolls mining die 2", "re-roll mining die 2"),
    ("took two red gems", "took two red gems"),
    ("put a red die on slot 3", "put a red die on slot 3"),
    ("Cauldron: traded emerald and emerald for citrine",
     "Cauldron: traded emerald and emerald for citrine"),
])
def test_the_movers_line_conjugates_only_its_leading_verb(told, mine):
    assert second_person(told) == mine
    assert HistoryEntry(3, 1, "x", told).line(viewer=1) == f"3. You: {mine}"
    assert HistoryEntry(3, 1, "x", told).line(viewer=0) == f"3. Seat 2: {told}"


def test_a_move_told_by_its_notation_alone_is_shown_as_typed():
    assert HistoryEntry(1, 0, "sells 2").line(viewer=0) == "1. You: sells 2"


@pytest.mark.parametrize(("noun", "with_article"), [
    ("amethyst", "an amethyst"), ("ruby", "a ruby"), ("Iridia Stone tile", "an Iridia Stone tile"),
    ("Axe of Awesomeness", "an Axe of Awesomeness"), ("emerald", "an emerald"),
    ("unique ring", "a unique ring"), ("one-coin bonus", "a one-coin bonus"),
    ("hour", "an hour"), ("8", "an 8"), ("11-point relic", "an 11-point relic"), ("2x card", "a 2x card"),
])
def test_one_article_helper_for_every_game(noun, with_article):
    assert article(noun) == with_article
