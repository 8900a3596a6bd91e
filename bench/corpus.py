"""A deterministic benchmark corpus built from this machine's Python standard library. No download.

Text comes from the docstrings of the standard-library modules (``sys.stdlib_module_names``),
read with ``ast`` from the source files, so nothing is imported and no module code runs.

- **Atomic memories**: docstring paragraphs (60 to 600 characters, prose only). When the
  paragraphs run out, later *generations* join sentences of two paragraphs from different
  modules (a deterministic, seeded choice), so texts stay realistic and unique.
- **Topic memories**: title = module name (then ``module.Class``), summary = the docstring's
  first paragraph, detail = the rest (or the summary again).
- **Experiences**: built from a function docstring (situation, action, outcome, lesson).
- **CJK memories**: atomic memories in Chinese from a small fixed set of technical phrases,
  mixed with module names.

The corpus is an endless stream and ``corpus(n)`` is its first ``n`` items, so corpus(1k) is a
prefix of corpus(10k), which is a prefix of corpus(100k): queries built from the first 1000
items (``queries``) have their targets in every size. Output depends only on the Python
version's standard library (``fingerprint`` says which); nothing is random across runs.

    python bench/corpus.py --n 1000 --stats          # counts and a digest
    python bench/corpus.py --n 1000 --jsonl out.jsonl  # CreateArtifactRequest lines
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import itertools
import json
import random
import re
import sys
import sysconfig
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

SEED = "pcreceipt-bench-corpus-v1"
PARAGRAPH_MIN, PARAGRAPH_MAX = 60, 600
QUERY_SOURCE_ITEMS = 1000  # queries target the first 1000 items (present at every size)
KINDS = ("fact", "decision", "convention", "note", "gotcha")
SKIP_PARTS = frozenset({"test", "tests", "idle_test", "idlelib", "lib2to3", "turtledemo", "__phello__", "ensurepip"})
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_WORD = re.compile(r"[A-Za-z][a-z]{2,}")
_PLAIN_RUN = re.compile(r"[A-Za-z0-9 ,]{24,}")
_STOP = frozenset(
    """the and for that this with are from not can but which will has have was were its into any all may use used
    also when then than been more such only other should would could must each them they their there these those
    what how who why where does doing done being about over under between after before return returns returned
    value values object objects function functions method methods module modules class classes argument
    arguments default none true false string strings list lists type types name names file files data given
    called call calls first second new one two set sets get gets number instance instances""".split()  # noqa: SIM905
)

# A small fixed set of Chinese technical phrases (CJK memories and CJK queries use the same set).
# fmt: off
CJK_PHRASES = (
    "数据库迁移", "缓存失效", "连接池", "超时重试", "日志轮转", "配置文件", "单元测试", "持续集成", "内存泄漏",
    "并发控制", "字符编码", "序列化格式", "正则表达式", "异步任务", "线程安全", "进程间通信", "垃圾回收",
    "命令行参数", "环境变量", "依赖管理", "版本兼容", "错误处理", "性能分析", "压缩算法", "网络套接字",
    "文件锁", "时间区域", "随机种子", "哈希校验", "权限检查", "事务回滚", "索引重建", "消息队列",
    "负载均衡", "接口文档", "代码审查", "发布流程", "回归测试", "监控告警", "备份恢复",
)
CJK_TEMPLATES = (
    "在 {module} 模块里处理{a}时，要先确认{b}的设置。",
    "{module} 的{a}问题通常和{b}有关，排查时先看日志。",
    "我们决定用 {module} 来做{a}，同时保留{b}的回退方案。",
    "约定：所有涉及{a}的改动都要补充{b}，并在 {module} 中记录。",
    "注意：{module} 在高负载下的{a}会影响{b}，上线前要压测。",
)
# fmt: on


@dataclass(frozen=True, slots=True)
class Doc:
    module: str
    qualname: str  # "" for the module docstring
    kind: str  # "module", "class" or "function"
    paragraphs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Item:
    """One artifact of the corpus: a CreateArtifactRequest body plus what queries need."""

    index: int
    family: str
    content: dict[str, str]
    lang: str  # "en" or "zh"

    def request(self) -> dict[str, Any]:
        return {"family": self.family, "content": dict(self.content)}

    @property
    def text(self) -> str:
        fields = ("text", "title", "summary", "situation", "action")
        return " ".join(self.content[k] for k in fields if k in self.content)


@dataclass(frozen=True, slots=True)
class Query:
    kind: str  # "paraphrase", "keyword", "cjk" or "no_match"
    text: str
    target: int | None  # corpus index the query was made from
    probe: str | None  # a plain substring of the target to look for in content


# ------------------------------------------------------------------------------------- source


def _normalise(text: str) -> str:
    return " ".join(text.split())


def _is_prose(text: str) -> bool:
    if not PARAGRAPH_MIN <= len(text) <= PARAGRAPH_MAX or ">>>" in text or "::" in text:
        return False
    if text[0] in ":.-=*|+#(" or text.startswith(("Args", "Parameters", "Returns", "Raises", "Example")):
        return False
    words = text.split()
    letters = sum(c.isalpha() or c == " " for c in text)
    return len(words) >= 8 and letters / len(text) > 0.85


def _source_files() -> list[tuple[str, Path]]:
    root = Path(sysconfig.get_paths()["stdlib"])
    files: list[tuple[str, Path]] = []
    for name in sorted(sys.stdlib_module_names):
        if name in SKIP_PARTS:
            continue
        single = root / f"{name}.py"
        if single.is_file():
            files.append((name, single))
            continue
        package = root / name
        if (package / "__init__.py").is_file():
            for path in sorted(package.rglob("*.py")):
                rel = path.relative_to(root)
                if any(p in SKIP_PARTS or p.startswith("test_") for p in rel.parts):
                    continue
                dotted = ".".join(rel.with_suffix("").parts).removesuffix(".__init__")
                files.append((dotted, path))
    return files


def _docs_of(module: str, path: Path) -> Iterator[Doc]:
    try:
        tree = ast.parse(path.read_bytes())
    except (SyntaxError, ValueError, OSError):
        return

    def visit(node: ast.AST, prefix: str) -> Iterator[Doc]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                if child.name.startswith("_"):
                    continue
                qualname = f"{prefix}{child.name}"
                doc = ast.get_docstring(child)
                if doc:
                    kind = "class" if isinstance(child, ast.ClassDef) else "function"
                    yield Doc(module, qualname, kind, _paragraphs(doc))
                if isinstance(child, ast.ClassDef):
                    yield from visit(child, qualname + ".")

    doc = ast.get_docstring(tree)
    if doc:
        yield Doc(module, "", "module", _paragraphs(doc))
    yield from visit(tree, "")


def _paragraphs(doc: str) -> tuple[str, ...]:
    return tuple(p for p in (_normalise(x) for x in re.split(r"\n\s*\n", doc)) if p)


@cache
def stdlib_docs() -> tuple[Doc, ...]:
    return tuple(d for module, path in _source_files() for d in _docs_of(module, path))


def fingerprint() -> dict[str, Any]:
    """Which standard library the corpus came from, and a digest of its first 1000 items."""
    digest = hashlib.sha256()
    for item in corpus(1000):
        digest.update(json.dumps(item.request(), sort_keys=True, ensure_ascii=False).encode())
    return {
        "python": sys.version.split()[0],
        "stdlib_docs": len(stdlib_docs()),
        "prose_paragraphs": len(_pools().paragraphs),
        "digest_1k": digest.hexdigest()[:16],
    }


# ------------------------------------------------------------------------------------- pools


@dataclass(frozen=True, slots=True)
class _Pools:
    paragraphs: tuple[tuple[str, str], ...]  # (module, paragraph), shuffled
    topics: tuple[tuple[str, str, str], ...]  # (title, summary, detail)
    experiences: tuple[tuple[str, str, tuple[str, ...]], ...]  # (module, qualname, sentences)
    modules: tuple[str, ...]


@cache
def _pools() -> _Pools:
    rng = random.Random(SEED)
    seen: set[str] = set()
    paragraphs: list[tuple[str, str]] = []
    topics: list[tuple[str, str, str]] = []
    module_topics: list[tuple[str, str, str]] = []
    experiences: list[tuple[str, str, tuple[str, ...]]] = []
    for doc in stdlib_docs():
        prose = [p for p in doc.paragraphs if _is_prose(p)]
        for p in prose:
            if p not in seen:
                seen.add(p)
                paragraphs.append((doc.module, p))
        if doc.kind in ("module", "class") and prose:
            title = doc.module if doc.kind == "module" else f"{doc.module}.{doc.qualname}"
            detail = " ".join(prose[1:4]) or prose[0]
            (module_topics if doc.kind == "module" else topics).append((title, prose[0], detail))
        if doc.kind == "function" and prose:
            sentences = tuple(s for s in _SENTENCE.split(prose[0]) if len(s) >= 20)
            if sentences:
                experiences.append((doc.module, doc.qualname, sentences))
    rng.shuffle(paragraphs)
    rng.shuffle(topics)
    rng.shuffle(experiences)
    modules = tuple(sorted({m.split(".")[0] for m, _ in paragraphs}))
    return _Pools(tuple(paragraphs), tuple(module_topics + topics), tuple(experiences), modules)


# ------------------------------------------------------------------------------------- stream

# One cycle of 20 items: 15 English atomic memories, 1 Chinese atomic memory, 2 topic memories,
# 2 experiences (so 80% atomic, of which about 6% Chinese; 10% topic; 10% experience).
CYCLE = ("a", "a", "t", "a", "a", "e", "a", "a", "z", "a", "a", "a", "t", "a", "a", "e", "a", "a", "a", "a")


@cache
def _sentences(text: str) -> tuple[str, ...]:
    return tuple(s for s in _SENTENCE.split(text) if s)


class _Stream:
    """The endless item stream; every choice comes from one seeded RNG, in order."""

    def __init__(self) -> None:
        self.pools = _pools()
        self.rng = random.Random(SEED + ":stream")
        self.seen: set[str] = set()
        self.counters: Counter[str] = Counter()

    def _unique(self, make: Any) -> str:
        for _ in range(50):
            text = make()
            if text not in self.seen:
                self.seen.add(text)
                return str(text)
        raise RuntimeError("the corpus stream ran out of unique texts")

    def atomic(self) -> dict[str, str]:
        paragraphs = self.pools.paragraphs
        n = self.counters["a"]
        self.counters["a"] += 1
        kind = KINDS[n % len(KINDS)]
        if n < len(paragraphs):
            text = paragraphs[n][1]
            self.seen.add(text)
            return {"kind": kind, "text": text}

        def combined() -> str:
            (m1, p1), (m2, p2) = self.rng.sample(paragraphs, 2)
            first = self.rng.choice(_sentences(p1))
            second = self.rng.choice(_sentences(p2))
            joiner = self.rng.choice(("", f"In {m2}: ", "Also, ", "Relatedly, ", f"Unlike {m1}, "))
            text = f"{first} {joiner}{second[0].lower() + second[1:] if joiner.endswith(', ') else second}"
            return text[:PARAGRAPH_MAX]

        return {"kind": kind, "text": self._unique(combined)}

    def chinese(self) -> dict[str, str]:
        def make() -> str:
            a, b = self.rng.sample(CJK_PHRASES, 2)
            template = self.rng.choice(CJK_TEMPLATES)
            return template.format(module=self.rng.choice(self.pools.modules), a=a, b=b)

        return {"kind": self.rng.choice(KINDS), "text": self._unique(make)}

    def topic(self) -> dict[str, str]:
        topics = self.pools.topics
        n = self.counters["t"]
        self.counters["t"] += 1
        generation, position = divmod(n, len(topics))
        title, summary, detail = topics[position]
        if generation:
            title = f"{title} (notes {generation + 1})"
            ((_, extra),) = self.rng.sample(self.pools.paragraphs, 1)
            detail = f"{detail} {extra}"
        return {"title": title[:512], "summary": summary, "detail": detail}

    def experience(self) -> dict[str, str]:
        experiences = self.pools.experiences
        n = self.counters["e"]
        self.counters["e"] += 1
        generation, position = divmod(n, len(experiences))
        module, qualname, sentences = experiences[position]
        _, other = self.rng.choice(self.pools.paragraphs)
        situation = f"Working on code that calls {module}.{qualname}"
        if generation:
            situation += f" (case {generation + 1})"
        return {
            "situation": situation + ".",
            "action": f"Checked what {qualname} does: {sentences[0]}",
            "outcome": sentences[1] if len(sentences) > 1 else "It behaved as its docstring says.",
            "lesson": self.rng.choice(_sentences(other)),
        }

    def __iter__(self) -> Iterator[Item]:
        for index in itertools.count():
            slot = CYCLE[index % len(CYCLE)]
            if slot == "a":
                yield Item(index, "atomic-memory", self.atomic(), "en")
            elif slot == "z":
                yield Item(index, "atomic-memory", self.chinese(), "zh")
            elif slot == "t":
                yield Item(index, "topic-memory", self.topic(), "en")
            else:
                yield Item(index, "experience", self.experience(), "en")


def corpus(n: int) -> list[Item]:
    """The first ``n`` items of the stream (prefix-stable across sizes)."""
    return list(itertools.islice(_Stream(), n))


def atomic_memories(n: int) -> Iterator[Item]:
    """The first ``n`` Atomic Memories of the stream, lazily (``--scale`` loads only this family;
    ``atomic_memories(1000)`` is a prefix of ``atomic_memories(100_000)``)."""
    return itertools.islice((i for i in _Stream() if i.family == "atomic-memory"), n)


# ------------------------------------------------------------------------------------- queries


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text) if w.lower() not in _STOP]


@cache
def _vocabulary() -> frozenset[str]:
    return frozenset(w.lower() for _, p in _pools().paragraphs for w in re.findall(r"[A-Za-z]+", p))


def _probe(text: str) -> str | None:
    runs = [r.strip() for r in _PLAIN_RUN.findall(text)]
    runs = [r for r in runs if len(r) >= 24]
    return max(runs, key=len)[:40] if runs else None


def _pseudo_word(rng: random.Random) -> str:
    onsets = ("zq", "vr", "kx", "bl", "qu", "zh", "fn", "gw")
    vowels = ("a", "o", "ei", "u", "ai", "y")
    codas = ("x", "rth", "mp", "lk", "zz", "q")
    parts = (rng.choice(onsets), rng.choice(vowels), rng.choice(onsets[1:]), rng.choice(vowels), rng.choice(codas))
    return "".join(parts)


def queries(count: int = 300) -> list[Query]:
    """``count`` queries: 35% paraphrase, 30% keyword, 15% CJK, 20% no-match (deterministic)."""
    rng = random.Random(SEED + ":queries")
    items = corpus(QUERY_SOURCE_ITEMS)
    english = [i for i in items if i.family == "atomic-memory" and i.lang == "en"]
    chinese = [i for i in items if i.lang == "zh"]
    df: Counter[str] = Counter()
    for item in items:
        df.update({w.lower() for w in _words(item.text)})
    vocabulary = _vocabulary()
    plan = ["paraphrase"] * 35 + ["keyword"] * 30 + ["cjk"] * 15 + ["no_match"] * 20
    random.Random(SEED + ":plan").shuffle(plan)  # any prefix of the list mixes every kind
    out: list[Query] = []
    used: set[str] = set()
    while len(out) < count:
        kind = plan[len(out) % len(plan)]
        query: Query | None = None
        if kind == "paraphrase":
            item = rng.choice(english)
            words = _words(item.content["text"])
            if len(words) >= 5:
                keep = [w for w in words if rng.random() > 0.3][:10]
                rng.shuffle(keep)
                if len(keep) >= 3:
                    query = Query(kind, " ".join(keep), item.index, _probe(item.content["text"]))
        elif kind == "keyword":
            item = rng.choice(english)
            rare = sorted({w for w in _words(item.content["text"]) if len(w) >= 6}, key=lambda w: (df[w.lower()], w))
            if rare:
                picked = rare[: rng.choice((1, 2))]
                query = Query(kind, " ".join(picked), item.index, _probe(item.content["text"]))
        elif kind == "cjk":
            if rng.random() < 0.5 and chinese:
                item = rng.choice(chinese)
                phrase = next(p for p in CJK_PHRASES if p in item.content["text"])
                query = Query(kind, phrase, item.index, None)
            else:
                query = Query(kind, " ".join(rng.sample(CJK_PHRASES, 2)), None, None)
        else:
            words = [_pseudo_word(rng) for _ in range(rng.choice((1, 2, 3)))]
            if not any(w in vocabulary or w[:4] in vocabulary for w in words):
                query = Query(kind, " ".join(words), None, None)
        if query is not None and query.text not in used:
            used.add(query.text)
            out.append(query)
    return out


# ------------------------------------------------------------------------------------- CLI


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--jsonl", type=Path, help="write CreateArtifactRequest lines here")
    parser.add_argument("--stats", action="store_true")
    parser.add_argument("--queries", type=int, default=0, help="print this many queries")
    args = parser.parse_args()
    items = corpus(args.n)
    if args.jsonl:
        with args.jsonl.open("w", encoding="utf-8") as out:
            for item in items:
                out.write(json.dumps(item.request(), ensure_ascii=False) + "\n")
    if args.stats:
        families = Counter(i.family for i in items)
        unique = len({json.dumps(i.content, sort_keys=True) for i in items})
        print(
            json.dumps(
                {
                    "n": args.n,
                    "families": families,
                    "chinese": sum(i.lang == "zh" for i in items),
                    "unique": unique,
                    **fingerprint(),
                },
                ensure_ascii=False,
                indent=1,
            )
        )
    for q in queries(args.queries) if args.queries else []:
        print(f"{q.kind:10} {q.text}")


if __name__ == "__main__":
    main()
