"""What the engine tells boards and the log: the mining roll's hits, log
lines without the mover's name, the status line at the end."""

from __future__ import annotations

import random
import re

import attrs

from gemtable.engine import CHANCE, registry
from gemtable.engine.games.iridescia import actions
from gemtable.engine.games.iridescia.components import CARGO, DYNAMITE, JACKHAMMER, RELICS, TILES
from gemtable.engine.games.iridescia.mining import mining_hits, mining_roll, stone_dice
from gemtable.engine.games.iridescia.rhom import SPARE_GEMS, turn_points
from gemtable.engine.games.iridescia.state import OPTIONAL, OVER, RESOLVE, ROLLING
from gemtable.engine.wording import second_person

GAME = registry.get("iridescia")


def _first_turn(state):
    """Reveal the first two tiles of row 1 and move onto the first of them."""
    first = [c for c in range(6) if state.cells[c] >= 0][:2]
    for c in first:
        state = state.apply(actions.OnCell("reveal", c))
    gem = 0 if TILES[state.cells[first[0]]].gem >= 4 else -1
    return state.apply(actions.OnCell("move", first[0], gem)), first[0]


def on_tile(items: tuple[int, ...] = (), stones: int = 0, value: int = 4):
    """Seat 1 stands on a plain tile of row 1 with `items`, `stones` stone dice
    held, and the market of its gem at `value`."""
    state, _ = _first_turn(GAME.new(4, seed=7))
    seat = attrs.evolve(state.seats[0], items=items, stones=stones)
    market = list(state.market_dice)
    market[state.tile_gem] = value
    return attrs.evolve(state, seats=(seat,) + state.seats[1:], market_dice=tuple(market))


def test_mining_hits_mark_the_dice_at_or_above_the_market_and_the_stone_dice_last():
    state = on_tile(items=(JACKHAMMER,), stones=1, value=4)
    state = state.apply(actions.STONE).apply(actions.MINE)
    assert state.step == ROLLING
    state = state.apply(actions.ROLLS[4])  # own die 1 shows 5
    assert mining_hits(state) == (True,) and stone_dice(state) == (False,)
    state = state.apply(actions.ROLLS[2]).apply(actions.ROLLS[5])  # own die 2 shows 3, the stone die 6
    assert state.step == RESOLVE
    assert [d.face for d in mining_roll(state)] == [5, 3, 6]
    assert mining_hits(state) == (True, False, True)
    assert stone_dice(state) == (False, False, True)
    # The Jackhammer turns die 2 into a hit; the gems gained match the hits shown.
    before = state.seats[0].cargo[state.tile_gem]
    hits = sum(mining_hits(attrs.evolve(state, dice=(5, 4, 6))))
    state = state.apply(actions.Tweak(JACKHAMMER, 1, +1))
    assert state.step == OPTIONAL and state.seats[0].cargo[state.tile_gem] == before + hits == \
        before + 3


def test_a_market_die_change_changes_the_hits():
    state = on_tile(items=(DYNAMITE,), value=5)
    state = state.apply(actions.MINE).apply(actions.ROLLS[3]).apply(actions.ROLLS[5])  # 4 and 6
    assert mining_hits(state) == (False, True)
    market = list(state.market_dice)
    market[state.tile_gem] = 3
    assert mining_hits(attrs.evolve(state, market_dice=tuple(market))) == (True, True)


def test_no_mining_roll_outside_mining():
    state = on_tile()
    assert mining_roll(state) == () and mining_hits(state) == ()


def _playout(players: int, seed: int, rhom: bool = False):
    """A seeded random playout: (state, action, after) for every step."""
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    steps = []
    while not state.is_over:
        if state.to_move is CHANCE:
            action = state.sample_chance(rng)
        elif rhom and actions.RHOM in state.legal_actions() and state.current == 0:
            action = actions.RHOM
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        after = state.apply(action)
        steps.append((state, action, after))
        state = after
    return steps


def test_log_lines_never_repeat_the_movers_name_nor_echo_the_notation():
    for players, rhom in ((2, True), (3, False)):
        for before, action, after in _playout(players, seed=3, rhom=rhom):
            line = before.describe(action, after)
            assert not line.lower().startswith(("seat ", "the rhom")), line
            if not isinstance(action, actions.Roll):
                assert line != str(action), line


def test_a_mining_roll_tells_each_die_and_what_was_mined():
    state = on_tile(value=4)
    state = state.apply(actions.MINE)
    first = state.apply(actions.ROLLS[4])
    assert state.describe(actions.ROLLS[4], first) == "die 1 rolled 5: hit"
    last = first.apply(actions.ROLLS[1])
    line = first.describe(actions.ROLLS[1], last)
    gem = ("amethyst", "citrine", "emerald", "sapphire")[state.tile_gem]
    assert line == f"die 2 rolled 2: miss, needs 4; mined 1 {gem}"


def test_the_status_line_at_the_end_says_the_game_is_over():
    _, _, final = _playout(2, seed=5)[-1]
    assert final.step == OVER
    text = final.progress()
    assert "furthest row 0" not in text
    assert text.startswith("All at the Castle after ")


def test_a_change_that_settles_the_roll_tells_what_was_mined():
    state = on_tile(items=(JACKHAMMER,), value=4)
    state = state.apply(actions.MINE).apply(actions.ROLLS[2]).apply(actions.ROLLS[0])  # 3 and 1: no hit
    action = actions.Tweak(JACKHAMMER, 0, +1)
    after = state.apply(action)
    gem = ("amethyst", "citrine", "emerald", "sapphire")[state.tile_gem]
    assert state.describe(action, after) == f"Jolty Jackhammer: mining die 1 +1; mined 1 {gem}"


def test_the_rhoms_line_names_the_merchants_item_and_counts_points_rightly():
    one_point = merchant = 0
    for seed in (3, 4, 5):
        for before, action, after in _playout(2, seed=seed, rhom=True):
            if str(action) != "rhom turn":
                continue
            line = before.describe(action, after)
            me = before.rhom
            gained = after.seats[me].royalty - before.seats[me].royalty
            assert (f"+{gained} point{'s' * (gained != 1)}" if gained else "no points") in line, line
            one_point += gained == 1
            if len(after.seats[me].items) > len(before.seats[me].items):
                merchant += 1
                assert "from the market" in line, line
    assert one_point and merchant


def test_a_market_dealt_anew_is_told():
    state = on_tile()
    seat = attrs.evolve(state.seats[0], coins=20)
    # Two pairs once slot 1 is refilled with a copy of what slot 3 holds: the
    # deck's top card decides, so put that card's twin in place.
    market = list(state.market)
    top = state.item_deck[-1]
    market[1], market[2], market[3] = top, market[4], market[4]
    market[0] = next(k for k in range(12) if k not in (top, market[4]) and k in state.item_deck)
    state = attrs.evolve(state, seats=(seat,) + state.seats[1:], market=tuple(market))
    action = actions.OnSlot("buy", 0)
    after = state.apply(action)
    assert "dealt anew" in state.describe(action, after)


def _shares(line: str) -> tuple[int, list[int]]:
    """The total of a Rhom line's points and the share of each source."""
    told = re.search(r"\+(\d+) points?(?:: | for )(.*)", line)
    assert told, line
    return int(told[1]), [int(n) for n in re.findall(r"(?:^|, )(\d+) for ", told[2])] or [
        int(told[1])]


def test_the_rhoms_points_say_where_each_came_from():
    """Never a lump "+10 points": each source with its share, as the engine counts
    them, and the shares add up to the points the turn scored."""
    several = 0
    for seed in (3, 4, 5):
        for before, action, after in _playout(2, seed=seed, rhom=True):
            if str(action) != "rhom turn":
                continue
            line = before.describe(action, after)
            me = before.rhom
            gained = after.seats[me].royalty - before.seats[me].royalty
            sources = turn_points(before, after)
            assert sum(points for points, _ in sources) == gained
            assert all(points > 0 for points, _ in sources), sources
            if not gained:
                assert line.endswith("; no points") or "; no points;" in line, line
                continue
            total, shares = _shares(line)
            assert total == gained and sum(shares) == gained, line
            for points, source in sources:
                assert f"{points} for {source}" in line or len(sources) == 1, line
            several += len(sources) > 1
            assert re.search(r"; \+\d+ points: \d+ for [^,]+(, \d+ for [^,]+)+", line) or \
                len(sources) == 1, line
    assert several


def test_gems_the_rhom_scores_past_a_full_hold_are_named_too():
    """The Rhom scores a gem past its hold of seven at market value: the share
    the other sources leave, said as such and only when its hold was full."""
    found = 0
    for seed in range(3, 13):
        for before, action, after in _playout(2, seed=seed, rhom=True):
            if str(action) != "rhom turn":
                continue
            sources = dict((source, points) for points, source in turn_points(before, after))
            if SPARE_GEMS in sources:
                me = before.rhom
                paid = sum(sum(RELICS[r].cost) for r in after.seats[me].relics[
                    len(before.seats[me].relics):])
                assert sum(after.seats[me].cargo) + paid == CARGO
                assert f"{sources[SPARE_GEMS]} for {SPARE_GEMS}" in \
                    before.describe(action, after) or len(sources) == 1
                found += 1
    assert found


def test_a_pile_tile_given_up_takes_an_before_a_vowel():
    state = GAME.new(2, seed=1)
    assert state.describe(actions.OnGem("discard", 0), state) == \
        "was blocked and discarded an amethyst tile from the victory pile"
    assert state.describe(actions.OnGem("discard", 5), state) == \
        "was blocked and discarded an Iridia Stone tile from the victory pile"
    assert second_person(state.describe(actions.OnGem("discard", 1), state)) == \
        "were blocked and discarded a citrine tile from the victory pile"


def test_every_line_of_a_seats_own_move_is_in_the_past_or_conjugates():
    state = GAME.new(2, seed=1)
    assert state.describe(actions.Libation((0, 2), True), state) == \
        "Lucky Libation: rolled the amethyst, emerald market dice"
    assert state.describe(actions.Libation((1,), False), state) == \
        "Lucky Libation: re-rolled mining dice 2"
    assert second_person(state.describe(actions.Declare(True), state)) == "play the Rhom deck"
