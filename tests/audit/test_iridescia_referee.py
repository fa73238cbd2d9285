"""The independent Iridescia referee agrees with the engine over a few games of
every line-up, and its own readings of the rulings give the answers the
rulings' worked positions call for (so a disagreement would be noticed)."""

from __future__ import annotations

import attrs
from iridescia_referee import LINE_UPS, Referee, Report, run
from iridescia_referee_board import (
    HEX_OF,
    ITEM,
    NO_TILE,
    first_reveals,
    place_when_blocked,
    wish_moves,
)

from gemtable.engine import registry

GAME = registry.get("iridescia")


def hexes(*names: str) -> set[int]:
    return {HEX_OF[n] for n in names}


def test_the_referee_finds_no_disagreement_in_a_few_games_of_every_line_up():
    report = run(4 * len(LINE_UPS), seed=11)
    assert report.games == 4 * len(LINE_UPS) and report.decisions > 10000
    assert report.disagreements == 0, "\n".join(report.examples)
    for label in ("blocked explorer", "catapult hexes", "elixir offered at restore",
                  "gems from a mining roll", "barricade", "Rhom's first reveals",
                  "relics the Rhom could restore", "places", "final scores"):
        assert report.checked[label] > 0, label


def bare(state, keep: set[int] = frozenset()):  # noqa: ANN001
    return attrs.evolve(state, cells=tuple(t if h in keep else NO_TILE
                                           for h, t in enumerate(state.cells)))


def test_its_blocked_explorer_reads_ruling_20():
    state = bare(GAME.new(4, seed=3))
    assert place_when_blocked(state, HEX_OF["3c"], set()) == (hexes("4c", "4d", "3b", "3d"),
                                                              "adjacent")
    seats = list(state.seats)
    for i, where in ((0, "3a"), (1, "4a"), (2, "4b"), (3, "3b")):
        seats[i] = attrs.evolve(seats[i], position=HEX_OF[where])
    crowded = attrs.evolve(state, seats=tuple(seats))
    assert place_when_blocked(crowded, HEX_OF["3a"], set()) == (hexes("3c", "4c", "5a", "5b"),
                                                                "nearest not behind")


def test_its_first_reveals_and_wish_read_rulings_27_and_26():
    state = GAME.new(2, seed=1)
    tiles = [h for h in range(6) if state.cells[h] != NO_TILE]
    assert first_reveals(state.cells, state.shown, (1, 5)) == ({tiles[0], tiles[1]}, True)
    wishing = attrs.evolve(state, dice=(3, 2), market_dice=(4, 5, 5, 5))
    moves = wish_moves(wishing, (ITEM["jackhammer"],))
    assert "take" in moves and "jackhammer a -1" in moves and not any("wish" in m for m in moves)


class Misled:
    """A position whose engine answers are changed: what a faulty engine would say."""

    def __init__(self, state, legal=None, scores=None) -> None:  # noqa: ANN001
        self._state, self._legal, self._scores = state, legal, scores

    def __getattr__(self, name: str):  # noqa: ANN204
        return getattr(self._state, name)

    def legal_actions(self):  # noqa: ANN201
        return self._legal if self._legal is not None else self._state.legal_actions()

    def scores(self):  # noqa: ANN201
        return self._scores if self._scores is not None else self._state.scores()


def test_it_notices_an_engine_that_offers_the_wrong_moves_or_scores():
    state = GAME.new(4, seed=3)
    report = Report()
    Referee(report, 0).before(Misled(state))
    assert report.disagreements == 0
    Referee(report, 0).before(Misled(state, legal=state.legal_actions()[1:]))
    assert report.disagreements == 1 and "main actions" in report.examples[0]
    seats = list(state.seats)
    seats[0] = attrs.evolve(seats[0], items=(ITEM["catapult"],))
    catapult = attrs.evolve(state, seats=tuple(seats))
    start = attrs.evolve(catapult, seats=tuple(attrs.evolve(s, position=HEX_OF["8c"]) if i == 0
                                               else s for i, s in enumerate(seats)))
    Referee(report, 0).before(Misled(start, legal=tuple(
        a for a in start.legal_actions() if not str(a).startswith("catapult 9"))))
    assert report.disagreements == 2 and "catapult" in report.examples[1]
    finished = attrs.evolve(state, seats=tuple(attrs.evolve(s, position=-2) for s in seats))
    Referee(report, 0).final(Misled(finished, scores=tuple(x + 1 for x in finished.scores())))
    assert report.disagreements == 3 and "final scores" in report.examples[2]
