"""The battle plan: every ship's course over the whole battle, drawn as the engraved plans of the period.

A parchment table with its coasts and shoals waterlined in the old way, each
ship's track in her side's ink with her hull drawn where each turn left her
(numbered by the turn), the marks of how ships ended (struck, sunk, blown up,
taken, gone off the table), the wind, a compass rose, a scale of inches and a
title cartouche.  Drawn with matplotlib on the Axes it is given, never through
pyplot, so it can be drawn on a worker thread.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.patches import Circle, FancyArrow, FancyBboxPatch, Polygon, Rectangle

from game.report import style
from game.report.account import Account, ShipAccount
from game.report.build import Land, Report
from game.report.words import FATES, result_line, the

Pose = tuple[float, float, float]

COMPASS_POINTS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


def point_name(bearing: float) -> str:
    """A compass bearing as a point of the compass ('NE')."""
    return COMPASS_POINTS[int(((bearing % 360.0) + 11.25) // 22.5) % 16]


def _forward(heading: float) -> tuple[float, float]:
    h = math.radians(heading)
    return math.sin(h), math.cos(h)


def hull_outline(pose: Pose, length: float, width: float) -> list[tuple[float, float]]:
    """A ship's hull seen from above, bow towards her heading: a pointed bow, full shoulders, a square stern."""
    fx, fy = _forward(pose[2])
    sx, sy = fy, -fx  # starboard
    half_l, half_w = length / 2.0, width / 2.0
    local = [
        (half_l, 0.0),
        (half_l * 0.55, half_w * 0.92),
        (0.0, half_w),
        (-half_l * 0.8, half_w * 0.9),
        (-half_l, half_w * 0.7),
        (-half_l, -half_w * 0.7),
        (-half_l * 0.8, -half_w * 0.9),
        (0.0, -half_w),
        (half_l * 0.55, -half_w * 0.92),
    ]
    x, y = pose[0], pose[1]
    return [(x + a * fx + b * sx, y + a * fy + b * sy) for a, b in local]


def fort_outline(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """A four-bastioned fort, as plans mark a battery."""
    r, b = size / 2.0, size * 0.32
    out = []
    for k in range(4):
        a = math.radians(90 * k + 45)
        bx, by = x + (r + b) * math.cos(a), y + (r + b) * math.sin(a)  # the bastion's point
        a1, a2 = a - math.radians(45), a + math.radians(45)
        out += [
            (x + r * math.cos(a1) * 0.75, y + r * math.sin(a1) * 0.75),
            (bx, by),
            (x + r * math.cos(a2) * 0.75, y + r * math.sin(a2) * 0.75),
        ]
    return out


# --- lettering that keeps clear of the tracks and of other lettering ------------------------------------


#: Inches of table a figure inch of the plan shows for the usual 72-inch table (with its margins of 2% each
#: side) on a plan 14.9 inches wide, as the report lays it out.
USUAL = 72.0 * 1.04 / 14.9


@dataclass(frozen=True)
class Pen:
    """How large the plan's lettering and furniture come out.

    ``scale`` multiplies lettering and line widths (points); ``u`` is the length of the table that looks as
    long as an inch does on the usual table's plan, so that on a larger table the marks, the key and the
    cartouche keep their size on paper.
    """

    scale: float = 1.0
    u: float = 1.0

    @staticmethod
    def for_plan(report: Report, inches: float, scale: float = 1.0) -> Pen:
        """The pen for a plan whose axes are ``inches`` wide (the table and its margins)."""
        width = report.account.table[0]
        return Pen(scale, max(0.05, width * 1.04 / max(inches, 0.1) / USUAL))


def track_points(report: Report) -> np.ndarray:
    """Points along every ship's course, close enough together that no stretch of a track is missed."""
    pts: list[tuple[float, float]] = []
    for ship in report.account.ships.values():
        course = [(x, y) for _, x, y, _h in ship.course]
        for (ax0, ay0), (ax1, ay1) in zip(course, course[1:], strict=False):
            n = max(1, min(200, int(math.dist((ax0, ay0), (ax1, ay1)) / 0.4)))
            pts += [(ax0 + (ax1 - ax0) * k / n, ay0 + (ay1 - ay0) * k / n) for k in range(n)]
        pts += course[-1:]
        if ship.course and not ship.battery:  # her hull where the battle found her, and where it left her
            length, beam = ship.base if ship.base[0] > 0 else (2.0, 0.8)
            for pose in (ship.course[0][1:], ship.course[-1][1:]):
                pts += hull_outline(pose, length * 1.6, beam * 2.5)
    return np.array(pts, dtype=float).reshape(-1, 2)


Box = tuple[float, float, float, float]


class Lettering:
    """Places the plan's words: of the places offered for each, the one over the fewest tracks, hulls and words."""

    def __init__(self, ax: Axes, report: Report) -> None:
        self.ax = ax
        box = ax.get_window_extent()
        x0, x1 = ax.get_xlim()
        self.per_point = (x1 - x0) / max(1.0, box.width * 72.0 / style.dpi_of(ax))  # table inches per typographic point
        self.width, self.height = report.account.table
        self.points = track_points(report)
        self.placed: list[tuple[float, float, float, float]] = []

    def _box(self, x: float, y: float, text: str, size: float, ha: str, va: str) -> tuple[float, float, float, float]:
        lines = text.split("\n")
        w = max(len(line) for line in lines) * size * 0.5 * self.per_point
        h = len(lines) * size * 1.15 * self.per_point
        x0 = x - w / 2 if ha == "center" else x - w if ha == "right" else x
        y0 = y - h / 2 if va == "center" else y - h if va == "top" else y
        return x0, y0, x0 + w, y0 + h

    def avoid(self, points: Sequence[tuple[float, float]], weight: int = 1) -> None:
        """More points for words to keep off (a hull's outline counts ``weight`` times)."""
        more = np.array(list(points) * weight, dtype=float).reshape(-1, 2)
        self.points = np.concatenate([self.points, more])

    def keep_clear(self, box: tuple[float, float, float, float]) -> None:
        """Mark a region (a cartouche, a rose) that later words should avoid."""
        self.placed.append(box)

    def cost(self, box: tuple[float, float, float, float]) -> float:
        x0, y0, x1, y1 = box
        p = self.points
        inside = float(np.count_nonzero((p[:, 0] >= x0) & (p[:, 0] <= x1) & (p[:, 1] >= y0) & (p[:, 1] <= y1)))
        overlap = 0.0
        for a0, b0, a1, b1 in self.placed:
            dx, dy = min(x1, a1) - max(x0, a0), min(y1, b1) - max(y0, b0)
            if dx > 0 and dy > 0:
                overlap += dx * dy
        off = max(0.0, -x0) + max(0.0, x1 - self.width) + max(0.0, -y0) + max(0.0, y1 - self.height)
        return inside + overlap * 6.0 + off * 20.0

    def put(
        self, x: float, y: float, text: str, size: float, offsets: Sequence[tuple[float, float]], **style_: Any
    ) -> None:
        """``text`` at the best of ``offsets`` from (x, y), each aligned away from the point it names."""
        best: tuple[float, float, float, str, str, tuple[float, float, float, float]] | None = None
        for i, (dx, dy) in enumerate(offsets):
            ha = "left" if dx > 0.2 else "right" if dx < -0.2 else "center"
            va = "bottom" if dy > 0.2 else "top" if dy < -0.2 else "center"
            box = self._box(x + dx, y + dy, text, size, ha, va)
            c = self.cost(box) + i * 0.01  # the first offered wins a tie
            if best is None or c < best[0]:
                best = (c, x + dx, y + dy, ha, va, box)
        assert best is not None
        _, bx, by, ha, va, box = best
        self.placed.append(box)
        self.ax.text(bx, by, text, ha=ha, va=va, fontsize=size, clip_on=True, **style_)


def around(distance: float, heading: float = 0.0) -> list[tuple[float, float]]:
    """Eight places round a point, ``distance`` away, the first abeam of ``heading`` to starboard."""
    out = []
    for k in (0, 4, 1, 7, 3, 5, 2, 6):
        a = math.radians(heading + 90.0 + k * 45.0)
        out.append((distance * math.sin(a), distance * math.cos(a)))
    return out


# --- the ground --------------------------------------------------------------------------------------


def _parchment(ax: Axes, width: float, height: float) -> None:
    """A sheet of parchment: lighter in the middle, browning towards the edges, with a faint grain."""
    ny, nx = 240, int(240 * width / max(height, 1e-6))
    y, x = np.mgrid[0:ny, 0:nx]
    u, v = x / max(nx - 1, 1) * 2 - 1, y / max(ny - 1, 1) * 2 - 1
    edge = np.clip(np.maximum(np.abs(u), np.abs(v)) ** 6 * 0.8 + (u * u + v * v) * 0.12, 0, 1)
    grain = 0.5 + 0.25 * np.sin(x * 0.37 + np.sin(y * 0.11) * 3) * np.sin(y * 0.23 + np.cos(x * 0.05) * 2)
    light, dark = np.array(style._rgb(style.PARCHMENT)), np.array(style._rgb(style.PARCHMENT_DARK))
    t = np.clip(edge + (grain - 0.5) * 0.08, 0, 1)[..., None]
    ax.imshow(
        light * (1 - t) + dark * t,
        extent=(0, width, 0, height),
        origin="lower",
        zorder=0,
        interpolation="bilinear",
        aspect="auto",
    )


def _land(ax: Axes, land: Sequence[Land], pen: Pen) -> None:
    """Coasts and islands shaded and waterlined, shoals stippled, each named in italics."""
    for piece in land:
        pts = list(piece.points)
        if len(pts) < 3:
            continue
        if piece.kind == "shoal":
            ax.add_patch(
                Polygon(
                    pts,
                    closed=True,
                    facecolor="none",
                    edgecolor=style.SHOAL,
                    hatch="....",
                    linewidth=0.8,
                    linestyle=(0, (2, 2)),
                    zorder=2,
                )
            )
        else:
            for k, (lw, alpha) in enumerate(((22, 0.10), (14, 0.16), (8, 0.22), (4, 0.35))):
                ax.add_patch(
                    Polygon(
                        pts,
                        closed=True,
                        facecolor="none",
                        edgecolor=style.WATERLINE,
                        linewidth=lw * pen.scale,
                        alpha=alpha,
                        zorder=1 + k * 0.01,
                        joinstyle="round",
                    )
                )
            land_patch = Polygon(
                pts,
                closed=True,
                facecolor=style.LAND,
                edgecolor=style.LAND_EDGE,
                linewidth=1.2,
                zorder=2,
                hatch="//////",
                hatchcolor=style.LAND_HATCH,
            )
            land_patch.set_hatch_linewidth(0.5 * pen.scale)
            ax.add_patch(land_patch)
        if piece.name:
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            ax.text(
                cx,
                cy,
                piece.name,
                ha="center",
                va="center",
                fontsize=11 * pen.scale,
                style="italic",
                family=style.SERIF,
                color=style.INK,
                zorder=3,
                path_effects=[
                    patheffects.withStroke(
                        linewidth=3 * pen.scale, foreground=style.LAND if piece.kind != "shoal" else style.PARCHMENT
                    )
                ],
            )


def _border(ax: Axes, width: float, height: float, pen: Pen) -> None:
    """The table's edge as a plan's neat line: a heavy rule inside a fine one, ticked every six inches."""
    ax.add_patch(Rectangle((0, 0), width, height, fill=False, edgecolor=style.INK, linewidth=2.2 * pen.scale, zorder=8))
    m = min(width, height) * 0.012
    ax.add_patch(
        Rectangle(
            (-m, -m),
            width + 2 * m,
            height + 2 * m,
            fill=False,
            edgecolor=style.INK,
            linewidth=0.7 * pen.scale,
            zorder=8,
            clip_on=False,
        )
    )
    every = 6.0 * math.ceil(max(width, height) / 360.0)  # six inches, or a multiple on a very large table
    for x in np.arange(every, width, every):
        for y0, y1 in ((0, m * 0.9), (height, height - m * 0.9)):
            ax.plot([x, x], [y0, y1], color=style.INK, linewidth=0.7 * pen.scale, zorder=8)
    for y in np.arange(every, height, every):
        for x0, x1 in ((0, m * 0.9), (width, width - m * 0.9)):
            ax.plot([x0, x1], [y, y], color=style.INK, linewidth=0.7 * pen.scale, zorder=8)


# --- the furniture of a plan ---------------------------------------------------------------------------


def _compass_rose(ax: Axes, cx: float, cy: float, r: float, pen: Pen) -> None:
    """A sixteen-point rose: the cardinal points longest, each point half dark, half light, north marked."""
    for ring, lw in ((r * 1.08, 1.0), (r * 1.0, 0.5), (r * 0.3, 0.5)):
        ax.add_patch(Circle((cx, cy), ring, fill=False, edgecolor=style.INK, linewidth=lw * pen.scale, zorder=9))
    for k in range(16):
        a = math.radians(k * 22.5)
        length = r * (1.0 if k % 4 == 0 else 0.72 if k % 2 == 0 else 0.5)
        half = math.radians(9 if k % 4 == 0 else 7)
        tip = (cx + length * math.sin(a), cy + length * math.cos(a))
        root = r * (0.16 if k % 4 == 0 else 0.12)
        left = (cx + root * math.sin(a - half * 4), cy + root * math.cos(a - half * 4))
        right = (cx + root * math.sin(a + half * 4), cy + root * math.cos(a + half * 4))
        z = 10 if k % 4 == 0 else 9.6 if k % 2 == 0 else 9.3
        for half_point, face in (([(cx, cy), left, tip], style.INK), ([(cx, cy), tip, right], style.PAPER)):
            ax.add_patch(
                Polygon(half_point, closed=True, facecolor=face, edgecolor=style.INK, linewidth=0.4 * pen.scale,
                        zorder=z)
            )
    ax.text(
        cx,
        cy + r * 1.2,
        "N",
        ha="center",
        va="bottom",
        fontsize=15 * pen.scale,
        family=style.SERIF,
        fontweight="bold",
        color=style.INK,
        zorder=10,
    )


def _wind(ax: Axes, acc: Account, cx: float, cy: float, r: float, pen: Pen) -> None:
    """The wind as an arrow blowing across a small disc, with where it came from and any change in words."""
    frm = acc.winds[-1][1] if acc.winds else acc.wind_from
    first = acc.winds[0][1] if acc.winds else acc.wind_from
    ax.add_patch(
        Circle((cx, cy), r, facecolor=style.PAPER, edgecolor=style.INK, linewidth=0.8 * pen.scale, zorder=9, alpha=0.9)
    )
    for bearing, colour, width in ((first, style.INK_SOFT, 0.06), (frm, style.INK, 0.09)):
        if bearing == frm and colour == style.INK_SOFT and len(acc.winds) <= 1:
            continue
        dx, dy = _forward(bearing + 180.0)  # the way it blows
        ax.add_patch(
            FancyArrow(
                cx - dx * r * 0.8,
                cy - dy * r * 0.8,
                dx * r * 1.5,
                dy * r * 1.5,
                width=r * width,
                head_width=r * 0.42,
                head_length=r * 0.4,
                length_includes_head=True,
                color=colour,
                zorder=10,
            )
        )
    words = f"Wind {point_name(first)}"
    changes = [(t, f) for t, f in acc.winds[1:]]
    if changes:
        words += "".join(f",\n{point_name(f)} from turn {t}" for t, f in changes[-2:])
    ax.text(
        cx,
        cy - r * 1.15,
        words,
        ha="center",
        va="top",
        fontsize=10 * pen.scale,
        style="italic",
        family=style.SERIF,
        color=style.INK,
        zorder=10,
    )


def bar_length(u: float) -> float:
    """A scale of inches about 12 inches of the usual plan long, in a round number of inches."""
    return min((6.0, 12.0, 24.0, 48.0, 96.0, 192.0, 384.0), key=lambda v: abs(math.log(v / (12.0 * u))))


def _scale_bar(ax: Axes, x: float, y: float, length: float, pen: Pen) -> None:
    """A scale of inches in six alternate blocks, as a plan's scale of miles."""
    step = length / 6.0
    h = 0.45 * pen.u
    for i, x0 in enumerate(np.arange(0.0, length - 1e-9, step)):
        ax.add_patch(
            Rectangle(
                (x + x0, y),
                step,
                h,
                facecolor=style.INK if i % 2 == 0 else style.PAPER,
                edgecolor=style.INK,
                linewidth=0.7 * pen.scale,
                zorder=9,
            )
        )
    for v in (0.0, length / 2.0, length):
        ax.text(
            x + v,
            y - 0.35 * pen.u,
            f"{v:g}",
            ha="center",
            va="top",
            fontsize=9 * pen.scale,
            family=style.SERIF,
            color=style.INK,
            zorder=9,
        )
    ax.text(
        x + length / 2,
        y + h + 0.35 * pen.u,
        "Scale of Inches",
        ha="center",
        va="bottom",
        fontsize=10 * pen.scale,
        style="italic",
        family=style.SERIF,
        color=style.INK,
        zorder=9,
    )


def _cartouche(ax: Axes, report: Report, x: float, y: float, w: float, h: float, pen: Pen) -> None:
    """The title in a ruled frame: the plan of which action, between whom, how it ended, when it was played."""
    acc = report.account
    for pad, lw, face in ((0.0, 1.6, style.PAPER), (0.35 * pen.u, 0.6, "none")):
        ax.add_patch(
            FancyBboxPatch(
                (x + pad, y + pad),
                w - 2 * pad,
                h - 2 * pad,
                boxstyle=f"round,pad=0,rounding_size={0.6 * pen.u}",
                facecolor=face,
                edgecolor=style.INK,
                linewidth=lw * pen.scale,
                zorder=11,
                alpha=0.96,
            )
        )
    cx = x + w / 2
    sides = list(acc.sides)
    between = " and ".join(the(acc.sides[s]) for s in sides) if len(sides) <= 3 else f"{len(sides)} fleets"
    lines: list[tuple[str, float, dict[str, Any]]] = [
        ("A  PLAN  of the  ACTION", 0.16, {"fontsize": 11 * pen.scale, "family": style.SERIF}),
        (acc.title, 0.34, {"fontsize": 19 * pen.scale, "family": style.SERIF, "style": "italic", "fontweight": "bold"}),
        (f"between {between}", 0.52, {"fontsize": 10.5 * pen.scale, "family": style.SERIF, "style": "italic"}),
        (result_line(acc), 0.68, {"fontsize": 10.5 * pen.scale, "family": style.SERIF}),
        (_imprint(report), 0.84, {"fontsize": 9 * pen.scale, "family": style.SERIF, "color": style.INK_SOFT}),
    ]
    for text, at, kw in lines:
        ax.text(cx, y + h * (1 - at), text, ha="center", va="center", color=kw.pop("color", style.INK), zorder=12, **kw)


def _imprint(report: Report) -> str:
    acc = report.account
    bits = [f"{acc.turns} turn{'s' if acc.turns != 1 else ''}"]
    if acc.seed is not None:
        bits.append(f"seed {acc.seed}")
    bits.append(f"played {report.played}")
    return "  \u00b7  ".join(bits)


def _key(ax: Axes, report: Report, x: float, y: float, pen: Pen) -> float:
    """The sides' inks and the marks of how ships ended, as a plan's references; returns its height."""
    acc = report.account
    u = pen.u
    row = 1.05 * u
    yy = y
    for side, name in acc.sides.items():
        ink = report.inks.get(side, style.INK)
        ax.plot([x, x + 2.4 * u], [yy, yy], color=ink, linewidth=2.0 * pen.scale, zorder=11, solid_capstyle="round")
        ax.add_patch(
            Polygon(
                hull_outline((x + 1.2 * u, yy, 90.0), 1.6 * u, 0.6 * u),
                closed=True,
                facecolor=ink,
                edgecolor=style.INK,
                linewidth=0.6 * pen.scale,
                zorder=12,
            )
        )
        ax.text(
            x + 3.0 * u, yy, name, va="center", fontsize=10 * pen.scale, family=style.SERIF, color=style.INK, zorder=12
        )
        yy -= row
    return y - yy


# --- the ships ---------------------------------------------------------------------------------------


def _turn_ends(ship: ShipAccount, turns: int) -> list[tuple[int, Pose]]:
    """Her pose at the end of each turn she moved in (and where the battle found her, as turn 0)."""
    if not ship.course:
        return []
    at_end: dict[int, Pose] = {}
    for t, x, y, h in ship.course:  # in order: the last pose of each turn is where it left her
        at_end[t] = (x, y, h)
    spacing = max(0.25, 0.6 * (ship.base[0] if ship.base[0] > 0 else 2.0))  # hulls drawn clear of each other
    out: list[tuple[int, Pose]] = [(0, ship.course[0][1:])]
    last = out[0][1]
    pose = last
    for t in range(1, turns + 1):
        pose = at_end.get(t, pose)
        if math.dist(pose[:2], last[:2]) > spacing or abs((pose[2] - last[2] + 180) % 360 - 180) > 30:
            out.append((t, pose))
            last = pose
    return out


def _halo(points: float, width: float = 3.0) -> list[Any]:
    return [patheffects.withStroke(linewidth=width * points, foreground=style.PARCHMENT)]


def _battery(ax: Axes, report: Report, ship: ShipAccount, words: Lettering, pen: Pen) -> None:
    if not ship.course:
        return
    ink = report.inks.get(ship.side, style.INK)
    size = max(ship.base[0], 1.6)
    x, y = ship.course[0][1], ship.course[0][2]
    silenced = ship.fate == "destroyed"
    ax.add_patch(
        Polygon(
            fort_outline(x, y, size),
            closed=True,
            facecolor=style.PAPER if silenced else ink,
            edgecolor=style.INK,
            linewidth=0.9 * pen.scale,
            zorder=6,
            hatch="xxxx" if silenced else None,
        )
    )
    label = ship.name + (f"\nsilenced, turn {ship.fate_turn}" if silenced else "")
    words.put(
        x,
        y,
        label,
        9.5 * pen.scale,
        around(size * 1.1),
        style="italic",
        family=style.SERIF,
        color=style.INK,
        zorder=7,
        path_effects=_halo(pen.scale),
    )


def _hulls(ax: Axes, report: Report, ship: ShipAccount, words: Lettering, pen: Pen) -> list[tuple[int, Pose]]:
    """Her track and her hull where each turn left her; the turn-end poses drawn."""
    ink = report.inks.get(ship.side, style.INK)
    length, beam = ship.base if ship.base[0] > 0 else (2.0, 0.8)
    xs = [p[1] for p in ship.course]
    ys = [p[2] for p in ship.course]
    ax.plot(
        xs,
        ys,
        color=ink,
        linewidth=1.5 * pen.scale,
        zorder=4,
        solid_joinstyle="round",
        path_effects=_halo(pen.scale, 3.2),
    )
    ends = _turn_ends(ship, report.account.turns)
    for i, (t, pose) in enumerate(ends):
        final, start = i == len(ends) - 1, t == 0
        outline = hull_outline(pose, length, beam)
        words.avoid([*outline, pose[:2]], weight=2)
        ax.add_patch(
            Polygon(
                outline,
                closed=True,
                facecolor=style.PAPER if start else ink if final else style.mix(ink, style.PAPER, 0.25),
                edgecolor=style.INK,
                linewidth=(1.1 if final or start else 0.5) * pen.scale,
                zorder=6 if final else 5,
            )
        )
    return ends


def _numbers(report: Report, ship: ShipAccount, ends: list[tuple[int, Pose]], words: Lettering, pen: Pen) -> None:
    ink = report.inks.get(ship.side, style.INK)
    beam = ship.base[1] if ship.base[1] > 0 else 0.8
    for t, pose in ends:
        if t == 0:
            continue
        off = beam * 0.5 + 0.35 * pen.u
        words.put(
            pose[0],
            pose[1],
            str(t),
            7.5 * pen.scale,
            around(off, pose[2])[:4],
            family=style.SERIF,
            color=ink,
            zorder=7,
            path_effects=_halo(pen.scale, 2.0),
        )


def _name(report: Report, ship: ShipAccount, words: Lettering, pen: Pen) -> None:
    if not ship.course:
        return
    ink = report.inks.get(ship.side, style.INK)
    x, y, heading = ship.course[0][1:]
    length = ship.base[0] if ship.base[0] > 0 else 2.0
    fx, fy = _forward(heading)
    astern = (-fx * length * 0.75, -fy * length * 0.75)
    offers = [astern, *around(length * 0.75, heading)]
    words.put(
        x,
        y,
        ship.name,
        10.5 * pen.scale,
        offers,
        style="italic",
        family=style.SERIF,
        color=ink,
        zorder=7,
        fontweight="bold",
        path_effects=_halo(pen.scale),
    )


def _near_table(report: Report, x: float, y: float, margin: float = 3.0) -> bool:
    width, height = report.account.table
    return -margin <= x <= width + margin and -margin <= y <= height + margin


def _fate_mark(ax: Axes, report: Report, ship: ShipAccount, pose: Pose, words: Lettering, pen: Pen) -> None:
    """How she ended, marked where she was: sunk, blown up, struck, taken, aground, gone off the table."""
    x, y, heading = pose
    fate = ship.fate
    ink = report.inks.get(ship.side, style.INK)
    lw, k = 1.3 * pen.scale, pen.u  # k: the marks keep their size on paper whatever the table's
    if fate == "sunk":
        ax.add_patch(Circle((x, y), 0.8 * k, facecolor="none", edgecolor=style.INK, linewidth=lw, zorder=8))
        for sx in (1, -1):
            d = 0.57 * k
            ax.plot([x - d, x + d], [y - d * sx, y + d * sx], color=style.INK, linewidth=lw, zorder=8)
    elif fate == "exploded":
        burst = []
        for n in range(24):
            a = math.radians(n * 15)
            r = (1.3 if n % 2 == 0 else 0.5) * k
            burst.append((x + r * math.sin(a), y + r * math.cos(a)))
        ax.add_patch(
            Polygon(
                burst,
                closed=True,
                facecolor=style.FIRE,
                edgecolor=style.INK,
                linewidth=0.8 * pen.scale,
                zorder=8,
                alpha=0.9,
            )
        )
    elif fate in ("struck", "captured"):
        # her colours: hauled down (struck, a white flag) or the captor's flying over her (taken)
        colour = report.inks.get(ship.side_now, ink) if fate == "captured" else style.PAPER
        fx, fy = _forward(heading)
        px, py = x - fx * 0.2 * k, y - fy * 0.2 * k
        ax.plot([px, px], [py, py + 1.6 * k], color=style.INK, linewidth=1.1 * pen.scale, zorder=8)
        ax.add_patch(
            Polygon(
                [(px, py + 1.6 * k), (px + 1.0 * k, py + 1.35 * k), (px, py + 1.1 * k)],
                closed=True,
                facecolor=colour,
                edgecolor=style.INK,
                linewidth=0.8 * pen.scale,
                zorder=8,
            )
        )
    elif fate == "aground":
        for dx in (-0.5 * k, 0.0, 0.5 * k):
            ax.plot([x + dx - 0.3 * k, x + dx + 0.3 * k], [y - 0.8 * k] * 2, color=style.INK, linewidth=lw, zorder=8)
        ax.plot([x - 0.6 * k, x + 0.6 * k], [y - 0.6 * k, y + 0.6 * k], color=style.INK, linewidth=lw, zorder=8)
    elif fate == "left_table":
        fx, fy = _forward(heading)
        ax.add_patch(
            FancyArrow(
                x,
                y,
                fx * 2.0 * k,
                fy * 2.0 * k,
                width=0.12 * k,
                head_width=0.7 * k,
                head_length=0.7 * k,
                color=ink,
                zorder=8,
                length_includes_head=True,
                clip_on=not _near_table(report, x, y),  # over the table's edge as she sails off it
            )
        )
    word = FATES.get(fate, fate)
    if fate == "captured":
        word = "taken" if ship.side_now != ship.side else "retaken"
    label = f"{word}, turn {ship.fate_turn}" if ship.fate_turn is not None else word
    words.put(
        x,
        y,
        label,
        8.5 * pen.scale,
        around(1.4 * pen.u),
        style="italic",
        family=style.SERIF,
        color=style.INK,
        zorder=9,
        path_effects=_halo(pen.scale, 2.5),
    )


# --- placing the furniture where the battle was not ------------------------------------------------------


def _share_of(report: Report, box: Box, kinds: tuple[str, ...]) -> float:
    """The share of ``box`` covered by terrain of these kinds (sampled on a grid)."""
    from matplotlib.path import Path

    x0, y0, x1, y1 = box
    gx, gy = np.meshgrid(np.linspace(x0, x1, 12), np.linspace(y0, y1, 8))
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    on = np.zeros(len(pts), dtype=bool)
    for piece in report.land:
        if piece.kind in kinds and len(piece.points) >= 3:
            on |= Path(np.array(piece.points)).contains_points(pts)
    return float(on.mean())


@dataclass(frozen=True)
class Furniture:
    """Where the cartouche, the rose with the wind, and the key with the scale go; None: in a strip below."""

    cartouche: Box | None
    rose: Box | None
    key: Box | None

    @property
    def strip(self) -> bool:
        return self.cartouche is None


#: Sizes of the furniture, in inches of the usual table (width, height), to be multiplied by the pen's ``u``.
CARTOUCHE = (30.0, 9.5)
ROSE_RADIUS = 3.6
KEY_WIDTH = 15.0


def _sizes(report: Report, u: float) -> tuple[tuple[float, float], float, tuple[float, float]]:
    """The cartouche (w, h), the rose's radius and the key (w, h), in inches of this table."""
    return (
        (CARTOUCHE[0] * u, CARTOUCHE[1] * u),
        ROSE_RADIUS * u,
        (KEY_WIDTH * u, (2.6 + 1.05 * len(report.account.sides)) * u),
    )


def furniture(report: Report, pen: Pen) -> Furniture:
    """Clear places on the table for the plan's furniture, hugging its edges; if the battle leaves none, a strip.

    Every place of the right size on a 2-inch grid is tried; a place is clear when no track, no hull and no
    land lies in it (a shoal may).  If any of the three finds no clear place, all three go in a strip below.
    """
    width, height = report.account.table
    points = track_points(report)
    (cw, ch), r, (kw, kh) = _sizes(report, pen.u)
    taken: list[Box] = []

    def cost(box: Box) -> float:
        x0, y0, x1, y1 = box
        inside = np.count_nonzero(
            (points[:, 0] >= x0 - 0.5)
            & (points[:, 0] <= x1 + 0.5)
            & (points[:, 1] >= y0 - 0.5)
            & (points[:, 1] <= y1 + 0.5)
        )
        overlap = any(min(x1, a1) > max(x0, a0) and min(y1, b1) > max(y0, b0) for a0, b0, a1, b1 in taken)
        edge = min(x0, y0, width - x1, height - y1)
        return (
            float(inside)
            + 1000.0 * overlap
            + 400.0 * _share_of(report, box, ("island", "coast"))
            + (0.9 * _share_of(report, box, ("shoal",)) + 0.002 * edge)
        )

    def best(w: float, h: float) -> Box | None:
        margin = 1.2 * pen.u
        step = max(2.0 * pen.u, max(width, height) / 40.0)  # a large table is searched as coarsely as a small one
        xs = np.arange(margin, max(margin, width - margin - w) + 1e-9, step)
        ys = np.arange(margin, max(margin, height - margin - h) + 1e-9, step)
        if w > width - 2 * margin or h > height - 2 * margin:
            return None
        found = min(((float(x), float(y), float(x) + w, float(y) + h) for x in xs for y in ys), key=cost)
        if cost(found) >= 1.0:
            return None
        taken.append(found)
        return found

    cartouche = best(cw, ch)
    rose = best(r * 4.6, r * 2.9) if cartouche is not None else None
    key = best(kw, kh) if rose is not None else None
    if cartouche is None or rose is None or key is None:
        return Furniture(None, None, None)
    return Furniture(cartouche, rose, key)


def strip_height(report: Report, pen: Pen) -> float:
    """Inches of the table's scale the strip below the table takes, when the furniture goes there."""
    return _sizes(report, pen.u)[0][1] + 2.0 * pen.u


def draw_plan(ax: Axes, report: Report, pen: Pen | None = None, place: Furniture | None = None) -> None:
    """The whole plan on ``ax`` (in inches of the table).

    ``pen``: the sizes of lettering and furniture (by default, for the width ``ax`` has on its figure);
    ``place``: where the furniture goes (:func:`furniture`).  With the furniture in a strip below the table,
    ``ax`` must be :func:`strip_height` taller than the table (the report's layout allows for it).
    """
    acc = report.account
    width, height = acc.table
    if pen is None:
        fig = ax.get_figure(root=True)
        pen = Pen.for_plan(report, ax.get_position().width * (fig.get_figwidth() if fig is not None else 16.0))
    place = place or furniture(report, pen)
    below = strip_height(report, pen) if place.strip else 0.0
    ax.set_xlim(-width * 0.02, width * 1.02)
    ax.set_ylim(-height * 0.02 - below, height * 1.02)
    ax.set_aspect("equal")
    ax.set_axis_off()
    _parchment(ax, width, height)
    _land(ax, report.land, pen)
    _border(ax, width, height, pen)
    words = Lettering(ax, report)
    u = pen.u
    (cw, ch), r, (kw, kh) = _sizes(report, u)
    if place.strip:
        y0 = -below + 0.6 * u
        cartouche: Box = ((width - cw) / 2, y0, (width + cw) / 2, y0 + ch)
        rose: Box = (width - r * 4.6, y0 + (ch - r * 2.9) / 2, width, y0 + (ch + r * 2.9) / 2)
        key: Box = (0.0, y0 + (ch - kh) / 2, kw, y0 + (ch + kh) / 2)
    else:
        assert place.cartouche is not None and place.rose is not None and place.key is not None
        cartouche, rose, key = place.cartouche, place.rose, place.key
    for box in (cartouche, rose, key):
        words.keep_clear(box)
    _cartouche(ax, report, cartouche[0], cartouche[1], cw, ch, pen)
    _compass_rose(ax, rose[0] + r * 1.25, rose[1] + r * 1.25, r, pen)
    _wind(ax, acc, rose[0] + r * 3.6, rose[1] + r * 1.45, r * 0.62, pen)
    _scale_bar(ax, key[0] + 1.0 * u, key[1] + 0.9 * u, bar_length(u), pen)
    _key(ax, report, key[0] + 1.0 * u, key[3] - 0.6 * u, pen)
    # then the ships, and their words
    ends: dict[str, list[tuple[int, Pose]]] = {}
    for ship in acc.ships.values():
        if not ship.battery and ship.course:
            ends[ship.id] = _hulls(ax, report, ship, words, pen)
    for ship in acc.ships.values():
        if ship.battery:
            _battery(ax, report, ship, words, pen)
        elif ship.course:
            _name(report, ship, words, pen)
    for ship in acc.ships.values():
        if not ship.battery and ship.fate != "afloat" and ship.last_pose is not None:
            _fate_mark(ax, report, ship, ship.last_pose, words, pen)
    for ship in acc.ships.values():
        if ship.id in ends:
            _numbers(report, ship, ends[ship.id], words, pen)
