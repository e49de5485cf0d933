"""Running a pydantic model over a YAML node tree, with every problem as ``file:line: field: reason``.

The node tree (:mod:`game.content.yaml_nodes`) knows the line of every value;
pydantic knows only where in the data an error lies (its ``loc``).  So the
tree is turned into plain values (lists as tuples), the model validates them
with every problem collected, and each error's ``loc`` is walked back down
the tree to its line and written in the project's words.

A loader's checks across tables (rows that overlap, ids used twice, a ship
on an island) need the parts of a file that did validate even when others
did not, so that one mistake does not hide another: :meth:`Checked.at` gives
them.
"""

from __future__ import annotations

import types
from typing import Annotated, Any, Generic, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError, create_model
from pydantic_core import ErrorDetails

from game.content.fields import MISSING_ENTRY, PROBLEM, PROBLEM_AT_KEY, Loc, describe
from game.content.yaml_nodes import Ctx, Node, suggest

M = TypeVar("M", bound=BaseModel)

#: Pydantic's type errors, as what was expected.
_EXPECTED = {
    "int_type": "an integer",
    "float_type": "a number",
    "bool_type": "true or false",
    "string_type": "text",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "tuple_type": "a list",
    "list_type": "a list",
}


class _Reported:
    """A value the reader already reported (an unsupported tag, ...): it fails every type, silently."""

    def __repr__(self) -> str:
        return "REPORTED"


_REPORTED = _Reported()
_ABSENT = object()


def _plain(node: Node, reported: list[Node]) -> Any:
    """The values of a node tree as pydantic reads them: dicts, tuples and scalars."""
    if node.kind == "scalar":
        return node.value
    if node.kind == "map":
        return {k: _plain(v, reported) for k, v in node.value.items()}
    if node.kind == "seq":
        return tuple(_plain(v, reported) for v in node.value)
    reported.append(node)
    return _REPORTED


def _places(node: Node, loc: Loc, out: list[Loc]) -> None:
    """The places of the values the reader reported (found only when there are some)."""
    if node.kind == "bad":
        out.append(loc)
    elif node.kind == "map":
        for k, v in node.value.items():
            _places(v, (*loc, k), out)
    elif node.kind == "seq":
        for i, v in enumerate(node.value):
            _places(v, (*loc, i), out)


def _without(value: Any, unknown: list[Loc]) -> Any:
    """``value`` less the keys at ``unknown`` (places within it)."""
    if not unknown:
        return value
    if isinstance(value, dict):
        return {
            k: _without(v, [u[1:] for u in unknown if u[0] == k])
            for k, v in value.items()
            if (k,) not in unknown
        }
    if isinstance(value, tuple):
        return tuple(_without(v, [u[1:] for u in unknown if u[0] == i]) for i, v in enumerate(value))
    return value


def _within(loc: Loc, places: set[Loc]) -> bool:
    """``loc`` lies within one of ``places`` (or is one)."""
    return any(loc[:n] in places for n in range(len(loc) + 1))


class Checked(Generic[M]):
    """A file's data validated against a model: the model if all of it validated, and the problems."""

    def __init__(self, model_type: type[M], root: Node, context: dict[str, Any] | None = None, ctx: Ctx | None = None):
        self.model_type = model_type
        self.ctx = ctx
        self.root = root
        self.context = context
        bad_nodes: list[Node] = []
        self.data = _plain(root, bad_nodes)
        reported: list[Loc] = []
        if bad_nodes:
            _places(root, (), reported)
        self.errors: list[ErrorDetails] = []
        self.model: M | None = None
        try:
            model = model_type.model_validate(self.data, context=context)
        except ValidationError as e:
            # What the reader reported fails every type: its own problem is enough.
            dropped = set(reported)
            self.errors = [err for err in e.errors() if not _within(tuple(err["loc"]), dropped)]
        else:
            self.model = None if reported else model
        # A typo first, then what it left missing (as the problems of one line read best).
        self.errors.sort(key=lambda err: err["type"] != "extra_forbidden")
        # Places with a problem, pydantic's and the reader's, and every place around them.  An unknown
        # key spoils nothing else of its mapping: it is left out when a part is validated on its own.
        self.bad: set[Loc] = {tuple(err["loc"]) for err in self.errors if err["type"] != "extra_forbidden"}
        self.bad.update(reported)
        self.around = {b[:n] for b in self.bad for n in range(len(b) + 1)}
        self.unknown: dict[Loc, list[Loc]] = {}  # place -> the unknown keys within it, from there
        for err in self.errors:
            if err["type"] == "extra_forbidden":
                loc = tuple(err["loc"])
                for n in range(len(loc)):
                    self.unknown.setdefault(loc[:n], []).append(loc[n:])

    # --- where things are --------------------------------------------------

    def node(self, loc: Loc) -> Node | None:
        """The node read at ``loc``, which knows its line (None if the file has nothing there)."""
        node: Node | None = self.root
        for step in loc:
            if node is None:
                return None
            if node.kind == "map" and isinstance(step, str):
                node = node.value.get(step)
            elif node.kind == "seq" and isinstance(step, int) and 0 <= step < len(node.value):
                node = node.value[step]
            else:
                return None
        return node

    def line(self, loc: Loc) -> int:
        """The line of the value at ``loc`` (of the nearest value around it if it is not there)."""
        for n in range(len(loc), -1, -1):
            node = self.node(loc[:n])
            if node is not None:
                return node.line
        return self.root.line  # pragma: no cover - the root is always there

    def head(self, loc: Loc) -> int:
        """The line that introduces the value at ``loc``: its key's, else its own."""
        node = self.node(loc)
        return node.head if node is not None else self.line(loc)

    # --- the parts that validated ------------------------------------------

    def ok(self, loc: Loc) -> bool:
        """No problem at ``loc``, within it or around it."""
        return loc not in self.around and not _within(loc, self.bad)

    def entries(self, loc: Loc) -> range:
        """The indices of the list at ``loc`` if the list itself was accepted (its items may have problems)."""
        raw = self._raw(loc)
        if not isinstance(raw, tuple) or _within(loc, self.bad):
            return range(0)
        return range(len(raw))

    def at(self, loc: Loc) -> Any:
        """The validated value at ``loc``, or None if a problem lies at, within or around it.

        A key the file leaves out gives its default.
        """
        if not self.ok(loc):
            return None
        if self.model is not None:
            value: Any = self.model
            for step in loc:
                value = getattr(value, step) if isinstance(step, str) and isinstance(value, BaseModel) else value[step]
            return value
        tp, owner = _type_at(self.model_type, loc)
        if tp is None:
            return None
        raw = self._raw(loc)
        if raw is _ABSENT:
            parent = self._raw(loc[:-1]) if loc else _ABSENT
            return _default_at(self.model_type, loc) if isinstance(parent, dict) else None
        value = _without(raw, self.unknown.get(loc, []))
        try:
            part = _holder(tp, owner).model_validate({"value": value}, context=self.context)
            return dict(part)["value"]
        except ValidationError:
            return None

    def _raw(self, loc: Loc) -> Any:
        """The plain value at ``loc`` as read, or _ABSENT."""
        raw: Any = self.data
        for step in loc:
            if isinstance(raw, dict) and isinstance(step, str) and step in raw:
                raw = raw[step]
            elif isinstance(raw, tuple) and isinstance(step, int) and 0 <= step < len(raw):
                raw = raw[step]
            else:
                return _ABSENT
        return raw

    # --- the report --------------------------------------------------------

    def report(self) -> None:
        """Add every problem pydantic found to the file's problems."""
        for err in self.errors:
            loc = tuple(err["loc"])
            line, reason = self._explain(err, loc)
            self.add(loc, reason, line=line)

    def add(self, loc: Loc, reason: str, *, at_key: bool = False, line: int = 0) -> None:
        """Add a problem of the value at ``loc`` (found by a loader's own checks), at its line or its key's."""
        assert self.ctx is not None, "a file checked without a Ctx reports nothing"
        self.ctx.add(line or (self.head(loc) if at_key else self.line(loc)), field_path(loc), reason)

    def _explain(self, err: ErrorDetails, loc: Loc) -> tuple[int, str]:
        kind, value, info = err["type"], err["input"], err.get("ctx") or {}
        if kind in (PROBLEM, PROBLEM_AT_KEY, MISSING_ENTRY):
            reason = str(info["reason"])
            if "same_as" in info:
                reason += f" (also at line {self.line((*loc[:-1], info['same_as']))})"
            if kind == PROBLEM:
                return self.line(loc), reason
            return (self.head(loc) if kind == PROBLEM_AT_KEY else self.head(loc[:-1])), reason
        if kind == "missing":
            return self.head(loc[:-1]), "required key missing"
        if kind == "extra_forbidden":
            parent = self.node(loc[:-1])
            key = str(loc[-1])
            line = parent.key_lines.get(key, parent.line) if parent is not None else self.line(loc)
            return line, f"unknown key '{key}'{suggest(key, _keys_at(self.model_type, loc[:-1]))}"
        if kind == "finite_number" or (kind == "float_type" and type(value) is int):
            return self.line(loc), f"must be a finite number, got {value}"  # an int too big for a float, or nan
        if kind in _EXPECTED:
            return self.line(loc), f"expected {_EXPECTED[kind]}, got {describe(value)}"
        return self.line(loc), str(err["msg"])


def check(ctx: Ctx, model_type: type[M], root: Node, context: dict[str, Any] | None = None) -> Checked[M]:
    """Validate a file's node tree against ``model_type`` and add its problems to ``ctx``."""
    checked = Checked(model_type, root, context, ctx)
    checked.report()
    return checked


def field_path(loc: Loc) -> str:
    """``('ships', 0, 'hull')`` -> ``ships[0].hull``; a key is cut to 40 characters."""
    out = ""
    for step in loc:
        if isinstance(step, int):
            out += f"[{step}]"
        else:
            out += f".{step[:40]}" if out else step[:40]
    return out


# --- the model's types, walked along a loc ---------------------------------------


def _bare(tp: Any) -> Any:
    """The type under Annotated and Optional."""
    while True:
        origin = get_origin(tp)
        if origin is Annotated:
            tp = get_args(tp)[0]
        elif origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
        else:
            return tp


def _type_at(model_type: type[BaseModel], loc: Loc) -> tuple[Any, type[BaseModel]]:
    """The type of the value at ``loc`` (with its validators; None if it has no place there), and the
    model it is a part of."""
    tp: Any = model_type
    owner = model_type
    for step in loc:
        bare = _bare(tp)
        if isinstance(bare, type) and issubclass(bare, BaseModel):
            owner = bare
            f = bare.model_fields.get(step) if isinstance(step, str) else None
            if f is None:
                return (Any if bare.model_config.get("extra") == "allow" else None), owner
            params = (f.annotation, *f.metadata)
            tp = Annotated[params] if f.metadata else f.annotation
            continue
        args = get_args(bare)
        if get_origin(bare) is dict:
            tp = args[1]
        elif get_origin(bare) is tuple and len(args) == 2 and args[1] is Ellipsis:
            tp = args[0]
        elif get_origin(bare) is tuple and isinstance(step, int) and step < len(args):
            tp = args[step]
        elif bare is Any:
            return Any, owner
        else:
            return None, owner
    return tp, owner


def _default_at(model_type: type[BaseModel], loc: Loc) -> Any:
    """The default of the key at ``loc`` (None if it has none)."""
    bare = _bare(_type_at(model_type, loc[:-1])[0])
    if isinstance(bare, type) and issubclass(bare, BaseModel) and isinstance(loc[-1], str):
        f = bare.model_fields.get(loc[-1])
        if f is not None and not f.is_required():
            return f.get_default(call_default_factory=True)
    return None


def _keys_at(model_type: type[BaseModel], loc: Loc) -> list[str]:
    """The keys the mapping at ``loc`` may have (for 'did you mean')."""
    bare = _bare(_type_at(model_type, loc)[0])
    return list(bare.model_fields) if isinstance(bare, type) and issubclass(bare, BaseModel) else []


_HOLDERS: dict[tuple[Any, type[BaseModel]], type[BaseModel]] = {}


def _holder(tp: Any, owner: type[BaseModel]) -> type[BaseModel]:
    """A model with the one field ``value`` of type ``tp``, read as ``owner`` reads it, to validate a part of
    a file on its own (made once for each kind of part)."""
    holder = _HOLDERS.get((tp, owner))
    if holder is None:
        config = ConfigDict(**{**owner.model_config, "extra": "forbid"})
        holder = _HOLDERS[(tp, owner)] = create_model("Part", __config__=config, value=(tp, ...))
    return holder
