"""Live network play: one player hosts (:mod:`.host`), the other joins (:mod:`.client`), spectators watch.

The host's engine is the only authority and the dice are made by both players
(``game.fair``); every message is checked by :mod:`.protocol`.  The window
plays through a ``game.fair.link.Link``: ``start_host(...).link`` or a
``Client``.  docs/NETPLAY.md tells the whole of it.
"""
