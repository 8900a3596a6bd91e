"""The OceanBase engine's full text: index columns of a searchable text, and ranked queries.

Decisions:
- OceanBase's parsers do not tokenize like SQLite (the ``space`` parser drops MySQL stop words
  such as ``www`` or ``de`` and compares through the column collation, ``ngram`` matches noise,
  ``ik`` finds dictionary words only and misses ``智能`` inside ``人工智能`` in smart mode, and
  none has prefix queries: ``word*`` is error 1149). So this engine indexes the exact tokens
  SQLite's FTS5 sees (``pcreceipt.store.tokens`` over ``text.segment``: CJK bigrams plus a
  trailing character, case- and diacritic-folded) in two forms:
  - ``words``: each token as a fixed 17-character ASCII hash word of (partition, token) under a
    ``FULLTEXT`` index ``WITH PARSER space``, so no stop word, length limit or collation can drop
    or merge a token, and the index only ever yields the searched (Scope, family) partition's
    rows (SQLite gets the same effect from its partition token); it finds candidates
    (``MATCH ... AGAINST`` in natural-language mode = any token; for ``all``, in boolean mode with
    every word required, so the index intersects the posting lists instead of handing back, and
    looking up, every document holding any one word: 5 to 10 times faster at 10k) and ranks them
    (OceanBase's natural-language BM25 relevance, the same in both cases; title / path words are
    written twice, as SQLite weighs them twice the body);
  - ``terms``: the tokens as a space-delimited binary string (`` title tokens \n body tokens ``),
    where ``LOCATE`` decides the exact query semantics: a phrase is `` a b `` (adjacent tokens,
    never across the line break between the fields), a prefix phrase `` a b`` (its last token a
    prefix).
- The query plan is the engine-neutral ``text.match_plan``, so ``all`` / ``any`` / ``prefix``
  match exactly the documents SQLite matches, prefix queries included: a query with a phrase
  that is a lone prefix token (any word under ``prefix``, e.g. ``migrat``, or a lone CJK
  character in any mode) has no full-text anchor and scans the (Scope, family) partition's token
  strings (prefix hash words in the same index would fix that, but they lengthen every document
  and so change the BM25 ranking).
- Ranking: documents matching more of the query's phrases first, then OceanBase relevance, then
  fewer tokens (prefix-only matches have no relevance; bm25 favours short documents), then
  insertion order. SQLite ranks by bm25 over phrases, so the *order* can differ where bm25
  weighs one rare phrase over several common ones; the *set* never differs.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pcreceipt.store.lexical import phrase_patterns, token_string
from pcreceipt.store.records import TextMatch
from pcreceipt.store.rows import Vector
from pcreceipt.store.text import MatchPlan, match_plan, segment
from pcreceipt.store.tokens import word_tokens

TITLE_WEIGHT = 2  # the title (or path) counts twice the body, as SQLite's bm25 weights


@dataclass(frozen=True, slots=True)
class IndexText:
    """A searchable revision's (or code chunk's) index columns: exact token strings and hash words."""

    terms: bytes
    words: str
    token_count: int


@dataclass(frozen=True, slots=True)
class TextQuery:
    """A compiled full-text query: exact ``LOCATE`` patterns, and the hash words that anchor it."""

    patterns: tuple[bytes, ...]
    require_all: bool
    anchor: str | None  # natural-language AGAINST text; None when some phrase has no exact token


@dataclass(frozen=True, slots=True)
class Prepared:
    """A write's content normalised, serialised, digested and tokenized outside the transaction."""

    content: dict[str, Any]
    content_json: str
    content_digest: str
    vector: Vector | None
    index: IndexText | None


def sha(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def partition_key(*keys: str) -> str:
    """The (Scope[, family]) partition a hash word belongs to."""
    return "\0".join(keys)


def ft_word(partition: str, token: str) -> str:
    """A token of one partition as a fixed-length ASCII word no full-text parser splits, drops or
    folds; qualified by the partition, so the full-text index only ever yields that partition's rows."""
    return "t" + hashlib.blake2b(f"{partition}\0{token}".encode(), digest_size=8).hexdigest()


def index_texts(partition: str, pairs: Sequence[tuple[str, str]]) -> list[IndexText]:
    """Index columns for (title, body) pairs of a partition, tokenized exactly as SQLite's FTS5 does."""
    tokens = word_tokens([segment(text) for pair in pairs for text in pair])
    return [
        IndexText(
            terms=token_string(title) + b"\n" + token_string(body),
            words=" ".join(ft_word(partition, t) for t in [*title * TITLE_WEIGHT, *body]),
            token_count=len(title) + len(body),
        )
        for title, body in zip(tokens[0::2], tokens[1::2], strict=True)
    ]


Folded = dict[tuple[str, str], tuple[MatchPlan | None, list[bytes | None]]]
"""The match plan and ``LOCATE`` patterns of a (query, match) pair: what a partition does not change."""


def compile_text_query(
    query: str, match: TextMatch, partition: str, *, folded: Folded | None = None
) -> TextQuery | None:
    """The engine-neutral match plan in this engine's terms for one partition; None when nothing can
    match. ``folded`` keeps the plan and its patterns of each (query, match) for the next partition
    (a prepare searches the same query in several families: tokenizing it once is enough)."""
    key = (query, match)
    if folded is not None and key in folded:
        plan, folds = folded[key]
    else:
        plan = match_plan(query, match)
        folds = [] if plan is None else phrase_patterns(plan)
        if folded is not None:
            folded[key] = (plan, folds)
    if plan is None:
        return None
    patterns: list[bytes] = []
    anchors: list[str] = []
    anchored = True
    for phrase, pattern in zip(plan.phrases, folds, strict=True):
        if pattern is None:  # a phrase of no index tokens matches nothing (as in FTS5)
            if plan.require_all:
                return None
            continue
        if pattern in patterns:
            continue
        patterns.append(pattern)
        tokens = pattern.decode("utf-8").split()
        exact = tokens[:-1] if phrase.prefix else tokens
        for word in dict.fromkeys(ft_word(partition, token) for token in exact):
            if word not in anchors:
                anchors.append(word)
        if not exact and not plan.require_all:
            anchored = False
    if not patterns:
        return None
    if plan.require_all:
        anchored = bool(anchors)
    return TextQuery(tuple(patterns), plan.require_all, " ".join(anchors) if anchored and anchors else None)


def required_words(anchor: str | None) -> str:
    """A boolean-mode query requiring every (distinct) hash word of ``anchor``."""
    return " ".join(f"+{word}" for word in (anchor or "").split())


def ranked_sql(
    compiled: TextQuery,
    table: str,
    key: str,
    columns: str,
    partition: Mapping[str, str],
    limit: int,
    *,
    select: str | None = None,
    join: str = "",
    select_params: Sequence[Any] = (),
    around: tuple[str, str, Sequence[Any]] | None = None,
) -> tuple[str, list[Any]]:
    """The statement (qmark placeholders) and parameters ranking ``table``'s rows of one partition
    for a compiled query.

    Rows match the plan exactly (``LOCATE`` over the token string); they come most phrases
    matched first, then by full-text relevance, then shorter first (bm25 favours short documents;
    this orders prefix-only matches, which have no relevance), then by ``key`` (insertion order).
    The anchor (``MATCH`` over the hash words) lets OceanBase start from its full-text index.

    The statement returns ``columns``; with ``select`` it returns ``select`` instead, computed over
    the ranked rows (``top``) and what ``join`` adds to them after the cut to ``limit``, in the
    same order (``select_params`` bind ``select``'s placeholders; ``join`` has none): one statement,
    so one round trip and one consistent read, instead of a second query for what the rows name.
    With ``around`` (a FROM clause, a condition on it and the condition's parameters) and ``select``,
    the rows ``around`` names drive the statement instead, each joined to every ranked row: one of
    them comes back, with NULLs for the ranked columns, even when nothing matched.
    """
    located = " + ".join("(LOCATE(?, terms) > 0)" for _ in compiled.patterns)
    anchor = [] if compiled.anchor is None else [compiled.anchor]
    relevance = "MATCH(words) AGAINST (?)" if anchor else "0"
    found, candidates = "MATCH(words) AGAINST (?)", anchor
    if compiled.require_all and anchor:  # only documents holding every anchor word: the index intersects
        found, candidates = "MATCH(words) AGAINST (? IN BOOLEAN MODE)", [required_words(compiled.anchor)]
    where = " AND ".join([*(f"{column} = ?" for column in partition), *([found] * len(candidates))])
    wanted = f"= {len(compiled.patterns)}" if compiled.require_all else "> 0"
    order = f"matched DESC, relevance DESC, token_count, {key}"
    outer = columns if select is None else f"{columns}, matched, relevance, token_count, {key}"
    sql = f"""SELECT {outer} FROM (
            SELECT {key}, {columns}, token_count, ({located}) AS matched, {relevance} AS relevance
            FROM {table}
            WHERE {where}
        ) ranked
        WHERE matched {wanted}
        ORDER BY {order}
        LIMIT ?"""
    params = [*compiled.patterns, *anchor, *partition.values(), *candidates, limit]
    if select is None:
        return sql, params
    top_order = ", ".join(f"top.{term}" for term in order.split(", "))
    if around is not None:
        source, condition, around_params = around
        return (
            f"SELECT {select} FROM {source} LEFT JOIN ({sql}) top ON 1 = 1 WHERE {condition} ORDER BY {top_order}",
            [*select_params, *params, *around_params],
        )
    return f"SELECT {select} FROM ({sql}) top {join} ORDER BY {top_order}", [*select_params, *params]
