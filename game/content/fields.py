"""The values a data file may hold, as pydantic types that say what is wrong in the project's words.

Pydantic checks shapes and Python types, strictly: YAML's ``3`` is not text and
``true`` is not a number, which a lax reading would let through.  What it has
no words for -- a range with both its ends, an id, a name a player will read,
a word from a vocabulary given elsewhere in the file, a table with a row for
every size -- is checked by the validators here.  They raise problems already
worded for ``file:line: field: reason``; :mod:`game.content.validate` finds
the line and the field.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from game.content.yaml_nodes import suggest

Loc = tuple[str | int, ...]

#: Characters of a name; longer text (a description) is given its own limit.
MAX_NAME = 200

#: Kinds of problem raised here: reported at the value's line, at its key's line, or as a missing entry
#: (at the line of the mapping that lacks it, as pydantic's own 'missing').
PROBLEM = "problem"
PROBLEM_AT_KEY = "problem_at_key"
MISSING_ENTRY = "missing_entry"


def problem(reason: str, *, at_key: bool = False, same_as: str | int | None = None) -> PydanticCustomError:
    """A problem of the value being validated; ``same_as``: a sibling it repeats (its line is added)."""
    ctx: dict[str, Any] = {"reason": reason}
    if same_as is not None:
        ctx["same_as"] = same_as
    return PydanticCustomError(PROBLEM_AT_KEY if at_key else PROBLEM, "{reason}", ctx)


Found = list[tuple[Loc, PydanticCustomError, Any]]


def raise_all(*groups: Found | ValidationError) -> None:
    """Raise every problem of ``groups``, in order: lists of (place under the value, problem, input), or
    the errors pydantic raised for part of the value (they go back in as they were, to be read alike)."""
    details: list[InitErrorDetails] = []
    for group in groups:
        if isinstance(group, ValidationError):
            details += [
                {"type": PydanticCustomError(e["type"], e["msg"], e.get("ctx")), "loc": e["loc"], "input": e["input"]}
                for e in group.errors()
            ]
        else:
            details += [{"type": err, "loc": loc, "input": value} for loc, err, value in group]
    if details:
        raise ValidationError.from_exception_data("data file", details)


def unknown(what: str, word: str, options: Sequence[str]) -> str:
    hint = suggest(word, options)
    if hint or len(options) > 12:
        return f"unknown {what} {word!r}{hint}"
    return f"unknown {what} {word!r}; expected one of {', '.join(options)}"


def describe(value: Any) -> str:
    """A short description of a value as read, for 'expected X, got Y'."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (tuple, list)):
        n = len(value)
        if n and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            return f"{n} number" + ("" if n == 1 else "s")
        return f"a list of {n} item" + ("" if n == 1 else "s")
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    return repr(value)


# --- the mappings ------------------------------------------------------------


class Model(BaseModel):
    """A mapping of a data file: strict types, no unknown keys, and an optional key given as null is left out."""

    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)
    _optional: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        cls._optional = frozenset(name for name, f in cls.model_fields.items() if not f.is_required())

    @model_validator(mode="before")
    @classmethod
    def _null_is_absent(cls, data: Any) -> Any:
        if isinstance(data, dict) and None in data.values():
            return {k: v for k, v in data.items() if v is not None or k not in cls._optional}
        return data


class Open(Model):
    """A table a house rule may add keys to: the keys it does not know are kept as read."""

    model_config = ConfigDict(extra="allow")


# --- numbers -----------------------------------------------------------------


def _fmt(x: float) -> str:
    return str(int(x)) if isinstance(x, float) and x.is_integer() else str(x)


def within(
    lo: float | None = None, hi: float | None = None, *, lo_open: bool = False, hi_open: bool = False
) -> AfterValidator:
    """A number from ``lo`` to ``hi`` (either end left open, or missing)."""

    def check(v: float) -> float:
        too_low = lo is not None and (v <= lo if lo_open else v < lo)
        too_high = hi is not None and (v >= hi if hi_open else v > hi)
        if not (too_low or too_high):
            return v
        if lo is not None and hi is not None:
            span = f"{'(' if lo_open else '['}{_fmt(lo)}, {_fmt(hi)}{')' if hi_open else ']'}"
            raise problem(f"must be in {span}, got {_fmt(v)}")
        if lo is not None:
            raise problem(f"must be {'more than' if lo_open else 'at least'} {_fmt(lo)}, got {_fmt(v)}")
        assert hi is not None  # too high, with no lower bound
        raise problem(f"must be {'less than' if hi_open else 'at most'} {_fmt(hi)}, got {_fmt(v)}")

    return AfterValidator(check)


# --- text --------------------------------------------------------------------


def printable(c: str, lines: bool = False) -> bool:
    """A character the window can show: not a control code, an unpaired surrogate or unassigned."""
    if lines and c in "\t\n":
        return True
    return unicodedata.category(c) not in ("Cc", "Cs", "Cn", "Co")


def _shown(v: str, empty_ok: bool, max_len: int, lines: bool) -> str:
    v = v.strip()
    if not v and not empty_ok:
        raise problem("must not be empty")
    if len(v) > max_len:
        raise problem(f"at most {max_len} characters, got {len(v)}")
    bad = next((c for c in v if not printable(c, lines)), None)
    if bad is not None:
        raise problem(f"holds the character {ascii(bad)}, which cannot be shown")
    return v


def text(*, empty_ok: bool = False, max_len: int = MAX_NAME, lines: bool = False) -> AfterValidator:
    """Text a player will read, stripped: no control characters (``lines``: a tab or a line break is fine)."""
    return AfterValidator(lambda v: _shown(v, empty_ok, max_len, lines))


def is_slug(v: str) -> bool:
    return bool(v) and all(c.isascii() and (c.islower() or c.isdigit() or c == "_") for c in v)


def _slug(v: Any) -> str:
    if not isinstance(v, str):
        raise problem(f"expected an id (lower-case letters, digits, _), got {describe(v)}")
    word = _shown(v, False, MAX_NAME, False)
    if not is_slug(word):
        raise problem(f"{word!r} is not a valid id (use lower-case letters, digits and _)")
    return word


#: An id: lower-case letters, digits and _.
Slug = Annotated[str, BeforeValidator(_slug)]
#: A name a player will read.
Name = Annotated[str, text()]


@dataclass(frozen=True)
class Vocab:
    """Words a file gives for others of its tables to use (a rule set's rates), or that a file it
    depends on gives (the rules' crew qualities for a ships list): found by name in the validation
    context, None while they are not known (then any word will do)."""

    name: str

    def words(self, info: ValidationInfo) -> Sequence[str] | None:
        found: Sequence[str] | None = info.context.get(self.name) if isinstance(info.context, dict) else None
        return found


def one_of(words: Sequence[str] | Vocab, what: str) -> BeforeValidator:
    """One of a set of words (any id while a vocabulary is not known)."""

    def check(v: Any, info: ValidationInfo) -> str:
        options = words.words(info) if isinstance(words, Vocab) else words
        if not options:
            return _slug(v)
        if not isinstance(v, str):
            raise problem(f"expected a {what} (one of {', '.join(options)}), got {describe(v)}")
        word: str = v.strip()
        if word not in options:
            raise problem(unknown(what, word, options))
        return word

    return BeforeValidator(check)


def learn(name: str) -> AfterValidator:
    """Make a table's keys (or a list's words) the vocabulary ``name`` of the tables validated after it.

    Pydantic validates a model's fields in the order they are declared, so a rule
    set declares its vocabularies first; one that does not validate stays unknown.
    """

    def keep(v: Any, info: ValidationInfo) -> Any:
        if isinstance(info.context, dict):
            info.context[name] = list(v)
        return v

    return AfterValidator(keep)


# --- lists and tables --------------------------------------------------------


def fixed(label: str, size: int) -> BeforeValidator:
    """A list of ``size`` values with a meaning each, e.g. ``[x, y, heading]``."""

    def check(v: Any) -> Any:
        if not isinstance(v, tuple) or len(v) != size:
            raise problem(f"expected {label}, got {describe(v)}")
        return v

    return BeforeValidator(check)


def count(least: int = 0, most: int | None = None, what: str = "items") -> BeforeValidator:
    """A list of ``least`` to ``most`` items, counted before any is read."""

    def check(v: Any) -> Any:
        if not isinstance(v, tuple):
            return v
        if most is not None and len(v) > most:
            raise problem(f"at most {most} {what}, got {len(v)}")
        if len(v) < least:
            raise problem(f"needs at least {least} item{'s' if least != 1 else ''}, got {len(v)}")
        return v

    return BeforeValidator(check)


def _no_repeats(v: tuple[Any, ...]) -> tuple[Any, ...]:
    seen: dict[Any, int] = {}
    found: Found = []
    for i, item in enumerate(v):
        if item in seen:
            found.append(((i,), problem(f"duplicate {describe(item)}", same_as=seen[item]), item))
        else:
            seen[item] = i
    raise_all(found)
    return v


#: A list whose items are all different.
distinct = AfterValidator(_no_repeats)


def keyed(words: Sequence[str] | Vocab, what: str, complete: bool = True) -> WrapValidator:
    """A mapping keyed by ``words`` (with ``complete``, one entry for each); any keys while a vocabulary is not known.

    An unknown key is reported at its line and its value is not read; missing
    entries are reported with the problems of the others.
    """

    def check(v: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> Any:
        keys = words.words(info) if isinstance(words, Vocab) else words
        if keys is None or not isinstance(v, dict):
            return handler(v)
        strange: Found = [((k,), problem(unknown(what, k, keys), at_key=True), k) for k in v if k not in keys]
        lack = PydanticCustomError(MISSING_ENTRY, "{reason}", {"reason": f"missing (every {what} needs an entry)"})
        missing: Found = [((k,), lack, v) for k in keys if k not in v] if complete else []
        try:
            out = handler({k: x for k, x in v.items() if k in keys} if strange else v)
        except ValidationError as e:
            raise_all(strange, e, missing)
        raise_all(strange, missing)
        return out

    return WrapValidator(check)
