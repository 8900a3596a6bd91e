"""Engine-neutral helpers: segmentation, query terms, MATCH building, ids and rules."""

from __future__ import annotations

import re

import pytest
import sqlean
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.store import ids
from pcreceipt.store.lexical import matched_phrases, matched_terms
from pcreceipt.store.text import QueryTerm, build_match, match_plan, normalize_for_search, query_terms, segment
from pcreceipt.store.tokens import word_tokens


def test_segment_turns_cjk_runs_into_bigrams_and_a_trailing_character() -> None:
    assert segment("数据库").split() == ["数据", "据库", "库"]
    assert segment("学").split() == ["学"]
    assert segment("SQLite数据库，Café").split() == ["sqlite", "数据", "据库", "库", "，café"]


def test_normalisation_is_nfc_and_casefold() -> None:
    assert normalize_for_search("Cafe\u0301 STRASSE Straße") == "café strasse strasse"


def test_query_terms() -> None:
    assert query_terms("数据库") == [QueryTerm(("数据", "据库"), partials=(("数据",), ("据库",)))]
    assert query_terms("数据") == [QueryTerm(("数据",))]
    assert query_terms("学") == [QueryTerm(("学",), prefix=True)]
    assert query_terms("What is the retry budget?") == [QueryTerm(("retry",)), QueryTerm(("budget",))]
    assert query_terms("parse_config os.path") == [QueryTerm(("parse", "config")), QueryTerm(("os", "path"))]
    assert query_terms("deploy deploy DEPLOY") == [QueryTerm(("deploy",))]
    assert query_terms("the 的 ?!") == []


def test_build_match_quotes_every_phrase() -> None:
    assert build_match('NEAR(a "b") -c') == '"near" OR "b" OR "c"'
    assert build_match("学") == '"学"*'
    assert build_match(" ( ) * ") is None


def test_build_match_modes() -> None:
    columns = ("title", "body")
    assert build_match("数据库 deploy", columns) == '{title body} : ("数据 据库" OR "数据" OR "据库" OR "deploy")'
    assert build_match("数据库 deploy", columns, "all") == '{title body} : ("数据 据库" AND "deploy")'
    assert build_match("数据库 deploy 学", match="prefix") == '"数据 据库" OR "数据" OR "据库" OR "deploy"* OR "学"*'


@pytest.fixture(scope="module")
def fts() -> sqlean.Connection:
    conn = sqlean.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE t USING fts5(title, body, tokenize='unicode61 remove_diacritics 2')")
    conn.execute("INSERT INTO t VALUES (?, ?)", (segment("Deploy 部署"), segment('数据库 "quoted" NEAR AND')))
    return conn


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.one_of(st.sampled_from(list('"*-:()^+{}NEARANDORNOT 数据库_.')), st.characters()), max_size=30)
)
def test_built_expressions_are_always_valid_fts5(fts: sqlean.Connection, query: str) -> None:
    for match in ("any", "all", "prefix"):
        expression = build_match(query, ("title", "body"), match)
        if expression is not None:
            fts.execute("SELECT rowid FROM t WHERE t MATCH ?", (expression,)).fetchall()


def test_ids_and_timestamps() -> None:
    assert re.fullmatch(r"scp_[a-z2-7]{26}", ids.new_scope_id())
    assert re.fullmatch(r"art_[0-9a-f]{32}", ids.new_artifact_id())
    assert ids.new_scope_id() != ids.new_scope_id()
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", ids.utc_now())


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.one_of(st.sampled_from(list('"*-:_. 数据库学Ca\u0301fé')), st.characters()), max_size=30))
def test_match_plan_is_what_build_match_renders(query: str) -> None:
    """Every engine evaluates ``match_plan``; SQLite renders it as the FTS5 expression."""
    for match in ("any", "all", "prefix"):
        plan = match_plan(query, match)
        expression = build_match(query, (), match)
        assert (plan is None) == (expression is None)
        if plan is not None:
            joiner = " AND " if plan.require_all else " OR "
            phrases = ('"' + " ".join(phrase.tokens) + '"' + "*" * phrase.prefix for phrase in plan.phrases)
            assert expression == joiner.join(phrases)


def test_word_tokens_are_the_sqlite_index_tokens(fts: sqlean.Connection) -> None:
    texts = [segment("Deploy 部署"), segment('数据库 "quoted" NEAR AND'), "", "Cafe\u0301 x\u0301y हिन्दी"]
    assert word_tokens(texts) == [
        ("deploy", "部署", "署"),
        ("数据", "据库", "库", "quoted", "near", "and"),
        (),
        ("cafe", "xy", "ह", "न", "द"),
    ]
    conn = sqlean.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='unicode61 remove_diacritics 2')")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    conn.executemany("INSERT INTO t (rowid, x) VALUES (?, ?)", enumerate(texts, 1))
    for number, tokens in enumerate(word_tokens(texts), 1):
        expected = [row[0] for row in conn.execute("SELECT term FROM v WHERE doc = ? ORDER BY offset", (number,))]
        assert list(tokens) == expected


def test_matched_terms_counts_each_distinct_term_once() -> None:
    terms, counts = matched_terms("cache queue worker the", ["The cache is warm.", "queue and CACHE, cache again", ""])
    assert terms == 3  # "the" is a stop word
    assert counts == [1, 2, 0]
    assert matched_terms("数据库", ["我们的数据库很快", "数据"]) == (1, [1, 1])  # a partial bigram counts the term
    assert matched_terms("the", ["the"]) == (0, [0])
    assert matched_terms("Alpha beta gamma", ["alpha BETA gamma"]) == (3, [3])


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40), st.lists(st.text(max_size=40), max_size=4))
def test_matched_terms_agrees_with_the_any_match(query: str, texts: list[str]) -> None:
    """A text contains at least one term exactly when the index's ``any`` match finds it; never
    more terms than the query has."""
    terms, counts = matched_terms(query, texts)
    assert len(counts) == len(texts) and all(0 <= count <= terms for count in counts)
    assert [count > 0 for count in counts] == [found is not None for found in matched_phrases(query, "any", texts)]
