"""Rule systems: each a package behind one small interface, found by its id.

Beat to Quarters v2.1 (``btq21``) is the first; the rest of the program should
reach a rule system only through :mod:`game.systems.base`.
"""
