"""Attack a network battle's host with malformed and hostile messages while a real client plays on.

    python tools/net_fuzz.py --messages 10000 [--seed N] [--connections 4]

A host (127.0.0.1, any free port) and a real client play a duel, each end
driven by a computer player; meanwhile fuzz connections send random bytes,
binary frames, frames over the size limit, deeply nested JSON, wrong types,
well-formed commands with absurd values, forged reveals, wrong codes and
floods over the rate limit.  At the end the battle must be over, both ends
must agree, and the host's save must replay (through the save loader and
through a fresh FairPlay) to the same state hash.  Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402

from game.content.load import load_default  # noqa: E402
from game.net import protocol as p  # noqa: E402
from game.net.client import Client  # noqa: E402
from game.net.drive import Outcome, play  # noqa: E402
from game.net.host import FLOOD_STRIKES, RATE_BURST, Host  # noqa: E402
from game.net.verify import fair_replay  # noqa: E402
from game.persistence.save import load_save, read_save  # noqa: E402

#: Fuzz connections at once (the host takes 16; the real client needs one).
CONNECTIONS = 6
#: Messages a fuzz connection sends before it hangs up and opens a new one.
PER_CONNECTION = 60
#: One attack in this many is a bad hello, one a frame over the size limit, one a flood; the rest send hostile
#: messages at a speed the rate limit lets through.
STYLES = 16
SPECIAL = 3
#: Seconds each end thinks before a command at least; more when there are many messages to send, so the battle
#: lasts while the fuzzer works (a duel has some sixty commands).
PACE = 0.01
COMMANDS_TO_SPREAD_OVER = 60
#: A fuzz connection sends one message this often (seconds) unless it is flooding: under the host's rate
#: limit, so every message is parsed and judged rather than dropped for its speed.
GAP = 0.025
#: Messages a flood sends beyond what closes it (the host must stop reading them).
FLOOD_EXTRA = 50
#: Seconds allowed for the whole run.
TIMEOUT = 600.0


def _hex(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(64))


def hostile(rng: random.Random, legal: dict[str, Any] | None) -> str | bytes:
    """One message no honest client sends."""
    pick = rng.randrange(14)
    if pick == 0:
        return rng.randbytes(rng.randrange(1, 512))
    if pick == 1:
        return rng.randbytes(rng.randrange(1, 200)).decode("latin-1")
    if pick == 2:
        depth = rng.choice([50, 1000, 20000])
        return "[" * depth + "]" * depth
    if pick == 3:
        return json.dumps(rng.choice([[], 5, "hello", None, 1e308, {"type": None}, {"no": "type"}]))
    if pick == 4:
        return json.dumps({"type": rng.choice(["played", "welcome", "opening", "x" * 300, "", "command "]),
                           "number": 1})
    if pick == 5:
        return json.dumps({"type": "command", "command": rng.choice([5, [], "fire", None, {"type": "fire"}])})
    if pick == 6:
        cmd = dict(legal or {"type": "move", "ship": "x"})
        for key in list(cmd):
            if key != "type":
                cmd[key] = rng.choice([10**30, -1, 1e308, float("nan"), "x" * 150, True, None, -(10**18), "../"])
        return json.dumps({"type": "command", "command": cmd, "reveal": rng.choice([None, _hex(rng)])})
    if pick == 7:
        return json.dumps({"type": "command", "command": legal or {"type": "end_activation"}, "reveal": _hex(rng)})
    if pick == 8:
        return json.dumps({"type": "reveal", "number": rng.choice([0, 1, 10**6, -5]), "value": _hex(rng)})
    if pick == 9:
        return json.dumps({"type": "say", "text": rng.choice(["\x1b[2J", "a\nb", "x" * 500, "", "hi\u202e"])})
    if pick == 10:
        return json.dumps({"type": "take_back", "extra": 1})
    if pick == 11:
        return json.dumps({"type": "hello", "code": "WRONG1", "role": "player", "tip": _hex(rng)})
    if pick == 12:
        return '{"type": "say", "text": "' + "\\" * 1001 + '"}'
    return json.dumps({"type": "command", "command": {"type": "fire", "ship": "a", "side": "b", "target": "c",
                                                      "extra": {"deep": [1, 2, 3]}}})


class Fuzzer:
    def __init__(self, port: int, code: str, total: int, seed: int, connections: int) -> None:
        self.port, self.code, self.total = port, code, total
        self.rng = random.Random(seed)
        self.connections = connections
        self.sent = 0
        self.kinds: dict[str, int] = {"hostile": 0, "flood": 0, "huge": 0, "bad_hello": 0}
        self.closed_by_host = 0
        self.legal: dict[str, Any] | None = None
        self.finished: float | None = None

    def run(self) -> None:
        asyncio.run(self._main())
        self.finished = time.monotonic()

    async def _main(self) -> None:
        await asyncio.gather(*(self._worker(random.Random(self.rng.random()), i) for i in range(self.connections)))

    def _take(self, n: int) -> int:
        n = min(n, self.total - self.sent)
        self.sent += max(0, n)
        return max(0, n)

    async def _worker(self, rng: random.Random, index: int) -> None:
        uri = f"ws://127.0.0.1:{self.port}"
        first = index if index < SPECIAL else None  # every kind of attack comes at least once
        while self.sent < self.total:
            try:
                async with connect(uri, max_size=p.MAX_FRAME * 64, open_timeout=5) as ws:
                    drain = asyncio.create_task(self._drain(ws))
                    try:
                        await self._attack(ws, rng, first)
                        first = None
                    finally:
                        drain.cancel()
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError):
                self.closed_by_host += 1
                await asyncio.sleep(0.01)

    async def _drain(self, ws: Any) -> None:
        async for _ in ws:
            pass

    async def _attack(self, ws: Any, rng: random.Random, style: int | None) -> None:
        style = rng.randrange(STYLES) if style is None else style
        if style == 0:  # a hello that is not one
            if self._take(1):
                self.kinds["bad_hello"] += 1
                await ws.send(hostile(rng, self.legal))
            await asyncio.sleep(0.02)
            return
        if style == 1:  # a frame over the size limit
            if self._take(1):
                self.kinds["huge"] += 1
                await ws.send(json.dumps({"type": "say", "text": "x" * (p.MAX_FRAME + 10)}))
            await asyncio.sleep(0.02)
            return
        await ws.send(json.dumps({"type": "hello", "code": self.code, "role": "spectator"}))
        if style == 2:  # a flood: far over the rate limit, as fast as it goes
            n = self._take(int(RATE_BURST) + FLOOD_STRIKES + FLOOD_EXTRA)
            self.kinds["flood"] += n
            for _ in range(n):
                await ws.send(json.dumps({"type": "say", "text": "flood"}))
            await asyncio.sleep(0.05)
            return
        n = self._take(PER_CONNECTION)
        for _ in range(n):
            self.kinds["hostile"] += 1
            await ws.send(hostile(rng, self.legal))
            await asyncio.sleep(GAP)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--connections", type=int, default=CONNECTIONS)
    args = ap.parse_args(argv)
    rules, ships = load_default()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="quarterdeck-fuzz-") as folder:
        save = os.path.join(folder, "hosted.yaml")
        host = Host("duel", rules=rules, ships=ships, interface="127.0.0.1", port=0, autosave=save).start()
        client = Client("127.0.0.1", host.port, host.code, rules=rules, ships=ships)
        fuzzer = Fuzzer(host.port, host.code, args.messages, args.seed, args.connections)
        outcomes: dict[str, Outcome] = {}
        failures: list[str] = []

        pace = max(PACE, args.messages * GAP / args.connections / COMMANDS_TO_SPREAD_OVER)
        played_under_fire: list[int] = []

        def end(name: str, link: Any, kind: str) -> None:
            try:
                outcomes[name] = play(link, kind, rules, ships, timeout=TIMEOUT, pace=pace)
            except Exception as e:  # noqa: BLE001 - reported in the JSON line
                failures.append(f"{name}: {e}")

        def fuzz() -> None:
            fuzzer.run()
            played_under_fire.append(len(host.fp.session.commands) if host.fp else 0)

        threads = [threading.Thread(target=end, args=("host", host.link, "scripted"), daemon=True),
                   threading.Thread(target=end, args=("client", client, "random"), daemon=True),
                   threading.Thread(target=fuzz, daemon=True)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(TIMEOUT)
        # the battle may end before the fuzzer does: what matters is that it ended right, under fire
        client.close()
        host.stop()
        fp = host.fp
        result: dict[str, Any] = {
            "messages": fuzzer.sent, "by_kind": fuzzer.kinds, "fuzz_connections_closed_by_host": fuzzer.closed_by_host,
            "host_errors": dict(host.errors), "host_refusals": len(host.refused), "failures": failures,
            "seconds": round(time.monotonic() - started, 1),
        }
        if fp is not None:
            local = fair_replay(read_save(save), rules, ships)
            loaded = load_save(save, rules, ships)
            hashes = {
                "host": fp.session.state.state_hash(),
                "client": client.fp.session.state.state_hash() if client.fp else None,
                "client_window": (outcomes["client"].session.state.state_hash()
                                  if "client" in outcomes and outcomes["client"].session else None),
                "save": loaded.state.state_hash(),
                "local_replay": local.session.state.state_hash(),
            }
            result.update(over=fp.session.over, commands=len(fp.session.commands),
                          under_fire=played_under_fire[0] if played_under_fire else None, rolls=len(fp.ledger.rolls),
                          hashes_agree=len(set(hashes.values())) == 1, state_hash=hashes["host"],
                          latency_ms=outcomes["client"].latency_ms() if "client" in outcomes else None)
        print(json.dumps(result))
        ok = not failures and result.get("hashes_agree") and result.get("over") and fuzzer.sent == args.messages
        return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
