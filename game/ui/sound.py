"""Sounds made by the program itself: a broadside's thunder, a bell for the turn, timber for a collision.

Each is synthesised once into 16-bit samples (noise and decaying tones) so the
project ships no audio files.  Without a sound device the game stays silent
rather than failing.
"""

from __future__ import annotations

import array
import math
import random

import pygame

RATE = 22050


def _noise_boom(seconds: float, seed: int, rumble: float = 55.0) -> array.array:
    rng = random.Random(seed)  # decoration only: never the game's dice
    n = int(RATE * seconds)
    out = array.array("h")
    low = 0.0
    for i in range(n):
        t = i / RATE
        env = math.exp(-t * 5.5) * min(1.0, t * 400)
        low += (rng.uniform(-1, 1) - low) * 0.08  # a low-passed crack
        tone = math.sin(2 * math.pi * rumble * t) * 0.5
        out.append(int(max(-1.0, min(1.0, (low * 2.2 + tone) * env)) * 26000))
    return out


def _bell(seconds: float) -> array.array:
    n = int(RATE * seconds)
    out = array.array("h")
    for i in range(n):
        t = i / RATE
        env = math.exp(-t * 3.0)
        v = sum(a * math.sin(2 * math.pi * f * t) for f, a in ((880, 0.6), (1320, 0.25), (2210, 0.15)))
        out.append(int(v * env * 18000))
    return out


class Sounds:
    def __init__(self) -> None:
        self.ok = False
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
            self.sounds = {
                "gunfire": pygame.mixer.Sound(buffer=_noise_boom(1.4, 1).tobytes()),
                "impact": pygame.mixer.Sound(buffer=_noise_boom(0.6, 2, rumble=120.0).tobytes()),
                "bell": pygame.mixer.Sound(buffer=_bell(1.2).tobytes()),
            }
            self.ok = True
        except (pygame.error, ValueError):
            self.ok = False

    def play(self, name: str, volume: float) -> None:
        if not self.ok or volume <= 0:
            return
        s = self.sounds.get(name)
        if s is not None:
            s.set_volume(volume)
            s.play()

