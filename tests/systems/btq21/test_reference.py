"""The rules reference is written from the rule set in force, in pygame_gui's HTML subset."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest

from game.content.load import load_default, load_rules
from game.content.paths import rules_path
from game.systems.btq21.reference import reference_sections

RULES, _ = load_default()

#: The only markup pygame_gui's text box is given.
ALLOWED_TAG = re.compile(
    r"<(?:/?[biu]|br|/font|font color='#[0-9a-fA-F]{6}'(?: size=\d)?|font face='fira_code_symbols' pixel_size=\d+)>"
)


def sections(rules=RULES) -> dict[str, str]:
    return dict(reference_sections(rules))


def plain(body: str) -> str:
    """What the player reads: line breaks as newlines, no tags, entities decoded."""
    return html.unescape(re.sub(r"<(?!br>)[^>]*>", "", body).replace("<br>", "\n"))


def test_every_section_is_there_and_not_empty():
    secs = reference_sections(RULES)
    titles = [t for t, _ in secs]
    assert len(set(titles)) == len(titles)
    for wanted in ("Speed", "Turning", "Taken aback", "Broadside dice", "To hit", "Boarding", "Initiative"):
        assert any(wanted in t for t in titles), wanted
    for title, body in secs:
        assert title.strip() and plain(body).strip(), title


def test_bodies_use_only_the_allowed_markup():
    for title, body in reference_sections(RULES):
        assert "\n" not in body, title
        for tag in re.findall(r"<[^>]*>", body):
            assert ALLOWED_TAG.fullmatch(tag), f"{title}: {tag}"
        text = re.sub(r"<[^>]*>", "", body)
        assert ">" not in text and "<" not in text, title
        assert not re.search(r"&(?!amp;|lt;|gt;)", text), title
        # every font tag is closed
        assert body.count("<font") == body.count("</font>"), title


def test_tables_line_up():
    rows = plain(sections()["Broadside dice"]).split("\n")
    table = [r for r in rows if re.match(r"^(Guns|\d+-\d+)\b", r)]
    assert len(table) == len(RULES.broadside_dice) + 1
    assert len({len(r) for r in table}) == 1  # right-aligned numbers end in the same column
    # ... and they are set in a monospaced face, or equal lengths would not line up on screen
    assert "<font face='fira_code_symbols' pixel_size=14>Guns" in sections()["Broadside dice"].replace("<b>", "")


def test_the_shipped_numbers_appear():
    s = {t: plain(b) for t, b in sections().items()}
    assert 'large      2"       3"     4"' in s["Speed"]
    assert "full              5D6" in s["Taken aback"]
    assert "hull               3+      4+          5+     6+" in s["To hit"]
    assert "good +1, average 0, poor -1" in s["To hit"]
    assert "on 6+" in s["Critical hits, fires and leaks"]
    assert "x 1.5" in s["Victory points"]


def _changed(rules):
    """A house rule changing one number in each of several tables."""
    return dataclasses.replace(
        rules,
        speeds={**rules.speeds, "large": {**rules.speeds["large"], "full": 7.5}},
        turns={**rules.turns, "large": 22},
        taken_aback_dice={**rules.taken_aback_dice, "full": 9},
        collision_dice={**rules.collision_dice, "large": 8},
        to_hit={**rules.to_hit, "hull": {**rules.to_hit["hull"], "close": 9}},
        critical_check_on=5,
        boarding={**rules.boarding, "save_on": 3},
        initiative={**rules.initiative, "nation": {**rules.initiative["nation"], "british": 4}},
        victory={**rules.victory, "captured": 2.25},
        special_actions={**rules.special_actions, "tack": {**rules.special_actions["tack"], "successes": 7}},
        success_test={**rules.success_test, "rerolls": {**rules.success_test["rerolls"], "poor": 5}},
    )


@pytest.mark.parametrize(
    "section, shown",
    [
        ("Speed", '7.5"'),
        ("Turning", "22°"),
        ("Taken aback", "9D6"),
        ("Collisions, shore and table edge", "8D6"),
        ("To hit", "9+"),
        ("Critical hits, fires and leaks", "on 5+"),
        ("Boarding", "D6 of 3+"),
        ("Initiative", "british +4"),
        ("Victory points", "x 2.25"),
        ("Special actions", "Tack (7 successes)"),
        ("Tests, rerolls and morale", "poor 5"),
    ],
)
def test_a_house_rule_shows_its_own_value(section, shown):
    def squeezed(rules) -> str:  # column padding depends on the widest cell: compare words only
        return re.sub(r" +", " ", plain(sections(rules)[section]))

    assert shown not in squeezed(RULES)
    assert shown in squeezed(_changed(RULES))


def test_fixed_angle_dispositions_show_their_limits():
    rules = dataclasses.replace(
        RULES, disposition_mode="angles", disposition_angles={"aback": 40, "beating": 85, "reaching": 140}
    )
    text = plain(sections(rules)["Wind and disposition"])
    assert "under 40°" in text and "85° to 140°" in text and "over 140°" in text


def test_a_rules_file_edited_by_a_club(tmp_path):
    text = rules_path().read_text(encoding="utf-8")
    assert "\nsegments: 3\n" in text
    edited = tmp_path / "house.yaml"
    edited.write_text(text.replace("\nsegments: 3\n", "\nsegments: 4\n"), encoding="utf-8")
    body = plain(sections(load_rules(edited))["Speed"])
    assert "up to 4 segments" in body
