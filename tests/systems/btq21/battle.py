"""Small battles built in code, so each rule test shows its whole position."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from game.content.load import load_default
from game.content.model import Scenario, ScenarioShip, ShipClass, Side, Squadron, Terrain
from game.persistence.session import Session
from game.systems import make_system
from game.systems.btq21 import commands as c
from game.systems.btq21.dice import Loaded
from game.systems.btq21.engine import Rejected, apply, legal_commands
from game.systems.btq21.setup import new_game
from game.systems.btq21.state import GameState

RULES, SHIPS = load_default()

DEFAULT_GUNS = {"1st": 104, "2nd": 98, "3rd": 74, "4th": 50, "5th": 38, "6th": 24, "sloop": 16, "brig": 18}


def ship_class(
    sid: str,
    rate: str = "5th",
    nation: str = "british",
    quality: str = "average",
    specials: tuple[str, ...] = (),
    guns: int | None = None,
    large_share: float = 0.0,
) -> ShipClass:
    guns = guns or DEFAULT_GUNS[rate]
    row = RULES.stats_row(rate, guns)
    assert row is not None
    return ShipClass(
        id=sid,
        name=sid.title(),
        nation=nation,
        rate=rate,
        guns=guns,
        large_share=large_share,
        hull=row.hull,
        rigging=row.rigging,
        crew=row.crew,
        musketry=row.musketry,
        quality=quality,
        specials=specials,
    )


def battle(
    ships: list[dict],
    wind_from: float = 0.0,
    terrain: tuple[Terrain, ...] = (),
    table: tuple[float, float] = (72.0, 48.0),
    seed: int = 1,
    turn_limit: int = 12,
    options: dict[str, dict] | None = None,
    victory: dict | None = None,
    extra: dict | None = None,
) -> GameState:
    """``ships``: dicts with id, side, pose and optionally rate, sail, squadron, nation, quality, specials, flagship,
    anchored.  ``victory``: the scenario's victory terms (objectives); ``extra``: its facts (a night's dawn)."""
    sides: dict[str, dict[str, list[ScenarioShip]]] = {}
    nations: dict[str, str] = {}
    for d in ships:
        side = d.get("side", "british")
        nation = d.get("nation", side if side in ("british", "french", "spanish") else "british")
        nations.setdefault(side, nation)
        cls = ship_class(
            d["id"], d.get("rate", "5th"), nation, d.get("quality", "average"), tuple(d.get("specials", ()))
        )
        entry = ScenarioShip(
            id=d["id"], ship=cls, pose=tuple(d["pose"]), sail=d.get("sail", "battle"),
            flagship=d.get("flagship", False), anchored=d.get("anchored", ""),
        )
        sides.setdefault(side, {}).setdefault(d.get("squadron", side + "_sq"), []).append(entry)
    if len(sides) < 2:
        sides.setdefault("french" if "british" in sides else "british", {})
        nations.setdefault("french", "french")
        nations.setdefault("british", "british")
    scenario = Scenario(
        id="test",
        name="Test",
        description="",
        table=table,
        wind_from=wind_from,
        turn_limit=turn_limit,
        sides=tuple(
            Side(
                id=s,
                name=s.title(),
                nation=nations[s],
                colour=(200, 0, 0),
                squadrons=tuple(Squadron(id=q, name=q, ships=tuple(v)) for q, v in sq.items()),
            )
            for s, sq in sides.items()
        ),
        terrain=terrain,
        victory=dict(victory or {}),
        extra=dict(extra or {}),
    )
    system = make_system("btq21", RULES, options) if options else None
    state, _ = new_game(scenario, RULES, seed, system=system)
    return state


def to_act(state: GameState, ship_id: str) -> None:
    """Make ``ship_id``'s squadron the one to act (none of its ships activated yet)."""
    sq = state.ships[ship_id].squadron
    state.order = (sq,) + tuple(q for q in state.order if q != sq)
    state.order_index = 0


def activate(state: GameState, ship_id: str) -> list[dict]:
    """Make ``ship_id``'s squadron the one to act and activate her."""
    to_act(state, ship_id)
    return ok(state, c.ActivateShip(ship_id))


def command_activation(state: GameState, captain: Any, side: str) -> list[c.Command]:
    """``captain`` commands ``side``'s activation under way to its end: every command played, in order.

    An enemy offered a shot as she bears holds her fire, so only the captain's choices count.
    """
    played = []
    for _ in range(30):
        options = legal_commands(state)
        mine = state.ships[options[0].ship].side == side
        cmd = captain.choose(state, options) if mine else c.HoldFire(options[0].ship)
        ok(state, cmd)
        played.append(cmd)
        if isinstance(cmd, c.EndActivation):
            return played
    raise AssertionError("the activation did not end")


def passing_frigates() -> GameState:
    """Two frigates passing on opposite courses on a northerly wind: the French one has sailed her
    activation, the British "amazon" is activated, ours to command."""
    ships = [{"id": "amazon", "pose": (29, 36, 180)}, {"id": "virginie", "side": "french", "pose": (38.5, 26.5, 0)}]
    st = battle(ships, wind_from=0)
    st.ships["virginie"].activated = True
    activate(st, "amazon")
    return st


def sail_with_fire_as_she_bears(state: GameState, ship_id: str, distance: float = 2.5) -> None:
    """Activate ``ship_id``, declare Fire As She Bears (the test passes), sail three segments and end."""
    activate(state, ship_id)
    load(state, 6, 6, 1)
    ok(state, c.FireAsSheBears(ship_id))
    for _ in range(3):
        ok(state, c.MoveSegment(ship_id, distance))
    ok(state, c.EndActivation(ship_id))


def ok(state: GameState, cmd: c.Command) -> list[dict]:
    res = apply(state, cmd)
    assert not isinstance(res, Rejected), res.reason
    return res


def refused(state: GameState, cmd: c.Command) -> str:
    before = state.state_hash()
    res = apply(state, cmd)
    assert isinstance(res, Rejected), f"expected {cmd} to be refused"
    assert state.state_hash() == before, "a refused command changed the state"
    return res.reason


def load(state: GameState, *faces: int) -> Loaded:
    state.dice = Loaded(faces)
    return state.dice


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def shipped_battle(name: str, seed: int = 7) -> GameState:
    """The first state of a shipped scenario."""
    from game.content.load import load_scenario, scenario_path

    state, _ = new_game(load_scenario(scenario_path(name), SHIPS, RULES), RULES, seed)
    return state


def scripted_games(name: str, seeds: Iterable[int]) -> Iterator[Session]:
    """Self-play of a shipped scenario by the scripted player on both sides, one finished session per seed."""
    from game.content.load import load_scenario, scenario_path
    from game.selfplay import play

    sc = load_scenario(scenario_path(name), SHIPS, RULES)
    for seed in seeds:
        yield play(sc, RULES, seed, {s.id: "scripted" for s in sc.sides}).session


def damaged(state: GameState, ship_id: str) -> GameState:
    """A copy of ``state`` with ``ship_id`` hurt every way the card shows: hull, fires, a leak, rudder, a
    broadside fired, Fire As She Bears."""
    s = state.copy()
    ship = s.ships[ship_id]
    ship.hull -= 10
    ship.fires = 2
    ship.leaks = 1
    ship.rudder = True
    ship.fired = ("port",)
    ship.fas = True
    return s
