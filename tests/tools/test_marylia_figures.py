"""The balancing-note figures count what the games did."""

from __future__ import annotations

from gemtable.ai.match import play_match
from marylia_figures import Figures, replay


def test_figures_count_sales_auctions_and_lengths_of_replayed_games():
    figures = Figures()
    sold = auctions = 0
    for seed in (1, 2):
        result = play_match("marylia", ["greedy", "random"], seed=seed)
        record = {"seats": list(result.kinds), "seed": seed, "variant": "standard",
                  "actions": [str(a) for a in result.actions]}
        states = replay(record)
        assert states[-1] == result.final
        figures.add_game(states, result.kinds)
        for before, after in zip(states, states[1:], strict=False):
            sold += sum(len(b.items) - len(a.items) for b, a in zip(before.seats, after.seats,
                                                                     strict=True)
                        if len(a.items) < len(b.items))
            auctions += before.auction is not None and after.auction is None and \
                after.last_auction != before.last_auction
    assert sum(len(v) for v in figures.sales.values()) == sold
    assert sum(len(v) for v in figures.overpay.values()) == auctions
    assert all(v >= 0 for values in figures.overpay.values() for v in values)
    assert figures.rounds[2][-1] == result.final.round
    assert len(figures.rounds[2]) == 2 and len(figures.wealth[2]) == 4
    report = figures.report()
    assert "2 players: 2," in report and "Goblin (monster)" in report
