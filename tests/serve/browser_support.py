"""A real browser for the web tests: Debian's Chromium driven by Playwright.

One Chromium for the whole run, on a thread with its own event loop (each
test has a loop of its own, and Playwright's objects belong to the loop that
made them); a fresh context (cookies, storage) per test. `BrowserPage` reads
the terminal as a person sees it: xterm.js draws on a canvas (WebGL or 2D), so
the text comes from xterm's own buffer, reached through a hook installed
before the page's scripts run.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from serve_support import WAIT, sign_in_link

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 912, "height": 676}
"""100x30 cells of the page's 16 px Roboto Mono (9x21 px each) under its 29 px bar."""

# xterm.js's public Terminal sets `_addonManager` in its constructor and nothing
# else has that field: a setter on Object.prototype sees each new Terminal once.
TERMINAL_HOOK = """
window.__terminals = [];
Object.defineProperty(Object.prototype, "_addonManager", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, "_addonManager",
      {value, writable: true, configurable: true, enumerable: true});
    window.__terminals.push(this);
  },
});
"""
READ_SCREEN = """() => {
  const terminal = window.__terminals[0];
  if (!terminal) return null;
  const buffer = terminal.buffer.active, rows = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""
SIZE = "() => { const t = window.__terminals[0]; return t ? [t.cols, t.rows] : null; }"


class BrowserThread:
    """Playwright and one Chromium, on a thread of their own."""

    def __init__(self) -> None:
        from playwright.async_api import async_playwright

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.playwright = self.call(async_playwright().start())
        self.browser = self.call(self.playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=FLAGS))

    def call(self, coroutine: Coroutine[Any, Any, Any], timeout: float = WAIT) -> Any:
        """From a thread that is not the browser's: wait for `coroutine` there."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    async def run(self, coroutine: Coroutine[Any, Any, Any]) -> Any:
        """From a test's event loop: await `coroutine` on the browser's."""
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        return await asyncio.wrap_future(future)

    def stop(self) -> None:
        self.call(self.browser.close())
        self.call(self.playwright.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)


class BrowserPage:
    """One tab, as a person at the keyboard uses it."""

    def __init__(self, browser: BrowserThread, page: Any, name: str) -> None:
        self.browser = browser
        self.page = page
        self.name = name

    async def do(self, action: Callable[[Any], Awaitable[Any]]) -> Any:
        """`action(playwright_page)`, run on the browser's loop."""
        async def call() -> Any:
            return await action(self.page)
        return await self.browser.run(call())

    async def goto(self, url: str) -> Any:
        return await self.do(lambda page: page.goto(url))

    async def click(self, selector: str) -> None:
        await self.do(lambda page: page.click(selector))

    async def text_of(self, selector: str) -> str:
        return await self.do(lambda page: page.locator(selector).inner_text())

    async def html(self) -> str:
        return await self.do(lambda page: page.content())

    async def text(self) -> str:
        """The terminal's rows as they are drawn ("" before the terminal exists)."""
        return await self.do(lambda page: page.evaluate(READ_SCREEN)) or ""

    async def size(self) -> tuple[int, int] | None:
        found = await self.do(lambda page: page.evaluate(SIZE))
        return (found[0], found[1]) if found else None

    async def wait_for(self, what: str | Callable[[str], object], timeout: float = WAIT) -> str:
        """Until `what` (text, or a predicate of the screen's text) is on the terminal."""
        check = (lambda text: what in text) if isinstance(what, str) else what
        deadline = time.monotonic() + timeout
        while True:
            text = await self.text()
            if check(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: waited for {what!r}; screen:\n{text}")
            await asyncio.sleep(0.1)

    async def focus(self) -> None:
        """Keys go to the terminal (xterm.js listens on its hidden textarea)."""
        await self.do(lambda page: page.focus("#terminal .xterm-helper-textarea"))

    async def press(self, *keys: str) -> None:
        """Keys by Playwright's names ("F1", "Shift+H", "ArrowDown", "Enter")."""
        await self.focus()

        async def press_each(page: Any) -> None:
            for key in keys:
                await page.keyboard.press(key)
        await self.do(press_each)

    async def type(self, text: str, delay_ms: float = 20) -> None:
        await self.focus()
        await self.do(lambda page: page.keyboard.type(text, delay=delay_ms))

    async def play(self, action: str) -> None:
        """A move in the game's notation, on the board's `:` command line."""
        await self.type(":")
        await self.wait_for("(Enter plays, Esc closes)")
        await self.type(action)
        await self.press("Enter")

    async def click_text(self, text: str) -> None:
        """Click the middle of `text` where it is drawn on the terminal."""
        rows = (await self.wait_for(text)).splitlines()
        row = next(n for n, line in enumerate(rows) if text in line)
        column = rows[row].index(text) + len(text) // 2
        size = await self.size()
        assert size is not None

        async def click(page: Any) -> None:
            box = await page.locator("#terminal .xterm-screen").bounding_box()
            width, height = box["width"] / size[0], box["height"] / size[1]
            await page.mouse.click(box["x"] + (column + 0.5) * width,
                                   box["y"] + (row + 0.5) * height)
        await self.do(click)

    async def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        await self.do(lambda page: page.screenshot(path=str(path)))


class BrowserContext:
    """A fresh browser profile: its own cookies and tabs."""

    def __init__(self, browser: BrowserThread) -> None:
        self.browser = browser
        self.context = browser.call(browser.browser.new_context(viewport=VIEWPORT))
        browser.call(self.context.add_init_script(TERMINAL_HOOK))
        self.pages: list[BrowserPage] = []

    async def new_page(self, name: str = "browser") -> BrowserPage:
        page = await self.browser.run(self.context.new_page())
        opened = BrowserPage(self.browser, page, name)
        self.pages.append(opened)
        return opened

    async def signed_in(self, ssh_port: int, user: str) -> BrowserPage:
        """A tab signed in through a link from `ssh host web`, showing the lobby."""
        page = await self.new_page(user)
        await page.goto(await sign_in_link(ssh_port, user))
        await page.click("button[type=submit]")
        await page.wait_for("shared tables")
        return page

    async def cookies(self) -> list[dict]:
        return await self.browser.run(self.context.cookies())

    async def add_cookie(self, name: str, value: str, url: str) -> None:
        await self.browser.run(self.context.add_cookies([{"name": name, "value": value,
                                                          "url": url}]))

    def close(self) -> None:
        self.browser.call(self.context.close())


@pytest.fixture(scope="session")
def chromium():
    # Skipped on a machine without a browser, never in CI: CI cannot pass by skipping.
    if not CHROMIUM.exists():
        if "CI" in os.environ:
            pytest.fail("install chromium: apt-get install chromium chromium-driver")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium chromium-driver)")
    running = BrowserThread()
    yield running
    running.stop()


@pytest.fixture
def browser(chromium):
    """A fresh browser profile for one test."""
    context = BrowserContext(chromium)
    yield context
    context.close()
