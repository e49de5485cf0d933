"""The host is the only authority: what is not the sender's to do, or not legal, or not a message, is refused with
its reason and logged, and the host goes on serving."""

from __future__ import annotations

import json
import time
from contextlib import contextmanager

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.content.load import load_default
from game.fair.link import Notice, Played, Refused, Said, TakenBack
from game.net.client import Client
from game.net.host import FLOOD_STRIKES, RATE_BURST, Host
from game.systems.btq21.commands import ActivateShip, Fire

RULES, SHIPS = load_default()
#: Seconds to wait for an answer over loopback.
WAIT = 10.0


def _until(link, want, timeout=WAIT):
    """The first event ``link`` hands back that ``want`` accepts (the others are dropped)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for event in link.poll():
            if want(event):
                return event
        link.arrived.wait(0.05)
    raise AssertionError("nothing of the kind arrived")


@pytest.fixture(scope="module")
def battle():
    host = Host("duel", rules=RULES, ships=SHIPS, interface="127.0.0.1", port=0).start()
    client = Client("127.0.0.1", host.port, host.code, rules=RULES, ships=SHIPS)
    deadline = time.monotonic() + WAIT
    while (client.fp is None or host.fp is None) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert host.fp is not None and client.fp is not None
    yield host, client
    client.close()
    host.stop()


def _links(host, client):
    session = host.fp.session
    mover = session.side_to_move()
    links = {host.side: host.link, host.other: client}
    ships = {side: next(k for k, s in session.state.ships.items() if s.side == side) for side in links}
    other = next(s for s in links if s != mover)
    return session, mover, other, links, ships


def _refused(link, host, command, part):
    """Send ``command`` (None: a take-back) through ``link``: refused for ``part`` of a reason, and logged."""
    before = len(host.refused)
    if command is None:
        link.take_back()
    else:
        link.send(command)
    event = _until(link, lambda e: isinstance(e, Refused))
    assert part in event.reason
    assert len(host.refused) == before + 1 and part in host.refused[-1].reason
    return event


def test_a_command_for_the_other_sides_ship_is_refused_and_logged(battle):
    host, client = battle
    session, mover, other, links, ships = _links(host, client)
    _refused(links[mover], host, ActivateShip(ships[other]), f"is {other}'s ship, not {mover}'s")


def test_a_command_out_of_turn_is_refused_and_logged(battle):
    host, client = battle
    session, mover, other, links, ships = _links(host, client)
    _refused(links[other], host, ActivateShip(ships[other]), f"it is {mover}'s turn")


def test_an_illegal_command_is_refused_with_the_engines_reason(battle):
    host, client = battle
    session, mover, other, links, ships = _links(host, client)
    before = session.state.state_hash()
    _refused(links[mover], host, Fire(ships[mover], "port", ships[other]), "may fire only during her own activation")
    assert session.state.state_hash() == before


@contextmanager
def _raw(host, **hello):
    """A hand-made connection: the hello (a spectator's with the right code unless told otherwise), then the test's."""
    with connect(f"ws://127.0.0.1:{host.port}", open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello", "code": host.code, "role": "spectator"} | hello))
        yield ws


def _answer(ws, kind):
    while True:
        msg = json.loads(ws.recv(timeout=WAIT))
        if msg["type"] == kind:
            return msg


def test_a_spectator_watches_but_its_commands_are_refused_and_logged(battle):
    host, client = battle
    session, mover, other, links, ships = _links(host, client)
    with _raw(host) as ws:
        assert _answer(ws, "welcome")["side"] is None
        assert _answer(ws, "opening")["document"]["scenario"] == "duel"
        ws.send(json.dumps({"type": "command", "command": ActivateShip(ships[mover]).to_dict()}))
        assert "spectators only watch" in _answer(ws, "refused")["reason"]
    assert host.refused[-1].who.startswith("spectator")


def test_a_wrong_code_is_refused_and_the_connection_closed(battle):
    host, client = battle
    with _raw(host, code="WRONG9", role="player", tip="0" * 64) as ws:
        assert _answer(ws, "error") == {"type": "error", "kind": "code", "reason": "wrong game code: ask the host "
                                        "for it again"}
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=WAIT)
    assert host.refused[-1].reason == "wrong game code"


def test_a_second_player_with_the_code_is_refused_while_the_first_is_there(battle):
    host, client = battle
    with _raw(host, role="player", tip="0" * 64) as ws:
        assert _answer(ws, "error")["kind"] == "role"
    assert host.player_connected


def test_what_is_not_a_message_is_refused_by_its_kind_and_the_connection_goes_on(battle):
    host, client = battle
    with _raw(host) as ws:
        _answer(ws, "opening")
        for frame, kind in [(b"\x00\xff", "binary"), ("{not json", "json"), ("[" * 5000 + "]" * 5000, "json"),
                            ('{"type": "launch_missiles"}', "shape"), ('{"type": "say", "text": "a", "x": 1}', "shape"),
                            ('{"type": "say", "text": "bell\\u0007"}', "shape"),
                            (json.dumps({"type": "say", "text": "x" * 201}), "shape")]:
            ws.send(frame)
            assert _answer(ws, "error")["kind"] == kind
        ws.send(json.dumps({"type": "say", "text": "still here"}))
        assert _answer(ws, "said") == {"type": "said", "who": ws_name(host), "text": "still here"}


def ws_name(host):
    return f"spectator {host._numbers}"


def test_chat_reaches_everyone_named_by_who_said_it(battle):
    host, client = battle
    client.say("fair winds")
    said = _until(host.link, lambda e: isinstance(e, Said) and e.text == "fair winds")
    assert said.who == host.other


def test_a_flood_over_the_rate_limit_is_dropped_and_then_cut_off(battle):
    host, client = battle
    before = host.errors["rate"]
    with _raw(host) as ws:
        with pytest.raises(ConnectionClosed):
            for _ in range(int(RATE_BURST) + FLOOD_STRIKES + 100):
                ws.send('{"type": "say", "text": "flood"}')
            while True:
                ws.recv(timeout=WAIT)
    assert host.errors["rate"] - before >= FLOOD_STRIKES
    assert host.player_connected


def test_a_player_takes_back_his_own_command_that_rolled_nothing_but_not_the_others(battle):
    host, client = battle
    session, mover, other, links, ships = _links(host, client)
    command = session.legal()[0].command()
    assert not host.fp.needs_dice(command)
    links[mover].send(command)
    played = _until(links[mover], lambda e: isinstance(e, Played))
    _refused(links[other], host, None, f"the last command is {mover}'s")
    links[mover].take_back()
    assert _until(links[other], lambda e: isinstance(e, TakenBack)) == TakenBack(played.number)
    assert len(host.fp.session.commands) == played.number - 1


def test_the_hosts_own_log_hears_of_a_refusal_of_the_other_player():
    host = Host("duel", rules=RULES, ships=SHIPS, interface="127.0.0.1", port=0).start()
    client = Client("127.0.0.1", host.port, host.code, rules=RULES, ships=SHIPS)
    try:
        deadline = time.monotonic() + WAIT
        while (client.fp is None or host.fp is None) and time.monotonic() < deadline:
            time.sleep(0.02)
        session = host.fp.session
        ship = next(k for k, s in session.state.ships.items() if s.side == host.side)
        client.send(ActivateShip(ship))  # the host's ship: never the client's to command
        _until(client, lambda e: isinstance(e, Refused))
        told = _until(host.link, lambda e: isinstance(e, Notice) and e.text.startswith("refused"))
        assert f"is {host.side}'s ship" in told.text
    finally:
        client.close()
        host.stop()
