"""Collecting a code workspace on the client: the files ``pcreceipt code index`` sends to the server.

The store receives (path, bytes) pairs and does the rest (lines, fingerprints, chunks:
``pcreceipt.store.code``); what to send is decided here, where the directory is.

Decisions:
- A git worktree is listed by git itself (``git ls-files -co --exclude-standard``: tracked plus
  untracked-but-not-ignored files), so every .gitignore, .git/info/exclude and the global
  excludes file count exactly as git counts them. Any other directory is walked with a small
  .gitignore matcher (``pathspec``'s gitignore semantics, nested .gitignore files applying to
  their own directory, deeper files winning, ignored directories not entered).
- Skipped (and counted): binaries (a NUL byte in the first 8 KiB), files over 1 MiB, symlinks
  that resolve outside the root, other non-regular files and unreadable files. A symlink to a
  file inside the root is indexed under its own path; symlinked directories are never entered
  (their files are reached through their real path), and no path with a ``..`` segment is
  ever produced or followed.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pathspec

MAX_FILE_BYTES = 1024 * 1024
BINARY_SNIFF_BYTES = 8192  # not a contract limit: how much of a file is read to tell binary
GIT_TIMEOUT_SECONDS = 60


@dataclass(frozen=True, slots=True)
class CollectedFiles:
    """A workspace's indexable files as (repository-relative POSIX path, bytes), sorted by path."""

    files: list[tuple[str, bytes]]
    skipped: int


def collect_workspace(root: Path) -> CollectedFiles:
    """Every indexable file under ``root``, honouring .gitignore, with the count of skipped files."""
    real_root = root.resolve(strict=True)
    listed = _git_listing(real_root)
    paths = listed if listed is not None else list(_walk_listing(real_root))
    files: list[tuple[str, bytes]] = []
    skipped = 0
    for relative in sorted(set(paths)):
        outcome = _read_indexable(real_root, relative)
        if isinstance(outcome, bytes):
            files.append((relative, outcome))
        elif outcome == "skipped":
            skipped += 1
    return CollectedFiles(files=files, skipped=skipped)


def _git_listing(root: Path) -> list[str] | None:
    """Paths git lists under ``root`` (relative to it), or None when ``root`` is not in a git worktree."""
    git = shutil.which("git")
    if git is None:
        return None
    probe = _run_git(git, root, "rev-parse", "--is-inside-work-tree")
    if probe is None or probe.strip() != b"true":
        return None
    listing = _run_git(git, root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    if listing is None:
        return None
    entries = (os.fsdecode(entry) for entry in listing.split(b"\0") if entry)
    return [entry for entry in entries if not entry.endswith("/") and _is_safe_relative(entry)]


def _run_git(git: str, root: Path, *args: str) -> bytes | None:
    try:
        completed = subprocess.run(
            [git, "-C", str(root), *args], capture_output=True, timeout=GIT_TIMEOUT_SECONDS, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return completed.stdout if completed.returncode == 0 else None


def _is_safe_relative(path: str) -> bool:
    return not path.startswith("/") and all(part not in ("", ".", "..") for part in path.split("/"))


class _IgnoreRules:
    """The .gitignore files met while walking, each applying to its own directory and below."""

    def __init__(self) -> None:
        self._specs: dict[str, pathspec.GitIgnoreSpec] = {}

    def load(self, root: Path, directory: str) -> None:
        gitignore = root / directory / ".gitignore"
        if gitignore.is_file() and not gitignore.is_symlink():
            lines = gitignore.read_text(encoding="utf-8", errors="replace").splitlines()
            self._specs[directory] = pathspec.GitIgnoreSpec.from_lines(lines)

    def ignored(self, path: str, *, is_dir: bool) -> bool:
        """Whether the deepest .gitignore with a matching pattern ignores ``path``."""
        verdict = False
        for directory, spec in self._specs.items():  # walked top-down: ancestors come before descendants
            if directory and not path.startswith(directory + "/"):
                continue
            relative = path[len(directory) + 1 :] if directory else path
            result = spec.check_file(relative + "/" if is_dir else relative)
            if result.include is not None:
                verdict = result.include
        return verdict


def _walk_listing(root: Path) -> Iterator[str]:
    """Paths of a non-git directory, relative to ``root``; ignored directories are not entered."""
    rules = _IgnoreRules()
    for current, dirnames, filenames in os.walk(root, followlinks=False):
        directory = Path(current).relative_to(root).as_posix()
        directory = "" if directory == "." else directory
        rules.load(root, directory)
        prefix = directory + "/" if directory else ""
        linked = {name for name in dirnames if os.path.islink(os.path.join(current, name))}
        dirnames[:] = sorted(
            name
            for name in dirnames
            if name not in linked and name != ".git" and not rules.ignored(prefix + name, is_dir=True)
        )
        for name in [*filenames, *linked]:
            if name != ".git" and not rules.ignored(prefix + name, is_dir=False):
                yield prefix + name


def _read_indexable(root: Path, relative: str) -> bytes | str:
    """The file's bytes, ``"skipped"`` (counted) or ``"absent"`` (gone, or a directory link: not counted)."""
    path = root / relative
    try:
        target = path.resolve(strict=True)
        info = target.stat()
    except (OSError, RuntimeError):
        return "absent"
    if not target.is_relative_to(root):
        return "skipped"
    if stat.S_ISDIR(info.st_mode):
        return "absent"
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
        return "skipped"
    try:
        data = target.read_bytes()
    except OSError:
        return "skipped"
    if len(data) > MAX_FILE_BYTES or b"\0" in data[:BINARY_SNIFF_BYTES]:
        return "skipped"
    return data
