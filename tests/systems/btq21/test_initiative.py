"""Initiative: 2D6 a squadron with the rule book's modifiers, and its tie-breaks."""

from game.systems.btq21.events import Out
from game.systems.btq21.initiative import roll_initiative, signalled_squadrons
from tests.systems.btq21.battle import battle, load, of_type


def lines(british_flag=False, spanish_crippled=False):
    st = battle(
        [
            {"id": "victory", "rate": "1st", "squadron": "van", "pose": (10, 10, 90), "flagship": british_flag},
            {
                "id": "santa_ana",
                "side": "spanish",
                "nation": "spanish",
                "rate": "1st",
                "squadron": "dons",
                "pose": (60, 40, 270),
            },
        ]
    )
    if spanish_crippled:
        s = st.ships["santa_ana"]
        s.hull = s.hull_start - s.hull_cripple
    return st


def roll(st, *faces):
    load(st, *faces)
    out = Out(st)
    roll_initiative(st, out)
    return {e["squadron"]: e for e in of_type(out, "initiative")}, out


def test_modifiers_flagship_nation_and_crippled():
    st = lines(british_flag=True, spanish_crippled=True)
    ev, _ = roll(st, 3, 4, 5, 6)
    assert ev["van"]["modifier"] == 3 and ev["van"]["total"] == 10  # +2 flagship, +1 British
    assert ev["dons"]["modifier"] == -3 and ev["dons"]["total"] == 8  # -1 Spanish, -2 crippled
    assert st.order == ("van", "dons")


def test_french_squadrons_have_no_modifier():
    st = battle(
        [
            {"id": "a", "side": "french", "squadron": "f", "pose": (10, 10, 90)},
            {"id": "b", "side": "british", "squadron": "b", "pose": (60, 40, 270)},
        ]
    )
    ev, _ = roll(st, 1, 1, 1, 1)
    assert ev["f"]["modifier"] == 0 and ev["b"]["modifier"] == 1


def test_ties_go_to_the_side_whose_flagship_squadron_rolled_higher():
    st = battle(
        [
            {"id": "a1", "side": "french", "squadron": "f_flag", "pose": (10, 10, 90), "flagship": True},
            {"id": "a2", "side": "french", "squadron": "f_other", "pose": (10, 20, 90)},
            {
                "id": "b1",
                "side": "spanish",
                "nation": "spanish",
                "squadron": "s_flag",
                "pose": (60, 40, 270),
                "flagship": True,
            },
            {"id": "b2", "side": "spanish", "nation": "spanish", "squadron": "s_other", "pose": (60, 30, 270)},
        ]
    )
    # f_flag 6+6+2 = 14, f_other 3+4 = 7, s_flag 6+6+2-1 = 13, s_other 4+4-1 = 7
    ev, _ = roll(st, 6, 6, 3, 4, 6, 6, 4, 4)
    assert ev["f_other"]["total"] == ev["s_other"]["total"] == 7
    assert st.order == ("f_flag", "s_flag", "f_other", "s_other")


def test_still_tied_squadrons_roll_a_d6():
    st = battle(
        [
            {"id": "a", "side": "french", "squadron": "f1", "pose": (10, 10, 90)},
            {"id": "b", "side": "french", "squadron": "f2", "pose": (10, 30, 90)},
            {"id": "c", "side": "british", "squadron": "b", "pose": (60, 40, 270)},
        ]
    )
    _, out = roll(st, 3, 3, 3, 3, 1, 1, 2, 2, 5, 1)  # f1 6, f2 6, b 3; roll-off 2-2, then 5-1
    ties = of_type(out, "initiative_tiebreak")
    assert ties[0]["faces"] == [2, 2]
    assert st.order == ("f1", "f2", "b")


def test_a_signals_ship_in_sight_of_the_flagship_signals_a_squadron_within_24_inches():
    st = battle(
        [
            {"id": "victory", "rate": "1st", "squadron": "van", "pose": (10, 10, 90), "flagship": True},
            {"id": "euryalus", "squadron": "van", "pose": (30, 10, 90), "specials": ("signals",)},
            {"id": "bellerophon", "rate": "3rd", "squadron": "rear", "pose": (50, 10, 90)},
            {"id": "x", "side": "french", "pose": (60, 40, 270)},
        ]
    )
    assert signalled_squadrons(st) == {"rear"}
    # a chain: a second signals ship 20" further on passes the signal along
    st2 = battle(
        [
            {"id": "victory", "rate": "1st", "squadron": "van", "pose": (5, 10, 90), "flagship": True},
            {"id": "euryalus", "squadron": "van", "pose": (25, 10, 90), "specials": ("signals",)},
            {"id": "naiad", "squadron": "van", "pose": (45, 10, 90), "specials": ("signals",)},
            {"id": "bellerophon", "rate": "3rd", "squadron": "rear", "pose": (66, 10, 90)},
            {"id": "x", "side": "french", "pose": (60, 40, 270)},
        ]
    )
    assert signalled_squadrons(st2) == {"van", "rear"}  # Euryalus signals her own squadron, Naiad the rear
    st2.ships["naiad"].specials = ()
    assert signalled_squadrons(st2) == {"van"}  # the rear is 38" from Euryalus: out of reach


def combined_fleet():
    """One side of two squadrons: a French one and a Spanish one under the same flag (Trafalgar)."""
    from game.content.model import Scenario, ScenarioShip, Side, Squadron
    from game.systems.btq21.setup import new_game
    from tests.systems.btq21.battle import RULES, ship_class

    def entry(sid, pose, nation):
        return ScenarioShip(id=sid, ship=ship_class(sid, "3rd", nation), pose=pose, sail="battle")

    allied = Side(
        id="allies",
        name="Combined Fleet",
        nation="french",
        colour=(40, 60, 170),
        squadrons=(
            Squadron(id="french_sq", name="Escadre", ships=(entry("fougueux", (10, 10, 90), "french"),)),
            Squadron(
                id="spanish_sq",
                name="Escuadra",
                ships=(entry("santa_ana", (10, 20, 90), "spanish"),),
                nation="spanish",
            ),
        ),
    )
    british = Side(
        id="british",
        name="Royal Navy",
        nation="british",
        colour=(200, 0, 0),
        squadrons=(Squadron(id="lee", name="Lee", ships=(entry("royal_sovereign", (60, 40, 270), "british"),)),),
    )
    sc = Scenario(id="t", name="t", description="", table=(72, 48), wind_from=0, turn_limit=12, sides=(allied, british))
    state, events = new_game(sc, RULES, 1)
    return state, events


def test_each_squadron_rolls_initiative_with_its_own_nations_modifier():
    st, events = combined_fleet()
    assert st.squadrons["french_sq"].nation == "french" and st.squadrons["spanish_sq"].nation == "spanish"
    ev, _ = roll(st, 3, 3, 3, 3, 3, 3)
    assert ev["french_sq"]["modifier"] == 0 and ev["french_sq"]["nation"] == "french"
    assert ev["spanish_sq"]["modifiers"] == {"nation": -1} and ev["spanish_sq"]["total"] == 5
    assert ev["lee"]["modifiers"] == {"nation": 1}
    setup = events[0]
    assert {"id": "spanish_sq", "name": "Escuadra", "side": "allies", "nation": "spanish"} in setup["squadrons"]

