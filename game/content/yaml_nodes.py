"""Reading YAML safely, keeping the line of every value.

PyYAML's loaders forget where a value came from, so error messages could not
say ``file:line``.  Here the file is only *composed* with the safe loader (a
tree of nodes with marks, nothing constructed) and the values of that tree
are built by :class:`_Builder`, which accepts the plain YAML types only:
str, int, float, bool and null scalars, lists and mappings.  Any other tag --
``!!python/object`` above all -- becomes a problem and is never executed.

Every problem is one line ``path:line: field: reason`` collected in a
:class:`Ctx`; a loader that found any raises :class:`ContentError` with all
of them.  What a file's values must be is said by its model
(:mod:`game.content.validate` runs it over the tree).
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from game.files import FileProblem, read_bytes

#: Files bigger than this are refused unread (the shipped ones are a few kB).
MAX_FILE_BYTES = 2_000_000
#: Nodes built per file; stops alias bombs ("billion laughs").
MAX_NODES = 200_000
#: Lists and mappings nested deeper than this are refused before the document is built.
MAX_DEPTH = 32
#: libyaml when PyYAML has it (ten times quicker); the pure-Python loader otherwise.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null")}
_TIMESTAMP = _TAG + "timestamp"
_MERGE = _TAG + "merge"


class ContentError(Exception):
    """One or more problems in data files; ``problems`` holds them all."""

    def __init__(self, problems: Sequence[str]):
        self.problems: list[str] = list(problems)
        super().__init__("\n".join(self.problems))

    def __str__(self) -> str:
        return "\n".join(self.problems)


def display_path(path: str | os.PathLike[str]) -> str:
    """``path`` relative to the working directory when it lies below it, else as given."""
    text = os.fspath(path)
    try:
        return Path(os.path.abspath(text)).relative_to(Path.cwd()).as_posix()
    except ValueError:
        return text


# --- problems ----------------------------------------------------------------


class Ctx:
    """Where problems of one file are collected."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self.label = display_path(path)
        self._found: list[tuple[int, str]] = []
        self.raw: list[tuple[int, str, str]] = []  # (line, field, reason), for callers with their own wording

    def add(self, line: int, fld: str, reason: str) -> None:
        self._found.append((line, f"{self.label}:{line}: {fld or '(file)'}: {reason}"))
        self.raw.append((line, fld, reason))

    @property
    def problems(self) -> list[str]:
        """The problems so far, in line order (then in the order found)."""
        return [text for _, text in sorted(self._found, key=lambda item: item[0])]

    def count(self) -> int:
        return len(self._found)

    def where(self, line: int) -> str:
        return f"{self.label}:{line}"

    def raise_if_any(self) -> None:
        if self.problems:
            raise ContentError(self.problems)


def sub(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def idx(path: str, i: int) -> str:
    return f"{path}[{i}]"


def suggest(word: str, options: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` or ``''``."""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


# --- the node tree -----------------------------------------------------------


@dataclass(eq=False)
class Node:
    """A YAML value with its 1-based line.

    ``kind`` is ``"map"`` (value: dict[str, Node]), ``"seq"`` (list[Node]),
    ``"scalar"`` (a Python str/int/float/bool/None) or ``"bad"`` (a value
    already reported as a problem; readers skip it silently).
    """

    kind: str
    value: Any
    line: int
    key_lines: dict[str, int] = field(default_factory=dict)
    #: Line of the key this value belongs to (0 for list items and the root).
    key_line: int = 0

    @property
    def head(self) -> int:
        """Where the value is introduced: its key's line, else its own (for 'missing' problems)."""
        return self.key_line or self.line

    def get(self, key: str) -> Node | None:
        return self.value.get(key) if self.kind == "map" else None

    def plain(self) -> Any:
        """The plain Python value of the tree (mappings, lists, scalars), lines dropped."""
        if self.kind == "map":
            return {k: v.plain() for k, v in self.value.items()}
        if self.kind == "seq":
            return [v.plain() for v in self.value]
        return self.value


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


class _Builder:
    def __init__(self, ctx: Ctx):
        self.ctx = ctx
        self.count = 0
        self.active: set[int] = set()
        self.too_big = False
        self.cons = SafeConstructor()

    def build(self, yn: yaml.Node, path: str) -> Node:
        line = yn.start_mark.line + 1
        self.count += 1
        if self.count > MAX_NODES:
            if not self.too_big:
                self.too_big = True
                self.ctx.add(line, path, f"too many values (more than {MAX_NODES}; alias bomb?)")
            return Node("bad", None, line)
        if isinstance(yn, yaml.ScalarNode):
            return self._scalar(yn, path, line)
        if id(yn) in self.active:
            self.ctx.add(line, path, "recursive alias")
            return Node("bad", None, line)
        self.active.add(id(yn))
        try:
            if isinstance(yn, yaml.SequenceNode):
                if yn.tag != _TAG + "seq":
                    return self._bad_tag(yn, path, line)
                return Node("seq", [self.build(c, idx(path, i)) for i, c in enumerate(yn.value)], line)
            if isinstance(yn, yaml.MappingNode):
                if yn.tag != _TAG + "map":
                    return self._bad_tag(yn, path, line)
                return self._mapping(yn, path, line)
        finally:
            self.active.discard(id(yn))
        return self._bad_tag(yn, path, line)  # pragma: no cover - no other node kinds

    def _bad_tag(self, yn: yaml.Node, path: str, line: int) -> Node:
        self.ctx.add(line, path, f"unsupported YAML tag '{_short_tag(yn.tag)}'")
        return Node("bad", None, line)

    def _scalar(self, yn: yaml.ScalarNode, path: str, line: int) -> Node:
        tag = yn.tag
        if tag == _TIMESTAMP:  # an unquoted date: keep the text
            return Node("scalar", yn.value, line)
        if tag not in _SCALAR_TAGS:
            return self._bad_tag(yn, path, line)
        try:
            if tag.endswith(":str"):
                value: Any = yn.value
            elif tag.endswith(":int"):
                value = self.cons.construct_yaml_int(yn)
            elif tag.endswith(":float"):
                value = self.cons.construct_yaml_float(yn)
            elif tag.endswith(":bool"):
                value = self.cons.construct_yaml_bool(yn)
            else:
                value = None
        except Exception:  # noqa: BLE001 - PyYAML's constructors fail every way ("!!bool maybe", "!!int ")
            self.ctx.add(line, path, f"cannot read {_short_tag(tag)} value {yn.value!r}")
            return Node("bad", None, line)
        return Node("scalar", value, line)

    def _key(self, kn: yaml.Node, path: str) -> str | None:
        line = kn.start_mark.line + 1
        if not isinstance(kn, yaml.ScalarNode):
            self.ctx.add(line, path, "a mapping key must be a plain word, not a list or mapping")
            return None
        if kn.tag not in _SCALAR_TAGS and kn.tag != _TIMESTAMP:
            self.ctx.add(line, path, f"unsupported YAML tag '{_short_tag(kn.tag)}'")
            return None
        return str(kn.value)

    def _mapping(self, yn: yaml.MappingNode, path: str, line: int) -> Node:
        out: dict[str, Node] = {}
        lines: dict[str, int] = {}
        merged: dict[str, Node] = {}
        merged_lines: dict[str, int] = {}
        for kn, vn in yn.value:
            kline = kn.start_mark.line + 1
            if isinstance(kn, yaml.ScalarNode) and kn.tag == _MERGE:
                self._merge(vn, path, merged, merged_lines)
                continue
            key = self._key(kn, path)
            if key is None:
                continue
            kpath = sub(path, key)
            if key in out:
                self.ctx.add(kline, kpath, f"duplicate key '{key}' (first at line {lines[key]})")
                continue
            out[key] = self.build(vn, kpath)
            out[key].key_line = lines[key] = kline
        for key, node in merged.items():
            if key not in out:
                out[key] = node
                lines[key] = merged_lines[key]
        return Node("map", out, line, lines)

    def _merge(self, vn: yaml.Node, path: str, into: dict[str, Node], lines: dict[str, int]) -> None:
        sources = vn.value if isinstance(vn, yaml.SequenceNode) else [vn]
        for src in sources:
            built = self.build(src, path)
            if built.kind == "bad":
                continue
            if built.kind != "map":
                self.ctx.add(built.line, sub(path, "<<"), "can only merge mappings")
                continue
            for key, node in built.value.items():
                if key not in into:
                    into[key] = node
                    lines[key] = built.key_lines[key]


def _too_big(text: str, max_items: int | None) -> tuple[int, str]:
    """The first line where the document's shape breaks a limit, and why ((0, "") if it never does).

    Read from the parser's event stream, which is flat, before anything is built: a
    document nested thousands deep must not reach the (recursive) composer, and a list
    or mapping far longer than the file kind allows is refused before its entries
    cost anything.
    """
    # For each open list or mapping, how many events it may still hold: a list's items
    # count once, a mapping's keys and values once each.
    room: list[int] = []
    unlimited = max_items is None
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            room.pop()
            continue
        if not isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.CollectionStartEvent)):
            continue
        line = event.start_mark.line + 1 if event.start_mark else 1
        if room and not unlimited:
            room[-1] -= 1
            if room[-1] < 0:
                return line, f"a list or mapping of more than {max_items} entries"
        if isinstance(event, yaml.CollectionStartEvent):
            if len(room) >= MAX_DEPTH:
                return line, f"nested more than {MAX_DEPTH} lists or mappings deep"
            limit = 0 if max_items is None else max_items
            room.append(limit if isinstance(event, yaml.SequenceStartEvent) else 2 * limit)
    return 0, ""


def parse_text(ctx: Ctx, text: str, max_items: int | None = None) -> Node | None:
    """The node tree of ``text``, or None after adding a problem.

    ``max_items``: the most entries any one list or mapping of this kind of file may hold.
    """
    try:
        line, why = _too_big(text, max_items)
        if line:
            ctx.add(line, "", why)
            return None
        doc = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else 1
        reason = e.problem or e.context or "malformed YAML"
        if e.context and e.problem:
            reason = f"{e.problem} ({e.context}"
            if e.context_mark is not None:
                reason += f" at line {e.context_mark.line + 1}"
            reason += ")"
        ctx.add(line, "", f"invalid YAML: {reason}")
        return None
    except yaml.reader.ReaderError as e:
        line = text.count("\n", 0, max(0, e.position)) + 1
        ctx.add(line, "", f"invalid YAML: character {e.character!r} is not allowed ({e.reason})")
        return None
    except yaml.YAMLError as e:
        ctx.add(1, "", f"invalid YAML: {e}")
        return None
    except RecursionError:
        ctx.add(1, "", "invalid YAML: nested too deeply")
        return None
    if doc is None:
        ctx.add(1, "", "the file is empty")
        return None
    try:
        return _Builder(ctx).build(doc, "")
    except RecursionError:
        ctx.add(1, "", "nested too deeply")
        return None


def read_text(ctx: Ctx, limit: int = MAX_FILE_BYTES) -> str | None:
    """The file's text, or None after adding a problem (missing, unreadable, not a file, too large, binary)."""
    try:
        data = read_bytes(ctx.path, limit)
    except FileProblem as e:
        ctx.add(1, "", str(e))
        return None
    return decode_text(ctx, data)


def decode_text(ctx: Ctx, data: bytes) -> str | None:
    """UTF-8 text (a BOM allowed), or None after adding a problem."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        ctx.add(1, "", "UTF-16 text is not supported; save the file as UTF-8")
        return None
    if b"\0" in data:
        ctx.add(data.count(b"\n", 0, data.index(b"\0")) + 1, "", "binary data, not a YAML text file")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        ctx.add(line, "", "not UTF-8 text (binary file?)")
        return None


def parse_file(ctx: Ctx) -> Node | None:
    text = read_text(ctx)
    return None if text is None else parse_text(ctx, text)
