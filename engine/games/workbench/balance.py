"""Figures on the designed deck, for the design note in data/README.md.

    python -m gemtable.engine.games.workbench.balance [--hands N] [--games N] [--seed S]

Prints: gems per piece, colour counts per metal and per piece, colours per
card, how often cards of one metal and different pieces share a colour (the
collection condition), the best collection points of random finished sets,
and results of seeded playouts per player count, with random moves and
with a one-step greedy player (finish what scores most, else place most). Every figure is
seeded, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from itertools import combinations, product
from statistics import mean

from gemtable.engine.core import CHANCE

from .actions import Action, Pick, Put, Store
from .components import CARD_COUNT, COLOUR_MASK, COLOURS, GEMS, METAL, METALS, PIECE, PIECES, SIZE
from .scoring import longest_collection, splits, total
from .state import WorkbenchState


def deck_figures() -> list[str]:
    lines = ["Gems per card by piece (min / mean / max over 12 cards):"]
    for piece, name in enumerate(PIECES):
        sizes = [SIZE[c] for c in range(CARD_COUNT) if PIECE[c] == piece]
        lines.append(f"  {name:9} {min(sizes)} / {mean(sizes):.2f} / {max(sizes)}")
    lines.append(f"  all       {min(SIZE)} / {mean(SIZE):.2f} / {max(SIZE)}  ({sum(SIZE)} gems)")
    lines.append("Gems of each colour (" + " ".join(COLOURS) + "):")
    for metal, name in enumerate(METALS):
        counts = [sum(GEMS[c][k] for c in range(CARD_COUNT) if METAL[c] == metal) for k in range(4)]
        lines.append(f"  {name:9} {counts}")
    for piece, name in enumerate(PIECES):
        counts = [sum(GEMS[c][k] for c in range(CARD_COUNT) if PIECE[c] == piece) for k in range(4)]
        lines.append(f"  {name:9} {counts}")
    total = [sum(GEMS[c][k] for c in range(CARD_COUNT)) for k in range(4)]
    lines.append(f"  deck      {total}")
    distinct = Counter(bin(COLOUR_MASK[c]).count("1") for c in range(CARD_COUNT))
    lines.append("Cards by number of distinct colours: "
                 + ", ".join(f"{k}: {distinct[k]}" for k in sorted(distinct)))
    return lines


def sharing_rates() -> dict[int, float]:
    """Per set size k: the share of all k-sets of one metal with k different
    pieces whose cards have a colour in common (exact, by enumeration)."""
    by_slot = {(m, p): [c for c in range(CARD_COUNT) if METAL[c] == m and PIECE[c] == p]
               for m in range(len(METALS)) for p in range(len(PIECES))}
    rates = {}
    for k in (2, 3, 4):
        good = total = 0
        for metal in range(len(METALS)):
            for pieces in combinations(range(len(PIECES)), k):
                for cards in product(*(by_slot[metal, p] for p in pieces)):
                    common = 15
                    for c in cards:
                        common &= COLOUR_MASK[c]
                    total += 1
                    good += bool(common)
        rates[k] = good / total
    return rates


def random_hands(hands: int, size: int, rng: random.Random) -> list[str]:
    points: list[int] = []
    longest: Counter[int] = Counter()
    best = 0
    for _ in range(hands):
        cards = tuple(rng.sample(range(CARD_COUNT), size))
        points.append(sum(split[0] for split in splits(cards)))
        longest[longest_collection(cards)] += 1
        best = max(best, points[-1])
    spread = ", ".join(f"{k}: {longest[k] / hands:.0%}" for k in sorted(longest))
    return [f"Random {size}-card sets ({hands}): collection points mean {mean(points):.1f}, "
            f"max {best}; longest collection {spread}"]


def _fitting(state: WorkbenchState, seat: int) -> int:
    """Held dice of `seat` that match some open gem in the showcase."""
    open_gems = [0, 0, 0, 0]
    for card, missing in zip(state.showcase, state.missing, strict=True):
        if card >= 0:
            for c in range(4):
                open_gems[c] += missing[c]
    return sum(min(h, o) for h, o in zip(state.seats[seat].held, open_gems, strict=True))


def greedy(state: WorkbenchState, rng: random.Random) -> Action:
    """A one-step lookahead player for balance figures only: finish cards
    (most prestige gained), otherwise place or keep the most useful dice."""
    me = state.current
    before = total(state, me)
    best: float | None = None
    choices: list[Action] = []
    for action in state.legal_actions():
        after = state.apply(action)
        value: float = 10 * (total(after, me) - before)
        if isinstance(action, Put):
            value += sum(action.dice) + (action.loupe >= 0) + action.burin
        elif isinstance(action, Pick):
            value += _fitting(after, me)
        elif isinstance(action, Store):
            value += 0.5
        if best is None or value > best:
            best, choices = value, [action]
        elif value == best:
            choices.append(action)
    return rng.choice(choices)


def playouts(players: int, games: int, seed: int, policy: str) -> list[str]:
    from . import GAME

    totals, gems, sets, claimed, cards, actions_played, decks = [], [], [], [], [], [], []
    for game_index in range(games):
        rng = random.Random(seed * 1000 + game_index)
        state = GAME.new(players, seed=seed * 1000 + game_index)
        steps = 0
        while not state.is_over:
            if state.to_move is CHANCE:
                action = state.sample_chance(rng)
            elif policy == "greedy":
                action = greedy(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
            steps += 1
        actions_played.append(steps)
        decks.append(len(state.deck))
        for seat_index, seat in enumerate(state.seats):
            totals.append(total(state, seat_index))
            gems.append(sum(SIZE[c] for c in seat.finished))
            sets.append(sum(split[0] for split in splits(seat.finished)))
            claimed.append(len(seat.commissions))
            cards.append(len(seat.finished))
    return [
        f"{players} players, {games} {policy} games: score {mean(totals):.1f} "
        f"(gems {mean(gems):.1f}, collections {mean(sets):.1f}, "
        f"commissions {mean(claimed):.2f} each), cards finished {mean(cards):.1f}, "
        f"deck left {mean(decks):.1f}, actions per game {mean(actions_played):.0f}"
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    lines = deck_figures()
    rates = sharing_rates()
    lines.append("Same metal, different pieces, a colour in common: "
                 + ", ".join(f"{k} cards {rate:.1%}" for k, rate in rates.items()))
    for size in (5, 10, 15):
        lines += random_hands(args.hands, size, rng)
    for policy in ("random", "greedy"):
        for players in (2, 3, 4):
            lines += playouts(players, args.games, args.seed, policy)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
