"""Fuzz every door hostile input can come through: data files, saves, battle logs, settings, the autosave.

Mutates the shipped data files, a set of real saves and a real battle log
(truncation, byte flips, deleted and retyped keys, huge and non-finite
numbers, deep nesting, alias bombs, every YAML tag, oversize files, unicode
and NUL bytes, path-like names, special files) and feeds each mutant to the
door it fits:

* ``check-data``: ``main.py --check-data FILE``; a data file that passes is
  then played: one seeded self-play game with it must run to its end;
* ``replay``: ``main.py --replay FILE``;
* ``load``: the window's loader (``app.load_game``) with a battle running;
* ``dialog``: the battle's Ctrl+O dialog picking the file;
* ``logcheck``: ``python -m game.logcheck FILE``;
* ``settings`` / ``autosave``: the window starting with that settings file
  or autosave, then Continue.

A run fails on any traceback, any run over the time limit, any file written
where it was not asked for, and any change to the running game or to the
autosave when a load was refused.  Prints one JSON summary line (and the
first failures of each kind); exits 1 if anything failed.

    python tools/fuzz.py --budget 10000 [--seed 1] [--jobs 2] [--keep DIR]

Mutants are made with the tool's own seeded ``random.Random``: the same
``--seed`` and ``--budget`` make the same mutants.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing as mp
import os
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

#: A house-rules file to mutate: numbers, a list item, a nested table.
HOUSE_RULES = (
    b"house_rules: Plymouth Wargames Club\ntables: btq21\nchanges:\n  speeds.large.battle: 4\n"
    b"  base_stats[0].hull: 210\n  to_hit.hull.long: 7\n  boarding.hit_on: 4\n"
)
#: Seconds of processor time a single run may take before it counts as a hang.
TIME_LIMIT = 5.0
#: Tasks a worker process runs before a fresh one takes over.  Each door builds apps, caches and
#: fonts that a real run builds once; hundreds of them in one process would crowd the memory limit
#: and turn into false findings ("can't start new thread").
WORKER_TASKS = 150
#: Memory a worker may hold (bytes): an alias bomb fails with MemoryError instead of taking the machine.
MEMORY_LIMIT = 3 * 1024**3
#: Special files given as a path instead of a mutant.
SPECIALS = ("/dev/zero", "/dev/urandom", "/dev/null", "fifo", "directory", "missing", "symlink-zero", "symlink-loop")


# --- the corpus ----------------------------------------------------------------------------------


@dataclass
class Seed:
    """One real file to mutate: its kind (rules, ships, scenario, save, log, settings), name and bytes."""

    kind: str
    name: str
    data: bytes


def build_corpus(workdir: Path) -> list[Seed]:
    """The shipped data files, real saves of several scenarios, a battle log and a settings file."""
    from game.content.load import list_scenarios, load_default, open_scenario, scenario_path
    from game.content.paths import rules_path, ships_path
    from game.persistence.save import to_document
    from game.selfplay import play

    out = [Seed("rules", "btq21.yaml", rules_path().read_bytes())]
    out.append(Seed("rules", "cagway.yaml", (rules_path().parent / "cagway.yaml").read_bytes()))
    out.append(Seed("ships", "ships.yaml", ships_path().read_bytes()))
    for name in list_scenarios():
        out.append(Seed("scenario", f"{name}.yaml", scenario_path(name).read_bytes()))
    rules, ships = load_default()
    for name, seed, kinds in (
        ("duel", 3, "random"), ("squadron", 2, "random"), ("cap_noir", 1, "scripted"),
        ("cagway_blockade_run", 2, "random"),
    ):
        sc = open_scenario(scenario_path(name), ships, rules)
        session = play(sc, rules, seed, {s.id: kinds for s in sc.sides}).session
        doc = to_document(session)
        # short real saves (the first 60 commands) keep each replay quick; one whole game too
        cut = dict(doc, commands=doc["commands"][:60], hashes=doc["hashes"][:60])
        out.append(Seed("save", f"{name}-{seed}.yaml", yaml.safe_dump(cut, sort_keys=False).encode()))
        if name in ("duel", "cagway_blockade_run"):
            out.append(Seed("save", f"{name}-{seed}-whole.yaml", yaml.safe_dump(doc, sort_keys=False).encode()))
            log = "".join(json.dumps(e) + "\n" for e in session.events)
            out.append(Seed("log", f"{name}-{seed}.jsonl", log.encode()))
    out.append(Seed("settings", "settings.yaml", b"grid: true\nanimation: fast\nvolume: 0.4\nfullscreen: false\n"))
    out.append(Seed("house", "house_rules.yaml", HOUSE_RULES))
    return out


# --- mutations -------------------------------------------------------------------------------------


def _walk(obj: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _walk(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _walk(v, path + (i,))


def _set(obj: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    parent = obj
    for p in path[:-1]:
        parent = parent[p]
    parent[path[-1]] = value
    return obj


def _delete(obj: Any, path: tuple) -> Any:
    parent = obj
    for p in path[:-1]:
        parent = parent[p]
    del parent[path[-1]]
    return obj


class _Dumper(yaml.SafeDumper):
    pass


def _dump(obj: Any) -> bytes:
    try:
        return yaml.dump(obj, Dumper=_Dumper, sort_keys=False, allow_unicode=True).encode("utf-8", "surrogatepass")
    except (yaml.YAMLError, RecursionError, ValueError, TypeError):
        return b"{}\n"


def _structured(data: bytes, rng: random.Random, fn: Callable[[Any, tuple, random.Random], Any]) -> bytes:
    """Apply ``fn`` to a random place of the parsed document and write it back as YAML."""
    try:
        doc = yaml.safe_load(data.decode("utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError):
        return data
    places = list(_walk(doc))
    path, value = rng.choice(places)
    return _dump(fn(doc, path, rng))


HUGE = (
    10**5000,
    -(10**5000),
    2**63,
    -(2**63) - 1,
    10**308,
    1e308,
    -1e308,
    float("inf"),
    float("-inf"),
    float("nan"),
    0,
    -1,
    -0.0,
    1e-320,
)
ODD_STRINGS = (
    "",
    " ",
    "\x00",
    "a\x00b",
    "\ud800",
    "\U0001f6a2" * 50,
    "\u202eevil",
    "../../../../etc/passwd",
    "/dev/zero",
    "/dev/urandom",
    "C:\\Windows\\system32",
    "~/.ssh/id_rsa",
    "con",
    "x" * 100_000,
    "%s%s%n",
    "<b>bold</b>",
    "true",
    "1e309",
)


def m_delete_key(doc: Any, path: tuple, rng: random.Random) -> Any:
    keys = [p for p, v in _walk(doc) if p and isinstance(p[-1], str | int)]
    if not keys:
        return doc
    return _delete(doc, rng.choice(keys))


def m_retype(doc: Any, path: tuple, rng: random.Random) -> Any:
    odd = [rng.choice(HUGE), rng.choice(ODD_STRINGS)]
    value = rng.choice([None, True, [], {}, [1, 2], {"a": 1}, "text", 3, 2.5, *odd])
    return _set(doc, path, value)


def m_huge_number(doc: Any, path: tuple, rng: random.Random) -> Any:
    nums = [p for p, v in _walk(doc) if isinstance(v, int | float) and not isinstance(v, bool)]
    return _set(doc, rng.choice(nums), rng.choice(HUGE)) if nums else doc


def m_odd_string(doc: Any, path: tuple, rng: random.Random) -> Any:
    strs = [p for p, v in _walk(doc) if isinstance(v, str)]
    return _set(doc, rng.choice(strs), rng.choice(ODD_STRINGS)) if strs else doc


def m_long_list(doc: Any, path: tuple, rng: random.Random) -> Any:
    lists = [p for p, v in _walk(doc) if isinstance(v, list) and v]
    if not lists:
        return doc
    p = rng.choice(lists)
    items = _get(doc, p)
    n = rng.choice((200, 2_000, 20_000, 200_000))
    return _set(doc, p, [items[i % len(items)] for i in range(n)])


def m_deep(doc: Any, path: tuple, rng: random.Random) -> Any:
    deep: Any = 1
    for _ in range(rng.choice((50, 500, 5_000))):
        deep = [deep] if rng.random() < 0.5 else {"k": deep}
    return _set(doc, path, deep) if path else {"deep": deep}


def _get(obj: Any, path: tuple) -> Any:
    for p in path:
        obj = obj[p]
    return obj


STRUCTURED = (m_delete_key, m_retype, m_huge_number, m_odd_string, m_long_list, m_deep)

TAGS = (
    "!!python/object/apply:os.system ['echo fuzz > pwned.txt']",
    "!!python/name:os.system",
    "!!python/object/new:builtins.list [[1]]",
    "!!binary aGVsbG8=",
    "!!set {a, b}",
    "!!omap [a: 1, b: 2]",
    "!!pairs [a: 1]",
    "!!timestamp 2001-12-14t21:59:43.10-05:00",
    "!!float .nan",
    "!!float .inf",
    "!!int 0x7fffffffffffffffffff",
    "!!bool yes",
    "!!null ''",
    "!!str 12",
    "!!seq [1]",
    "!!map {a: 1}",
    "!local thing",
    "!<tag:evil.example,2026:x> y",
    "!!merge <<",
    "!!value =",
    "!!yaml !",
)


def t_truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(0, max(1, len(data)))]


def t_flip(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 4, 16))):
        if b:
            b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)


def t_nul(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(0, len(data) + 1)
    odd = (b"\x00", b"\\0", b"\xc0\x80", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\xff\xfe")
    return data[:i] + rng.choice(odd) + data[i:]


def t_tag(data: bytes, rng: random.Random) -> bytes:
    """Replace a value after a 'key:' by a tagged node."""
    lines = data.split(b"\n")
    cands = [i for i, ln in enumerate(lines) if b": " in ln]
    if not cands:
        return data
    i = rng.choice(cands)
    head = lines[i].split(b": ", 1)[0]
    lines[i] = head + b": " + rng.choice(TAGS).encode()
    return b"\n".join(lines)


def t_alias_bomb(data: bytes, rng: random.Random) -> bytes:
    bomb = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for k in range(1, 10):
        bomb.append(f"a{k}: &a{k} [" + ",".join([f"*a{k - 1}"] * 9) + "]")
    lines = data.split(b"\n")
    cands = [i for i, ln in enumerate(lines) if b": " in ln and not ln.startswith(b" ")]
    if cands:
        i = rng.choice(cands)
        lines[i] = lines[i].split(b": ", 1)[0] + b": *a9"
    return "\n".join(bomb).encode() + b"\n" + b"\n".join(lines)


def t_oversize(data: bytes, rng: random.Random) -> bytes:
    return data + b"\n# " + b"x" * rng.choice((6_000_000, 21_000_000)) + b"\n"


def t_unicode(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(0, len(data) + 1)
    blob = rng.choice(("\u202e", "\U0001f6a2", "\u0301" * 40, "\ufffd", "\u2028", "\\ud800", "\\U0010ffff", "\\x00"))
    return data[:i] + blob.encode("utf-8") + data[i:]


def t_utf16(data: bytes, rng: random.Random) -> bytes:
    return data.decode("utf-8", "replace").encode("utf-16")


TEXTUAL = (t_truncate, t_flip, t_nul, t_tag, t_alias_bomb, t_oversize, t_unicode, t_utf16)


def mutate_log(data: bytes, rng: random.Random) -> bytes:
    """A battle log with one line edited: a number nudged, a field retyped or dropped, a line cut or garbled."""
    lines = data.decode().splitlines()
    i = rng.randrange(len(lines))
    roll = rng.random()
    if roll < 0.08:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        return ("\n".join(lines) + "\n").encode()
    if roll < 0.12:
        del lines[i]
        return ("\n".join(lines) + "\n").encode()
    if roll < 0.16:
        return t_flip(data, rng)
    event = json.loads(lines[i])
    places = [p for p, _ in _walk(event) if p]
    path = rng.choice(places)
    value = _get(event, path)
    if isinstance(value, bool):
        new: Any = not value
    elif isinstance(value, int | float) and rng.random() < 0.7:
        new = value + rng.choice((1, -1, 10, -10, 0.5))
    elif rng.random() < 0.3:
        _delete(event, path)
        lines[i] = json.dumps(event)
        return ("\n".join(lines) + "\n").encode()
    else:
        new = rng.choice([None, "x", [], {}, 10**400, -1, [1, 2, 3]])
    _set(event, path, new)
    lines[i] = json.dumps(event)
    return ("\n".join(lines) + "\n").encode()


def mutate(seed: Seed, rng: random.Random) -> tuple[str, bytes]:
    """(the mutation's name, the mutant bytes)."""
    if seed.kind == "log":
        return "log-edit", mutate_log(seed.data, rng)
    if rng.random() < 0.45:
        shape = rng.choice(STRUCTURED)
        return shape.__name__, _structured(seed.data, rng, shape)
    text = rng.choice(TEXTUAL)
    return text.__name__, text(seed.data, rng)


# --- running one mutant --------------------------------------------------------------------------------


@dataclass
class Task:
    index: int
    door: str  # check-data, replay, load, dialog, logcheck, settings, autosave
    seed: str  # the corpus file it came from
    mutation: str
    kind: str  # what kind of file the mutant is (rules, ships, scenario, save, log, settings)
    data: bytes | None  # None: ``special`` names a special file instead
    special: str = ""


@dataclass
class Result:
    index: int
    door: str
    seed: str
    mutation: str
    outcome: str  # ok, traceback, hang, stray, lost
    seconds: float
    detail: str = ""
    played: bool = False  # a valid data mutant was also played


class _Hang(Exception):
    pass


def _alarm(_sig, _frame):  # pragma: no cover - fires only on a hang
    raise _Hang()


def _snapshot(folders: list[Path]) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for folder in folders:
        for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
            for name in filenames + dirnames:
                p = os.path.join(dirpath, name)
                try:
                    st = os.lstat(p)
                except OSError:
                    continue
                out[p] = (st.st_size, st.st_mtime_ns)
    return out


class Worker:
    """Runs tasks in one process: a scratch folder, its own Quarterdeck home, a window for the window doors."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.home = base / "home"
        self.scratch = base / "scratch"
        self.tasks = base / "tasks"
        for d in (self.home, self.scratch, self.tasks):
            d.mkdir(parents=True, exist_ok=True)
        os.environ["QUARTERDECK_HOME"] = str(self.home)
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.chdir(self.scratch)
        self.app = None
        self.data_before = _snapshot([ROOT / "data"])

    # -- the doors --

    def run(self, task: Task) -> Result:
        for name in ("settings.yaml", "autosave.yaml"):  # each run starts from a clean home
            (self.home / name).unlink(missing_ok=True)
        path = self._place(task)
        watched = [self.scratch, self.home, self.tasks, ROOT / "data", ROOT / "tests", ROOT / "game"]
        before = _snapshot(watched)
        started = time.perf_counter()
        outcome, detail, played = "ok", "", False
        # the limit is processor time: a run that spins forever uses it up, while a machine busy with other work
        # (the suite's other workers) only slows the clock on the wall; one blocked for good is the pool's to kill
        signal.signal(signal.SIGPROF, _alarm)
        signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                detail, played = getattr(self, "door_" + task.door.replace("-", "_"))(task, path)
            if detail:
                outcome = "lost"
        except _Hang:
            outcome, detail = "hang", f"over {TIME_LIMIT:g} s of processor time"
        except BaseException as e:  # noqa: BLE001 - any escape is a finding
            if isinstance(e, SystemExit) and e.code in (0, 1, 2, None):
                pass
            else:
                outcome = "traceback"
                detail = "".join(traceback.format_exception(type(e), e, e.__traceback__, limit=-6))[-2500:]
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        seconds = time.perf_counter() - started
        if outcome == "ok":
            after = _snapshot(watched)
            allowed = {str(path)} | {p for p in after if p.startswith(str(self.home))}
            new = sorted(p for p in after if p not in before and p not in allowed and not _ours(p))
            if new:
                outcome, detail = "stray", f"files written: {new[:5]}"
        self._clean(path)
        return Result(task.index, task.door, task.seed, task.mutation, outcome, round(seconds, 3), detail, played)

    def _place(self, task: Task) -> Path:
        folder = self.tasks / str(task.index)
        if task.kind == "rules":
            folder = folder / "rules"  # check-data tells a rule set by its folder
        folder.mkdir(parents=True, exist_ok=True)
        name = task.seed
        path = folder / name
        if task.data is not None:
            path.write_bytes(task.data)
            return path
        s = task.special
        if s.startswith("/dev/"):
            return Path(s)
        if s == "fifo":
            os.mkfifo(path)
        elif s == "directory":
            path.mkdir()
        elif s == "symlink-zero":
            path.symlink_to("/dev/zero")
        elif s == "symlink-loop":
            path.symlink_to(path)
        return path

    def _clean(self, path: Path) -> None:
        shutil.rmtree(self.tasks, ignore_errors=True)
        self.tasks.mkdir(parents=True, exist_ok=True)
        for p in self.scratch.iterdir():
            shutil.rmtree(p, ignore_errors=True) if p.is_dir() else p.unlink(missing_ok=True)

    def door_check_data(self, task: Task, path: Path) -> tuple[str, bool]:
        import main

        code = main.main(["--check-data", str(path)])
        if code == 0 and task.data is not None and task.kind in ("rules", "ships", "scenario"):
            return "", self._play(task, path)
        return "", False

    def _play(self, task: Task, path: Path) -> bool:
        """A data file that validates must play: one seeded random game with it, to the end.

        A rule set or ships list is played with the shipped files it goes with; when those no longer
        load with it (the mutant dropped a ship the duel needs, say), there is nothing to play.
        """
        from game.content.load import (
            ContentError,
            load_default,
            load_rules,
            load_scenario,
            load_ships,
            scenario_path,
        )
        from game.selfplay import play

        rules, ships = load_default()
        try:
            if task.kind == "rules":
                rules = load_rules(path)
                ships = load_ships(ROOT / "data" / "ships.yaml", rules)
                scenario = load_scenario(scenario_path("duel"), ships, rules)
            elif task.kind == "ships":
                ships = load_ships(path, rules)
                scenario = load_scenario(scenario_path("duel"), ships, rules)
            else:
                scenario = load_scenario(path, ships, rules)
        except ContentError:
            return False
        play(scenario, rules, task.index % 97 + 1, {s.id: "random" for s in scenario.sides})
        return True

    def door_house_rules(self, task: Task, path: Path) -> tuple[str, bool]:
        """A house-rules file through --check-data; one that passes must play a seeded game."""
        import main

        if main.main(["--check-data", "--house-rules", str(path)]) != 0 or task.data is None:
            return "", False
        from game.content.house import load_house_rules
        from game.content.load import load_default, load_scenario, scenario_path
        from game.selfplay import play

        base, ships = load_default()
        rules = load_house_rules(path, base, ROOT / "data" / "rules" / "btq21.yaml")
        scenario = load_scenario(scenario_path("duel"), ships, rules)
        play(scenario, rules, task.index % 97 + 1, {s.id: "random" for s in scenario.sides})
        return "", True

    def door_replay(self, task: Task, path: Path) -> tuple[str, bool]:
        import main

        main.main(["--replay", str(path)])
        return "", False

    def door_report(self, task: Task, path: Path) -> tuple[str, bool]:
        """The after-action report of a save or a log: drawn, or refused in one line (exit 2)."""
        import tempfile

        import main

        with tempfile.TemporaryDirectory(prefix="qd-fuzz-report-") as out:  # a report drawn is no stray file
            main.main(["--report", str(path), "--out", str(Path(out) / "report.png")])
        return "", False

    def door_listing(self, task: Task, path: Path) -> tuple[str, bool]:
        """The load window's reading of a save: its summary, and where its ships stood (never an exception)."""
        from game.content.load import load_default
        from game.persistence.listing import final_positions, summarise

        rules, ships = load_default()
        summary = summarise(path, rules, ships)
        summary.progress()
        summary.sides()
        if not summary.problem:
            final_positions(path, rules, ships)
        return "", False

    def door_logcheck(self, task: Task, path: Path) -> tuple[str, bool]:
        from game import logcheck

        logcheck.main([str(path)])
        return "", False

    def _window(self):
        """A headless window with a battle under way (and its autosave written)."""
        if self.app is None:
            from game.ui.app import QuarterdeckApp

            self.app = QuarterdeckApp((1280, 720), headless=True)
            self.app.autosave = True  # as in a real window: the battle is autosaved, and must stay so
        err = self.app.start_battle("duel", {}, 5)
        assert err is None, err
        self.app.step(1 / 60)
        return self.app

    def _unchanged(self, app, before_hash: str, autosave: bytes) -> str:
        from game.persistence.autosave import autosave_path

        scene = app.scene
        match = getattr(scene, "match", None)
        if match is None or match.state.state_hash() != before_hash:
            return "the running battle was replaced or changed by a refused load"
        if autosave_path().read_bytes() != autosave:
            return "the autosave changed after a refused load"
        return ""

    def door_load(self, task: Task, path: Path) -> tuple[str, bool]:
        from game.persistence.autosave import autosave_path

        app = self._window()
        before, autosave = app.scene.match.state.state_hash(), autosave_path().read_bytes()
        err = app.load_game(path)
        app.step(1 / 60)
        return (self._unchanged(app, before, autosave) if err else ""), False

    def door_dialog(self, task: Task, path: Path) -> tuple[str, bool]:
        import pygame
        import pygame_gui

        from game.persistence.autosave import autosave_path

        app = self._window()
        scene = app.scene
        before, autosave = scene.match.state.state_hash(), autosave_path().read_bytes()
        scene.open_dialog("load")
        pygame.event.post(
            pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path), ui_element=scene.dialog)
        )
        for _ in range(3):
            app.step(1 / 60)
        if app.scene is scene:  # refused: the battle must be as it was
            return self._unchanged(app, before, autosave), False
        return "", False

    def door_settings(self, task: Task, path: Path) -> tuple[str, bool]:
        from game.ui.app import QuarterdeckApp

        (self.home / "settings.yaml").write_bytes(path.read_bytes() if path.is_file() else b"")
        app = QuarterdeckApp((1280, 720), headless=True)
        app.back_to_menu()
        app.step(1 / 60)
        return "", False

    def door_autosave(self, task: Task, path: Path) -> tuple[str, bool]:
        from game.persistence.autosave import autosave_path
        from game.ui.app import QuarterdeckApp

        if path.is_file():
            autosave_path().write_bytes(path.read_bytes())
        app = QuarterdeckApp((1280, 720), headless=True)
        app.back_to_menu()
        app.step(1 / 60)
        app.continue_autosave()
        app.step(1 / 60)
        return "", False


def _ours(path: str) -> bool:
    """Files the run itself may leave: Python's caches."""
    return "__pycache__" in path or path.endswith((".pyc", ".pytest_cache"))


# --- planning the run ---------------------------------------------------------------------------------

DOORS = {
    "rules": ("check-data",),
    "ships": ("check-data",),
    "scenario": ("check-data",),
    "save": ("replay", "replay", "load", "dialog", "autosave", "listing", "report"),
    "log": ("logcheck", "logcheck", "report"),
    "settings": ("settings",),
    "house": ("house-rules",),
}


def plan(corpus: list[Seed], budget: int, seed: int, doors: set[str] | None = None) -> Iterator[Task]:
    rng = random.Random(seed)
    seeds = [s for s in corpus if doors is None or set(DOORS[s.kind]) & doors]
    # every door once first (in a fixed order), so even a short run reaches them all; then at random
    firsts = sorted({d for s in seeds for d in DOORS[s.kind] if doors is None or d in doors})
    for i in range(budget):
        if i < len(firsts):
            door = firsts[i]
            base = rng.choice([s for s in seeds if door in DOORS[s.kind]])
        else:
            base = rng.choice(seeds)
            door = rng.choice([d for d in DOORS[base.kind] if doors is None or d in doors])
        mrng = random.Random(rng.getrandbits(64))
        if base.kind in ("save", "rules", "ships", "scenario") and mrng.random() < 0.03:
            yield Task(i, door, base.name, "special", base.kind, None, mrng.choice(SPECIALS))
            continue
        name, data = mutate(base, mrng)
        yield Task(i, door, base.name, name, base.kind, data)


# --- workers -------------------------------------------------------------------------------------------


def _worker_main(base: str, inbox: Any, outbox: Any, keep: str | None) -> None:
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ValueError, OSError):
        pass
    worker = Worker(Path(base))
    while True:
        task = inbox.get()
        if task is None:
            return
        result = worker.run(task)
        if keep and result.outcome != "ok":
            _keep(Path(keep), task, result)
        outbox.put(result)


def _keep(folder: Path, task: Task, result: Result) -> None:
    """The failing mutant and what went wrong, for reproducing it."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{task.index:05d}-{result.outcome}-{task.door}-{task.mutation}"
    if task.data is not None:
        (folder / f"{stem}-{task.seed}").write_bytes(task.data)
    (folder / f"{stem}.txt").write_text(f"{task.special}\n{result.detail}\n", encoding="utf-8")


def run_all(
    tasks: Iterator[Task], jobs: int, workdir: Path, keep: str | None = None, hard_limit: float = 60.0
) -> list[Result]:
    """Run every task in ``jobs`` worker processes; a worker stuck past ``hard_limit`` is killed (a hang).

    Tasks are made one at a time as workers free up: mutants of tens of megabytes are never all in memory.
    """
    ctx = mp.get_context("fork")
    results: list[Result] = []
    pending = iter(tasks)
    more = True
    workers: list[dict] = []

    def start(n: int) -> dict:
        inbox, outbox = ctx.Queue(), ctx.Queue()
        base = workdir / f"worker{n}-{time.monotonic_ns()}"
        proc = ctx.Process(target=_worker_main, args=(str(base), inbox, outbox, keep), daemon=True)
        proc.start()
        return {"proc": proc, "inbox": inbox, "outbox": outbox, "task": None, "since": 0.0, "n": n, "done": 0}

    workers = [start(n) for n in range(jobs)]
    while more or any(w["task"] is not None for w in workers):
        for w in workers:
            if w["task"] is None and more:
                task = next(pending, None)
                if task is None:
                    more = False
                    continue
                w["task"] = task
                w["since"] = time.monotonic()
                w["inbox"].put(task)
        time.sleep(0.002)
        for i, w in enumerate(workers):
            if w["task"] is None:
                continue
            try:
                results.append(w["outbox"].get_nowait())
                w["task"] = None
                w["done"] += 1
                if w["done"] >= WORKER_TASKS:
                    w["inbox"].put(None)
                    w["proc"].join(timeout=5)
                    if w["proc"].is_alive():
                        w["proc"].kill()
                    workers[i] = start(w["n"])
                continue
            except Exception:  # noqa: BLE001 - queue.Empty
                pass
            dead = not w["proc"].is_alive()
            if dead or time.monotonic() - w["since"] > hard_limit:
                t = w["task"]
                w["proc"].kill()
                why = "the worker died (out of memory?)" if dead else f"over {hard_limit:g} s, killed"
                outcome = "traceback" if dead else "hang"
                result = Result(t.index, t.door, t.seed, t.mutation, outcome, hard_limit, why)
                if keep:
                    _keep(Path(keep), t, result)
                results.append(result)
                workers[i] = start(w["n"])
    for w in workers:
        w["inbox"].put(None)
        w["proc"].join(timeout=5)
        if w["proc"].is_alive():
            w["proc"].kill()
    return results


@dataclass
class Summary:
    mutations: int = 0
    by_door: dict[str, int] = field(default_factory=dict)
    tracebacks: int = 0
    hangs: int = 0
    stray_files: int = 0
    lost_games: int = 0
    played: int = 0
    slowest: float = 0.0
    seconds: float = 0.0

    def add(self, r: Result) -> None:
        self.mutations += 1
        self.by_door[r.door] = self.by_door.get(r.door, 0) + 1
        self.tracebacks += r.outcome == "traceback"
        self.hangs += r.outcome == "hang"
        self.stray_files += r.outcome == "stray"
        self.lost_games += r.outcome == "lost"
        self.played += r.played
        self.slowest = max(self.slowest, r.seconds)

    @property
    def failed(self) -> int:
        return self.tracebacks + self.hangs + self.stray_files + self.lost_games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=int, default=1000, help="how many mutants to run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--doors", default="", help="comma-separated doors to fuzz (default: all)")
    ap.add_argument("--keep", metavar="DIR", help="write every failing mutant here, with its finding")
    ap.add_argument("--show", type=int, default=3, help="failures of each kind to print in full")
    args = ap.parse_args(argv)
    doors = set(args.doors.split(",")) if args.doors else None
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="qd-fuzz-") as tmp:
        work = Path(tmp)
        corpus = build_corpus(work)
        results = run_all(plan(corpus, args.budget, args.seed, doors), args.jobs, work, args.keep)
    summary = Summary()
    shown: dict[str, int] = {}
    for r in sorted(results, key=lambda r: r.index):
        summary.add(r)
        if r.outcome == "ok":
            continue
        key = f"{r.outcome}:{r.door}"
        shown[key] = shown.get(key, 0) + 1
        if shown[key] <= args.show:
            print(json.dumps({"finding": r.outcome, **{k: v for k, v in r.__dict__.items() if k != "outcome"}}))
    summary.seconds = round(time.perf_counter() - started, 1)
    print(json.dumps(summary.__dict__ | {"failed": summary.failed}))
    return 1 if summary.failed else 0


if __name__ == "__main__":
    sys.exit(main())
