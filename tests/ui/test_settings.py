"""The settings file: each value it holds is read on its own, and one it cannot take goes back to its default."""

from __future__ import annotations

import pytest

from game.ui.settings import Settings, read_settings


def _read(home, text: str) -> tuple[Settings, list[str]]:
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.yaml").write_text(text)
    return read_settings()


def test_good_values_are_kept(quarterdeck_home):
    s, notes = _read(quarterdeck_home, "grid: true\nanimation: fast\nvolume: 0.3\nfullscreen: true\nlater_key: 1\n")
    assert (s, notes) == (Settings(grid=True, animation="fast", volume=0.3, fullscreen=True), [])


def test_each_damaged_value_is_reset_and_named_the_others_kept(quarterdeck_home):
    s, notes = _read(quarterdeck_home, "grid: 1\nanimation: warp\nvolume: 0.25\nfullscreen: ~\n")
    assert s == Settings(volume=0.25)
    assert len(notes) == 1
    said = "grid (1) reset to False; animation ('warp') reset to normal; fullscreen (null) reset to False"
    assert notes[0].endswith(said)


@pytest.mark.parametrize(
    ("text", "volume", "note"),
    [
        ("volume: 3\n", 1.0, None),
        ("volume: -1\n", 0.0, None),
        ("volume: .inf\n", 1.0, None),
        ("volume: .nan\n", 0.6, "volume (nan) reset to 0.6"),
        ("volume: true\n", 0.6, "volume (true) reset to 0.6"),
        ("volume: '0.5'\n", 0.6, "volume ('0.5') reset to 0.6"),
        # A whole number too big for a float once stopped the game from starting.
        ("volume: " + "9" * 400 + "\n", 0.6, "reset to 0.6"),
    ],
)
def test_the_volume_is_clamped_and_anything_but_a_number_reset(quarterdeck_home, text, volume, note):
    s, notes = _read(quarterdeck_home, text)
    assert s.volume == volume
    assert (notes == []) if note is None else (len(notes) == 1 and notes[0].endswith(note))


def test_an_unknown_ui_scale_goes_back_to_automatic_and_a_known_one_is_kept(quarterdeck_home):
    s, notes = _read(quarterdeck_home, "ui_scale: '150'\n")
    assert s.ui_scale == "150" and notes == []
    s, notes = _read(quarterdeck_home, "ui_scale: huge\n")
    assert s.ui_scale == "auto" and "ui_scale ('huge') reset to auto" in notes[0]
