"""A new battle from a scenario and a seed: the first state and the setup event."""

from __future__ import annotations

from typing import Any

from game.content.model import RuleSet, Scenario, ShoreBattery
from game.systems.btq21 import board, visibility, weather
from game.systems.btq21 import events as ev
from game.systems.btq21.dice import Dice
from game.systems.btq21.events import Out, pose_of
from game.systems.btq21.initiative import roll_initiative
from game.systems.btq21.state import TRACKS, GameState, Ship, Squadron


def new_game(
    scenario: Scenario, rules: RuleSet, seed: int, system: Any = None
) -> tuple[GameState, list[dict[str, Any]]]:
    """The first state of a battle under ``system`` (Beat to Quarters with ``rules`` if not given)."""
    if system is None:
        from game.systems.btq21.system import BeatToQuarters

        system = BeatToQuarters(rules)
    ships: dict[str, Ship] = {}
    squadrons: dict[str, Squadron] = {}
    for side in scenario.sides:
        for sq in side.squadrons:
            nation = sq.nation or side.nation
            squadrons[sq.id] = Squadron(sq.id, sq.name, side.id, nation, tuple(s.id for s in sq.ships))
            for entry in sq.ships:
                cls = entry.ship
                specials = tuple(
                    dict.fromkeys(cls.specials + entry.specials + (("flagship",) if entry.flagship else ()))
                )
                size = rules.size_of(cls.rate)
                length, width = rules.bases[size]
                left = {"hull": cls.hull, "rigging": cls.rigging, "crew": cls.crew, **entry.condition}
                ships[entry.id] = Ship(
                    id=entry.id,
                    name=entry.shown_name,
                    side=side.id,
                    squadron=sq.id,
                    nation=cls.nation,
                    rate=cls.rate,
                    size=size,
                    guns=cls.guns,
                    large_share=cls.large_share,
                    musketry=cls.musketry,
                    quality=entry.quality or cls.quality,
                    specials=specials,
                    length=length,
                    width=width,
                    x=float(entry.pose[0]),
                    y=float(entry.pose[1]),
                    heading=float(entry.pose[2]) % 360.0,
                    sail=entry.sail,
                    hull_start=cls.hull,
                    rigging_start=cls.rigging,
                    crew_start=cls.crew,
                    hull=left["hull"],
                    rigging=left["rigging"],
                    crew=left["crew"],
                    hull_cripple=rules.crippled_at(cls.hull),
                    rigging_cripple=rules.crippled_at(cls.rigging),
                    crew_cripple=rules.crippled_at(cls.crew),
                    original_side=side.id,
                )
    for side in scenario.sides:
        for bat in side.batteries:
            squadrons[bat.id] = Squadron(bat.id, bat.name, side.id, side.nation, (bat.id,))
            ships[bat.id] = _battery(rules, side.id, side.nation, bat)
    state = GameState(
        scenario_id=scenario.id,
        ruleset_id=rules.id,
        seed=seed,
        table_width=scenario.table[0],
        table_height=scenario.table[1],
        wind_from=scenario.wind_from,
        turn_limit=scenario.turn_limit,
        sides=tuple(s.id for s in scenario.sides),
        ships=ships,
        squadrons=squadrons,
        dice=Dice.from_seed(seed),
        rules=rules,
        scenario=scenario,
        system=system,
    )
    enabled = dict(getattr(system, "enabled", None) or {})
    if weather.NAME in enabled:
        state.weather = str(enabled[weather.NAME].get("value") or weather.NORMAL)
    if visibility.NAME in enabled:
        state.visibility = str(enabled[visibility.NAME].get("value") or visibility.FOG)
    shoals = board.rated_shoals(state)
    out = Out(state)
    out.emit(
        ev.Setup(
            scenario=scenario.id,
            seed=seed,
            ruleset=rules.id,
            table={"width": scenario.table[0], "height": scenario.table[1]},
            wind_from=scenario.wind_from,
            turn_limit=scenario.turn_limit,
            sides=tuple({"id": s.id, "name": s.name, "nation": s.nation} for s in scenario.sides),
            squadrons=tuple(
                {"id": q.id, "name": q.name, "side": q.side, "nation": q.nation} for q in squadrons.values()
            ),
            ships=tuple(_ship_entry(s) for s in ships.values()),
            options=tuple(sorted(enabled)) or None,
            weather=state.weather or None,
            shoals=tuple({"id": k, "depth": v} for k, v in shoals.items()) or None,
            victory=_terms(scenario.victory),
            visibility=state.visibility or None,
            visibility_range=visibility.distance(state) or None,
            dawn=(visibility.dawn(state) or None) if state.visibility == visibility.NIGHT else None,
        )
    )
    for hook in getattr(system, "setup_hooks", ()):
        hook(state, out)
    for hook in getattr(system, "every_turn_hooks", ()):
        hook(state, out)
    roll_initiative(state, out)
    return state, list(out)


def _terms(victory: dict[str, Any] | None) -> dict[str, Any] | None:
    """The victory terms the log carries, when they set objectives, exit edges or a mode other than points
    (else None: a log of a battle on points alone reads as it always did)."""
    v = dict(victory or {})
    if not v.get("objectives") and not v.get("exit_edges") and v.get("mode", "points") == "points":
        return None
    return {k: v[k] for k in ("mode", "exit_edges", "objectives") if v.get(k)}


def _battery(rules: RuleSet, side: str, nation: str, bat: ShoreBattery) -> Ship:
    """A shore battery is kept as a ship that never moves: fort points are its hull."""
    size = float(rules.shore_battery.get("base", 2.0))
    return Ship(
        id=bat.id,
        name=bat.name,
        side=side,
        squadron=bat.id,
        nation=nation,
        rate="battery",
        size="battery",
        guns=bat.guns,
        large_share=bat.large_share,
        musketry=0,
        quality=bat.quality,
        specials=("shore_battery",),
        length=size,
        width=size,
        x=float(bat.position[0]),
        y=float(bat.position[1]),
        heading=0.0,
        sail=None,
        hull_start=bat.fort,
        rigging_start=0,
        crew_start=bat.crew,
        hull=bat.fort,
        rigging=0,
        crew=bat.crew,
        hull_cripple=rules.crippled_at(bat.fort),
        rigging_cripple=1,
        crew_cripple=rules.crippled_at(bat.crew),
        original_side=side,
        shore_battery=True,
    )


def _ship_entry(s: Ship) -> dict[str, Any]:
    """Her setup line; a ship that starts damaged also gives her full tracks (``start``), which her points use."""
    entry = {
        "id": s.id,
        "name": s.name,
        "side": s.side,
        "squadron": s.squadron,
        "nation": s.nation,
        "rate": s.rate,
        "size": s.size,
        "guns": s.guns,
        "large_share": s.large_share,
        "hull": s.hull,
        "rigging": s.rigging,
        "crew": s.crew,
        "musketry": s.musketry,
        "quality": s.quality,
        "specials": list(s.specials),
        "base": [s.length, s.width],
        "pose": pose_of(s),
        "sail": s.sail,
    }
    start = {t: s.start(t) for t in TRACKS}
    if any(start[t] != s.left(t) for t in TRACKS):
        entry["start"] = start
    return entry
