"""The report's charts beside the plan: damage over the turns, the dice's luck, the points, the ships' tallies.

Each draws on the matplotlib Axes it is given, in the report's parchment and
ink, so the same drawing serves the one-image report and the HTML page's
separate images.  No pyplot: these run on a worker thread.
"""

from __future__ import annotations

from typing import Any

from matplotlib.axes import Axes
from matplotlib.patches import Rectangle

from game.report import style
from game.report.account import CAUSES, Account, ShipAccount
from game.report.build import Report
from game.report.words import fate_line, luck_words, points, reason_line, result_line, side_name
from game.systems.account import AccountTerms

#: Lettering sizes, in points, at scale 1.
TITLE, TEXT, SMALL = 15.0, 11.0, 9.5


def _frame(ax: Axes, title: str, scale: float) -> None:
    """A chart's ground, rules and title in the report's manner."""
    ax.set_facecolor(style.PAPER)
    for spine in ("top", "right"):
        ax.spines[spine].set_visible(False)
    for spine in ("left", "bottom"):
        ax.spines[spine].set_color(style.INK_SOFT)
        ax.spines[spine].set_linewidth(0.8 * scale)
    ax.tick_params(colors=style.INK, labelsize=SMALL * scale, length=3 * scale, width=0.7 * scale)
    for label in ax.get_xticklabels() + ax.get_yticklabels():
        label.set_fontfamily(style.SERIF)
    ax.set_title(
        title, loc="left", fontsize=TITLE * scale, family=style.SERIF, style="italic", color=style.INK, pad=10 * scale
    )


def ship_inks(report: Report) -> dict[str, tuple[str, Any]]:
    """Each ship's line colour and dash: her side's ink in a shade of its own."""
    out: dict[str, tuple[str, Any]] = {}
    for side in report.account.sides:
        ships = [s for s in report.account.ships.values() if s.side == side]
        shades = style.shades(report.inks.get(side, style.INK), len(ships))
        for i, ship in enumerate(ships):
            out[ship.id] = (shades[i], style.DASHES[i % len(style.DASHES)])
    return out


def _spread_labels(ys: list[float], gap: float, floor: float = 0.0) -> list[float]:
    """Label heights for line ends at ``ys``, pushed apart to at least ``gap`` without changing their order.

    None goes below ``floor`` (the chart's foot), so no label sinks into the axis.
    """
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed = [ys[i] for i in order]
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + gap)
    shift = (sum(placed) - sum(ys[i] for i in order)) / max(1, len(placed))  # recentre the pushed-up stack
    out = [0.0] * len(ys)
    for k, i in enumerate(order):
        out[i] = placed[k] - shift
    # recentring may push the lowest under its neighbour again: settle once more from the bottom
    lowest = sorted(range(len(out)), key=lambda i: out[i])
    for a, b in zip(lowest, lowest[1:], strict=False):
        out[b] = max(out[b], out[a] + gap)
    if out and min(out) < floor:
        lift = floor - min(out)
        out = [y + lift for y in out]
    return out


def draw_damage(ax: Axes, report: Report, book: str, scale: float = 1.0) -> None:
    """Damage taken (``book`` "taken") or dealt ("dealt") by each ship, summed turn by turn, one line a ship."""
    acc = report.account
    inks = ship_inks(report)
    turns = list(range(0, acc.turns + 1))
    ends: list[tuple[float, str, str]] = []
    top = 1.0
    for ship in acc.ships.values():
        per_turn = ship.taken if book == "taken" else ship.dealt
        running, ys = 0, []
        for t in turns:
            running += sum(per_turn.get(t, {}).values())
            ys.append(running)
        if not running and ship.battery:
            continue
        colour, dash = inks[ship.id]
        ax.plot(turns, ys, color=colour, linestyle=dash, linewidth=2.0 * scale, zorder=3)
        ax.plot(turns[-1:], ys[-1:], "o", color=colour, markersize=4 * scale, zorder=4)
        ends.append((float(ys[-1]), ship.name, colour))
        top = max(top, running)
    _frame(
        ax,
        "Damage taken, by the end of each turn" if book == "taken" else "Damage dealt, by the end of each turn",
        scale,
    )
    ax.set_xlim(0, max(1, acc.turns) + max(1.0, acc.turns * 0.32))
    ax.set_ylim(0, top * 1.08)
    ax.set_xticks(turns if len(turns) <= 21 else turns[:: max(1, len(turns) // 10)])
    ax.set_xlabel("turn", fontsize=SMALL * scale, family=style.SERIF, color=style.INK)
    terms = acc.terms
    ax.set_ylabel(
        f"{terms.lost} lost" if book == "taken" else f"{terms.lost} {terms.struck_off} the enemy",
        fontsize=SMALL * scale,
        family=style.SERIF,
        color=style.INK,
    )
    ax.grid(axis="y", color=style.RULE, linewidth=0.5 * scale, alpha=0.6)
    ax.set_axisbelow(True)
    inches_high = ax.get_window_extent().height / style.dpi_of(ax)
    gap = (SMALL * scale * 1.3 / 72.0) * (top * 1.08) / max(inches_high, 0.1)  # a line of lettering, in data units
    labels = _spread_labels([e[0] for e in ends], gap)
    for (y, name, colour), ly in zip(ends, labels, strict=True):
        ax.annotate(
            f"{name}  {y:g}",
            xy=(acc.turns, y),
            xytext=(acc.turns + 0.35, ly),
            fontsize=SMALL * scale,
            family=style.SERIF,
            color=colour,
            va="center",
            annotation_clip=False,
            arrowprops={"arrowstyle": "-", "color": colour, "linewidth": 0.5 * scale, "alpha": 0.6},
        )


def draw_luck(ax: Axes, report: Report, scale: float = 1.0) -> None:
    """Each side's and each ship's hits against what their dice promised: to the right is luck, to the left none."""
    acc = report.account
    rows: list[tuple[str, Any, str, bool]] = []
    for side in acc.sides:
        rows.append((f"{side_name(acc, side)}", acc.side_luck(side), report.inks.get(side, style.INK), True))
        for ship in acc.ships.values():
            if ship.side == side and ship.luck.throws:
                rows.append((ship.name, ship.luck, report.inks.get(side, style.INK), False))
    unit = acc.terms.luck_unit
    _frame(ax, f"The dice: {unit} rolled beyond the {unit} expected", scale)
    n = len(rows)
    widest = 3.0
    for i, (_, tally, _, _) in enumerate(rows):
        y = n - 1 - i
        sd = tally.variance**0.5
        widest = max(widest, abs(tally.surplus) + 1, 2 * sd + 1)
        ax.add_patch(Rectangle((-2 * sd, y - 0.32), 4 * sd, 0.64, facecolor=style.RULE, alpha=0.25, linewidth=0))
        ax.add_patch(Rectangle((-sd, y - 0.32), 2 * sd, 0.64, facecolor=style.RULE, alpha=0.45, linewidth=0))
    for i, (_, tally, colour, bold) in enumerate(rows):
        y = n - 1 - i
        ax.plot(
            [0, tally.surplus],
            [y, y],
            color=colour,
            linewidth=(3.2 if bold else 2.0) * scale,
            zorder=3,
            solid_capstyle="butt",
        )
        ax.plot(
            [tally.surplus],
            [y],
            "o",
            color=colour,
            markersize=(8 if bold else 6) * scale,
            zorder=4,
            markeredgecolor=style.INK,
            markeredgewidth=0.6 * scale,
        )
        ax.text(
            widest * 1.04,
            y,
            f"{acc.terms.luck_count(tally.rolled)} of {tally.expected:.1f} expected",
            va="center",
            fontsize=SMALL * scale,
            family=style.SERIF,
            color=style.INK,
        )
    ax.axvline(0, color=style.INK, linewidth=0.9 * scale, zorder=2)
    ax.set_yticks(range(n))
    ax.set_yticklabels([r[0] for r in reversed(rows)])
    for tick, (_, _, colour, bold) in zip(ax.get_yticklabels(), list(reversed(rows)), strict=True):
        tick.set_color(colour)
        tick.set_fontweight("bold" if bold else "normal")
        tick.set_fontfamily(style.SERIF)
        tick.set_fontsize((TEXT if bold else SMALL) * scale)
    ax.set_xlim(-widest, widest)
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_xlabel(
        f"{unit} beyond expectation (the shaded bands: where the dice fall two times in three, and 19 in 20)",
        fontsize=SMALL * scale,
        family=style.SERIF,
        color=style.INK,
    )
    ax.spines["left"].set_visible(False)
    ax.tick_params(axis="y", length=0)


def draw_points(ax: Axes, report: Report, scale: float = 1.0) -> None:
    """Each side's points as a bar cut into what earned them: a ship struck, sunk, taken, escaped..."""
    acc = report.account
    sides = list(acc.sides)
    _frame(ax, "How the points were earned", scale)
    top = max([1.0, *acc.points.values(), *acc.points_by_entry().values()])
    for i, side in enumerate(sides):
        y = len(sides) - 1 - i
        x = 0.0
        entries = [e for e in acc.points_entries if e.side == side and e.points > 0]
        for k, entry in enumerate(entries):
            face = style.mix(report.inks.get(side, style.INK), style.PAPER, 0.1 + 0.22 * (k % 2))
            ax.add_patch(
                Rectangle(
                    (x, y - 0.34),
                    entry.points,
                    0.68,
                    facecolor=face,
                    edgecolor=style.PAPER,
                    linewidth=1.5 * scale,
                    zorder=3,
                )
            )
            words = f"{acc.name(entry.ship)}\n{entry.reason.replace('_', ' ')} {points(entry.points)}"
            if entry.points >= top * 0.09:
                ax.text(
                    x + entry.points / 2,
                    y,
                    words,
                    ha="center",
                    va="center",
                    fontsize=SMALL * 0.9 * scale,
                    family=style.SERIF,
                    color="white",
                    zorder=4,
                    clip_on=True,
                )
            x += entry.points
        total = acc.points.get(side, round(x, 1))
        ax.text(
            x + top * 0.01,
            y,
            f"{points(total)} points",
            va="center",
            fontsize=TEXT * scale,
            family=style.SERIF,
            color=style.INK,
            fontweight="bold",
        )
    ax.set_xlim(0, top * 1.18)
    ax.set_ylim(-0.6, len(sides) - 0.4)
    ax.set_yticks(range(len(sides)))
    ax.set_yticklabels([side_name(acc, s) for s in reversed(sides)])
    for tick, side in zip(ax.get_yticklabels(), list(reversed(sides)), strict=True):
        tick.set_color(report.inks.get(side, style.INK))
        tick.set_fontfamily(style.SERIF)
        tick.set_fontsize(TEXT * scale)
        tick.set_fontweight("bold")
    ax.spines["left"].set_visible(False)
    ax.tick_params(axis="y", length=0)
    ax.set_xlabel("points", fontsize=SMALL * scale, family=style.SERIF, color=style.INK)


# --- the tallies and the story, drawn as text --------------------------------------------------------------

TALLY_COLUMNS = (
    ("Ship", 0.0, "left"),
    ("Fate", 0.17, "left"),
    ("Taken: hull / rigging / crew", 0.385, "center"),
    ("Dealt: hull / rigging / crew", 0.55, "center"),
    ("Broadsides (hits)", 0.685, "center"),
    ("Rakes given / taken", 0.79, "center"),
    ("Criticals taken / given", 0.895, "center"),
    ("Boardings", 0.975, "center"),
)
#: Where the first column of numbers goes, and the most room between two, when a rule system leaves some out.
FIRST_NUMBERS, WIDEST_STEP = 0.385, 0.165


def tally_columns(terms: AccountTerms) -> tuple[tuple[str, float, str], ...]:
    """The tallies' columns for a rule system's terms: (title, x, alignment); those it has no use for left out.

    With every column (Beat to Quarters) they stand where :data:`TALLY_COLUMNS` puts them; with fewer the
    columns of numbers are spread from the first one's place to the right edge, no further apart than the
    first two.
    """
    tracks = " / ".join(t.name for t in terms.tracks)
    titles = [f"Taken: {tracks}", f"Dealt: {tracks}", f"{terms.firing.plural.capitalize()} ({terms.firing.score_name})"]
    titles += ["Rakes given / taken"] if terms.rakes else []
    titles += ["Criticals taken / given"] if terms.criticals else []
    titles += [terms.boardings]
    heads = [("Ship", 0.0, "left"), ("Fate", 0.17, "left")]
    if len(titles) == len(TALLY_COLUMNS) - 2:
        return tuple(heads + [(t, x, ha) for t, (_, x, ha) in zip(titles, TALLY_COLUMNS[2:], strict=True)])
    step = min(WIDEST_STEP, (TALLY_COLUMNS[-1][1] - FIRST_NUMBERS) / max(1, len(titles) - 1))
    return tuple(heads + [(t, FIRST_NUMBERS + i * step, "center") for i, t in enumerate(titles)])


def tally_row(acc: Account, ship: ShipAccount) -> list[str]:
    """A ship's line of the tallies table, as both the drawn report and the page print it."""
    terms = acc.terms
    taken = " / ".join(str(ship.taken_total(t.key)) for t in terms.tracks)
    dealt = " / ".join(str(ship.dealt_total(t.key)) for t in terms.tracks)
    boardings = str(ship.boardings) + (f" ({ship.prizes} taken)" if ship.prizes else "")
    row = [
        ship.name,
        fate_line(acc, ship),
        taken,
        dealt,
        f"{ship.broadsides} ({ship.hits})" if not ship.battery or ship.broadsides else "-",
    ]
    row += [f"{ship.rakes_given} / {ship.rakes_taken}"] if terms.rakes else []
    row += [f"{len(ship.criticals_taken)} / {ship.criticals_given}"] if terms.criticals else []
    return row + [boardings]


def tally_rows(report: Report) -> list[tuple[ShipAccount, list[str]]]:
    acc = report.account
    return [(ship, tally_row(acc, ship)) for side in acc.sides for ship in acc.ships.values() if ship.side == side]


def draw_tallies(ax: Axes, report: Report, scale: float = 1.0) -> None:
    """Every ship's tallies, a row each, grouped by side: fate, damage, firings, rakes, criticals, boardings."""
    ax.set_axis_off()
    ax.set_xlim(0, 1)
    rows = tally_rows(report)
    columns = tally_columns(report.account.terms)
    n = len(rows) + 1
    ax.set_ylim(0, n + 0.6)
    ax.text(
        0,
        n + 0.35,
        "The ships",
        fontsize=TITLE * scale,
        family=style.SERIF,
        style="italic",
        color=style.INK,
        va="center",
    )
    y = n - 0.4
    for title, x, ha in columns:
        ax.text(
            x,
            y,
            title,
            ha=ha,
            va="center",
            fontsize=SMALL * scale,
            family=style.SERIF,
            color=style.INK_SOFT,
            fontweight="bold",
        )
    ax.plot([0, 1], [y - 0.45, y - 0.45], color=style.INK, linewidth=0.8 * scale)
    for i, (ship, cells) in enumerate(rows):
        yy = y - 1 - i
        if i % 2 == 0:
            ax.add_patch(Rectangle((-0.005, yy - 0.5), 1.01, 1.0, facecolor=style.RULE, alpha=0.18, linewidth=0))
        for k, (cell, (_, x, ha)) in enumerate(zip(cells, columns, strict=True)):
            ink = report.inks.get(ship.side, style.INK) if k == 0 else style.INK
            ax.text(
                x,
                yy,
                cell,
                ha=ha,
                va="center",
                fontsize=SMALL * scale,
                family=style.SERIF,
                color=ink,
                fontweight="bold" if k == 0 else "normal",
                style="italic" if k == 1 else "normal",
            )


def story_lines(report: Report, most: int = 12) -> list[str]:
    """How it came about, turn by turn: the ships' ends and the heaviest firing (broadside, shot), in order."""
    acc = report.account
    told = [(m.turn, i, f"Turn {m.turn}: {m.text}") for i, m in enumerate(acc.moments)]
    if acc.heaviest is not None:
        turn, firer, target, hits, rake = acc.heaviest
        firing = acc.terms.firing
        words = (
            f"Turn {turn}: the heaviest {firing.name}, {acc.name(firer)}'s into {acc.name(target)}: "
            f"{hits} {firing.score_name}"
        )
        told.append((turn, -1, words + (", raking her." if rake else ".")))
    lines = [text for _, _, text in sorted(told)]
    if len(lines) > most:
        lines = lines[: most - 1] + [f"... and {len(lines) - most + 1} more"]
    return lines


def causes_line(acc: Account) -> str:
    """What the damage of the whole battle came from."""
    total = dict.fromkeys(CAUSES, 0)
    for ship in acc.ships.values():
        for cause, v in ship.taken_by.items():
            total[cause] = total.get(cause, 0) + v
    parts = [f"{acc.terms.cause_name(c)} {v}" for c, v in total.items() if v]
    return "Damage by cause: " + ("; ".join(parts) if parts else "none")


def draw_header(ax: Axes, report: Report, rows: int, scale: float = 1.0) -> None:
    """The result, why the battle ended and how it came about, at the head of the report (``rows`` of story)."""
    acc = report.account
    ax.set_axis_off()
    height = 1.3 + 0.22 * rows  # inches, as the layout gave it
    ax.set_xlim(0, 1)
    ax.set_ylim(-height, 0)
    ax.text(
        0,
        0,
        f"After-action report: {acc.title}",
        fontsize=22 * scale,
        family=style.SERIF,
        style="italic",
        fontweight="bold",
        color=style.INK,
        va="top",
    )
    ax.text(0, -0.5, result_line(acc) + ".", fontsize=15 * scale, family=style.SERIF, color=style.INK, va="top")
    ax.text(
        0,
        -0.83,
        reason_line(acc) + "  " + causes_line(acc) + ".",
        fontsize=TEXT * scale,
        family=style.SERIF,
        color=style.INK_SOFT,
        va="top",
    )
    story = story_lines(report, most=8) or ["Every ship came through the battle afloat."]
    half = (len(story) + 1) // 2
    for col, chunk in enumerate((story[:half], story[half:])):
        for i, line in enumerate(chunk):
            ax.text(
                0.5 * col, -1.22 - 0.22 * i, line, fontsize=TEXT * scale, family=style.SERIF, color=style.INK, va="top"
            )


def luck_sentences(report: Report) -> list[tuple[str, str]]:
    """Each side's luck in words, (side name, sentence)."""
    acc = report.account
    return [(side_name(acc, side), luck_words(acc.side_luck(side), acc.terms)) for side in acc.sides]
