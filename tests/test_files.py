"""Reading and writing the player's files: no surprises, nothing lost, nothing left behind."""

import errno
import os
import stat

import pytest

from game import files
from game.files import TEMP_SUFFIX, FileProblem, read_bytes, sweep, write_atomic


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(TEMP_SUFFIX))


# --- reading ------------------------------------------------------------------------------------


def test_a_regular_file_is_read_whole(tmp_path):
    p = tmp_path / "save.yaml"
    p.write_bytes(b"abc")
    assert read_bytes(p, 3) == b"abc"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused_unread(device):
    with pytest.raises(FileProblem, match="not a regular file"):
        read_bytes(device, 1000)


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(FileProblem, match="not a regular file"):
        read_bytes(fifo, 1000)


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path):
    p = tmp_path / "big.yaml"
    p.write_bytes(b"x" * 101)
    with pytest.raises(FileProblem, match="too large"):
        read_bytes(p, 100)


def test_a_directory_a_loop_and_nothing_are_each_named(tmp_path):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    with pytest.raises(FileProblem, match="directory"):
        read_bytes(tmp_path, 100)
    with pytest.raises(FileProblem, match="cannot read it"):
        read_bytes(loop, 100)
    with pytest.raises(FileProblem, match="not found"):
        read_bytes(tmp_path / "nothing", 100)


# --- writing ------------------------------------------------------------------------------------


def test_a_write_replaces_the_file_whole_and_keeps_its_permissions(tmp_path):
    p = tmp_path / "save.yaml"
    p.write_text("old")
    os.chmod(p, 0o644)
    write_atomic(p, "new")
    assert p.read_text() == "new"
    assert stat.S_IMODE(os.stat(p).st_mode) == 0o644
    assert leftovers(tmp_path) == []


def test_a_new_file_gets_the_usual_permissions_not_owner_only(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.yaml", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.yaml").st_mode) == 0o644


def test_a_symlink_or_a_device_at_the_target_is_refused_and_left_alone(tmp_path):
    real = tmp_path / "real.yaml"
    real.write_text("kept")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    with pytest.raises(FileProblem, match="symbolic link"):
        write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "kept"
    with pytest.raises(FileProblem, match="not a regular file"):
        write_atomic("/dev/null", "new")
    (tmp_path / "adir").mkdir()
    with pytest.raises(FileProblem, match="directory"):
        write_atomic(tmp_path / "adir", "new")
    assert leftovers(tmp_path) == []


def test_a_full_disk_leaves_the_old_file_whole_and_no_temporary_file(tmp_path, monkeypatch):
    p = tmp_path / "autosave.yaml"
    p.write_text("the last good autosave")

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "write", full)
    with pytest.raises(FileProblem, match="the disk is full"):
        write_atomic(p, "x" * 1000)
    monkeypatch.undo()
    assert p.read_text() == "the last good autosave"
    assert leftovers(tmp_path) == []


def test_a_read_only_folder_is_reported_as_such(tmp_path, monkeypatch):
    def read_only(*a, **k):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(files.os, "open", read_only)
    with pytest.raises(FileProblem, match="not writable"):
        write_atomic(tmp_path / "x.yaml", "x")


def test_temporary_files_of_a_killed_writer_are_swept_but_not_a_live_ones_or_others(tmp_path):
    dead = tmp_path / f".autosave.yaml.999999999.0{TEMP_SUFFIX}"
    alive = tmp_path / f".autosave.yaml.{os.getpid()}.0{TEMP_SUFFIX}"
    mine = tmp_path / "notes.txt"
    for p in (dead, alive, mine):
        p.write_text("x")
    assert sweep(tmp_path) == [dead]
    assert not dead.exists() and alive.exists() and mine.exists()
