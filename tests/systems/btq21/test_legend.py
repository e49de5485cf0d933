"""The legend explains every mark Beat to Quarters puts on the table, in the colours it draws them."""

from __future__ import annotations

import re

from game.ai import make_player
from game.ai.decide import decide
from game.content.load import load_scenario, scenario_path
from game.persistence.session import Session
from game.systems import make_system
from game.systems.base import Refusal
from game.systems.btq21.figures import BANDS, ZONES, badges
from tests.systems.btq21.battle import RULES, SHIPS

SYSTEM = make_system("btq21", RULES)


def _word(label: str) -> str:
    return re.sub(r"\s*\d+$", "", label)  # "FIRE 2" -> "FIRE"


def _explained() -> set[str]:
    words = set()
    for group in SYSTEM.legend():
        for m in group.marks:
            if m.sample == "badge":
                words.add(_word(m.label))
                words.update(re.findall(r"\b[A-Z]{3,}\b", m.meaning))  # "(CALAMITY: for ill)"
    return words


def test_every_range_band_and_disposition_has_its_colour_in_the_legend():
    marks = [m for g in SYSTEM.legend() for m in g.marks]
    bands = {tuple(m.colour) for m in marks if m.sample == "band"}
    wedges = {tuple(m.colour) for m in marks if m.sample == "wedge"}
    assert {BANDS[b] for b in RULES.ranges} == bands
    assert set(ZONES.values()) == wedges


def test_the_bands_say_the_distances_of_the_tables_in_force():
    arcs = next(g for g in SYSTEM.legend() if g.title.startswith("Firing arcs"))
    point_blank = next(m for m in arcs.marks if m.label == "Point blank")
    assert f'to {RULES.ranges["point_blank"]:g}"' in point_blank.meaning


def _badges_of_a_battle(name: str, seed: int) -> set[str]:
    """Every word under every ship after every command of a scripted battle."""
    sc = load_scenario(scenario_path(name), SHIPS, RULES)
    session = Session(sc, RULES, seed, {}, {})
    agents = {s.id: make_player("scripted", seed, s.id) for s in sc.sides}
    seen: set[str] = set()
    while not session.over:
        options = session.legal()
        agent = agents[session.state.ships[options[0].ship].side]
        decide(agent, session.state, options, lambda cmd: not isinstance(session.submit(cmd), Refusal))
        for s in session.state.ships.values():
            if s.on_table:
                seen.update(_word(b.label) for b in badges(session.state, s.id))
    return seen


def test_every_word_seen_under_a_ship_in_battles_of_every_option_is_explained():
    explained = _explained()
    seen: set[str] = set()
    for name in ("duel", "cap_noir", "aboukir_bay", "basque_roads", "breaking_the_line", "fortunes_of_war"):
        seen |= _badges_of_a_battle(name, 1)
    assert {"FLAG", "DONE", "FIRE"} <= seen  # the battles did show badges
    assert seen <= explained, f"badges with no legend: {sorted(seen - explained)}"
