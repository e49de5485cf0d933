"""How Beat to Quarters' options are offered: every key they carry is one a player can look up."""

from __future__ import annotations

from game.content.load import load_default, load_scenario, scenario_path
from game.persistence.session import Session
from game.selfplay import play
from game.systems.btq21.offers import SHORTCUTS

RULES, SHIPS = load_default()


def test_every_key_an_option_carries_is_in_the_keys_the_reference_lists():
    """F1's Keys page lists SHORTCUTS; a key put on an option and left out of it would be a secret."""
    listed = {k.strip().lower() for keys, _ in SHORTCUTS for k in keys.split("/")}
    listed |= {"return"} if "enter" in listed else set()
    seen: set[str] = set()
    for name in ("duel", "round_and_grape", "stern_chase", "breaking_the_line", "aboukir_bay"):
        sc = load_scenario(scenario_path(name), SHIPS, RULES)
        played = play(sc, RULES, 7, {s.id: "random" for s in sc.sides}).session
        again = Session(sc, RULES, 7, {})
        for cmd in played.commands:
            for o in again.legal():
                seen |= {k for k in (o.key, o.lay_key, *(v.key for v in o.variants)) if k}
            again.submit(cmd)
    assert {"return", "e", "=", "[", "c", "k"} <= seen  # the sample reaches the options' keys
    assert seen <= listed, f"keys on options but not on F1's Keys page: {sorted(seen - listed)}"
