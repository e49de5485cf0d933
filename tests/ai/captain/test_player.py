"""The captain in constructed positions: she rakes, keeps off the wind, fights her fires, boards when it pays."""

from game.ai import make_player
from game.ai.captain import CaptainPlayer, plan, reach
from game.ai.captain.aim import best_broadsides
from game.systems.btq21 import commands as c
from game.systems.btq21 import movement
from game.systems.btq21.dice import MeanDice
from game.systems.btq21.engine import legal_commands
from game.systems.btq21.evaluation import Appraiser, expected_hits, success_p
from tests.systems.btq21.battle import activate, battle, ok, sail_with_fire_as_she_bears


def play_activation(state, ship_id: str) -> tuple[list[c.Command], list[dict]]:
    """Activate ``ship_id`` and let the captain command her to the end of her activation.

    An enemy offered a shot as she bears holds her fire, so only the captain's choices count.
    """
    captain = CaptainPlayer(7, state.ships[ship_id].side)
    activate(state, ship_id)
    commands, events = [], []
    for _ in range(30):
        options = legal_commands(state)
        if state.ships[options[0].ship].side != captain.side:
            cmd = c.HoldFire(options[0].ship)
        else:
            cmd = captain.choose(state, options)
            commands.append(cmd)
        events += ok(state, cmd)
        if isinstance(cmd, c.EndActivation):
            return commands, events
    raise AssertionError("the activation did not end")


def test_registered_as_captain():
    assert isinstance(make_player("captain", 3, "british"), CaptainPlayer)


def test_rakes_when_she_can():
    # Virginie sails east; Amazon, to the south-east of her bow, can cross her keel line heading north.
    st = battle(
        [{"id": "amazon", "pose": (40, 12, 0)}, {"id": "virginie", "side": "french", "pose": (30, 20, 90)}],
        wind_from=270,
    )
    _, events = play_activation(st, "amazon")
    shots = [e for e in events if e["type"] == "broadside" and e["ship"] == "amazon"]
    assert any(e["rake"] for e in shots), shots


def test_does_not_sail_into_the_wind_when_she_need_not():
    # Heading 25 with the wind from the north: turning 45 to port after a segment would leave her
    # taken aback (the trap is real, checked below), and the enemy lies up to windward on that side.
    st = battle(
        [{"id": "amazon", "pose": (36, 20, 25)}, {"id": "virginie", "side": "french", "pose": (26, 30, 90)}],
        wind_from=0,
    )
    trap = st.copy()
    activate(trap, "amazon")
    ok(trap, c.MoveSegment("amazon", 3.0, -45.0))
    assert movement.plan(trap, trap.activation, trap.ships["amazon"]).aback
    _, events = play_activation(st, "amazon")
    assert not [e for e in events if e["type"] == "taken_aback"]
    assert [e for e in events if e["type"] == "move"], "she did sail"


def test_fights_a_fire_that_would_sink_her():
    st = battle([{"id": "amazon", "pose": (36, 20, 90)}, {"id": "virginie", "side": "french", "pose": (20, 40, 90)}])
    st.ships["amazon"].fires = 5  # a sixth fire sinks her
    commands, _ = play_activation(st, "amazon")
    assert isinstance(commands[0], c.FightFires)
    assert st.ships["amazon"].status == "afloat"


def test_boards_when_the_crew_odds_favour_her_and_not_otherwise():
    def position(own_crew: int, their_crew: int):
        st = battle(
            [
                {"id": "amazon", "pose": (30, 20, 90), "quality": "good", "specials": ("marines",)},
                {"id": "virginie", "side": "french", "pose": (36, 21.5, 90), "quality": "poor"},
            ],
            wind_from=180,
        )
        st.ships["amazon"].crew = own_crew
        st.ships["virginie"].crew = their_crew
        return st

    strong, _ = play_activation(position(40, 28), "amazon")
    assert any(isinstance(cmd, c.DeclareBoarding) for cmd in strong)
    weak, _ = play_activation(position(28, 40), "amazon")
    assert not any(isinstance(cmd, c.DeclareBoarding) for cmd in weak)


def test_keeps_off_the_table_edge():
    st = battle(
        [{"id": "amazon", "pose": (66, 24, 90)}, {"id": "virginie", "side": "french", "pose": (10, 40, 270)}],
        wind_from=0,
    )
    _, events = play_activation(st, "amazon")
    assert st.ships["amazon"].status == "afloat", [e for e in events if e["type"] == "left_table"]


def test_same_state_same_command_and_the_state_untouched():
    st = battle(
        [{"id": "amazon", "pose": (40, 12, 0)}, {"id": "virginie", "side": "french", "pose": (30, 20, 90)}],
        wind_from=270,
    )
    activate(st, "amazon")
    before = st.state_hash()
    first = CaptainPlayer(1, "british").choose(st, legal_commands(st))
    assert st.state_hash() == before
    detached = st.detached()
    assert CaptainPlayer(1, "british").choose(detached, legal_commands(detached)) == first


def test_expectations_come_from_the_tables():
    # 10 D6 needing 4+: each die hits half the time and a 6 adds a die (6/5 dice on average).
    assert abs(expected_hits(0, 10, 4, 0) - 6.0) < 1e-9
    # a natural 1 always misses, even with +3
    assert abs(expected_hits(0, 5, 2, 3) - 5 * 6 / 5 * 5 / 6) < 1e-9
    # a morale test, 3D6 for two successes with two rerolls (good crew): 86.5%
    assert abs(success_p(3, 2, 2) - 0.8646) < 1e-3
    assert abs(success_p(3, 3, 0) - 1 / 3) < 1e-9


def test_mean_dice_give_expected_totals():
    d = MeanDice()
    assert sum(d.roll(4, 6)) == 14 and sum(d.roll(2, 10)) == 11


def test_condition_values_crippling_more_than_later_damage():
    st = battle([{"id": "amazon", "pose": (36, 20, 90)}, {"id": "virginie", "side": "french", "pose": (20, 40, 90)}])
    ap = Appraiser(st, "british")
    v = st.ships["virginie"]
    before_line = ap.phi(v, hull=v.hull_cripple) - ap.phi(v, hull=v.hull_cripple - 10)
    after_line = ap.phi(v, hull=v.hull_cripple + 10) - ap.phi(v, hull=v.hull_cripple)
    assert before_line > after_line > 0
    assert ap.phi(v, hull=v.hull) == 1.0


def test_a_burning_ship_whose_crew_is_crippled_counts_as_all_but_lost():
    # A crippled crew may not fight fires: each activation the fire spreads and takes 2D6 crew.
    st = battle([{"id": "amazon", "pose": (36, 20, 90)}, {"id": "virginie", "side": "french", "pose": (20, 40, 90)}])
    ap = Appraiser(st, "british")
    v = st.ships["virginie"]
    able = ap.phi(v, crew=v.crew_cripple - 1, fires=1)
    helpless = ap.phi(v, crew=v.crew_cripple, fires=1)
    helpless_no_fire = ap.phi(v, crew=v.crew_cripple)
    assert helpless - helpless_no_fire > 0.5 > able
    # with one turn left the fire has no time to finish her
    st.turn = st.turn_limit
    late = Appraiser(st, "british").phi(v, crew=v.crew_cripple, fires=1)
    assert late < helpless


def test_turns_all_hands_to_when_a_failed_fight_would_leave_her_helpless():
    st = battle([{"id": "amazon", "pose": (36, 20, 90)}, {"id": "virginie", "side": "french", "pose": (20, 40, 90)}])
    amazon = st.ships["amazon"]
    amazon.fires = 1
    amazon.crew = amazon.start("crew") - amazon.crew_cripple + 3  # 2D6 lost would cripple the crew
    commands, _ = play_activation(st, "amazon")
    assert isinstance(commands[0], c.FightFires) and commands[0].all_hands


def test_aims_at_the_rigging_while_there_is_any_and_at_the_hull_of_a_dismasted_ship():
    st = battle([{"id": "amazon", "pose": (36, 20, 90)}, {"id": "virginie", "side": "french", "pose": (36, 30, 90)}])
    amazon, virginie = st.ships["amazon"], st.ships["virginie"]
    # Virginie lies off Amazon's port beam at close range, her rigging crippled and her hull two
    # points short of it: the hull's cripple line tempts, but the rigging's morale tests take ships.
    virginie.hull = virginie.hull_start - virginie.hull_cripple + 2
    virginie.rigging = virginie.rigging_start - virginie.rigging_cripple - 5
    picks: dict = {}
    best_broadsides(Appraiser(st, "british"), st, amazon, 0, picks)
    assert picks["port"].target == "virginie" and picks["port"].aim == "rigging"
    virginie.rigging = 0  # dismasted: nothing left aloft to shoot at
    picks = {}
    best_broadsides(Appraiser(st, "british"), st, amazon, 0, picks)
    assert picks["port"].aim == "hull"


def test_a_struck_enemy_within_next_turns_reach_is_a_prize_worth_half_her_value_again():
    st = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (46, 30, 90)}])
    amazon, virginie = st.ships["amazon"], st.ships["virginie"]
    virginie.status = "struck"
    ap = Appraiser(st, "british")
    assert reach.prize(ap, st, amazon) == reach.PRIZE_CHANCE * 0.5 * ap.value["virginie"]
    virginie.x = 70.0  # beyond what Amazon can sail in one activation
    assert reach.prize(ap, st, amazon) == 0.0
    virginie.x = 46.0
    amazon.crew = amazon.start("crew") - amazon.crew_cripple  # a crippled crew may not board
    assert reach.prize(ap, st, amazon) == 0.0


def _offered_as_she_bears(across: float) -> c.Command:
    """Amazon has declared Fire As She Bears; Virginie sails past her port side ``across`` inches off,
    with Lutine still to act.  The captain's answer in the window."""
    st = battle(
        [
            {"id": "amazon", "pose": (20, 5, 90)},
            {"id": "virginie", "side": "french", "pose": (27.5, 5 + across, 90)},
            {"id": "lutine", "side": "french", "pose": (70, 45, 270)},
        ]
    )
    sail_with_fire_as_she_bears(st, "amazon")
    activate(st, "virginie")
    ok(st, c.MoveSegment("virginie", 2.5))
    assert st.fas_window == ("amazon",)
    return CaptainPlayer(7, "british").choose(st, legal_commands(st))


def test_fires_as_she_bears_at_effective_range_and_holds_a_long_shot_for_a_closer_one():
    # A held broadside is often never offered again: at effective range she takes the shot;
    # at long range, with an enemy still to act, she waits for a better one.
    cmd = _offered_as_she_bears(across=20.0)
    assert isinstance(cmd, c.Fire) and cmd.target == "virginie"
    assert isinstance(_offered_as_she_bears(across=38.0), c.HoldFire)


def _gap_after_closing(dismasted: bool) -> float:
    st = battle([{"id": "amazon", "pose": (20, 12, 45)}, {"id": "virginie", "side": "french", "pose": (40, 30, 90)}])
    if dismasted:
        st.ships["virginie"].rigging = 0
    play_activation(st, "amazon")
    return reach.gap(st.ships["amazon"], st.ships["virginie"])


def test_closes_on_a_dismasted_enemy_to_finish_her():
    # Virginie lies 25" off, beyond the reach of one activation's shots.  Sound, she is an even fight
    # and Amazon keeps her distance; dismasted she can neither escape nor bring her guns round, and
    # Amazon bears down on her though the capture lies beyond this activation's look-ahead.
    assert _gap_after_closing(dismasted=True) < _gap_after_closing(dismasted=False) - 2.0


def test_the_pull_of_a_crippled_enemy_fades_with_distance():
    st = battle([{"id": "amazon", "pose": (20, 12, 45)}, {"id": "virginie", "side": "french", "pose": (40, 30, 90)}])
    amazon, virginie = st.ships["amazon"], st.ships["virginie"]
    ap = Appraiser(st, "british")
    assert reach.pursuit(ap, st, amazon) == 0.0  # a sound enemy exerts no pull
    virginie.crew = virginie.start("crew") - virginie.crew_cripple
    near = reach.pursuit(ap, st, amazon)
    virginie.x += 3.0
    assert 0.0 < reach.pursuit(ap, st, amazon) < near
    virginie.x += reach.PURSUIT_RANGE
    assert reach.pursuit(ap, st, amazon) == 0.0


def test_with_few_ships_left_she_searches_wider():
    # Each path is cheaper to score with fewer ships, so a duel buys a wider beam in the same time.
    duel = battle([{"id": "amazon", "pose": (20, 12, 45)}, {"id": "virginie", "side": "french", "pose": (40, 30, 90)}])
    planner = plan.Planner(duel, "amazon", Appraiser(duel, "british"))
    assert (planner.beam, planner.replies) == (plan.BEAM_FEW, plan.REPLIES_FEW)
    three = battle(
        [
            {"id": "amazon", "pose": (20, 12, 45)},
            {"id": "virginie", "side": "french", "pose": (40, 30, 90)},
            {"id": "lutine", "side": "french", "pose": (60, 30, 90)},
        ]
    )
    planner = plan.Planner(three, "amazon", Appraiser(three, "british"))
    assert (planner.beam, planner.replies) == (plan.BEAM, plan.REPLIES)


def wreck_across_the_bow():
    """Amazon running north before a southerly wind, a dismasted friend drifting across her bow (touching)."""
    st = battle(
        [
            {"id": "amazon", "pose": (30, 20, 0)},
            {"id": "wreck", "pose": (30, 21.376, 90)},
            {"id": "virginie", "side": "french", "pose": (60, 40, 270)},
        ],
        wind_from=180,
    )
    st.ships["wreck"].rigging, st.ships["wreck"].sail = 0, None
    return st


def test_fouled_with_a_wreck_across_her_bow_she_backs_clear_rather_than_ram_her():
    commands, events = play_activation(wreck_across_the_bow(), "amazon")
    assert any(isinstance(cmd, c.BackClear) for cmd in commands)
    assert not [e for e in events if e["type"] == "collision"]
