"""A Topic Memory's snippet: the part of its detail a query matched, as PowerContext 1.4.1 shows it.

PowerContext indexes a topic's detail in chunks and shows, for a topic its detail channel found,
the chunk that channel matched. Here the detail is cut at the same chunk boundaries
(``detail_chunks``: blank lines, Markdown headings and list items; blocks over 1 800
characters at sentence ends; pieces joined up to about 1 200 characters, at most 1 800; a tail
under 300 joined to the chunk before it; a sentence still over 1 800 characters, and a detail
of more than 200 chunks, in 1 800-character windows overlapping by 160), and each chunk is
matched against the query by the store's own full-text match (``store.lexical``), under the
round's match mode. The snippet is the chunk matching the most distinct query phrases (the
first such chunk on a tie: PowerContext breaks that tie by the chunk's bm25 score, which
depends on the whole index), its whitespace runs made single spaces, and, when that is longer
than 480 characters, the 480-character window centred on the densest run of query terms, with
``…`` on each side that was cut (the marks count in the 480). No chunk matches: no snippet.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from pcreceipt.store.lexical import matched_phrases
from pcreceipt.store.records import TextMatch
from pcreceipt.store.text import normalize_for_search, query_terms
from pcreceipt.store.tokens import word_tokens

SNIPPET_MAX_CHARS = 480
CUT_MARK = "…"
CHUNK_TARGET_CHARS = 1200
CHUNK_MAX_CHARS = 1800
CHUNK_MIN_TAIL_CHARS = 300
CHUNK_OVERLAP_CHARS = 160
CHUNK_MAX_COUNT = 200  # not a contract limit: PowerContext 1.4.1's chunk count per detail

_BLOCK_START = re.compile(r"\n[ \t]*\n+|^(?=#{1,6}[ \t]+)|^(?=[ \t]*(?:[-*+] |\d+[.)] ))", re.MULTILINE)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])(?:[ \t]+|(?=\n))")
_CJK = r"\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\U00020000-\U0002ebef"
_CJK_RUN = re.compile(f"[{_CJK}]+")
_WORD = re.compile(f"[^\\W_{_CJK}]+")


@dataclass(frozen=True, slots=True)
class _Piece:
    start: int
    end: int
    forced: bool = False  # a fixed window: never joined with a neighbour


def _trim(text: str, start: int, end: int) -> _Piece | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return _Piece(start, end) if start < end else None


def _windows(text: str, start: int, end: int, *, trim: bool) -> list[_Piece]:
    """Fixed windows of ``CHUNK_MAX_CHARS`` over [start, end), each overlapping the one before."""
    out: list[_Piece] = []
    position = start
    while position < end:
        stop = min(position + CHUNK_MAX_CHARS, end)
        piece = _trim(text, position, stop) if trim else _Piece(position, stop)
        if piece is not None:
            out.append(_Piece(piece.start, piece.end, forced=True))
        if stop == end:
            break
        position = stop - CHUNK_OVERLAP_CHARS
    return out


def _pieces(detail: str) -> list[_Piece]:
    cuts = sorted({0, len(detail), *(m.start() for m in _BLOCK_START.finditer(detail))})
    out: list[_Piece] = []
    for block in (_trim(detail, a, b) for a, b in pairwise(cuts)):
        if block is None:
            continue
        if block.end - block.start <= CHUNK_MAX_CHARS:
            out.append(block)
            continue
        inner = detail[block.start : block.end]
        ends = sorted({block.start, block.end, *(block.start + m.end() for m in _SENTENCE_END.finditer(inner))})
        for sentence in (_trim(detail, a, b) for a, b in pairwise(ends)):
            if sentence is None:
                continue
            if sentence.end - sentence.start <= CHUNK_MAX_CHARS:
                out.append(sentence)
            else:
                out.extend(_windows(detail, sentence.start, sentence.end, trim=False))
    return out


def detail_chunks(detail: str) -> list[str]:
    """The detail's chunks, in order (their texts, trimmed)."""
    joined: list[_Piece] = []
    open_piece: _Piece | None = None
    for piece in _pieces(detail):
        if piece.forced:
            if open_piece is not None:
                joined.append(open_piece)
                open_piece = None
            joined.append(piece)
        elif open_piece is None:
            open_piece = piece
        elif piece.end - open_piece.start <= CHUNK_MAX_CHARS:
            open_piece = _Piece(open_piece.start, piece.end)
            if open_piece.end - open_piece.start >= CHUNK_TARGET_CHARS:
                joined.append(open_piece)
                open_piece = None
        else:
            joined.append(open_piece)
            open_piece = piece
    if open_piece is not None:
        joined.append(open_piece)
    if (
        len(joined) >= 2
        and not joined[-1].forced
        and joined[-1].end - joined[-1].start < CHUNK_MIN_TAIL_CHARS
        and joined[-1].end - joined[-2].start <= CHUNK_MAX_CHARS
    ):
        tail, before = joined.pop(), joined.pop()
        joined.append(_Piece(before.start, tail.end))
    if len(joined) > CHUNK_MAX_COUNT:
        joined = _windows(detail, 0, len(detail), trim=True)
    return [detail[p.start : p.end] for p in joined]


def compact(text: str) -> str:
    """Whitespace runs as single spaces, none at either end."""
    return " ".join(text.split())


def _query_tokens(query: str) -> set[str]:
    """The index tokens of the query's terms (each word of a joined term on its own)."""
    words: list[str] = []
    tokens: set[str] = set()
    for term in query_terms(query):
        if term.is_word:
            words.extend(term.tokens)
        else:
            tokens.update(term.tokens)
    for folded in word_tokens(words):
        tokens.update(folded)
    return tokens


def _occurrences(query: str, text: str) -> list[tuple[int, int, str]]:
    """(start, end, token) of each query token in ``text``, by character offsets, in order."""
    wanted = _query_tokens(query)
    if not wanted:
        return []
    spans = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    found: list[tuple[int, int, str]] = []
    folds = word_tokens([normalize_for_search(text[a:b]) for a, b in spans])
    for (start, end), folded in zip(spans, folds, strict=True):
        token = "".join(folded)
        if token in wanted:
            found.append((start, end, token))
    for run in _CJK_RUN.finditer(text):
        chars = normalize_for_search(run.group(0))
        if len(chars) != len(run.group(0)):
            continue
        for i in range(len(chars)):
            for size in (2, 1):
                if chars[i : i + size] in wanted and i + size <= len(chars):
                    found.append((run.start() + i, run.start() + i + size, chars[i : i + size]))
                    break
    return sorted(found)


def _focus(query: str, text: str) -> int:
    """The middle of the shortest stretch (earliest on a tie) that fits a snippet and holds the
    most distinct query tokens; the text's middle when it holds none."""
    found = _occurrences(query, text)
    if not found:
        return len(text) // 2
    width = SNIPPET_MAX_CHARS - 2
    counts: dict[str, int] = {}
    left = 0
    best: tuple[int, int, int] | None = None
    focus = found[0][0]
    for start, end, token in found:
        end = start + min(end - start, width)
        counts[token] = counts.get(token, 0) + 1
        while end - found[left][0] > width:
            gone = found[left][2]
            counts[gone] -= 1
            if not counts[gone]:
                del counts[gone]
            left += 1
        first = found[left][0]
        score = (len(counts), first - end, -first)
        if best is None or score > best:
            best, focus = score, (first + end) // 2
    return focus


def excerpt(query: str, text: str) -> str:
    """The compacted text, or its ``SNIPPET_MAX_CHARS`` window around the query's terms."""
    flat = compact(text)
    size = len(flat)
    if size <= SNIPPET_MAX_CHARS:
        return flat
    focus = _focus(query, flat)
    half = SNIPPET_MAX_CHARS // 2
    marks = int(focus > half) + int(size - focus > half)
    for _ in range(2):
        room = SNIPPET_MAX_CHARS - marks
        start = max(0, min(focus - room // 2, size - room))
        end = start + room
        cut_marks = int(start > 0) + int(end < size)
        if cut_marks == marks:
            break
        marks = cut_marks
    return (CUT_MARK if start else "") + flat[start:end] + (CUT_MARK if end < size else "")


def topic_snippets(query: str, match: TextMatch, details: Sequence[str]) -> list[str | None]:
    """Each detail's snippet for ``query`` under ``match``, or None when no chunk of it matches."""
    chunked = [detail_chunks(detail) for detail in details]
    counts = matched_phrases(query, match, [chunk for chunks in chunked for chunk in chunks])
    out: list[str | None] = []
    position = 0
    for chunks in chunked:
        mine = counts[position : position + len(chunks)]
        position += len(chunks)
        best = max(range(len(chunks)), key=lambda i: (mine[i] or 0, -i), default=None)
        out.append(None if best is None or mine[best] is None else excerpt(query, chunks[best]))
    return out
