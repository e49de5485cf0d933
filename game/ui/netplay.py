"""The window's way into a network battle: start a host or a client (game.net) and say what the other
player needs to know.  Every failure is one line for the page to show; nothing here blocks for long (the
host binds its port and returns; the client connects on its own thread)."""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING

from game.fair.link import Link
from game.persistence.autosave import autosave_path

if TYPE_CHECKING:
    from game.net.cli import NetPlan
    from game.ui.app import QuarterdeckApp

#: Addresses that say nothing to a player at another computer.
_LOOPBACK = ("127.", "0.")


def addresses() -> list[str]:
    """This computer's addresses another computer on the network might reach (none found: [])."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            ip = str(info[4][0])
            if not ip.startswith(_LOOPBACK) and ip not in found:
                found.append(ip)
    except OSError:
        pass
    return found


def host_battle(app: QuarterdeckApp, plan: NetPlan) -> tuple[Link, list[str]] | str:
    """Host what ``plan`` asks (a scenario, or a saved network battle to host again): the host's own link and
    the lines the waiting card shows (the code, where to connect, what is open)."""
    from game.net.cli import build_host

    interface, port = plan.interface, plan.port
    try:
        host = build_host(plan, app.rules, app.ships, str(autosave_path())).start()
    except (OSError, ValueError) as e:
        return f"could not host on {interface}:{port}: {getattr(e, 'strerror', None) or e}"
    where = addresses()
    if interface in ("0.0.0.0", "", "::"):
        reach = ", ".join(f"{ip}:{host.port}" for ip in where) or f"this computer's address, port {host.port}"
        open_note = f"Port {host.port} is open on every network of this computer (and nothing else is)"
    else:
        reach = f"{interface}:{host.port}"
        open_note = f"Port {host.port} is open on {interface} only"
    lines = [
        f"Game code: {host.code}",
        f"The other player joins at {reach}",
        open_note,
        f"Autosaved as it is played: {autosave_path()}",
    ]
    return host.link, lines


def join_battle(address: str, port: int, code: str, spectator: bool, app: QuarterdeckApp | None = None) -> Link | str:
    from game.net.client import Client

    try:
        return Client(address, port, code, spectator=spectator,
                      rules=app.rules if app else None, ships=app.ships if app else None)
    except (OSError, ValueError) as e:
        return f"could not join {address}:{port}: {e}"


def open_plan(app: QuarterdeckApp, plan: NetPlan) -> str | None:
    """The window opened on what ``--host``, ``--join`` or ``--spectate`` asked (a game.net.cli.NetPlan): the
    waiting card, then the battle; or the reason it could not start."""
    from game.ui.scenes.network import LinkScene

    if plan.role == "host":
        made = host_battle(app, plan)
        if isinstance(made, str):
            return made
        link, lines = made
        print(f"quarterdeck: hosting; {lines[0]}; {lines[1]}", flush=True)  # for a player at a terminal
        app.replace(lambda a: LinkScene(a, link, f"Hosting {plan.scenario or 'a saved battle'}", lines))
        return None
    joined = join_battle(plan.address, plan.port, plan.code or "", plan.role == "spectate", app)
    if isinstance(joined, str):
        return joined
    what = "Watching" if plan.role == "spectate" else "Joining"
    app.replace(lambda a: LinkScene(a, joined, f"{what} the battle at {plan.address}:{plan.port}", []))
    return None
