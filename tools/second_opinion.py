"""A second opinion on a finished battle: where a captain chose otherwise than another would have, and who was right.

Reads a save (a battle played in the window, or by self-play), and at the start of every
activation of SIDE's ships asks both captains for their plan on the state as it stood.
Where they differ it prints the turn, the ship, both plans and each plan judged by trials
(``SearchCaptain.weigh``: sampled dice, the nearest enemies replying, her next activation
after them), then the battle log of the activation as it was played.

    python tools/second_opinion.py SAVE --side french [--kind captain:hard] [--against captain-v1]
                                       [--rounds 40] [--min-gap 2.0]

Used for the issue 19 play-test (docs/PLAYTEST.md): the moments where the new captain did
something the old one would not.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import make_player  # noqa: E402
from game.ai.captain.search import SearchCaptain, _Begin  # noqa: E402
from game.ai.search.levels import LEVELS  # noqa: E402
from game.content.load import load_default  # noqa: E402
from game.persistence.save import load_save  # noqa: E402
from game.systems.btq21 import commands as c  # noqa: E402
from game.systems.btq21.engine import Rejected, apply  # noqa: E402
from game.systems.btq21.sandbox import next_activation, sandbox  # noqa: E402


def words(cmd: c.Command) -> str:
    """A command as a line of a plan, in inches and degrees."""
    if isinstance(cmd, c.MoveSegment):
        return f"sail {cmd.distance:.1f}\" turning {cmd.turn:+.1f}°"
    if isinstance(cmd, c.Fire):
        return f"fire {cmd.side} at {cmd.target} ({cmd.aim}{', chain shot' if cmd.chain_shot else ''})"
    if isinstance(cmd, c.SetSail):
        return f"{cmd.sail} sail"
    return cmd.type.replace("_", " ")


def exchange(judge: SearchCaptain, st, sid: str, plan, names: dict[str, str]) -> str:
    """The broadsides of the plan and of the replies after it, played once with every die at its mean."""
    work = sandbox(st)
    fired: list[str] = []

    def note(events) -> None:
        if isinstance(events, Rejected):
            return
        for e in events:
            if e.get("type") == "broadside":
                rake = " raking" if e.get("rake") else ""
                who = f"{names[e['ship']]} at {names[e['target']]}{rake}"
                fired.append(f"{who}, {e.get('band', '')}, {e.get('hits', 0)} hits")

    for cmd, _sig in plan:
        note(apply(work, cmd, scratch=True))
    if work.activation is not None and work.activation.ship == sid:
        apply(work, c.EndActivation(sid), scratch=True)
    for cmd in judge.replies_to(sandbox(work), sid):
        if isinstance(cmd, _Begin):
            next_activation(work, cmd.ship)
        else:
            note(apply(work, cmd, scratch=True))
    return "; ".join(fired) or "no broadside"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("save")
    ap.add_argument("--side", required=True)
    ap.add_argument("--kind", default="captain:hard", help="the captain that played SIDE")
    ap.add_argument("--against", default="captain-v1", help="the captain asked for a second opinion")
    ap.add_argument("--rounds", type=int, default=40, help="trials judging each plan")
    ap.add_argument("--min-gap", type=float, default=2.0, help="show a difference only if the judges differ this much")
    args = ap.parse_args()
    rules, ships = load_default()
    session = load_save(args.save, rules, ships)
    names = {s.id: s.name for s in session.state.ships.values()}
    judge = SearchCaptain(999, args.side, LEVELS["hard"])
    shown = 0
    for i, step in enumerate(session.steps[1:], start=1):
        before = session.steps[i - 1].command
        if not isinstance(before, c.ActivateShip):
            continue
        st = step.before
        ship = st.ships.get(before.ship)
        if ship is None or ship.side != args.side or st.activation is None:
            continue
        options = session.system.legal(st)
        mine = make_player(args.kind, session.seed, args.side).make_plan(st, options)
        other = make_player(args.against, session.seed, args.side).make_plan(st, options)
        if [m for m, _ in mine] == [o for o, _ in other]:
            continue
        m_v, m_se, _ = judge.weigh(st, ship.id, mine, args.rounds)
        o_v, o_se, _ = judge.weigh(st, ship.id, other, args.rounds)
        if abs(m_v - o_v) < args.min_gap:
            continue
        shown += 1
        print(f"\n== turn {st.turn}, {names[ship.id]} ({args.side}), command {i} ==")
        print(f"  {args.kind}: " + "; ".join(words(m) for m, _ in mine))
        print(f"     judged {m_v:+.1f} ± {1.96 * m_se:.1f} points")
        print(f"     at mean dice: {exchange(judge, st, ship.id, mine, names)}")
        print(f"  {args.against}: " + "; ".join(words(o) for o, _ in other))
        print(f"     judged {o_v:+.1f} ± {1.96 * o_se:.1f} points")
        print(f"     at mean dice: {exchange(judge, st, ship.id, other, names)}")
        later = range(i + 1, len(session.steps))
        nxt = next((j for j in later if isinstance(session.steps[j].command, c.ActivateShip)), len(session.steps))
        end = session.steps[nxt].events_before if nxt < len(session.steps) else len(session.events)
        print("  as played:")
        for ev in session.events[step.events_before:end]:
            line = session.system.describe(ev, names)
            if line:
                print("    " + line)
    print(f"\n{shown} activation(s) where the two captains differ by at least {args.min_gap} points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
