"""Artifact tags, the same on every engine: Scope-local labels on an artifact's logical identity.

A tag set belongs to (scope_id, family, artifact_id), not to a revision (table ``artifact_tags``,
migration 9 of each engine): a replace, a restore or a lifecycle change (forget, merge, retire)
leaves it as it is, and a memory that is no longer active keeps its tags and can still be
tagged (PowerContext 1.4.1's tags follow logical identity the same way). A merge result starts
with the union of its inputs' tags (the inputs keep theirs), as PowerContext's merge copies them.

Decisions (``docs/decisions.md``, "Artifact tags and tag filters"):
- A tag keeps its display text; it is matched by its key, NFC then case folded. ``normalize_tags``
  refuses outer whitespace, control, surrogate and unassigned characters, keys longer than the
  contract's ``tag_key`` bound and two tags with one key (``InvalidTag`` names the index), so a
  request is refused whole and nothing is half-written.
- A tag set is served in the UTF-8 byte order of the keys (PowerContext's order), so its digest
  and ETag do not depend on the order a client sent.
- ``replace_artifact_tags`` checks the caller's precondition against the current set inside the
  write transaction, under the Scope's writer lock, and raises ``TagsChanged`` when it fails.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Literal

from pcreceipt.models import limits
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import InvalidRecord, RecordNotFound, StoreError, TaggedArtifact
from pcreceipt.store.rows import as_str

TagRule = Literal["tag_whitespace", "tag_character", "tag_key_length", "tag_duplicate"]
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Cn"})


class InvalidTag(InvalidRecord):
    """A tag ``normalize_tags`` refuses: ``index`` is its position in the request, ``rule`` why."""

    def __init__(self, index: int, rule: TagRule) -> None:
        super().__init__(f"tag {index} is refused ({rule})")
        self.index = index
        self.rule: TagRule = rule


class TagsChanged(StoreError):
    """The precondition of a tag replace does not hold for the current tag set."""


def tag_key(tag: str) -> str:
    """The key a tag is matched by: NFC, then case folded."""
    return unicodedata.normalize("NFC", tag).casefold()


def normalize_tags(tags: Sequence[str]) -> dict[str, str]:
    """{key: display text} in the UTF-8 byte order of the keys; InvalidTag for the first tag refused."""
    found: dict[str, str] = {}
    for index, tag in enumerate(tags):
        if tag != tag.strip():
            raise InvalidTag(index, "tag_whitespace")
        if any(unicodedata.category(char) in _REFUSED_CATEGORIES for char in tag):
            raise InvalidTag(index, "tag_character")
        key = tag_key(tag)
        if len(key) > limits.REPLACE_ARTIFACT_TAGS_REQUEST_TAG_KEY_MAX_LENGTH:
            raise InvalidTag(index, "tag_key_length")
        if key in found:
            raise InvalidTag(index, "tag_duplicate")
        found[key] = tag
    return dict(sorted(found.items(), key=lambda item: item[0].encode("utf-8")))


def ordered_labels(labels: Iterable[tuple[str, str]]) -> list[str]:
    """Display texts of (key, label) pairs in the keys' UTF-8 byte order."""
    return [label for _, label in sorted(labels, key=lambda item: item[0].encode("utf-8"))]


_TARGET = " FROM artifact_tags WHERE scope_id = ? AND family = ? AND artifact_id = ?"


class ArtifactTags(EngineHooks[ConnT, PreparedT]):
    """``artifact_tags``, ``replace_artifact_tags`` and ``tagged_artifact_ids`` over an engine's hooks."""

    def artifact_tags(self, scope_id: str, family: str, artifact_id: str) -> list[str] | None:
        """The artifact's tags (display text, in key order); None when the artifact does not exist."""
        with self._snapshot_reading() as conn:
            if self._head_revision(conn, scope_id, family, artifact_id) is None:
                return None
            return self._tags_in(conn, scope_id, family, artifact_id)

    def _tags_in(self, conn: ConnT, scope_id: str, family: str, artifact_id: str) -> list[str]:
        rows = self._all(conn, "SELECT tag_key, tag" + _TARGET, (scope_id, family, artifact_id))
        return ordered_labels((as_str(row[0]), as_str(row[1])) for row in rows)

    def replace_artifact_tags(
        self,
        scope_id: str,
        family: str,
        artifact_id: str,
        tags: Mapping[str, str],
        *,
        precondition: Callable[[list[str]], bool],
    ) -> list[str]:
        """Make ``tags`` ({key: display text}, as ``normalize_tags`` returns) the artifact's whole tag
        set when ``precondition(current tags)`` holds (TagsChanged otherwise); the new tags.
        RecordNotFound when the Scope or the artifact does not exist."""

        def work(conn: ConnT) -> list[str]:
            self._lock_scope(conn, scope_id)
            if self._head_revision(conn, scope_id, family, artifact_id) is None:
                raise RecordNotFound("the artifact does not exist", kind="artifact")
            if not precondition(self._tags_in(conn, scope_id, family, artifact_id)):
                raise TagsChanged("the tag set changed")
            self._run(conn, "DELETE" + _TARGET, (scope_id, family, artifact_id))
            self._insert_tags(conn, scope_id, family, artifact_id, tags)
            return self._tags_in(conn, scope_id, family, artifact_id)

        return self._transact(work)

    def _insert_tags(self, conn: ConnT, scope_id: str, family: str, artifact_id: str, tags: Mapping[str, str]) -> None:
        if not tags:
            return
        now = utc_now()
        self._run_many(
            conn,
            """INSERT INTO artifact_tags (scope_id, family, artifact_id, tag_key, tag, assigned_at)
               VALUES (?, ?, ?, ?, ?, ?)""",
            [(scope_id, family, artifact_id, key, label, now) for key, label in tags.items()],
        )

    def _merge_tags_in(self, conn: ConnT, scope_id: str, input_ids: Sequence[str], result_id: str) -> None:
        """Give a merge result the union of its inputs' atomic-memory tags (one display text per
        key: the first input's, in request order)."""
        union: dict[str, str] = {}
        for artifact_id in input_ids:
            rows = self._all(conn, "SELECT tag_key, tag" + _TARGET, (scope_id, "atomic-memory", artifact_id))
            for row in rows:
                union.setdefault(as_str(row[0]), as_str(row[1]))
        self._insert_tags(conn, scope_id, "atomic-memory", result_id, union)

    def query_artifact_tags(
        self,
        scope_id: str,
        keys: Sequence[str],
        match: str,
        families: Sequence[str],
        *,
        include_inactive: bool,
        after: tuple[str, str] | None,
        limit: int,
    ) -> list[TaggedArtifact]:
        """Up to ``limit`` of the Scope's artifacts of ``families`` carrying every tag key of
        ``keys`` (``match`` ``all``) or one at least (``any``), in (family, artifact_id) order after
        ``after``; only active ones (no lifecycle state, or ``active``) unless ``include_inactive``.
        Each with its head revision and its whole tag set, read in one snapshot."""
        wanted = sorted(set(keys))
        if not wanted or not families:
            return []
        key_marks, family_marks = ", ".join("?" for _ in wanted), ", ".join("?" for _ in families)
        active = "" if include_inactive else " AND (a.state IS NULL OR a.state = 'active')"
        start = ""
        params: list[object] = [scope_id, *wanted, *families]
        if after is not None:
            start = " AND (t.family > ? OR (t.family = ? AND t.artifact_id > ?))"
            params += [after[0], after[0], after[1]]
        params += [len(wanted) if match == "all" else 1, limit]
        with self._snapshot_reading() as conn:
            rows = self._all(
                conn,
                f"""SELECT t.family, t.artifact_id, a.head_revision
                    FROM artifact_tags t
                    JOIN artifacts a
                      ON a.scope_id = t.scope_id AND a.family = t.family AND a.artifact_id = t.artifact_id
                    WHERE t.scope_id = ? AND t.tag_key IN ({key_marks}) AND t.family IN ({family_marks}){active}{start}
                    GROUP BY t.family, t.artifact_id, a.head_revision
                    HAVING COUNT(*) >= ?
                    ORDER BY t.family, t.artifact_id
                    LIMIT ?""",
                tuple(params),
            )
            found = [(as_str(row[0]), as_str(row[1]), int(row[2])) for row in rows]
            return [
                TaggedArtifact(family, artifact_id, revision, tuple(self._tags_in(conn, scope_id, family, artifact_id)))
                for family, artifact_id, revision in found
            ]

    def tagged_artifact_ids(self, scope_id: str, family: str, tags: Sequence[str], match: str) -> set[str]:
        """Ids of the Scope's artifacts of ``family`` carrying every one of ``tags`` (``match``
        ``all``) or at least one (``any``), compared by key; whatever their lifecycle state."""
        keys = sorted({tag_key(tag) for tag in tags})
        if not keys:
            return set()
        marks = ", ".join("?" for _ in keys)
        with self._snapshot_reading() as conn:
            rows = self._all(
                conn,
                f"""SELECT artifact_id, COUNT(*) FROM artifact_tags
                    WHERE scope_id = ? AND family = ? AND tag_key IN ({marks})
                    GROUP BY artifact_id""",
                (scope_id, family, *keys),
            )
        wanted = len(keys) if match == "all" else 1
        return {as_str(row[0]) for row in rows if int(row[1]) >= wanted}
