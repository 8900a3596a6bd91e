"""Consistency checks both engines run (``check_integrity``): each a description and a
``SELECT count(*)`` of the rows that break it. Engines add checks of their own indexes."""

from __future__ import annotations

from pcreceipt.store.rows import HEAD_JOIN

SEARCHABLE_HEAD = "(a.family IN ('topic-memory', 'experience') OR (a.family = 'atomic-memory' AND a.state = 'active'))"
TOKENS_WITHOUT_GRANT: tuple[str, str] = (
    "API tokens without a Binding",
    """SELECT count(*) FROM api_tokens t WHERE NOT EXISTS (SELECT 1 FROM access_bindings b
       WHERE b.subject_type = 'service' AND b.subject_id = t.token_id)""",
)
REVISIONS_NOT_ONE_TO_HEAD: tuple[str, str] = (
    "artifacts whose revisions are not exactly 1..head",
    """SELECT count(*) FROM artifacts a WHERE a.head_revision != (
           SELECT count(*) FROM revisions r WHERE r.scope_id = a.scope_id AND r.family = a.family
           AND r.artifact_id = a.artifact_id AND r.revision BETWEEN 1 AND a.head_revision)
       OR EXISTS (SELECT 1 FROM revisions r WHERE r.scope_id = a.scope_id AND r.family = a.family
           AND r.artifact_id = a.artifact_id AND r.revision > a.head_revision)""",
)
REVISIONS_WITHOUT_ARTIFACT: tuple[str, str] = (
    "revisions without an artifact head",
    """SELECT count(*) FROM revisions r WHERE NOT EXISTS (SELECT 1 FROM artifacts a
           WHERE a.scope_id = r.scope_id AND a.family = r.family AND a.artifact_id = r.artifact_id)""",
)
SEARCHABLE_HEADS_UNINDEXED: tuple[str, str] = (
    "searchable heads missing from the search index",
    f"""SELECT count(*) FROM artifacts a {HEAD_JOIN}
        WHERE {SEARCHABLE_HEAD}
        AND NOT EXISTS (SELECT 1 FROM search_docs d WHERE d.revision_pk = r.revision_pk)""",
)
SEARCH_ENTRIES_NOT_HEADS: tuple[str, str] = (
    "search entries that are not searchable heads",
    f"""SELECT count(*) FROM search_docs d WHERE NOT EXISTS (
            SELECT 1 FROM artifacts a {HEAD_JOIN} WHERE r.revision_pk = d.revision_pk AND {SEARCHABLE_HEAD})""",
)
ATOMIC_LIFECYCLE_INCONSISTENT: tuple[str, str] = (
    "atomic memories with an inconsistent lifecycle",
    """SELECT count(*) FROM artifacts a WHERE a.family = 'atomic-memory' AND (
           a.state NOT IN ('active', 'forgotten', 'merged', 'retired') OR a.state_version < 0
           OR (a.state = 'merged') != (a.merged_into_id IS NOT NULL)
           OR (a.state = 'merged' AND NOT EXISTS (SELECT 1 FROM artifacts m WHERE m.scope_id = a.scope_id
               AND m.family = 'atomic-memory' AND m.artifact_id = a.merged_into_id AND m.is_merge_result = 1)))""",
)
SOURCE_POSITIONS_NOT_DENSE: tuple[str, str] = (
    "Scopes whose Source positions are not exactly 1..n",
    """SELECT count(*) FROM (SELECT scope_id FROM sources GROUP BY scope_id
           HAVING max(source_position) != count(*) OR min(source_position) != 1) gaps""",
)
NAMED_LINEAGE_WITHOUT_REVISION: tuple[str, str] = (
    "named lineage rows whose revision does not exist",
    """SELECT count(*) FROM revision_lineage l WHERE NOT EXISTS (SELECT 1 FROM revisions r
           WHERE r.scope_id = l.scope_id AND r.family = l.family AND r.artifact_id = l.artifact_id
           AND r.revision = l.revision)""",
)
LINEAGE_WITHOUT_REVISION: tuple[str, str] = (
    "lineage Sources whose revision does not exist",
    """SELECT count(*) FROM sources s WHERE s.origin = 'lineage' AND NOT EXISTS (SELECT 1 FROM revisions r
           WHERE r.scope_id = s.scope_id AND r.family = s.target_family AND r.artifact_id = s.target_artifact_id
           AND r.revision = s.target_revision)""",
)
