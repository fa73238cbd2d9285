"""An independent referee for Gems of Iridescia: it plays games through the
public interface only (the registry, a seeded new game, legal actions, apply,
views, scores) and after every step checks what the owner's rulings 17-29 say,
from its own reading (iridescia_referee_board, iridescia_referee_scoring),
never from the engine's rule code:

- the main actions offered, and for a blocked explorer the discards and the
  hexes it may step onto (ruling 20);
- the Clever Catapult's landing hexes, the Castle row included (23);
- what a waiting Wishing Well roll offers, market changes included (26);
- when the Epic Elixir is offered, and the turn an Elixir gives (25);
- the gems a Prosperous Pickaxe copies (24);
- the Rhom's first reveals (27), its barricade (21), its restoring at once (28);
- final scores, places and tie-breaks (22).

    python tests/audit/iridescia_referee.py --games 1000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

import attrs
from iridescia_referee_board import (
    AIRSHIP,
    CASTLE,
    FINISHED,
    HEX_OF,
    ITEM,
    ITEM_KEYS,
    NO_TILE,
    RELICS,
    RHOM_ICON,
    ROW,
    TILE_GEM,
    affordable,
    barricade_hex,
    barricade_row,
    catapult_targets,
    first_reveals,
    forward,
    name,
    place_when_blocked,
    wish_moves,
)
from iridescia_referee_mining import Miner
from iridescia_referee_scoring import final_ranking, final_scores

from gemtable.ai import make_bot
from gemtable.engine import CHANCE, registry
from gemtable.engine.games.iridescia.state import STEP_NAMES

LINE_UPS = (
    ("random", "rhom"), ("greedy", "rhom"), ("random", "rhom", "random"),
    ("greedy", "rhom", "random"), ("random", "random"), ("greedy", "random"),
    ("random", "random", "random"), ("greedy", "random", "greedy"),
    ("random", "random", "random", "random"), ("greedy", "random", "random", "greedy"),
)
"""Solo against the Rhom, two people and the Rhom, and 2, 3 and 4 explorers."""
MAIN_VERBS = ("reveal", "move", "discard", "go")


@attrs.define
class Report:
    games: int = 0
    decisions: int = 0
    disagreements: int = 0
    examples: list[str] = attrs.field(factory=list)
    fired: Counter = attrs.field(factory=Counter)
    checked: Counter = attrs.field(factory=Counter)


@attrs.define
class Turn:
    """What the referee remembers of the turn in progress."""

    number: int
    seat: int
    acted: bool = False
    reveals: int = 0
    stood: set[int] = attrs.field(factory=set)
    elixir: bool = False


def step_of(state) -> str:  # noqa: ANN001
    return STEP_NAMES[state.step]


def cells_of(moves: set[str], verb: str) -> set[int]:
    return {HEX_OF[m.split()[1]] for m in moves if m.split()[0] == verb}


class Referee:
    def __init__(self, report: Report, game: int) -> None:
        self.report = report
        self.game = game
        self.turn = Turn(-1, -1)
        self.miner = Miner()

    def disagree(self, what: str) -> None:
        self.report.disagreements += 1
        if len(self.report.examples) < 20:
            self.report.examples.append(f"game {self.game}: {what}")

    def same(self, label: str, engine: object, mine: object) -> None:
        self.report.checked[label] += 1
        if engine != mine:
            self.disagree(f"{label}: engine {engine!r}, referee {mine!r}")

    # --- before a decision ---------------------------------------------------------
    def before(self, state) -> None:  # noqa: ANN001
        if state.turns != self.turn.number:
            self.turn = Turn(state.turns, state.current)
            self.miner.new_turn()
        if state.to_move is CHANCE or state.is_over:
            return
        self.report.decisions += 1
        if state.current == state.rhom:
            return
        moves = {str(a) for a in state.legal_actions()}
        step = step_of(state)
        me = state.seats[state.current]
        if step in ("reveal", "go"):
            self._main(state, moves, step)
        if step == "reveal":
            mine = catapult_targets(state, me.position) \
                if ITEM["catapult"] in me.items and not self.turn.acted else set()
            self.same("catapult hexes", cells_of(moves, "catapult"), mine)
            if any(ROW[h] == CASTLE for h in mine):
                self.report.fired["catapult may land on the Castle row"] += 1
        if step == "wish":
            self.same("waiting wish", moves, wish_moves(state, me.items))
            if any(m.split()[0] in ("jackhammer", "dynamite", "libation") for m in moves):
                self.report.fired["market may change while a wish waits"] += 1
        if step in ("optional", "restore"):
            held = ITEM["elixir"] in me.items and not self.turn.elixir
            self.same(f"elixir offered at {step}", "elixir" in moves, held)
            if held and step == "restore":
                self.report.fired["elixir offered after restoring"] += 1

    def _main(self, state, moves: set[str], step: str) -> None:  # noqa: ANN001
        me = state.seats[state.current]
        ahead = [h for h in forward(me.position) if state.cells[h] != NO_TILE
                 and h not in state.barricades]
        mine: set[str] = set()
        blocked = not ahead
        if step == "reveal" and not blocked:
            if self.turn.reveals < 2:
                mine |= {f"reveal {name(h)}" for h in ahead if not state.shown[h]}
            mine |= {f"move {name(h)}" for h in ahead if state.shown[h]}
        elif step == "reveal" and me.pile:
            mine |= {"discard " + TILE_GEM[t] for t in me.pile}
        else:
            hexes, clause = place_when_blocked(state, me.position, self.turn.stood)
            mine |= {f"go {name(h)}" for h in hexes} or {"end"}
            self.report.fired[f"blocked: {clause}"] += 1
        offered = {m.split(" as ")[0] for m in moves if m.split()[0] in MAIN_VERBS}
        if blocked and "end" in moves:
            offered.add("end")
        self.same("main actions" if not blocked else "blocked explorer", offered, mine)

    # --- after a step --------------------------------------------------------------
    def after(self, state, action: object, after) -> None:  # noqa: ANN001
        text = str(action)
        verb = text.split()[0]
        mover = state.current
        if state.to_move is not CHANCE and mover != state.rhom:
            self._remember(state, text, verb)
        self.miner.watch(self, state, text, after)
        if state.rhom >= 0:
            self._rhom_holds_nothing_it_could_restore(after)
            if text == "rhom turn":
                self._rhom_turn(state, after)
            else:
                self._rhom_restored_at_once(state, after)
        if text == "end" and self.turn.elixir and not after.is_over:
            finished = after.seats[mover].position == FINISHED
            self.same("turn after an elixir", (after.current, step_of(after)),
                      (mover, "remove" if finished else "reveal"))
            if finished:
                self.report.fired["elixir at the Castle gives a removal turn"] += 1

    def _remember(self, state, text: str, verb: str) -> None:  # noqa: ANN001
        self.turn.acted = True
        if verb == "reveal":
            self.turn.reveals += 1
        elif verb == "go":
            position = state.seats[state.current].position
            if position >= 0:
                self.turn.stood.add(position)
            self.turn.reveals = 0
        elif verb == "elixir":
            self.turn.elixir = True
            if step_of(state) == "restore":
                self.report.fired["elixir declared after restoring"] += 1
        elif verb == "catapult" and text.split()[1].startswith("9"):
            self.report.fired["catapult landed on the Castle row"] += 1
        elif verb in ("jackhammer", "dynamite", "libation") and step_of(state) == "wish":
            self.report.fired["market changed while a wish waited"] += 1

    def _rhom_holds_nothing_it_could_restore(self, after) -> None:  # noqa: ANN001
        cargo = after.seats[after.rhom].cargo
        ready = [r for r in after.relic_row if r >= 0 and affordable(cargo, r)]
        self.same("relics the Rhom could restore", ready, [])

    def _rhom_restored_at_once(self, state, after) -> None:  # noqa: ANN001
        me = state.rhom
        new = after.seats[me].relics[len(state.seats[me].relics):]
        if new:
            self.report.fired["Rhom restored in another's turn"] += 1
            gained = after.seats[me].royalty - state.seats[me].royalty
            self.same("Rhom's points for restoring", gained, sum(RELICS[r].points for r in new))

    def _rhom_turn(self, state, after) -> None:  # noqa: ANN001
        me = state.rhom
        if state.seats[me].position == AIRSHIP:
            mine, met = first_reveals(state.cells, state.shown, state.rhom_dice[:2])
            if mine:
                tiles = after.seats[me].pile
                seen = {h for h in mine | set(range(6))
                        if state.cells[h] != NO_TILE and not state.shown[h]
                        and (after.shown[h] or state.cells[h] in tiles)}
                self.same("Rhom's first reveals", seen, mine)
                if met:
                    self.report.fired["Rhom's counts met after wrapping"] += 1
            return
        if len(after.discards) > len(state.discards):
            self.report.fired["Rhom blocked"] += 1
        card = after.rhom_pile[-1]
        new = set(after.barricades) - set(state.barricades)
        if RHOM_ICON[card] != "barricade":
            self.same("barricades without a Barricade card", new, set())
            return
        row = barricade_row(after)
        mine: set[int] = set()
        if row < CASTLE and state.barricade_supply:
            where = barricade_hex(after, state.barricades, row, state.rhom_dice[0],
                                  after.rhom_vane)
            mine = {where} if where is not None else set()
        self.same("barricade", new, mine)
        if mine:
            self.report.fired["barricade above the person"] += 1
            rhom = after.seats[me].position
            if rhom >= 0 and ROW[rhom] + 1 != row:
                self.report.fired["barricade row differs from the Rhom's own"] += 1
        elif row >= CASTLE:
            self.report.fired["barricade skipped: the person is high"] += 1

    # --- the end -------------------------------------------------------------------
    def final(self, state) -> None:  # noqa: ANN001
        scores = final_scores(state)
        self.same("final scores", tuple(state.scores()), scores)
        places, broke = final_ranking(state, scores)
        self.same("places", tuple(state.ranking()), places)
        if broke:
            self.report.fired["tie for first place broken"] += 1
        if state.rhom >= 0 and state.players == 3 and any(
                scores[i] == scores[state.rhom] for i in range(3) if i != state.rhom):
            self.report.fired["Rhom beside two people tied on points"] += 1


def play_one(report: Report, game_index: int, seats: tuple[str, ...], seed: int) -> None:
    game = registry.get("iridescia")
    state = game.new(len(seats), seed=seed)
    bots = [make_bot(kind, game_id="iridescia", seed=seed * 10 + i) for i, kind in enumerate(seats)]
    chance = random.Random(f"{seed}:chance")
    referee = Referee(report, game_index)
    while not state.is_over:
        referee.before(state)
        mover = state.to_move
        if mover is CHANCE:
            action = state.sample_chance(chance)
        else:
            assert isinstance(mover, int)
            action = bots[mover].choose(state.view(mover))
        after = state.apply(action)
        referee.after(state, action, after)
        state = after
    referee.final(state)
    report.games += 1


def run(games: int, seed: int) -> Report:
    report = Report()
    for index in range(games):
        seats = LINE_UPS[index % len(LINE_UPS)]
        play_one(report, index, seats, seed * 1_000_003 + index)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    report = run(args.games, args.seed)
    seconds = time.perf_counter() - started
    print(f"games {report.games}, decision points {report.decisions}, "
          f"disagreements {report.disagreements}, {seconds:.0f} s")
    for label, count in sorted(report.checked.items()):
        print(f"  checked {label}: {count}")
    for label, count in sorted(report.fired.items()):
        print(f"  fired {label}: {count}")
    for example in report.examples:
        print("  " + example)
    return 1 if report.disagreements else 0


__all__ = ["ITEM_KEYS", "Report", "run"]

if __name__ == "__main__":
    sys.exit(main())
