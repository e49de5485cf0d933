"""The command line of network play: ``--host``, ``--join``, ``--spectate`` and their headless runs.

``main.py`` adds these arguments (:func:`add_arguments`) and hands over to
:func:`run`.  Headless, a computer player drives each end and one JSON line
reports the battle; with a window, :func:`run` returns a :class:`NetPlan`
the window opens (``game.ui.netplay.open_plan``; a host is built by :func:`build_host`).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .host import ALL_INTERFACES, DEFAULT_PORT, Host

#: Largest port number.
MAX_PORT = 65535
#: Seconds a headless host waits, once the battle is over, for the other end to take the last command and leave.
GRACE = 5.0
#: Who plays a side headless when --player does not say.
DEFAULT_KIND = "scripted"
#: The battle hosted when --scenario does not say.
DEFAULT_SCENARIO = "duel"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", nargs="?", const=DEFAULT_PORT, type=_port, metavar="PORT",
                   help=f"host a network battle on PORT (default {DEFAULT_PORT}; 0: any free port)")
    p.add_argument("--join", nargs=2, metavar=("HOST:PORT", "CODE"), help="join a network battle with its game code")
    p.add_argument("--spectate", nargs=2, metavar=("HOST:PORT", "CODE"), help="watch a network battle")
    p.add_argument("--interface", metavar="ADDR", default=ALL_INTERFACES,
                   help="with --host: the interface to listen on (default: all of them)")
    p.add_argument("--code", metavar="CODE", help="with --host: the game code (default: a random one, printed)")
    p.add_argument("--side", metavar="SIDE",
                   help="with --host: the side the host plays (default: the first); with --mail-new: your side")
    p.add_argument("--headless", action="store_true",
                   help="with --host/--join/--spectate: no window; computer players (--player SIDE:KIND) play on")
    p.add_argument("--hold-at", type=int, metavar="N",
                   help="with --join --headless: after N commands print {\"held\": N} and stop playing, connected, "
                   "until killed (how the tests kill a client mid-battle)")


def wanted(args: argparse.Namespace) -> bool:
    return args.host is not None or bool(args.join) or bool(args.spectate)


@dataclass(frozen=True)
class NetPlan:
    """What the command line (or the window's Two computers page) asks for."""

    role: str  # "host" | "join" | "spectate"
    address: str = ""
    port: int = 0
    code: str | None = None
    interface: str = ALL_INTERFACES
    side: str | None = None
    scenario: str | None = None
    resume: str | None = None
    #: Rule options as the command line spells them (NAME or NAME=VALUE).
    options: tuple[str, ...] = ()
    autosave: str | None = None


def run(args: argparse.Namespace, out: TextIO = sys.stdout) -> int | NetPlan:
    plan = _plan(args)
    if isinstance(plan, str):
        print(f"error: {plan}", file=sys.stderr)
        return 2
    if not args.headless:
        return plan
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    players = _kinds(args.player)
    if isinstance(players, str):
        print(f"error: {players}", file=sys.stderr)
        return 2
    try:
        if plan.role == "host":
            return _headless_host(plan, players, out)
        return _headless_client(plan, players, out, args.hold_at)
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def _plan(args: argparse.Namespace) -> NetPlan | str:
    roles = [r for r in ("host", "join", "spectate") if getattr(args, r) not in (None, [])]
    if len(roles) != 1:
        return "choose one of --host, --join and --spectate"
    if roles[0] == "host":
        return NetPlan("host", port=args.host, code=args.code, interface=args.interface, side=args.side,
                       scenario=None if args.load else (args.scenario or DEFAULT_SCENARIO), resume=args.load,
                       options=tuple(args.option), autosave=args.save)
    where, code = getattr(args, roles[0])
    address, _, port_text = where.rpartition(":")
    try:
        port = _port(port_text)
    except argparse.ArgumentTypeError as e:
        return f"--{roles[0]} {where}: {e}"
    if not address:
        return f"--{roles[0]} {where}: give HOST:PORT, e.g. 192.168.1.20:{DEFAULT_PORT}"
    return NetPlan(roles[0], address=address.strip("[]"), port=port, code=code)


def build_host(plan: NetPlan, rules: Any, ships: Any, autosave: str | None) -> Host:
    """The host a plan asks for, not yet listening: its scenario and options read, or its save read to host
    again.  A scenario, option or save that will not do raises ValueError with the reason."""
    resume = None
    if plan.resume:
        from game.persistence.save import SaveError, read_save

        try:
            resume = read_save(plan.resume)
        except SaveError as e:
            raise ValueError(str(e)) from None
    scenario: Any = None
    options: dict[str, dict[str, Any]] = {}
    if resume is None:
        from game.content.load import ContentError, load_default, open_scenario, scenario_path
        from game.systems import parse_option
        from game.systems.base import OptionError

        if rules is None or ships is None:
            rules, ships = load_default()
        try:
            scenario = open_scenario(scenario_path(plan.scenario or DEFAULT_SCENARIO), ships, rules)
            options = dict(parse_option(scenario.system, t) for t in plan.options)
        except ContentError as e:
            raise ValueError(e.problems[0]) from None
        except OptionError as e:
            raise ValueError(str(e)) from None
    return Host(scenario, rules=rules, ships=ships, options=options, side=plan.side, resume=resume,
                interface=plan.interface, port=plan.port, code=plan.code, autosave=autosave)


def _kinds(texts: list[str]) -> dict[str, str] | str:
    """--player SIDE:KIND (or KIND for whichever side this end plays) as {side or "": kind}.

    A kind may carry a level (``french:captain:hard``).  The battle's rule
    system is not known until it comes, so a kind is checked against every
    rule system's players here and against the battle's own when it is made.
    """
    from game.ai import kind_problem, side_and_kind

    out: dict[str, str] = {}
    for text in texts:
        side, kind = side_and_kind(text, None)
        problem = kind_problem(kind)
        if problem:
            return f"--player {text}: headless ends are computer players: {problem}"
        out[side or ""] = kind
    return out


def _kind_for(players: dict[str, str], sides: frozenset[str]) -> str:
    for side in sides:
        if side in players:
            return players[side]
    return players.get("", DEFAULT_KIND)


def _line(out: TextIO, data: dict[str, Any]) -> None:
    out.write(json.dumps(data) + "\n")
    out.flush()


def _headless_host(plan: NetPlan, players: dict[str, str], out: TextIO) -> int:
    from game.content.load import load_default

    from .drive import play

    rules, ships = load_default()
    host = build_host(plan, rules, ships, plan.autosave).start()
    _line(out, {"port": host.port, "code": host.code, "interface": host.interface, "note": host.note})
    try:
        outcome = play(host.link, _kind_for(players, host.link.sides), rules, ships)
        deadline = time.monotonic() + GRACE
        while host.player_connected and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        host.stop("the battle is over")
    fp = host.fp
    assert fp is not None
    session = fp.session
    _line(out, {
        "role": "host", "state_hash": session.state.state_hash(), "commands": len(session.commands),
        "rolls": len(fp.ledger.rolls), "over": session.over, "winner": session.state.winner, "reconnects": host.rejoins,
        "refused": len(host.refused), "errors": dict(host.errors), "latency_ms": outcome.latency_ms(),
        "save": str(Path(plan.autosave)) if plan.autosave else None,
    })
    return 0


def _headless_client(plan: NetPlan, players: dict[str, str], out: TextIO, hold_at: int | None = None) -> int:
    from game.content.load import load_default

    from .client import Client
    from .drive import play

    rules, ships = load_default()
    client = Client(plan.address, plan.port, plan.code or "", spectator=plan.role == "spectate", rules=rules,
                    ships=ships)
    try:
        deadline = time.monotonic() + GRACE
        while plan.role != "spectate" and not client.sides and client.ended is None and time.monotonic() < deadline:
            client.arrived.wait(0.05)
        outcome = play(client, _kind_for(players, client.sides), rules, ships, stop_after=hold_at)
        if hold_at is not None and outcome.session is not None and not outcome.session.over:
            _line(out, {"held": len(outcome.session.commands)})
            while True:
                time.sleep(1)
    finally:
        client.close()
    if outcome.ended is not None or client.fp is None or outcome.session is None:
        print(f"error: {outcome.ended or 'the battle never came'}", file=sys.stderr)
        return 2
    fp = client.fp
    session = fp.session
    _line(out, {
        "role": plan.role, "state_hash": session.state.state_hash(), "commands": len(session.commands),
        "rolls": len(fp.ledger.rolls), "over": session.over, "winner": session.state.winner,
        "reconnects": client.reconnects, "refused": client.refusals, "latency_ms": outcome.latency_ms(),
    })
    return 0


def _port(text: Any) -> int:
    try:
        v = int(text)
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"{str(text)[:20]!r} is not a port number") from None
    if not 0 <= v <= MAX_PORT:
        raise argparse.ArgumentTypeError(f"a port is from 0 to {MAX_PORT}")
    return v
