"""Code workspaces in the store: file values and the engine-neutral operations on them.

Collecting a directory's files (git listing, .gitignore, binary / huge / symlink skipping) is
the client's job (``pcreceipt.cli.workspace``); the store receives (path, bytes) pairs.

Decisions:
- Lines are split on ``\\n`` only (a trailing ``\\r`` is dropped), matching editors and git
  line numbers; bytes that are not UTF-8 are decoded with replacement characters.
- A file is addressed by the sha256 of its bytes; a workspace by its fingerprint, the sha256 of
  its sorted (path, file sha256) pairs, so the same files always make the same workspace.
- Blobs are kept forever (content-addressed) and every (Scope, fingerprint, path, file) ever
  indexed is remembered, so an exact read of an old workspace keeps answering; the code search
  index covers only each Scope's current workspace. Re-indexing re-chunks only what changed.
- Code search indexes windows of 40 lines that overlap by 10, so a match near a window edge is
  still inside some window with context around it. A query asks the engine for three ranked
  windows per wanted hit and drops any window overlapping a better hit in the same file, so
  hits never repeat lines.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pcreceipt.store import rules
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import CodeFile, CodeHit, Workspace
from pcreceipt.store.rows import as_str

CHUNK_LINES = 40
CHUNK_OVERLAP = 10
CODE_CANDIDATES_PER_HIT = 3


def split_lines(data: bytes) -> list[str]:
    """The file's lines without terminators; an empty file has none, a final newline adds none."""
    text = data.decode("utf-8", errors="replace")
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def chunk_ranges(line_count: int) -> list[tuple[int, int]]:
    """1-based inclusive windows of ``CHUNK_LINES`` lines overlapping by ``CHUNK_OVERLAP``."""
    ranges: list[tuple[int, int]] = []
    start = 1
    while start <= line_count:
        end = min(start + CHUNK_LINES - 1, line_count)
        ranges.append((start, end))
        if end == line_count:
            break
        start += CHUNK_LINES - CHUNK_OVERLAP
    return ranges


def file_sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def workspace_fingerprint(files: Sequence[tuple[str, str]]) -> str:
    """sha256 hex over the sorted ``path\\0file_sha256\\n`` lines of (path, file_sha256) pairs."""
    digest = hashlib.sha256()
    for path, sha in sorted(files):
        digest.update(f"{path}\0{sha}\n".encode())
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class FileEntry:
    """One file of a workspace being indexed: its path, content digest, bytes and lines."""

    path: str
    file_sha256: str
    data: bytes
    lines: list[str]


def plan_workspace(
    scope_id: str, files: Sequence[tuple[str, bytes]], skipped: int
) -> tuple[Workspace, list[FileEntry]]:
    """``index_workspace``'s checked files and the Workspace they make (before any transaction)."""
    rules.check_workspace_paths([path for path, _ in files])
    entries = [FileEntry(path, file_sha256(data), data, split_lines(data)) for path, data in files]
    fingerprint = workspace_fingerprint([(entry.path, entry.file_sha256) for entry in entries])
    workspace = Workspace(
        scope_id=scope_id,
        fingerprint=fingerprint,
        files=len(entries),
        lines=sum(len(entry.lines) for entry in entries),
        skipped=skipped,
        indexed_at=utc_now(),
    )
    return workspace, entries


def non_overlapping(ranges: Sequence[tuple[str, str, int, int]], limit: int) -> list[tuple[str, str, int, int]]:
    """Ranges in rank order, skipping any that overlaps a better one in the same file, at most ``limit``."""
    kept: list[tuple[str, str, int, int]] = []
    for candidate in ranges:
        path, _, start, end = candidate
        if not any(path == other[0] and start <= other[3] and other[2] <= end for other in kept):
            kept.append(candidate)
        if len(kept) == limit:
            break
    return kept


class CodeWorkspaces(EngineHooks[ConnT, PreparedT]):
    """``index_workspace``, ``get_workspace``, ``query_code`` and ``read_code`` over an engine's hooks."""

    def index_workspace(self, scope_id: str, files: Sequence[tuple[str, bytes]], skipped: int) -> Workspace:
        """Make these files the Scope's current workspace (blobs are kept forever, content-addressed)."""
        workspace, entries = plan_workspace(scope_id, files, skipped)
        return self._transact(lambda conn: self._index_workspace_in(conn, workspace, entries))

    def _index_workspace_in(self, conn: ConnT, workspace: Workspace, entries: Sequence[FileEntry]) -> Workspace:
        """``index_workspace`` inside its transaction."""
        scope_id, fingerprint = workspace.scope_id, workspace.fingerprint
        self._lock_scope(conn, scope_id)
        self._insert_blobs(conn, entries)
        self._run(
            conn,
            self.UPSERT_WORKSPACE,
            (scope_id, fingerprint, workspace.files, workspace.lines, workspace.skipped, workspace.indexed_at),
        )
        self._run_many(
            conn, self.INSERT_WORKSPACE_FILES, [(scope_id, fingerprint, e.path, e.file_sha256) for e in entries]
        )
        self._replace_code_chunks(conn, scope_id, entries)
        self._run(conn, self.UPSERT_CURRENT_WORKSPACE, (scope_id, fingerprint))
        return workspace

    def _replace_code_chunks(self, conn: ConnT, scope_id: str, entries: Sequence[FileEntry]) -> None:
        """Re-chunk only what changed: chunks of vanished (path, file) pairs go, new pairs are chunked."""
        indexed = {
            (as_str(path), as_str(sha))
            for path, sha in self._all(
                conn, "SELECT DISTINCT path, file_sha256 FROM code_chunks WHERE scope_id = ?", (scope_id,)
            )
        }
        wanted = {(entry.path, entry.file_sha256): entry for entry in entries}
        self._drop_code_chunks(conn, scope_id, sorted(indexed - wanted.keys()))
        chunks = [
            (wanted[key], start, end)
            for key in sorted(wanted.keys() - indexed)
            for start, end in chunk_ranges(len(wanted[key].lines))
        ]
        self._add_code_chunks(conn, scope_id, chunks)

    def get_workspace(self, scope_id: str) -> Workspace | None:
        with self._reading() as conn:
            row = self._first(
                conn,
                """SELECT w.fingerprint, w.files, w.`lines`, w.skipped, w.indexed_at
                   FROM current_workspaces c
                   JOIN workspaces w ON w.scope_id = c.scope_id AND w.fingerprint = c.fingerprint
                   WHERE c.scope_id = ?""",
                (scope_id,),
            )
        return None if row is None else _workspace(scope_id, row)

    def query_code(self, scope_id: str, query: str, limit: int) -> list[CodeHit]:
        """Best-matching 40-line windows of the current workspace; a window overlapping a better
        hit in the same file is dropped, so hits never repeat lines."""
        statement = self._code_statement(scope_id, query, limit)
        return [] if statement is None else self._ranked_code(scope_id, statement, limit)[1]

    def query_current_code(self, scope_id: str, query: str, limit: int) -> tuple[Workspace | None, list[CodeHit]]:
        """The Scope's current workspace and ``query_code``'s hits in it, from one statement (the
        workspace's row joined to the ranked windows: a row with no window when none matched, no
        row when the Scope has no workspace); a query without terms reads the workspace alone."""
        statement = self._code_statement(scope_id, query, limit)
        if statement is None:
            return self.get_workspace(scope_id), []
        return self._ranked_code(scope_id, statement, limit)

    def _code_statement(self, scope_id: str, query: str, limit: int) -> tuple[str, list[Any]] | None:
        return self._code_query(scope_id, query, limit * CODE_CANDIDATES_PER_HIT) if limit > 0 else None

    def _ranked_code(
        self, scope_id: str, statement: tuple[str, list[Any]], limit: int
    ) -> tuple[Workspace | None, list[CodeHit]]:
        """Run ``_code_query``'s statement: the workspace and the non-overlapping hits it ranks."""
        with self._reading() as conn:
            # one statement: the ranked chunks and the current workspace from one consistent read
            rows = self._all(conn, *statement)
            if not rows:
                return None, []
            matched = [(as_str(r[0]), as_str(r[1]), int(r[2]), int(r[3])) for r in rows if r[0] is not None]
            ranges = non_overlapping(matched, limit)
            # blobs are content-addressed and never deleted: reading them after that statement is exact
            lines_by_file = self._blobs_lines(conn, sorted({sha for _, sha, _, _ in ranges}))
        workspace = _workspace(scope_id, rows[0][4:9])
        hits = [
            CodeHit(scope_id, workspace.fingerprint, path, sha, start, end, tuple(lines_by_file[sha][start - 1 : end]))
            for path, sha, start, end in ranges
        ]
        return workspace, hits

    def code_file(self, scope_id: str, fingerprint: str, path: str) -> CodeFile | None:
        """The file at ``path`` in the Scope's workspace ``fingerprint`` (any it ever indexed)."""
        if not rules.is_fingerprint(fingerprint):
            return None
        with self._reading() as conn:
            row = self._first(
                conn,
                """SELECT f.file_sha256, b.content
                   FROM workspace_files f JOIN code_blobs b ON b.file_sha256 = f.file_sha256
                   WHERE f.scope_id = ? AND f.fingerprint = ? AND f.path = ?""",
                (scope_id, fingerprint, path),
            )
        return None if row is None else CodeFile(path, as_str(row[0]), bytes(row[1]))

    def read_code(
        self, scope_id: str, fingerprint: str, path: str, file_sha256: str, start_line: int, end_line: int
    ) -> CodeHit | None:
        """Exactly that range of that file version, from any workspace the Scope ever indexed."""
        rules.check_read_range(start_line, end_line)
        if not rules.is_fingerprint(fingerprint):
            return None
        with self._reading() as conn:
            row = self._first(
                conn,
                """SELECT b.content, b.line_count
                   FROM workspace_files f JOIN code_blobs b ON b.file_sha256 = f.file_sha256
                   WHERE f.scope_id = ? AND f.fingerprint = ? AND f.path = ? AND f.file_sha256 = ?""",
                (scope_id, fingerprint, path, file_sha256),
            )
        if row is None or end_line > int(row[1]):
            return None
        lines = tuple(split_lines(bytes(row[0]))[start_line - 1 : end_line])
        return CodeHit(scope_id, fingerprint, path, file_sha256, start_line, end_line, lines)

    def _blobs_lines(self, conn: ConnT, shas: Sequence[str]) -> dict[str, list[str]]:
        """The lines of these blobs, read in one statement per batch (one round trip, not one per file)."""
        rows = self._in_batches(conn, "SELECT file_sha256, content FROM code_blobs WHERE file_sha256", shas)
        return {as_str(row[0]): split_lines(bytes(row[1])) for row in rows}


def _workspace(scope_id: str, row: Sequence[Any]) -> Workspace:
    """A workspace from its (fingerprint, files, lines, skipped, indexed_at) columns."""
    fingerprint, files, lines, skipped, indexed_at = row
    return Workspace(
        scope_id=scope_id,
        fingerprint=as_str(fingerprint),
        files=int(files),
        lines=int(lines),
        skipped=int(skipped),
        indexed_at=as_str(indexed_at),
    )
