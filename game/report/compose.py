"""The report laid out: one tall image with everything (the PNG, the in-window view), or its parts one by one.

Sections are stacked top to bottom, each given its height in inches, on a
figure 16 inches wide; a figure is drawn with matplotlib's Agg canvas straight
to PNG bytes (never pyplot, whose global state is not for worker threads).
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

from game.report import charts, style
from game.report.build import Report
from game.report.plan import Pen, draw_plan, furniture, strip_height
from game.report.words import luck_words, side_name

# A name in a script the report's fonts lack (from a log) is lettered with boxes; matplotlib need not say so
# on the command line for every letter.
warnings.filterwarnings("ignore", message=r"Glyph \d+ .*missing from font", category=UserWarning)

#: The report's width in inches; its height follows from what it holds.
WIDTH = 16.0
#: Margins in inches: left (room for the names on the charts' axes), right, and between sections.
LEFT, RIGHT, GAP = 0.6, 0.5, 0.45
#: Resolution of an exported report (pixels per inch): 16 inches make 1760 pixels.
EXPORT_DPI = 110

Draw = Callable[[Figure, tuple[float, float, float, float]], None]


def inset(
    fig: Figure, rect: tuple[float, float, float, float], left: float, right: float, top: float, bottom: float
) -> tuple[float, float, float, float]:
    """``rect`` (figure fractions) less margins given in inches: room for titles, tick labels and axis names."""
    fw, fh = fig.get_figwidth(), fig.get_figheight()
    x, y, w, h = rect
    return x + left / fw, y + bottom / fh, w - (left + right) / fw, h - (top + bottom) / fh


def header_section(report: Report) -> tuple[float, Draw]:
    rows = max(1, (len(charts.story_lines(report, most=8)) + 1) // 2)

    def draw(fig: Figure, rect: tuple[float, float, float, float]) -> None:
        charts.draw_header(fig.add_axes(rect), report, rows)

    return 1.3 + 0.22 * rows, draw


def plan_section(report: Report) -> tuple[float, Draw]:
    width = WIDTH - LEFT - RIGHT
    pen = Pen.for_plan(report, width)
    place = furniture(report, pen)
    w, h = report.account.table
    tall = h * 1.04 + (strip_height(report, pen) if place.strip else 0.0)

    def draw(fig: Figure, rect: tuple[float, float, float, float]) -> None:
        draw_plan(fig.add_axes(rect), report, pen, place)

    return width * tall / (w * 1.04), draw


def tallies_section(report: Report) -> tuple[float, Draw]:
    rows = len(report.account.ships)

    def draw(fig: Figure, rect: tuple[float, float, float, float]) -> None:
        charts.draw_tallies(fig.add_axes(rect), report)

    return 0.34 * (rows + 2.6), draw


def damage_section(report: Report) -> tuple[float, Draw]:
    def draw(fig: Figure, rect: tuple[float, float, float, float]) -> None:
        x, y, w, h = rect
        half = w * 0.5
        taken = inset(fig, (x, y, half, h), 0.7, 1.9, 0.5, 0.65)
        dealt = inset(fig, (x + half, y, half, h), 0.7, 1.9, 0.5, 0.65)
        charts.draw_damage(fig.add_axes(taken), report, "taken")
        charts.draw_damage(fig.add_axes(dealt), report, "dealt")

    return 5.6, draw


def luck_section(report: Report) -> tuple[float, Draw]:
    acc = report.account
    rows = len(acc.sides) + sum(1 for s in acc.ships.values() if s.luck.throws)
    words = len(acc.sides) * 0.3 + 0.5

    def draw(fig: Figure, rect: tuple[float, float, float, float]) -> None:
        x, y, w, h = rect
        fig_h = fig.get_figheight()
        chart = inset(fig, (x, y + words / fig_h, w, h - words / fig_h), 2.3, 2.6, 0.5, 0.7)
        charts.draw_luck(fig.add_axes(chart), report)
        text = fig.add_axes((x, y, w, words / fig_h))
        text.set_axis_off()
        for i, side in enumerate(acc.sides):
            text.text(
                0.0,
                1 - (i + 0.5) / (len(acc.sides) + 0.8),
                f"{side_name(acc, side)}: {luck_words(acc.side_luck(side), acc.terms)}.",
                fontsize=charts.TEXT,
                family=style.SERIF,
                color=report.inks.get(side, style.INK),
                va="center",
            )

    return 0.36 * rows + 1.6 + words, draw


def points_section(report: Report) -> tuple[float, Draw]:
    n = len(report.account.sides)

    def draw(fig: Figure, rect: tuple[float, float, float, float]) -> None:
        charts.draw_points(fig.add_axes(inset(fig, rect, 2.3, 0.3, 0.5, 0.65)), report)

    return 0.85 * n + 1.3, draw


def footer_section(report: Report) -> tuple[float, Draw]:
    def draw(fig: Figure, rect: tuple[float, float, float, float]) -> None:
        ax = fig.add_axes(rect)
        ax.set_axis_off()
        acc = report.account
        terms = acc.terms
        note = (
            ""
            if acc.points_agree
            else (
                "  The points above are the game's own; how they were earned could not be worked out in full from this "
                "log (its scenario or tables are not those in force)."
            )
        )
        ax.text(
            0,
            0.5,
            f"Drawn by Quarterdeck from the battle's log: the luck of the dice counts {terms.luck_dice}; damage "
            f"put to a ship's account is what her own {terms.hands} {terms.struck_off} the enemy." + note,
            fontsize=8.5,
            family=style.SERIF,
            color=style.INK_SOFT,
            va="center",
            wrap=True,
        )

    return 0.5, draw


SECTIONS = (header_section, plan_section, tallies_section, damage_section, luck_section, points_section, footer_section)


def figure(report: Report, sections: tuple[Callable[[Report], tuple[float, Draw]], ...] = SECTIONS) -> Figure:
    """A figure holding ``sections`` of the report, top to bottom."""
    parts = [make(report) for make in sections]
    height = sum(h for h, _ in parts) + GAP * (len(parts) + 1)
    fig = Figure(figsize=(WIDTH, height), facecolor=style.PARCHMENT)
    FigureCanvasAgg(fig)
    top = height - GAP
    for h, draw in parts:
        rect = (LEFT / WIDTH, (top - h) / height, (WIDTH - LEFT - RIGHT) / WIDTH, h / height)
        draw(fig, rect)
        top -= h + GAP
    for text in fig.findobj(Text):
        text.set_parse_math(False)  # a '$' in a ship's name is a dollar, never the start of a formula
    return fig


def one(report: Report, section: Callable[[Report], tuple[float, Draw]]) -> Figure:
    """A figure of one section (the HTML page's images)."""
    return figure(report, (section,))


def png_bytes(fig: Figure, dpi: float = EXPORT_DPI) -> bytes:
    """The figure as PNG, made in memory; the file says what made it and nothing else (no address)."""
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi, facecolor=fig.get_facecolor(), metadata={"Software": "Quarterdeck"})
    return out.getvalue()


def rgb(fig: Figure, width_px: int) -> tuple[bytes, tuple[int, int]]:
    """The figure drawn ``width_px`` wide as raw RGB pixels and their size (for the window to show)."""
    fig.set_dpi(width_px / fig.get_figwidth())
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    buf = np.asarray(canvas.buffer_rgba())
    return buf[:, :, :3].tobytes(), (int(buf.shape[1]), int(buf.shape[0]))
