"""Reading and writing the player's files without surprises.

Every file the game reads may be hostile or damaged, and every file it
writes must survive a crash, a full disk or a read-only folder without
losing what was there before.  So:

* reading takes regular files only (never a device such as ``/dev/zero``, a
  pipe that would block, or a directory) and never more than a stated limit,
  checked before anything is read;
* writing goes to a temporary file beside the target, flushed to disk, then
  renamed over it; the target keeps its permissions; a device, a directory
  or a symbolic link at the target is refused, not replaced; and a failure
  of any kind removes the temporary file and leaves the old one whole.
  Temporary files left by a process that was killed mid-write are swept
  away the next time the game starts (:func:`sweep`).

Problems are :class:`FileProblem` values with one readable line.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: The ending of our temporary files: ``.NAME.PID.NUMBER.qdtmp`` beside the file being written.
TEMP_SUFFIX = ".qdtmp"


class FileProblem(OSError):
    """A file that cannot be read or written; ``str()`` is one line for the player.

    An ``OSError``, so callers that already report a failed write keep doing so.
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "file problem"


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The whole of a regular file of at most ``limit`` bytes, or :class:`FileProblem`."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(os.fspath(path), flags)
    except FileNotFoundError:
        raise FileProblem("file not found") from None
    except IsADirectoryError:
        raise FileProblem("is a directory, not a file") from None
    except OSError as e:
        raise FileProblem(f"cannot read it: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileProblem("is a directory, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem("is not a regular file (a device, pipe or socket)")
        if st.st_size > limit:
            raise FileProblem(f"too large ({st.st_size} bytes; at most {limit})")
        chunks, got = [], 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise FileProblem(f"too large (more than {limit} bytes)")
        return b"".join(chunks)
    except FileProblem:
        raise
    except OSError as e:
        raise FileProblem(f"cannot read it: {e.strerror or e}") from None
    finally:
        os.close(fd)


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Replace ``path`` with ``data`` all at once, or raise :class:`FileProblem` with it untouched."""
    target = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    mode = _existing_mode(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise FileProblem(f"cannot make the folder {target.parent}: {e.strerror or e}") from None
    tmp, fd = _temporary(target)
    try:
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError) and not isinstance(e, FileProblem):
            raise FileProblem(_write_reason(e)) from None
        raise


def _existing_mode(target: Path) -> int | None:
    """The permissions to keep, after refusing a target that is not a plain file."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise FileProblem(f"cannot write it: {e.strerror or e}") from None
    if stat.S_ISLNK(st.st_mode):
        raise FileProblem("is a symbolic link: not replaced (save to the file it points at instead)")
    if stat.S_ISDIR(st.st_mode):
        raise FileProblem("is a directory: not replaced")
    if not stat.S_ISREG(st.st_mode):
        raise FileProblem("is not a regular file (a device, pipe or socket): not replaced")
    return stat.S_IMODE(st.st_mode)


def _temporary(target: Path) -> tuple[str, int]:
    """A new temporary file beside ``target``, created with the usual permissions (0666 less the umask)."""
    for n in range(100):
        tmp = str(target.parent / f".{target.name}.{os.getpid()}.{n}{TEMP_SUFFIX}")
        try:
            return tmp, os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        except OSError as e:
            raise FileProblem(_write_reason(e)) from None
    raise FileProblem("cannot make a temporary file beside it")


def _write_reason(e: OSError) -> str:
    if e.errno == errno.ENOSPC:
        return "the disk is full"
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"the folder is not writable ({e.strerror})"
    return f"cannot write it: {e.strerror or e}"


def sweep(folder: str | os.PathLike[str]) -> list[Path]:
    """Remove temporary files a killed writer left in ``folder`` (not those of a process still running)."""
    removed: list[Path] = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for p in entries:
        if not (p.name.startswith(".") and p.name.endswith(TEMP_SUFFIX)):
            continue
        parts = p.name[: -len(TEMP_SUFFIX)].rsplit(".", 2)
        if len(parts) == 3 and parts[1].isdigit() and _alive(int(parts[1])):
            continue
        try:
            if p.is_file() and not p.is_symlink():
                p.unlink()
                removed.append(p)
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def free_names(folder: Path, stem: str, suffixes: tuple[str, ...]) -> tuple[Path, ...]:
    """``folder/stem`` with each suffix, numbered ``-2``, ``-3`` ... until no file of that name is there yet."""
    n = 1
    while True:
        name = stem if n == 1 else f"{stem}-{n}"
        paths = tuple(folder / f"{name}{suffix}" for suffix in suffixes)
        if not any(p.exists() for p in paths):
            return paths
        n += 1
