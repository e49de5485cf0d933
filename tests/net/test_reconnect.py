"""A dropped connection resumes where the battle stood (only what was missed is sent), and a battle hosted
before is hosted again from its save, both sides committing fresh chains before the next roll."""

from __future__ import annotations

import threading
import time

from game.content.load import load_default
from game.net.client import Client
from game.net.drive import play
from game.net.host import Host
from game.net.verify import fair_replay
from game.persistence.save import load_save, read_save

RULES, SHIPS = load_default()
WAIT = 30.0
#: Commands played before the connection is cut.
DROP_AT = 3
#: Commands played before the host closes the first time: the first activation only, which no dice can end
#: (at ten, one battle in forty or more ended first: 6 of about 260 runs, the Guerriere's magazine blown
#: up by a critical or her colours struck to a failed morale test after an early broadside; at three the
#: random player may already have fired).  The battle is resumed in the middle of that activation.
HALF = 1
#: Seconds each end thinks before a command, so the battle is still on when the connection drops.
PACE = 0.01


def _battle(host, client, stop_after=None):
    """Both ends played by computer players to the end (or ``stop_after`` commands); their outcomes."""
    outcomes = {}
    ends = [("host", host.link, "scripted"), ("client", client, "random")]
    threads = [threading.Thread(target=lambda n=n, link=link, k=k: outcomes.__setitem__(
        n, play(link, k, RULES, SHIPS, timeout=WAIT, stop_after=stop_after, pace=PACE)), daemon=True)
        for n, link, k in ends]
    return threads, outcomes


def _run(threads):
    for t in threads:
        t.start()
    for t in threads:
        t.join(WAIT)


def test_a_dropped_connection_reconnects_and_gets_only_what_it_missed(tmp_path):
    save = tmp_path / "hosted.yaml"
    host = Host("duel", rules=RULES, ships=SHIPS, interface="127.0.0.1", port=0, autosave=save).start()
    client = Client("127.0.0.1", host.port, host.code, rules=RULES, ships=SHIPS)
    threads, outcomes = _battle(host, client)

    def drop():  # early: a duel may end within a handful of commands
        while host.fp is None or len(host.fp.session.commands) < DROP_AT:
            time.sleep(0.005)
        client._call(lambda: client._ws.transport.abort())

    threads.append(threading.Thread(target=drop, daemon=True))
    _run(threads)
    client.close()
    host.stop()
    hashes = {outcomes["host"].session.state.state_hash(), outcomes["client"].session.state.state_hash(),
              client.fp.session.state.state_hash(), load_save(save, RULES, SHIPS).state.state_hash()}
    assert len(hashes) == 1 and host.fp.session.over
    assert client.reconnects == 1 and host.rejoins == 1
    assert any("waiting for british to reconnect" in n for n in outcomes["host"].notices)
    assert client.opening()["commands"] == []  # the reconnection brought commands, never a second opening


def test_a_battle_hosted_before_is_hosted_again_from_its_save_with_fresh_commitments(tmp_path):
    save = tmp_path / "hosted.yaml"
    host = Host("duel", rules=RULES, ships=SHIPS, interface="127.0.0.1", port=0, autosave=save).start()
    client = Client("127.0.0.1", host.port, host.code, rules=RULES, ships=SHIPS)
    threads, outcomes = _battle(host, client, stop_after=HALF)
    _run(threads)
    client.close()
    host.stop()
    half = read_save(save)
    assert HALF <= len(half["commands"]) and not half["over"]

    again = Host(rules=RULES, ships=SHIPS, resume=half, interface="127.0.0.1", port=0, autosave=save).start()
    newcomer = Client("127.0.0.1", again.port, again.code, rules=RULES, ships=SHIPS)
    threads, outcomes = _battle(again, newcomer)
    _run(threads)
    newcomer.close()
    again.stop()
    assert again.fp.session.over
    done = read_save(save)
    assert done["commands"][: len(half["commands"])] == half["commands"]
    assert fair_replay(done, RULES, SHIPS).session.state.state_hash() == again.fp.session.state.state_hash()
    assert load_save(save, RULES, SHIPS).state.state_hash() == newcomer.fp.session.state.state_hash()
    assert [c.side for c in done["fair_dice"].commitments].count("american") == 2
    assert [c.side for c in done["fair_dice"].commitments].count("british") == 2
