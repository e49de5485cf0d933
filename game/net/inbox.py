"""What has arrived for a window, handed from the network's thread to the window's."""

from __future__ import annotations

import threading

from game.fair.link import Incoming

from . import protocol as p


class Inbox:
    """A list filled on one thread and emptied on another; ``arrived`` is set while it holds something (a
    headless player waits on it instead of polling)."""

    def __init__(self) -> None:
        self._events: list[Incoming] = []
        self._lock = threading.Lock()
        self.arrived = threading.Event()

    def push(self, event: Incoming) -> None:
        with self._lock:
            self._events.append(event)
        self.arrived.set()

    def take(self) -> list[Incoming]:
        with self._lock:
            out, self._events = self._events, []
            self.arrived.clear()
        return out


def chat_line(text: str) -> str | None:
    """A line of chat as it may be sent (trimmed to the limit), or None if there is nothing printable to send."""
    text = text.strip()[: p.MAX_CHAT]
    return text if text and text.isprintable() else None
