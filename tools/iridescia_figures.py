"""What each item is worth to the bots, for the Iridescia balancing note
(engine/games/iridescia/data/README.md).

    python tools/iridescia_figures.py --seeds 50

A paired design with two greedy seats: in every game one seat may not buy
the item under test (the "without" seat) and the other plays as usual. Each
seed is played twice, the restricted seat first and then second, so seat
order cancels out. The item's worth is what the free seat scores more than
the restricted one, and how often it wins; with a worthless item both are 0
and 50% up to noise. The free seat's purchases are counted too (how often it
bought the item, and its mean score in the games it did and did not), which
tells whether the item came up at all. Every game is seeded, so a run is
reproducible; 2-player games, where the Swapping Stones and the Clever
Catapult are out of the deck.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from statistics import mean

from gemtable.ai.base import check_view, decision_rng
from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.match import bot_seed, play_match
from gemtable.ai.simple import GreedyBot
from gemtable.ai.stats import half_width, wilson
from gemtable.engine import State, registry
from gemtable.engine.games.iridescia import actions as A
from gemtable.engine.games.iridescia.components import CATAPULT, ITEMS, SWAP

GAME_ID = "iridescia"
PUBLISHED_Z = 1.96
"""The z of the figures in the balancing note, kept so that they reproduce."""

TWO_PLAYER_ITEMS = tuple(i.kind for i in ITEMS if i.kind not in (SWAP, CATAPULT))


def buys(view: State, action: object, item: int) -> bool:
    return isinstance(action, A.OnSlot) and action.verb == "buy" \
        and view.market[action.slot] == item  # type: ignore[attr-defined]


class WithoutItem(GreedyBot):
    """Greedy, except that it never buys `item`."""

    def __init__(self, item: int, *, seed: int) -> None:
        super().__init__(heuristic_for(GAME_ID), seed=seed, kind=f"greedy-no-{ITEMS[item].key}")
        self.item = item

    def choose(self, view: State) -> object:
        seat = check_view(view)
        legal = [a for a in view.legal_actions() if not buys(view, a, self.item)]
        if len(legal) == 1:
            return legal[0]
        forced = self.heuristic.policy_action(view)
        if forced is not None and forced in legal:
            return forced
        return self.rank(view, seat, legal, decision_rng(self.seed, view))[0]


def bought(seed: int, actions: Sequence[object], seat: int, item: int) -> bool:
    """Whether `seat` bought `item` in the game of `seed` played with `actions`."""
    state = registry.get(GAME_ID).new(2, seed)
    for action in actions:
        if state.to_move == seat and buys(state, action, item):
            return True
        state = state.apply(action)
    return False


def item_row(item: int, seeds: int, first_seed: int) -> dict[str, float]:
    diffs: list[int] = []
    wins = 0.0
    with_item: list[int] = []
    without_item: list[int] = []
    for seed in range(first_seed, first_seed + seeds):
        for restricted in (0, 1):
            free = 1 - restricted
            seats: list[object] = [None, None]
            seats[restricted] = WithoutItem(item, seed=bot_seed(seed, restricted))
            seats[free] = GreedyBot(heuristic_for(GAME_ID), seed=bot_seed(seed, free))
            result = play_match(GAME_ID, seats, seed=seed)  # type: ignore[arg-type]
            final = result.final
            scores = final.scores()
            diffs.append(scores[free] - scores[restricted])
            wins += final.outcome()[free]
            if bought(seed, result.actions, free, item):
                with_item.append(scores[free])
            else:
                without_item.append(scores[free])
    games = len(diffs)
    return {
        "games": games,
        "diff": mean(diffs),
        "se": half_width(diffs, z=1.0),
        "wins": wins,
        "win": wins / games,
        "bought": len(with_item) / games,
        "score_with": mean(with_item) if with_item else float("nan"),
        "score_without": mean(without_item) if without_item else float("nan"),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="seeds per item (2 games each)")
    parser.add_argument("--seed", type=int, default=5000, help="first seed")
    parser.add_argument("--items", default="", help="item keys to test, comma-separated "
                        "(default: every item of a 2-player game)")
    args = parser.parse_args(argv)
    keys = [k for k in args.items.split(",") if k]
    items = [i for i in TWO_PLAYER_ITEMS if not keys or ITEMS[i].key in keys]
    print("| Item | Cost | Free seat's lead (points, ±1 se) | Free seat wins (95%) "
          "| Bought by the free seat | Its score when bought / not |")
    print("|---|---|---|---|---|---|")
    for item in items:
        row = item_row(item, args.seeds, args.seed)
        low, high = wilson(row["wins"], int(row["games"]), z=PUBLISHED_Z)
        print(f"| {ITEMS[item].name} | {ITEMS[item].cost} | {row['diff']:+.1f} ± {row['se']:.1f} "
              f"| {row['win']:.0%} ({low:.0%}-{high:.0%}) | {row['bought']:.0%} of "
              f"{int(row['games'])} | {row['score_with']:.1f} / {row['score_without']:.1f} |",
              flush=True)


if __name__ == "__main__":
    main()
