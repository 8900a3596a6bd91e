"""Engine-neutral text handling: content normalisation, CJK-aware segmentation, query terms.

Full text works the same on every engine because the segmentation and the query plan
(``match_plan``) happen here, in Python: SQLite FTS5 indexes the *segmented* text with its
``unicode61`` word tokenizer, and OceanBase indexes exactly those tokens
(``pcreceipt.store.tokens``) and evaluates the same plan over them.

Decisions:
- Normalisation for search is Unicode NFC then ``casefold()``, on both the indexed text and
  the query, so case and composed/decomposed forms never decide a match.
- A run of CJK characters (Han, kana, Hangul) is indexed as its overlapping bigrams plus the
  run's last character as a single-character token: ``数据库`` → ``数据 据库 库``. Word
  tokenizers treat a whole CJK run as one token, and trigram indexes cannot find two-character
  words; bigrams find any substring of two or more characters, and the trailing token lets a
  one-character query find a character that ends a run (a one-character query is a prefix
  query over the bigrams).
- A query is a list of terms (one per word or CJK run). By default (``any``) the terms are
  OR-ed so natural-language questions still match, and the engine ranks by relevance (bm25):
  documents matching more and rarer terms come first. A CJK run of three or more characters
  then contributes its exact phrase (all bigrams adjacent, i.e. the substring) *and* its
  bigrams as partial matches: exact substrings rank first, partial matches still count.
  ``all`` requires every term's exact phrase; ``prefix`` is ``any`` with every word term also
  matching as a prefix (``deploy`` finds ``deployment``).
- English stop words and one-character CJK function words are dropped from queries; a query
  with nothing else (only stop words or punctuation) has no terms and finds nothing.
- Words joined by ``_ . - ' : /`` (``parse_config``, ``os.path``, ``src/main.py``) form one
  phrase term, which suits identifiers and paths in code queries.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pcreceipt.models import limits
from pcreceipt.store.records import ArtifactFamily, InvalidRecord, TextMatch

ATOMIC_TEXT_MAX_BYTES = limits.ATOMIC_MEMORY_CONTENT_TEXT_MAX_LENGTH
MAX_QUERY_TERMS = 32
MAX_MATCH_PHRASES = 64

# Han (+ Ext A, compatibility, Ext B–F), Hiragana, Katakana, Hangul syllables.
_CJK = r"\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\U00020000-\U0002ebef"
_CJK_RUN = re.compile(f"[{_CJK}]+")
_WORD = f"[^\\W_{_CJK}]+"
_QUERY_CHUNK = re.compile(f"[{_CJK}]+|{_WORD}(?:[_.'\\-:/]{_WORD})*")
_WORD_TOKEN = re.compile(_WORD)

# fmt: off
_STOP_WORDS = frozenset({
    "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as", "at", "be",
    "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could", "did", "do",
    "does", "doing", "down", "during", "each", "few", "for", "from", "further", "had", "has", "have", "having", "he",
    "her", "here", "hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its",
    "itself", "just", "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once",
    "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own", "same", "she", "should", "so", "some",
    "such", "than", "that", "the", "their", "theirs", "them", "themselves", "then", "there", "these", "they", "this",
    "those", "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where",
    "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself",
    "yourselves",
})
# fmt: on
_CJK_STOP_CHARS = frozenset("的了是在吗呢吧啊和与或也就都而及之")

_REQUIRED_TEXT_FIELDS: Mapping[ArtifactFamily, tuple[str, ...]] = {
    "atomic-memory": ("kind", "text"),
    "topic-memory": ("title", "summary", "detail"),
    "experience": ("situation", "action", "outcome", "lesson"),
    "profile": ("content",),
    "prompt": (),
}


@dataclass(frozen=True, slots=True)
class SearchText:
    """The text a searchable revision contributes to the full-text index, by field weight."""

    title: str
    body: str


@dataclass(frozen=True, slots=True)
class QueryTerm:
    """One query term: its exact phrase of index tokens, and partial phrases that also count.

    ``prefix`` marks a one-character CJK term, which matches as a prefix of the bigrams.
    ``partials`` are the bigrams of a CJK run of three or more characters.
    """

    tokens: tuple[str, ...]
    prefix: bool = False
    partials: tuple[tuple[str, ...], ...] = ()

    @property
    def is_word(self) -> bool:
        return not _CJK_RUN.match(self.tokens[0])


def normalize_for_search(text: str) -> str:
    """NFC, then casefold: the form both indexed text and queries take."""
    return unicodedata.normalize("NFC", text).casefold()


def segment(text: str) -> str:
    """Rewrite text for a word tokenizer: each CJK run becomes its bigrams plus its last character."""
    return _CJK_RUN.sub(lambda run: " " + " ".join(_run_tokens(run.group(0))) + " ", normalize_for_search(text))


def _bigrams(run: str) -> list[str]:
    return [run[i : i + 2] for i in range(len(run) - 1)]


def _run_tokens(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [*_bigrams(run), run[-1]]


def query_terms(query: str) -> list[QueryTerm]:
    """The distinct terms of a user query without stop words, in query order, at most ``MAX_QUERY_TERMS``."""
    terms: list[QueryTerm] = []
    for chunk in _QUERY_CHUNK.findall(normalize_for_search(query)):
        term = _chunk_term(chunk)
        if term is not None and all(term.tokens != seen.tokens for seen in terms):
            terms.append(term)
    return terms[:MAX_QUERY_TERMS]


def _chunk_term(chunk: str) -> QueryTerm | None:
    if not _CJK_RUN.fullmatch(chunk):
        tokens = tuple(_WORD_TOKEN.findall(chunk))
        return None if len(tokens) == 1 and tokens[0] in _STOP_WORDS else QueryTerm(tokens)
    if len(chunk) == 1:
        return None if chunk in _CJK_STOP_CHARS else QueryTerm((chunk,), prefix=True)
    bigrams = tuple(_bigrams(chunk))
    return QueryTerm(bigrams, partials=tuple((gram,) for gram in bigrams) if len(bigrams) > 1 else ())


@dataclass(frozen=True, slots=True)
class MatchPhrase:
    """One phrase of a full-text query: its tokens in order; ``prefix`` lets the last one match as a prefix."""

    tokens: tuple[str, ...]
    prefix: bool = False


@dataclass(frozen=True, slots=True)
class MatchPlan:
    """What a full-text query asks for, engine-neutrally: every phrase (``require_all``) or any one."""

    phrases: tuple[MatchPhrase, ...]
    require_all: bool


def match_plan(query: str, match: TextMatch = "any") -> MatchPlan | None:
    """The phrases a user query stands for under ``match``, or None when it has no terms.

    ``all``: each term's exact phrase, all required. ``any`` / ``prefix``: each term's phrase
    (word terms as prefixes under ``prefix``) and the partial bigrams of long CJK runs, any one
    sufficing, deduplicated and capped at ``MAX_MATCH_PHRASES``. Every engine evaluates this plan,
    so the engines agree on which documents match.
    """
    terms = query_terms(query)
    if not terms:
        return None
    if match == "all":
        return MatchPlan(tuple(MatchPhrase(term.tokens, term.prefix) for term in terms), require_all=True)
    phrases: list[MatchPhrase] = []
    for term in terms:
        prefix = term.prefix or (match == "prefix" and term.is_word)
        for phrase in (MatchPhrase(term.tokens, prefix), *(MatchPhrase(p) for p in term.partials)):
            if phrase not in phrases:
                phrases.append(phrase)
    return MatchPlan(tuple(phrases[:MAX_MATCH_PHRASES]), require_all=False)


def build_match(query: str, columns: Sequence[str] = (), match: TextMatch = "any") -> str | None:
    """A safe SQLite FTS5 MATCH expression for arbitrary user text, or None when it has no terms.

    Every phrase is a double-quoted FTS5 string, so operators and special characters in the
    user's text (``" * - : ( ) ^ + NEAR AND OR NOT``) are literal text, never syntax. ``columns``
    (engine constants, not user input) restricts the terms to those columns. The expression is
    always passed to SQLite as a bound parameter.
    """
    plan = match_plan(query, match)
    if plan is None:
        return None
    joiner = " AND " if plan.require_all else " OR "
    expression = joiner.join(_fts5_phrase(phrase.tokens, phrase.prefix) for phrase in plan.phrases)
    if columns:
        return "{" + " ".join(columns) + "} : (" + expression + ")"
    return expression


def _fts5_phrase(tokens: tuple[str, ...], prefix: bool) -> str:
    quoted = '"' + " ".join(tokens).replace('"', '""') + '"'
    return quoted + "*" if prefix else quoted


def normalize_content(family: ArtifactFamily, content: Mapping[str, Any]) -> dict[str, Any]:
    """The content as stored: required text fields checked; atomic memory text NFC + stripped.

    Full validation against the contract schema is the API layer's job; the store checks what
    it needs to index the revision and to keep the atomic-memory size rule on every path.
    """
    normalized = dict(content)
    for name in _REQUIRED_TEXT_FIELDS[family]:
        value = normalized.get(name)
        if not isinstance(value, str) or not value.strip():
            raise InvalidRecord(f"{family} content needs a non-empty text field {name!r}")
    if family == "atomic-memory":
        normalized["text"] = normalize_atomic_text(normalized["text"])
    return normalized


def normalize_atomic_text(text: str) -> str:
    """NFC + strip; InvalidRecord when empty or over 8192 UTF-8 bytes afterwards."""
    normalized = unicodedata.normalize("NFC", text).strip()
    if not normalized:
        raise InvalidRecord("atomic memory text is empty after normalisation")
    if len(normalized.encode("utf-8")) > ATOMIC_TEXT_MAX_BYTES:
        raise InvalidRecord(f"atomic memory text exceeds {ATOMIC_TEXT_MAX_BYTES} UTF-8 bytes")
    return normalized


def searchable_text(family: ArtifactFamily, content: Mapping[str, Any]) -> SearchText:
    """What a revision of a searchable family puts in the full-text index (content already normalised)."""
    if family == "atomic-memory":
        return SearchText(title=content["kind"], body=content["text"])
    if family == "topic-memory":
        return SearchText(title=content["title"], body=content["summary"] + "\n" + content["detail"])
    if family == "experience":
        fields = ("situation", "action", "outcome", "lesson")
        return SearchText(title="", body="\n".join(content[name] for name in fields))
    raise InvalidRecord(f"{family} is not a searchable family")
