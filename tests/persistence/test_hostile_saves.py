"""Any save, however it was damaged or forged, is either read or refused in one line: never a crash."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.persistence.save import SaveError, check_document
from game.systems.btq21.commands import CommandError, from_dict

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
command_keys = st.sampled_from(["type", "ship", "distance", "turn", "sail", "target", "side", "aim", "chain_shot", "x"])
command_types = st.sampled_from(["move", "fire", "set_sail", "activate", "back_clear", "end_activation", "nope", ""])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(command_keys, st.one_of(values, command_types), max_size=6))
def test_a_forged_command_is_read_or_refused_with_a_reason(d):
    try:
        from_dict(d)
    except CommandError as e:
        assert str(e)


save_keys = st.sampled_from(
    ["quarterdeck_save", "ruleset", "scenario", "seed", "players", "commands", "hashes", "turn"]
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(save_keys, values, max_size=8), st.booleans())
def test_a_forged_save_document_is_read_or_refused_in_one_line(doc, versioned):
    if versioned:
        doc["quarterdeck_save"] = 1
    try:
        check_document("forged.yaml", doc)
    except SaveError as e:
        assert "\n" not in str(e) and str(e).startswith("forged.yaml")
