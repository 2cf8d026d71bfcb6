"""Where scenario text comes from: a file or standard input, and whether it is PHH."""
from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

from .scenario import ScenarioError


#: The largest input read (a .phhs of thousands of hands is a few MB): more is refused before it is read
#: whole (review CV: /dev/zero grew to gigabytes)
MAX_INPUT_BYTES = 64 * 1024 * 1024


def _bounded(stream, name: str) -> bytes:
    data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise ScenarioError(name, f"larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB: not a hand history betlaw reads "
                                  f"(split a .phhs into smaller files)")
    if b"\x00" in data:
        raise ScenarioError(name, "not a text file: it holds NUL bytes (a binary file?)")
    return data


def read_source(path: str) -> tuple[str, str]:
    """(text, source name) of a file path, or of standard input for '-'."""
    if path == "-":
        data = _bounded(sys.stdin.buffer, "<stdin>")
        try:
            return data.decode("utf-8").removeprefix("\ufeff"), "<stdin>"
        except UnicodeDecodeError:
            raise ScenarioError("<stdin>", "not a UTF-8 text") from None
    try:
        with open(path, "rb") as f:
            data = _bounded(f, path)
        return data.decode("utf-8").removeprefix("\ufeff"), path  # a byte-order mark is no text
    except FileNotFoundError:
        base = path.split("#")[0]
        hint = (f" ({base} exists: FILE#KEY, one '#KEY', picks a hand of a .phhs)"
                if "#" in path and base and Path(base).is_file() else "")
        raise ScenarioError(path, f"cannot read the file: no such file{hint}") from None
    except OSError as err:
        raise ScenarioError(path, f"cannot read the file: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise ScenarioError(path, "not a UTF-8 text file") from None


def looks_like_phh(text: str, name: str = "") -> bool:
    """A .phh/.phhs name, or any TOML with content (a table script's ``word: ...`` lines never parse as
    TOML), so that a PHH hand missing a field is reported as PHH whatever the file is called."""
    if name.lower().endswith((".phh", ".phhs")):
        return True
    try:
        doc = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return _toml_shaped(text)  # broken TOML is still PHH, to be reported as such
    return bool(doc)


_TOML_LINE = re.compile(r"""\s*(\[|[A-Za-z0-9_"'-][A-Za-z0-9_."' -]*=)""")


def _toml_shaped(text: str) -> bool:
    """Its first line with content is a TOML key assignment or table header (a table script's lines
    are ``word: ...``)."""
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return bool(_TOML_LINE.match(line))
    return False
