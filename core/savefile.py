"""The save file: one JSON format for every game.

A save holds what is needed to rebuild the game exactly (variant, expansions,
options, seed, the action log) and digests of the state along the way to check
that a rebuild agrees.  See ``docs/save-format.md``; ``turbine schema`` prints
the JSON Schema generated from :class:`SaveFile`.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import msgspec

from .errors import SaveFileError

FORMAT = "turbine-save"
FORMAT_VERSION = 1
DIGEST_INTERVAL = 25
"""A digest of the state is stored after every this many actions."""


class Seat(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    kind: str = "human"
    """``human`` or the name of a bot (``random``, ``greedy``…)."""


class LogEntry(msgspec.Struct, forbid_unknown_fields=True):
    seat: int
    action: Any
    """The action as data (its msgspec encoding, with its ``type`` tag)."""
    notation: str
    """The same action in the game's text notation, for people."""


class Checkpoint(msgspec.Struct, forbid_unknown_fields=True):
    actions: int
    """How many actions of the log had been applied."""
    digest: str


class SaveFile(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    format: str = FORMAT
    format_version: int = FORMAT_VERSION
    turbine_version: str
    variant: str
    expansions: list[str] = msgspec.field(default_factory=list)
    plugins: dict[str, str] = msgspec.field(default_factory=dict)
    """Name → version of every plugin active in the game when it was saved."""
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    players: int
    seed: int
    seats: list[Seat]
    log: list[LogEntry] = msgspec.field(default_factory=list)
    checkpoints: list[Checkpoint] = msgspec.field(default_factory=list)
    final_digest: str = ""


_encoder = msgspec.json.Encoder()


def encode(save: SaveFile) -> bytes:
    """Readable JSON: one log entry per line keeps diffs of saves small."""
    return msgspec.json.format(_encoder.encode(save), indent=1) + b"\n"


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old file or the new one."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 less umask."""
    try:
        return target.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def save(path: str | os.PathLike[str], save_file: SaveFile) -> None:
    write_atomic(path, encode(save_file))


def decode(data: bytes, source: str = "save file") -> SaveFile:
    """Decode and check a save; every problem becomes one clear :class:`SaveFileError`."""
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        if not data.strip():
            raise SaveFileError(f"{source} is empty") from None
        hint = " (the file looks truncated)" if "truncated" in str(exc).lower() else ""
        raise SaveFileError(f"{source} is not valid JSON{hint}: {exc}") from None
    if not isinstance(raw, dict):
        raise SaveFileError(f"{source} is not a turbine save (expected a JSON object)")
    if raw.get("format") != FORMAT:
        raise SaveFileError(f"{source} is not a turbine save (no \"format\": \"{FORMAT}\")")
    version = raw.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(f"{source} has no valid format_version")
    if version > FORMAT_VERSION:
        raise SaveFileError(
            f"{source} uses save format {version}, newer than this turbine reads "
            f"({FORMAT_VERSION}); upgrade turbine"
        )
    if version < 1:
        raise SaveFileError(f"{source} has unknown save format version {version}")
    try:
        return msgspec.convert(raw, type=SaveFile)
    except msgspec.ValidationError as exc:
        raise SaveFileError(f"{source} is damaged: {exc}") from None


def load(path: str | os.PathLike[str]) -> SaveFile:
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise SaveFileError(f"no such file: {path}") from None
    except OSError as exc:
        raise SaveFileError(f"cannot read {path}: {exc.strerror}") from None
    return decode(data, source=str(path))


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the save format."""
    schema = msgspec.json.schema(SaveFile)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"turbine save file, format {FORMAT_VERSION}"
    return json.loads(json.dumps(schema))
