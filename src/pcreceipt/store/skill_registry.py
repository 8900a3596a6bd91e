"""The external Skill registry: the packages in the one directory the operator configures.

PowerContext 1.4.1 reads Agent-native Skill folders (Codex, Claude Code) on the server's host;
pcreceipt reads them from one directory (``external_skills.dir``, docs/configuration.md), whose
immediate sub-folders are the packages, all of one Agent kind and installation scope (settings
too). A package's identity is 1.4.1's: ``<agent_kind>:<installation_scope>:<target_id>/<folder>``.

Hostile trees are expected, so the walk:
- never leaves the directory: it is resolved once; a package is an immediate sub-folder that is
  not a link; a link anywhere inside a package makes it skipped (counted in ``skipped``); files
  are opened with ``O_NOFOLLOW``; resolving a stored locator accepts only a folder whose parent
  is the resolved directory (a ``..`` or a link out of it is unavailable);
- is bounded: at most ``MAX_PACKAGES`` packages per scan (the rest are skipped), and per package
  1.4.1's 256 files, 4 MiB and a 128 KiB ``SKILL.md``, and ``skill_package.MAX_DIRECTORY_ENTRIES``.

The fingerprint is 1.4.1's: sha256 over, per file in path order, the path's UTF-8 length (4 bytes),
the path, the mode (0755 or 0644, 2 bytes), the size (8 bytes) and the content.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pcreceipt.models import limits
from pcreceipt.store import skill_package
from pcreceipt.store.skill_package import Package, PackageRefused

MAX_PACKAGES = 512  # not a contract limit: packages one scan registers
"""Packages one scan registers; sub-folders beyond it are counted as skipped."""
MAX_ROOT_ENTRIES = 8 * MAX_PACKAGES
"""Entries of the registry directory a scan looks at; any beyond are counted as skipped, unread."""
MAX_NAME = limits.EXTERNAL_SKILL_REGISTRATION_NAME_MAX_LENGTH
MAX_DESCRIPTION = limits.EXTERNAL_SKILL_REGISTRATION_DESCRIPTION_MAX_LENGTH
MAX_LOCATOR = limits.EXTERNAL_SKILL_REGISTRATION_LOCATOR_MAX_LENGTH
MAX_ID = limits.EXTERNAL_SKILL_REGISTRATION_EXTERNAL_SKILL_ID_MAX_LENGTH


@dataclass(frozen=True, slots=True)
class RegistryConfig:
    directory: Path
    agent_kind: str
    installation_scope: str
    host_id: str
    target_id: str


def _trimmed(value: str, maximum: int) -> str:
    if not value.strip() or value != value.strip() or len(value) > maximum:
        raise PackageRefused("a registration text is blank, untrimmed or too long")
    return value


def _scalar(raw: str) -> str:
    if not raw:
        raise PackageRefused("a frontmatter value is empty")
    if raw.startswith('"'):
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise PackageRefused("a frontmatter value is not a string") from exc
        if not isinstance(value, str):
            raise PackageRefused("a frontmatter value is not a string")
        return value
    if raw.startswith("'"):
        return raw[1:-1]
    return raw


class ExternalRegistry:
    """Scan, resolve and capture the packages of the configured directory."""

    def __init__(self, config: RegistryConfig) -> None:
        self.config = config
        self.root = config.directory.expanduser().resolve(strict=False)

    def identity(self, folder: str) -> str:
        c = self.config
        return f"{c.agent_kind}:{c.installation_scope}:{c.target_id}/{folder}"

    def scan(self) -> tuple[list[dict[str, Any]], int]:
        """Every valid package's registration (by folder name) and how many folders were skipped."""
        if not self.root.is_dir():
            return [], 0
        found: list[dict[str, Any]] = []
        try:
            entries, skipped = skill_package.listing(self.root, MAX_ROOT_ENTRIES)
        except OSError:
            return [], 0
        for entry in entries:
            if entry.is_symlink() or not entry.is_dir(follow_symlinks=False):
                continue
            if len(found) >= MAX_PACKAGES:
                skipped += 1
                continue
            try:
                found.append(self._registration(entry.name))
            except (OSError, UnicodeError, ValueError):
                skipped += 1
        return found, skipped

    def _registration(self, folder: str) -> dict[str, Any]:
        package = self.root / folder
        name, description = self._metadata(package, folder)
        return {
            "external_skill_id": _trimmed(self.identity(folder), MAX_ID),
            "provider": self.config.agent_kind,
            "agent_kind": self.config.agent_kind,
            "host_id": self.config.host_id,
            "installation_scope": self.config.installation_scope,
            "locator": _trimmed(str(package), MAX_LOCATOR),
            "fingerprint": fingerprint(package),
            "name": _trimmed(name, MAX_NAME),
            "description": _trimmed(description, MAX_DESCRIPTION),
        }

    def _metadata(self, package: Path, folder: str) -> tuple[str, str]:
        manifest = package / skill_package.ENTRYPOINT
        info = manifest.lstat()
        if not stat.S_ISREG(info.st_mode) or info.st_size > skill_package.MAX_ENTRYPOINT_BYTES:
            raise PackageRefused("SKILL.md is not a bounded regular file")
        fd = os.open(manifest, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as stream:
            content = stream.read(skill_package.MAX_ENTRYPOINT_BYTES + 1)
        if len(content) > skill_package.MAX_ENTRYPOINT_BYTES:
            raise PackageRefused("SKILL.md is too large")
        lines = content.decode("utf-8").splitlines()
        if not lines or lines[0].strip() != "---":
            raise PackageRefused("SKILL.md has no frontmatter")
        fields: dict[str, str] = {}
        for line in lines[1:]:
            if line.strip() == "---":
                break
            key, colon, raw = line.partition(":")
            if colon and key in ("name", "description"):
                fields[key] = _scalar(raw.strip())
        else:
            raise PackageRefused("SKILL.md's frontmatter is not closed")
        if "description" not in fields or (self.config.agent_kind == "codex" and "name" not in fields):
            raise PackageRefused("SKILL.md lacks its name or description")
        return fields.get("name", folder), fields["description"]

    def resolve(self, registration: dict[str, Any]) -> tuple[str, str | None]:
        """``("available", entrypoint)`` when the registration's package is here with the same
        identity and fingerprint, else ``("unavailable", None)``."""
        c = self.config
        same_origin = (
            registration["provider"] == c.agent_kind
            and registration["agent_kind"] == c.agent_kind
            and registration["host_id"] == c.host_id
            and registration["installation_scope"] == c.installation_scope
        )
        if not same_origin or not self.root.is_dir():
            return "unavailable", None
        try:
            package = Path(registration["locator"])
            if package.is_symlink():
                return "unavailable", None
            resolved = package.resolve(strict=True)
            if resolved.parent != self.root or not resolved.is_dir():
                return "unavailable", None
            current = self._registration(resolved.name)
        except (OSError, UnicodeError, ValueError):
            return "unavailable", None
        if (current["external_skill_id"], current["fingerprint"]) != (
            registration["external_skill_id"],
            registration["fingerprint"],
        ):
            return "unavailable", None
        return "available", str(resolved / skill_package.ENTRYPOINT)

    def capture(self, registration: dict[str, Any]) -> Package | None:
        """The canonical package of an available registration, confirmed unchanged after the read;
        None when it is unavailable, changed, or not a standard package."""
        status, entrypoint = self.resolve(registration)
        if status != "available" or entrypoint is None:
            return None
        folder = Path(entrypoint).parent
        try:
            package = skill_package.from_directory(folder, expected_name=folder.name)
        except (OSError, UnicodeError, PackageRefused):
            return None
        if self.resolve(registration)[0] != "available":
            return None
        return package


def fingerprint(package: Path) -> str:
    digest = hashlib.sha256()
    total, count, seen = 0, 0, 0
    pending: list[tuple[Path, str]] = [(package, "")]
    files: list[tuple[str, Path, os.stat_result]] = []
    while pending:
        folder, prefix = pending.pop()
        entries, more = skill_package.listing(folder, skill_package.MAX_DIRECTORY_ENTRIES)
        seen += len(entries) + more
        if seen > skill_package.MAX_DIRECTORY_ENTRIES:
            raise PackageRefused("the package has too many entries")
        for entry in entries:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISLNK(info.st_mode):
                raise PackageRefused("the package holds a symbolic link")
            if stat.S_ISDIR(info.st_mode):
                pending.append((Path(entry.path), f"{prefix}{entry.name}/"))
            elif stat.S_ISREG(info.st_mode):
                count += 1
                if count > skill_package.MAX_FILES:
                    raise PackageRefused("the package has too many files")
                files.append((prefix + entry.name, Path(entry.path), info))
    if not files:
        raise PackageRefused("the package has no files")
    for relative, path, info in sorted(files, key=lambda item: item[0]):
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as stream:
            content = stream.read(skill_package.MAX_PACKAGE_BYTES - total + 1)
        total += len(content)
        if total > skill_package.MAX_PACKAGE_BYTES:
            raise PackageRefused("the package is too large")
        encoded = relative.encode("utf-8")
        mode = 0o755 if info.st_mode & 0o111 else 0o644
        for part in (len(encoded).to_bytes(4, "big"), encoded, mode.to_bytes(2, "big"),
                     len(content).to_bytes(8, "big"), content):  # fmt: skip
            digest.update(part)
    return digest.hexdigest()
