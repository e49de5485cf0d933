"""The campaign's save: a round trip, hostile and damaged files refused with file:line, a good save kept."""

import pytest

from game.campaign import CampaignFileError, choose_squadron, close_orders, load_campaign, save_campaign
from game.campaign.save import campaigns_dir, dumps, list_campaigns
from tests.campaign.helpers import refuse_all, small


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    return tmp_path


def test_round_trip_keeps_everything_even_a_battle_waiting(home):
    c = small()
    refuse_all(c)
    choose_squadron(c, "A", "First Squadron")
    choose_squadron(c, "B", "Second Squadron")
    close_orders(c)
    path = save_campaign(c)
    assert path.parent == campaigns_dir() == home / "campaigns" and list_campaigns() == [path]
    back = load_campaign(path)
    assert dumps(back) == dumps(c)
    assert back.battle is not None and back.battle.yaml_text == c.battle.yaml_text
    assert back.dice.draws == c.dice.draws and back.dice.below(1000) == c.dice.below(1000)


@pytest.mark.parametrize(
    "change, where",
    [
        (lambda t: t.replace("month: 2", "month: 99", 1), "month"),
        (lambda t: t.replace("treasury:", "treasure:", 1), "treasure"),
        (lambda t: t.replace("status: active", "status: !!python/object/apply:os.system ['echo hi']", 1), "status"),
        (lambda t: t.replace("hull: 80", "hull: 800", 1), "hull"),
        (lambda t: t.replace("status: active", "status: sunk", 1), "status"),
        (lambda t: t.replace("ship: guerriere", "ship: flying_dutchman", 1), "ship"),
        (lambda t: t + "extra: [" * 40, ""),
        (lambda t: "- just a list\n", ""),
    ],
)
def test_hostile_or_damaged_saves_are_refused_with_file_and_line(home, change, where):
    c = small()
    refuse_all(c)
    path = save_campaign(c)
    path.write_text(change(path.read_text()))
    with pytest.raises(CampaignFileError) as e:
        load_campaign(path)
    text = str(e.value)
    assert text.startswith(str(path)) or path.name in text
    assert where in text


def test_a_huge_file_is_refused_unread(home):
    path = home / "big.yaml"
    path.write_text("x: " + "a" * 3_000_000)
    with pytest.raises(CampaignFileError, match="big.yaml"):
        load_campaign(path)


def test_a_campaign_that_would_not_load_is_never_written_over_the_good_save(home):
    c = small()
    path = save_campaign(c)
    good = path.read_text()
    c.side("A").ships[0].hull = 10_000  # more than she was built with: the save would be refused on load
    with pytest.raises(CampaignFileError):
        save_campaign(c, path)
    assert path.read_text() == good
