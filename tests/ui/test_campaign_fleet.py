"""A fleet saved by the fleet builder bought at the campaign's setup with the mouse and keys."""

from __future__ import annotations

import pygame
import pytest

from game import campaign as C
from game.campaign.month import SideSetup
from game.fleets.files import fleets_dir, save_fleet
from game.fleets.model import Fleet, FleetShip, FleetSquadron
from tests.ui.driver import click, frames, key, make_app


@pytest.fixture
def app():
    a = make_app((1024, 600))
    pygame.event.clear()
    yield a
    while a.scenes:
        a.pop()
    pygame.event.clear()


def centre(element) -> tuple[int, int]:
    return element.get_abs_rect().center


def choose(app, menu, text_start: str) -> None:
    """Open the drop-down and click its row that starts with ``text_start``."""
    click(app, centre(menu))
    rows = menu.current_state.options_selection_list.item_list
    button = next(r["button_element"] for r in rows if r["text"].startswith(text_start))
    click(app, centre(button))
    frames(app, 2)


def said(app) -> str:
    return app.message[0] if app.message else ""


def save_fleets() -> None:
    folder = fleets_dir()
    folder.mkdir(parents=True)
    save_fleet(Fleet("btq21", "british", "Channel Squadron", 600, (
        FleetSquadron("Van", (FleetShip("shannon", "HMS Shannon", "poor"), FleetShip("bellerophon", "HMS Colossus"))),
        FleetSquadron("Inshore", (FleetShip("speedy", "HMS Speedy"),)),
    )), folder / "channel.yaml")
    line = tuple(FleetShip(cls, f"HMS {cls.capitalize()}") for cls in (
        "neptune", "temeraire", "vanguard", "venerable", "agamemnon", "isis", "leander", "serapis"))
    save_fleet(Fleet("btq21", "british", "Whole Line", 2400, (FleetSquadron("Line", line),)), folder / "line.yaml")
    save_fleet(Fleet("btq21", "french", "Brest Squadron", 600, (
        FleetSquadron("Van", (FleetShip("redoutable", "Redoutable"),)),)), folder / "brest.yaml")
    (folder / "broken.yaml").write_text("fleet: Broken\nrules: btq21\nnation: british\nbudget: lots\nsquadrons:\n"
                                        "  - name: Van\n    ships: [{ship: java}]\n", encoding="utf-8")


def test_a_saved_fleet_is_bought_whole_and_a_damaged_or_dear_one_changes_nothing(app):
    from game.ui.scenes.campaign import CampaignScene

    save_fleets()
    c = C.new_campaign(11, (SideSetup("Royal Navy", "british"), SideSetup("Marine", "french", "computer")))
    app.replace(lambda a: CampaignScene(a, c, C.campaigns_dir() / "fleet.yaml"))
    frames(app, 2)
    scene = app.scene
    menu = scene.fleet_menu
    listed = [text for text, _ in menu.options_list]
    assert listed[0] == "Saved fleet\u2026" and len(listed) == 4, listed  # the French fleet is not offered
    assert listed[1] == "broken.yaml: damaged, line 4: budget: expected an integer, got 'lots'"
    assert listed[2].startswith("Channel Squadron \u00b7 3 ships \u00b7 ") and listed[3].startswith("Whole Line")
    a = c.side("A")

    choose(app, menu, "broken.yaml")
    assert "broken.yaml:4: budget" in said(app)  # its reason, as soon as it is chosen
    key(app, pygame.K_f)
    frames(app, 2)
    assert not a.ships and a.treasury == 240 and "damaged" in said(app)

    choose(app, scene.fleet_menu, "Channel Squadron")
    key(app, pygame.K_f)
    frames(app, 2)
    a = c.side("A")
    cost = sum(s.value for s in a.ships)
    assert [(s.name, s.squadron) for s in a.ships] == [
        ("HMS Shannon", "Van"), ("HMS Colossus", "Van"), ("HMS Speedy", "Inshore")]
    assert a.treasury == 240 - cost and said(app).startswith("bought 'Channel Squadron': 3 ships")
    assert [r.key for r in scene.table.rows if r.kind == "squadron"] == [
        "First Squadron", "Second Squadron", "Van", "Inshore"], "the fleet's squadrons are on the sheet"

    choose(app, scene.fleet_menu, "Whole Line")
    before = [s.id for s in c.side("A").ships]
    click(app, centre(scene.buttons["buy_fleet"][0]))
    frames(app, 2)
    assert [s.id for s in c.side("A").ships] == before and c.side("A").treasury == 240 - cost
    assert "not bought" in said(app) and f"{240 - cost} in hand" in said(app)

    key(app, pygame.K_RETURN)  # Begin the war: the fleet's two squadrons are hers
    assert c.stage == "orders", said(app)
    assert c.side("A").squadrons == ["Van", "Inshore"]
