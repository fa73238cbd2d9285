"""Learn the Jewel Box pattern tables (jewelbox_net.py) by playing solo games.

Temporal-difference learning on afterstates: after each placement the box
is valued by the tables, and the value of the box after the previous
placement is moved towards it; the last box's target is its final score.
The player is the tables' own greedy policy, with the die and the log's
refills taken exactly in expectation:

- before collecting: roll (each log space a sixth, a 6 the best beetle), or
  the Magnifying Glass on the best log beetle if that is worth its points;
- placing: the square whose box the tables value most;
- the discard: the log beetle whose loss leaves the best expected next turn
  (every refill the unseen beetles allow, weighted by how many there are).

Forceps are never used here (a swap is a choice among hundreds, and these
games are about learning to place); a box's value counts the points of the
tools still unused, so keeping them is part of what is learned.

Games are played on bare masks, not engine states, so thousands of games fit
in minutes; the deal and the dice come from a generator seeded by the game's
number, so a run is the same every time.

    python -m gemtable.ai.heuristics.jewelbox_td --games 100000 --out tables.npz
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

from gemtable.engine.games.jewelbox.board import Geometry, bits, geometry
from gemtable.engine.games.jewelbox.components import (
    ALL_TOOLS,
    COPIES,
    EITHER,
    FAMILY_COUNT,
    GLASS,
    TOOL_POINTS,
    tool_count,
)
from gemtable.engine.games.jewelbox.rules import mask_total, spent_tool

from .jewelbox import JewelBoxHeuristic
from .jewelbox_net import BoxNet, board_of, features, load, placements, save


def final_score(geo: Geometry, masks: tuple[int, ...], tools: int) -> int:
    """The score of a full box with these unused tools (the engine's count)."""
    return mask_total(geo, masks, tools)


def spend_glass(tools: int) -> int:
    """The tools left once a Magnifying Glass is used, as the engine spends it."""
    return tools & ~spent_tool(tools, GLASS)


class Options:
    """What one box can make of each family's next beetle, by the tables."""

    def __init__(self, net: BoxNet, geo: Geometry, masks: tuple[int, ...], tools: int,
                 supply: list[int], families: set[int]) -> None:
        lay = net.layout
        occupied = masks[0] | masks[1] | masks[2] | masks[3] | masks[4]
        spots = bits(geo.placement_mask(occupied))
        self.beetles = occupied.bit_count() + 1
        self.best: dict[int, float] = {}
        self.spot: dict[int, int] = {}
        self.rows: dict[int, np.ndarray] = {}
        chosen = sorted(families)
        if self.beetles == geo.size * geo.size:
            for f in chosen:
                placed = masks[:f] + (masks[f] | 1 << spots[0],) + masks[f + 1:]
                self.best[f] = float(final_score(geo, placed, tools))
                self.spot[f] = spots[0]
            self.full = True
            return
        self.full = False
        base = board_of(lay, geo, masks)
        boards = np.concatenate([placements(lay, geo, masks, base, f, spots) for f in chosen])
        k = len(spots)
        count = len(boards)
        left = np.array([supply[f] - (f == g) for g in chosen for _ in spots for f in range(FAMILY_COUNT)]
                        ).reshape(count, FAMILY_COUNT)
        index = features(lay, boards, np.full(count, self.beetles), np.full(count, tools), left)
        values = net.values(index)
        self._tool_entry = lay.count_entry("tools", self.beetles, 0)
        self._net = net
        for i, f in enumerate(chosen):
            chunk = values[i * k:(i + 1) * k]
            j = int(np.argmax(chunk))
            self.best[f] = float(chunk[j])
            self.spot[f] = spots[j]
            self.rows[f] = index[i * k + j]

    def with_tools(self, family: int, tools: int, now: int) -> float:
        """`best[family]` had the box `tools` unused instead of `now`."""
        if self.full:
            return self.best[family] + TOOL_POINTS * (tool_count(tools) - tool_count(now))
        w = self._net.weights
        return self.best[family] + w[self._tool_entry + tools] - w[self._tool_entry + now]


class HandOptions:
    """The same choices judged by the hand-set box value (jewelbox.py), for a
    baseline played by this very policy."""

    def __init__(self, hand: JewelBoxHeuristic, geo: Geometry, masks: tuple[int, ...],
                 tools: int, supply: list[int], families: set[int]) -> None:
        self.beetles = (masks[0] | masks[1] | masks[2] | masks[3] | masks[4]).bit_count() + 1
        self.best: dict[int, float] = {}
        self.spot: dict[int, int] = {}
        self._placed: dict[int, tuple[int, ...]] = {}
        self._hand, self._geo, self._supply = hand, geo, supply
        for f in sorted(families):
            left = tuple(c - (g == f) for g, c in enumerate(supply))
            value, low = hand.best_square(geo, masks, tools, f, left)
            self.best[f] = value
            self.spot[f] = low.bit_length() - 1
            self._placed[f] = masks[:f] + (masks[f] | low,) + masks[f + 1:]

    def with_tools(self, family: int, tools: int, now: int) -> float:
        left = tuple(c - (g == family) for g, c in enumerate(self._supply))
        return self._hand.box_value(self._geo, self._placed[family], tools, left)


def turn_value(options: Options | HandOptions, log: list[int], tools: int) -> tuple[float, int | None]:
    """Expected value of the coming collect-and-place from this log: the
    roll's, or the Glass's on its best beetle; and the space the Glass takes
    (None: roll)."""
    values = [options.best[f] for f in log]
    best = max(values)
    roll = (sum(values) + best) / 6
    if tools & (GLASS | EITHER):
        after = spend_glass(tools)
        glass_values = [options.with_tools(f, after, tools) for f in log]
        top = max(glass_values)
        if top > roll:
            return top, glass_values.index(top)
    return roll, None


class SoloGame:
    """One solo game on masks, played by the tables, learning as it goes."""

    def __init__(self, net: BoxNet, seed: int, alpha: float, lam: float = 0.0,
                 hand: JewelBoxHeuristic | None = None) -> None:
        """With `hand`, the hand-set value judges every choice instead of the
        tables, and nothing is learned."""
        self.net = net
        self.hand = hand
        self.lam = lam
        self.geo = geometry(net.layout.size)
        self.rng = random.Random(seed)
        self.alpha = alpha
        self.pile = [f for f in range(FAMILY_COUNT) for _ in range(COPIES[f])]
        self.rng.shuffle(self.pile)
        self.log = [self.pile.pop() for _ in range(5)]
        self.masks: tuple[int, ...] = (0,) * FAMILY_COUNT
        self.tools = ALL_TOOLS
        self.used = [0] * FAMILY_COUNT
        """Beetles of each family in the box or discarded."""
        self.seen: list[tuple[np.ndarray, float]] = []
        """After play: each box after placing (but the last), with the value
        the tables gave it then."""

    def supply(self) -> list[int]:
        return [copies - u for copies, u in zip(COPIES, self.used, strict=True)]

    def play(self) -> int:
        geo, net = self.geo, self.net
        full = geo.size * geo.size
        seen: list[tuple[np.ndarray, float]] = []
        for turn in range(full):
            options = self._options(set(self.log))
            _, glass_space = turn_value(options, self.log, self.tools)
            if glass_space is not None:
                space = glass_space
                self.tools = spend_glass(self.tools)
            else:
                face = self.rng.randint(1, 6)
                if face == 6:
                    values = [options.best[f] for f in self.log]
                    space = values.index(max(values))
                else:
                    space = face - 1
            family = self.log[space]
            spot = options.spot[family]
            self.masks = self.masks[:family] + (self.masks[family] | 1 << spot,) + self.masks[family + 1:]
            self.used[family] += 1
            self.log[space] = self.pile.pop()
            if turn == full - 1:
                break
            # The value of the new box (tools as they are now).
            if isinstance(options, Options):
                seen.append(self._value_now(options, family, glass_space is not None))
            self._discard()
        score = final_score(geo, self.masks, self.tools)
        self.seen = seen
        if self.alpha and self.hand is None:
            # Lambda-returns, from the last box back: each box's target mixes
            # the next box's value and the return beyond it.
            target = float(score)
            for row, value in reversed(seen):
                net.learn(row, self.alpha * (target - value))
                target = self.lam * target + (1 - self.lam) * value
        return score

    def _options(self, families: set[int]) -> Options | HandOptions:
        if self.hand is not None:
            return HandOptions(self.hand, self.geo, self.masks, self.tools, self.supply(), families)
        return Options(self.net, self.geo, self.masks, self.tools, self.supply(), families)

    def _value_now(self, options: Options, family: int, glassed: bool) -> tuple[np.ndarray, float]:
        """The new box's weight indices and value. Options valued it with the
        tools of the turn's start, so a Glass spent this turn is read again."""
        row = options.rows[family].copy()
        if glassed:
            lay = self.net.layout
            row[lay.count_column("tools")] = lay.count_entry("tools", options.beetles, self.tools)
        return row, float(self.net.weights[row].sum())

    def _discard(self) -> None:
        """Drop the log beetle whose loss leaves the best expected next turn."""
        supply = self.supply()
        unseen = list(supply)
        for f in self.log:
            unseen[f] -= 1
        total = sum(unseen)
        options = self._options(set(range(FAMILY_COUNT)))
        best_space, best_value = 0, -1e18
        tried: dict[int, float] = {}
        for space, f in enumerate(self.log):
            if f in tried:
                continue
            rest = self.log[:space] + self.log[space + 1:]
            expected = 0.0
            for refill in range(FAMILY_COUNT):
                weight = unseen[refill]
                if weight <= 0:
                    continue
                expected += weight * turn_value(options, rest + [refill], self.tools)[0]
            tried[f] = expected / total if total else 0.0
            if tried[f] > best_value:
                best_value, best_space = tried[f], space
        self.used[self.log[best_space]] += 1
        self.log[best_space] = self.pile.pop()


def run(net: BoxNet, games: int, seed: int, alpha: float, report: int = 0,
        lam: float = 0.0, hand: JewelBoxHeuristic | None = None) -> list[int]:
    """Scores of `games` solo games (numbered from `seed`), learning as they go."""
    scores = []
    start = time.perf_counter()
    for g in range(games):
        scores.append(SoloGame(net, seed * 1_000_003 + g, alpha, lam, hand).play())
        if report and (g + 1) % report == 0:
            recent = scores[-report:]
            print(f"{g + 1:>7} games  mean of last {report}: {sum(recent) / report:.2f}  "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gemtable.ai.heuristics.jewelbox_td")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--alpha", type=float, default=0.1)
    parser.add_argument("--lam", type=float, default=0.0, help="TD lambda (1: final scores)")
    parser.add_argument("--check", type=int, default=1000, help="games played after, not learning")
    parser.add_argument("--check-seed", type=int, default=1000, help="numbering of those games")
    parser.add_argument("--hand", action="store_true",
                        help="learn nothing: play the check games by the hand-set value")
    parser.add_argument("--report", type=int, default=1000)
    parser.add_argument("--start", help="continue from these tables (.npz)")
    parser.add_argument("--out", help="write the learned tables here (.npz)")
    args = parser.parse_args(argv)
    net = BoxNet(5)
    if args.start:
        net = load(args.start)[5]
    hand = JewelBoxHeuristic() if args.hand else None
    if hand is None:
        with np.errstate(over="ignore", invalid="ignore"):
            run(net, args.games, args.seed, args.alpha, args.report, args.lam)
        if not np.isfinite(net.weights).all():
            print(f"the tables diverged (alpha {args.alpha}, lambda {args.lam}): "
                  "learn with a smaller --alpha", file=sys.stderr)
            return 2
    check = run(net, args.check, args.check_seed, 0.0, args.report, hand=hand)
    mean = sum(check) / len(check) if check else 0.0
    spread = (sum((x - mean) ** 2 for x in check) / max(1, len(check) - 1)) ** 0.5
    half = 1.96 * spread / max(1, len(check)) ** 0.5
    print(f"check: {len(check)} fresh games ({'hand-set value' if hand else 'the tables'}), "
          f"mean {mean:.2f} ({mean - half:.2f}-{mean + half:.2f})")
    if args.out and hand is None:
        save({5: net}, args.out, " ".join(sys.argv))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
