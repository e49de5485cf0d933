"""The YAML reader under any text: problems with a line, never an exception, never unbounded work."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.yaml_nodes import MAX_DEPTH, Ctx, parse_text

pieces = st.sampled_from(list("ab:- []{}&*!,'\"\n\t#|>%@`?\\0x1.") + ["!!python/object ", "&a ", "*a", "<<: "])
yamlish = st.lists(pieces, max_size=60).map("".join)


@settings(max_examples=400, deadline=None)
@given(yamlish)
def test_any_text_is_parsed_or_refused_with_a_problem(text):
    ctx = Ctx("any.yaml")
    root = parse_text(ctx, text)
    assert root is not None or ctx.problems


def test_nesting_beyond_the_limit_is_refused_before_it_is_built():
    for depth in (MAX_DEPTH + 1, 100_000):
        ctx = Ctx("deep.yaml")
        assert parse_text(ctx, "[" * depth + "]" * depth) is None
        assert f"nested more than {MAX_DEPTH}" in ctx.problems[0]
