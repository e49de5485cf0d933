"""``--mail-open FILE --player [SIDE:]KIND``: the kind may carry a level after its own colon, and a kind no rule
system has a player for is refused saying why."""

import pytest

from game.mail.cli import _kind
from game.mail.local import MailProblem


def test_a_levelled_kind_for_this_files_side_or_any_side():
    assert _kind(["british:captain:hard"], "british") == "captain:hard"
    assert _kind(["captain:800ms"], "british") == "captain:800ms"


def test_a_kind_for_the_other_side_is_not_this_files():
    assert _kind(["american:captain:hard"], "british") is None


def test_a_kind_without_a_player_is_refused():
    with pytest.raises(MailProblem, match="--player british:captain:hard2: 'captain:hard2': no level 'hard2'"):
        _kind(["british:captain:hard2"], "british")
