"""Whole months played: the admiral's decisions, the headless runner, the same seed giving the same war,
and the one real engagement of the suite, self-played by the computer players."""

import io
import json

import pytest
import yaml

import main
from game.campaign import apply_battle, choose_squadron, close_orders, runner
from game.campaign.resolve import fight
from game.campaign.save import dumps, load_campaign
from game.campaign.state import ACTIVE
from tests.campaign.helpers import finished, small


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    return tmp_path


def recorded(c):
    """A stand-in for the self-played battle: side B's first placed ship is sunk, side A's first loses half her hull."""
    plan = c.battle
    a = next(i for i in plan.ships if c.ship(i).owner == "A")
    b = next(i for i in plan.ships if c.ship(i).owner == "B")
    ship = c.ship(a)
    return apply_battle(c, finished(c, {b: ("sunk", None)}, winner="A",
                                    tracks={a: (ship.hull // 2, ship.rigging, ship.crew)}))


def _war(seed, months):
    c = runner.new_auto(seed)
    lines = [runner.play_month(c, recorded) for _ in range(months)]
    return c, lines


def test_the_admiral_buys_a_fleet_in_squadrons_within_the_limits():
    c = runner.new_auto(4)
    for s in c.sides.values():
        assert s.ships and 0 <= s.treasury < 240
        assert len({x.squadron for x in s.ships}) >= 2
        assert sum(1 for x in s.ships if x.ship in ("victory", "royal_sovereign", "orient")) <= 2
        assert all(x.status == ACTIVE for x in s.ships)


def test_the_same_seed_gives_the_same_campaign_and_another_seed_another():
    c1, lines1 = _war(8, 3)
    c2, lines2 = _war(8, 3)
    assert dumps(c1) == dumps(c2) and lines1 == lines2
    c3, _ = _war(9, 3)
    assert dumps(c3) != dumps(c1)
    assert [line["played"] for line in lines1] == [1, 2, 3]


def test_the_runner_prints_a_line_a_month_and_goes_on_from_its_save(monkeypatch, home):
    monkeypatch.setattr(runner, "resolve_battle", recorded)
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert main.main(["--campaign", "NEW", "--months", "2", "--seed", "6"]) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["played"] for line in lines] == [1, 2]
    for line in lines:
        assert set(line["sides"]) == {"A", "B"}
        assert {"points", "vp", "ships"} <= set(line["sides"]["A"])
    path = lines[-1]["save"]
    out2 = io.StringIO()
    assert runner.run(path, 1, 6, True, out2) == 0
    assert json.loads(out2.getvalue())["played"] == 3
    assert load_campaign(path).month == 4


def test_the_runner_refuses_a_damaged_save(home):
    bad = home / "bad.yaml"
    bad.write_text("version: 1\nname: [\n")
    out = io.StringIO()
    assert runner.run(str(bad), 1, 1, True, out) == 2
    assert "bad.yaml" in json.loads(out.getvalue())["error"]


def test_one_engagement_self_played_with_the_real_engine():
    """The suite's one real battle: a frigate a side, played to its end by the computer players."""
    c = small()
    choose_squadron(c, "A", "First Squadron")
    choose_squadron(c, "B", "First Squadron")
    plan = close_orders(c)
    session = fight(c)
    end = session.state
    assert end.phase == "over" and set(plan.ships) <= set(end.ships)
    names = {s["id"]: s.get("name") for side in yaml.safe_load(plan.yaml_text)["sides"]
             for q in side["squadrons"] for s in q["ships"]}
    assert names == {i: c.ship(i).name for i in plan.ships}
    outcome = apply_battle(c, end)
    assert {f.ship for f in outcome.fates} == set(plan.ships)
    for f in outcome.fates:
        st = end.ships[f.ship]
        assert (f.hull, f.rigging, f.crew) == (max(0, st.hull), max(0, st.rigging), max(0, st.crew))
    assert c.stage in ("after", "over")


def test_the_admiral_keeps_its_last_ship_from_a_stronger_enemy_but_fights_an_even_one():
    from game.campaign import admiral
    from game.campaign.state import LOST

    c = small()
    c.side("A").ships[1].status = LOST  # Shannon gone: Guerriere is all A has left
    c.side("B").ships[0].value = 200  # a giant in B's first squadron
    admiral.orders(c, "A")
    assert c.side("A").orders.engage is False
    c.side("B").ships[0].value = 10
    admiral.orders(c, "A")
    assert c.side("A").orders.engage is True and c.side("A").orders.squadron == "First Squadron"
