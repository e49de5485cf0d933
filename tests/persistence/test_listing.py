"""What the load window lists: the saves of a folder, newest first, and never the program's own files."""

from __future__ import annotations

import os

from game.persistence.listing import saves_in


def test_a_folder_lists_its_yaml_files_newest_first_but_not_the_settings_or_house_rules(tmp_path):
    for i, name in enumerate(("old.yaml", "new.yml", "settings.yaml", "house_rules.yaml", "notes.txt")):
        p = tmp_path / name
        p.write_text("x")
        os.utime(p, (1000 + i, 1000 + i))
    assert [p.name for p in saves_in(tmp_path)] == ["new.yml", "old.yaml"]


def test_a_folder_that_cannot_be_read_lists_nothing(tmp_path):
    assert saves_in(tmp_path / "missing") == []
