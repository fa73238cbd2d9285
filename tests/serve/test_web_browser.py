"""The browser path in a real browser: Chromium signs in with a link, plays
against a bot and beside an SSH player by keys and the mouse, and its page fits
the window (the refusals are in test_web_browser_refusals.py).

Set GEMTABLE_WEB_SHOTS=1 to write screenshots/web/lobby.png and game.png.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from browser_support import BrowserPage
from serve_support import wait_until

from gemtable.engine.gamelog import load
from gemtable.engine.games.jowhari.components import BONUS, COST, LETTERS, LEVEL, PRESTIGE

pytestmark = pytest.mark.timeout(120)

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "web"
TABLE_ID = re.compile(r"Table ([a-z0-9]{5}) ")


async def new_jowhari(page: BrowserPage, *, against_bot: bool) -> str:
    """Two seats, seed 7: the person and a bot, or the person and an open seat."""
    await page.press("c")
    await page.wait_for("◀ bot: normal ▶")
    await page.press("ArrowDown", "ArrowLeft")  # Players: 3 -> 2
    await page.wait_for("◀ 2 ▶")
    await page.press("ArrowDown", "ArrowDown", "ArrowDown")  # Seat 2
    if against_bot:
        await page.press("ArrowRight")  # open seat -> the first bot
        await page.wait_for("Play starts at once.")
    await page.press("ArrowDown", "ArrowDown")  # Seed
    await page.type("7")
    await page.wait_for("Seed       7")
    await page.press("Enter")
    screen = await page.wait_for(lambda text: TABLE_ID.search(text) is not None
                                 or "Your turn" in text)
    found = TABLE_ID.search(screen)
    return found.group(1) if found else ""


async def test_sign_in_play_a_bot_rules_and_a_hint(make_server, browser):
    server = make_server("--web", "0")
    alice = await browser.signed_in(server.port, "alice")
    assert await alice.text_of("#signed-in-as") == "alice"
    await alice.wait_for("alice · 0 others online")
    assert await alice.size() == (100, 30)
    if os.environ.get("GEMTABLE_WEB_SHOTS"):
        await alice.wait_for("F1  rules  q  quit")
        await alice.screenshot(SHOTS / "lobby.png")

    await new_jowhari(alice, against_bot=True)
    await alice.wait_for("Your turn, Seat 1 (alice)")
    await alice.play("take RBG")
    await alice.wait_for("1. You: took red, blue and green gems")
    await alice.wait_for(re.compile(r"2\. Seat 2 \(\w+\): ").search)  # the bot answers
    await alice.wait_for("Your turn: b buy")
    await alice.play("take RGW")
    await alice.wait_for("3. You: took red, green and white gems")
    await alice.wait_for(re.compile(r"4\. Seat 2 \(\w+\): ").search)
    if os.environ.get("GEMTABLE_WEB_SHOTS"):
        await alice.wait_for(lambda text: "Your turn: b buy" in text
                             and "chosen by alice" not in text)  # the seed's note is gone
        await alice.screenshot(SHOTS / "game.png")

    await alice.press("F1")
    await alice.wait_for("Jowhari: rules")
    await alice.press("Escape")
    await alice.wait_for(lambda text: "Jowhari: rules" not in text and "Your turn" in text)
    # One person against a bot: hints are on, and Shift+H asks for one.
    await alice.press("Shift+H")
    await alice.wait_for("Hint for Seat 1 (alice)")
    await alice.wait_for("Best first, after")
    await alice.press("Escape")
    await alice.wait_for(lambda text: "Hint for" not in text and "Your turn" in text)


# --- a browser and an SSH terminal at one table, each with a hidden hand ---------------------


HAND_CARD = re.compile(r"h\d  [RBGWK]  \d+pt")


def hand_labels(hand: tuple[int, ...]) -> list[str]:
    """What the Hand row shows of each card: its slot, colour and points."""
    return [f"h{slot}  {LETTERS[BONUS[card]]}  {PRESTIGE[card]}pt"
            for slot, card in enumerate(hand, start=1)]


def costs(hand: tuple[int, ...]) -> list[str]:
    return [" ".join(f"{count}{LETTERS[colour]}" for colour, count in enumerate(COST[card])
                     if count) for card in hand]


def card_backs(hand: tuple[int, ...]) -> str:
    return " ".join(f"▮{LEVEL[card]}" for card in hand)


def shows_hands(mine: tuple[int, ...], theirs: tuple[int, ...], them: str):
    """My cards, and only mine, in the Hand rows; theirs as backs in their row of the
    players' table."""
    def check(text: str) -> bool:
        lines = text.splitlines()
        starts = [n for n, line in enumerate(lines) if line.startswith(" Hand ")]
        if not starts:
            return False
        label_row, cost_row = lines[starts[0]], lines[starts[0] + 1]
        their_row = next((line for line in lines if f"({them})" in line and "▮" in line), "")
        return (HAND_CARD.findall(label_row) == hand_labels(mine)
                and all(cost in cost_row for cost in costs(mine))
                and card_backs(theirs) in their_row)
    return check


async def test_a_browser_and_an_ssh_player_each_see_only_their_own_hand(
        make_server, browser, clients):
    server = make_server("--web", "0")
    alice = await browser.signed_in(server.port, "alice")
    table = await new_jowhari(alice, against_bot=False)
    assert table, "no table id on the lobby"
    bob = await clients(server.port, "bob", command=f"join {table}", size=(100, 30))
    await bob.wait_for("you: Seat 2 (bob)")
    await alice.wait_for("Your turn, Seat 1 (alice)")

    seats = load(server.data / "tables" / f"{table}.jsonl").final.seats
    alice_hand, bob_hand = seats[0].hand, seats[1].hand
    assert hand_labels(alice_hand) != hand_labels(bob_hand), "a deal that tells hands apart"
    await alice.wait_for(shows_hands(alice_hand, bob_hand, "bob"))
    await bob.wait_for(lambda screen: shows_hands(bob_hand, alice_hand, "alice")(screen.text()))

    # A move by keys in the browser reaches bob's terminal, and his comes back.
    await alice.play("take RBG")
    await bob.wait_for("1. Seat 1 (alice): took red, blue and green gems")
    await bob.wait_for("Your turn, Seat 2 (bob)")
    await bob.play("take GWK")
    await alice.wait_for("2. Seat 2 (bob): took green, white and black gems")


async def test_the_page_fits_the_window_without_scrolling(make_server, browser):
    server = make_server("--web", "0")
    alice = await browser.signed_in(server.port, "alice")
    await alice.wait_for("F1  rules  q  quit")
    overflow = await alice.do(lambda page: page.evaluate(
        "() => [document.documentElement.scrollWidth - innerWidth,"
        " document.documentElement.scrollHeight - innerHeight]"))
    assert overflow == [0, 0]


async def test_the_mouse_reaches_the_app(make_server, browser):
    server = make_server("--web", "0")
    alice = await browser.signed_in(server.port, "alice")
    await alice.press("c")
    await alice.wait_for("◀ bot: normal ▶")
    await alice.click_text("Create table")
    await alice.wait_for("waiting for players")


async def test_the_window_resized_resizes_the_game(make_server, browser):
    server = make_server("--web", "0")
    alice = await browser.signed_in(server.port, "alice")
    await alice.wait_for("F1  rules  q  quit")
    await alice.do(lambda page: page.set_viewport_size({"width": 1200, "height": 800}))
    await alice.wait_for(lambda text: len(text.splitlines()) > 30
                         and text.splitlines()[-1].rstrip().endswith("q  quit")
                         and len(text.splitlines()[-1].rstrip()) > 120)
    assert await alice.size() == (132, 36)


async def test_quitting_closes_the_page_and_sign_out_forgets_the_browser(make_server, browser):
    server = make_server("--web", "0")
    alice = await browser.signed_in(server.port, "alice")
    await alice.wait_for("F1  rules  q  quit")
    await alice.press("q")
    await alice.do(lambda page: page.wait_for_selector(".closed-note", state="visible"))
    await alice.click(".closed-note a")  # open it again: a new session, the same sign-in
    await alice.wait_for("shared tables")
    await alice.click(".signout button")
    await alice.do(lambda page: page.wait_for_selector("input[name=name]"))
    assert [c for c in await browser.cookies() if c["name"] == "gemtable_session"] == []


async def test_keys_reach_the_lobby_without_a_click_first(make_server, browser):
    server = make_server("--web", "0")
    alice = await browser.signed_in(server.port, "alice")
    await alice.wait_for("F1  rules  q  quit")
    await alice.do(lambda page: page.keyboard.press("c"))  # no focus() first
    await alice.wait_for("New shared table", timeout=5)


async def test_a_closed_tab_ends_its_session_and_leaves_the_other_tab_playing(
        make_server, browser):
    server = make_server("--web", "0")
    first = await browser.signed_in(server.port, "alice")
    second = await browser.new_page("second tab")
    await second.goto(server.web_url + "/")  # the same browser: signed in already
    await second.wait_for("shared tables")
    wait_until(lambda: server.log().count("browser session for alice") == 2,
               what="two browser sessions")
    await first.do(lambda page: page.close())
    wait_until(lambda: server.log().count("session process of alice ended") == 1,
               what="the closed tab's session process ending")
    await second.press("c")
    await second.wait_for("New shared table")
