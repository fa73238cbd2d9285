"""The browser side of webload.py: signed-in Chromium pages playing at tables, and
the latencies each page notes itself (a wrapper of WebSocket installed before
the terminal's script runs notes the time of every key sent and every frame
received)."""

from __future__ import annotations

import asyncio
import random
import re
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import loadtest
from loadtest import WAIT
from playwright.async_api import Browser
from serve_support import Client, Terminal, sign_in_link

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMING = """(() => {
  const times = window.gemtableTimes = {sent: [], received: []};
  const now = () => performance.timeOrigin + performance.now();
  window.WebSocket = class extends window.WebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message",
        (e) => typeof e.data === "string" || times.received.push(now()));
    }
    send(data) {
      if (data.startsWith?.('["stdin"')) times.sent.push([now(), JSON.parse(data)[1]]);
      super.send(data);
    }
  };
})();"""
"""Absolute times (ms since the epoch): pages compare their clocks with each other."""
VIEWPORT = {"width": 735, "height": 560}
"""An 80x24 terminal under the page's bar, as the SSH sessions have."""
KEYS = {"\r": "Enter", "\x1b[B": "ArrowDown", "\x1b": "Escape"}


class BrowserClient(Client):
    """A signed-in page; its screen is rebuilt from the frames its websocket receives."""

    def __init__(self, user: str) -> None:
        super().__init__(user)
        self.context = self.page = None
        self.frames = 0
        """Binary frames received so far: an index into the page's own timings."""
        self._keys: asyncio.Queue = asyncio.Queue()

    @classmethod
    async def sign_in(cls, browser: Browser, port: int, user: str) -> BrowserClient:
        client = cls(user)
        link = await sign_in_link(port, user)
        client.context = await browser.new_context(viewport=VIEWPORT)
        await client.context.add_init_script(TIMING)
        client.page = page = await client.context.new_page()
        page.on("websocket", client._socket)
        deadline = time.monotonic() + 4 * WAIT
        while True:
            await page.goto(link)
            await page.click("button[type=submit]")
            if await page.query_selector("#terminal"):
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"{user} could not sign in: {await page.content()}")
            await asyncio.sleep(1.0)  # the limit lets one more in every 12 s
        # Focus, not a click: a click would reach the app as a mouse click on the lobby.
        await page.focus(".xterm-helper-textarea")
        asyncio.get_running_loop().create_task(client._typist())
        return client

    def _socket(self, socket) -> None:
        query = parse_qs(urlsplit(socket.url).query)
        self.term = Terminal(int(query["width"][0]), int(query["height"][0]))
        socket.on("framereceived", self._frame)
        socket.on("framesent", self._sent)
        socket.on("close", lambda _: self.term.connection_lost(None))

    def _frame(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):  # text frames are pongs
            self.frames += 1
            self.term.data_received(payload, None)

    def _sent(self, payload: str | bytes) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = re.findall(r"\d+", payload)
            self.term.screen.resize(int(size[0]), int(size[1]))

    async def _typist(self) -> None:
        """Keys in order, each one pressed before the next."""
        while True:
            key, done = await self._keys.get()
            try:
                await (self.page.keyboard.press(KEYS[key]) if key in KEYS
                       else self.page.keyboard.type(key))
                done.set_result(None)
            except Exception as error:  # the page has gone: the one waiting hears why
                done.set_exception(error)

    def send(self, keys: bytes | str) -> asyncio.Future:
        done = asyncio.get_running_loop().create_future()
        self._keys.put_nowait((keys, done))
        return done

    async def press(self, key: str) -> None:
        await self.send(key)

    async def type(self, keys: str, pause: float = 0.05) -> None:
        for key in keys:
            await self.press(key)
            await asyncio.sleep(pause)

    async def timings(self) -> tuple[list, list[float]]:
        """(sent: [time, keys], received: [time]) as the page noted them."""
        times = await self.page.evaluate("window.gemtableTimes")
        return times["sent"], times["received"]

    async def close(self) -> None:
        if self.context is not None:
            await self.context.close()
            self.context = None


async def seat_browsers(index: int, browser: Browser, port: int, data: Path) -> dict:
    """Two browsers at a new table with a greedy bot, both screens drawn."""
    names = (f"b{index}a", f"b{index}b")
    alice = await BrowserClient.sign_in(browser, port, names[0])
    bob = await BrowserClient.sign_in(browser, port, names[1])
    table = await loadtest.make_table(alice, seed=200 + index)
    await bob.wait_for("shared tables", WAIT)
    await bob.press("j")
    await bob.wait_for("table id, then Enter", WAIT)
    await bob.type(table, pause=0.02)
    await bob.press("\r")
    for client in (alice, bob):
        await client.wait_for("F1  rules", WAIT)
    players = (alice, bob)
    return {"names": names, "players": players, "path": data / "tables" / f"{table}.jsonl",
            "watches": {c: loadtest.Watch(c, clock=lambda c=c: c.frames) for c in players},
            "played": [], "starts": {c: 0 for c in players}}


async def play_browsers(table: dict, moves: int, think: tuple[float, float], typing: float,
                        rng: random.Random) -> None:
    """As loadtest.play_table, but each move's screens are noted by frame index."""
    names, players, watches = table["names"], table["players"], table["watches"]
    for client in players:
        table["starts"][client] = len((await client.timings())[0])
    for _ in range(moves):
        while (found := loadtest.next_action(table["path"]))[1] not in (0, 1):
            await asyncio.sleep(0.05)  # the bot's turn
        number, seat, action = found
        mover = players[seat]
        await mover.wait_for(f"Your turn, Seat {seat + 1}", WAIT)
        await asyncio.sleep(rng.uniform(*think))
        await mover.press(":")
        await mover.wait_for("(Enter plays, Esc closes)", WAIT)
        await mover.type(action, pause=typing)
        line = f"{number}. Seat {seat + 1} ({names[seat]}):"
        futures = {c: watches[c].expect(line, *((f"{number}. You:",) if c is mover else ()))
                   for c in players}
        confirm = loadtest.reveals(table["path"], action)
        enter = len((await mover.timings())[0])
        await mover.press("\r")
        if confirm:  # it turns up something hidden: the second Enter plays it
            await mover.wait_for("cannot be undone", WAIT)
            enter = len((await mover.timings())[0])
            await mover.press("\r")
        seen = {c: int(await asyncio.wait_for(f, WAIT)) for c, f in futures.items()}
        table["played"].append((mover, enter, seen))


async def browser_figures(tables: list[dict]) -> dict[str, list[float]]:
    """Milliseconds: every key typed in play to its first frame; each move's Enter to
    its log line on the mover's screen and on the other browser's."""
    figures: dict[str, list[float]] = {"keys": [], "unanswered": [], "own": [], "others": []}
    for table in tables:
        times = {c: await c.timings() for c in table["players"]}
        for client, (sent, received) in times.items():
            for at, _ in sent[table["starts"][client]:]:
                after = [t for t in received if t >= at]
                figures["keys" if after else "unanswered"].append(after[0] - at if after else 0)
        for mover, enter, seen in table["played"]:
            sent = times[mover][0]
            pressed = next(at for at, keys in sent[enter:] if keys == "\r")
            for client, frame in seen.items():
                kind = "own" if client is mover else "others"
                figures[kind].append(times[client][1][frame - 1] - pressed)
    return figures
