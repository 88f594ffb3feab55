"""The save file: one JSON format for every game.

A save holds what is needed to rebuild the game exactly (variant, expansions,
options, seed, the action log, the rules versions it was played under), a
digest chained over the setup and every log entry (so that any edit shows),
and digests of what the players saw along the way, to check that a rebuild
agrees.  See ``docs/save-format.md``; ``turbine schema`` prints the JSON Schema
generated from :class:`SaveFile`.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import hashlib
import json
import math
import os
import re
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import msgspec

from .errors import SaveFileError
from .state import canonical_bytes

FORMAT = "turbine-save"
FORMAT_VERSION = 2
"""The format this turbine writes.  It reads every format from 1 up to this one."""
DIGEST_INTERVAL = 25
"""A checkpoint digest is stored after every this many actions."""
MAX_FILE_BYTES = 256 * 1024 * 1024
"""A save larger than this is refused before it is read (a game's log is a few hundred kB)."""


class Seat(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    kind: str = "human"
    """``human`` or the name of a bot (``random``, ``greedy``…): who the seat was set up for."""
    played_by: str | None = None
    """Who plays the seat now, when it was handed over mid-game (a bot that took over
    from a person who left, or a person who took over a bot's seat): ``human`` or a bot
    kind; ``None``: its :attr:`kind`.  Written only when set, so a save without a
    handover reads the same in every turbine that reads its format."""

    @property
    def player(self) -> str:
        """Who plays the seat now: ``human`` or a bot kind."""
        return self.played_by or self.kind


class LogEntry(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    seat: Annotated[int, msgspec.Meta(ge=0)]
    """The seat that played the move, numbered from 0 (seat 1 on screen)."""
    action: Any
    """The action as data (its msgspec encoding, with its ``type`` tag)."""
    notation: str
    """The same action in the game's text notation, for people."""
    by: str | None = None
    """Who played the move when it was not the seat's :attr:`Seat.kind` (the seat had
    been handed over): ``human`` or a bot kind; ``None`` (and left out of the file):
    the seat's kind, as for every move of a game without a handover."""


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
    """Name → version of every plugin active in the game when it was saved (information)."""
    rules_versions: dict[str, int] = msgspec.field(default_factory=dict)
    """The rules version of the variant and of each expansion the game was played under
    (format 2; empty in format 1, which predates rules versions)."""
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    players: int
    seed: int
    seats: list[Seat]
    log: list[LogEntry]
    """Every move in order (a save always holds it: without it a game is only its setup)."""
    log_digest: str = ""
    """The digest chained over the setup and every log entry (:func:`log_digest`; format 2)."""
    checkpoints: list[Checkpoint] = msgspec.field(default_factory=list)
    final_digest: str = ""
    final_scores: list[int] | None = None
    """Each seat's score when the game ended (format 2; ``None`` for an unfinished game)."""


# -- the log digest ---------------------------------------------------------------------

_LOG_DIGEST_TAG = b"turbine-log-digest-1\x00"


def _setup_link(save: SaveFile) -> bytes:
    """The chain's first link: every field that decides the game before its first move."""
    setup = {
        "variant": save.variant,
        "expansions": save.expansions,
        "rules_versions": save.rules_versions,
        "options": save.options,
        "players": save.players,
        "seed": save.seed,
        "seats": [[seat.name, seat.kind] for seat in save.seats],
    }
    return hashlib.blake2b(_LOG_DIGEST_TAG + canonical_bytes(setup), digest_size=16).digest()


def log_digest(save: SaveFile) -> str:
    """BLAKE2b-128 chained over the setup and each log entry in turn.

    Link 0 hashes the setup; link *i* hashes link *i−1* with entry *i*'s seat,
    action data and notation in canonical JSON (and who played it, where that is
    recorded: :attr:`LogEntry.by`), so changing, dropping, adding or
    reordering anything in the setup or the log changes the result.  It proves
    a file unedited only against someone who does not recompute it: it is a
    checksum, not a signature.
    """
    link = _setup_link(save)
    for entry in save.log:
        hashed = [entry.seat, entry.action, entry.notation]
        if entry.by is not None:  # only then: the digests of saves without handovers stay as they were
            hashed.append(entry.by)
        data = canonical_bytes(hashed)
        link = hashlib.blake2b(link + data, digest_size=16).digest()
    return link.hex()


def check_digests_present(save: SaveFile, source: str = "save file") -> None:
    """What ``--verify`` demands beyond a readable file: every digest present.
    Raises :class:`SaveFileError` naming the first one missing."""
    if save.format_version < 2:
        raise SaveFileError(
            f"{source} is in save format {save.format_version}, which holds no log digest, so it "
            "cannot be verified; `turbine upgrade` rewrites it in the current format"
        )
    if not save.log_digest:
        raise SaveFileError(f"{source} has no log digest, so it cannot be verified")
    expected = list(range(DIGEST_INTERVAL, len(save.log) + 1, DIGEST_INTERVAL))
    have = [c.actions for c in save.checkpoints]
    if have != expected:
        missing = sorted(set(expected) - set(have))
        what = f"after action {missing[0]}" if missing else "in places no save puts them"
        raise SaveFileError(f"{source} lacks checkpoint digests ({what}), so it cannot be verified")
    if not save.final_digest:
        raise SaveFileError(f"{source} has no final digest, so it cannot be verified")


def check_log_digest(save: SaveFile, source: str = "save file") -> None:
    """Raise :class:`SaveFileError` unless the log digest matches the setup and the log."""
    if save.log_digest != log_digest(save):
        raise changed_since_saved(save, source)


def changed_since_saved(save: SaveFile, source: str = "save file") -> SaveFileError:
    """The error of a save whose log digest does not match its setup and log, or that
    has none (every turbine that writes format 2 writes one)."""
    if not save.log_digest:
        return SaveFileError(
            f"{source} has no log digest: its setup or log may have been changed since it was saved"
        )
    return SaveFileError(
        f"{source} has been changed since it was saved: its setup or log does not match its log digest"
    )


_encoder = msgspec.json.Encoder()


_ONE_PER_LINE = ("seats", "log", "checkpoints")
"""The list fields written one item per line."""


def encode(save: SaveFile) -> bytes:
    """Readable JSON: one field per line, and one seat, log entry or checkpoint per
    line, so that a game's diff shows one line per move."""
    fields = []
    for name in save.__struct_fields__:
        value = getattr(save, name)
        key = b' "' + name.encode() + b'": '
        if name in _ONE_PER_LINE and value:
            items = b",\n  ".join(_encode_item(item) for item in value)
            fields.append(key + b"[\n  " + items + b"\n ]")
        else:
            fields.append(key + _encoder.encode(value))
    return b"{\n" + b",\n".join(fields) + b"\n}\n"


def _encode_item(item: Any) -> bytes:
    """One seat, log entry or checkpoint; a seat's ``played_by`` only when it is set (a
    seat's ``kind`` is always written, though it has a default)."""
    if isinstance(item, Seat) and item.played_by is None:
        return _encoder.encode({"name": item.name, "kind": item.kind})
    return _encoder.encode(item)


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old file or the new one.

    The data goes to a temporary file in the same folder, is synced, and is
    renamed over ``path``; the folder is then synced so the rename itself
    survives a power cut.  Temporary files that an earlier, killed write of the
    same file left behind are removed first (two writers of one save at once
    race anyway: the last rename wins).
    """
    target = written_path(path)
    directory = target.parent if str(target.parent) else Path(".")
    _remove_stale_temporaries(target)
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
    _sync_directory(directory)


NOT_A_FILE = "not a regular file (a device, a pipe or a socket)"
"""Why a path is neither read nor written over (said by every command that meets one)."""


def written_path(path: str | os.PathLike[str]) -> Path:
    """Where :func:`write_atomic` writes ``path``: through a symbolic link, the file it
    points to (renaming over the link would replace the link, and leave the file it names,
    a save, one move behind).  What is there and is no regular file, a device such as
    ``/dev/null`` or a pipe, raises :class:`OSError` (the rename would replace it)."""
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    try:
        mode = target.stat().st_mode
    except OSError:
        return target  # nothing there yet (or a folder that cannot be looked in: said on writing)
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, NOT_A_FILE, str(path))
    return target


def _remove_stale_temporaries(target: Path) -> None:
    """Remove the ``.NAME.*.tmp`` files that killed writes of ``target`` left behind."""
    directory = target.parent if str(target.parent) else Path(".")
    for leftover in directory.glob(f".{glob.escape(target.name)}.*.tmp"):
        leftover.unlink(missing_ok=True)


def _sync_directory(directory: Path) -> None:
    """fsync a folder (POSIX); where folders cannot be opened (Windows) there is nothing to do."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):  # some file systems cannot sync a folder
            os.fsync(fd)
    finally:
        os.close(fd)


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


BOM = b"\xef\xbb\xbf"
"""UTF-8's byte-order mark."""


def decode(data: bytes, source: str = "save file") -> SaveFile:
    """Decode and check a save; every problem becomes one clear :class:`SaveFileError`.

    A byte-order mark before the JSON (an editor that saves "UTF-8 with BOM") is read
    past: it is no part of the game, and the digests are of the decoded save."""
    data = data.removeprefix(BOM)
    if not data.strip():
        raise SaveFileError(f"{source} is empty")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveFileError(
            f"{source} is not valid UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from None
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        hint = " (the file looks truncated)" if "truncated" in str(exc).lower() else ""
        raise SaveFileError(f"{source} is not valid JSON{hint}: {exc}") from None
    except RecursionError:
        raise SaveFileError(f"{source} is not a turbine save (its JSON is nested too deeply)") from None
    if not isinstance(raw, dict):
        raise SaveFileError(f"{source} is not a turbine save (expected a JSON object)")
    if raw.get("format") != FORMAT:
        raise SaveFileError(f'{source} is not a turbine save (no "format": "{FORMAT}")')
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
    # JSON writes a control character only as an escape, so a file without a backslash holds none
    found = _control_character_in(raw) if b"\\" in data else None
    if found is not None:
        raise SaveFileError(f"{source} is damaged: {found}, a control character no turbine writes")
    try:
        save = msgspec.convert(raw, type=SaveFile)
    except msgspec.ValidationError as exc:
        if "unknown field" in str(exc):  # a field added since, within the format (e.g. ``by``)
            raise SaveFileError(
                f"{source} holds a field this turbine does not know ({exc}): it was written by a "
                "newer turbine (upgrade turbine) or edited"
            ) from None
        raise SaveFileError(f"{source} is damaged: {_where_said(str(exc))}") from None
    except RecursionError:
        raise SaveFileError(f"{source} is damaged: its JSON is nested too deeply") from None
    _check_shape(save, source)
    return save


_LOG_PATH = re.compile(r"`\$\.log\[(\d+)\]((?:\.\w+|\[\d+\])*)`")


def _where_said(message: str) -> str:
    """msgspec's message, a log entry's path named as the action it is (``at `$.log[5].seat```:
    ``in action 6 (`$.log[5].seat`)``): the actions are numbered from 1 everywhere else."""
    return _LOG_PATH.sub(lambda m: f"in action {int(m[1]) + 1} (`$.log[{m[1]}]{m[2]}`)", message).replace(
        " - at in action", " - in action"
    )


CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""The control characters (Unicode's C0 and C1 sets, and DEL), the line and paragraph
separators, and the bidirectional embeddings, overrides and isolates, which break a
printed line or reorder what follows them on it."""


def control_character(text: str) -> str | None:
    """The first control character in ``text`` (as ``U+001B``), or ``None``.

    Every text a save holds (a seat's name, a move's notation, an option) is printed
    to a terminal; a control character there could move the cursor or recolour the
    screen, so no turbine writes one and none is read."""
    found = CONTROL.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"


def non_finite(value: Any, where: str = "") -> str | None:
    """Where ``value`` (options, at any depth of dicts, lists and tuples) holds a number
    JSON cannot (NaN, an infinity): ``ratio``, ``tax.rates[2]``, or ``None``.  A save
    would hold ``null`` there, and the game could not be set up from it again."""
    if isinstance(value, float):
        return None if math.isfinite(value) else where or "the value"
    if isinstance(value, dict):
        items: Iterable[tuple[str, Any]] = (
            (f"{where}.{k}" if where else str(k), v) for k, v in value.items()
        )
    elif isinstance(value, (list, tuple)):
        items = ((f"{where}[{i}]", v) for i, v in enumerate(value))
    else:
        return None
    return next((found for inner, v in items if (found := non_finite(v, inner)) is not None), None)


def _control_character_in(value: Any) -> str | None:
    """Where a control character sits in decoded JSON ``value`` (its keys and strings,
    at any depth): ``seats[0].name holds U+001B``, or ``None``."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            found = control_character(item)
            if found is not None:
                return f"{where} holds {found}"
        elif isinstance(item, dict):
            for key, inner in reversed(item.items()):
                found = control_character(key)
                if found is not None:
                    return f"a key in {where or 'the file'} holds {found}"
                stack.append((inner, f"{where}.{key}" if where else key))
        elif isinstance(item, list):
            stack.extend((inner, f"{where}[{index}]") for index, inner in reversed(list(enumerate(item))))
    return None


def _check_shape(save: SaveFile, source: str) -> None:
    """Field values that the types allow but no turbine writes."""
    if save.format_version < 2:  # format 1 had none of them: its version number was lowered
        later = [
            name
            for name, there in (
                ("rules versions", bool(save.rules_versions)),
                ("log digest", bool(save.log_digest)),
                ("final scores", save.final_scores is not None),
            )
            if there
        ]
        if later:
            raise SaveFileError(
                f"{source} is damaged: it says save format {save.format_version} but holds the "
                f"{' and '.join(later)} of format 2 (its format version was changed)"
            )
    if save.players < 1 or save.players != len(save.seats):
        raise SaveFileError(f"{source} is damaged: {len(save.seats)} seats for {save.players} players")
    for index, entry in enumerate(save.log, start=1):
        if entry.seat >= save.players:  # below 0: refused by the type
            raise SaveFileError(
                f"{source} is damaged: action {index} ({entry.notation!r}) is recorded for seat "
                f"{entry.seat + 1}, but seats are numbered 1–{save.players}"
            )
        if entry.by is not None and not entry.by.strip():
            raise SaveFileError(f"{source} is damaged: action {index} ({entry.notation!r}) has an empty 'by'")
    for number, seat in enumerate(save.seats, start=1):
        if seat.played_by is not None and not seat.played_by.strip():
            raise SaveFileError(f"{source} is damaged: seat {number} has an empty 'played_by'")
    previous = 0
    for checkpoint in save.checkpoints:
        if not 1 <= checkpoint.actions <= len(save.log):
            raise SaveFileError(
                f"{source} is damaged: a checkpoint digest is for action {checkpoint.actions}, "
                f"outside the log (actions 1–{len(save.log)})"
            )
        if checkpoint.actions <= previous:
            raise SaveFileError(
                f"{source} is damaged: checkpoint digests are not in increasing order "
                f"(action {checkpoint.actions} after {previous})"
            )
        previous = checkpoint.actions
    if save.final_scores is not None and len(save.final_scores) != save.players:
        raise SaveFileError(
            f"{source} is damaged: {len(save.final_scores)} final scores for {save.players} players"
        )


def load(path: str | os.PathLike[str], strict: bool = False) -> SaveFile:
    """The save at ``path``.  ``strict`` (``replay --verify``) also refuses a key written
    twice in one object, which JSON readers take either way (msgspec and Python the last
    one, others the first): the game verified would not be the one every reader sees."""
    data = read_limited(path)
    save = decode(data, source=str(path))
    if strict:
        twice = duplicate_key(data)
        if twice is not None:
            raise SaveFileError(f"{path} is damaged: {twice_note(twice)}")
    return save


def load_checked(path: str | os.PathLike[str], strict: bool = False) -> tuple[SaveFile, str | None]:
    """The save at ``path`` and a key some object of it holds twice (``None``: none), for a
    command that would save the game again (a key written twice must not be sealed into a
    new digest under one reading of it) or that warns of it.  ``strict`` (``--verify``):
    such a key is refused instead, as :func:`load` refuses it."""
    if strict:
        return load(path, strict=True), None
    data = read_limited(path)
    return decode(data, source=str(path)), duplicate_key(data)


def twice_note(key: str) -> str:
    """What a key written twice in one object means, for a warning or a refusal."""
    return f"the key {key!r} is written twice in one object, so readers differ on its value"


def twice_notes(key: str | None) -> list[str]:
    """:func:`twice_note` as the list of a load's warnings: empty without such a key."""
    return [] if key is None else [twice_note(key)]


def duplicate_key(data: bytes) -> str | None:
    """A key that some object of the JSON ``data`` holds twice, or ``None``."""
    found: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: set[str] = set()
        for key, _ in items:
            if key in seen and not found:
                found.append(key)
            seen.add(key)
        return dict(items)

    json.loads(data.removeprefix(BOM), object_pairs_hook=pairs)
    return found[0] if found else None


def read_limited(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (default
    :data:`MAX_FILE_BYTES`): a longer file is refused by its size, before it is read, and
    a device (``/dev/zero``, whose size says 0) or a pipe is never read or waited on."""
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        with open(path, "rb", opener=open_regular) as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                raise SaveFileError(f"{path} is {size:,} bytes, too large for a turbine save")
            data = handle.read(limit + 1)  # a file that grew since
    except FileNotFoundError:
        raise SaveFileError(f"no such file: {shown_path(path)}") from None
    except IsADirectoryError:
        raise SaveFileError(f"cannot read {shown_path(path)}: it is a folder, not a file") from None
    except OSError as exc:
        raise SaveFileError(f"cannot read {shown_path(path)}: {exc.strerror}") from None
    if len(data) > limit:
        raise SaveFileError(f"{path} is more than {limit:,} bytes, too large for a turbine save")
    return data


def shown_path(path: str | os.PathLike[str]) -> str:
    """``path`` as a message shows it: quoted when it is empty or starts or ends with a
    space, which would not be seen (``' '``); as typed otherwise."""
    text = os.fspath(path)
    return repr(text) if not text or text != text.strip() else str(text)


def open_regular(path: str, flags: int) -> int:
    """``os.open`` that does not wait on a pipe (``O_NONBLOCK``) and lets only a regular
    file (or a folder, which says so when read) be read."""
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0))
    mode = os.fstat(fd).st_mode
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        os.close(fd)
        raise OSError(errno.EINVAL, f"it is {NOT_A_FILE}", path)
    return fd


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the save format."""
    schema = msgspec.json.schema(SaveFile)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"turbine save file, format {FORMAT_VERSION}"
    return json.loads(json.dumps(schema))
