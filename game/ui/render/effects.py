"""Fire aboard a ship: flickering flames on her deck and smoke drifting away downwind.

Drawn every frame over the table (the rest of the table is cached), so only
a burning ship costs anything: a few flames and a few puffs of smoke, each a
soft sprite painted once per size.  How the flames flicker is a function of
the clock and the ship's fixed pattern, never chance.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.table.geometry import to_table
from game.ui.camera import Camera
from game.ui.render.brush import pattern
from game.ui.render.models import BUILD

#: Puffs of smoke in each fire's plume, how far downwind it reaches (inches) and how fast it rises away.
PUFFS = 7
PLUME = 2.6
PLUME_SPEED = 0.45
SMOKE = (150, 146, 140)
FLAME = ((255, 214, 90), (255, 140, 40), (220, 70, 20))


@lru_cache(maxsize=512)
def puff(radius: int, colour: tuple[int, int, int], alpha: int, soft: bool = True) -> pygame.Surface:
    """A soft round puff: ``radius`` pixels, fading out at its edge."""
    r = max(1, radius)
    s = pygame.Surface((4 * r + 2, 4 * r + 2), pygame.SRCALPHA)
    pygame.draw.circle(s, (*colour, alpha), (2 * r + 1, 2 * r + 1), r)
    if r >= 3 and soft:
        s = pygame.transform.gaussian_blur(s, max(1, r // 2))
    return s


def fire_spots(length: float, width: float, hull: str, fires: int, seed: int) -> list[tuple[float, float]]:
    """Where the fires burn on her deck, in her own frame (inches): one spot a fire, up to four."""
    share_l, share_w = BUILD.get(hull, BUILD["frigate"])[:2]
    hl, hb = length / 2 * share_l, width / 2 * share_w
    return [(hl * (-0.7 + 1.4 * pattern(seed + 71, i)), hb * (-0.6 + 1.2 * pattern(seed + 72, i)))
            for i in range(min(4, fires))]


def draw_fire(surf: pygame.Surface, cam: Camera, pose: tuple[float, float, float], spots: Sequence[tuple[float, float]],
              wind_from: float, clock: float, seed: int) -> None:
    """Each fire's flames and its plume of smoke, blown downwind."""
    to = math.radians(wind_from + 180.0)
    dx, dy = math.sin(to), -math.cos(to)  # downwind on the screen
    k = cam.scale
    for i, local in enumerate(spots):
        x, y = cam.to_screen(*to_table(pose, local))
        phase = pattern(seed + 73, i)
        for j in range(PUFFS):  # smoke first: the flames burn through it
            f = ((clock * PLUME_SPEED / PLUME) + phase + j / PUFFS) % 1.0
            d = f * PLUME * k
            r = max(2 + round(3 * f), round((0.1 + 0.42 * f) * k))
            alpha = round(15 * (1 - f) ** 1.2 * min(1.0, f * 6)) * 10  # thin as it leaves the fire, then fading
            if alpha < 8:
                continue
            wob = math.sin(clock * 1.3 + j * 2.1 + phase * 6) * 0.12 * k * f
            img = puff(min(r, 120), SMOKE, alpha)
            surf.blit(img, img.get_rect(center=(round(x + dx * d - dy * wob), round(y + dy * d + dx * wob))))
        flick = 0.8 + 0.2 * math.sin(clock * 11.0 + phase * 20) * math.sin(clock * 7.3 + phase * 9)
        glow = puff(max(2, round(0.16 * k * flick)), FLAME[2], 120)
        surf.blit(glow, glow.get_rect(center=(round(x), round(y))))
        for c, share in zip(reversed(FLAME), (1.0, 0.75, 0.45), strict=True):  # red outside, a yellow heart
            r = max(1, round(0.07 * k * share * flick))
            img = puff(r, c, 240, soft=False)
            surf.blit(img, img.get_rect(center=(round(x + dx * r * 0.4), round(y + dy * r * 0.4))))
