"""A test meant for every game takes the games from the registry: no test file
spells out a list of several game ids, which a game added later would miss.

A list of two ids is taken as a deliberate sample (a quick check on two
games); from three on it reads as "the games", and must come from
`registry.ids()` or `registry.all()` instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

from gemtable.engine import registry

TESTS = Path(__file__).resolve().parent
MOST_NAMED = 2


def hand_written_game_lists(source: str) -> list[tuple[int, list[str]]]:
    """(line, ids) of every tuple, list or set literal naming more than
    MOST_NAMED registered games."""
    known = set(registry.ids())
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            ids = [elt.value for elt in node.elts
                   if isinstance(elt, ast.Constant) and elt.value in known]
            if len(set(ids)) > MOST_NAMED:
                found.append((node.lineno, ids))
    return found


def test_the_check_finds_a_hand_written_list():
    three = registry.ids()[:3]
    assert hand_written_game_lists(f"GAMES = {three!r}\n") == [(1, list(three))]
    assert hand_written_game_lists('@mark.parametrize("g", [*X, "iridescia", "marylia", '
                                   '"jowhari"])\ndef f(g): ...\n') != []
    assert hand_written_game_lists('SAMPLE = ("jowhari", "workbench")\n') == []
    assert hand_written_game_lists("GAMES = registry.ids()\n") == []


def test_no_test_lists_the_games_by_hand():
    offenders = [f"{path.relative_to(TESTS)}:{line}: {ids}"
                 for path in sorted(TESTS.rglob("*.py"))
                 for line, ids in hand_written_game_lists(path.read_text(encoding="utf-8"))]
    assert not offenders, "take the games from the registry:\n" + "\n".join(offenders)
