"""A round-robin ladder among the computer players: who beats whom, by how much, and how sure we are.

Every pairing of two kinds plays every chosen scenario on every seed twice, the
first kind on the scenario's first side and then on the other (the same seed
both times), so neither the sides of a scenario nor the luck of one seed's dice
favour either kind.  Each game is one ordinary self-play battle
(:func:`game.selfplay.play`) and can be played again alone from the command line
its result line names.

The figures: wins, draws and losses per pairing; the first kind's share of the
decided games with a 95% Wilson score interval (it stays inside 0..1 and is
honest for few games or lopsided results, where the plain normal interval is
not); the points margin per game, mean and 95% half-width; and one rating per
kind fitted by Bradley-Terry to all the games at once (draws half a win each),
shown on an Elo-like scale.  See docs/LADDER.md.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import statistics
import traceback
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, TextIO

from game.ai import known_kind, split_kind

#: Two-sided 95% point of the standard normal distribution (the interval's and the half-width's z).
Z_95 = 1.959963984540054
#: Elo's scale: a rating difference of this many points is odds of ten to one.
ELO_SCALE = 400.0
#: The rating the anchor player is shown at.
ANCHOR_RATING = 1000.0
#: The kind the ratings are anchored to when it plays (else the first kind named).
ANCHOR_KIND = "scripted"
#: Virtual games each player plays against a fixed opponent of the anchor's strength, half won and half lost:
#: enough to keep an undefeated (or winless) player's rating finite, too few to move a well-measured one much.
PRIOR_GAMES = 2.0
#: Bradley-Terry fit: stop when no strength moves by more than this fraction in a round, or after this many.
BT_TOLERANCE = 1e-10
BT_MAX_ROUNDS = 100_000
#: Percentile of decision times shown beside the median.
TIME_PERCENTILE = 95

#: Scenarios a ladder plays when none is named, per rule system: a single-ship duel and a small squadron for
#: Beat to Quarters (a fleet action takes minutes a game); Cagway Bay's blockade run.
DEFAULT_SCENARIOS: dict[str, tuple[str, ...]] = {
    "btq21": ("duel", "squadron"),
    "cagway": ("cagway_blockade_run",),
}
#: Players a ladder ranks when none are named, per rule system.
DEFAULT_PLAYERS: dict[str, tuple[str, ...]] = {
    "btq21": ("random", "scripted", "captain-v1", "captain:easy", "captain:normal", "captain:hard"),
    "cagway": ("random", "scripted", "captain:easy", "captain:normal", "captain:hard"),
}


class LadderError(ValueError):
    """A ladder that cannot be played as asked (unknown kind, scenario of another rule system, bad pairing)."""


# --------------------------------------------------------------------------------------------------- schedule


@dataclass(frozen=True)
class Fixture:
    """One game of the ladder: kind ``a`` against kind ``b``; ``a_first``: ``a`` takes the scenario's first side."""

    index: int
    a: str
    b: str
    scenario: str
    seed: int
    a_first: bool

    def kinds(self, sides: Sequence[str]) -> dict[str, str]:
        """Who commands each side: one kind the first side, the other every other side."""
        first, other = (self.a, self.b) if self.a_first else (self.b, self.a)
        return {side: (first if i == 0 else other) for i, side in enumerate(sides)}


def round_robin(players: Sequence[str]) -> list[tuple[str, str]]:
    """Every pairing of two different kinds, each once, in the order the kinds are named."""
    return list(itertools.combinations(players, 2))


def schedule(pairs: Iterable[tuple[str, str]], scenarios: Sequence[str], seeds: Sequence[int]) -> list[Fixture]:
    """The mirrored games: per pairing, scenario and seed, ``a`` on the first side and then ``b`` (same seed)."""
    out: list[Fixture] = []
    for a, b in pairs:
        for name in scenarios:
            for seed in seeds:
                for a_first in (True, False):
                    out.append(Fixture(len(out), a, b, name, seed, a_first))
    return out


def parse_pair(text: str, system: str) -> tuple[str, str]:
    """``A:B`` into two kinds; kinds may hold a colon themselves (``captain:hard:scripted``), so the split
    taken is the one colon leaving a known kind on both sides of it."""
    parts = text.split(":")
    found = [
        (":".join(parts[:i]), ":".join(parts[i:]))
        for i in range(1, len(parts))
        if known_kind(":".join(parts[:i]), system) and known_kind(":".join(parts[i:]), system)
    ]
    if len(found) != 1:
        why = "it can be read more than one way" if found else f"not two kinds of {system} player"
        raise LadderError(f"--pairs {text!r}: {why} (write KIND_A:KIND_B, e.g. captain:hard:scripted)")
    return found[0]


# --------------------------------------------------------------------------------------------------- playing


@functools.cache
def _content(name: str) -> tuple[Any, Any, tuple[str, ...]]:
    """A shipped scenario, the tables it is played with and its sides, read once per process."""
    from game.content.load import load_default, open_scenario, scenario_path

    rules, ships = load_default()
    scenario = open_scenario(scenario_path(name), ships, rules)
    return scenario, rules, tuple(s.id for s in scenario.sides)


def replay_command(scenario: str, seed: int, kinds: dict[str, str]) -> str:
    """The command line that plays this one game again alone."""
    players = " ".join(f"--player {side}:{kind}" for side, kind in kinds.items())
    return f"python main.py --selfplay {scenario} {players} --seed {seed}"


def play_fixture(fx: Fixture, census: bool = False) -> dict[str, Any]:
    """Play one game of the ladder; never raises (a failure comes back as the line's ``error``).

    The line tells the outcome from ``a``'s view: ``"a"``, ``"b"`` or ``"draw"``, and the points of each
    kind (a kind holding several sides scores their sum); with ``census``, what befell each kind's ships
    (:mod:`game.census`).
    """
    from game.selfplay import play

    line: dict[str, Any] = {"index": fx.index, "a": fx.a, "b": fx.b, "scenario": fx.scenario, "seed": fx.seed}
    try:
        scenario, rules, sides = _content(fx.scenario)
        kinds = fx.kinds(sides)
        line["players"] = kinds
        line["replay"] = replay_command(fx.scenario, fx.seed, kinds)
        thinking: dict[str, list[float]] = {}
        result = play(scenario, rules, fx.seed, kinds, thinking=thinking)
    except Exception:  # noqa: BLE001 - reported with the run's figures; the ladder goes on
        line["error"] = traceback.format_exc(limit=8)
        return line
    st = result.session.state
    a_sides = sides[:1] if fx.a_first else sides[1:]
    line["a_sides"] = list(a_sides)
    line["winner"] = st.winner
    line["outcome"] = "draw" if st.winner is None else ("a" if st.winner in a_sides else "b")
    line["points_a"] = float(sum(st.points.get(side, 0.0) for side in a_sides))
    line["points_b"] = float(sum(st.points.get(side, 0.0) for side in sides if side not in a_sides))
    line["turns"] = st.turn
    line["state_hash"] = st.state_hash()
    line["thinking_ms"] = {
        "a": [round(1000.0 * t, 3) for side in a_sides for t in thinking.get(side, [])],
        "b": [round(1000.0 * t, 3) for side in sides if side not in a_sides for t in thinking.get(side, [])],
    }
    if census:
        from game.census import count, owners

        line["census"] = count(result.session.events, owners(st.ships), a_sides)
    return line


def run_fixtures(
    fixtures: Sequence[Fixture],
    jobs: int,
    on_line: Callable[[dict[str, Any]], None] | None = None,
    worker: Callable[[Fixture], dict[str, Any]] = play_fixture,
    on_done: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play every fixture (``jobs`` processes; 1: here, in this one).  ``on_done`` sees each line as its game
    ends; ``on_line`` sees them in schedule order, each once the games before it are done (so a results file
    reads the same however the games were shared out).  The lines come back in schedule order."""
    done: dict[int, dict[str, Any]] = {}
    emitted = 0

    def settle(line: dict[str, Any]) -> None:
        nonlocal emitted
        done[line["index"]] = line
        if on_done:
            on_done(line)
        while emitted < len(fixtures) and fixtures[emitted].index in done:
            if on_line:
                on_line(done[fixtures[emitted].index])
            emitted += 1

    if jobs <= 1:
        for fx in fixtures:
            settle(worker(fx))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            of: dict[Future[dict[str, Any]], Fixture] = {pool.submit(worker, fx): fx for fx in fixtures}
            pending = set(of)
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    try:
                        settle(fut.result())
                    except Exception:  # noqa: BLE001 - a worker that died (out of memory, killed): the game failed
                        fx = of[fut]
                        settle({"index": fx.index, "a": fx.a, "b": fx.b, "scenario": fx.scenario, "seed": fx.seed,
                                "error": traceback.format_exc(limit=8)})
    return [done[fx.index] for fx in fixtures]


# --------------------------------------------------------------------------------------------------- statistics


def wilson(successes: float, n: float, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``successes`` of ``n`` (0..1 bounds; (0, 1) when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_half_width(values: Sequence[float], z: float = Z_95) -> tuple[float, float]:
    """Mean and the 95% half-width of the mean (normal approximation; NaN half-width below two values)."""
    if not values:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, z * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: Sequence[float], pct: float) -> float:
    """The ``pct``-th percentile by the nearest rank (NaN for no values)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100.0 * len(ordered)))
    return ordered[rank - 1]


def bradley_terry(
    players: Sequence[str],
    wins: dict[tuple[str, str], float],
    prior: float = PRIOR_GAMES,
    anchor: str | None = None,
) -> dict[str, float]:
    """Bradley-Terry strengths fitted by Hunter's MM algorithm, as Elo-like ratings.

    ``wins[(i, j)]``: games ``i`` won against ``j`` (a draw is half a win to each).  Each player also plays
    ``prior`` virtual games, half won, against a fixed opponent of strength 1: that keeps an undefeated
    player finite and pins the scale.  The ratings are ``ELO_SCALE * log10(strength)``, shifted so
    ``anchor`` (default: the first player) shows ``ANCHOR_RATING``.
    """
    names = list(players)
    won = {p: prior / 2 for p in names}
    games: dict[tuple[str, str], float] = {}
    for (i, j), w in wins.items():
        if i == j or w <= 0:
            continue
        won[i] += w
        games[(i, j)] = games.get((i, j), 0.0) + w
        games[(j, i)] = games.get((j, i), 0.0) + w
    strength = {p: 1.0 for p in names}
    for _ in range(BT_MAX_ROUNDS):
        new: dict[str, float] = {}
        for i in names:
            denom = prior / (strength[i] + 1.0)
            denom += sum(n / (strength[i] + strength[j]) for (a, j), n in games.items() if a == i)
            new[i] = won[i] / denom if denom > 0 else strength[i]
        moved = max((abs(new[p] - strength[p]) / strength[p] for p in names), default=0.0)
        strength = new
        if moved < BT_TOLERANCE:
            break
    base = anchor if anchor in strength else (names[0] if names else None)
    shift = ANCHOR_RATING - ELO_SCALE * math.log10(strength[base]) if base is not None else 0.0
    return {p: ELO_SCALE * math.log10(strength[p]) + shift for p in names}


# --------------------------------------------------------------------------------------------------- tallies


@dataclass
class Tally:
    """The games of one pairing (optionally on one scenario), from ``a``'s view."""

    a_wins: int = 0
    draws: int = 0
    b_wins: int = 0
    margins: list[float] = field(default_factory=list)

    def add(self, line: dict[str, Any]) -> None:
        outcome = line["outcome"]
        if outcome == "a":
            self.a_wins += 1
        elif outcome == "b":
            self.b_wins += 1
        else:
            self.draws += 1
        self.margins.append(line["points_a"] - line["points_b"])

    @property
    def games(self) -> int:
        return self.a_wins + self.draws + self.b_wins

    @property
    def decided(self) -> int:
        return self.a_wins + self.b_wins


@dataclass
class PlayerRecord:
    """One kind's games over the whole ladder, and how long it took over its decisions."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    decision_ms: list[float] = field(default_factory=list)
    game_ms: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass
class Ladder:
    """Every finished game of a ladder, tallied per pairing, per pairing and scenario, and per kind."""

    players: list[str]
    pairs: dict[tuple[str, str], Tally] = field(default_factory=dict)
    by_scenario: dict[tuple[str, str, str], Tally] = field(default_factory=dict)
    records: dict[str, PlayerRecord] = field(default_factory=dict)
    wins: dict[tuple[str, str], float] = field(default_factory=dict)
    failures: list[dict[str, Any]] = field(default_factory=list)

    def add(self, line: dict[str, Any]) -> None:
        if "error" in line:
            self.failures.append(line)
            return
        a, b = line["a"], line["b"]
        self.pairs.setdefault((a, b), Tally()).add(line)
        self.by_scenario.setdefault((a, b, line["scenario"]), Tally()).add(line)
        if a == b:  # a kind against itself tells nothing of its rating
            return
        outcome = line["outcome"]
        for me, other, mine in ((a, b, "a"), (b, a, "b")):
            rec = self.records.setdefault(me, PlayerRecord())
            if outcome == "draw":
                rec.draws += 1
                self.wins[(me, other)] = self.wins.get((me, other), 0.0) + 0.5
            elif outcome == mine:
                rec.wins += 1
                self.wins[(me, other)] = self.wins.get((me, other), 0.0) + 1.0
            else:
                rec.losses += 1
            times = line.get("thinking_ms", {}).get(mine, [])
            rec.decision_ms += times
            rec.game_ms.append(sum(times))

    def ratings(self) -> dict[str, float]:
        rated = [p for p in self.players if p in self.records]
        anchor = ANCHOR_KIND if ANCHOR_KIND in rated else (rated[0] if rated else None)
        return bradley_terry(rated, self.wins, anchor=anchor)


def tally(players: Sequence[str], lines: Iterable[dict[str, Any]]) -> Ladder:
    ladder = Ladder(list(players))
    for line in lines:
        ladder.add(line)
    return ladder


# --------------------------------------------------------------------------------------------------- report


def _share(t: Tally) -> str:
    if not t.decided:
        return "  -   [  -  ,  -  ]"
    lo, hi = wilson(t.a_wins, t.decided)
    return f"{t.a_wins / t.decided:5.2f} [{lo:4.2f}, {hi:4.2f}]"


def _margin(t: Tally) -> str:
    mean, half = mean_half_width(t.margins)
    if math.isnan(mean):
        return "-"
    return f"{mean:+8.1f} ± {half:.1f}" if not math.isnan(half) else f"{mean:+8.1f} ± -"


def _ms(values: Sequence[float], pct: float) -> str:
    v = percentile(values, pct)
    return "-" if math.isnan(v) else f"{v:.1f}"


def report(ladder: Ladder, out: TextIO) -> None:
    """The tables: per pairing (and per pairing and scenario), then the ratings."""
    width = max([len(f"{a} v {b}") for a, b in ladder.pairs] + [len(s) + 2 for _, _, s in ladder.by_scenario] + [4])
    head = (
        f"{'pair (A v B)':<{width}}  games  A wins  draws  B wins  A share of decided [95% Wilson]"
        f"  margin A-B per game (mean ± 95%)"
    )
    out.write(head + "\n")
    for (a, b), t in ladder.pairs.items():
        rows = [(f"{a} v {b}", t)]
        rows += [(f"  {s}", st) for (sa, sb, s), st in ladder.by_scenario.items() if (sa, sb) == (a, b)]
        for label, row in rows:
            out.write(
                f"{label:<{width}}  {row.games:5d}  {row.a_wins:6d}  {row.draws:5d}  {row.b_wins:6d}"
                f"  {_share(row):>33}  {_margin(row)}\n"
            )
    ratings = ladder.ratings()
    if ratings:
        anchor = ANCHOR_KIND if ANCHOR_KIND in ratings else next(iter(ratings))
        out.write(
            f"\nBradley-Terry ratings (draws half a win; {anchor} = {ANCHOR_RATING:.0f}; "
            f"{PRIOR_GAMES:g} virtual games each, half won)\n"
        )
        pw = max(len(p) for p in ratings)
        out.write(
            f"{'player':<{pw}}  rating  games     W     D     L  decision ms median    p{TIME_PERCENTILE}"
            f"  thinking s/game median\n"
        )
        for p in sorted(ratings, key=lambda k: -ratings[k]):
            rec = ladder.records[p]
            per_game = [ms / 1000.0 for ms in rec.game_ms]
            med_game = statistics.median(per_game) if per_game else math.nan
            out.write(
                f"{p:<{pw}}  {ratings[p]:6.0f}  {rec.games:5d} {rec.wins:5d} {rec.draws:5d} {rec.losses:5d}"
                f"  {_ms(rec.decision_ms, 50):>18}  {_ms(rec.decision_ms, TIME_PERCENTILE):>6}"
                f"  {med_game:22.2f}\n"
            )
    if ladder.failures:
        out.write(f"\n{len(ladder.failures)} game(s) failed:\n")
        for line in ladder.failures:
            out.write(f"- {line.get('replay', line['scenario'] + ' seed ' + str(line['seed']))}\n")
            out.write("  " + line["error"].rstrip().replace("\n", "\n  ") + "\n")


# --------------------------------------------------------------------------------------------------- the run


@dataclass(frozen=True)
class Plan:
    """What a ladder plays: the rule system, the kinds, the pairings, the scenarios and the seeds."""

    system: str
    players: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    scenarios: tuple[str, ...]
    seeds: tuple[int, ...]

    def fixtures(self) -> list[Fixture]:
        return schedule(self.pairs, self.scenarios, self.seeds)


def make_plan(
    system: str | None,
    players: Sequence[str] | None,
    scenarios: Sequence[str] | None,
    seeds: int,
    first_seed: int,
    pairs: Sequence[str] | None = None,
) -> Plan:
    """Check what was asked and fill in the defaults; LadderError says what is wrong."""
    from game.content.load import list_scenarios, scenario_path, scenario_system

    shipped = list_scenarios()
    for name in scenarios or ():
        if name not in shipped:
            raise LadderError(f"--scenario {name!r}: no such shipped scenario (scenarios: {', '.join(shipped)})")
    systems_of = {name: scenario_system(scenario_path(name))[0] for name in scenarios or ()}
    if system is None:
        found = set(systems_of.values())
        if len(found) > 1:
            raise LadderError(f"the scenarios named play under different rule systems ({', '.join(sorted(found))})")
        system = found.pop() if found else "btq21"
    if system not in DEFAULT_SCENARIOS:
        raise LadderError(f"--system {system!r}: known rule systems are {', '.join(DEFAULT_SCENARIOS)}")
    for name, theirs in systems_of.items():
        if theirs != system:
            raise LadderError(f"--scenario {name}: it plays under {theirs}, not {system}")
    if seeds < 1:
        raise LadderError(f"--seeds {seeds}: at least one seed")
    if first_seed < 0:
        raise LadderError(f"--first-seed {first_seed}: seeds are whole numbers from 0")
    if pairs:
        chosen = [parse_pair(p, system) for p in pairs]
        kinds = list(dict.fromkeys(k for pair in chosen for k in pair))
    else:
        kinds = list(dict.fromkeys(players or DEFAULT_PLAYERS[system]))
        for kind in kinds:
            if not known_kind(kind, system):
                raise LadderError(f"--players {kind!r}: not a {system} player (known: {', '.join(_menu(system))})")
        if len(kinds) < 2:
            raise LadderError("a ladder needs two kinds of player at least")
        chosen = round_robin(kinds)
    return Plan(
        system,
        tuple(kinds),
        tuple(chosen),
        tuple(scenarios or DEFAULT_SCENARIOS[system]),
        tuple(range(first_seed, first_seed + seeds)),
    )


def _menu(system: str) -> list[str]:
    """The kinds to suggest: each named level, and a time budget for the kinds that take levels."""
    from game.ai import kinds_for

    levelled = dict.fromkeys(split_kind(k)[0] for k in kinds_for(system) if split_kind(k)[1] is not None)
    return [*kinds_for(system), *(f"{k}:<N>ms" for k in levelled)]


def run(
    plan: Plan,
    jobs: int,
    out: TextIO,
    json_out: TextIO | None = None,
    progress: TextIO | None = None,
    census: bool = False,
) -> int:
    """Play the ladder and print its tables (with ``census``, what befell each kind's ships too); 0, or 1 when
    a game failed (the others still count)."""
    fixtures = plan.fixtures()
    total = len(fixtures)
    count = 0

    def on_line(line: dict[str, Any]) -> None:
        if json_out is not None:
            json_out.write(json.dumps(line) + "\n")
            json_out.flush()

    def on_done(line: dict[str, Any]) -> None:
        nonlocal count
        count += 1
        if progress is not None:
            if "error" in line:
                what = "FAILED"
            else:
                what = {"a": f"{line['a']} won", "b": f"{line['b']} won", "draw": "draw"}[line["outcome"]]
            sides = ", ".join(f"{side} {kind}" for side, kind in line.get("players", {}).items())
            progress.write(f"[{count}/{total}] {line['scenario']} seed {line['seed']} ({sides}): {what}\n")
            progress.flush()

    worker = functools.partial(play_fixture, census=True) if census else play_fixture
    lines = run_fixtures(fixtures, jobs, on_line, worker=worker, on_done=on_done)
    ladder = tally(plan.players, lines)
    report(ladder, out)
    if census:
        from game.census import report as census_report

        census_report(lines, out)
    return 1 if ladder.failures else 0
