"""An independent referee for Jewels: Merchants of Marylia.

It plays seeded games through the public interface only (the registry, a
seeded new game, legal actions, apply, views, scores) with random and greedy
seats, and after every step compares the engine with its own reading of the
rulebook and the owner's rulings (marylia_referee_moves and _position, which
import nothing of the engine's rules): the legal moves (travel costs,
Interact whenever its cost is paid, Wait, selling, joining and bidding), the
whole position after the move (coins, cards, decks, the Wait and Refill
filling only what was empty, action points, the hand limit, auctions, the
end trigger), every seat's view (the event deck's public bottom, hidden
hands, decks and sealed bids), samples of the view, and the final wealth.

    python tests/audit/marylia_referee.py --games 1000 --seed 1

prints what it checked, how often each rule it watches fired, and every
disagreement (the exit status is 1 if there was any).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from marylia_referee_cards import ENCOUNTERS, ENTRY_COINS, EVENTS, RESOURCE_COUNTS, is_monster
from marylia_referee_moves import apply, legal, wealth
from marylia_referee_position import CHANCE_PHASES, CHANGE, PLACE, Position, read

from gemtable.ai import make_bot
from gemtable.engine import CHANCE, SPECTATOR, registry

GAME_ID = "marylia"
KEPT = 3
"""Disagreements of each kind kept in full; the rest are only counted."""


@dataclass
class Report:
    games: int = 0
    decisions: int = 0
    steps: int = 0
    views: int = 0
    samples: int = 0
    disagreements: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    fired: Counter[str] = field(default_factory=Counter)
    tables: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)

    def disagree(self, where: str, kind: str, what: str) -> None:
        self.disagreements += 1
        self.kinds[kind] += 1
        if self.kinds[kind] <= KEPT:
            self.examples.append(f"{where}: {what}")


def seats_for(game: int, seed: int) -> list[str]:
    """2 to 5 seats in turn, each random or greedy at random (seeded)."""
    rng = random.Random(f"{seed}:{game}:seats")
    players = 2 + game % 4
    return [rng.choice(("random", "greedy")) for _ in range(players)]


def referee_game(seed: int, kinds: list[str], report: Report) -> None:
    game = registry.get(GAME_ID)
    players = len(kinds)
    state = game.new(players, seed)
    bots = [make_bot(kind, game_id=GAME_ID, seed=seed * 7 + i) for i, kind in enumerate(kinds)]
    rng = random.Random(f"{seed}:referee")
    where = f"game seed {seed} ({players} seats)"
    for problem in setup_problems(state):
        report.disagree(where, "set-up", problem)
    report.tables[f"{players} seats, {kinds.count('greedy')} greedy"] += 1
    chance_phase = CHANGE
    seen_events = -1
    step = 0
    while not state.is_over:
        pos = read(state)
        if pos.phase == "chance":
            pos.phase = chance_phase
        here = f"{where}, step {step}"
        for kind, problem in view_problems(state, report):
            report.disagree(here, kind, problem)
        if state.events_drawn != seen_events and state.to_move is not CHANCE:
            seen_events = state.events_drawn
            for problem in sample_problems(state, rng, report):
                report.disagree(here, "view samples", problem)
        engine_moves = {str(action) for action in state.legal_actions()}
        mine = legal(pos)
        if engine_moves != mine:
            verbs = sorted({move.split()[0] for move in engine_moves ^ mine})
            report.disagree(here, f"legal moves ({', '.join(verbs)})",
                            f"legal moves: only the engine {sorted(engine_moves - mine)}, "
                            f"only the referee {sorted(mine - engine_moves)}")
        mover = state.to_move
        if mover is CHANCE:
            action = rng.choice(state.legal_actions())
        else:
            action = bots[mover].choose(state.view(mover))
            report.decisions += 1
        expected = apply(pos, str(action))
        state = state.apply(action)
        verb = str(action).split()[0]
        for problem in expected.differences(read(state)):
            report.disagree(f"{here}, after {action}",
                            f"after {verb}: {problem.split(':')[0]}", problem)
        for index, seat in enumerate(state.seats):
            if seat.held != sum(seat.hand):
                report.disagree(here, "hand size", f"seat {index} holds {sum(seat.hand)} "
                                                   f"cards, counted {seat.held}")
        report.fired.update(expected.notes)
        chance_phase = expected.phase if expected.phase in CHANCE_PHASES else CHANGE
        step += 1
        report.steps += 1
    for problem in end_problems(state, read(state)):
        report.disagree(where, "final wealth and places", problem)
    report.endings["the decks ran short" if state.last_round else "the round limit"] += 1
    report.games += 1


def setup_problems(state: Any) -> list[str]:
    """Section 3 of the rulebook: 3 cards and 25, 26, 27... coins from the first
    player, a character and a resource in every city (a Monster swallowing its
    resource), the coins of each character on it, every merchant still to place."""
    problems = []
    players, first = state.players, state.first
    for seat, s in enumerate(state.seats):
        if sum(s.hand) != 3 or s.coins != 25 + (seat - first) % players or s.city >= 0:
            problems.append(f"set-up: seat {seat} starts with {sum(s.hand)} cards, "
                            f"{s.coins} coins, in city {s.city}")
    for city, card in enumerate(state.characters):
        if card < 0 or state.character_coins[city] != ENTRY_COINS[card]:
            problems.append(f"set-up: city {city + 1} has character {card} with "
                            f"{state.character_coins[city]} coins")
        resource_gone = state.resources[city] < 0
        if resource_gone != is_monster(card) or sum(state.treasure[city]) != int(resource_gone):
            problems.append(f"set-up: city {city + 1}'s resource card is misplaced")
    sizes = (len(state.resource_deck), len(state.encounter_deck), len(state.event_deck))
    if sizes != (sum(RESOURCE_COUNTS) - 3 * players - 7, ENCOUNTERS - 7, EVENTS):
        problems.append(f"set-up: decks of {sizes}")
    if read(state).phase != PLACE or state.current != first:
        problems.append("set-up: the first player does not place first")
    return problems


def view_problems(state: Any, report: Report) -> list[tuple[str, str]]:
    """Every seat's view (ruling 11 and 15): the resolved events at the bottom
    of the event deck, in place, the rest of every deck hidden, other hands
    hidden (their size shown), other committed bids sealed."""
    problems = []
    known = min(state.events_drawn, len(state.event_deck))
    for observer in (SPECTATOR, *range(state.players)):
        view = state.view(observer)
        report.views += 1
        if known:
            report.fired["views with resolved events at the bottom of the event deck"] += 1
        name = "the spectator" if observer is SPECTATOR else f"seat {observer}"
        if tuple(view.event_deck[:known]) != tuple(state.event_deck[:known]):
            problems.append(("view: the event deck's public bottom",
                             f"{name}'s view misplaces the resolved events at the bottom"))
        if any(card >= 0 for card in view.event_deck[known:]):
            problems.append(("view: an event never drawn", f"{name}'s view shows one"))
        if any(card >= 0 for card in view.resource_deck + view.encounter_deck):
            problems.append(("view: face-down decks",
                             f"{name}'s view shows a card of a face-down deck"))
        for seat, (mine, truth) in enumerate(zip(view.seats, state.seats, strict=True)):
            shown = mine.hand == truth.hand
            if shown != (seat == observer) or mine.held != truth.held:
                problems.append(("view: hands", f"{name}'s view shows seat {seat}'s hand wrongly"))
        if state.auction is not None:
            for bidder, bid, seen in zip(state.auction.bidders, state.auction.bids,
                                         view.auction.bids, strict=True):
                if bid >= 0 and (seen == bid) != (bidder == observer):
                    problems.append(("view: sealed bids",
                                     f"{name}'s view shows seat {bidder}'s sealed bid wrongly"))
    return problems


def sample_problems(state: Any, rng: random.Random, report: Report) -> list[str]:
    """Ruling 15: samples of the mover's view keep the public bottom of the
    event deck and shuffle only the events above it."""
    problems = []
    view = state.view(state.to_move)
    known = min(state.events_drawn, len(state.event_deck))
    tops = set()
    for _ in range(2):
        sample = view.determinize(random.Random(rng.random()))
        report.samples += 1
        deck = tuple(sample.event_deck)
        if deck[:known] != tuple(state.event_deck[:known]):
            problems.append("a sample of the view moved a resolved event")
        if sorted(deck) != list(range(EVENTS)):
            problems.append("a sample's event deck is not the twelve events")
        tops.add(deck[known:])
    if len(state.event_deck) - known >= 4:
        report.fired["samples with four or more unknown events"] += 1
        if len(tops) == 2:
            report.fired["two samples ordered the unknown events differently"] += 1
    return problems


def end_problems(state: Any, pos: Position) -> list[str]:
    """Section 9 and ruling 8: wealth is coins plus half of each unsold item,
    rounded down; equal wealth shares a place."""
    problems = []
    wealths = [wealth(pos, seat) for seat in range(state.players)]
    if list(state.scores()) != wealths:
        problems.append(f"final wealth: engine {list(state.scores())}, referee {wealths}")
    places = [1 + sum(other > mine for other in wealths) for mine in wealths]
    if list(state.ranking()) != places:
        problems.append(f"ranking: engine {list(state.ranking())}, referee {places}")
    return problems


def run(games: int, seed: int) -> Report:
    report = Report()
    for game in range(games):
        referee_game(seed * 1_000_003 + game, seats_for(game, seed), report)
    return report


def summary(report: Report, seconds: float) -> str:
    lines = [
        f"games: {report.games}; decision points: {report.decisions}; steps checked "
        f"(chance included): {report.steps}; views checked: {report.views}; "
        f"view samples checked: {report.samples}",
        f"disagreements: {report.disagreements}",
        *(f"  {kind}: {count}" for kind, count in sorted(report.kinds.items())),
        *(["first examples of each kind:"] if report.examples else []),
        *(f"  {example}" for example in report.examples),
        "tables: " + ", ".join(f"{k}: {v}" for k, v in sorted(report.tables.items())),
        "ended by: " + ", ".join(f"{k}: {v}" for k, v in sorted(report.endings.items())),
        "rules fired:",
        *(f"  {name}: {count}" for name, count in sorted(report.fired.items())),
        f"wall time: {seconds:.1f} s",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    report = run(args.games, args.seed)
    print(summary(report, time.perf_counter() - started))
    return 1 if report.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
