"""The designed Workbench deck keeps the constraints of the rulings and the design note."""

from __future__ import annotations

from collections import Counter
from statistics import mean

from gemtable.engine.games.workbench import cards
from gemtable.engine.games.workbench.balance import sharing_rates


def test_forty_eight_cards_four_of_each_piece_in_each_metal():
    assert cards.CARD_COUNT == 48 and len(set(cards.CODE)) == 48
    assert Counter(zip(cards.METAL, cards.PIECE, strict=True)) == {
        (m, p): 4 for m in range(3) for p in range(4)
    }


def test_two_to_five_gems_rings_smallest_pendants_largest():
    assert min(cards.SIZE) == 2 and max(cards.SIZE) == 5
    assert 3.2 <= mean(cards.SIZE) <= 3.4, "about 3.3 gems a card"
    size = {p: mean(cards.SIZE[c] for c in range(48) if cards.PIECE[c] == p) for p in range(4)}
    ring, bracelet, pendant, earrings = (size[cards.PIECES.index(n)] for n in
                                         ("ring", "bracelet", "pendant", "earrings"))
    assert ring < earrings < bracelet < pendant


def test_every_colour_is_used_equally_in_the_deck_and_in_each_metal():
    for metal in range(3):
        per_colour = [sum(cards.GEMS[c][k] for c in range(48) if cards.METAL[c] == metal)
                      for k in range(4)]
        assert per_colour == [13, 13, 13, 13]


def test_no_card_repeats_within_its_metal_and_piece():
    seen = Counter((cards.METAL[c], cards.PIECE[c], cards.GEMS[c]) for c in range(48))
    assert max(seen.values()) == 1


def test_collections_are_reachable_but_not_automatic():
    rates = sharing_rates()
    assert 0.6 <= rates[2] <= 0.85
    assert 0.3 <= rates[3] <= 0.5
    assert 0.1 <= rates[4] <= 0.25


def test_eight_commissions_as_the_rulings_list_them():
    assert cards.COMMISSION_TOTAL == 8
    pieces = [cards.commission(n) for n in ("rings", "bracelets", "pendants", "earrings")]
    gems = [cards.commission(n) for n in ("rubies", "sapphires", "ambers", "emeralds")]
    assert all(cards.COMMISSION_KIND[k] == "piece" and cards.COMMISSION_COUNT[k] == 3 for k in pieces)
    assert all(cards.COMMISSION_KIND[k] == "gem" and cards.COMMISSION_COUNT[k] == 7 for k in gems)
    assert set(cards.COMMISSION_POINTS) == {5}
    assert cards.describe_commission(gems[3]).startswith("first to hold 7 emerald gems")
    assert cards.describe(cards.card("RP4")) == "RP4 rose pendant RRGGG"
