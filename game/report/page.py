"""The report as one self-contained HTML page: open it anywhere, send it to anyone, nothing to fetch.

Its images are PNGs inside the page (data URIs), its style is in the page,
and it has no script and no address of anything outside it.  Every word
that came from the battle's log (a ship's name, a side's) is escaped, since a
log may have been edited by anyone.
"""

from __future__ import annotations

import base64
from html import escape

from game.report import charts, compose, style
from game.report.account import CAUSES, OTHER
from game.report.build import Report
from game.report.words import luck_words, points, reason_line, result_line, side_name

#: The page's images are drawn at this resolution (pixels per inch of the 16-inch-wide layout).
PAGE_DPI = 90

CSS = f"""
body {{ background: {style.PARCHMENT}; color: {style.INK}; margin: 0;
       font-family: 'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Times New Roman', serif; }}
main {{ max-width: 1480px; margin: 0 auto; padding: 24px 32px 48px; }}
h1 {{ font-style: italic; font-size: 2.1em; margin: 0.2em 0 0.1em; }}
h2 {{ font-style: italic; font-weight: normal; font-size: 1.5em; margin: 1.6em 0 0.4em;
      border-bottom: 1px solid {style.RULE}; }}
p.result {{ font-size: 1.35em; margin: 0.2em 0; }}
p.reason, p.note {{ color: {style.INK_SOFT}; }}
ol.story {{ columns: 2; column-gap: 48px; padding-left: 1.2em; }}
img {{ width: 100%; height: auto; display: block; border: 1px solid {style.RULE}; }}
table {{ border-collapse: collapse; width: 100%; font-size: 0.95em; background: {style.PAPER}; }}
th {{ text-align: left; font-weight: bold; color: {style.INK_SOFT}; border-bottom: 2px solid {style.INK};
      padding: 6px 8px; }}
td {{ padding: 5px 8px; border-bottom: 1px solid {style.RULE}; }}
td.n, th.n {{ text-align: right; font-variant-numeric: tabular-nums; }}
tr.side td {{ font-weight: bold; }}
footer {{ margin-top: 2.5em; font-size: 0.85em; color: {style.INK_SOFT}; }}
"""


def _img(png: bytes, alt: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f'<img alt="{escape(alt)}" src="data:image/png;base64,{data}">'


def _ink(report: Report, side: str) -> str:
    return report.inks.get(side, style.INK)


def _ships_table(report: Report) -> str:
    acc = report.account
    terms = acc.terms
    head = [("Ship", ""), ("Side", ""), ("Fate", "")]
    head += [(f"Taken: {t.name}", "n") for t in terms.tracks] + [(f"Dealt: {t.name}", "n") for t in terms.tracks]
    head += [(terms.firing.plural.capitalize(), "n"), (terms.firing.score_name.capitalize(), "n")]
    head += [("Rakes given", "n"), ("Rakes taken", "n")] if terms.rakes else []
    head += [("Criticals taken", "n"), ("Criticals given", "n")] if terms.criticals else []
    head += [(terms.boardings, "n"), ("Prizes", "n")]
    head += [("Critical hits she took", "")] if terms.criticals else []
    rows = []
    for ship, cells in charts.tally_rows(report):
        values = [str(ship.taken_total(t.key)) for t in terms.tracks]
        values += [str(ship.dealt_total(t.key)) for t in terms.tracks]
        values += [str(ship.broadsides), str(ship.hits)]
        values += [str(ship.rakes_given), str(ship.rakes_taken)] if terms.rakes else []
        values += [str(len(ship.criticals_taken)), str(ship.criticals_given)] if terms.criticals else []
        values += [str(ship.boardings), str(ship.prizes)]
        crits = ", ".join(c.replace("_", " ") for c in ship.criticals_taken)
        rows.append(
            f'<tr><td style="color:{_ink(report, ship.side)}"><b>{escape(ship.name)}</b></td>'
            f"<td>{escape(side_name(acc, ship.side))}</td><td><i>{escape(cells[1])}</i></td>"
            + "".join(f'<td class="n">{v}</td>' for v in values)
            + (f"<td>{escape(crits)}</td>" if terms.criticals else "")
            + "</tr>"
        )
    return (
        "<table><tr>"
        + "".join(f'<th class="{k}">{escape(h)}</th>' for h, k in head)
        + "</tr>"
        + "".join(rows)
        + "</table>"
        + f'<p class="note">{_damage_note(report)}</p>'
    )


def _damage_note(report: Report) -> str:
    """What damage is counted in, what it came from over the whole battle, and what a ship's damage dealt is."""
    acc = report.account
    terms = acc.terms
    named = dict(terms.causes)
    causes = [c for c in CAUSES if c in named or any(s.taken_by.get(c, 0) for s in acc.ships.values())]
    by_cause = ", ".join(f"{c} {sum(s.taken_by.get(c, 0) for s in acc.ships.values())}" for c in causes)
    other = f" (other: {named[OTHER]})" if OTHER in named and OTHER in causes else ""
    criticals = ", the critical hits her shot brought included" if terms.criticals else ""
    return (
        f"Damage is counted in {_words(terms.measure)} lost. By cause, over the whole battle: {escape(by_cause)}"
        f"{_words(other)}. A ship's damage dealt is what her own {_words(terms.dealt_by)} "
        f"{_words(terms.struck_off)} the enemy{criticals}."
    )


def _words(text: str) -> str:
    """The rule system's own words, as the page sets them."""
    return escape(text, quote=False)


def _luck_table(report: Report) -> str:
    acc = report.account
    unit = acc.terms.luck_unit
    rows = []
    for side in acc.sides:
        tally = acc.side_luck(side)
        rows.append(
            f'<tr class="side"><td style="color:{_ink(report, side)}">{escape(side_name(acc, side))}</td>'
            f'<td class="n">{tally.throws}</td><td class="n">{tally.rolled}</td><td class="n">{tally.expected:.1f}</td>'
            f'<td class="n">{tally.surplus:+.1f}</td><td>{escape(luck_words(tally, acc.terms))}</td></tr>'
        )
        for ship in acc.ships.values():
            if ship.side == side and ship.luck.throws:
                t = ship.luck
                rows.append(
                    f'<tr><td style="color:{_ink(report, side)}">&nbsp;&nbsp;{escape(ship.name)}</td>'
                    f'<td class="n">{t.throws}</td><td class="n">{t.rolled}</td><td class="n">{t.expected:.1f}</td>'
                    f'<td class="n">{t.surplus:+.1f}</td><td>{escape(luck_words(t, acc.terms))}</td></tr>'
                )
    return (
        f'<table><tr><th></th><th class="n">Throws</th><th class="n">{_words(unit.capitalize())} rolled</th>'
        f'<th class="n">{_words(unit.capitalize())} expected</th>'
        '<th class="n">Difference</th><th>What it means</th></tr>' + "".join(rows) + "</table>"
        f'<p class="note">{_words(acc.terms.luck_note)}</p>'
    )


def _points_table(report: Report) -> str:
    acc = report.account
    rows = [
        f'<tr><td style="color:{_ink(report, e.side)}">{escape(side_name(acc, e.side))}</td>'
        f'<td>{escape(acc.name(e.ship))}</td><td>{escape(e.why)}</td><td class="n">{points(e.value)}</td>'
        f'<td class="n">{e.share:g}</td><td class="n">{points(round(e.points, 1))}</td></tr>'
        for e in acc.points_entries
    ]
    totals = ", ".join(f"{escape(side_name(acc, s))} {points(v)}" for s, v in acc.points.items())
    agree = (
        ""
        if acc.points_agree
        else (
            '<p class="note">These entries do not add up to the points the battle ended with: the log was played '
            "under another scenario or other tables than those in force, so how its points were earned cannot be "
            "told in full.</p>"
        )
    )
    return (
        '<table><tr><th>Scored by</th><th>For</th><th>How</th><th class="n">Her value</th><th class="n">Share</th>'
        '<th class="n">Points</th></tr>'
        + "".join(rows)
        + "</table>"
        + f'<p class="note">The battle\'s points: {totals or "none"}.</p>'
        + agree
    )


def html_page(report: Report) -> str:
    """The whole report as one HTML document."""
    acc = report.account
    story = "".join(f"<li>{escape(line)}</li>" for line in charts.story_lines(report, most=40))
    plan = compose.png_bytes(compose.one(report, compose.plan_section), PAGE_DPI)
    damage = compose.png_bytes(compose.one(report, compose.damage_section), PAGE_DPI)
    luck = compose.png_bytes(compose.one(report, compose.luck_section), PAGE_DPI)
    scored = compose.png_bytes(compose.one(report, compose.points_section), PAGE_DPI)
    seed = f", seed {acc.seed}" if acc.seed is not None else ""
    unit = acc.terms.luck_unit
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>After-action report: {escape(acc.title)}</title>
<style>{CSS}</style>
</head>
<body>
<main>
<h1>After-action report: {escape(acc.title)}</h1>
<p class="result">{escape(result_line(acc))}.</p>
<p class="reason">{escape(reason_line(acc))} Played {escape(report.played)}{escape(seed)}.</p>
<ol class="story">{story or "<li>Every ship came through the battle afloat.</li>"}</ol>
<h2>The plan of the action</h2>
{_img(plan, "The battle plan: every ship's course, turn by turn")}
<h2>The ships</h2>
{_ships_table(report)}
<h2>Damage, turn by turn</h2>
{_img(damage, "Damage taken and dealt by each ship, summed turn by turn")}
<h2>The luck of the dice</h2>
{_img(luck, f"{unit.capitalize()} rolled beyond the {unit} expected, by side and by ship")}
{_luck_table(report)}
<h2>How the points were earned</h2>
{_img(scored, "Each side's points, cut into what earned them")}
{_points_table(report)}
<footer>Drawn by Quarterdeck from the battle's log.</footer>
</main>
</body>
</html>
"""
