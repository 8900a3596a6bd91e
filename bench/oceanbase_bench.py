"""OceanBase (seekdb) next to SQLite: prepare-like search latency at N atomic memories, plus seekdb's RSS.

Usage: python bench/oceanbase_bench.py [--n 10000] [--dim 384] [--prepares 200] [--seed 7] [--vocabulary wide]
       [--baseline] [--baseline-code] [--baseline-text]

Starts a loopback-only seekdb server from the installed ``pylibseekdb`` (``pcreceipt.store.oceanbase.seekdb``), loads
the same corpus into it and into a SQLite file (N atomic memories of mixed English/Chinese text
with random ``--dim`` vectors in one Scope, plus N/100 topics, N/100 experiences, a profile and a
50-file code workspace), then times, per engine, ``--prepares`` *prepare-like searches*: what one
hybrid recall round of ``prepare`` asks the store for (``pcreceipt.prepare.recall``): per searchable
family ``count_searchable``, ``search_vector`` and ``search_text`` (limits 16/8/8), then
``read_profile`` and ``query_code`` (limit 8), with a rotating set of English, Chinese and mixed
questions and a fresh random query vector each time. Single calls are timed too. It also times the
real ``prepare`` (FTS recall, builder, with and without a Receipt) on both engines, interleaved
call by call so the machine's load hits both alike, and prints the OceanBase/SQLite ratio of the
p50s and OceanBase's round trips per prepare (statements, connection checkouts and rollbacks on
release, counted with SQLAlchemy's event hooks). ``--baseline`` adds a third engine to that
interleaving, ``ob-before``: a second store on the same OceanBase database that reads as the store
did before issue 17 pinned a prepare's reads to one connection (a checkout per read, a
``ROLLBACK`` at each release), so one run gives the ratio before and after. ``--baseline-code``
adds ``ob-2reads`` the same way: the same store, reading a prepare's code as before
``Store.query_current_code`` (the workspace, then the ranking: two statements). ``--baseline-text`` adds
``ob-1by1``: the same, reading each full-text search of a recall round in its own statement, as before
``Store.search_text_many``. Prints p50 and p99,
load time and the seekdb process's RSS (after load and after the searches). Every load, prepare and
single write (``--writes`` ``create_artifact`` calls per engine, interleaved) is also measured in CPU
seconds, of this process's thread and of the seekdb process (``Cpu``): docs/deployment.md's capacity
model is built from these, as they hold whatever else the machine is doing. Not a test.

``--vocabulary bench`` (default) writes memories from ``store_bench``'s small vocabulary (34
English words, 23 Chinese words), so every English query word is in about 30% of the memories:
the worst case for OceanBase, whose full-text cost grows with the number of matching documents.
``--vocabulary wide`` draws from 5,000 pseudo-words and 500 two-character Chinese words (and asks
questions made of them), closer to real notes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

import procstat
from sqlalchemy import event
from store_bench import memory_text, random_vector

from pcreceipt.compose import compose
from pcreceipt.config import Settings
from pcreceipt.store.oceanbase.seekdb import start_seekdb
from pcreceipt.store.oceanbase.store import OceanBaseStore
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import EmbeddingRow, HistoryFamily, NewArtifact, TextMatch, TextSearch
from pcreceipt.store.sqlite import SQLiteStore

PROFILE = "bench"
T = TypeVar("T")
LIMITS: dict[HistoryFamily, int] = {"atomic-memory": 16, "topic-memory": 8, "experience": 8}
CODE_LIMIT = 8
BATCH = 500
QUESTIONS = (
    "how do we handle the retry budget for the queue worker?",
    "rollback",
    "部署",
    "数据库",
    "cache 延迟 timeout",
    "what is the release review process for the cluster?",
    "备份 监控 告警",
    "schema migration index",
)


def wide_vocabulary(seed: int) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    syllables = [c + v for c in "bcdfghklmnprstvwz" for v in ("a", "e", "i", "o", "u", "ai", "ou")]
    english = sorted({"".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))) for _ in range(6000)})[:5000]
    han = [chr(code) for code in range(0x4E00, 0x4E00 + 400)]
    chinese = sorted({rng.choice(han) + rng.choice(han) for _ in range(600)})[:500]
    return english, chinese


class Texts:
    """Memory texts and questions from the chosen vocabulary."""

    def __init__(self, vocabulary: str, seed: int) -> None:
        self.wide = wide_vocabulary(seed) if vocabulary == "wide" else None
        rng = random.Random(seed + 2)
        self.questions = list(QUESTIONS) if self.wide is None else [self._question(rng) for _ in range(8)]

    def memory(self, rng: random.Random) -> str:
        if self.wide is None:
            return memory_text(rng)
        english, chinese = self.wide
        words = [rng.choice(english) for _ in range(rng.randint(6, 14))] + [
            rng.choice(chinese) for _ in range(rng.randint(2, 5))
        ]
        rng.shuffle(words)
        return " ".join(words)

    def _question(self, rng: random.Random) -> str:
        assert self.wide is not None
        english, chinese = self.wide
        return " ".join([*rng.sample(english, 3), rng.choice(chinese)])


def percentiles(samples: Sequence[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered) * 1000:7.2f} ms   p99 {p99 * 1000:7.2f} ms"


def load(store: Store, texts: Texts, n: int, dim: int, seed: int) -> tuple[str, float]:
    """The corpus into ``store`` (same seed, same content); the Scope id and the seconds it took."""
    rng = random.Random(seed)
    started = time.perf_counter()
    scope, _ = store.create_scope(
        title="bench",
        summary="benchmark",
        idempotency_key="bench",
        parent_scope_id=None,
        context_references=[],
        external_references=[],
    )
    for first in range(0, n, BATCH):
        items = [
            NewArtifact(
                content={"kind": "fact", "text": texts.memory(rng)},
                embedding=EmbeddingRow(PROFILE, random_vector(rng, dim)),
            )
            for _ in range(min(BATCH, n - first))
        ]
        store.create_artifacts(scope.scope_id, "atomic-memory", items)
    extra = max(n // 100, 1)
    store.create_artifacts(
        scope.scope_id,
        "topic-memory",
        [
            NewArtifact(
                content={"title": texts.memory(rng)[:40], "summary": texts.memory(rng), "detail": texts.memory(rng)},
                embedding=EmbeddingRow(PROFILE, random_vector(rng, dim)),
            )
            for _ in range(extra)
        ],
    )
    store.create_artifacts(
        scope.scope_id,
        "experience",
        [
            NewArtifact(
                content={name: texts.memory(rng) for name in ("situation", "action", "outcome", "lesson")},
                embedding=EmbeddingRow(PROFILE, random_vector(rng, dim)),
            )
            for _ in range(extra)
        ],
    )
    store.create_artifact(scope.scope_id, "profile", {"content": "Prefers short answers"})
    files = [
        (f"src/module_{n}.py", "".join(f"# {texts.memory(rng)}\nvalue_{n}_{i} = {i}\n" for i in range(60)).encode())
        for n in range(50)
    ]
    store.index_workspace(scope.scope_id, files, skipped=0)
    return scope.scope_id, time.perf_counter() - started


def prepare_like(store: Store, scope_id: str, question: str, vector: Sequence[float]) -> None:
    """The store calls of one hybrid recall round of prepare."""
    for family, limit in LIMITS.items():
        if store.count_searchable(scope_id, family) == 0:
            continue
        store.search_vector(scope_id, family, vector, PROFILE, limit)
        store.search_text(scope_id, family, question, limit, match="any")
    store.read_profile(scope_id)
    store.query_code(scope_id, question, CODE_LIMIT)


def timed(calls: int, call: Callable[[int], object]) -> list[float]:
    samples = []
    for number in range(calls):
        started = time.perf_counter()
        call(number)
        samples.append(time.perf_counter() - started)
    return samples


class Cpu:
    """CPU seconds, the measure of a capacity model (what a call costs whatever else the machine does):
    this thread's (the runtime and the store's client side: SQL building, the driver, SQLite itself)
    and the seekdb server process's (``/proc``, in clock ticks: summed over many calls the
    rounding evens out). seekdb's background work during a call is counted in it."""

    def __init__(self, seekdb_pid: int) -> None:
        self.seekdb_pid = seekdb_pid
        self.client: dict[str, float] = {}
        self.server: dict[str, float] = {}
        self.calls: dict[str, int] = {}

    def run(self, name: str, networked: bool, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``call(*args, **kwargs)`` once, its CPU added to ``name``'s totals; what it returned."""
        server = procstat.cpu_seconds(self.seekdb_pid) if networked else 0.0
        client = time.thread_time()
        result = call(*args, **kwargs)
        self.client[name] = self.client.get(name, 0.0) + time.thread_time() - client
        if networked:
            self.server[name] = self.server.get(name, 0.0) + procstat.cpu_seconds(self.seekdb_pid) - server
        self.calls[name] = self.calls.get(name, 0) + 1
        return result

    def per_call_ms(self, name: str) -> tuple[float, float | None]:
        """(client, seekdb) CPU milliseconds per call; seekdb None for an embedded engine."""
        calls = self.calls[name]
        server = self.server.get(name)
        return 1000 * self.client[name] / calls, None if server is None else 1000 * server / calls


class RoundTrips:
    """Counts an OceanBase store's round trips through SQLAlchemy's event hooks: statements, pool
    checkouts (each one pings the server first: ``pool_pre_ping``) and the ``ROLLBACK`` the driver
    sends when a connection is released (none unless ``skip_autocommit_rollback`` is off)."""

    def __init__(self, store: OceanBaseStore) -> None:
        self.statements = 0
        self.checkouts = 0
        self.rollbacks = 0
        engine = store._engine  # a benchmark's look inside the store
        event.listen(engine, "before_cursor_execute", self._statement)
        event.listen(engine.pool, "checkout", self._checkout)
        dialect: Any = engine.dialect
        sent = dialect.do_rollback

        def do_rollback(dbapi_connection: Any) -> None:
            if not (dialect.skip_autocommit_rollback and dialect.detect_autocommit_setting(dbapi_connection)):
                self.rollbacks += 1
            sent(dbapi_connection)

        dialect.do_rollback = do_rollback

    def _statement(self, *_: object) -> None:
        self.statements += 1

    def _checkout(self, *_: object) -> None:
        self.checkouts += 1

    def counts(self) -> tuple[int, int, int]:
        return self.statements, self.checkouts, self.rollbacks


class SeparateCodeReads:
    """An OceanBase store reading a prepare's code in two statements, the workspace and then the
    ranking, as recall did before ``query_current_code``. For ``--baseline-code``."""

    def __init__(self, store: OceanBaseStore) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def query_current_code(self, scope_id: str, query: str, limit: int) -> tuple[Any, list[Any]]:
        workspace = self._store.get_workspace(scope_id)
        return workspace, [] if workspace is None else self._store.query_code(scope_id, query, limit)


class SeparateTextReads:
    """An OceanBase store reading a recall round's full-text searches one statement each, as recall
    did before ``search_text_many``. For ``--baseline-text``."""

    def __init__(self, store: OceanBaseStore) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def search_text_many(self, searches: Sequence[TextSearch]) -> list[list[Any]]:
        return [self._store.search_text(s.scope_id, s.family, s.query, s.limit, match=s.match) for s in searches]


class Unpinned:
    """An OceanBase store as it was before reads were pinned (issue 17): every read checks out its
    own connection, and every release sends a ``ROLLBACK``. For ``--baseline``."""

    def __init__(self, store: OceanBaseStore) -> None:
        self._store = store
        store._engine.dialect.skip_autocommit_rollback = False  # a benchmark's look inside the store

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def pinned_connection(self) -> AbstractContextManager[None]:
        return nullcontext()


def measure_prepares(
    stores: dict[str, Store], scopes: dict[str, str], questions: Sequence[str], args: argparse.Namespace, cpu: Cpu
) -> None:
    """The real prepare (FTS recall, builder; without and with a Receipt, ``include_code``) on every
    engine, interleaved call by call so the machine's load hits both alike; then the ratios."""
    runtimes = {name: compose(Settings(), store=store).runtime for name, store in stores.items()}
    trips = {}
    for name, store in stores.items():
        inner = store._store if isinstance(store, Unpinned | SeparateCodeReads | SeparateTextReads) else store
        if isinstance(inner, OceanBaseStore):
            trips[name] = RoundTrips(inner)
    for with_receipt in (False, True):
        label = "prepare + Receipt" if with_receipt else "prepare"
        requests = {
            name: [
                {"scope_id": scopes[name], "query": q, "include_code": True, "include_receipt": with_receipt}
                for q in questions
            ]
            for name in stores
        }
        for number in range(10):  # warm-up: plan caches, page caches
            for name, runtime in runtimes.items():
                runtime.prepare(requests[name][number % len(questions)], request_id="0" * 16)
        samples: dict[str, list[float]] = {name: [] for name in stores}
        before = {name: counter.counts() for name, counter in trips.items()}
        for number in range(args.prepares):
            for name, runtime in runtimes.items():
                request = requests[name][number % len(questions)]
                started = time.perf_counter()
                cpu.run(f"{label}/{name}", name in trips, runtime.prepare, request, request_id="0" * 16)
                samples[name].append(time.perf_counter() - started)
        for name in stores:
            client_ms, server_ms = cpu.per_call_ms(f"{label}/{name}")
            seekdb = "" if server_ms is None else f", seekdb {server_ms:.2f} ms"
            cpu_line = f"CPU per call: this process {client_ms:.2f} ms{seekdb}"
            print(f"{name:<9} {label:<26} {percentiles(samples[name])}   {cpu_line}")
        for name, counter in trips.items():
            ratio = statistics.median(samples[name]) / statistics.median(samples["sqlite"])
            statements, checkouts, rollbacks = (
                (now - then) / args.prepares for now, then in zip(counter.counts(), before[name], strict=True)
            )
            print(
                f"          {label}: {name}/sqlite p50 {ratio:.2f}x; round trips per prepare:"
                f" {statements:.2f} statements + {checkouts:.2f} connection checkouts"
                f" + {rollbacks:.2f} rollbacks on release = {statements + checkouts + rollbacks:.2f}"
            )


def measure_writes(stores: dict[str, Store], scopes: dict[str, str], args: argparse.Namespace, cpu: Cpu) -> None:
    """``--writes`` single ``create_artifact`` calls per engine, interleaved: CPU and round trips per write."""
    rng = random.Random(args.seed + 2)
    trips = {name: RoundTrips(store) for name, store in stores.items() if isinstance(store, OceanBaseStore)}
    before = {name: counter.counts() for name, counter in trips.items()}
    for number in range(args.writes):
        content = {"kind": "fact", "text": f"single write {number}: {rng.random()}"}
        for name, store in stores.items():
            cpu.run(f"write/{name}", name in trips, store.create_artifact, scopes[name], "atomic-memory", content)
    for name in stores:
        client_ms, server_ms = cpu.per_call_ms(f"write/{name}")
        line = f"{name:<9} single write               CPU per call: this process {client_ms:.2f} ms"
        if server_ms is not None:
            statements, checkouts, _ = (
                (now - then) / args.writes for now, then in zip(trips[name].counts(), before[name], strict=True)
            )
            line += f", seekdb {server_ms:.2f} ms; {statements:.2f} statements + {checkouts:.2f} checkouts per write"
        print(line)


def measure(name: str, store: Store, scope_id: str, questions: Sequence[str], args: argparse.Namespace) -> None:
    rng = random.Random(args.seed + 1)
    vectors = [list(random_vector(rng, args.dim)) for _ in range(args.prepares)]
    for number in range(10):  # warm-up: plan caches, page caches
        prepare_like(store, scope_id, questions[number % len(questions)], vectors[number])
    samples = timed(args.prepares, lambda n: prepare_like(store, scope_id, questions[n % len(questions)], vectors[n]))
    print(f"{name:<9} prepare-like search        {percentiles(samples)}")
    single: list[tuple[str, Callable[[int], object]]] = [
        ("text any (16)", lambda n: store.search_text(scope_id, "atomic-memory", questions[n % len(questions)], 16)),
    ]
    for match in ("all", "prefix"):
        mode: TextMatch = match  # type: ignore[assignment]
        single.append(
            (
                f"text {match} (16)",
                lambda n, mode=mode: store.search_text(
                    scope_id, "atomic-memory", questions[n % len(questions)], 16, match=mode
                ),
            )
        )
    single += [
        ("vector k=16", lambda n: store.search_vector(scope_id, "atomic-memory", vectors[n], PROFILE, 16)),
        ("code query (8)", lambda n: store.query_code(scope_id, questions[n % len(questions)], CODE_LIMIT)),
    ]
    for label, call in single:
        print(f"{name:<9}   {label:<24} {percentiles(timed(args.prepares, call))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--prepares", type=int, default=200)
    parser.add_argument("--writes", type=int, default=200, help="single create_artifact calls per engine")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--vocabulary", choices=("bench", "wide"), default="bench")
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="also time prepare on OceanBase as it read before issue 17's pinning (ob-before), interleaved",
    )
    parser.add_argument(
        "--baseline-code",
        action="store_true",
        help="also time prepare on OceanBase reading the code in two statements (ob-2reads), interleaved",
    )
    parser.add_argument(
        "--baseline-text",
        action="store_true",
        help="also time prepare on OceanBase reading each full-text search in its own statement (ob-1by1), interleaved",
    )
    args = parser.parse_args()
    texts = Texts(args.vocabulary, args.seed)
    with tempfile.TemporaryDirectory(prefix="pcreceipt-ob-bench-") as workdir, start_seekdb(Path(workdir)) as server:
        print(f"seekdb pid {server.pid} on 127.0.0.1:{server.port}, RSS at start {server.rss_bytes() / 2**20:.0f} MiB")
        stores: dict[str, Store] = {
            "sqlite": SQLiteStore(Path(workdir) / "bench.db", vector_dimensions=args.dim),
            "oceanbase": OceanBaseStore(server.url("bench"), vector_dimensions=args.dim),
        }
        scopes = {}
        cpu = Cpu(server.pid)
        for name, store in stores.items():
            networked = isinstance(store, OceanBaseStore)
            scope_id, seconds = cpu.run(f"load/{name}", networked, load, store, texts, args.n, args.dim, args.seed)
            scopes[name] = scope_id
            client_ms, server_ms = cpu.per_call_ms(f"load/{name}")
            per_row = f"CPU per memory row: this process {1000 * client_ms / args.n:.1f} µs"
            per_row += "" if server_ms is None else f", seekdb {1000 * server_ms / args.n:.1f} µs"
            others = 2 * max(args.n // 100, 1)
            print(f"{name:<9} load {args.n} memories (+{others} others, 50 files): {seconds:.1f} s; {per_row}")
        print(f"seekdb RSS after load {server.rss_bytes() / 2**20:.0f} MiB")
        timed_stores = dict(stores)
        if args.baseline:  # a second store on the same database, as OceanBase read before pinning
            timed_stores["ob-before"] = Unpinned(OceanBaseStore(server.url("bench"), vector_dimensions=args.dim))
            scopes["ob-before"] = scopes["oceanbase"]
        if args.baseline_code:  # the same, reading a prepare's code in two statements
            second = OceanBaseStore(server.url("bench"), vector_dimensions=args.dim)
            timed_stores["ob-2reads"] = SeparateCodeReads(second)
            scopes["ob-2reads"] = scopes["oceanbase"]
        if args.baseline_text:  # the same, reading a round's full-text searches one statement each
            timed_stores["ob-1by1"] = SeparateTextReads(OceanBaseStore(server.url("bench"), vector_dimensions=args.dim))
            scopes["ob-1by1"] = scopes["oceanbase"]
        measure_prepares(timed_stores, scopes, texts.questions, args, cpu)
        measure_writes(stores, scopes, args, cpu)
        for name, store in stores.items():
            measure(name, store, scopes[name], texts.questions, args)
        print(f"seekdb RSS after searches {server.rss_bytes() / 2**20:.0f} MiB")
        for store in timed_stores.values():
            store.close()


if __name__ == "__main__":
    main()
