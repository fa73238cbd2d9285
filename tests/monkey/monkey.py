"""A seeded monkey for Textual apps: random keys, pastes and resizes.

The events of a run depend on the seed alone, so a failure is replayed by
the seed; the message of a failure lists the events that led to it. When a
key ends the app (a quit key, leaving a screen opened on its own), a new app
is made and the run goes on with the next event.

GEMTABLE_MONKEY_EVENTS sets the events per screen (for long runs).
"""

from __future__ import annotations

import os
import random
import string
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any

from textual import events
from textual.app import App
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from tui_support import render_text

from gemtable.tui.table import Table

EVENTS = int(os.environ.get("GEMTABLE_MONKEY_EVENTS", "100"))
UNBOUND = {"ctrl+q", "ctrl+c", "ctrl+p", "super+c", "f1"}
"""Bound keys the monkey leaves to chance (the control and function keys):
quitting, Textual's own command palette and the rules document (slow to lay
out at every resize) would take most of a run."""

PRINTABLE = [c for c in string.printable if c not in "\t\n\r\x0b\x0c"] + ["é", "€", "中"]
NAMED = ["enter", "tab", "shift+tab", "backspace", "delete", "escape", "space", "up", "down",
         "left", "right", "home", "end", "pageup", "pagedown", "insert",
         *(f"f{n}" for n in range(1, 13)), "shift+up", "shift+down", "ctrl+left", "ctrl+right"]
CONTROL = [f"ctrl+{c}" for c in string.ascii_lowercase]
SEQUENCES = ["\x1b[A", "\x1b[B", "\x1b[999;999~", "\x1b[?1049h", "\x1bOP", "\x1b[200~",
             "\x1b[201~", "\x00", "\x7f", "\x1b]0;title\x07", "\x1b[31mred\x1b[0m"]
MARKUP = ["[bold]x[/]", "[/]", "[link=http://x]y[/link]", "[red", "\\[", ":smile:"]

Event = tuple[str, Any]


def event_list(seed: int, count: int = EVENTS) -> list[Event]:
    """`count` events drawn from `seed`."""
    rng = random.Random(seed)
    made: list[Event] = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.06:
            # A legal move typed at the board's `:` prompt (picked when sent):
            # random keys alone seldom make a move.
            made.append(("typed", rng.random()))
        elif roll < 0.35:
            # A key the screen binds right now (picked when sent).
            made.append(("bound", rng.random()))
        elif roll < 0.45:
            made.append(("key", rng.choice(PRINTABLE)))
        elif roll < 0.70:
            made.append(("key", rng.choice(NAMED)))
        elif roll < 0.80:
            made.append(("key", rng.choice(CONTROL)))
        elif roll < 0.93:
            parts = [rng.choice(PRINTABLE + SEQUENCES + MARKUP) for _ in range(rng.randint(1, 12))]
            made.append(("paste", "".join(parts)))
        else:
            made.append(("resize", (rng.randint(40, 200), rng.randint(12, 60))))
    return made


def _key_now(app: App, key: str) -> None:
    """Deliver a key as the terminal driver would (Pilot.press, less its waits)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)


async def _send(pilot, app: App, event: Event) -> None:
    kind, value = event
    if kind == "typed":
        legal = _legal_for_a_person(app)
        if legal:
            await pilot.press("escape", "colon", *str(legal[int(value * len(legal))]), "enter")
    elif kind == "bound":
        keys = sorted(set(app.active_bindings) - UNBOUND)
        if keys:
            _key_now(app, keys[int(value * len(keys))])
    elif kind == "key":
        _key_now(app, value)
    elif kind == "paste":
        target = app.focused or app.screen
        target.post_message(events.Paste(value))
    else:
        await pilot.resize_terminal(*value)
    # The app catches up before the next event: a key sent after one that
    # ended the app would reach an app with no screen left.
    await pilot.pause()


def _legal_for_a_person(app: App) -> tuple[object, ...]:
    """The legal actions, when a person is to move at a table on screen."""
    table = next((getattr(s, "table", None) for s in reversed(app.screen_stack)
                  if getattr(s, "table", None) is not None), None)
    if not isinstance(table, Table) or table.is_over:
        return ()  # no table here, or one held by a server (it checks moves itself)
    state = table.true_state
    if state.to_move not in table.humans:
        return ()
    return tuple(state.legal_actions())


def _describe(seed: int, done: list[Event]) -> str:
    shown = ", ".join(f"{kind}:{value!r}" for kind, value in done[-60:])
    more = f" (the last 60 of {len(done)})" if len(done) > 60 else ""
    return f"monkey seed {seed}, events{more}: {shown}"


async def run_monkey(
    make_app: Callable[[], App],
    seed: int,
    *,
    count: int = EVENTS,
    ready: Callable[[Any, App], Awaitable[None]] | None = None,
    after: Callable[[App], None] | None = None,
    size: tuple[int, int] = (80, 24),
) -> int:
    """Send `count` seeded events to apps from `make_app`; returns how many apps it took.

    `ready` brings a fresh app to the screen under test; `after` checks an app
    once it is done with (moves legal and logged, say). The app must never
    raise nor show a traceback.
    """
    queue = event_list(seed, count)
    done: list[Event] = []
    apps = 0
    while queue:
        apps += 1
        app = make_app()
        try:
            async with app.run_test(size=size) as pilot:
                if ready is not None:
                    await ready(pilot, app)
                while queue and app.return_code is None and app._running:
                    event = queue.pop(0)
                    done.append(event)
                    await _send(pilot, app, event)
                    if len(done) % 50 == 0 or not queue:
                        text = render_text(app) if app.return_code is None else ""
                        assert "Traceback" not in text, text
            assert app.return_code in (None, 0), f"the app ended with status {app.return_code}"
            if after is not None:
                after(app)
        except Exception as error:
            raise AssertionError(f"{_describe(seed, done)}\n{type(error).__name__}: {error}") \
                from error
    return apps
