"""Dice both players make: every roll is bound to its command and can be checked from the save alone."""

import pytest
import yaml

from game.ai import make_player
from game.ai.decide import decide
from game.content.load import load_default, load_scenario, scenario_path
from game.fair.chain import Chain, follows
from game.fair.ledger import Ledger, LedgerError
from game.fair.play import FairPlay
from game.fair.selfplay import fair_battle, play_out
from game.persistence.save import SaveError, load_save, write_save
from game.systems.base import Refusal

RULES, SHIPS = load_default()


def _duel(players=None, secrets=(b"a" * 32, b"b" * 32)):
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    sides = [s.id for s in sc.sides]
    chains = {side: Chain(sec, length=600) for side, sec in zip(sides, secrets, strict=True)}
    fp = fair_battle(sc, RULES, players or {s: "random" for s in sides}, chains)
    return fp, chains


def _first_roll(fp):
    """Play the battle on by a random player up to the first command it chooses that would roll."""
    agents = {s: make_player("random", 3, s, "btq21") for s in fp.session.state.sides}
    found = []

    def accept(cmd):
        if fp.needs_dice(cmd):
            found.append(cmd)
            return True
        return not isinstance(fp.submit(cmd), Refusal)

    for _ in range(500):
        opts = fp.session.legal()
        decide(agents[fp.session.state.ships[opts[0].ship].side], fp.session.state, opts, accept)
        if found:
            return found[0]
    raise AssertionError("no command rolled in 500")


@pytest.fixture(scope="module")
def played():
    fp, chains = _duel()
    play_out(fp, chains)
    return fp


def test_a_reveal_hashes_to_the_one_before_it_and_no_other():
    c = Chain(b"x" * 32, length=5)
    first, second = c.reveal(), c.reveal()
    assert follows(c.tip, first) and follows(first, second)
    assert not follows(c.tip, second)


def test_the_seed_is_made_by_both_sides_so_neither_chose_it():
    fp1, _ = _duel(secrets=(b"a" * 32, b"b" * 32))
    fp2, _ = _duel(secrets=(b"a" * 32, b"c" * 32))
    assert fp1.session.seed != fp2.session.seed


def test_every_command_that_rolled_has_a_roll_in_the_ledger(played):
    rolled = [i for i, s in enumerate(played.session.steps, 1) if s.rolled]
    assert rolled and [r.command for r in played.ledger.rolls] == rolled


def test_a_command_that_rolls_is_refused_without_reveals_and_nothing_changes():
    fp, chains = _duel()
    cmds = [_first_roll(fp)]
    before = fp.session.state.state_hash()
    assert "reveals" in fp.submit(cmds[0]).reason
    assert fp.session.state.state_hash() == before


def test_a_forged_reveal_is_refused_and_the_battle_stands():
    fp, chains = _duel()
    cmds = [_first_roll(fp)]
    before = fp.session.state.state_hash()
    sides = list(chains)
    forged = {sides[0]: chains[sides[0]].reveal(), sides[1]: "ab" * 32}
    with pytest.raises(LedgerError, match="forged"):
        fp.submit(cmds[0], forged)
    assert fp.session.state.state_hash() == before and not fp.ledger.rolls


def test_the_save_replays_to_the_same_hash_and_checks_every_roll(played, tmp_path):
    path = tmp_path / "fair.yaml"
    write_save(path, played.session)
    again = load_save(path, RULES, SHIPS)
    assert again.state.state_hash() == played.session.state.state_hash()
    assert again.fair.to_dict() == played.ledger.to_dict()


def _tampered(played, tmp_path, change):
    path = tmp_path / "fair.yaml"
    write_save(path, played.session)
    doc = yaml.safe_load(path.read_text())
    change(doc)
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(SaveError) as e:
        load_save(path, RULES, SHIPS)
    return str(e.value)


def test_a_reveal_changed_in_the_save_is_caught(played, tmp_path):
    def change(doc):
        roll = doc["fair_dice"]["rolls"][3]
        side = sorted(roll["reveals"])[0]
        roll["reveals"][side] = "0" * 64
    assert "roll 4" in _tampered(played, tmp_path, change)


def test_a_seed_changed_in_the_save_is_caught(played, tmp_path):
    def change(doc):
        doc["fair_dice"]["rolls"][2]["seed"] ^= 1
    assert "not the ones its reveals made" in _tampered(played, tmp_path, change)


def test_a_roll_dropped_from_the_save_is_caught(played, tmp_path):
    def change(doc):
        del doc["fair_dice"]["rolls"][-1]
    msg = _tampered(played, tmp_path, change)
    assert "no one committed to" in msg or "different state" in msg


def test_the_opening_seed_changed_is_caught(played, tmp_path):
    def change(doc):
        doc["seed"] += 1
    assert "opening reveals" in _tampered(played, tmp_path, change)


def test_a_ledger_with_a_reveal_out_of_order_is_refused():
    c = {"a": Chain(b"a" * 32, 4), "b": Chain(b"b" * 32, 4)}
    led = Ledger(("a", "b"))
    for s in c:
        led.commit(s, c[s].tip)
    c["a"].reveal()  # skipped: the next reveal no longer follows the tip
    with pytest.raises(LedgerError, match="out of order"):
        led.roll(1, {s: c[s].reveal() for s in c}, "0" * 64)


def test_a_fresh_commitment_takes_over_from_the_old_chain():
    led = Ledger(("a", "b"))
    a1, a2, b = Chain(b"1" * 32, 4), Chain(b"2" * 32, 4), Chain(b"3" * 32, 4)
    led.commit("a", a1.tip)
    led.commit("b", b.tip)
    led.roll(1, {"a": a1.reveal(), "b": b.reveal()}, "0" * 64)
    led.commit("a", a2.tip)  # a new process after a dropped connection
    led.roll(2, {"a": a2.reveal(), "b": b.reveal()}, "1" * 64)
    assert Ledger.from_dict(led.to_dict()).to_dict() == led.to_dict()


def test_fairplay_needs_no_reveals_for_a_command_that_rolls_nothing():
    fp, _ = _duel()
    opts = fp.session.legal()
    quiet = [o.command for o in opts if o.command is not None and not fp.needs_dice(o.command)]
    assert quiet
    assert not isinstance(fp.submit(quiet[0]), type(None))
    assert isinstance(fp, FairPlay) and not fp.ledger.rolls


def test_a_side_that_commits_again_after_the_opening_and_before_any_roll_still_checks():
    led = Ledger(("a", "b"))
    a1, a2, b = Chain(b"1" * 32, 4), Chain(b"2" * 32, 4), Chain(b"3" * 32, 4)
    led.commit("a", a1.tip)
    led.commit("b", b.tip)
    led.open({"a": a1.reveal(), "b": b.reveal()}, "duel")
    led.commit("a", a2.tip)  # a killed client's new process, before the first roll
    led.roll(3, {"a": a2.reveal(), "b": b.reveal()}, "0" * 64)
    assert Ledger.from_dict(led.to_dict()).to_dict() == led.to_dict()
