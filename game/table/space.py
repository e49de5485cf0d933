"""The table as a pymunk Space: islands, table edge and one kinematic body per ship.

pymunk's spatial index answers "what is near here" in about a microsecond,
so every query starts there; the exact answer then comes from the SAT
kernels in :mod:`game.table.convex`.  The space is never stepped -- ships are
kinematic bodies that are teleported when the caller reports new poses.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import pymunk

from game.table import arcs
from game.table.convex import (
    Piece,
    Rect,
    first_within,
    make_piece,
    piece_distance,
    piece_piece_overlaps,
    poly_distance,
    rect_piece_overlaps,
    time_of_impact,
)
from game.table.geometry import (
    CONTACT_EPS,
    Point,
    Pose,
    body_angle,
    heading_vector,
    local_rect,
    signed_angle,
)
from game.table.terrain import decompose

SHIP_CAT, TERRAIN_CAT, EDGE_CAT, SHOAL_CAT = 0b0001, 0b0010, 0b0100, 0b1000
#: How far the edge strips reach beyond the table; any move ends long before.
EDGE_DEPTH = 1000.0
#: A stopped base is backed off this far from what it hit, so it never ends
#: up overlapping by rounding (the separation is at most this).
BACKOFF = 1e-6
#: Broad-phase margin so candidates just touching the query box are kept.
PAD = 1e-3
#: Largest rotation between checked orientations when pivoting.
PIVOT_STEP = 2.0
#: Layouts numbered by ``layout_token`` before the numbers (and what was kept under them) are forgotten:
#: a few decisions' worth (each key holds every base's tuple, some 10 kB on a fleet-sized table).
LAYOUTS_KEPT = 1 << 10

_KIND_ORDER = {"ship": 0, "terrain": 1, "shoal": 2, "edge": 3}
_ANY = pymunk.ShapeFilter()
_SIGHT_MASK = SHIP_CAT | TERRAIN_CAT
_NO_SHIPS_MASK = pymunk.ShapeFilter.ALL_MASKS() ^ SHIP_CAT


@dataclass(frozen=True)
class Contact:
    kind: str  # "ship" | "terrain" | "shoal" | "edge"
    id: str  # ship id, terrain id, or edge name "north"/"south"/"east"/"west"


@dataclass(frozen=True)
class Sweep:
    travelled: float  # inches moved before first contact (== requested when no contact)
    pose: Pose  # pose at the end of the move
    contact: Contact | None  # first thing touched, or None


@dataclass(frozen=True)
class Pivot:
    turned: float  # degrees actually turned, clockwise positive (last clear checked angle)
    heading: float  # heading after turning that far (not normalised)
    contact: Contact | None


class _Base(NamedTuple):
    """A base as ``sync`` reads it, for callers holding poses rather than ships."""

    id: str
    x: float
    y: float
    heading: float
    length: float
    width: float


class _Ship:
    """Everything cached about one base, refreshed only when its pose changes."""

    __slots__ = ("body", "length", "no_ships", "piece", "pose", "rect", "shape", "sight", "solo", "width")

    def __init__(self, group: int) -> None:
        self.pose: Pose = (math.nan, math.nan, math.nan)
        self.length = self.width = math.nan
        self.rect: Rect
        self.piece: Piece
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.shape: pymunk.Poly | None = None
        # Queries made on behalf of this ship carry its group, so pymunk itself
        # leaves the ship out of its own results.
        self.solo = pymunk.ShapeFilter(group=group)
        self.sight = pymunk.ShapeFilter(group=group, mask=_SIGHT_MASK)
        # A planner asking only about the edges and the shores (``sweep(through_ships=True)``).
        self.no_ships = pymunk.ShapeFilter(group=group, mask=_NO_SHIPS_MASK)


class TableSpace:
    """pymunk Space holding terrain (static), table edge, and one kinematic body per ship."""

    def __init__(
        self,
        width: float,
        height: float,
        terrain: Sequence[tuple[str, Sequence[Point]]] = (),
        shoals: Sequence[tuple[str, Sequence[Point]]] = (),
    ) -> None:
        self.width = float(width)
        self.height = float(height)
        self._space = pymunk.Space()
        self._owner: dict[pymunk.Shape, Piece | _Ship] = {}
        self._ships: dict[str, _Ship] = {}
        self._next_group = 1
        self._contacts: dict[tuple[str, str], Contact] = {}
        #: The caller's summary of the bases last synced (see ``sync_unless``); None once anything moved.
        self._synced: Any = None
        self._token: int | None = None
        self._tokens: dict[tuple[Any, ...], int] = {}
        #: Answers remembered by callers under a ``layout_token`` (emptied with the tokens).
        self.memo: dict[Any, Any] = {}
        for tid, poly in terrain:
            for piece in decompose(poly):
                self._add_static(make_piece("terrain", tid, piece), TERRAIN_CAT)
        # Shoals stop a ship as the shore does, unless she floats over them
        # (set_floats); being under water, they never block the sight of guns.
        self._floats: dict[str, frozenset[str]] = {}
        for tid, poly in shoals:
            for piece in decompose(poly):
                self._add_static(make_piece("shoal", tid, piece), SHOAL_CAT)
        w, h, t = self.width, self.height, EDGE_DEPTH
        edges = {
            "west": [(-t, -t), (0.0, -t), (0.0, h + t), (-t, h + t)],
            "east": [(w, -t), (w + t, -t), (w + t, h + t), (w, h + t)],
            "south": [(-t, -t), (w + t, -t), (w + t, 0.0), (-t, 0.0)],
            "north": [(-t, h), (w + t, h), (w + t, h + t), (-t, h + t)],
        }
        for name, poly in edges.items():
            self._add_static(make_piece("edge", name, poly), EDGE_CAT)

    def _add_static(self, piece: Piece, category: int) -> None:
        shape = pymunk.Poly(self._space.static_body, list(piece.verts))
        shape.filter = pymunk.ShapeFilter(categories=category)
        self._space.add(shape)
        self._owner[shape] = piece

    # ----------------------------------------------------------------- ships

    def set_ships(self, ships: Mapping[str, tuple[Pose, float, float]]) -> None:
        """Make the ships on the table exactly ``ships`` (id -> (pose, length, width)).

        Cheap when little has changed: unchanged entries cost one comparison.
        """
        self.sync([_Base(sid, *pose, length, width) for sid, (pose, length, width) in ships.items()])

    def sync(self, bases: Sequence[Any]) -> None:
        """Make the ships on the table exactly ``bases``: objects with ``id``, ``x``, ``y``, ``heading``,
        ``length`` and ``width`` (the state's own ships will do).

        Every rules query starts here, so it is the hottest loop of the
        look-ahead: no mapping is built, unchanged bases cost one comparison.
        """
        recs = self._ships
        for s in bases:
            rec = recs.get(s.id)
            if rec is None or rec.pose != (s.x, s.y, s.heading) or rec.length != s.length or rec.width != s.width:
                self._place(s.id, (s.x, s.y, s.heading), s.length, s.width)
        if len(recs) != len(bases):
            keep = {s.id for s in bases}
            for sid in [k for k in recs if k not in keep]:
                self.remove_ship(sid)

    def sync_unless(self, layout: Any, bases: Callable[[], Sequence[Any]]) -> None:
        """``sync(bases())`` unless ``layout`` equals the one given at the last sync.

        ``layout`` is whatever the caller can build quickly that changes whenever its
        bases do (a list of tuples, compared in one C-level ``==``): on a table of
        seventy ships that beats comparing every base in Python at every query.
        """
        if layout == self._synced:
            return
        self.sync(bases())
        self._synced = layout
        self._token = None

    def layout_token(self) -> int | None:
        """A number for the layout last given to ``sync_unless`` (the same layout, the same number), or
        None if the bases were moved some other way since.

        Answers that depend only on where the bases stand can be remembered under it:
        the look-ahead comes back to the same layout many times in one decision.
        """
        if self._synced is None:
            return None
        if self._token is None:
            if len(self._tokens) >= LAYOUTS_KEPT:
                self._tokens.clear()
                self.memo.clear()
            self._token = self._tokens.setdefault(tuple(self._synced), len(self._tokens))
        return self._token

    def move_ship(self, ship_id: str, pose: Pose) -> None:
        """Update one ship's pose (its size is kept)."""
        rec = self._ships[ship_id]
        if rec.pose != pose:
            self._place(ship_id, pose, rec.length, rec.width)

    def remove_ship(self, ship_id: str) -> None:
        self._synced = None
        rec = self._ships.pop(ship_id)
        if rec.shape is not None:
            del self._owner[rec.shape]
            self._space.remove(rec.body, rec.shape)

    def set_floats(self, ship_id: str, shoals: Collection[str]) -> None:
        """The shoals this ship's keel passes over: her moves and turns ignore them."""
        self._floats[ship_id] = frozenset(shoals)

    def _in_way(self, ship_id: str, bb: tuple[float, float, float, float], flt: pymunk.ShapeFilter,
                passing: Collection[str]) -> list[Piece]:
        """What a ship's move or turn may meet in ``bb``: everything ``flt`` lets through but the shoals she
        floats over or is passing."""
        pieces = self._near(bb, flt)
        floats = self._floats.get(ship_id, frozenset())
        if not floats and not passing:
            return pieces
        return [p for p in pieces if p.kind != "shoal" or (p.id not in floats and p.id not in passing)]

    def ship_ids(self) -> list[str]:
        return list(self._ships)

    def ship_pose(self, ship_id: str) -> Pose:
        return self._ships[ship_id].pose

    def ship_polygon(self, ship_id: str) -> list[Point]:
        return list(self._ships[ship_id].piece.verts)

    def _place(self, sid: str, pose: Pose, length: float, width: float) -> None:
        self._synced = None
        rec = self._ships.get(sid)
        if rec is None:
            rec = self._ships[sid] = _Ship(self._next_group)
            self._next_group += 1
        pose = (float(pose[0]), float(pose[1]), float(pose[2]))
        if rec.shape is None or rec.length != length or rec.width != width:
            if rec.shape is not None:
                del self._owner[rec.shape]
                self._space.remove(rec.body, rec.shape)
            rec.shape = pymunk.Poly(rec.body, local_rect(length, width))
            rec.shape.filter = pymunk.ShapeFilter(group=rec.solo.group, categories=SHIP_CAT)
            self._space.add(rec.body, rec.shape)
            self._owner[rec.shape] = rec
        rec.pose, rec.length, rec.width = pose, length, width
        rec.rect = Rect.from_pose(pose, length, width)
        rec.piece = rec.rect.as_piece("ship", sid)
        rec.body.position = pose[0], pose[1]
        rec.body.angle = body_angle(pose[2])
        self._space.reindex_shapes_for_body(rec.body)

    # ----------------------------------------------------------------- helpers

    def _near(self, bb: tuple[float, float, float, float], flt: pymunk.ShapeFilter) -> list[Piece]:
        found = self._space.bb_query(pymunk.BB(bb[0] - PAD, bb[1] - PAD, bb[2] + PAD, bb[3] + PAD), flt)
        owner = self._owner
        out = []
        for shape in found:
            o = owner[shape]
            out.append(o.piece if isinstance(o, _Ship) else o)
        return out

    def _contact(self, kind: str, ident: str) -> Contact:
        """Contacts are interned: the AI compares and hashes them a lot."""
        key = (kind, ident)
        c = self._contacts.get(key)
        if c is None:
            c = self._contacts[key] = Contact(kind, ident)
        return c

    def _rect(self, rec: _Ship, start: Pose | None) -> tuple[Rect, Pose]:
        if start is None:
            return rec.rect, rec.pose
        return Rect.from_pose(start, rec.length, rec.width), start

    # ----------------------------------------------------------------- movement

    def sweep(
        self,
        ship_id: str,
        distance: float,
        heading: float | None = None,
        *,
        start: Pose | None = None,
        passing: Collection[str] = (),
        through_ships: bool = False,
    ) -> Sweep:
        """Slide the base straight along ``heading`` (default its own) for up to ``distance``.

        The base keeps its orientation, so this also serves for drifting.  A
        negative distance moves the opposite way (and reports a negative
        ``travelled``).  ``start`` tries the move from another pose without
        touching the space, which is what a planner wants.  Exact: the first
        contact is solved per candidate, never sampled.
        """
        rec = self._ships[ship_id]
        rect, pose = self._rect(rec, start)
        dx, dy = heading_vector(pose[2] if heading is None else heading)
        if distance < 0:
            dx, dy = -dx, -dy
        dist = abs(distance)
        if dist == 0.0:
            return Sweep(0.0, pose, None)
        x0, y0, x1, y1 = rect.bb()
        ox, oy = dx * dist, dy * dist
        bb = (x0 + min(ox, 0.0), y0 + min(oy, 0.0), x1 + max(ox, 0.0), y1 + max(oy, 0.0))
        best, hit = dist, None
        for piece in self._in_way(ship_id, bb, rec.no_ships if through_ships else rec.solo, passing):
            t = time_of_impact(rect, dx, dy, piece, best)
            if t is not None and (t < best or hit is None):
                best, hit = t, piece
        if hit is None:
            travelled = dist
        else:
            travelled = max(0.0, best - BACKOFF)
        end = (pose[0] + dx * travelled, pose[1] + dy * travelled, pose[2])
        signed = travelled if distance >= 0 else -travelled
        return Sweep(signed, end, None if hit is None else self._contact(hit.kind, hit.id))

    def pivot(self, ship_id: str, turn: float, *, start: Pose | None = None, passing: Collection[str] = ()) -> Pivot:
        """Turn in place about the centre by ``turn`` degrees (clockwise positive).

        Orientations are checked every PIVOT_STEP degrees or less and at the
        end; the first one overlapping anything by more than CONTACT_EPS stops
        the turn at the previous checked orientation.  Something already
        overlapping at the start blocks as soon as the turn begins.
        """
        rec = self._ships[ship_id]
        rect, pose = self._rect(rec, start)
        if turn == 0:
            return Pivot(0.0, pose[2], None)
        radius = math.hypot(rect.hl, rect.hw)
        bb = (rect.cx - radius, rect.cy - radius, rect.cx + radius, rect.cy + radius)
        pieces = sorted(self._in_way(ship_id, bb, rec.solo, passing), key=lambda p: (_KIND_ORDER[p.kind], p.id))
        steps = max(1, math.ceil(abs(turn) / PIVOT_STEP - 1e-9))
        for k in range(1, steps + 1):
            h = pose[2] + turn * k / steps
            fx, fy = heading_vector(h)
            r = Rect(rect.cx, rect.cy, fx, fy, -fy, fx, rect.hl, rect.hw)
            for piece in pieces:
                if rect_piece_overlaps(r, piece, CONTACT_EPS):
                    turned = turn * (k - 1) / steps
                    return Pivot(turned, pose[2] + turned, self._contact(piece.kind, piece.id))
        return Pivot(turn, pose[2] + turn, None)

    def pivot_blocker(
        self, ship_id: str, turn: float, *, start: Pose | None = None, passing: Collection[str] = ()
    ) -> Contact | None:
        """First thing met when turning ``turn`` degrees in place (clockwise positive), else None."""
        return self.pivot(ship_id, turn, start=start, passing=passing).contact

    def pivot_blocker_to(self, ship_id: str, new_heading: float) -> Contact | None:
        """Like pivot_blocker, turning the shorter way to ``new_heading``."""
        return self.pivot_blocker(ship_id, signed_angle(self._ships[ship_id].pose[2], new_heading))

    # ----------------------------------------------------------------- overlap and distance

    def overlapping(self, poly: Sequence[Point], ignore: Collection[str] = ()) -> list[Contact]:
        """Everything the convex ``poly`` overlaps by more than CONTACT_EPS.

        ``ignore`` holds ids (ship, terrain or edge names) to leave out.
        Sorted ships first, then terrain, then edges, each by id.
        """
        return self._overlapping(make_piece("probe", "", poly), ignore)

    def overlapping_base(self, pose: Pose, length: float, width: float, ignore: Collection[str] = ()) -> list[Contact]:
        """``overlapping`` for a base-shaped rectangle: its piece is built without the general polygon work."""
        return self._overlapping(Rect.from_pose(pose, length, width).as_piece("probe", ""), ignore)

    def _overlapping(self, probe: Piece, ignore: Collection[str]) -> list[Contact]:
        hits = {
            (p.kind, p.id)
            for p in self._near(probe.bb, _ANY)
            if p.id not in ignore and piece_piece_overlaps(probe, p, CONTACT_EPS)
        }
        return [self._contact(k, i) for k, i in _sorted(hits)]

    def closest_distance(self, a_id: str, b_id: str) -> float:
        """Shortest distance between two ship bases; 0 when touching or overlapping."""
        return piece_distance(self._ships[a_id].piece, self._ships[b_id].piece)

    def distance_to(self, poly: Sequence[Point], ship_id: str) -> float:
        """Shortest distance from a convex polygon to a ship base."""
        probe = make_piece("probe", "", poly)
        piece = self._ships[ship_id].piece
        return poly_distance(probe.verts, piece.verts, piece_piece_overlaps(probe, piece, 0.0))

    def first_within(
        self,
        ship_id: str,
        distance: float,
        target_id: str,
        reach: float,
        heading: float | None = None,
    ) -> float | None:
        """Least travel ahead (up to ``distance``) that brings the base within ``reach`` of the target.

        Solved exactly rather than by ternary search (see convex.first_within),
        ignoring anything in the way -- combine with :meth:`sweep` for that.
        0.0 if already within reach, None if never within ``distance``.
        """
        rec = self._ships[ship_id]
        dx, dy = heading_vector(rec.pose[2] if heading is None else heading)
        target = self._ships[target_id].piece
        return first_within(rec.piece.verts, dx, dy, target.verts, reach, distance)

    # ----------------------------------------------------------------- arcs and sight

    def arc_polygon(self, ship_id: str, side: str, reach: float, off_beam: float = 30.0) -> list[Point]:
        """The ``side`` broadside arc as a convex CCW polygon (see arcs.arc_polygon)."""
        return arcs.arc_polygon(self._ships[ship_id].rect, side, reach, off_beam)

    def in_arc(self, firer_id: str, side: str, target_id: str, reach: float = 64.0, off_beam: float = 30.0) -> bool:
        """True if any part of the target base lies strictly inside the firer's arc."""
        return arcs.in_arc(self._ships[firer_id].rect, side, reach, off_beam, self._ships[target_id].piece)

    def sight_kind(self, a_id: str, b_id: str, corridor_width: float = 6.0) -> str:
        """What touches the sight corridor, without ordering it: "ship" as soon as a ship is found,
        else "terrain" if any terrain does, else "" (clear).

        The yes-or-no question ``line_of_sight`` answers in full; this one stops at the first
        ship and measures no distances, and a base whose circle stays clear of the corridor's
        rectangle is passed over before the exact test.
        """
        a, b = self._ships[a_id], self._ships[b_id]
        lane = arcs.corridor(a.pose[:2], b.pose[:2], corridor_width)
        if lane is None or a_id == b_id:
            return ""
        terrain = False
        for piece in self._near(lane.bb(), a.sight):
            if piece is b.piece:
                continue
            if piece.kind == "ship":
                rect = self._ships[piece.id].rect
                dx, dy = rect.cx - lane.cx, rect.cy - lane.cy
                r = math.hypot(rect.hl, rect.hw) + 1e-6  # the base lies within this circle
                if abs(dx * lane.fx + dy * lane.fy) > lane.hl + r or abs(dx * lane.px + dy * lane.py) > lane.hw + r:
                    continue
                if rect_piece_overlaps(lane, piece, -1e-9):
                    return "ship"
            elif not terrain and rect_piece_overlaps(lane, piece, -1e-9):
                terrain = True
        return "terrain" if terrain else ""

    def line_of_sight(self, a_id: str, b_id: str, corridor_width: float = 6.0) -> list[Contact]:
        """Ships and terrain touching the corridor between the two centres, nearest to ``a`` first.

        The corridor is the centre line widened by half ``corridor_width`` each
        side (a rectangle: nothing behind either ship counts).  Candidates come
        from pymunk's index with a filter whose group and mask leave out the
        firer and the table edge; the exact test is SAT against the corridor.
        Not ``Space.segment_query(radius=...)``: Chipmunk's index ignores the
        radius (Chipmunk2D issue #138), so it misses bases only the thick part
        touches -- and a bounding-box query measured faster than a shape query.
        "Nearest" is the distance from a's centre.  [] means clear.
        """
        a, b = self._ships[a_id], self._ships[b_id]
        lane = arcs.corridor(a.pose[:2], b.pose[:2], corridor_width)
        if lane is None or a_id == b_id:
            return []
        origin = (a.pose[:2],)
        near: dict[tuple[str, str], float] = {}
        for piece in self._near(lane.bb(), a.sight):
            if piece is b.piece or not rect_piece_overlaps(lane, piece, -1e-9):
                continue
            key = (piece.kind, piece.id)
            d = poly_distance(origin, piece.verts, False)
            if d < near.get(key, math.inf):
                near[key] = d
        order = sorted(near, key=lambda k: (near[k], _KIND_ORDER[k[0]], k[1]))
        return [self._contact(k, i) for k, i in order]


def _sorted(keys: Collection[tuple[str, str]]) -> list[tuple[str, str]]:
    return sorted(keys, key=lambda k: (_KIND_ORDER.get(k[0], 9), k[1]))
