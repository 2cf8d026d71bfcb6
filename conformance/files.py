"""Writing output files all or nothing: every file is staged under a hidden temporary name beside
its target and renamed into place only when all of them are written, so a failure leaves the old
files as they were and no half-written one. New files get the usual permissions (0666 less the
umask), not the private ones of a temporary file."""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


class WriteError(OSError):
    """A file that cannot be written; the message names the target, never a temporary name."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _mode() -> int:
    return 0o666 & ~_umask()


def directory_mode() -> int:
    """A new directory's usual permissions (0777 less the umask), for one staged with mkdtemp (0700)."""
    return 0o777 & ~_umask()


def write_all(files: dict[Path, str]) -> None:
    """Write every ``{path: text}`` or none of them."""
    staged: list[tuple[str, Path]] = []
    mode = _mode()
    try:
        for path, text in files.items():
            path = Path(path)
            if path.is_dir():
                raise WriteError(f"{path}: a directory stands where the file goes")
            if not path.parent.is_dir():
                raise WriteError(f"{path}: no such directory {path.parent}")
            try:
                fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            except OSError as err:
                raise WriteError(f"{path}: cannot write ({err.strerror or err})") from None
            staged.append((tmp, path))
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                # a file replaced keeps its permissions (review EG); a new one gets the usual ones
                os.chmod(tmp, stat.S_IMODE(path.stat().st_mode) if path.is_file() else mode)
            except OSError as err:
                raise WriteError(f"{path}: cannot write ({err.strerror or err})") from None
        for tmp, path in staged:
            try:
                os.replace(tmp, path)
            except OSError as err:
                raise WriteError(f"{path}: cannot write ({err.strerror or err})") from None
    finally:
        for tmp, _ in staged:
            Path(tmp).unlink(missing_ok=True)


def write_one(path: Path, text: str) -> None:
    write_all({Path(path): text})


def path_argument(text: str) -> str:
    """An argparse type for a file or directory name: an empty one is refused (review DF: ``--out ""`` wrote
    into the bundled suite, ``replay ""`` replayed the current directory, ``--site ""`` built into site/)."""
    import argparse

    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: give a file or directory name")
    return text
