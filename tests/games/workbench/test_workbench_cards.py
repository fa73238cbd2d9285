"""The designed Workbench deck keeps the constraints of the rulings and the design note."""

from __future__ import annotations

from collections import Counter
from statistics import mean

from gemtable.engine.games.workbench import components
from gemtable.engine.games.workbench.balance import sharing_rates


def test_forty_eight_cards_four_of_each_piece_in_each_metal():
    assert components.CARD_COUNT == 48 and len(set(components.CODE)) == 48
    assert Counter(zip(components.METAL, components.PIECE, strict=True)) == {
        (m, p): 4 for m in range(3) for p in range(4)
    }


def test_two_to_five_gems_rings_smallest_pendants_largest():
    assert min(components.SIZE) == 2 and max(components.SIZE) == 5
    assert 3.2 <= mean(components.SIZE) <= 3.4, "about 3.3 gems a card"
    size = {p: mean(components.SIZE[c] for c in range(48) if components.PIECE[c] == p) for p in range(4)}
    ring, bracelet, pendant, earrings = (size[components.PIECES.index(n)] for n in
                                         ("ring", "bracelet", "pendant", "earrings"))
    assert ring < earrings < bracelet < pendant


def test_every_colour_is_used_equally_in_the_deck_and_in_each_metal():
    for metal in range(3):
        per_colour = [sum(components.GEMS[c][k] for c in range(48) if components.METAL[c] == metal)
                      for k in range(4)]
        assert per_colour == [13, 13, 13, 13]


def test_no_card_repeats_within_its_metal_and_piece():
    seen = Counter((components.METAL[c], components.PIECE[c], components.GEMS[c]) for c in range(48))
    assert max(seen.values()) == 1


def test_collections_are_reachable_but_not_automatic():
    rates = sharing_rates()
    assert 0.6 <= rates[2] <= 0.85
    assert 0.3 <= rates[3] <= 0.5
    assert 0.1 <= rates[4] <= 0.25


def test_eight_commissions_as_the_rulings_list_them():
    assert components.COMMISSION_TOTAL == 8
    pieces = [components.commission(n) for n in ("rings", "bracelets", "pendants", "earrings")]
    gems = [components.commission(n) for n in ("rubies", "sapphires", "ambers", "emeralds")]
    assert all(components.COMMISSION_KIND[k] == "piece" and components.COMMISSION_COUNT[k] == 3 for k in pieces)
    assert all(components.COMMISSION_KIND[k] == "gem" and components.COMMISSION_COUNT[k] == 7 for k in gems)
    assert set(components.COMMISSION_POINTS) == {5}
    assert components.describe_commission(gems[3]).startswith("first to hold 7 emerald gems")
    assert components.describe(components.card("RP4")) == "RP4 rose pendant RRGGG"
