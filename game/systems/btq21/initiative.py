"""Who moves first: 2D6 per squadron with the rule book's modifiers.

Ties: the side whose flagship squadron rolled higher goes first; if that does
not separate them (same side, equal flagship totals, or no flagship), each
tied squadron rolls a D6, higher first, rolling again while still tied.
"""

from __future__ import annotations

from collections import deque

from game.systems.btq21 import board
from game.systems.btq21 import events as ev
from game.systems.btq21.events import Out
from game.systems.btq21.state import AFLOAT, GameState, Squadron


def is_flagship_squadron(state: GameState, sq: Squadron) -> bool:
    return any(state.ships[s].has("flagship") and state.ships[s].status == AFLOAT for s in sq.ships)


def linked_signallers(state: GameState, side: str) -> list[str]:
    """Signals ships that can pass a flagship's signal, through a chain of signals ships.

    Each link is at most the signals range (closest distance between bases)
    with a clear line of sight.
    """
    rng = float(state.rules.initiative.get("signals_range", 24.0))
    afloat = [s for s in state.ships.values() if s.side == side and s.status == AFLOAT]
    flags = [s.id for s in afloat if s.has("flagship")]
    signallers = [s.id for s in afloat if s.has("signals")]
    linked: list[str] = []
    seen = set(flags)
    queue = deque(flags)
    while queue:
        src = queue.popleft()
        for sid in signallers:
            if sid in seen:
                continue
            if board.closest_distance(state, src, sid) <= rng and not board.line_of_sight(state, src, sid):
                seen.add(sid)
                linked.append(sid)
                queue.append(sid)
    return linked


def signalled_squadrons(state: GameState) -> set[str]:
    """Squadrons receiving a signal this turn (+1 initiative).

    Each linked signals ship signals one friendly squadron whose afloat ships
    are all within range of it; squadrons without a flagship are served first
    since they gain the most, then in scenario order.
    """
    rng = float(state.rules.initiative.get("signals_range", 24.0))
    out: set[str] = set()
    for side in state.sides:
        squads = [q for q in state.squadrons.values() if q.side == side]
        squads.sort(key=lambda q: is_flagship_squadron(state, q))  # stable: scenario order within
        for sid in linked_signallers(state, side):
            for q in squads:
                if q.id in out:
                    continue
                members = [m for m in q.ships if state.ships[m].status == AFLOAT]
                if members and all(m == sid or board.closest_distance(state, sid, m) <= rng for m in members):
                    out.add(q.id)
                    break
    return out


def squadron_can_act(state: GameState, sq: Squadron) -> bool:
    return any(state.ships[s].can_act for s in sq.ships)


def roll_initiative(state: GameState, out: Out) -> None:
    ini = state.rules.initiative
    signalled = signalled_squadrons(state)
    totals: dict[str, int] = {}
    for sq in state.squadrons.values():
        if not squadron_can_act(state, sq):
            continue
        faces = state.dice.roll(int(ini["dice"]), 6)
        mods: dict[str, int] = {}
        if is_flagship_squadron(state, sq):
            mods["flagship"] = int(ini["flagship_squadron"])
        nation = ini["nation"].get(sq.nation, ini["nation"].get("default", 0))
        if nation:
            mods["nation"] = int(nation)
        if sq.id in signalled:
            mods["signalled"] = int(ini["signalled"])
        if any(state.ships[s].status == AFLOAT and state.ships[s].any_crippled for s in sq.ships):
            mods["crippled"] = int(ini["crippled_ship_in_squadron"])
        modifier = sum(mods.values())
        total = sum(faces) + modifier
        sq.initiative = total
        totals[sq.id] = total
        out.emit(
            ev.Initiative(
                squadron=sq.id,
                side=sq.side,
                nation=sq.nation,
                roll=tuple(faces),
                modifier=modifier,
                modifiers=mods,
                total=total,
            )
        )
    state.order = tuple(_order(state, totals, out))
    state.order_index = 0
    out.emit(ev.InitiativeOrder(order=tuple(state.order)))


def _order(state: GameState, totals: dict[str, int], out: Out) -> list[str]:
    # The best flagship-squadron total of each side breaks ties between sides.
    flag_total: dict[str, int] = {}
    for sid, t in totals.items():
        sq = state.squadrons[sid]
        if is_flagship_squadron(state, sq):
            flag_total[sq.side] = max(flag_total.get(sq.side, -999), t)
    keyed = sorted(totals, key=lambda s: (-totals[s], -flag_total.get(state.squadrons[s].side, -999)))
    result: list[str] = []
    i = 0
    while i < len(keyed):
        j = i
        key = (totals[keyed[i]], flag_total.get(state.squadrons[keyed[i]].side, -999))
        while j < len(keyed) and (totals[keyed[j]], flag_total.get(state.squadrons[keyed[j]].side, -999)) == key:
            j += 1
        group = keyed[i:j]
        result.extend(_roll_off(state, group, out) if len(group) > 1 else group)
        i = j
    return result


def _roll_off(state: GameState, group: list[str], out: Out) -> list[str]:
    """D6 each, highest first; those still level roll again."""
    faces = {s: state.dice.die(6) for s in group}
    out.emit(ev.InitiativeTiebreak(squadrons=tuple(group), faces=tuple(faces[s] for s in group)))
    ordered: list[str] = []
    for value in sorted(set(faces.values()), reverse=True):
        tied = [s for s in group if faces[s] == value]
        ordered.extend(_roll_off(state, tied, out) if len(tied) > 1 else tied)
    return ordered
