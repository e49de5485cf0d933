"""The campaign screen driven like a player would: posted clicks and keys on the real scenes.

The month's engagement is not played out here (a real one takes many
seconds): the resolver is replaced by a recorded outcome, a finished battle's
state written by hand, which the engine records like any other; the end
screen's way back to the campaign is checked with a real battle cut to one
turn and played by the computer.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pygame
import pygame_gui
import pytest

from game import campaign as C
from game.campaign.resolve import fight
from tests.ui.driver import frames, key, make_app

SIZE = (1024, 600)


@pytest.fixture
def app():
    a = make_app(SIZE)
    pygame.event.clear()
    yield a
    while a.scenes:
        a.pop()
    pygame.event.clear()


def click(app, pos) -> None:
    """Hover, press, release, as a hand on the mouse does (pygame_gui wants the hover before the press)."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)  # the button's press, then the list's choice it sets off, each a frame later


def said(app) -> str:
    return app.message[0] if app.message else ""


def centre(element) -> tuple[int, int]:
    return element.get_abs_rect().center


def pick_offer(app, scene, ship_class: str) -> None:
    """Click the catalogue's row of a ship class (scrolled into view first)."""
    index = next(i for i, o in enumerate(scene.offers) if o[0] == ship_class)
    lst = scene.offer_list
    if lst.scroll_bar is not None:
        lst.scroll_bar.set_scroll_from_start_percentage(index / max(1, len(scene.offers)))
        frames(app, 2)
    button = next(item["button_element"] for i, item in enumerate(lst.item_list) if i == index)
    assert button is not None and button.visible, "the row is on screen"
    click(app, centre(button))


def click_row(app, scene, kind: str, key_: str) -> None:
    """Click a row of the fleet table where it is drawn."""
    table = scene.table
    index = next(i for i, r in enumerate(table.rows) if (r.kind, r.key) == (kind, key_))
    table.top = 0
    body = table._body()
    y = body.y + (index - table.top) * table._row_h() + table._row_h() // 2
    click(app, (table.rect.x + table.rect.w // 3, y))


def recorded_outcome(sunk_side: str = "B"):
    """A stand-in for the resolver: the month's battle ends with the first ship of ``sunk_side`` sunk and the
    rest afloat, recorded through the engine's own apply_battle."""
    calls = []

    def resolver(c):
        plan = c.battle
        scenario_side = {camp: scen for scen, camp in plan.sides.items()}
        ships = {}
        first_sunk = True
        for ship_id in plan.ships:
            ship = c.ship(ship_id)
            status = "afloat"
            if ship.owner == sunk_side and first_sunk:
                status, first_sunk = "sunk", False
            ships[ship_id] = SimpleNamespace(side=scenario_side[ship.owner], status=status, hull=ship.hull // 2,
                                             rigging=ship.rigging, crew=ship.crew)
        winner = scenario_side["A" if sunk_side == "B" else "B"]
        state = SimpleNamespace(phase="over", ships=ships, winner=winner, result="turn limit")
        calls.append(plan.month)
        return C.apply_battle(c, state)

    resolver.calls = calls  # type: ignore[attr-defined]
    return resolver


def test_a_month_against_the_computer(app, monkeypatch):
    from game.ui.campaign.start import CampaignStartScene
    from game.ui.scenes.campaign import CampaignScene

    app.replace(CampaignStartScene)
    frames(app, 2)
    start = app.scene
    start.name_entry.set_text("trafalgar")
    start.seed_entry.set_text("4242")
    click(app, centre(start.begin_button))
    scene = app.scene
    assert isinstance(scene, CampaignScene), said(app)
    c = scene.c
    path = C.campaigns_dir() / "trafalgar.yaml"
    assert scene.path == path and path.is_file()
    assert c.seed == 4242 and c.sides["B"].player == "computer"
    assert c.sides["B"].ships, "the computer bought her fleet as the campaign opened"
    assert not c.sides["A"].ships

    # setup: two ships bought from the catalogue into the first squadron, a third into the second
    cheap = sorted(scene.offers, key=lambda o: C.price(o[0], "average"))
    for ship_class in (cheap[0][0], cheap[1][0]):
        pick_offer(app, scene, ship_class)
        key(app, pygame.K_b)
    treasury = c.sides["A"].treasury
    assert len(c.sides["A"].ships) == 2 and treasury < 240
    click_row(app, scene, "squadron", "Second Squadron")
    pick_offer(app, scene, cheap[2][0])
    click(app, centre(scene.buttons["buy"][0]))
    assert [s.squadron for s in c.sides["A"].ships] == ["First Squadron", "First Squadron", "Second Squadron"]

    key(app, pygame.K_RETURN)  # Begin the war
    assert c.stage == "orders" and c.month == 1, said(app)
    assert C.load_campaign(path).stage == "orders", "saved once the step closed"

    # orders: the second squadron is sent, a ship is ordered built, then taken back and ordered again
    click_row(app, scene, "squadron", "Second Squadron")
    key(app, pygame.K_s)
    assert c.sides["A"].orders.squadron == "Second Squadron"
    key(app, pygame.K_k)
    assert scene.right == "catalogue"
    pick_offer(app, scene, cheap[0][0])
    key(app, pygame.K_b)
    assert len(c.sides["A"].orders.build) == 1, said(app)
    key(app, pygame.K_u)
    assert c.sides["A"].orders.build == []
    key(app, pygame.K_b)
    assert len(c.sides["A"].orders.build) == 1

    resolver = recorded_outcome()
    monkeypatch.setattr("game.ui.scenes.campaign.resolve_battle", resolver)
    key(app, pygame.K_RETURN)  # Close orders
    assert c.stage == "battle" and c.battle is not None, said(app)
    assert "Fight it on the table" in [b.text for b, _ in scene.buttons.values()]
    key(app, pygame.K_a)  # Resolve automatically, on the worker
    for _ in range(200):
        frames(app)
        if app.scene is scene and scene.c.stage != "battle":
            break
    c = scene.c
    assert resolver.calls == [1]
    assert c.stage == "after"
    enemy_lost = [s for s in c.sides["B"].ships if s.status == "lost"]
    assert len(enemy_lost) == 1 and enemy_lost[0].fate == "sunk"
    assert sum(e.points for e in c.sides["A"].vp) == enemy_lost[0].value // 2
    assert "sunk" in scene.sheet_box.html_text
    assert C.load_campaign(path).stage == "after"

    key(app, pygame.K_RETURN)  # End month
    assert (c.month, c.stage) == (2, "orders"), said(app)
    saved = C.load_campaign(path)
    assert (saved.month, saved.stage) == (2, "orders")
    assert [s.name for s in saved.sides["A"].ships] == [s.name for s in c.sides["A"].ships]


def campaign_at(stage: str, hot: bool = False) -> C.Campaign:
    c = C.new_campaign(11, (C.SideSetup("Royal Navy", "british"),
                            C.SideSetup("Marine Royale", "french", "human" if hot else "computer")), name="sheet")
    for side in ("A", "B"):
        C.admiral.setup(c, side)
    if stage == "setup":
        return c
    C.begin(c)
    if stage == "orders":
        return c
    for side in ("A", "B"):
        C.admiral.orders(c, side)
        C.engage(c, side, True)
    C.close_orders(c)
    assert c.stage == "battle"
    return c


def open_scene(app, c: C.Campaign) -> object:
    from game.ui.scenes.campaign import CampaignScene

    path = C.save_campaign(c)
    app.replace(lambda a: CampaignScene(a, c, path))
    frames(app, 2)
    return app.scene


def test_a_refused_command_is_said_and_changes_nothing(app):
    c = campaign_at("setup")
    for ship in list(c.sides["A"].ships):
        C.sell(c, "A", ship.id)
    scene = open_scene(app, c)
    firsts = [o[0] for o in scene.offers if o[2] == "1st"]
    assert firsts
    scene.quality = "poor"
    c.sides["A"].treasury = 10_000  # money is not what stops the third
    for ship_class in (firsts * 3)[:2]:
        pick_offer(app, scene, ship_class)
        key(app, pygame.K_b)
    assert len(c.sides["A"].ships) == 2, said(app)
    before = C.save_campaign(c, Path(str(scene.path) + ".before"))
    pick_offer(app, scene, firsts[0])
    key(app, pygame.K_b)
    assert len(c.sides["A"].ships) == 2
    assert "1st" in said(app) or "first" in said(app).lower()
    after = C.save_campaign(c, Path(str(scene.path) + ".after"))
    assert before.read_text() == after.read_text()

    # an order of the wrong stage comes back as a sentence too
    app.message = None
    scene.order("repair")
    assert "not now" in said(app)
    assert C.save_campaign(c, Path(str(scene.path) + ".after")).read_text() == before.read_text()


def test_hot_seat_covers_each_sides_orders(app):
    c = campaign_at("orders", hot=True)
    scene = open_scene(app, c)
    assert scene.covered and "uncover" in scene.buttons
    assert not scene.show_table, "nothing of a sheet under the cover"
    key(app, pygame.K_RETURN)
    assert not scene.covered and scene.side == "A"
    key(app, pygame.K_e)  # A refuses this month: secret until orders close
    assert c.sides["A"].orders.engage is False
    key(app, pygame.K_RETURN)  # Orders done: the window goes to B, covered
    assert scene.covered and scene.side == "B" and c.stage == "orders"
    key(app, pygame.K_RETURN)
    assert scene.side == "B" and not scene.covered
    assert "Close orders" in [b.text for b, _ in scene.buttons.values()]
    c.sides["B"].orders.squadron = None
    key(app, pygame.K_RETURN)  # Close orders, with no squadron chosen: refused, and B stays at the window
    assert "Marine Royale" in said(app) and c.stage == "orders"
    assert scene.side == "B" and not scene.covered
    assert c.sides["A"].orders.engage is False, "A's orders stand"
    key(app, pygame.K_e)  # B refuses too
    key(app, pygame.K_RETURN)  # Close orders: both sides' are carried out
    assert c.stage == "after", said(app)
    assert any("refuse" in e.text.lower() for e in c.log if e.month == 1), [e.text for e in c.log]


def test_a_damaged_save_shows_its_reason_and_cannot_be_opened(app):
    from game.ui.campaign.start import CampaignStartScene

    folder = C.campaigns_dir()
    folder.mkdir(parents=True, exist_ok=True)
    good = campaign_at("orders")
    C.save_campaign(good, folder / "good.yaml")
    text = (folder / "good.yaml").read_text()
    (folder / "broken.yaml").write_text(re.sub(r"(?m)^month: \d+", "month: 99", text))
    from game.ui.scenes.menu import MenuScene

    app.replace(MenuScene)
    frames(app, 2)
    key(app, pygame.K_a)  # the menu's Campaign… button
    frames(app, 2)
    start = app.scene
    assert isinstance(start, CampaignStartScene)
    titles = [t for t, _ in start.items]
    assert titles == ["broken \u2014 damaged", "good \u2014 month 1"]
    assert start.picked == 1 and start.open_button.is_enabled
    click(app, centre(start.save_list.item_list[0]["button_element"]))
    assert start.picked == 0
    assert "broken.yaml:" in start.summary.html_text and "month" in start.summary.html_text
    assert not start.open_button.is_enabled
    key(app, pygame.K_o)
    assert app.scene is start, "a damaged campaign is not opened"
    assert (folder / "broken.yaml").read_text() != text, "and its file is left as it was"


def test_the_end_screen_goes_back_to_the_campaign_with_the_battle_recorded(app):
    from game.ui.match import Match
    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.campaign import CampaignScene
    from game.ui.scenes.end import EndScene

    c = campaign_at("battle")
    c.battle.yaml_text = re.sub(r"(?m)^turn_limit: \d+", "turn_limit: 1", c.battle.yaml_text)  # a quick battle
    scene = open_scene(app, c)
    path = scene.path
    key(app, pygame.K_f)  # Fight it on the table
    battle = app.scene
    assert isinstance(battle, BattleScene), said(app)
    assert battle.match.players == {scen: ("human" if camp == "A" else battle.match.players[scen])
                                    for scen, camp in c.battle.sides.items()}
    assert battle.match.sequel is not None
    # the battle played to its end (by the computer, both sides), then its end screen
    placed = list(c.battle.ships)
    finished = fight(c, "random")
    assert finished.state.phase == "over"
    match = Match(finished, autosave=False, sequel=battle.match.sequel)
    app.show_end(match)
    frames(app, 2)
    end = app.scene
    assert isinstance(end, EndScene) and end.sequel_button is not None
    assert end.sequel_button.text == "Back to the campaign"
    click(app, centre(end.sequel_button))
    back = app.scene
    assert isinstance(back, CampaignScene)
    assert back.c is c and c.stage == "after" and c.battle is None
    assert back.outcome is not None and [f.ship for f in back.outcome.fates] == placed
    assert C.load_campaign(path).stage == "after", "recorded and saved"
    assert any(e.step == "e" for e in c.log)

    # the end screen of a battle that came from no campaign has no such button
    app.show_end(Match(finished, autosave=False))
    frames(app, 2)
    assert app.scene.sequel_button is None
    assert "Back to the campaign" not in [el.text for el in app.ui.get_sprite_group().sprites()
                                          if isinstance(el, pygame_gui.elements.UIButton) and el.visible]


def test_the_log_keeps_the_enemys_victory_points_off_a_sides_sheet():
    from game.campaign.state import LogEntry
    from game.ui.campaign.sheet import log_html, outcome_html

    c = campaign_at("setup")
    c.log += [LogEntry(1, "f", "B", "+15 victory points: took HMS Isis"),
              LogEntry(1, "f", "B", "HMS Isis captured from Royal Navy, into Rear"),
              LogEntry(1, "a", "B", "laid down Foudroyant; she sails from month 6"),
              LogEntry(1, "f", "A", "+7 victory points: sank Virginie")]
    mine = log_html(c, "A")
    assert "sank Virginie" in mine and "captured from Royal Navy" in mine
    assert "took HMS Isis" not in mine and "Foudroyant" not in mine
    c.month, c.stage = 1, "after"  # the engagement's words, for a campaign opened again after it
    assert "captured from Royal Navy" in outcome_html(c, None, "A")
    assert "took HMS Isis" not in outcome_html(c, None, "A")
    c.stage = "over"
    assert "took HMS Isis" in log_html(c, "A"), "at the end both ledgers are open"


def test_a_resolution_cancelled_leaves_the_engagement_to_fight(app, monkeypatch):
    import threading

    c = campaign_at("battle")
    scene = open_scene(app, c)
    cancelled = threading.Event()
    record = recorded_outcome()

    def slow(campaign):
        assert cancelled.wait(10)  # still resolving when the player cancels
        return record(campaign)

    monkeypatch.setattr("game.ui.scenes.campaign.resolve_battle", slow)
    key(app, pygame.K_a)
    assert app.scene is not scene, "the working screen is up"
    key(app, pygame.K_ESCAPE)
    cancelled.set()
    for _ in range(200):
        frames(app)
        if app.scene is scene:
            break
    assert app.scene is scene
    assert record.calls == [1], "the battle was resolved on a copy..."
    assert c.stage == "battle" and c.battle is not None, "...and dropped: the engagement is still to fight"
    assert C.load_campaign(scene.path).stage == "battle"


def test_scuttle_and_surrender_ask_first(app):
    c = campaign_at("orders")
    scene = open_scene(app, c)
    ship = next(s for s in c.sides["A"].ships if s.status == "active")
    click_row(app, scene, "ship", ship.id)
    key(app, pygame.K_x)
    assert scene.confirm is not None and ship.status == "active", "nothing sunk before the player says so"
    key(app, pygame.K_ESCAPE)
    assert not scene.confirm.alive() and ship.status == "active"
    key(app, pygame.K_x)
    click(app, centre(scene.confirm.confirm_button))
    assert (ship.status, ship.fate) == ("lost", "scuttled")
    assert sum(e.points for e in c.sides["A"].vp) == -ship.value

    click(app, centre(scene.buttons["surrender"][0]))
    assert c.stage == "orders"
    click(app, centre(scene.confirm.confirm_button))
    assert c.stage == "over" and c.winner == "B", said(app)
    assert C.load_campaign(scene.path).stage == "over"
    texts = " ".join(el.html_text for el in app.ui.get_sprite_group().sprites()
                     if isinstance(el, pygame_gui.elements.UITextBox))
    assert "Marine Royale wins the war" in texts
    assert f"Royal Navy</b>: {-ship.value} victory points" in texts
    assert [b.text for b, _ in scene.buttons.values()] == ["Back to menu"]
