"""Drawing the battle scene, back to front: sea and land, wakes, zones, arcs, ships, fire, tools, panels.

Three layers make the table.  The sea is laid each frame (its waves drift);
the land, grid and the table's edge are cached while the camera stands; the
pieces (wake cards, the wind's wedges and the arcs of the ship in hand, the
tape, the miniatures and every word on the table) are cached on a see-through
layer while nothing on them changes.  Over them, each frame: fire and smoke,
the sight corridor, the turning handle, the free tape and the panels.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.systems.base import Control
from game.systems.figures import Shape, ShotBox
from game.table.convex import base_distance
from game.table.geometry import base_corners
from game.table.written import inches
from game.ui import palette as P
from game.ui.fonts import blit_text
from game.ui.fonts import text as render
from game.ui.panels.card import ShipCard
from game.ui.panels.legend import TABLE_MARKS
from game.ui.panels.phasebar import HEIGHT as BAR_H
from game.ui.panels.phasebar import draw_phase_bar
from game.ui.render import ships
from game.ui.render.arcs import CROWD_SHARE, cut_arcs, paint_arcs
from game.ui.render.dice_tray import CORNERS, choose_corner, tray_rect
from game.ui.render.effects import draw_fire, fire_spots
from game.ui.render.figures import draw_shapes, draw_template
from game.ui.render.labels import LabelPlacer, Placed, blit_placed
from game.ui.render.models import seed_of
from game.ui.render.table import draw_scale_bar, draw_wind
from game.ui.render.tape import draw_free_tape, draw_tape, draw_turn_fan, draw_turn_handle, key_labels, mark_labels
from game.ui.scale import px

#: The colour of each tone of a shot box line (game.systems.figures.ShotBox).
NAME_STEPS = 6  # how far (in lines) a ship's name may walk from under her base to find a clear place

SHOT_TONES = {"head": (255, 230, 140), "": P.TEXT, "dim": P.TEXT_DIM, "bad": (255, 130, 120), "spent": (140, 140, 140)}
#: The wind's wedges round the ship in hand are drawn this much lighter than the rule system paints them.
ZONE_SHARE = 0.55
TRAY_ABOVE_SCALE_BAR = 4  # bottom left, the dice tray sits this far (UI pixels) above the scale bar's box
TRAY_SHIP_REACH = 24  # a ship's centre this near the tray (UI pixels) counts as covered by it


class BattleView:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.overlay: pygame.Surface | None = None
        self.card = ShipCard()
        self._table: pygame.Surface | None = None  # the pieces: see-through, redrawn when they change
        self._frame: pygame.Surface | None = None  # sea, land and pieces together, as last composed
        self._frame_key: tuple | None = None
        self._looks: tuple[int, dict] = (-1, {})  # the rule system's look of every ship, by state version
        self._wakes: tuple[int, dict] = (-1, {})  # and her wake template
        self._cut_arcs: dict[tuple, tuple] = {}  # arcs cut to as far as they matter, by version, ship and pose
        self._key: tuple | None = None
        self._shot_key: tuple | None = None
        self._shot: tuple[str, ShotBox] | None = None
        self.banner_rect: pygame.Rect | None = None  # where the hand-over card was last drawn
        self.plan_text_rects: list[pygame.Rect] = []  # the plan's words under the ghost, as last drawn
        self.turn_label: Placed | None = None  # the turning handle's words, placed with the table's
        self.name_rects: dict[str, pygame.Rect] = {}  # where each ship's name (and badges) was last drawn
        self.tape_rects: list[pygame.Rect] = []  # the tape's words, as last drawn
        self.tray_rect: pygame.Rect | None = None  # where the dice tray was last drawn
        self.tray_corner = CORNERS[0]  # the corner of the table view the tray is in
        self._tray_roll: object | None = None  # the roll on show when the corner was last chosen
        self.measure_rect: pygame.Rect | None = None  # the free tape's reading, as last drawn
        self.shot_rect: pygame.Rect | None = None  # the shot box, as last drawn
        self.compass_rect: pygame.Rect | None = None  # the compass and the wind, as last drawn
        self.arc_reach: dict[str, float] = {}  # how far each ship's arcs were drawn (inches), as last drawn

    def _place_tray(self, view: pygame.Rect, acting: str | None, scale_bar: pygame.Rect) -> pygame.Rect:
        """The dice tray's rect: bottom right, unless the ships lie there and the other corner is clearer.

        The corner is chosen again only when a new roll comes up, so the dice never jump while a player
        reads them; the acting ship and the roll's own ship count three times, as the ones a player watches.
        """
        sc = self.scene
        size = (min(px(440), view.width - px(200)), px(170))
        clear = view.bottom - scale_bar.top + px(TRAY_ABOVE_SCALE_BAR)
        rects = {c: tray_rect(view, c, size, px(12), clear) for c in CORNERS}
        roll = sc.tray.current
        if roll is not None and roll is not self._tray_roll:
            watched = {acting, getattr(roll, "ship", None)}
            ships = [(*sc.cam.to_screen(s.x, s.y), 3 if s.id in watched else 1) for s in sc.state.ships.values()]
            self.tray_corner = choose_corner(rects, ships, self.tray_corner, px(TRAY_SHIP_REACH))
        self._tray_roll = roll
        return rects[self.tray_corner]

    def _overlay(self, size: tuple[int, int], view: pygame.Rect) -> pygame.Surface:
        """One translucent layer the size of the window, so the same camera draws on it (cleared over the view)."""
        if self.overlay is None or self.overlay.get_size() != size:
            self.overlay = pygame.Surface(size, pygame.SRCALPHA)
        self.overlay.fill((0, 0, 0, 0), view)
        self.overlay.set_clip(view)
        return self.overlay

    def draw(self, surf: pygame.Surface) -> None:
        """The sea each frame, the cached land and pieces over it, then the hover work and the panels."""
        sc = self.scene
        st = sc.state
        cam = sc.cam
        settings = sc.app.settings
        acting = sc.acting_ship()
        plan = sc.current_plan()
        key = (
            cam.key(), sc.match.version, sc.selected, acting, settings.grid, sc.human_to_move(),
            (plan.distance, plan.turn) if plan else None, surf.get_size(), settings.all_arcs, settings.plain_table,
        )
        if self._table is None or self._table.get_size() != surf.get_size():
            self._table = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            self._key = None
        redrawn = sc.anim.busy or key != self._key
        if redrawn:
            self._draw_table(self._table, acting, plan)
            # a ship drawn from a stand-in painting (her own not yet painted) is drawn again next frame
            self._key = None if sc.anim.busy or ships.MODELS.owed else key
        view = pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h)
        plain = settings.plain_table
        under = sc.table.key(cam, st.scenario, settings.grid, plain=plain, wind_from=st.wind_from)
        if self._frame is None or self._frame.get_size() != surf.get_size():
            self._frame = pygame.Surface(surf.get_size())
            self._frame_key = None
        if redrawn or (under, key) != self._frame_key:  # the waves moved a pixel, or the pieces changed
            self._frame.set_clip(view)
            sc.table.draw(self._frame, cam, st.scenario, settings.grid, plain=plain, wind_from=st.wind_from)
            self._frame.blit(self._table, view.topleft, view)
            self._frame_key = None if sc.anim.busy else (under, key)
        clip = surf.get_clip()
        surf.set_clip(view)
        surf.blit(self._frame, view.topleft, view)
        if not settings.plain_table:
            self._draw_fires(surf)
        reports = self._shot_reports(acting)
        self.measure_rect = self.shot_rect = None
        if reports:
            draw_shapes(surf, cam, reports[1].corridor)
        if plan is not None and plan.distance is not None:
            draw_turn_handle(surf, cam, plan, st.ships[plan.ship].length, self.turn_label)
        if sc.measure:
            self._draw_measure(surf)
        if reports:
            self._draw_shot_box(surf, reports)
        scale_bar = draw_scale_bar(surf, cam)
        self.compass_rect = draw_wind(surf, cam, st.wind_from)
        self.tray_rect = self._place_tray(view, acting, scale_bar)
        sc.tray.draw(surf, self.tray_rect)
        sc.legend.draw(surf, view, lambda: (TABLE_MARKS, *sc.match.session.system.legend()))
        surf.set_clip(clip)
        to_move = sc.match.to_move()
        bar = sc.match.session.system.turn_bar(st, to_move)
        draw_phase_bar(surf, surf.get_width(), st, bar, to_move, sc.match.waiting_words(), sc.bar_limit())
        pygame.draw.rect(surf, P.PANEL, (cam.view_x + cam.view_w, px(BAR_H), surf.get_width(), surf.get_height()))
        card_ship = sc.selected or acting
        if card_ship and card_ship in st.ships:
            card = sc.match.session.system.card(st, card_ship)
            self.card.draw(surf, sc.card_rect, card, P.side_colour(st, st.ships[card_ship].side))
        else:
            blit_text(surf, "Click a ship to see her card", sc.card_rect.center, 20, P.TEXT_DIM, "center")
        sc.log.draw(surf)
        if sc.banner:
            self._draw_banner(surf, sc.banner)

    def looks(self) -> dict:
        """How the rule system says every ship looks, asked again only when the battle has changed."""
        sc = self.scene
        version = sc.match.version
        if self._looks[0] != version:
            system = sc.match.session.system
            self._looks = (version, {s.id: system.model(sc.state, s.id) for s in sc.state.ships.values()})
        return self._looks[1]

    def _draw_fires(self, surf: pygame.Surface) -> None:
        """Flames and smoke over every ship on fire: drawn each frame, so they flicker and drift."""
        sc = self.scene
        st = sc.state
        clock = sc.table.sea.clock
        looks = self.looks()
        for s in st.ships.values():
            if not s.on_table:
                continue
            look = looks[s.id]
            if look.fires <= 0 or look.fort:
                continue
            pose = sc.anim.pose(s.id) or s.pose
            spots = fire_spots(s.length, s.width, look.hull, look.fires, seed_of(s.id))
            draw_fire(surf, sc.cam, pose, spots, st.wind_from, clock, seed_of(s.id))

    def _draw_table(self, surf: pygame.Surface, acting: str | None, plan) -> None:
        """Wake cards, zones, arcs, tape, ships and labels: everything that waits for a change."""
        sc = self.scene
        st = sc.state
        cam = sc.cam
        settings = sc.app.settings
        plain = settings.plain_table
        view = pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h)
        surf.fill((0, 0, 0, 0), view)
        clip = surf.get_clip()
        surf.set_clip(view)
        system = sc.match.session.system
        looks = self.looks()
        draw_shapes(surf, cam, system.marks(st))  # the rule system's own marks: under everything of the ships'
        for card in self.wakes().values():
            if plain:
                draw_shapes(surf, cam, [card])
            else:
                draw_template(surf, cam, card)
        ov = self._overlay(surf.get_size(), view)
        focus = sc.selected if sc.selected in st.ships else acting
        self.arc_reach = {}
        ghost = None
        if focus and st.ships[focus].on_table:
            fs = st.ships[focus]
            if plan is not None and plan.ship == fs.id and plan.distance is not None:
                pv = plan.refresh(st, sc.match.session.system)
                ghost = pv.pose if pv is not None and pv.pose is not None else plan.ghost_pose()
            zones = system.zones(st, fs.id, ghost, max(fs.length * 1.15, 60 / cam.scale))
            draw_shapes(ov, cam, [_lighter(z, ZONE_SHARE) for z in zones])
        if settings.all_arcs:
            for s in st.ships.values():
                if s.on_table and s.status == "afloat" and s.id != focus:
                    self._arcs(ov, s.id, None, looks, CROWD_SHARE)
        if focus and st.ships[focus].on_table and st.ships[focus].status == "afloat":
            self._arcs(ov, focus, ghost, looks, 1.0)
        if plan is not None:
            s = st.ships[plan.ship]
            if plan.distance is not None:  # the fan first: drawn over the tape it veiled its labels
                draw_turn_fan(ov, cam, plan, s.length)
            draw_tape(ov, ov, cam, plan, s.length, s.width)
        surf.blit(ov, view.topleft, view)
        active = st.activation.ship if st.activation else None
        activatable = {o.ship for o in sc.match.options() if o.control is Control.SHIP} if sc.human_to_move() else set()
        wind = None if plain else st.wind_from
        ships.MODELS.new_frame()
        for s in st.ships.values():  # what is left of the ships that are gone lies under the rest
            if not s.on_table and looks[s.id].condition == "wreck" and not plain and _in_view(cam, s, s.pose):
                ships.draw_ship(surf, cam, s, looks[s.id], P.side_colour(st, s.side), wind_from=wind)
        for s in st.ships.values():
            if not s.on_table:
                continue
            pose = sc.anim.pose(s.id)
            if not _in_view(cam, s, pose or s.pose):
                continue
            col = P.side_colour(st, s.side)
            ships.draw_ship(surf, cam, s, looks[s.id], col, pose=pose, selected=s.id == sc.selected,
                            active=s.id == active, wind_from=wind, plain=plain)
            if s.id in activatable:
                c = cam.to_screen(*(pose or s.pose)[:2])
                pygame.draw.circle(surf, (255, 255, 255), c, int(max(s.length, s.width) * cam.scale * 0.62) + 4, 1)
        self._draw_labels(surf, plan, focus, active)
        surf.set_clip(clip)

    def _arcs(self, ov: pygame.Surface, ship_id: str, pose, looks: dict, share: float) -> None:
        """Her arcs, cut to as far as they matter (the farthest enemy in them) and to the table.

        The cut is worked out in inches and kept until the battle changes (or the tape moves her), so
        moving the camera only paints it again.
        """
        sc = self.scene
        st = sc.state
        key = (sc.match.version, ship_id, pose)
        cut = self._cut_arcs.get(key)
        if cut is None:
            if len(self._cut_arcs) > 400 or any(k[0] != sc.match.version for k in list(self._cut_arcs)[:1]):
                self._cut_arcs.clear()
            ship = st.ships[ship_id]
            enemies = [
                base_corners(o.pose, o.length, o.width) + [(o.x, o.y)]
                for o in st.ships.values()
                if o.side != ship.side and o.on_table and looks[o.id].condition == ""
            ]
            centre = (pose or ship.pose)[:2]
            shapes = sc.match.session.system.arcs(st, ship_id, pose)
            cut = self._cut_arcs[key] = cut_arcs(shapes, centre, enemies, (st.table_width, st.table_height))
        self.arc_reach[ship_id] = cut[0]
        paint_arcs(ov, sc.cam, cut[1], share)

    def wakes(self) -> dict:
        """Every ship's wake template, asked of the rule system again only when the battle has changed."""
        sc = self.scene
        version = sc.match.version
        if self._wakes[0] != version:
            system = sc.match.session.system
            self._wakes = (version, {s.id: system.wake(sc.state, s.id) for s in sc.state.ships.values() if s.on_table})
        return self._wakes[1]

    def _draw_labels(self, surf: pygame.Surface, plan, focus: str | None, active: str | None) -> None:
        """Every word on the table laid out together, so none prints over another or off the view's edge.

        Most important first: the tape's turn and distance, the ship names (hers
        first: after a collision two names no longer share a line), the plan's
        hints under the ghost, and last the tape's marks, which give way.
        """
        sc = self.scene
        st = sc.state
        cam = sc.cam
        system = sc.match.session.system
        placer = LabelPlacer(bounds=pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h).inflate(-8, -8))
        key: list[tuple[str, Placed]] = []
        lines: list[tuple[str, tuple[int, int, int]]] = []
        words_at = (0.0, 0.0)
        words_up = False
        if plan is not None:
            s = st.ships[plan.ship]
            key = key_labels(cam, plan, s.length, s.width, placer)
            ghost, lines = self._draw_ghost(surf, plan)
            x, y = cam.to_screen(ghost[0], ghost[1])
            reach = max(s.length, s.width) * cam.scale * 0.5 + 44
            words_at = (x, y + reach)
            room_below = cam.view_y + cam.view_h - 8 - words_at[1]
            needed = len(lines) * (render("Xg", 17).get_height() + 2)
            if room_below < needed and y - reach > cam.view_y + cam.view_h / 3:
                words_at = (x, y - reach)  # no room under her near the foot of the view: the words go above
                words_up = True
        self.turn_label = dict(key).get("turn")
        self.name_rects = {}
        first = [i for i in (focus, active) if i]
        on_table = sorted((o for o in st.ships.values() if o.on_table), key=lambda o: o.id not in first)
        view = pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h)
        for o in on_table:
            if not view.collidepoint(ships.label_anchor(cam, o)):
                continue  # out of sight: a name pinned to the view's edge would point at nothing
            badges = system.badges(st, o.id)
            at = placer.reserve(ships.label_size(cam, o, badges), ships.label_anchor(cam, o), "midtop", (0, 1),
                                steps=NAME_STEPS)
            assert at is not None  # a name is never dropped (not optional)
            ships.draw_label(surf, cam, o, badges, at)
            self.name_rects[o.id] = at
        self.plan_text_rects, self.tape_rects = [], []
        x, y = words_at
        for words, colr in reversed(lines) if words_up else lines:
            if words_up:
                r = placer.reserve(render(words, 17).get_size(), (x, y), "midbottom", (0, -1), steps=NAME_STEPS * 2)
            else:
                r = placer.reserve(render(words, 17).get_size(), (x, y), "midtop", (0, 1), steps=NAME_STEPS * 2)
            assert r is not None  # a hint is never dropped
            blit_text(surf, words, r.topleft, 17, colr, "topleft", shadow=True)
            self.plan_text_rects.append(r)
            y = r.top - 2 if words_up else r.bottom + 2
        if plan is not None:
            s = st.ships[plan.ship]
            for tag, p in key + mark_labels(cam, plan, s.length, s.width, placer):
                self.tape_rects.append(p.rect)
                if tag != "turn":  # the handle's own label is drawn with the handle, each frame
                    blit_placed(surf, p)

    # --- pieces ------------------------------------------------------------------

    def _draw_ghost(self, surf: pygame.Surface, plan) -> tuple[tuple[float, float, float], list]:
        """Where the tape puts her (drawn), and the words that go under her: hints, warnings, what comes next."""
        sc = self.scene
        st = sc.state
        cam = sc.cam
        s = st.ships[plan.ship]
        pv = plan.refresh(st, sc.match.session.system)
        ghost = plan.ghost_pose()
        if pv is not None and pv.pose is not None:
            ghost = pv.pose
        col = P.side_colour(st, s.side)
        if plan.distance is not None:
            plain = sc.app.settings.plain_table
            ships.draw_ship(surf, cam, s, sc.match.session.system.model(st, s.id), col, pose=ghost, ghost=True,
                            refused=pv is not None and pv.refused is not None, plain=plain,
                            wind_from=None if plain else st.wind_from)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        laid = sc.tape_option()
        if plan.aback:
            lines.append((laid.prompt if laid else "no way on: choose the turn, then Enter", (255, 150, 130)))
        elif plan.astern:
            what = laid.label.lower() if laid else "back her"
            lines.append((f"tape laid astern: {what}, up to {inches(plan.hi)}, then turn — Enter", (255, 210, 140)))
        else:
            other = next((o for o in sc.match.options() if o.control is Control.TAPE and o is not laid), None)
            if other is not None and other.lay_label:
                lines.append((f"or {other.lay_label.lower()} — key {other.lay_key.upper()}", (255, 210, 140)))
        if pv is not None:
            if pv.refused:
                lines.append((pv.refused, (255, 120, 110)))
            for w in pv.warnings:
                lines.append((w, (255, 170, 120)))
            if pv.next:
                lines.append((pv.next, (200, 230, 255)))
        elif plan.distance is None:
            prompt = laid.prompt if laid and laid.prompt else "drag her along the tape, then turn"
            lines.append((prompt, (230, 230, 230)))
        return ghost, lines

    def _shot_reports(self, acting: str | None) -> tuple[str, ShotBox] | None:
        """Hovering an enemy the acting ship might fire at (or the one a fire pop-up is open for): the rule
        system's shot box.  While any other pop-up is open there is no shot box: it would print over it."""
        sc = self.scene
        st = sc.state
        target = sc.hover
        if sc.popup is not None:
            target = getattr(sc, "popup_target", None)
        if acting is None or target is None or target == acting or not sc.human_to_move():
            self._shot = None
            return None
        key = (sc.match.version, acting, target)
        if key != self._shot_key:
            self._shot_key = key
            box = sc.match.session.system.shot_box(st, acting, target)
            self._shot = (target, box) if box is not None else None
        return self._shot

    def shot_lines(self, reports: tuple[str, ShotBox]) -> list[tuple[str, tuple[int, int, int]]]:
        """The shot box's words, and what a click on her does: fire only if some shot of hers is on offer."""
        sc = self.scene
        target, box = reports
        lines: list[tuple[str, tuple[int, int, int]]] = [(box.title, (255, 255, 255))]
        lines += [(words, SHOT_TONES.get(tone, P.TEXT)) for words, tone in box.lines]
        if sc.popup is not None:
            lines.append(("choose the shot in the pop-up", (200, 230, 255)))
        elif any(a.target == target for a in sc.actions.actions):
            lines.append(("click her to fire", (200, 230, 255)))
        else:
            lines.append(("no shot at her now", SHOT_TONES.get("dim", P.TEXT)))
        return lines

    def _draw_shot_box(self, surf: pygame.Surface, reports: tuple[str, ShotBox]) -> None:
        lines = self.shot_lines(reports)
        line = px(20)
        w = max(px(8) + blit_width(t) for t, _ in lines) + px(12)
        h = len(lines) * line + px(10)
        x, y = self._shot_box_place(w, h)
        self.shot_rect = pygame.Rect(x, y, w, h)
        panel = pygame.Surface((w, h), pygame.SRCALPHA)
        panel.fill((10, 14, 20, 225))
        surf.blit(panel, (x, y))
        pygame.draw.rect(surf, (120, 130, 140), (x, y, w, h), 1, border_radius=4)
        for i, (t, c) in enumerate(lines):
            blit_text(surf, t, (x + px(8), y + px(6) + i * line), 17, c)

    def _shot_box_place(self, w: int, h: int) -> tuple[int, int]:
        """Beside the pointer while hovering; beside the fire pop-up while it is open, never under it."""
        sc = self.scene
        cam = sc.cam
        left, top = cam.view_x + 4, cam.view_y + 4
        right, bottom = cam.view_x + cam.view_w - 4, cam.view_y + cam.view_h - 4
        popup = sc.popup.get_abs_rect() if sc.popup is not None else None
        if popup is None:
            mx, my = pygame.mouse.get_pos()
            return min(mx + px(18), right - w), min(my + px(18), bottom - h)
        x = max(left, min(popup.left, right - w))
        if popup.bottom + 4 + h <= bottom:
            return x, popup.bottom + 4
        if popup.top - 4 - h >= top:
            return x, popup.top - 4 - h
        y = max(top, min(popup.top, bottom - h))
        if popup.left - 4 - w >= left:
            return popup.left - 4 - w, y
        return min(popup.right + 4, right - w), y

    def _draw_measure(self, surf: pygame.Surface) -> None:
        sc = self.scene
        from game.ui.scenes.battle_input import ship_at

        a, b = sc.measure
        d = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
        label = f'{d:.1f}"'
        sa, sb = ship_at(sc, a), ship_at(sc, b)
        if sa and sb and sa != sb:
            one, two = sc.state.ships[sa], sc.state.ships[sb]
            gap = base_distance(one.pose, (one.length, one.width), two.pose, (two.length, two.width))
            label += f"  —  {one.name} to {two.name}: {inches(gap)} base to base"
        self.measure_rect = draw_free_tape(surf, sc.cam, a, b, label)

    def _draw_banner(self, surf: pygame.Surface, text: str) -> None:
        """The hand-over card, centred on the table and no wider than it: the whole window is shaded so
        the next player sees it at once, but the words stay off the side panel they would print over."""
        w, h = surf.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surf.blit(shade, (0, 0))
        cam = self.scene.cam
        head, _, rest = text.partition(" — ")
        rest = rest[:1].upper() + rest[1:]
        size = 34
        while size > 20 and text_width(head, size, True) > cam.view_w - 80:
            size -= 2
        box_w = min(cam.view_w - 40, max(text_width(head, size, True), text_width(rest, 20, False)) + 64)
        box_h = 18 + render(head, size, (255, 255, 255), True).get_height() + 18
        if rest:
            box_h += 10 + render(rest, 20).get_height()
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = (cam.view_x + cam.view_w // 2, cam.view_y + cam.view_h // 2)
        self.banner_rect = box
        pygame.draw.rect(surf, P.PANEL, box, border_radius=8)
        colour = P.side_colour(self.scene.state, self.scene.match.to_move() or "")
        pygame.draw.rect(surf, colour, (box.left, box.top, box.w, 6), border_top_left_radius=8,
                         border_top_right_radius=8)
        pygame.draw.rect(surf, (150, 150, 140), box, 1, border_radius=8)
        r = blit_text(surf, head, (box.centerx, box.top + 18), size, (255, 255, 255), "midtop", bold=True)
        if rest:
            blit_text(surf, rest, (box.centerx, r.bottom + 10), 20, P.TEXT, "midtop")


def _in_view(cam, ship, pose) -> bool:
    """Whether any of her (with her sails and flags) can be on the screen."""
    x, y = cam.to_screen(pose[0], pose[1])
    r = (max(ship.length, ship.width) * 0.7 + 0.5) * cam.scale + 12
    return cam.view_x - r < x < cam.view_x + cam.view_w + r and cam.view_y - r < y < cam.view_y + cam.view_h + r


def _lighter(shape: Shape, share: float) -> Shape:
    """The same shape painted lighter: its fill and edge alpha scaled by ``share``."""
    return replace(shape, fill=round(shape.fill * share), edge=round(shape.edge * share))


def text_width(s: str, size: int, bold: bool) -> int:
    return render(s, size, (255, 255, 255), bold).get_width()


def text_rect(s: str, size: int, midtop: tuple[float, float]) -> pygame.Rect:
    """The rectangle a line of table text takes when its top middle is at ``midtop``."""
    return render(s, size).get_rect(midtop=(round(midtop[0]), round(midtop[1])))


def blit_width(text: str) -> int:
    return render(text, 17).get_width()


