"""File-level problems: unreadable files, malformed YAML, tags, duplicate keys."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.content.load import ContentError, load_rules, load_ships
from game.content.model import RuleSet
from game.content.yaml_nodes import Ctx, display_path, parse_text
from tests.content.samples import SHIPS, find, line_of, problems_of, replace


def test_missing_file(work: Path, rules: RuleSet) -> None:
    probs = problems_of(load_ships, "nowhere.yaml", rules)
    assert probs == ["nowhere.yaml:1: (file): file not found"]


def test_malformed_yaml_names_the_line(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "    hull: 140\n", "    hull: [140\n")
    probs = problems_of(load_ships, write("ships.yaml", text), rules)
    assert len(probs) == 1
    assert probs[0].startswith("ships.yaml:")
    assert "invalid YAML" in probs[0]
    line = int(probs[0].split(":")[1])
    assert line_of(text, "hull: [140") <= line <= line_of(text, "hull: [140") + 2


def test_bad_indentation(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "    rate: 3rd", "   rate: 3rd")
    probs = problems_of(load_ships, write("ships.yaml", text), rules)
    assert len(probs) == 1 and "invalid YAML" in probs[0]
    assert probs[0].startswith(f"ships.yaml:{line_of(text, '   rate: 3rd')}:")


def test_binary_garbage(write, rules: RuleSet) -> None:
    probs = problems_of(load_ships, write("ships.yaml", bytes(range(256)) * 4), rules)
    assert len(probs) == 1
    assert probs[0].startswith("ships.yaml:1: (file): ")
    assert "binary" in probs[0]


def test_not_utf8(write, rules: RuleSet) -> None:
    text = SHIPS.replace("Nelson's flagship.", "Nelson\xe9").encode("latin-1")
    probs = problems_of(load_ships, write("ships.yaml", text), rules)
    assert probs == [f"ships.yaml:{line_of(SHIPS, 'Nelson')}: (file): not UTF-8 text (binary file?)"]


def test_control_character(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "Nelson's flagship.", "Nelson\x07s flagship.")
    probs = problems_of(load_ships, write("ships.yaml", text), rules)
    assert len(probs) == 1
    find(probs, "ships.yaml", line_of(text, "Nelson"), "(file)", "invalid YAML")


def test_empty_file(write, rules: RuleSet) -> None:
    probs = problems_of(load_ships, write("ships.yaml", "# nothing here\n"), rules)
    assert probs == ["ships.yaml:1: (file): the file is empty"]


def test_a_directory(write, work: Path, rules: RuleSet) -> None:
    (work / "adir").mkdir()
    assert problems_of(load_ships, work / "adir", rules) == ["adir:1: (file): is a directory, not a file"]


def test_python_tag_is_never_executed(write, work: Path, rules: RuleSet) -> None:
    marker = work / "PWNED"
    text = replace(SHIPS, "notes: Nelson's flagship.", f'notes: !!python/object/apply:os.system ["touch {marker}"]')
    probs = problems_of(load_ships, write("ships.yaml", text), rules)
    assert not marker.exists()
    find(
        probs,
        "ships.yaml",
        line_of(text, "!!python"),
        "ships[0].notes",
        "unsupported YAML tag '!!python/object/apply:os.system'",
    )
    assert len(probs) == 1  # and no cascade of "expected text" on top


@pytest.mark.parametrize("tag", ["!!python/name:os.system", "!!binary", "!custom", "!!set"])
def test_other_tags(write, rules: RuleSet, tag: str) -> None:
    value = "{a, b}" if tag == "!!set" else "aGVsbG8="
    text = replace(SHIPS, "notes: Nelson's flagship.", f"notes: {tag} {value}")
    probs = problems_of(load_ships, write("ships.yaml", text), rules)
    find(probs, "ships.yaml", line_of(text, tag), "ships[0].notes", "unsupported YAML tag")


def test_tag_on_a_rules_file(write, work: Path) -> None:
    marker = work / "PWNED"
    text = f'id: !!python/object/apply:os.system ["touch {marker}"]\n'
    with pytest.raises(ContentError) as info:
        load_rules(write("rules/evil.yaml", text))
    assert not marker.exists()
    assert "rules/evil.yaml:1: id: unsupported YAML tag" in str(info.value)


def test_duplicate_mapping_keys(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "    hull: 140\n", "    hull: 140\n    hull: 150\n")
    probs = problems_of(load_ships, write("ships.yaml", text), rules)
    find(
        probs,
        "ships.yaml",
        line_of(text, "hull: 150"),
        "ships[1].hull",
        f"duplicate key 'hull' (first at line {line_of(text, 'hull: 140')})",
    )


def test_many_problems_are_all_reported(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "    hull: 180", "    hull: -5")
    text = replace(text, "    nation: french", "    nation: frnch")
    text = replace(text, "    musketry: 5", "    musketry: lots")
    probs = problems_of(load_ships, write("ships.yaml", text), rules)
    assert len(probs) == 3
    find(probs, "ships.yaml", line_of(text, "hull: -5"), "ships[0].hull", "must be in [1, 10000], got -5")
    find(probs, "ships.yaml", line_of(text, "frnch"), "ships[1].nation", "did you mean 'french'")
    find(probs, "ships.yaml", line_of(text, "lots"), "ships[2].musketry", "expected an integer, got 'lots'")


def test_anchors_and_merge_keys(write, rules: RuleSet) -> None:
    text = (
        SHIPS
        + """\
  - &frigate
    id: frigate_a
    name: Frigate A
    nation: british
    rate: 5th
    guns: 38
    large_share: 0.0
    hull: 80
    rigging: 40
    crew: 40
    musketry: 6
    quality: average
  - <<: *frigate
    id: frigate_b
    name: Frigate B
"""
    )
    ships = load_ships(write("ships.yaml", text), rules)
    assert ships["frigate_b"].guns == 38
    assert ships["frigate_b"].name == "Frigate B"


def test_alias_bomb_is_refused(write, rules: RuleSet) -> None:
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    probs = problems_of(load_ships, write("ships.yaml", "\n".join(lines) + "\n"), rules)
    assert any("too many values" in p for p in probs)


def test_recursive_alias(rules: RuleSet) -> None:
    ctx = Ctx("x.yaml")
    parse_text(ctx, "a: &a [1, *a]\n")
    assert any("recursive alias" in p for p in ctx.problems)


def test_deep_nesting_is_a_problem_not_a_crash() -> None:
    ctx = Ctx("x.yaml")
    assert parse_text(ctx, "[" * 5000 + "]" * 5000) is None
    assert ctx.problems and ctx.problems[0].startswith("x.yaml:1: (file): ")


def test_multiple_documents(write, rules: RuleSet) -> None:
    text = SHIPS + "---\nships: []\n"
    probs = problems_of(load_ships, write("ships.yaml", text), rules)
    assert len(probs) == 1 and "invalid YAML" in probs[0]


def test_paths_outside_the_working_directory_are_kept(
    tmp_path: Path, rules: RuleSet, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    p = tmp_path / "ships.yaml"
    p.write_text(replace(SHIPS, "    hull: 180", "    hull: 0"), encoding="utf-8")
    probs = problems_of(load_ships, p, rules)
    assert probs[0].startswith(f"{p}:{line_of(SHIPS, 'hull: 180')}: ships[0].hull: ")
    assert display_path(os.path.join("..", "ships.yaml")) == os.path.join("..", "ships.yaml")
    assert display_path(tmp_path / "cwd" / "sub" / "a.yaml") == "sub/a.yaml"


def test_utf16_is_refused_politely(write, rules: RuleSet) -> None:
    probs = problems_of(load_ships, write("ships.yaml", SHIPS.encode("utf-16")), rules)
    assert probs == ["ships.yaml:1: (file): UTF-16 text is not supported; save the file as UTF-8"]


def test_huge_numbers(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "large_share: 0.58", "large_share: " + "9" * 400)
    find(
        problems_of(load_ships, write("ships.yaml", text), rules),
        "ships.yaml",
        line_of(text, "9999"),
        "ships[0].large_share",
        "finite",
    )
