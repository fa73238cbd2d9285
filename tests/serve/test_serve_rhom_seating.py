"""Ruling 29 on a shared table: the new-table form says at once why a line-up
with the Rhom cannot be made (the engine's sentence), and the hub refuses it."""

from __future__ import annotations

import pytest
from textual.app import App

from gemtable.engine import registry
from gemtable.tui.serve import protocol
from gemtable.tui.serve.client import HubError
from gemtable.tui.serve.create import CreateScreen
from gemtable.tui.widgets import ChoiceRow

SENTENCE = registry.get("iridescia").seating_problem((None, None, None, "rhom"))
GAME = registry.get("iridescia")
INFO = protocol.GameInfo(GAME.id, GAME.title, GAME.min_players, GAME.max_players,
                  tuple(protocol.VariantInfo(v.id, v.title, v.players) for v in GAME.variants),
                  ("random", "greedy", "rhom"))


def test_the_hub_refuses_the_rhom_at_four_seats(hub_factory):
    alice = hub_factory().client("alice")
    with pytest.raises(HubError, match="Rhom"):
        alice.call(protocol.CreateTable, game="iridescia", variant=None,
                   seats=(protocol.YOU, "random", "random", "rhom"), seed=1)
    info = alice.call(protocol.CreateTable, game="iridescia", variant=None,
                      seats=(protocol.YOU, protocol.OPEN, "rhom"), seed=1)
    assert [s.kind for s in info.seats][-1] == "rhom"


class FormApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(CreateScreen((INFO,)))


async def test_the_form_names_the_problem_and_does_not_send_it():
    assert "Rhom" in SENTENCE
    app = FormApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, CreateScreen)
        screen.query_one("#create-players", ChoiceRow).set_options(
            [(n, str(n)) for n in (2, 3, 4)], value=4)
        screen._players_changed()
        for seat, kind in enumerate((protocol.YOU, "random", "random", "rhom")):
            row = screen.query_one(f"#create-seat-{seat}", ChoiceRow)
            row.set_options(list(row._options), value=kind)
        screen._update_note()
        await pilot.pause(0.1)
        assert SENTENCE in str(screen.query_one("#create-note").render())
        screen.action_create()
        await pilot.pause(0.2)
        assert app.screen is screen
        three = screen.query_one("#create-players", ChoiceRow)
        three.set_options(list(three._options), value=3)
        screen._players_changed()
        assert screen._problem() == ""
