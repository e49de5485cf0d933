"""Every way a turn file can be tampered with is refused with its reason, and the local game stays as it was.

Each test stands in the receiver's shoes just before a file of the finished
duel was opened (a copy of his home folder then), hands him a tampered
file, and checks the reason, that his local game's file did not change by
a byte, and that the genuine file still opens afterwards.  Edits are signed
again with the sender's own key unless the test is about the signature: the
player most likely to cheat is the sender himself.
"""

import copy
import os
import shutil

import pytest
import yaml

from game.fair.chain import Chain
from game.fair.ledger import link
from game.mail import signing
from game.mail.local import MailProblem, open_turn
from game.mail.record import Record, TurnProblem
from game.mail.turnfile import MAX_TURN_BYTES, read_turn, signed_bytes, to_text
from game.systems import command_from_dict

ZERO = "0" * 64


def _kinds(path):
    return [e["kind"] for e in read_turn(path)["entries"]]


def _moves(path):
    return [e for e in read_turn(path)["entries"] if e["kind"] == "play" and e["command"]["type"] == "move"]


def _stand_in(duel, tmp_path, monkeypatch, richness):
    """The receiver of the first file of the duel that ``richness`` ranks highest, just before he opened it."""
    seq = max(range(4, len(duel.files) - 1), key=richness)
    home = shutil.copytree(duel.before[seq], tmp_path / "home")
    monkeypatch.setenv("QUARTERDECK_HOME", str(home))
    local = next((home / "mail").glob("*.json"))
    return Receiver(duel, seq, local, local.read_bytes(), tmp_path)


@pytest.fixture
def at(duel, tmp_path, monkeypatch):
    """The receiver of a file rich in entries (his roll completed, commands, a roll of the sender's), just
    before he opened it."""

    def richness(k):
        # A command played at once is what most tests edit, so a file with one comes first
        # whatever else it lacks; the dice's game decides which kinds each file holds.
        kinds = set(_kinds(duel.files[k - 1]))
        return ("play" in kinds, ("complete" in kinds) + ("roll" in kinds) + bool(_moves(duel.files[k - 1])))

    receiver = _stand_in(duel, tmp_path, monkeypatch, richness)
    assert "play" in _kinds(receiver.file()), "no file of this duel holds a command played at once"
    return receiver


@pytest.fixture
def at_reveal(duel, tmp_path, monkeypatch):
    """The receiver of a file that completes his own roll with the sender's reveal."""
    return _stand_in(duel, tmp_path, monkeypatch, lambda k: "complete" in _kinds(duel.files[k - 1]))


class Receiver:
    def __init__(self, duel, seq, local, saved, folder):
        self.duel, self.seq, self.local, self.saved, self.folder = duel, seq, local, saved, folder
        self.doc = read_turn(duel.files[seq - 1])
        self.sender = self.doc["sender"]

    def file(self, k=None):
        return self.duel.files[(k or self.seq) - 1]

    def edited(self, change, key=None, resign=True):
        doc = copy.deepcopy(self.doc)
        change(doc)
        if resign:
            doc["signature"] = signing.sign(key or self.duel.key_of(self.sender), signed_bytes(doc))
        return self.write(to_text(doc))

    def write(self, data):
        path = self.folder / "tampered.qdturn"
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        return path

    def refuses(self, path, reason):
        with pytest.raises(MailProblem) as caught:
            open_turn(path)
        message = str(caught.value)
        assert reason in message and str(path) in message and "\n" not in message
        assert self.local.read_bytes() == self.saved, "the local game changed"
        return message

    def still_opens(self):
        opened = open_turn(self.file())
        assert opened.played


def _first(doc, kind):
    return next(e for e in doc["entries"] if e["kind"] == kind)


def _heads_again(doc):
    head = doc["head_before"]
    for e in doc["entries"]:
        if e["kind"] in ("play", "roll"):
            head = link(head, command_from_dict("btq21", e["command"]).to_dict())
    doc["head_after"] = head


def _move_far(doc):
    """Sail a move far beyond her speed, or give an order to a ship that is not there."""
    command = _first(doc, "play")["command"]
    if command["type"] == "move":
        command["distance"] = 99.0
    else:
        command["ship"] = "flying_dutchman"


def test_an_edited_command_is_caught_by_the_history_head(at):
    at.refuses(at.edited(_move_far), "history head after does not match its commands: edited")
    at.still_opens()


def test_an_edited_command_not_signed_again_is_a_forgery(at):
    at.refuses(at.edited(_move_far, resign=False), "not signed with")
    at.still_opens()


def test_an_illegal_command_with_its_heads_made_to_match_is_refused_by_the_rules(at):
    at.refuses(at.edited(lambda d: (_move_far(d), _heads_again(d))), "is not legal")
    at.still_opens()


def test_an_edited_state_hash_is_caught(at):
    at.refuses(at.edited(lambda d: _first(d, "play").update(state_hash=ZERO)), "differs from the one the file gives")
    at.still_opens()


def test_an_edited_reveal_does_not_follow_the_commitment(at_reveal):
    if "complete" not in _kinds(at_reveal.file()):
        pytest.skip("no file of this duel completes a roll")
    at_reveal.refuses(
        at_reveal.edited(lambda d: _first(d, "complete").update(reveal=ZERO)), "does not match the commitment"
    )
    at_reveal.still_opens()


def test_an_edited_reveal_of_a_roll_does_not_follow_the_commitment(at):
    if "roll" not in _kinds(at.file()):
        pytest.skip("this duel's file ends with no roll")
    at.refuses(at.edited(lambda d: _first(d, "roll").update(reveal=ZERO)), "does not match the commitment")
    at.still_opens()


def test_a_rolling_command_passed_off_as_rolling_nothing_is_caught(at):
    if "roll" not in _kinds(at.file()):
        pytest.skip("this duel's file ends with no roll")

    def as_play(doc):
        e = doc["entries"][-1]
        doc["entries"][-1] = {"kind": "play", "number": e["number"], "command": e["command"], "state_hash": ZERO}

    at.refuses(at.edited(as_play), "rolls dice but came without")
    at.still_opens()


def test_an_edited_history_before_is_caught(at):
    at.refuses(at.edited(lambda d: d.update(head_before=ZERO)), "history head before does not match")
    at.still_opens()


def test_a_file_signed_by_someone_else_is_forged(at):
    at.refuses(at.edited(lambda d: None, key=signing.new_key()), "not signed with")
    at.still_opens()


def test_a_file_for_another_game_is_refused(at):
    at.refuses(at.edited(lambda d: d.update(game="f" * 32)), "a game you do not have here")
    at.still_opens()


def test_an_old_file_opened_again_is_a_replay(at):
    at.refuses(at.file(at.seq - 2), "an old file again")
    at.still_opens()


def test_a_skipped_file_is_refused(at):
    at.refuses(at.file(at.seq + 2), "which you have not opened")
    at.still_opens()


def test_a_reordered_pair_is_refused_then_taken_in_order(at):
    at.refuses(at.file(at.seq + 2), "out of order")
    at.still_opens()


def test_your_own_file_opened_by_yourself_is_refused(at):
    at.refuses(at.file(at.seq - 1), "this is your own turn file")
    at.still_opens()


def test_a_truncated_file_is_damaged(at):
    raw = at.file().read_bytes()
    at.refuses(at.write(raw[: len(raw) // 2]), "damaged turn file")
    at.still_opens()


@pytest.mark.parametrize("hostile, reason", [
    ("quarterdeck_turn: !!python/object/apply:os.system ['echo owned']\n", "tag"),
    ("a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
     "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nquarterdeck_turn: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
     "anchors and aliases"),
    ("quarterdeck_turn: " + "[" * 100 + "]" * 100 + "\n", "nested"),
    ("\x00\x01binary", "binary"),
    ("just: text\n", "not a turn file"),
])
def test_hostile_yaml_is_refused_unbuilt(at, hostile, reason):
    at.refuses(at.write(hostile), reason)
    at.still_opens()


def test_a_huge_file_is_refused_unread(at):
    at.refuses(at.write(b"#" * (MAX_TURN_BYTES + 1)), "too large")
    at.still_opens()


def test_a_command_for_the_wrong_side_is_refused_at_the_door():
    record = Record("duel", None, {}, ["american", "british"])
    chains = {side: Chain(bytes([n]) * 32, length=4) for n, side in enumerate(record.sides)}
    for side, chain in chains.items():
        record.commit(side, chain.tip)
    for side, chain in chains.items():
        record.open(side, chain.reveal())
    mover = record.mover()
    cmd = record.session.legal()[0].command()
    with pytest.raises(TurnProblem, match="the wrong side"):
        record.play(next(s for s in record.sides if s != mover), cmd)


def test_the_receiver_does_not_crash_on_a_python_object_in_an_entry(at):
    doc = copy.deepcopy(at.doc)
    text = to_text(doc).replace("kind: play", "kind: !!python/name:os.system", 1)
    at.refuses(at.write(text), "tag")
    assert os.environ["QUARTERDECK_HOME"]
    assert yaml  # the reader is yaml.safe_load after a scan; nothing here builds Python objects
