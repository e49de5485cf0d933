"""A campaign's battle outlives the window: its save finds the campaign again, and the campaign finds its save.

Small fleets (a frigate a side) and a battle cut to one turn, played by the
computer: the finished battle is a real one, and a battle "left mid-way" is
its first commands only, saved as the window's autosave would save it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game import campaign as C
from game.campaign.fought import refusal, saved_battles, waiting_campaign
from game.campaign.resolve import fight
from game.persistence.autosave import autosave_path, home
from game.persistence.save import write_save
from game.persistence.session import Session
from tests.campaign.helpers import small
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


def waiting() -> tuple[C.Campaign, Path]:
    """Month 1 at stage battle, one frigate a side, the battle cut to a single turn; saved where campaigns go."""
    c = small()
    for side in ("A", "B"):
        C.choose_squadron(c, side, "First Squadron")
    C.close_orders(c)
    assert c.stage == "battle" and c.battle is not None
    c.battle.yaml_text = re.sub(r"(?m)^turn_limit: \d+", "turn_limit: 1", c.battle.yaml_text)
    return c, C.save_campaign(c)


def first(session: Session, n: int) -> Session:
    """The same battle stopped after its first ``n`` commands (the window closed mid-way), both sides now the
    players' own (so nothing plays on by itself once it is loaded)."""
    part = Session(session.scenario, session.rules, session.seed, dict.fromkeys(session.players, "human"),
                   scenario_text=session.scenario_text)
    for cmd in session.commands[:n]:
        part.submit(cmd)
    assert not part.over
    return part


def open_campaign(app, path):
    from game.ui.scenes.campaign import CampaignScene

    app.replace(lambda a: CampaignScene(a, C.load_campaign(path), path))
    frames(app, 2)
    return app.scene


def until(app, test, most: int = 600) -> None:
    for _ in range(most):
        if test():
            return
        frames(app, 1)
    raise AssertionError("never happened")


def test_a_campaign_battle_loaded_again_goes_back_to_its_campaign_and_is_recorded_once(app):
    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.campaign import CampaignScene
    from game.ui.scenes.end import EndScene

    c, path = waiting()
    assert waiting_campaign(c.battle.yaml_text, c.battle.seed) is not None
    done = fight(c, "random")
    write_save(autosave_path(), first(done, len(done.commands) // 2))
    assert app.continue_autosave() is None
    battle = app.scene
    assert isinstance(battle, BattleScene) and battle.match.sequel is not None, "Continue: the way back is there"
    assert battle.match.sequel.label == "Back to the campaign"

    saved = home() / "saves" / "fought.yaml"
    saved.parent.mkdir(parents=True, exist_ok=True)
    write_save(saved, done)
    assert app.load_game(saved) is None  # as Load, Ctrl+O and --load do
    until(app, lambda: isinstance(app.scene, EndScene))
    end = app.scene
    assert end.sequel_button is not None
    key(app, pygame.K_b)  # Back to the campaign
    frames(app, 2)
    back = app.scene
    assert isinstance(back, CampaignScene) and back.c.stage == "after"
    assert back.outcome is not None and sorted(f.ship for f in back.outcome.fates) == sorted(c.battle.ships)
    assert C.load_campaign(path).stage == "after", "recorded and saved"

    # the campaign has moved on: the same save loaded again counts nowhere, and says so
    assert app.load_game(saved) is None
    assert app.scene.match.sequel is None
    assert "no saved campaign waits for it" in app.message[0]


def test_the_campaign_screen_records_a_finished_battle_and_continues_an_unfinished_one(app):
    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.campaign import CampaignScene

    c, path = waiting()
    done = fight(c, "random")

    write_save(autosave_path(), first(done, 3))
    scene = open_campaign(app, path)
    assert "continue" in scene.buttons and "record" not in scene.buttons
    key(app, pygame.K_c)
    battle = app.scene
    assert isinstance(battle, BattleScene) and battle.match.sequel is not None
    assert len(battle.match.session.commands) == 3, "where it was left"

    write_save(autosave_path(), done)
    scene = open_campaign(app, path)
    assert "record" in scene.buttons and "continue" not in scene.buttons
    key(app, pygame.K_r)  # Record the battle fought: replayed on a worker, then recorded
    until(app, lambda: isinstance(app.scene, CampaignScene) and app.scene.c.stage == "after")
    assert sorted(f.ship for f in app.scene.outcome.fates) == sorted(c.battle.ships)
    assert C.load_campaign(path).stage == "after"
    assert any(e.step == "e" for e in app.scene.c.log)


def test_fighting_again_asks_first_when_a_battle_was_fought(app):
    c, path = waiting()
    write_save(autosave_path(), fight(c, "random"))
    scene = open_campaign(app, path)
    key(app, pygame.K_f)
    assert scene.confirm is not None and scene.confirm.alive() and scene.confirm_for == "fight"
    assert app.scene is scene, "nothing thrown away before the player confirms"


def test_a_save_of_another_battle_is_not_taken(app):
    c, path = waiting()
    plan = c.battle
    done = fight(c, "random")
    other_dice = Session(done.scenario, done.rules, plan.seed + 1, dict(done.players),
                         scenario_text=done.scenario_text)
    assert refusal(plan, other_dice.scenario_text, other_dice.seed) is not None
    other_table = plan.yaml_text.replace("turn_limit: 1", "turn_limit: 2")
    assert "another engagement's" in str(refusal(plan, other_table, plan.seed))
    assert waiting_campaign(other_table, plan.seed) is None

    write_save(autosave_path(), other_dice)
    search = saved_battles(plan)
    assert search.found is None
    assert search.refused and "another battle's" in search.refused[0]
    scene = open_campaign(app, path)
    assert not {"record", "continue"} & set(scene.buttons), "nothing to go on with"
    assert "fight" in scene.buttons and scene.buttons["fight"][0].text == "Fight it on the table"

    assert app.load_game(autosave_path()) is None
    assert app.scene.match.sequel is None, "a battle with other dice does not go back to the campaign"
    assert C.load_campaign(path).stage == "battle"


def test_the_battle_begun_from_the_campaign_screen_and_quit_comes_back_with_its_way_home(app):
    from game.ui.scenes.battle import BattleScene

    app.autosave = True  # as the real window does: the battle is autosaved from its first moment
    c, path = waiting()
    open_campaign(app, path)
    key(app, pygame.K_f)  # Fight it on the table
    frames(app, 2)
    assert isinstance(app.scene, BattleScene)
    app.back_to_menu()  # the window closed mid-battle
    scene = open_campaign(app, path)
    assert "continue" in scene.buttons, "the campaign finds its battle in the autosave"
    app.back_to_menu()
    assert app.continue_autosave() is None
    assert isinstance(app.scene, BattleScene) and app.scene.match.sequel is not None
