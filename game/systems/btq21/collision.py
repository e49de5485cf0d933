"""Ships that come into base contact, and ships that meet the shore or the edge.

After a collision both ships are aligned on one line: the line that splits
the smaller angle between the lines of their two headings.  Each ship takes
the direction along that line nearer her own heading, so ships meeting at
90 degrees or less end up on one heading, and ships meeting at more than 90
degrees end up heading opposite ways along the line; either way neither
turns more than 45 degrees (exactly opposite headings turn neither ship).
The ship that was hit pivots in place if she has room, and the moving ship
is then slid out along the line between the centres until the bases just
touch; a ship with no room to pivot keeps her heading.
"""

from __future__ import annotations

import math

from game.systems.btq21 import board
from game.systems.btq21 import events as ev
from game.systems.btq21.damage import follow, losing, remove, strip
from game.systems.btq21.events import Out, pose_of
from game.systems.btq21.fouling import after_collision
from game.systems.btq21.state import GameState, Ship
from game.table.geometry import CONTACT_EPS, base_corners, convex_overlap, norm_heading, signed_angle
from game.table.space import Contact

#: Headings this far apart or less lie on lines meeting at the same angle; beyond, the lines meet at 180 less it.
RIGHT_ANGLE = 90.0


def aligned_headings(h_mover: float, h_other: float) -> tuple[float, float]:
    """The headings both ships take: along the bisector of the smaller angle between their heading lines.

    At exactly 90 degrees both bisectors split equal angles; the one the two
    headings share (each turning 45 degrees the same way round) is taken.
    """
    d = signed_angle(h_mover, h_other)
    if abs(d) <= RIGHT_ANGLE + 1e-9:
        line = norm_heading(h_mover + d / 2.0)
        return line, line
    d = signed_angle(h_mover, h_other + 180.0)  # the other ship's heading line, pointed the mover's way
    line = norm_heading(h_mover + d / 2.0)
    return line, norm_heading(line + 180.0)


def resolve_contact(state: GameState, ship: Ship, contact: Contact, out: Out) -> None:
    """Whatever the moving ship touched first: a ship, the shore or the table edge."""
    if contact.kind == "ship" and state.ships[contact.id].shore_battery:
        remove(state, ship, out, ev.Aground(ship=ship.id, on=contact.id, at=pose_of(ship)))
    elif contact.kind == "ship":
        collide(state, ship, state.ships[contact.id], out)
    elif contact.kind in ("terrain", "shoal"):
        remove(state, ship, out, ev.Aground(ship=ship.id, on=contact.id, at=pose_of(ship)))
    else:
        ship.exit_edge = contact.id
        remove(state, ship, out, ev.LeftTable(ship=ship.id, edge=contact.id, at=pose_of(ship)))


def collide(state: GameState, ship: Ship, other: Ship, out: Out) -> None:
    dice = state.rules.collision_dice
    faces = state.dice.roll(int(dice[other.size]), 6)
    other_faces = state.dice.roll(int(dice[ship.size]), 6)
    mine, theirs = aligned_headings(ship.heading, other.heading)
    aligned, other_aligned = _align(state, ship, other, mine, theirs)
    hull, other_hull = losing(ship, "hull", sum(faces)), losing(other, "hull", sum(other_faces))
    out.emit(
        ev.Collision(
            ship=ship.id,
            other=other.id,
            faces=tuple(faces),
            hull_lost=hull,
            other_faces=tuple(other_faces),
            other_hull_lost=other_hull,
            to=pose_of(ship),
            other_to=pose_of(other),
            aligned=aligned,
            other_aligned=other_aligned,
        )
    )
    for hurt, lost in ((ship, hull), (other, other_hull)):  # both are struck at once
        strip(state, hurt, "hull", lost, out)
    for hurt, lost in ((ship, hull), (other, other_hull)):
        if lost:
            follow(state, hurt, "hull", out)
    after_collision(state, ship, other, out)  # option fouling: his fouling die


def _align(state: GameState, ship: Ship, other: Ship, heading: float, other_heading: float) -> tuple[bool, bool]:
    """Turn both onto their new headings where there is room; True for each ship that was aligned."""
    sp = board.space(state)
    other_aligned = False
    if not other.shore_battery and not other.anchor:  # option anchors: her cable holds her head
        turned = base_corners((other.x, other.y, other_heading), other.length, other.width)
        if not sp.overlapping(turned, ignore=(other.id, ship.id)):
            other.heading = other_heading
            other_aligned = True
    before = ship.pose
    ship.heading = heading
    _place_in_contact(ship, other)
    placed = base_corners(ship.pose, ship.length, ship.width)
    if board.space(state).overlapping(placed, ignore=(ship.id, other.id)):
        # No room alongside: she stays where she struck, on her own heading.
        ship.x, ship.y, ship.heading = before
        return False, other_aligned
    return True, other_aligned


def _place_in_contact(ship: Ship, other: Ship) -> None:
    """Slide ``ship`` along the line of centres until its base just touches ``other``'s.

    Along that line the positions where the bases overlap form one interval
    that contains the other ship's centre, so a bisection between "centres
    together" (overlap) and "far out" (clear) finds the touching point.
    """
    dx, dy = ship.x - other.x, ship.y - other.y
    d = math.hypot(dx, dy)
    if d < 1e-9:
        dx, dy, d = 0.0, 1.0, 1.0
    ux, uy = dx / d, dy / d
    poly_o = base_corners(other.pose, other.length, other.width)

    def overlaps(push: float) -> bool:
        pose = (ship.x + ux * push, ship.y + uy * push, ship.heading)
        return convex_overlap(base_corners(pose, ship.length, ship.width), poly_o, eps=0.0)

    lo, hi = -d, ship.length + other.length
    for _ in range(50):
        mid = (lo + hi) / 2
        if overlaps(mid):
            lo = mid
        else:
            hi = mid
    push = hi + CONTACT_EPS / 4
    ship.x += ux * push
    ship.y += uy * push
