"""The YAML reader under any text: problems with a line, never an exception, never unbounded work."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.yaml_nodes import MAX_DEPTH, Ctx, parse_text

tags = ["!!python/object ", "&a ", "*a", "<<: ", "!!bool ", "!!int ", "!!float ", "!!null ", "!!timestamp "]
tags += ["!!binary "]
pieces = st.sampled_from(list("ab:- []{}&*!,'\"\n\t#|>%@`?\\0x1.") + tags)
yamlish = st.lists(pieces, max_size=60).map("".join)


@settings(max_examples=400, deadline=None)
@given(yamlish)
def test_any_text_is_parsed_or_refused_with_a_problem(text):
    ctx = Ctx("any.yaml")
    root = parse_text(ctx, text)
    assert root is not None or ctx.problems


@pytest.mark.parametrize(
    "text",
    [
        "a: !!bool maybe",
        "a: !!float abc",
        "a: !!int 1e5",
        "a: !!int " + "9" * 5000,
        "a: !!binary aGVsbG8=",
        "a: !!set {x, y}",
        "a: !!omap [b: 1]",
        "a: !!python/object/apply:os.system ['true']",
        "a: !local x",
    ],
)
def test_every_tag_on_any_value_is_a_problem_with_its_line_never_an_exception(text):
    ctx = Ctx("tags.yaml")
    parse_text(ctx, text)
    assert ctx.problems and ctx.problems[0].startswith("tags.yaml:1:")


def test_nesting_beyond_the_limit_is_refused_before_it_is_built():
    for depth in (MAX_DEPTH + 1, 100_000):
        ctx = Ctx("deep.yaml")
        assert parse_text(ctx, "[" * depth + "]" * depth) is None
        assert f"nested more than {MAX_DEPTH}" in ctx.problems[0]
