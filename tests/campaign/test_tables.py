"""data/campaign.yaml: Gifford's numbers as shipped, and a broken copy refused with file:line."""

import pytest

from game.campaign.tables import read_tables, shipped, tables_path
from game.content.yaml_nodes import ContentError


def test_the_shipped_tables_hold_giffords_numbers():
    t = shipped()
    assert (t.months, t.start_points, t.monthly_points) == (24, 240, 10)
    assert (t.refused.refuser, t.refused.other) == (0, 20)
    assert (t.construction.months, t.construction.berths, t.repair.berths, t.repair.cost) == (5, 2, 2, 5)
    assert (t.recrew.poor.cost, t.recrew.green.cost, t.recrew.average.cost, t.recrew.recapture) == (5, 10, 15, 5)
    assert (t.most_first_rates, t.most_batteries) == (2, 3)


def test_a_broken_copy_names_the_line_and_field(tmp_path):
    text = tables_path().read_text().replace("monthly_points: 10", "monthly_points: ten")
    bad = tmp_path / "campaign.yaml"
    bad.write_text(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("monthly_points"))
    with pytest.raises(ContentError, match=rf"campaign.yaml:{line}: monthly_points"):
        read_tables(bad)


def test_check_data_reads_the_campaigns_tables(tmp_path):
    from game.campaign.tables import campaign_problems

    assert campaign_problems() == []
    bad = tmp_path / "campaign.yaml"
    bad.write_text(tables_path().read_text().replace("months: 24", "months: -3"))
    assert any("campaign.yaml" in p and "months" in p for p in campaign_problems(bad))
