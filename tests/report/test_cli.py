"""``python main.py --report FILE [--out PATH]``: the report of a save or a log, written as PNG and HTML."""

from __future__ import annotations

import re
import struct

import pytest

import main


def png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_a_log_makes_a_png_and_a_self_contained_html_page_beside_it(duel_files, capsys):
    _, log = duel_files
    assert main.main(["--report", str(log)]) == 0
    png, html = log.with_name("duel-report.png"), log.with_name("duel-report.html")
    assert capsys.readouterr().out.split() == [str(png), str(html)]
    width, height = png_size(png)
    assert width == 1760 and 2400 < height < 6000  # 16 inches at 110 pixels an inch, and taller than wide
    assert 100_000 < png.stat().st_size < 4_000_000
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "</html>" in page
    assert not re.search(r"https?:", page, re.IGNORECASE)  # nothing to fetch
    assert "<script" not in page.lower() and "<link" not in page.lower() and "@import" not in page
    images = re.findall(r'<img [^>]*src="([^"]*)"', page)
    assert len(images) == 4 and all(src.startswith("data:image/png;base64,") for src in images)
    for name in ("USS Constitution", "HMS Guerriere", "The Duel", "How the points were earned"):
        assert name in page


def test_a_save_is_replayed_for_its_report_and_out_picks_the_file(duel_files, tmp_path, capsys):
    save, _ = duel_files
    out = tmp_path / "picked" / "report.html"
    assert main.main(["--report", str(save), "--out", str(out)]) == 0
    assert capsys.readouterr().out.split() == [str(out)]
    assert out.read_text(encoding="utf-8").count("data:image/png;base64,") == 4
    assert not (tmp_path / "picked" / "report.png").exists()
    folder = tmp_path / "both"
    folder.mkdir()
    assert main.main(["--report", str(save), "--out", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["duel-report.html", "duel-report.png"]


def test_a_damaged_log_is_one_line_naming_file_and_line_and_exit_2(duel_files, capsys):
    _, log = duel_files
    lines = log.read_text().splitlines()
    lines[5] = lines[5][: len(lines[5]) // 2]
    log.write_text("\n".join(lines) + "\n")
    assert main.main(["--report", str(log)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {log}:6: not a JSON event") and "\n" not in err
    assert not log.with_name("duel-report.png").exists()


@pytest.mark.parametrize(
    "args, words",
    [
        (["--out", "x.pdf"], "give a file ending in .png or .html"),
        ([], "file not found"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, capsys, args, words):
    assert main.main(["--report", str(tmp_path / "missing.jsonl"), *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_a_damaged_save_is_one_line_and_exit_2(duel_files, capsys):
    save, _ = duel_files
    save.write_text(save.read_text().replace("seed:", "seed: [", 1))
    assert main.main(["--report", str(save)]) == 2
    err = capsys.readouterr().err
    assert str(save) in err and err.count("\n") == 1


def test_a_log_of_another_rule_set_or_an_unknown_option_is_refused(duel_files, capsys):
    _, log = duel_files
    text = log.read_text()
    log.write_text(text.replace('"ruleset": "btq21"', '"ruleset": "cagway"', 1))
    assert main.main(["--report", str(log)]) == 2
    assert f"{log}:1: played under rule set 'cagway'" in capsys.readouterr().err
    log.write_text(text.replace('"log_format"', '"options": ["moonlight"], "log_format"', 1))
    assert main.main(["--report", str(log)]) == 2
    assert f"{log}:1: " in capsys.readouterr().err


def test_out_goes_with_report_only(capsys):
    assert main.main(["--out", "x.png"]) == 2
    assert "--out goes with --report" in capsys.readouterr().err


def test_an_unwritable_target_is_one_line_naming_it(duel_files, tmp_path, capsys):
    _, log = duel_files
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where a folder should be")
    assert main.main(["--report", str(log), "--out", str(blocked / "r.png")]) == 2
    err = capsys.readouterr().err
    assert str(blocked / "r.png") in err and err.count("\n") == 1


def test_an_odd_but_well_formed_log_still_draws(duel_files, tmp_path, capsys):
    """A flat table far from the usual one, ships off it, names with dollars, control codes and markup."""
    import json

    _, log = duel_files
    events = [json.loads(line) for line in log.read_text().splitlines()]
    setup = events[0]
    setup["table"] = {"width": 200, "height": 3}
    setup["ships"][0]["name"] = "$\\frac{a}{b}$ \x07 <script>x</script>" + "y" * 300
    setup["sides"][0]["name"] = "$$ & <b>"
    events.insert(3, {"type": "move", "ship": setup["ships"][1]["id"], "to": [1e8, -1e8, 720.0], "game_turn": 2})
    log.write_text("".join(json.dumps(e) + "\n" for e in events))
    out = tmp_path / "odd.html"
    assert main.main(["--report", str(log), "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "&lt;script&gt;" in page and "<script" not in page and "$$ &amp; &lt;b&gt;" in page
    png = tmp_path / "odd.png"
    assert main.main(["--report", str(log), "--out", str(png)]) == 0
    assert png_size(png)[0] == 1760
    assert capsys.readouterr().err == ""
