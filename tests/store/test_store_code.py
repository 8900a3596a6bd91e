"""Code workspaces: collecting files, indexing, querying and exact reads across re-indexes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from pcreceipt.cli.workspace import MAX_FILE_BYTES, collect_workspace
from pcreceipt.store.code import chunk_ranges, file_sha256, split_lines, workspace_fingerprint
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import InvalidRecord, RecordNotFound

EXPECTED_FILES = [
    ".gitignore",
    "README.md",
    "linked.py",
    "src/.gitignore",
    "src/app.py",
    "src/keep.tmp",
    "src/notes.txt",
]


def build_tree(root: Path, outside: Path) -> None:
    """A workspace with ignored, binary, huge and linked files."""
    (root / "src" / "build").mkdir(parents=True)
    (root / "logs").mkdir()
    (root / ".gitignore").write_text("*.log\nlogs/\nbuild/\n")
    (root / "README.md").write_text("# Demo\n")
    (root / "src" / ".gitignore").write_text("*.tmp\n!keep.tmp\n")
    (root / "src" / "app.py").write_text("def parse_config(path):\n    return open(path).read()\n")
    (root / "src" / "notes.txt").write_text("untracked but not ignored\n")
    (root / "src" / "scratch.tmp").write_text("ignored by the nested .gitignore\n")
    (root / "src" / "keep.tmp").write_text("re-included by a negation\n")
    (root / "src" / "build" / "out.js").write_text("ignored directory\n")
    (root / "logs" / "today.txt").write_text("ignored directory\n")
    (root / "debug.log").write_text("ignored pattern\n")
    (root / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00binary")
    (root / "huge.txt").write_bytes(b"a" * (MAX_FILE_BYTES + 1))
    outside.write_text("secret outside the root\n")
    (root / "escape.txt").symlink_to(outside)
    (root / "escape_dir").symlink_to(outside.parent, target_is_directory=True)
    (root / "linked.py").symlink_to(root / "src" / "app.py")
    (root / "src_link").symlink_to(root / "src", target_is_directory=True)


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (tmp_path / "outside").mkdir()
    build_tree(root, tmp_path / "outside" / "secret.txt")
    return root


def test_git_worktree_listing_honours_gitignore_and_skips(tree: Path) -> None:
    git(tree, "init", "-q")
    git(tree, "add", "README.md", "src/app.py", ".gitignore")
    collected = collect_workspace(tree)
    assert [path for path, _ in collected.files] == EXPECTED_FILES
    assert collected.skipped == 4  # binary, huge, two links leaving the root
    assert dict(collected.files)["linked.py"] == (tree / "src" / "app.py").read_bytes()


def test_plain_directory_walk_matches_git(tree: Path) -> None:
    collected = collect_workspace(tree)
    assert [path for path, _ in collected.files] == EXPECTED_FILES
    assert collected.skipped == 4


def test_git_lists_a_subdirectory_relative_to_it(tree: Path) -> None:
    git(tree, "init", "-q")
    collected = collect_workspace(tree / "src")
    assert [path for path, _ in collected.files] == [".gitignore", "app.py", "keep.tmp", "notes.txt"]


def test_lines_chunks_and_fingerprint() -> None:
    assert split_lines(b"") == []
    assert split_lines(b"a\r\nb\n") == ["a", "b"]
    assert split_lines(b"a\n\nb") == ["a", "", "b"]
    assert split_lines("x\u2028y\n".encode()) == ["x\u2028y"]
    assert chunk_ranges(0) == []
    assert chunk_ranges(40) == [(1, 40)]
    assert chunk_ranges(100) == [(1, 40), (31, 70), (61, 100)]
    assert chunk_ranges(41) == [(1, 40), (31, 41)]
    files = [("b.py", "22"), ("a.py", "11")]
    assert workspace_fingerprint(files) == workspace_fingerprint(list(reversed(files)))
    import hashlib

    assert workspace_fingerprint(files) == hashlib.sha256(b"a.py\x0011\nb.py\x0022\n").hexdigest()


def numbered(count: int, marker_line: int, marker: str) -> bytes:
    return "".join(
        f"{marker} = {n}\n" if n == marker_line else f"line_{n} = {n}\n" for n in range(1, count + 1)
    ).encode()


def test_index_query_and_read(store: Store, scope_id: str) -> None:
    app = numbered(100, 95, "retry_budget")
    workspace = store.index_workspace(scope_id, [("src/app.py", app), ("README.md", b"# Retry policy\n")], skipped=2)
    assert (workspace.files, workspace.lines, workspace.skipped) == (2, 101, 2)
    assert store.get_workspace(scope_id) == workspace
    assert workspace.fingerprint == workspace_fingerprint(
        [("src/app.py", file_sha256(app)), ("README.md", file_sha256(b"# Retry policy\n"))]
    )
    [hit, *_] = store.query_code(scope_id, "retry_budget", 5)
    assert (hit.path, hit.start_line, hit.end_line, hit.fingerprint) == ("src/app.py", 61, 100, workspace.fingerprint)
    assert hit.lines[95 - 61] == "retry_budget = 95"
    read = store.read_code(scope_id, workspace.fingerprint, "src/app.py", file_sha256(app), 94, 96)
    assert read is not None and read.lines == ("line_94 = 94", "retry_budget = 95", "line_96 = 96")


def test_code_hits_do_not_overlap_and_respect_limit(store: Store, scope_id: str) -> None:
    text = "".join(f"shared_token {n}\n" for n in range(1, 121)).encode()
    store.index_workspace(scope_id, [("a.py", text), ("b.py", text)], skipped=0)
    hits = store.query_code(scope_id, "shared_token", 10)
    for first in hits:
        for second in hits:
            if first is not second and first.path == second.path:
                assert first.end_line < second.start_line or second.end_line < first.start_line
    assert len(store.query_code(scope_id, "shared_token", 1)) == 1
    assert store.query_code(scope_id, "the of", 5) == []


def test_reindex_replaces_the_current_workspace_and_keeps_old_reads(store: Store, scope_id: str) -> None:
    old = b"def legacy_handler():\n    pass\n"
    first = store.index_workspace(scope_id, [("handler.py", old), ("gone.py", b"obsolete_helper()\n")], skipped=0)
    new = b"def modern_handler():\n    pass\n"
    second = store.index_workspace(scope_id, [("handler.py", new)], skipped=0)
    assert second.fingerprint != first.fingerprint
    assert store.get_workspace(scope_id) == second
    assert store.query_code(scope_id, "legacy_handler", 5) == []
    assert store.query_code(scope_id, "obsolete_helper", 5) == []
    assert [hit.fingerprint for hit in store.query_code(scope_id, "modern_handler", 5)] == [second.fingerprint]
    old_read = store.read_code(scope_id, first.fingerprint, "handler.py", file_sha256(old), 1, 1)
    assert old_read is not None and old_read.lines == ("def legacy_handler():",)
    assert (
        store.read_code(scope_id, first.fingerprint, "gone.py", file_sha256(b"obsolete_helper()\n"), 1, 1) is not None
    )
    assert store.read_code(scope_id, second.fingerprint, "handler.py", file_sha256(old), 1, 1) is None
    assert store.check_integrity() == []


def test_reindexing_the_same_files_is_stable(store: Store, scope_id: str) -> None:
    files = [("a.py", b"alpha_value = 1\n")]
    first = store.index_workspace(scope_id, files, skipped=0)
    second = store.index_workspace(scope_id, files, skipped=1)
    assert second.fingerprint == first.fingerprint
    assert len(store.query_code(scope_id, "alpha_value", 5)) == 1


def test_read_code_answers_none_for_unknown_or_out_of_range(store: Store, scope_id: str, make_scope: object) -> None:
    data = b"one\ntwo\nthree\n"
    workspace = store.index_workspace(scope_id, [("f.txt", data)], skipped=0)
    sha = file_sha256(data)
    assert store.read_code(scope_id, workspace.fingerprint, "f.txt", sha, 3, 4) is None
    assert store.read_code(scope_id, "0" * 64, "f.txt", sha, 1, 1) is None
    assert store.read_code(scope_id, "not-a-fingerprint", "f.txt", sha, 1, 1) is None
    assert store.read_code(scope_id, workspace.fingerprint, "g.txt", sha, 1, 1) is None
    assert store.read_code(scope_id, workspace.fingerprint, "f.txt", "0" * 64, 1, 1) is None
    assert store.read_code("scp_other", workspace.fingerprint, "f.txt", sha, 1, 1) is None


@pytest.mark.parametrize(("start", "end"), [(0, 1), (3, 2), (1, 201)])
def test_read_code_rejects_malformed_ranges(store: Store, scope_id: str, start: int, end: int) -> None:
    with pytest.raises(InvalidRecord):
        store.read_code(scope_id, "0" * 64, "f.txt", "0" * 64, start, end)


def test_read_code_allows_two_hundred_lines(store: Store, scope_id: str) -> None:
    data = "".join(f"{n}\n" for n in range(1, 301)).encode()
    workspace = store.index_workspace(scope_id, [("long.txt", data)], skipped=0)
    read = store.read_code(scope_id, workspace.fingerprint, "long.txt", file_sha256(data), 101, 300)
    assert read is not None and len(read.lines) == 200 and read.lines[-1] == "300"


@pytest.mark.parametrize("path", ["../x.py", "/abs.py", "a//b.py", "./a.py", "a/../b.py", ""])
def test_workspace_paths_must_be_relative_and_clean(store: Store, scope_id: str, path: str) -> None:
    with pytest.raises(InvalidRecord):
        store.index_workspace(scope_id, [(path, b"x\n")], skipped=0)


def test_workspace_of_unknown_scope(store: Store) -> None:
    with pytest.raises(RecordNotFound):
        store.index_workspace("scp_missing", [("a.py", b"x\n")], skipped=0)
    assert store.get_workspace("scp_missing") is None
    assert store.query_code("scp_missing", "x", 5) == []


def test_collected_git_workspace_indexes_end_to_end(store: Store, scope_id: str, tree: Path) -> None:
    git(tree, "init", "-q")
    collected = collect_workspace(tree)
    workspace = store.index_workspace(scope_id, collected.files, collected.skipped)
    assert workspace.skipped == 4
    paths = {hit.path for hit in store.query_code(scope_id, "parse_config", 5)}
    assert paths == {"src/app.py", "linked.py"}
    assert not store.query_code(scope_id, "secret outside", 5)
    assert os.path.exists(tree / "escape.txt")


@pytest.mark.parametrize("query", ['"', "*", "NEAR(", "path:src", "-x", "{path}: y", "", "的"])
def test_hostile_code_queries_never_raise(store: Store, scope_id: str, query: str) -> None:
    store.index_workspace(scope_id, [("src/a.py", b"x = 1\n")], skipped=0)
    assert len(store.query_code(scope_id, query, 3)) <= 3


def test_the_current_code_read_is_one_statement_with_the_workspace(store: Store, scope_id: str) -> None:
    """``query_current_code`` answers what ``get_workspace`` and ``query_code`` answer, in every case
    (no workspace, nothing matched, matches, a query without terms), and on OceanBase in one
    statement while a window matches or nothing does (the blobs of the hits are read apart)."""
    assert store.query_current_code(scope_id, "retry_budget", 5) == (None, [])
    app = numbered(100, 95, "retry_budget")
    store.index_workspace(scope_id, [("src/app.py", app), ("README.md", b"# Retry policy\n")], skipped=1)
    workspace = store.get_workspace(scope_id)
    assert workspace is not None
    for query in ("retry_budget", "policy", "nothing_matches_this", "the of"):
        assert store.query_current_code(scope_id, query, 5) == (workspace, store.query_code(scope_id, query, 5))
    found = store.query_current_code(scope_id, "retry_budget", 5)[1]
    assert [(hit.path, hit.start_line) for hit in found][:1] == [("src/app.py", 61)]
    if store.engine != "oceanbase":
        return
    from sqlalchemy import event

    statements: list[str] = []

    def record(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        statements.append(statement)

    engine = store._engine  # type: ignore[attr-defined]
    event.listen(engine, "before_cursor_execute", record)
    try:
        store.query_current_code(scope_id, "nothing_matches_this", 5)
        assert len(statements) == 1
        store.query_current_code("scp_missing", "retry_budget", 5)
        assert len(statements) == 2
        store.query_current_code(scope_id, "retry_budget", 5)
        assert len(statements) == 4  # the ranking with the workspace, then the hits' blobs
    finally:
        event.remove(engine, "before_cursor_execute", record)
