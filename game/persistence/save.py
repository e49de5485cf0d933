"""Saves: versioned YAML holding what is needed to replay a battle exactly.

A save is {quarterdeck_save: version, system, ruleset, tables, tables_digest,
options, scenario, seed, players, parent, commands, hashes}: the rule system and the
tables it was played with (kept whole, so loading under other tables says
which numbers differ), its options, and the commands.  Loading re-applies the commands through the engine and
checks the state hash after every one, so a save can never put the game into
a state the rules would not reach.  A save is read as the data files are
(``yaml_nodes``): a regular file of limited size, nesting and number of
values, plain YAML types only (no Python object is ever built from it), and
every problem is a one-line :class:`SaveError`.  A battle taken in command
from a point of another (the replay viewer's "take command from here")
names that point in ``parent``; the record must agree with the save's own
commands, so a forged one is refused like any other damage.  Writes go through
``game.files.write_atomic``, so a crash mid-write leaves the last save whole.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import re
import tempfile
from pathlib import Path
from typing import Any

import yaml

from game.content.house import from_save, house_of
from game.content.model import RuleSet, Scenario, ShipClass
from game.content.tables import data_digest, differences, table_data, table_digest
from game.content.yaml_nodes import Ctx, decode_text, display_path, parse_text, suggest
from game.files import FileProblem, read_bytes, write_atomic
from game.systems import command_from_dict, options_of, system_ids
from game.systems.base import CommandError, OptionError, Refusal, quoted

from .session import Progress, Session

SAVE_VERSION = 4
#: Limits of a save (docs/DATA-FORMAT.md): a twelve-turn squadron action is about 35 kB and 300 commands.
MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_COMMANDS = 10_000
#: Seeds are 64-bit (the dice generator's whole state).
MAX_SEED = 2**64
_HEX = re.compile(r"^[0-9a-f]{64}$")
#: The name of a scenario a save carries whole: it becomes a file's name while the copy is read.
_SLUG = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]{0,79}$")
#: The last save read, by a digest of its bytes: the main menu reads the autosave to say what
#: Continue would resume, and Continue then reads the same bytes again.
_LAST_READ: tuple[bytes, dict[str, Any]] | None = None
_KEYS = {
    "quarterdeck_save", "system", "ruleset", "house_rules", "tables", "tables_digest", "options",
    "scenario", "seed", "players", "commands", "hashes", "turn", "over", "saved_by", "parent", "scenario_text",
    "fair_dice",
}
#: What a save's ``parent`` holds, and which of it must be there.
PARENT_KEYS = ("scenario", "seed", "at_command", "state_hash", "turn", "file")
_PARENT_REQUIRED = ("scenario", "seed", "at_command", "state_hash")
#: A parent's file is a name a player gave a save, shown back to him: short, and one line.
MAX_PARENT_FILE = 200
#: No scenario runs near this many turns (the limit of a scenario is 100).
MAX_TURN = 1000


class SaveError(Exception):
    """A save that cannot be loaded; the message is one line for the player."""


def to_document(session: Session) -> dict[str, Any]:
    doc = {
        "quarterdeck_save": SAVE_VERSION,
        "system": session.system.id,
        "ruleset": session.rules.id,
        "house_rules": house_of(session.rules),
        "tables_digest": table_digest(session.rules),
        "options": {k: dict(v) for k, v in session.system.enabled.items()},
        "scenario": session.scenario.id,
        "seed": session.seed,
        "players": dict(session.players),
        "parent": dict(session.parent) if session.parent else None,
        "turn": session.state.turn,
        "over": session.over,
        "commands": [c.to_dict() for c in session.commands],
        "hashes": session.hashes,
        "tables": table_data(session.rules),
    }
    if session.scenario_text is not None:  # not a shipped scenario: the save carries it whole
        doc["scenario_text"] = session.scenario_text
    if session.fair is not None:  # a battle between two computers: who made its dice (game.fair)
        doc["fair_dice"] = session.fair.to_dict()
    return doc


#: libyaml's emitter when PyYAML has it (the same YAML, several times faster), else PyYAML's own.
_DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def write_save(path: str | Path, session: Session) -> None:
    write_document(path, to_document(session))


def write_document(path: str | Path, doc: dict[str, Any]) -> None:
    """Write a save document already taken (a network host takes it on its loop and writes it on a worker)."""
    text = "# Quarterdeck saved battle: replayed command by command when loaded.\n"
    text += yaml.dump(doc, Dumper=_DUMPER, sort_keys=False, allow_unicode=True)
    write_atomic(path, text)


def read_save(path: str | Path) -> dict[str, Any]:
    """Read and check a save's structure (not yet replayed)."""
    name = str(path)
    try:
        raw = read_bytes(path, MAX_SAVE_BYTES)
    except FileProblem as e:
        raise SaveError(f"{name}: {e}") from None
    if b"\x00" in raw:
        raise SaveError(f"{name}: not a Quarterdeck save (binary data)")
    global _LAST_READ
    digest = hashlib.blake2b(raw, digest_size=32).digest()
    if _LAST_READ is not None and _LAST_READ[0] == digest:
        return copy.deepcopy(_LAST_READ[1])
    ctx = Ctx(path)
    text = decode_text(ctx, raw)
    root = parse_text(ctx, text, max_items=MAX_COMMANDS) if text is not None else None
    if root is None or ctx.raw:
        line, fld, reason = min(ctx.raw) if ctx.raw else (1, "", "empty")
        raise SaveError(f"{name}:{line}: damaged save: {fld + ': ' if fld else ''}{reason}")
    doc = check_document(name, root.plain())
    _LAST_READ = (digest, copy.deepcopy(doc))
    return doc


def check_document(name: str, doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict) or "quarterdeck_save" not in doc:
        raise SaveError(f"{name}: not a Quarterdeck save (no 'quarterdeck_save' version)")
    version = doc["quarterdeck_save"]
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version < 1000:
        raise SaveError(f"{name}: save version must be a whole number")
    doc = upgrade(name, dict(doc), version)
    unknown = sorted(str(k) for k in doc if k not in _KEYS)
    if unknown:
        raise SaveError(f"{name}: unknown field(s) in save: {', '.join(unknown)}")
    for key, kind in (("ruleset", str), ("scenario", str), ("seed", int), ("commands", list), ("hashes", list)):
        v = doc.get(key)
        if not isinstance(v, kind) or isinstance(v, bool):
            raise SaveError(f"{name}: '{key}' is missing or is not a {kind.__name__}")
    text = doc.get("scenario_text")
    if text is not None:
        if not isinstance(text, str) or not text.strip():
            raise SaveError(f"{name}: 'scenario_text' must be the text of the battle's scenario file")
        if not _SLUG.match(doc["scenario"]):
            raise SaveError(f"{name}: 'scenario' must be a scenario's name (letters, digits, _ and -), not "
                            f"{quoted(doc['scenario'])}")
    if not -MAX_SEED < doc["seed"] < MAX_SEED:
        raise SaveError(f"{name}: 'seed' must be a 64-bit whole number")
    system = doc.get("system")
    if not isinstance(system, str) or system not in system_ids():
        raise SaveError(f"{name}: played under rule system {quoted(system)}, which this Quarterdeck does not have")
    digest = doc.get("tables_digest")
    if digest is not None and not (isinstance(digest, str) and _HEX.match(digest)):
        raise SaveError(f"{name}: 'tables_digest' must be the tables' sha256")
    if digest is not None and ("tables" not in doc or data_digest(doc["tables"]) != digest):
        raise SaveError(f"{name}: the save's copy of its tables is damaged or cut short")
    house = doc.get("house_rules")
    if house is not None and not (isinstance(house, dict) and isinstance(house.get("changes"), dict)):
        raise SaveError(f"{name}: 'house_rules' must hold a name and the changes to the tables")
    options = doc.get("options") or {}
    if not isinstance(options, dict):
        raise SaveError(f"{name}: 'options' must map option names to their settings")
    by_name = {o.name: o for o in options_of(system)}
    for key, settings in options.items():
        if key not in by_name:
            raise SaveError(f"{name}: unknown option {quoted(key)} of {system}{suggest(str(key), list(by_name))}")
        if settings is not None and not isinstance(settings, dict):
            raise SaveError(f"{name}: option {key!r}: its settings must be a mapping")
        value = (settings or {}).get("value")
        try:
            by_name[key].params(value if isinstance(value, str) or value is None else quoted(value))
        except OptionError as e:
            raise SaveError(f"{name}: {e}") from None
    doc["options"] = {k: dict(v or {}) for k, v in options.items()}
    players = doc.get("players") or {}
    if not isinstance(players, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in players.items()):
        raise SaveError(f"{name}: 'players' must map side names to player kinds")
    odd = sorted(v for v in players.values() if not known_player(v, system))
    if odd:
        raise SaveError(f"{name}: unknown player kind {quoted(odd[0])} for {system} (known: "
                        f"{', '.join(player_kinds(system))}, or captain:<N>ms)")
    doc["players"] = players
    if len(doc["commands"]) > MAX_COMMANDS:
        raise SaveError(f"{name}: too many commands for a battle ({len(doc['commands'])})")
    if len(doc["hashes"]) != len(doc["commands"]) or not all(
        isinstance(h, str) and _HEX.match(h) for h in doc["hashes"]
    ):
        raise SaveError(f"{name}: 'hashes' must hold one state hash per command")
    cmds = []
    for i, d in enumerate(doc["commands"], 1):
        try:
            cmds.append(command_from_dict(system, d))
        except CommandError as e:
            raise SaveError(f"{name}: command {i}: {e}") from None
    doc["commands"] = cmds
    doc["parent"] = check_parent(name, doc.get("parent"), doc)
    if doc.get("fair_dice") is not None:
        from game.fair.ledger import Ledger, LedgerError

        try:
            doc["fair_dice"] = Ledger.from_dict(doc["fair_dice"])
        except LedgerError as e:
            raise SaveError(f"{name}: 'fair_dice': {e}") from None
    return doc


def check_parent(name: str, parent: Any, doc: dict[str, Any]) -> dict[str, Any] | None:
    """The record of the battle a branch was taken from, checked against the save's own commands.

    A branch plays the same scenario from the same seed, and its first
    ``at_command`` commands are its parent's: so the hash recorded for that
    point must be the save's own hash there (the starting hash, for a branch
    taken before the first command, is checked on replay).
    """
    if parent is None:
        return None
    if not isinstance(parent, dict):
        raise SaveError(f"{name}: 'parent' must be a mapping of {', '.join(PARENT_KEYS)}, or null")
    unknown = sorted(quoted(k) for k in parent if k not in PARENT_KEYS)
    if unknown:
        raise SaveError(f"{name}: unknown field(s) in 'parent': {', '.join(unknown)}")
    missing = [k for k in _PARENT_REQUIRED if k not in parent]
    if missing:
        raise SaveError(f"{name}: 'parent' lacks {', '.join(missing)}")
    if parent["scenario"] != doc["scenario"]:
        theirs = quoted(parent["scenario"])
        raise SaveError(f"{name}: 'parent.scenario' is {theirs}, not this battle's {quoted(doc['scenario'])}")
    if parent["seed"] != doc["seed"] or isinstance(parent["seed"], bool):
        raise SaveError(f"{name}: 'parent.seed' is {quoted(parent['seed'])}, not this battle's seed")
    at = parent["at_command"]
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(doc["commands"]):
        raise SaveError(
            f"{name}: 'parent.at_command' must be a whole number from 0 to the {len(doc['commands'])} commands "
            f"of the save, not {quoted(at)}"
        )
    digest = parent["state_hash"]
    if not (isinstance(digest, str) and _HEX.match(digest)):
        raise SaveError(f"{name}: 'parent.state_hash' must be a state hash (64 hex digits), not {quoted(digest)}")
    if at > 0 and digest != doc["hashes"][at - 1]:
        raise SaveError(f"{name}: 'parent.state_hash' is not this battle's state after command {at}")
    turn = parent.get("turn")
    if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= MAX_TURN):
        raise SaveError(f"{name}: 'parent.turn' must be a turn number from 1 to {MAX_TURN}, not {quoted(turn)}")
    file = parent.get("file")
    if file is not None and not (
        isinstance(file, str) and 0 < len(file) <= MAX_PARENT_FILE and file.isprintable() and not set(file) & set("/\\")
    ):
        raise SaveError(f"{name}: 'parent.file' must be a file's name (one line, no folder), not {quoted(file)}")
    return {k: parent.get(k) for k in PARENT_KEYS}


def player_kinds(system: str) -> list[str]:
    """The kinds a save of ``system`` may name, as a message lists them (each level spelled out)."""
    from game.ai import kinds_for  # the players are not the save's business beyond their names

    return ["human", *kinds_for(system)]


def known_player(kind: str, system: str) -> bool:
    """Whether a save of ``system`` may name ``kind``: a person, or one of that rule system's computer players
    at a level it can take (``captain:hard``, ``captain:800ms``); an old save's bare ``captain`` plays at normal."""
    from game.ai import known_kind

    return kind == "human" or known_kind(kind, system)


def upgrade(name: str, doc: dict[str, Any], version: int) -> dict[str, Any]:
    """Bring an older save up to the current version, one step per version."""
    if version > SAVE_VERSION:
        raise SaveError(f"{name}: saved by a newer Quarterdeck (save version {version}, this one reads {SAVE_VERSION})")
    if version < 1:
        raise SaveError(f"{name}: unknown save version {version}")
    if version < 2:
        # Version 1 named no rule system (Beat to Quarters was the only one) and kept no tables:
        # it replays under the tables in force, its state hashes checking every step.
        doc.setdefault("system", "btq21")
        doc.setdefault("options", {})
    if version < 3:
        # Version 2 had no branches: a battle was always begun afresh.
        if doc.get("parent") is not None:
            raise SaveError(f"{name}: 'parent' came with save version 3; this save says version {version}")
        doc["parent"] = None
    if version < 4 and doc.get("fair_dice") is not None:
        # Version 3 had no battles between two computers: every die came from the seed.
        raise SaveError(f"{name}: 'fair_dice' came with save version 4; this save says version {version}")
    doc["quarterdeck_save"] = SAVE_VERSION
    return doc


def replay(
    doc: dict[str, Any],
    rules: Any,
    ships: dict[str, ShipClass],
    name: str = "save",
    progress: Progress | None = None,
) -> Session:
    """Re-apply a checked save's commands; any disagreement is a SaveError.

    ``progress`` hears (commands replayed, of how many) after each command, for a
    window showing the work; an exception it raises stops the replay.
    """
    from game.content.load import ContentError, load_default, tables_of
    from game.content.paths import rules_path

    if doc["system"] != rules.system:
        # Another rule system's battle: its own shipped tables (house rules are Beat to Quarters' only).
        if doc.get("house_rules") is not None:
            raise SaveError(f"{name}: house rules are kept for Beat to Quarters only, not {doc['system']!r}")
        try:
            rules = tables_of(doc["system"], rules)
        except ContentError as e:
            raise SaveError(f"{name}: the tables of {doc['system']!r} do not load: {e.problems[0]}") from None
    elif rules.house:  # the tables of the book: the save says which house rules, if any, it was played under
        rules = load_default()[0]
    if doc.get("house_rules") is not None:
        try:
            rules = from_save(doc["house_rules"], rules, rules_path())
        except ContentError as e:
            raise SaveError(f"{name}: its house rules do not fit the tables in force: {e.problems[0]}") from None
    if doc["ruleset"] != rules.id:
        raise SaveError(f"{name}: saved under rule set {str(doc['ruleset'])[:40]!r}, not {rules.id!r}")
    if doc["system"] != rules.system:
        theirs = f"the tables in force are {rules.system!r}'s"
        raise SaveError(f"{name}: played under rule system {doc['system']!r}; {theirs}")
    if doc.get("tables_digest") is not None and doc["tables_digest"] != table_digest(rules):
        what = "; ".join(differences(doc.get("tables"), table_data(rules)))
        raise SaveError(f"{name}: saved under other tables than those in force ({what})")
    book = rules if rules.system == "btq21" else load_default()[0]  # the reader of Beat to Quarters' scenarios
    scenario = scenario_of(doc, name, ships, book)
    if scenario.system != doc["system"]:
        raise SaveError(
            f"{name}: its scenario {doc['scenario']!r} is played under {scenario.system!r}, not {doc['system']!r}"
        )
    try:
        session = Session(
            scenario, rules, doc["seed"], dict(doc["players"]), dict(doc.get("options") or {}),
            parent=doc.get("parent"), scenario_text=doc.get("scenario_text"),
        )
    except OptionError as e:
        raise SaveError(f"{name}: {e}") from None
    parent = session.parent
    if parent is not None and parent["at_command"] == 0 and parent["state_hash"] != session.hash_at(0):
        raise SaveError(f"{name}: 'parent.state_hash' is not this battle's state before the first command")
    total = len(doc["commands"])
    fair = _fair_replay(doc, session, name)
    for i, (cmd, expected) in enumerate(zip(doc["commands"], doc["hashes"], strict=True), 1):
        result = session.submit(cmd, reseed=fair(i, cmd) if fair else None)
        if isinstance(result, Refusal):
            raise SaveError(f"{name}: command {i} ({cmd.type}) is not legal on replay: {result.reason}")
        if session.hashes[-1] != expected:
            raise SaveError(
                f"{name}: command {i} ({cmd.type}) leads to a different state than when saved "
                "(edited save, or changed rules/scenario data)"
            )
        if progress is not None:
            progress(i, total)
    if fair is not None:
        from game.fair.play import check_rolls

        why = check_rolls(session.commands, [s.rolled for s in session.steps], session.fair)
        if why:
            raise SaveError(f"{name}: {why}")
    return session


def _fair_replay(doc: dict[str, Any], session: Session, name: str) -> Any:
    """For a battle whose dice both players made: the dice state to set before command ``i`` (None if it
    rolled nothing), each seed checked against its reveals and the history up to that command."""
    ledger = doc.get("fair_dice")
    if ledger is None:
        return None
    from game.fair.ledger import dice_seed, genesis, link, opening_seed

    if sorted(ledger.sides) != sorted(session.state.sides):
        raise SaveError(f"{name}: 'fair_dice' names sides {', '.join(ledger.sides)}, not this battle's")
    if ledger.opening and opening_seed(ledger.opening, doc["scenario"]) != doc["seed"]:
        raise SaveError(f"{name}: the battle's seed is not the one both players' opening reveals made")
    session.fair = ledger
    rolls = {r.command: r for r in ledger.rolls}
    head = [genesis(session.hash_at(0))]

    def reseed(i: int, cmd: Any) -> int | None:
        head[0] = link(head[0], cmd.to_dict())
        roll = rolls.get(i)
        if roll is None:
            return None
        if dice_seed(roll.reveals, head[0]) != roll.seed:
            raise SaveError(f"{name}: the dice of command {i} ({cmd.type}) are not the ones its reveals made")
        return roll.seed

    return reseed


def scenario_of(doc: dict[str, Any], name: str, ships: dict[str, ShipClass], book: RuleSet) -> Scenario:
    """The scenario a checked save was played on: a shipped one by name, or the copy the save carries.

    A save never points the loader at a file of its choosing: a carried copy is
    written to a fresh private folder under the scenario's own name and read there
    by the same reader (and limits) as any scenario file.
    """
    from game.content.load import ContentError, list_scenarios, open_scenario, scenario_path

    text = doc.get("scenario_text")
    try:
        if text is None:
            if doc["scenario"] not in list_scenarios():
                raise SaveError(f"{name}: unknown scenario {str(doc['scenario'])[:40]!r}")
            return open_scenario(scenario_path(doc["scenario"]), ships, book)
        with tempfile.TemporaryDirectory(prefix="quarterdeck-") as folder:
            copy_path = Path(folder) / f"{doc['scenario']}.yaml"
            copy_path.write_text(text, encoding="utf-8")
            try:
                scenario = open_scenario(copy_path, ships, book)
            except ContentError as e:
                where = e.problems[0].replace(display_path(copy_path), "scenario_text")
                raise SaveError(f"{name}: the scenario it carries does not load: {where}") from None
        return dataclasses.replace(scenario, source=f"{name} (its scenario)")
    except ContentError as e:
        raise SaveError(f"{name}: its scenario {doc['scenario']!r} does not load: {e.problems[0]}") from None
    except (OSError, ValueError) as e:
        raise SaveError(f"{name}: unknown scenario {doc['scenario']!r} ({e})") from None


def load_save(path: str | Path, rules: RuleSet, ships: dict[str, ShipClass]) -> Session:
    return replay(read_save(path), rules, ships, str(path))
