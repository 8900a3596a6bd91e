"""The store's full-text match, evaluated in process over any text.

Both engines decide which documents match by the same engine-neutral plan (``text.match_plan``)
over the same tokens (``tokens.word_tokens`` of ``text.segment``): OceanBase literally, by
locating each phrase's token string in the document's token string. This module is that
evaluation without a table, so a caller can ask whether one field of a stored revision (a Topic
Memory's detail, or a chunk of it) matches a query the way the index would.
"""

from __future__ import annotations

from collections.abc import Sequence

from pcreceipt.store.records import TextMatch
from pcreceipt.store.text import MatchPhrase, MatchPlan, QueryTerm, match_plan, query_terms, segment
from pcreceipt.store.tokens import word_tokens


def token_string(tokens: Sequence[str]) -> bytes:
    """Tokens as one space-delimited string, delimited at both ends, so a phrase is a substring."""
    return (" " + " ".join(tokens) + " ").encode("utf-8")


def phrase_patterns(plan: MatchPlan) -> list[bytes | None]:
    """Each phrase of the plan as the substring a matching token string contains (a prefix
    phrase leaves its last token open); None for a phrase of no index tokens, which matches nothing."""
    folded = word_tokens([" ".join(phrase.tokens) for phrase in plan.phrases])
    return [
        (" " + " ".join(tokens) + ("" if phrase.prefix else " ")).encode("utf-8") if tokens else None
        for phrase, tokens in zip(plan.phrases, folded, strict=True)
    ]


def matched_phrases(query: str, match: TextMatch, texts: Sequence[str]) -> list[int | None]:
    """For each text: how many of the query's distinct phrases it contains when it matches the
    query under ``match`` (as the full-text index decides), else None."""
    plan = match_plan(query, match)
    if plan is None or not texts:
        return [None] * len(texts)
    patterns = list(dict.fromkeys(phrase_patterns(plan)))
    if plan.require_all and None in patterns:
        return [None] * len(texts)
    wanted = [pattern for pattern in patterns if pattern is not None]
    out: list[int | None] = []
    for tokens in word_tokens([segment(text) for text in texts]):
        haystack = token_string(tokens)
        count = sum(pattern in haystack for pattern in wanted)
        ok = count == len(wanted) if plan.require_all else count > 0
        out.append(count if ok and wanted else None)
    return out


def matched_terms(query: str, texts: Sequence[str]) -> tuple[int, list[int]]:
    """How many distinct terms the query has, and for each text how many of them it contains (a
    term counts when its exact phrase, or one of its partial bigrams, is in the text, as the
    full-text index's ``any`` match decides): the counts an admission floor compares."""
    terms = query_terms(query)
    if not terms or not texts:
        return len(terms), [0] * len(texts)
    per_term = [
        [pattern for pattern in phrase_patterns(MatchPlan(_term_phrases(term), require_all=False)) if pattern]
        for term in terms
    ]
    counts = []
    for tokens in word_tokens([segment(text) for text in texts]):
        haystack = token_string(tokens)
        counts.append(sum(any(pattern in haystack for pattern in patterns) for patterns in per_term))
    return len(terms), counts


def _term_phrases(term: QueryTerm) -> tuple[MatchPhrase, ...]:
    return (MatchPhrase(term.tokens, term.prefix), *(MatchPhrase(p) for p in term.partials))


def distinct_words(text: str) -> int:
    """How many distinct index tokens the text has, stop words included (what a query-size bound counts)."""
    return len(set(word_tokens([segment(text)])[0]))
