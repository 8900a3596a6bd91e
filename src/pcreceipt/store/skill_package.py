"""Standard Agent Skill packages in PowerContext 1.4.1's canonical form (pure: no engine, no server).

A package is a tree of regular files with ``SKILL.md`` at its root. Capturing one (from a
directory of the external Skill registry, or from an uploaded ZIP) validates every path and
bound, then rewrites it into one canonical ZIP, so the same tree always has the same bytes:

- files sorted by path; each stored deflated (level 9) with the fixed 1980-01-01 timestamp, the
  UTF-8 name flag, a Unix regular-file mode of 0644, or 0755 when any execute bit was set;
- ``tree_digest``: sha256 over the domain ``powercontext.skill-package-tree.v1\\0`` then, per file
  in path order, the path's UTF-8 length (4 bytes, big-endian), the path, the mode (4 bytes), the
  size (8 bytes) and the content's raw sha256; ``archive_digest``: sha256 of the canonical ZIP;
- bounds: 1..256 files, 4 MiB uncompressed, 5 MiB archive, 512-byte paths, a 128 KiB
  ``SKILL.md`` and a 128 KiB file manifest (1.4.1's numbers);
- refused: an absolute path, an empty, ``.`` or ``..`` component, a backslash or NUL, a
  ``.git``, ``.env`` or ``node_modules`` component, a path not in NFC, two paths equal after NFC
  and case folding, an encrypted or non-regular ZIP entry, and (from a directory) any symbolic
  link, hard link or special file, or a file that changed while it was read.

``SKILL.md`` starts with YAML frontmatter: ``name`` (lowercase letters, digits and single
hyphens, at most 64; for a directory, its name), ``description`` (at most 1024), optional
``license``, ``compatibility``, ``allowed-tools`` and ``metadata`` (string to string, at most 64
entries); the instructions are the body after it, trimmed as 1.4.1 trims them.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import stat
import unicodedata
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import yaml  # type: ignore[import-untyped]  # PyYAML ships no stubs; types-PyYAML is not a dependency

from pcreceipt.models import limits
from pcreceipt.store.records import StoreError

MAX_FILES = limits.SKILL_PACKAGE_REFERENCE_FILE_COUNT_MAXIMUM
MAX_PACKAGE_BYTES = limits.SKILL_PACKAGE_REFERENCE_UNCOMPRESSED_SIZE_MAXIMUM
MAX_ARCHIVE_BYTES = limits.SKILL_PACKAGE_REFERENCE_ARCHIVE_SIZE_MAXIMUM
MAX_MANIFEST_BYTES = 128 * 1024  # not a contract limit: 1.4.1's bound on a stored file manifest
MAX_PATH_BYTES = 512  # not a contract limit: 1.4.1's bound on a package path's UTF-8 bytes
MAX_ENTRYPOINT_BYTES = 128 * 1024  # not a contract limit: 1.4.1's bound on SKILL.md
MAX_METADATA_ENTRIES, MAX_METADATA_KEY = 64, 128  # not a contract limit: 1.4.1's SKILL.md metadata bounds
MAX_DIRECTORY_ENTRIES = 4 * MAX_FILES
"""Directory entries (files and folders) one directory capture looks at before it gives up."""
MAX_NAME, MAX_DESCRIPTION, MAX_COMPATIBILITY = 64, 1024, 500  # not a contract limit: a standard package's own
ENTRYPOINT = "SKILL.md"
_TREE_DOMAIN = b"powercontext.skill-package-tree.v1\0"
_FORBIDDEN = frozenset({".env", ".git", "node_modules"})
_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
_MEDIA_TYPES = {
    ".css": "text/css", ".csv": "text/csv", ".gif": "image/gif", ".htm": "text/html", ".html": "text/html",
    ".jpeg": "image/jpeg", ".jpg": "image/jpeg", ".js": "text/javascript", ".json": "application/json",
    ".md": "text/markdown", ".mjs": "text/javascript", ".pdf": "application/pdf", ".png": "image/png",
    ".py": "text/x-python", ".sh": "application/x-sh", ".svg": "image/svg+xml", ".txt": "text/plain",
    ".wasm": "application/wasm", ".xml": "text/xml", ".yaml": "application/yaml", ".yml": "application/yaml",
}  # fmt: skip
"""Media types by suffix (1.4.1's stored-manifest table); anything else is application/octet-stream."""


class PackageRefused(StoreError, ValueError):
    """The package cannot be captured without changing its meaning (the message says why)."""


@dataclass(frozen=True, slots=True)
class PackageFile:
    path: str
    content: bytes
    mode: int


@dataclass(frozen=True, slots=True)
class Package:
    """A canonical package: its reference, file manifest, metadata, instructions and ZIP bytes."""

    reference: dict[str, Any]
    files: tuple[dict[str, Any], ...]
    metadata: dict[str, Any]
    instructions: str
    archive: bytes

    def skill_content(self) -> dict[str, Any]:
        """The managed Skill content a package-backed candidate proposes (1.4.1's cached fields)."""
        return _cached(self.reference, self.metadata, self.instructions)

    def manifest(self) -> dict[str, Any]:
        """The contract's ``SkillPackageManifest``."""
        return {"package": dict(self.reference), **self.metadata, "files": [dict(f) for f in self.files]}

    def file(self, path: str) -> bytes:
        with zipfile.ZipFile(io.BytesIO(self.archive)) as archive:
            return archive.read(path)


def _cached(reference: Mapping[str, Any], meta: Mapping[str, Any], instructions: str) -> dict[str, Any]:
    return {
        "name": meta["name"],
        "description": meta["description"],
        "instructions": instructions,
        "validation": [],
        "package": dict(reference),
        "license": meta["license"],
        "compatibility": meta["compatibility"],
        "metadata": dict(meta["metadata"]),
        "allowed_tools": meta["allowed_tools"],
    }


def from_proposal(proposal: Mapping[str, Any]) -> Package:
    """The one-file package of a text proposal, as 1.4.1 builds it for every proposed Skill: a
    ``SKILL.md`` of YAML frontmatter (``name``, ``description``, then ``license``,
    ``compatibility``, ``metadata`` and ``allowed-tools`` when set, in that order, dumped by PyYAML's
    ``safe_dump`` with Unicode kept and keys unsorted), a blank line, the instructions (trailing
    whitespace cut) with the validation items appended as a ``## Validation`` list, and a final
    newline; mode 0644; then captured canonically like any package, so the same proposal always has
    the same archive and tree digests. PackageRefused when the text is no standard package (a name
    that is not a package name, a description over 1024 characters, a ``SKILL.md`` over 128 KiB,
    ...) or the proposal already names a package."""
    if proposal.get("package") is not None:
        raise PackageRefused("a package-backed proposal is not rebuilt from its text")
    front: dict[str, Any] = {"name": proposal["name"], "description": proposal["description"]}
    for key, label in (("license", "license"), ("compatibility", "compatibility"), ("metadata", "metadata"),
                       ("allowed_tools", "allowed-tools")):  # fmt: skip
        if proposal.get(key):  # absent, null, or (metadata) empty: left out
            front[label] = dict(proposal[key]) if key == "metadata" else proposal[key]
    body = str(proposal["instructions"]).rstrip()
    checks = [str(item) for item in proposal.get("validation") or ()]
    if checks:
        listed = "## Validation\n\n" + "\n".join(f"- {item}" for item in checks)
        body = f"{body}\n\n{listed}" if body else listed
    header = yaml.safe_dump(front, allow_unicode=True, sort_keys=False).rstrip()
    text = f"---\n{header}\n---\n\n{body}\n".encode()
    return canonical([PackageFile(ENTRYPOINT, text, 0o644)], expected_name=str(proposal["name"]))


def cached_content(reference: Mapping[str, Any], archive: bytes) -> dict[str, Any]:
    """The managed Skill content a stored canonical package caches: its ``SKILL.md`` read again
    (PackageRefused when the archive has none a package could have)."""
    try:
        with zipfile.ZipFile(io.BytesIO(archive)) as stored:
            entry = stored.read(ENTRYPOINT)
    except (KeyError, OSError, RuntimeError, EOFError, zipfile.BadZipFile) as exc:
        raise PackageRefused("the stored archive has no readable SKILL.md") from exc
    metadata, instructions = _frontmatter(entry, None)
    return _cached(reference, metadata, instructions)


def relative_path(value: str) -> str:
    """``value`` as a canonical package path, or PackageRefused."""
    if not value or "\x00" in value or "\\" in value:
        raise PackageRefused("a package path is invalid")
    path = PurePosixPath(value)
    if path.is_absolute() or value.startswith("/") or any(part in {"", ".", ".."} for part in value.split("/")):
        raise PackageRefused("a package path is not relative")
    if any(part in _FORBIDDEN for part in path.parts):
        raise PackageRefused("a package path names a forbidden component")
    if unicodedata.normalize("NFC", value) != value:
        raise PackageRefused("a package path is not in NFC")
    if len(value.encode("utf-8")) > MAX_PATH_BYTES:
        raise PackageRefused("a package path is too long")
    return value


def listing(folder: Path | str, limit: int) -> tuple[list[os.DirEntry[str]], int]:
    """The first ``limit`` entries of ``folder`` (as read), sorted by name, and how many more it holds
    (counted, never kept). The iterator is always closed."""
    kept: list[os.DirEntry[str]] = []
    more = 0
    with os.scandir(folder) as entries:
        for entry in entries:
            if len(kept) < limit:
                kept.append(entry)
            else:
                more += 1
    return sorted(kept, key=lambda entry: entry.name), more


def _mode(raw: int) -> int:
    return 0o755 if raw & 0o111 else 0o644


def from_directory(root: Path, *, expected_name: str) -> Package:
    """Capture the directory ``root`` (never following a link, bounded in entries, files and bytes)."""
    files: list[PackageFile] = []
    total, seen = 0, 0
    pending: list[tuple[Path, str]] = [(root, "")]
    while pending:
        folder, prefix = pending.pop()
        try:
            entries, more = listing(folder, MAX_DIRECTORY_ENTRIES)
        except OSError as exc:
            raise PackageRefused("a package folder is unreadable") from exc
        if more:
            raise PackageRefused("the package has too many entries")
        for entry in entries:
            seen += 1
            if seen > MAX_DIRECTORY_ENTRIES:
                raise PackageRefused("the package has too many entries")
            relative = relative_path(prefix + entry.name)
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISLNK(info.st_mode):
                raise PackageRefused("the package holds a symbolic link")
            if stat.S_ISDIR(info.st_mode):
                pending.append((Path(entry.path), relative + "/"))
                continue
            if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
                raise PackageRefused("the package holds a special file or a hard link")
            if len(files) >= MAX_FILES:
                raise PackageRefused("the package has too many files")
            content = _read_exact(Path(entry.path), info, MAX_PACKAGE_BYTES - total)
            total += len(content)
            files.append(PackageFile(relative, content, _mode(info.st_mode)))
    return canonical(files, expected_name=expected_name)


def _read_exact(path: Path, checked: os.stat_result, budget: int) -> bytes:
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise PackageRefused("a package file is unreadable") from exc
    with os.fdopen(fd, "rb") as stream:
        before = os.fstat(stream.fileno())
        if (before.st_dev, before.st_ino) != (checked.st_dev, checked.st_ino) or not stat.S_ISREG(before.st_mode):
            raise PackageRefused("a package file changed while it was read")
        content = stream.read(budget + 1)
        after = os.fstat(stream.fileno())
    stable = (before.st_size, before.st_mtime_ns, before.st_ctime_ns) == (
        after.st_size,
        after.st_mtime_ns,
        after.st_ctime_ns,
    )
    if not stable:
        raise PackageRefused("a package file changed while it was read")
    if len(content) > budget:
        raise PackageRefused("the package is too large")
    return content


def from_archive(data: bytes) -> Package:
    """Validate an uploaded ZIP and rewrite it canonically (PackageRefused for anything hostile)."""
    if not data or len(data) > MAX_ARCHIVE_BYTES:
        raise PackageRefused("the archive is empty or too large")
    try:
        return canonical(_archive_files(data))
    except (OSError, RuntimeError, EOFError, zipfile.BadZipFile, zipfile.LargeZipFile) as exc:
        raise PackageRefused("the archive is not a valid ZIP") from exc


def _archive_files(data: bytes) -> list[PackageFile]:
    files: list[PackageFile] = []
    keys: set[str] = set()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        chosen: list[tuple[zipfile.ZipInfo, str, int]] = []
        total = 0
        for info in archive.infolist():
            name = info.orig_filename
            path = relative_path(name.rstrip("/") if info.is_dir() else name)
            key = unicodedata.normalize("NFC", path).casefold()
            if key in keys:
                raise PackageRefused("the archive holds colliding paths")
            keys.add(key)
            if info.flag_bits & 0x1:
                raise PackageRefused("the archive holds an encrypted entry")
            mode = info.external_attr >> 16
            if info.is_dir():
                continue
            if stat.S_IFMT(mode) not in (0, stat.S_IFREG):
                raise PackageRefused("the archive holds a non-regular entry")
            total += info.file_size
            if info.file_size > MAX_PACKAGE_BYTES or total > MAX_PACKAGE_BYTES:
                raise PackageRefused("the package is too large")
            if len(chosen) >= MAX_FILES:
                raise PackageRefused("the package has too many files")
            chosen.append((info, path, mode))
        for info, path, mode in chosen:
            with archive.open(info) as stream:
                content = stream.read(info.file_size + 1)
            if len(content) != info.file_size:
                raise PackageRefused("an archive entry's size is wrong")
            files.append(PackageFile(path, content, _mode(mode)))
    return files


def canonical(values: Iterable[PackageFile], *, expected_name: str | None = None) -> Package:
    files = sorted(values, key=lambda value: value.path)
    if not files or len(files) > MAX_FILES:
        raise PackageRefused("the package has no files or too many")
    keys: set[str] = set()
    total = 0
    manifest: list[dict[str, Any]] = []
    tree = hashlib.sha256(_TREE_DOMAIN)
    for value in files:
        path = relative_path(value.path)
        key = unicodedata.normalize("NFC", path).casefold()
        if key in keys:
            raise PackageRefused("the package holds colliding paths")
        keys.add(key)
        total += len(value.content)
        if total > MAX_PACKAGE_BYTES:
            raise PackageRefused("the package is too large")
        digest = hashlib.sha256(value.content)
        encoded = path.encode("utf-8")
        for part in (len(encoded).to_bytes(4, "big"), encoded, value.mode.to_bytes(4, "big"),
                     len(value.content).to_bytes(8, "big"), digest.digest()):  # fmt: skip
            tree.update(part)
        media = _MEDIA_TYPES.get(PurePosixPath(path).suffix.casefold(), "application/octet-stream")
        manifest.append({"path": path, "digest": digest.hexdigest(), "size": len(value.content),
                         "media_type": media, "executable": value.mode == 0o755})  # fmt: skip
    entry = next((value.content for value in files if value.path == ENTRYPOINT), None)
    if entry is None:
        raise PackageRefused("the package has no SKILL.md at its root")
    metadata, instructions = _frontmatter(entry, expected_name)
    archive = _zip(files)
    if len(archive) > MAX_ARCHIVE_BYTES:
        raise PackageRefused("the canonical archive is too large")
    modes = [{"path": m["path"], "mode": 0o755 if m["executable"] else 0o644} for m in manifest]
    if len(json.dumps([m | n for m, n in zip(manifest, modes, strict=True)]).encode()) > MAX_MANIFEST_BYTES:
        raise PackageRefused("the package's file manifest is too large")
    reference = {
        "tree_digest": tree.hexdigest(),
        "archive_digest": hashlib.sha256(archive).hexdigest(),
        "file_count": len(files),
        "uncompressed_size": total,
        "archive_size": len(archive),
    }
    if total < 1:
        raise PackageRefused("the package is empty")
    return Package(reference, tuple(manifest), metadata, instructions, archive)


def _zip(files: list[PackageFile]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for value in files:
            info = zipfile.ZipInfo(value.path, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = (stat.S_IFREG | value.mode) << 16
            info.flag_bits |= 0x800  # not a contract limit: the ZIP UTF-8 name flag
            archive.writestr(info, value.content, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out.getvalue()


def _text(values: Mapping[str, Any], key: str, maximum: int, *, required: bool) -> str | None:
    value = values.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip() or value != value.strip() or len(value) > maximum:
        raise PackageRefused(f"SKILL.md's {key} must be trimmed text of at most {maximum} characters")
    return value


def _frontmatter(content: bytes, expected_name: str | None) -> tuple[dict[str, Any], str]:
    if not content or len(content) > MAX_ENTRYPOINT_BYTES:
        raise PackageRefused("SKILL.md is empty or too large")
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PackageRefused("SKILL.md is not UTF-8") from exc
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise PackageRefused("SKILL.md has no frontmatter")
    end = next((i for i, line in enumerate(lines[1:], start=1) if line.strip() == "---"), None)
    if end is None:
        raise PackageRefused("SKILL.md's frontmatter is not closed")
    try:
        parsed = yaml.safe_load("".join(lines[1:end]))
    except yaml.YAMLError as exc:
        raise PackageRefused("SKILL.md's frontmatter is not YAML") from exc
    if not isinstance(parsed, Mapping) or any(not isinstance(key, str) for key in parsed):
        raise PackageRefused("SKILL.md's frontmatter is not a mapping")
    name = str(_text(parsed, "name", MAX_NAME, required=True))
    if _NAME.fullmatch(name) is None or (expected_name is not None and name != expected_name):
        raise PackageRefused("SKILL.md's name is not a package name (or not its folder's)")
    extra = parsed.get("metadata", {})
    if not isinstance(extra, Mapping) or len(extra) > MAX_METADATA_ENTRIES:
        raise PackageRefused("SKILL.md's metadata is not a small string mapping")
    for key, value in extra.items():
        if not isinstance(key, str) or not isinstance(value, str) or not key.strip() or key != key.strip():
            raise PackageRefused("SKILL.md's metadata is not a string mapping")
        if (
            len(key) > MAX_METADATA_KEY
            or value != value.strip()
            or len(value) > limits.SKILL_PROPOSAL_METADATA_VALUES_MAX_LENGTH
        ):
            raise PackageRefused("SKILL.md's metadata keys and values must be trimmed and bounded")
    metadata = {
        "name": name,
        "description": _text(parsed, "description", MAX_DESCRIPTION, required=True),
        "license": _text(parsed, "license", limits.SKILL_PROPOSAL_LICENSE_MAX_LENGTH, required=False),
        "compatibility": _text(parsed, "compatibility", MAX_COMPATIBILITY, required=False),
        "metadata": dict(extra),
        "allowed_tools": _text(parsed, "allowed-tools", limits.SKILL_PROPOSAL_ALLOWED_TOOLS_MAX_LENGTH, required=False),
    }
    return metadata, "".join(lines[end + 1 :]).lstrip("\r\n").rstrip()
