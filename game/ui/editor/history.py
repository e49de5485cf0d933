"""Undo and redo: the documents before and after, each with the words that say what the edit was.

Documents are frozen values, so keeping one is keeping a reference; the
history is capped so a long evening's editing does not grow without end.
"""

from __future__ import annotations

from game.content.model import Scenario

#: Edits kept for undo.
DEPTH = 500


class History:
    def __init__(self, doc: Scenario) -> None:
        self.doc = doc
        self._past: list[tuple[Scenario, str]] = []
        self._future: list[tuple[Scenario, str]] = []

    def commit(self, doc: Scenario, what: str) -> None:
        """``doc`` becomes the document; undo goes back to the one before (``what`` names the edit)."""
        if doc == self.doc:
            return
        self._past.append((self.doc, what))
        del self._past[:-DEPTH]
        self._future.clear()
        self.doc = doc

    def undo(self) -> str | None:
        """Step back one edit; what was undone, or None if there is nothing to undo."""
        if not self._past:
            return None
        before, what = self._past.pop()
        self._future.append((self.doc, what))
        self.doc = before
        return what

    def redo(self) -> str | None:
        if not self._future:
            return None
        after, what = self._future.pop()
        self._past.append((self.doc, what))
        self.doc = after
        return what

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)
