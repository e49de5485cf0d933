"""The account of a battle, from constructed event lists and from self-played battles."""

from __future__ import annotations

import pytest

from game.report.account import BOARDING, COLLISION, GUNFIRE, OTHER, TRACKS, AccountError, build_account
from game.systems import make_system
from tests.report.conftest import RULES, played

SYSTEM = make_system(RULES.system, RULES)


def setup(**more) -> dict:
    ship = {"name": "", "nation": "british", "rate": "5th", "guns": 38, "hull": 40, "rigging": 30, "crew": 30,
            "specials": [], "base": [2.0, 0.8]}  # fmt: skip
    return {
        "seq": 0, "type": "setup", "game_turn": 1, "scenario": "test", "seed": 5,
        "table": {"width": 72.0, "height": 48.0}, "wind_from": 90.0, "turn_limit": 8,
        "sides": [{"id": "red", "name": "Red Fleet"}, {"id": "blue", "name": "Blue Fleet"}],
        "ships": [
            {**ship, "id": "a", "name": "Ajax", "side": "red", "pose": [10.0, 10.0, 90.0]},
            {**ship, "id": "b", "name": "Bellona", "side": "blue", "pose": [30.0, 10.0, 270.0]},
            {**ship, "id": "c", "name": "Castor", "side": "blue", "pose": [30.0, 20.0, 270.0]},
        ],
        **more,
    }  # fmt: skip


def ev(type_: str, at: int = 1, /, **fields) -> dict:
    """An event of game turn ``at`` (a move's ``turn`` field is its degrees, as in the log)."""
    return {"type": type_, "game_turn": at, "turn": at, **fields}


def broadside(ship: str, target: str, hits: int, turn: int = 1, rake: bool = False) -> dict:
    return ev("broadside", turn, ship=ship, target=target, side="port", aim="hull", band="close", rake=rake,
              crippled_hull=False, d10=0, d6=6, modifier=0, modifiers={}, needed_d6=5, needed_d10=5,
              faces_d6=[6] * hits, faces_d10=[], hits=hits, kind="broadside", range=4.0)  # fmt: skip


def damage(ship: str, track: str, lost: int, turn: int = 1) -> dict:
    return ev("damage", turn, ship=ship, track=track, lost=lost, left=10, crippled=False)


BATTLE = [
    setup(),
    ev("move", 1, ship="a", to=[14.0, 10.0, 90.0], turn=0.0),
    broadside("a", "b", 4, turn=1),
    damage("b", "hull", 4),
    ev("critical_check", 1, ship="b", roll=6, critical=True),
    ev("critical", 1, ship="b", roll=7, effect="mast"),
    damage("b", "rigging", 5),
    ev("activation_end", 1, ship="a"),
    ev("fire_spreads", 1, ship="b", faces=[2], fires=2),
    damage("b", "hull", 2),  # the fire's: nobody's hand
    ev("turn", 2, number=2),
    ev("move", 2, ship="b", to=[26.0, 10.0, 270.0], turn=0.0),
    broadside("b", "a", 3, turn=2, rake=True),
    damage("a", "hull", 3, turn=2),
    ev("critical", 2, ship="a", roll=2, effect="rudder"),
    ev(
        "collision",
        2,
        ship="c",
        other="b",
        faces=[3],
        hull_lost=3,
        other_faces=[2],
        other_hull_lost=2,
        to=[29.0, 19.0, 250.0],
        other_to=[26.5, 10.5, 260.0],
        aligned=True,
        other_aligned=True,
    ),  # fmt: skip
    damage("c", "hull", 3, turn=2),
    damage("b", "hull", 2, turn=2),
    ev(
        "boarding",
        2,
        attacker="a",
        defender="b",
        round=1,
        attacker_dice={},
        defender_dice={},
        attacker_hits=2,
        defender_hits=1,
        attacker_saves=[],
        defender_saves=[],
    ),  # fmt: skip
    damage("b", "crew", 2, turn=2),
    damage("a", "crew", 1, turn=2),
    ev(
        "boarding",
        2,
        attacker="a",
        defender="b",
        round=2,
        attacker_dice={},
        defender_dice={},
        attacker_hits=3,
        defender_hits=0,
        attacker_saves=[],
        defender_saves=[],
    ),  # fmt: skip
    damage("b", "crew", 3, turn=2),
    ev("captured", 2, ship="b", by="a", side="red", crew=6),
    ev("turn", 3, number=3),
    ev("drift", 3, ship="c", to=[28.0, 19.5, 250.0], distance=1.0),
    ev("sunk", 3, ship="c"),
    ev("game_over", 3, winner="red", points={"red": 99.0, "blue": 0.0}, reason="only red can fight"),
]


@pytest.fixture(scope="module")
def acc():
    return build_account(BATTLE, SYSTEM, None)


def test_damage_taken_is_every_damage_event_by_ship_turn_and_track(acc):
    for ship in acc.ships.values():
        for turn in range(1, acc.turns + 1):
            for track in TRACKS:
                want = sum(e["lost"] for e in BATTLE if e["type"] == "damage" and e["ship"] == ship.id
                           and e["game_turn"] == turn and e["track"] == track)  # fmt: skip
                assert ship.taken.get(turn, {}).get(track, 0) == want, (ship.id, turn, track)
    b = acc.ships["b"]
    assert b.taken == {1: {"hull": 6, "rigging": 5}, 2: {"hull": 2, "crew": 5}}


def test_damage_is_put_down_to_the_hand_that_dealt_it(acc):
    a, b, c = (acc.ships[s] for s in "abc")
    # Ajax: her broadside (4 hull), the critical it brought (5 rigging), her boarders (5 crew)
    assert a.dealt == {1: {"hull": 4, "rigging": 5}, 2: {"crew": 5}}
    assert b.dealt == {2: {"hull": 3, "crew": 1}}  # her broadside, her crew's one hit in the boarding
    assert c.dealt == {}  # a collision is nobody's blow
    assert b.taken_by == {GUNFIRE: 9, BOARDING: 5, COLLISION: 2, OTHER: 2}
    assert c.taken_by[COLLISION] == 3 and a.taken_by == {GUNFIRE: 3, BOARDING: 1, COLLISION: 0, OTHER: 0}


def test_the_damage_all_ships_dealt_is_the_damage_taken_from_an_enemys_hand(acc):
    dealt = sum(s.dealt_total() for s in acc.ships.values())
    taken = sum(s.taken_by[GUNFIRE] + s.taken_by[BOARDING] for s in acc.ships.values())
    assert dealt == taken == 4 + 5 + 3 + 3 + 1 + 2


def test_broadsides_rakes_criticals_and_boardings_are_tallied(acc):
    a, b, c = (acc.ships[s] for s in "abc")
    assert (a.broadsides, a.hits, a.rakes_given, a.rakes_taken) == (1, 4, 0, 1)
    assert (b.broadsides, b.hits, b.rakes_given, b.rakes_taken) == (1, 3, 1, 0)
    assert b.criticals_taken == ["mast"] and a.criticals_given == 1
    assert a.criticals_taken == ["rudder"] and b.criticals_given == 1
    assert a.boardings == b.boardings == 1 and c.boardings == 0  # one action of two rounds
    assert a.prizes == 1 and b.prizes == 0


def test_fates_moments_and_the_result(acc):
    a, b, c = (acc.ships[s] for s in "abc")
    assert (a.fate, b.fate, c.fate) == ("afloat", "captured", "sunk")
    assert (b.fate_turn, c.fate_turn) == (2, 3) and b.side_now == "red" and b.side == "blue"
    assert [(m.turn, m.kind, m.ship) for m in acc.moments] == [(2, "captured", "b"), (3, "sunk", "c")]
    assert all(m.text for m in acc.moments)
    assert acc.over and acc.winner == "red" and acc.points == {"red": 99.0, "blue": 0.0}
    assert acc.reason == "only red can fight" and acc.turns == 3 and acc.seed == 5
    assert acc.heaviest == (1, "a", "b", 4, False)


def test_courses_follow_every_pose_the_log_gives(acc):
    a, b, c = (acc.ships[s] for s in "abc")
    assert a.course == [(1, 10.0, 10.0, 90.0), (1, 14.0, 10.0, 90.0)]
    assert b.course == [(1, 30.0, 10.0, 270.0), (2, 26.0, 10.0, 270.0), (2, 26.5, 10.5, 260.0)]
    assert c.course[-1] == (3, 28.0, 19.5, 250.0) and c.course[1] == (2, 29.0, 19.0, 250.0)
    assert b.pose_at_end_of(1) == (30.0, 10.0, 270.0) and b.pose_at_end_of(2) == (26.5, 10.5, 260.0)
    assert c.pose_at_end_of(0) is None


def test_luck_comes_from_the_rule_system_for_every_throw(acc):
    a = acc.ships["a"]
    want = SYSTEM.dice_luck(BATTLE[2], BATTLE[0])
    assert want is not None and a.luck.throws == 1 and a.luck.expected == pytest.approx(want.expected)
    assert acc.side_luck("red").rolled == 4 and acc.side_luck("blue").rolled == 3


def test_the_points_are_the_rule_systems_entries_and_say_when_they_do_not_add_up(acc):
    entries = SYSTEM.points_account(BATTLE, None)
    assert acc.points_entries == entries
    assert {e.ship for e in entries} == {"b", "c"}
    assert not acc.points_agree  # the made-up game_over says 99: the entries say otherwise, and the report says so


def test_no_setup_is_no_battle():
    with pytest.raises(AccountError):
        build_account([], SYSTEM)
    with pytest.raises(AccountError):
        build_account(BATTLE[1:], SYSTEM)


def test_an_unfinished_battle_is_reported_as_far_as_it_went():
    acc = build_account(BATTLE[:12], SYSTEM)
    assert not acc.over and acc.winner is None and acc.turns == 2


@pytest.mark.parametrize("name, seed", [("duel", 6), ("squadron", 3), ("cap_noir", 3), ("aboukir_bay", 5)])
def test_a_self_played_battles_account_adds_up(name, seed):
    session = played(name, seed)
    acc = build_account(session.events, session.system, session.scenario)
    damage = [e for e in session.events if e["type"] == "damage"]
    assert sum(s.taken_total() for s in acc.ships.values()) == sum(e["lost"] for e in damage)
    for ship in acc.ships.values():
        assert ship.taken_total() == sum(e["lost"] for e in damage if e["ship"] == ship.id)
        assert sum(ship.taken_by.values()) == ship.taken_total()
    dealt = sum(s.dealt_total() for s in acc.ships.values())
    assert dealt == sum(s.taken_by[GUNFIRE] + s.taken_by[BOARDING] for s in acc.ships.values())
    assert sum(s.broadsides for s in acc.ships.values()) == sum(1 for e in session.events if e["type"] == "broadside")
    assert acc.points == session.state.points and acc.points_agree
    assert acc.title == session.scenario.name and acc.turns == session.state.turn
    for sid, ship in acc.ships.items():
        live = session.state.ships[sid]
        if not live.shore_battery:
            assert ship.last_pose == pytest.approx((live.x, live.y, live.heading), abs=2e-3), sid
        assert ship.fate == live.status, sid
