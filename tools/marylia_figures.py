"""Simulation figures for the Marylia balancing note (engine/games/marylia/data/README.md).

    python tools/marylia_figures.py --greedy-games 30
    python tools/marylia_figures.py --results RUN.jsonl ...

The first plays all-greedy games at every player count; the second replays
the games of arena result files (their seeds and actions). Both report, from
the states of each game: how often each character is used (interacted with
or defeated) out of its appearances, what a sale of each recipe earns
(market value plus the Acquirer's coins), mean final wealth and game length
by player count, and each bot kind's average overpayment in auctions it won
(winning bid minus the second-highest bid).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence

from gemtable.ai.match import play_match
from gemtable.engine import registry
from gemtable.engine.games.marylia.components import ENCOUNTER_KIND, ENCOUNTER_NAME, RECIPE_NAME
from gemtable.engine.games.marylia.state import CHANGE, MaryliaState


class Figures:
    def __init__(self) -> None:
        self.appeared: dict[str, int] = defaultdict(int)
        self.used: dict[str, int] = defaultdict(int)
        self.sales: dict[int, list[int]] = defaultdict(list)
        self.overpay: dict[str, list[int]] = defaultdict(list)
        self.wealth: dict[int, list[float]] = defaultdict(list)
        self.winner_wealth: dict[int, list[int]] = defaultdict(list)
        self.rounds: dict[int, list[int]] = defaultdict(list)
        self.turns: dict[int, list[int]] = defaultdict(list)

    def add_game(self, states: Sequence[MaryliaState], kinds: Sequence[str]) -> None:
        first = states[0]
        for card in first.characters:
            if card >= 0:
                self.appeared[ENCOUNTER_NAME[card]] += 1
        for before, after in zip(states, states[1:], strict=False):
            self._transition(before, after, kinds)
        final = states[-1]
        players = final.players
        scores = final.scores()
        self.wealth[players].extend(scores)
        self.winner_wealth[players].append(max(scores))
        self.rounds[players].append(final.round)
        self.turns[players].append(final.turns)

    def _transition(self, before: MaryliaState, after: MaryliaState,
                    kinds: Sequence[str]) -> None:
        active_city = before.seats[before.current].city
        for city, (old, new) in enumerate(zip(before.characters, after.characters,
                                               strict=True)):
            if old == new:
                continue
            if new >= 0:
                self.appeared[ENCOUNTER_NAME[new]] += 1
            if old >= 0 and before.step != CHANGE and city == active_city:
                self.used[ENCOUNTER_NAME[old]] += 1
        for was, now in zip(before.seats, after.seats, strict=True):
            if len(now.items) < len(was.items):
                remaining = list(now.items)
                for item in was.items:
                    if item in remaining:
                        remaining.remove(item)
                    else:
                        earned = item.value + before.character_coins[active_city]
                        self.sales[item.recipe].append(earned)
        if before.auction is not None and after.auction is None and \
                after.last_auction != before.last_auction:
            bids = [bid for _, bid in after.last_auction]
            best = max(bids)
            winner = after.last_auction_winner
            assert winner is not None
            second = sorted(bids, reverse=True)[1]
            self.overpay[kinds[winner]].append(best - second)

    def report(self) -> str:
        lines = ["Characters: used / appeared (share used)"]
        for name in dict.fromkeys(ENCOUNTER_NAME):
            seen = self.appeared.get(name, 0)
            used = self.used.get(name, 0)
            kind = ENCOUNTER_KIND[ENCOUNTER_NAME.index(name)]
            share = f"{used / seen:.0%}" if seen else "-"
            lines.append(f"  {name} ({kind}): {used} / {seen} ({share})")
        lines.append("Sales by recipe: count, mean earned (value + Acquirer coins)")
        for recipe, name in enumerate(RECIPE_NAME):
            earned = self.sales.get(recipe, [])
            mean = f"{sum(earned) / len(earned):.1f}" if earned else "-"
            lines.append(f"  {name}: {len(earned)}, {mean}")
        lines.append("By player count: games, mean wealth, mean winner's wealth, "
                     "mean rounds, mean turns")
        for players in sorted(self.rounds):
            games = len(self.rounds[players])
            lines.append(
                f"  {players} players: {games}, {_mean(self.wealth[players]):.1f}, "
                f"{_mean(self.winner_wealth[players]):.1f}, {_mean(self.rounds[players]):.1f}, "
                f"{_mean(self.turns[players]):.1f}")
        lines.append("Auction overpayment (winning bid - second bid): kind, auctions won, mean")
        for kind, values in sorted(self.overpay.items()):
            lines.append(f"  {kind}: {len(values)}, {_mean(values):.2f}")
        return "\n".join(lines)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def replay(record: dict) -> list[MaryliaState]:
    game = registry.get("marylia")
    state = game.new(len(record["seats"]), seed=record["seed"], variant=record["variant"])
    states = [state]
    for text in record["actions"]:
        state = state.apply(state.parse_action(text))
        states.append(state)
    return states


def from_results(paths: Iterable[str], figures: Figures) -> None:
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                record = json.loads(line)
                if record.get("kind") == "game" and record.get("game") == "marylia":
                    figures.add_game(replay(record), record["seats"])


def greedy_games(games: int, figures: Figures) -> None:
    for players in range(2, 6):
        for index in range(games):
            result = play_match("marylia", ["greedy"] * players, seed=players * 1000 + index)
            states = replay({"seats": result.kinds, "seed": players * 1000 + index,
                             "variant": "standard",
                             "actions": [str(a) for a in result.actions]})
            figures.add_game(states, result.kinds)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--greedy-games", type=int, default=0,
                        help="all-greedy games to play at each player count")
    parser.add_argument("--results", nargs="*", default=[], help="arena result files")
    args = parser.parse_args(argv)
    figures = Figures()
    greedy_games(args.greedy_games, figures)
    from_results(args.results, figures)
    print(figures.report())


if __name__ == "__main__":
    main()
