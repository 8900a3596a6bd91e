"""Prepare benchmark: pcreceipt against a peer with the same prepare API, on one deterministic corpus.

Per server and corpus size N (``bench/corpus.py``; default N = 1k, 10k, 100k; the peer only up to
``--peer-max-n``, 10k), in a fresh data directory on 127.0.0.1:

1. start the server, create a Scope, load the corpus through the public API: the bulk
   ``import_artifacts`` operation when the server has it (batches of 1000, one family each),
   else one ``POST /v1/scopes/{id}/artifacts`` per artifact from 4 concurrent clients;
2. stop it and start it again: restart-to-ready time (exec until ``/health/ready`` answers 200;
   the median of ``--restarts`` restarts, repeated only while a restart takes under 30 s);
3. from here on every server is up and the phases interleave them (query by query, or block
   by block), so noise from other processes on a shared machine falls on all of them alike;
4. sequential prepare (warm-up, then every query once; with and without ``include_receipt``
   interleaved in the same loop when the server supports receipts), p50/p90/p99;
5. 4 concurrent clients (keep-alive connections, 4 alternating blocks): requests/s, p50/p99;
6. peak RSS (``VmHWM`` of the server process and its children), data-dir size;
7. pcreceipt only, after the server stopped: the same prepare run in-process on the same
   store, timing ``gate.check_prepare_request`` and ``gate.check_prepared_context`` against
   ``PrepareRuntime.prepare`` (the gate's share), and at ``--profile-n`` a pyinstrument and
   a cProfile profile of the prepare hot path.

Writes ``bench/out/report.json``, ``bench/out/summary.md`` and ``bench/out/latency.png``.
Every loop is bounded in count and in time. Timings are only compared within one run; the
machine is shared and noisy, so nothing here is a test.

    python bench/run.py --quick                           # smoke run: pcreceipt at 1k
    python bench/run.py                                   # pcreceipt at 1k, 10k and 100k
    python bench/run.py --peer-command PATH/bin/powercontext  # plus PowerContext (or: nox -s bench_peer)
    python bench/run.py --base-url http://127.0.0.1:8765 --n 1000  # any loopback server with the prepare API
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import io
import json
import os
import platform
import pstats
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus as corpus_module

HOST = "127.0.0.1"
OUT = Path(__file__).resolve().parent / "out"
BATCH_ITEMS = 1000
BATCH_BYTES = 4 * 1024 * 1024
MAX_BYTES = 8000
READY_TIMEOUT = 900.0  # PowerContext's restart grows with its data (about 28 s at 1k here)


# ---------------------------------------------------------------------------------------------- stats


def percentile(samples: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty sample."""
    ordered = sorted(samples)
    rank = max(1, round(q / 100 * len(ordered) + 0.5 - 1e-9))
    return ordered[min(rank, len(ordered)) - 1]


def summary(samples_s: Sequence[float]) -> dict[str, float | int]:
    if not samples_s:
        return {"n": 0}
    ms = [s * 1000 for s in samples_s]
    return {
        "n": len(ms),
        "p50_ms": round(percentile(ms, 50), 3),
        "p90_ms": round(percentile(ms, 90), 3),
        "p99_ms": round(percentile(ms, 99), 3),
        "mean_ms": round(statistics.fmean(ms), 3),
        "max_ms": round(max(ms), 3),
    }


# ---------------------------------------------------------------------------------------------- raw HTTP


class RawConnection:
    """A minimal keep-alive HTTP/1.1 client for the measured loops (much cheaper than httpx per call,
    so the client steals less CPU from the server on a small machine)."""

    def __init__(self, port: int, timeout: float = 60.0) -> None:
        self.port = port
        self.timeout = timeout
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(HOST, self.port)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()
            self.reader = self.writer = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        return await asyncio.wait_for(self._post(path, body), self.timeout)

    async def _post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            await self._open()
        assert self.reader is not None and self.writer is not None
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\nContent-Type: application/json\r\n"
            f"Accept: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode("ascii") + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            data = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int((await self.reader.readline()).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                chunks.append(chunk[:-2])
            data = b"".join(chunks)
        else:
            data = await self.reader.read()
            headers["connection"] = "close"
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return status, data


# ---------------------------------------------------------------------------------------------- servers


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def ready(base_url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base_url}/health/ready", timeout=1) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError, ValueError):
        return False


def peak_rss_mb(pid: int) -> float | None:
    """Peak resident set (VmHWM) of a process plus its live children, in MiB (Linux)."""
    pids = [pid]
    try:
        import psutil

        pids += [c.pid for c in psutil.Process(pid).children(recursive=True)]
    except Exception:
        pass
    total_kb = 0
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total_kb += int(line.split()[1])
        except OSError:
            continue
    return round(total_kb / 1024, 1) if total_kb else None


def dir_size_mb(path: Path) -> float:
    return round(sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / (1024 * 1024), 1)


@dataclass
class ServerSpec:
    """How to start one server on a data directory."""

    name: str
    command: Callable[[Path, int], list[str]]
    environment: Callable[[Path], dict[str, str]]
    cwd: Callable[[Path], Path]
    in_process: bool = False  # pcreceipt: the runtime can also run in this process on the same store


def pcreceipt_spec() -> ServerSpec:
    def command(data: Path, port: int) -> list[str]:
        serve = ["serve", "--host", HOST, "--port", str(port), "--data-dir", str(data)]
        return [sys.executable, "-m", "pcreceipt", *serve]

    def environment(data: Path) -> dict[str, str]:
        return {k: v for k, v in os.environ.items() if not k.startswith("PCRECEIPT_")}

    return ServerSpec("pcreceipt", command, environment, lambda data: data, in_process=True)


def peer_spec(executable: str) -> ServerSpec:
    def command(data: Path, port: int) -> list[str]:
        return [executable, "server", "run", "--host", HOST, "--port", str(port), "--no-env-file"]

    def environment(data: Path) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("POWERCONTEXT_")}
        env["POWERCONTEXT_HOME"] = str(data / "home")
        env["POWERCONTEXT_SERVER_WORKSPACE"] = str(data / "ws")
        return env

    def cwd(data: Path) -> Path:
        for sub in ("home", "ws"):
            (data / sub).mkdir(parents=True, exist_ok=True)
        return data / "ws"

    return ServerSpec("powercontext", command, environment, cwd)


class Server:
    """One server process; ``start`` returns the seconds from exec until ready."""

    def __init__(self, spec: ServerSpec, data: Path, log_path: Path) -> None:
        self.spec = spec
        self.data = data
        self.port = free_port()
        self.base_url = f"http://{HOST}:{self.port}"
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        cwd = self.spec.cwd(self.data)
        log = self.log_path.open("ab")
        started = time.perf_counter()
        self.process = subprocess.Popen(
            self.spec.command(self.data, self.port),
            env=self.spec.environment(self.data),
            cwd=cwd,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        deadline = started + READY_TIMEOUT
        while not ready(self.base_url):
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.spec.name} exited with {self.process.returncode}; see {self.log_path}")
            if time.perf_counter() > deadline:
                self.stop()
                raise RuntimeError(f"{self.spec.name} was not ready within {READY_TIMEOUT:.0f} s")
            time.sleep(0.01)
        return time.perf_counter() - started

    def peak_rss_mb(self) -> float | None:
        return None if self.process is None else peak_rss_mb(self.process.pid)

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# ---------------------------------------------------------------------------------------------- loading


async def create_scope(http: httpx.AsyncClient, label: str) -> str:
    body = {"title": f"bench {label}", "summary": "Benchmark corpus.", "idempotency_key": f"bench-{label}"}
    response = await http.post("/v1/scopes", json=body)
    response.raise_for_status()
    return str(response.json()["scope_id"])


def import_batches(items: Iterable[corpus_module.Item]) -> Iterable[list[dict[str, Any]]]:
    """Per-family buffers flushed at 1000 items or 4 MiB (each batch is one family)."""
    buffers: dict[str, list[dict[str, Any]]] = defaultdict(list)
    sizes: Counter[str] = Counter()
    for item in items:
        request = item.request()
        size = len(json.dumps(request, ensure_ascii=False).encode()) + 1
        family = item.family
        if buffers[family] and (len(buffers[family]) >= BATCH_ITEMS or sizes[family] + size > BATCH_BYTES):
            yield buffers.pop(family)
            sizes[family] = 0
        buffers[family].append(request)
        sizes[family] += size
    for family in sorted(buffers):
        if buffers[family]:
            yield buffers[family]


async def load_bulk(http: httpx.AsyncClient, scope_id: str, items: Sequence[corpus_module.Item]) -> dict[str, Any]:
    started = time.perf_counter()
    loaded = 0
    batches = 0
    for batch in import_batches(items):
        response = await http.post(f"/v1/scopes/{scope_id}/artifacts/import", json={"items": batch}, timeout=600)
        if response.status_code != 201:
            raise RuntimeError(f"import failed with HTTP {response.status_code}: {response.text[:300]}")
        loaded += len(response.json()["created"])
        batches += 1
    seconds = time.perf_counter() - started
    return {"mode": "bulk import", "rows": loaded, "batches": batches, "seconds": round(seconds, 3),
            "rows_per_s": round(loaded / seconds, 1)}


async def load_one_by_one(
    http: httpx.AsyncClient, scope_id: str, items: Sequence[corpus_module.Item], clients: int, budget_s: float
) -> dict[str, Any]:
    """One create per artifact from ``clients`` concurrent workers, stopping at the time budget."""
    queue = list(reversed(items))
    latencies: list[float] = []
    errors: Counter[int] = Counter()
    deadline = time.perf_counter() + budget_s

    async def worker() -> None:
        while queue and time.perf_counter() < deadline:
            item = queue.pop()
            t0 = time.perf_counter()
            response = await http.post(f"/v1/scopes/{scope_id}/artifacts", json=item.request(), timeout=120)
            latencies.append(time.perf_counter() - t0)
            if response.status_code != 201:
                errors[response.status_code] += 1

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(clients)))
    seconds = time.perf_counter() - started
    loaded = len(latencies) - sum(errors.values())
    return {
        "mode": f"one by one, {clients} clients",
        "rows": loaded,
        "complete": loaded == len(items),
        "errors": dict(errors),
        "seconds": round(seconds, 3),
        "rows_per_s": round(loaded / seconds, 1) if seconds else None,
        "create": summary(latencies),
    }


async def load(base_url: str, label: str, items: Sequence[corpus_module.Item], budget_s: float) -> tuple[str, dict]:
    limits = httpx.Limits(max_connections=8)
    async with httpx.AsyncClient(base_url=base_url, timeout=60, limits=limits) as http:
        scope_id = await create_scope(http, label)
        probe = await http.post(f"/v1/scopes/{scope_id}/artifacts/import", json={"items": []})
        if probe.status_code not in (201, 422):  # 422: the bulk operation exists and refused an empty batch
            return scope_id, await load_one_by_one(http, scope_id, items, 4, budget_s)
        return scope_id, await load_bulk(http, scope_id, items)


async def single_creates(base_url: str, count: int) -> dict[str, Any]:
    """One-by-one creates into a separate Scope (the peer's only write path), for a like-for-like rate."""
    async with httpx.AsyncClient(base_url=base_url, timeout=60) as http:
        scope_id = await create_scope(http, "single-creates")
        items = corpus_module.corpus(count)
        return await load_one_by_one(http, scope_id, items, 4, 60)


# ---------------------------------------------------------------------------------------------- prepare


def prepare_body(scope_id: str, query: str, receipt: bool) -> bytes:
    body: dict[str, Any] = {"scope_id": scope_id, "query": query, "max_bytes": MAX_BYTES}
    if receipt:
        body["include_receipt"] = True
    return json.dumps(body, ensure_ascii=False).encode()


@dataclass
class Outcomes:
    statuses: Counter[str] = field(default_factory=Counter)
    errors: Counter[int] = field(default_factory=Counter)
    by_kind: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    hits: Counter[str] = field(default_factory=Counter)
    hit_targets: Counter[str] = field(default_factory=Counter)
    ready_by_kind: Counter[str] = field(default_factory=Counter)

    def record(self, query: corpus_module.Query, status: int, data: bytes, seconds: float) -> None:
        if status != 200:
            self.errors[status] += 1
            return
        response = json.loads(data)
        self.statuses[response["status"]] += 1
        self.by_kind[query.kind].append(seconds)
        content = response.get("content") or ""
        if response["status"] == "ready":
            self.ready_by_kind[query.kind] += 1
        if query.probe is not None:
            self.hit_targets[query.kind] += 1
            if query.probe in content:
                self.hits[query.kind] += 1

    def as_json(self) -> dict[str, Any]:
        return {
            "statuses": dict(self.statuses),
            "errors": dict(self.errors),
            "by_kind": {k: summary(v) for k, v in sorted(self.by_kind.items())},
            "ready_by_kind": dict(self.ready_by_kind),
            "target_in_content": {k: f"{self.hits[k]}/{n}" for k, n in sorted(self.hit_targets.items())},
        }


@dataclass
class Target:
    """One server under test: where it listens, its Scope, and what it supports."""

    name: str
    port: int
    scope_id: str = ""
    receipts: bool = False
    server: Server | None = None
    data: Path | None = None
    result: dict[str, Any] = field(default_factory=dict)


async def receipts_supported(target: Target, query: str) -> bool:
    connection = RawConnection(target.port)
    try:
        status, data = await connection.post("/v1/context/prepare", prepare_body(target.scope_id, query, True))
    finally:
        await connection.close()
    return status == 200 and "receipt" in json.loads(data)


def _alternate(items: Sequence[Any], flip: int) -> list[Any]:
    return list(reversed(items)) if flip % 2 else list(items)


async def sequential(
    targets: Sequence[Target], queries: Sequence[corpus_module.Query], warmup: int, budget_s: float
) -> dict[str, dict[str, Any]]:
    """Warm-up, then every query once per server, the servers interleaved query by query (their
    order alternating), so noise from other processes on the machine falls on all of them alike.
    A server with receipts gets each query with and without ``include_receipt``, alternating
    which goes first."""
    connections = {t.name: RawConnection(t.port) for t in targets}
    plain: dict[str, list[float]] = defaultdict(list)
    with_receipt: dict[str, list[float]] = defaultdict(list)
    pair_ratios: dict[str, list[float]] = defaultdict(list)
    outcomes = {t.name: Outcomes() for t in targets}
    try:
        for query in queries[:warmup]:
            for target in targets:
                for receipt in (False, True) if target.receipts else (False,):
                    body = prepare_body(target.scope_id, query.text, receipt)
                    await connections[target.name].post("/v1/context/prepare", body)
        deadline = time.perf_counter() + budget_s
        for index, query in enumerate(queries):
            if time.perf_counter() > deadline:
                break
            for target in _alternate(targets, index):
                timings: dict[bool, float] = {}
                for receipt in _alternate((False, True) if target.receipts else (False,), index // 2):
                    body = prepare_body(target.scope_id, query.text, receipt)
                    t0 = time.perf_counter()
                    status, data = await connections[target.name].post("/v1/context/prepare", body)
                    timings[receipt] = elapsed = time.perf_counter() - t0
                    (with_receipt if receipt else plain)[target.name].append(elapsed)
                    if not receipt:
                        outcomes[target.name].record(query, status, data, elapsed)
                if target.receipts:
                    pair_ratios[target.name].append(timings[True] / timings[False])
    finally:
        for connection in connections.values():
            await connection.close()
    out: dict[str, dict[str, Any]] = {}
    for target in targets:
        name = target.name
        result: dict[str, Any] = {"plain": summary(plain[name]), **outcomes[name].as_json()}
        if target.receipts and plain[name]:
            result["with_receipt"] = summary(with_receipt[name])
            result["receipt_p50_ratio"] = round(percentile(with_receipt[name], 50) / percentile(plain[name], 50), 4)
            result["receipt_pair_ratio_median"] = round(statistics.median(pair_ratios[name]), 4)
        out[name] = result
    return out


async def concurrent_block(
    target: Target, queries: Sequence[corpus_module.Query], clients: int, total: int, offset: int, budget_s: float
) -> tuple[list[float], Counter[int], float]:
    """``clients`` keep-alive connections issuing prepares back to back until ``total`` or the budget."""
    latencies: list[float] = []
    errors: Counter[int] = Counter()
    issued = 0
    deadline = time.perf_counter() + budget_s

    async def client(start: int) -> None:
        nonlocal issued
        connection = RawConnection(target.port)
        try:
            position = start
            while issued < total and time.perf_counter() < deadline:
                issued += 1
                query = queries[position % len(queries)]
                position += clients
                body = prepare_body(target.scope_id, query.text, False)
                t0 = time.perf_counter()
                status, _ = await connection.post("/v1/context/prepare", body)
                latencies.append(time.perf_counter() - t0)
                if status != 200:
                    errors[status] += 1
        finally:
            await connection.close()

    started = time.perf_counter()
    await asyncio.gather(*(client(offset + i * 37) for i in range(clients)))
    return latencies, errors, time.perf_counter() - started


async def concurrent(
    targets: Sequence[Target],
    queries: Sequence[corpus_module.Query],
    clients: int,
    total: int,
    budget_s: float,
    blocks: int = 4,
) -> dict[str, dict[str, Any]]:
    """The concurrent phase in ``blocks`` alternating blocks per server (same noise for all)."""
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, Counter[int]] = defaultdict(Counter)
    seconds: dict[str, float] = defaultdict(float)
    for block in range(blocks):
        for target in _alternate(targets, block):
            got, failed, took = await concurrent_block(
                target, queries, clients, total // blocks, block * 101, budget_s / blocks
            )
            latencies[target.name] += got
            errors[target.name].update(failed)
            seconds[target.name] += took
    return {
        t.name: {
            "clients": clients,
            "requests": len(latencies[t.name]),
            "errors": dict(errors[t.name]),
            "seconds": round(seconds[t.name], 3),
            "requests_per_s": round(len(latencies[t.name]) / seconds[t.name], 1) if seconds[t.name] else None,
            **summary(latencies[t.name]),
        }
        for t in targets
    }


# ---------------------------------------------------------------------------------------------- in-process


def open_runtime(data: Path) -> tuple[Any, Any]:
    """The composition (close it when done) and its prepare runtime, as the server builds them."""
    from pcreceipt.compose import compose
    from pcreceipt.config import load_settings

    parts = compose(load_settings(environ={}, overrides={"data_dir": data}))
    return parts, parts.runtime


def in_process(data: Path, scope_id: str, queries: Sequence[corpus_module.Query], warmup: int) -> dict[str, Any]:
    """The runtime in this process on the server's store: gate time vs prepare time, per request.

    Both variants run for every query, alternating which goes first (as over HTTP). The Receipt
    of the receipt variant also gives, per query kind, how many recall rounds ran and the
    runtime's own stage timings.
    """
    from pcreceipt import gate

    parts, runtime = open_runtime(data)
    timings: dict[bool, dict[str, list[float]]] = {v: defaultdict(list) for v in (False, True)}
    by_kind: dict[str, list[float]] = defaultdict(list)
    rounds: dict[str, Counter[int]] = defaultdict(Counter)
    stages: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    try:
        for index, query in enumerate([*queries[:warmup], *queries]):
            measured = index >= warmup
            for receipt in (True, False) if index % 2 else (False, True):
                request: dict[str, Any] = {"scope_id": scope_id, "query": query.text, "max_bytes": MAX_BYTES}
                if receipt:
                    request["include_receipt"] = True
                t0 = time.perf_counter()
                violations = gate.check_prepare_request(request)
                t1 = time.perf_counter()
                response = runtime.prepare(request, request_id=f"bench{index:012d}").as_json()
                t2 = time.perf_counter()
                violations += gate.check_prepared_context(
                    response, max_bytes=MAX_BYTES, include_receipt=receipt, explain=False
                )
                t3 = time.perf_counter()
                if violations:
                    raise RuntimeError(f"gate violations in the benchmark: {violations[:3]}")
                if receipt and "receipt" not in response:
                    raise RuntimeError("a Receipt was dropped during the benchmark")
                if not measured:
                    continue
                timings[receipt]["request_gate"].append(t1 - t0)
                timings[receipt]["prepare"].append(t2 - t1)
                timings[receipt]["response_gate"].append(t3 - t2)
                if receipt:
                    rounds[query.kind][len(response["receipt"]["retrieval"]["rounds"])] += 1
                    for stage in response["receipt"]["stages"]:
                        stages[query.kind][stage["stage"]].append(stage["duration_ms"])
                else:
                    by_kind[query.kind].append(t2 - t1)
    finally:
        parts.close()
    out: dict[str, Any] = {}
    for receipt, samples in timings.items():
        gate_total = sum(samples["request_gate"]) + sum(samples["response_gate"])
        out["with_receipt" if receipt else "plain"] = {
            "prepare": summary(samples["prepare"]),
            "request_gate": summary(samples["request_gate"]),
            "response_gate": summary(samples["response_gate"]),
            "gate_share_of_prepare": round(gate_total / (gate_total + sum(samples["prepare"])), 4),
        }
    out["prepare_by_kind"] = {k: summary(v) for k, v in sorted(by_kind.items())}
    out["rounds_by_kind"] = {k: dict(sorted(v.items())) for k, v in sorted(rounds.items())}
    out["stage_mean_ms_by_kind"] = {
        kind: {stage: round(statistics.fmean(v), 3) for stage, v in sorted(per.items())}
        for kind, per in sorted(stages.items())
    }
    return out


def profile(data: Path, scope_id: str, queries: Sequence[corpus_module.Query], out_dir: Path, tag: str) -> dict:
    """pyinstrument (call tree) and cProfile (self time) of the in-process prepare over every query, both variants."""
    parts, runtime = open_runtime(data)
    files: dict[str, str] = {}

    def workload() -> None:
        for index, query in enumerate(queries):
            for receipt in (False, True):
                request: dict[str, Any] = {"scope_id": scope_id, "query": query.text, "max_bytes": MAX_BYTES}
                if receipt:
                    request["include_receipt"] = True
                runtime.prepare(request, request_id=f"bench{index:012d}")

    try:
        workload()  # warm caches (compiled validators, SQLite pages)
        try:
            from pyinstrument import Profiler

            profiler = Profiler(interval=0.0005)
            profiler.start()
            workload()
            profiler.stop()
            text_path = out_dir / f"profile-{tag}.txt"
            text_path.write_text(profiler.output_text(unicode=False, color=False, show_all=False))
            (out_dir / f"profile-{tag}.html").write_text(profiler.output_html())
            files["pyinstrument"] = text_path.name
        except ImportError:
            files["pyinstrument"] = "not installed"
        profile_ = cProfile.Profile()
        profile_.enable()
        workload()
        profile_.disable()
        stream = io.StringIO()
        stats = pstats.Stats(profile_, stream=stream)
        stats.sort_stats("tottime").print_stats(40)
        stats.sort_stats("cumulative").print_stats(60)
        cprofile_path = out_dir / f"cprofile-{tag}.txt"
        cprofile_path.write_text(stream.getvalue())
        files["cprofile"] = cprofile_path.name
    finally:
        parts.close()
    return files


# ---------------------------------------------------------------------------------------------- one run


@dataclass
class Options:
    queries: list[corpus_module.Query]
    warmup: int
    clients: int
    concurrent_requests: int
    seq_budget_s: float
    conc_budget_s: float
    load_budget_s: float
    profile_n: frozenset[int]
    out_dir: Path
    keep_data: bool = False
    restarts: int = 3


async def workloads(targets: Sequence[Target], options: Options) -> None:
    """Receipt probe, the sequential and the concurrent phases, every server interleaved."""
    for target in targets:
        target.receipts = await receipts_supported(target, options.queries[0].text)
        target.result["receipts_supported"] = target.receipts
    seq = await sequential(targets, options.queries, options.warmup, options.seq_budget_s)
    conc = await concurrent(targets, options.queries, options.clients, options.concurrent_requests,
                            options.conc_budget_s)
    for target in targets:
        target.result["sequential"] = seq[target.name]
        target.result["concurrent"] = conc[target.name]
        s, c = seq[target.name]["plain"], conc[target.name]
        print(
            f"[{target.name}] seq p50 {s.get('p50_ms')} ms p99 {s.get('p99_ms')} ms; "
            f"{c['clients']} clients {c['requests_per_s']} req/s p99 {c.get('p99_ms')} ms",
            flush=True,
        )


def run_size(specs: Sequence[ServerSpec], n: int, items: Sequence[corpus_module.Item], options: Options) -> dict:
    """Every server at one N, each in a fresh data directory (deleted afterwards).

    Loading runs one server at a time; from the restart on, all servers are up together and
    the prepare phases interleave them.
    """
    targets: list[Target] = []
    try:
        for spec in specs:
            data = Path(tempfile.mkdtemp(prefix=f"bench-{spec.name}-{n}-"))
            log_path = options.out_dir / f"server-{spec.name}-{n}.log"
            log_path.unlink(missing_ok=True)
            server = Server(spec, data, log_path)
            target = Target(spec.name, server.port, server=server, data=data, result={"n": n})
            targets.append(target)
            target.result["cold_start_s"] = round(server.start(), 3)
            print(f"[{spec.name} n={n}] ready in {target.result['cold_start_s']} s; loading", flush=True)
            target.scope_id, loaded = asyncio.run(load(server.base_url, f"{spec.name}-{n}", items,
                                                       options.load_budget_s))
            target.result["load"] = loaded
            print(f"[{spec.name} n={n}] load: {loaded['rows']} rows at {loaded['rows_per_s']}/s", flush=True)
            target.result["rss_peak_load_mb"] = server.peak_rss_mb()
            server.stop()
        for target in targets:
            assert target.server is not None
            times = [target.server.start()]
            while len(times) < options.restarts and times[-1] < 30:  # repeat only the quick ones
                target.server.stop()
                times.append(target.server.start())
            target.result["restart_s"] = round(statistics.median(times), 3)
            target.result["restart_all_s"] = [round(t, 3) for t in times]
            print(f"[{target.name} n={n}] restart-to-ready {target.result['restart_all_s']} s", flush=True)
        asyncio.run(workloads(targets, options))
        for target in targets:
            assert target.server is not None and target.data is not None
            target.result["rss_peak_serve_mb"] = target.server.peak_rss_mb()
            if target.server.spec.in_process:
                target.result["single_creates"] = asyncio.run(single_creates(target.server.base_url, 400))
            target.server.stop()
            rss = [v for v in (target.result["rss_peak_load_mb"], target.result["rss_peak_serve_mb"]) if v]
            target.result["rss_peak_mb"] = max(rss) if rss else None
            target.result["data_dir_mb"] = dir_size_mb(target.data)
        for target in targets:
            assert target.server is not None and target.data is not None
            if target.server.spec.in_process:
                print(f"[{target.name} n={n}] in-process gate share and profile", flush=True)
                target.result["in_process"] = in_process(target.data, target.scope_id, options.queries, options.warmup)
                if n in options.profile_n:
                    tag = f"{n // 1000}k"
                    target.result["profile_files"] = profile(
                        target.data, target.scope_id, options.queries, options.out_dir, tag
                    )
    finally:
        for target in targets:
            if target.server is not None:
                target.server.stop()
            if target.data is not None:
                if options.keep_data:
                    print(f"[{target.name} n={n}] data kept in {target.data} (Scope {target.scope_id})", flush=True)
                    target.result["data_dir"] = str(target.data)
                else:
                    shutil.rmtree(target.data, ignore_errors=True)
    return {t.name: t.result for t in targets}


def run_external(base_url: str, n: int, items: Sequence[corpus_module.Item], options: Options) -> dict[str, Any]:
    """A server someone else runs: load into a new Scope and run the workloads (no restart, no RSS)."""
    from urllib.parse import urlsplit

    parts = urlsplit(base_url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("--base-url must be a loopback address")
    target = Target("external", int(parts.port or 80), result={"n": n})
    label = f"external-{n}-{int(time.time())}"
    target.scope_id, target.result["load"] = asyncio.run(load(base_url, label, items, options.load_budget_s))
    asyncio.run(workloads([target], options))
    return target.result


# ---------------------------------------------------------------------------------------------- report


@dataclass(frozen=True)
class Goal:
    name: str
    text: str
    value: float | None
    limit: float
    higher_is_better: bool
    note: str = ""

    @property
    def met(self) -> bool | None:
        if self.value is None:
            return None
        return self.value >= self.limit if self.higher_is_better else self.value <= self.limit


def _get(results: dict[str, dict[int, dict]], server: str, n: int | None, *path: str) -> Any:
    value: Any = results.get(server, {}).get(n) if n is not None else None
    for key in path:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def _ratio(a: Any, b: Any) -> float | None:
    return round(a / b, 4) if isinstance(a, int | float) and isinstance(b, int | float) and b else None


def goals(results: dict[str, dict[int, dict]], goal_n: int) -> list[Goal]:
    ours = results.get("pcreceipt", {})
    peer = results.get("powercontext", {})
    common = sorted(set(ours) & set(peer))
    n = goal_n if goal_n in common else (common[-1] if common else None)
    n_ours = goal_n if goal_n in ours else (max(ours) if ours else None)
    note = "" if n == goal_n else f"(at N={n})"
    note_ours = "" if n_ours == goal_n else f"(at N={n_ours})"
    p = "pcreceipt"
    q = "powercontext"
    smallest, largest = (min(ours), max(ours)) if ours else (None, None)
    return [
        Goal("seq_p50", f"sequential p50 at {goal_n // 1000}k ≤ 0.25× the peer's",
             _ratio(_get(results, p, n, "sequential", "plain", "p50_ms"),
                    _get(results, q, n, "sequential", "plain", "p50_ms")), 0.25, False, note),
        Goal("conc_rps", "4-client throughput ≥ 5× the peer's",
             _ratio(_get(results, p, n, "concurrent", "requests_per_s"),
                    _get(results, q, n, "concurrent", "requests_per_s")), 5, True, note),
        Goal("conc_p99", "4-client p99 ≤ 0.1× the peer's",
             _ratio(_get(results, p, n, "concurrent", "p99_ms"), _get(results, q, n, "concurrent", "p99_ms")),
             0.1, False, note),
        Goal("bulk_load", "bulk load ≥ 20× the peer's rows/s",
             _ratio(_get(results, p, n, "load", "rows_per_s"), _get(results, q, n, "load", "rows_per_s")),
             20, True, note),
        Goal("restart", f"restart-to-ready with {goal_n // 1000}k ≤ 2 s (seconds)",
             _get(results, p, n_ours, "restart_s"), 2, False, note_ours),
        Goal("rss", "peak RSS ≤ 0.5× the peer's",
             _ratio(_get(results, p, n, "rss_peak_mb"), _get(results, q, n, "rss_peak_mb")), 0.5, False, note),
        Goal("receipt", "receipt overhead at p50 ≤ 5% (with/without − 1)",
             _minus_one(_get(results, p, n_ours, "sequential", "receipt_p50_ratio")), 0.05, False, note_ours),
        Goal("gate", "gate ≤ 3% of prepare time (plain requests)",
             _get(results, p, n_ours, "in_process", "plain", "gate_share_of_prepare"), 0.03, False, note_ours),
        Goal("scaling", "p50 at the largest N within 3× of p50 at the smallest N",
             _ratio(_get(results, p, largest, "sequential", "plain", "p50_ms"),
                    _get(results, p, smallest, "sequential", "plain", "p50_ms")),
             3, False, f"(N={largest} vs N={smallest})"),
    ]


def _minus_one(value: Any) -> float | None:
    return round(value - 1, 4) if isinstance(value, int | float) else None


def _fmt(value: Any, digits: int = 1) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def markdown(report: dict[str, Any]) -> str:
    results: dict[str, dict[int, dict]] = report["results"]
    servers = list(results)
    lines = [
        "# Prepare benchmark",
        "",
        f"{report['meta']['started']} · pcreceipt {report['meta']['source']} · {report['meta']['machine']} · "
        f"Python {report['meta']['python']} · "
        f"corpus digest {report['meta']['corpus']['digest_1k']} · {len(report['meta']['query_kinds'])} query kinds, "
        f"{report['meta']['queries']} queries",
        "",
        "Latencies are client-side over keep-alive HTTP on 127.0.0.1, in ms. Loading runs one server at a time;",
        "the prepare phases run with every server up, interleaved query by query (sequential) or block by block",
        "(4 clients), so noise from other processes falls on all servers alike. Absolute figures on a shared",
        "2-core machine move by 2× between runs; compare within a run.",
        "",
        "## Figures",
        "",
    ]
    rows = [
        ("load rows/s", ("load", "rows_per_s"), 0),
        ("load mode", ("load", "mode"), 0),
        ("cold start s", ("cold_start_s",), 2),
        ("restart-to-ready s (median)", ("restart_s",), 2),
        ("seq p50", ("sequential", "plain", "p50_ms"), 2),
        ("seq p90", ("sequential", "plain", "p90_ms"), 2),
        ("seq p99", ("sequential", "plain", "p99_ms"), 2),
        ("seq p50 with receipt", ("sequential", "with_receipt", "p50_ms"), 2),
        ("receipt p50 ratio", ("sequential", "receipt_p50_ratio"), 3),
        ("4 clients req/s", ("concurrent", "requests_per_s"), 1),
        ("4 clients p50", ("concurrent", "p50_ms"), 2),
        ("4 clients p99", ("concurrent", "p99_ms"), 2),
        ("peak RSS MiB", ("rss_peak_mb",), 1),
        ("data dir MiB", ("data_dir_mb",), 1),
        ("in-process prepare p50", ("in_process", "plain", "prepare", "p50_ms"), 2),
        ("in-process prepare+receipt p50", ("in_process", "with_receipt", "prepare", "p50_ms"), 2),
        ("gate share (plain)", ("in_process", "plain", "gate_share_of_prepare"), 4),
        ("gate share (receipt)", ("in_process", "with_receipt", "gate_share_of_prepare"), 4),
        ("single creates/s (4 clients)", ("single_creates", "rows_per_s"), 1),
    ]
    sizes = sorted({n for s in servers for n in results[s]})
    header = ["metric"]
    for n in sizes:
        header += [f"{s} {n // 1000}k" for s in servers if n in results[s]]
        if all(n in results[s] for s in ("pcreceipt", "powercontext") if s in results) and len(servers) > 1:
            header.append(f"ratio {n // 1000}k")
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for label, path, digits in rows:
        cells = [label]
        for n in sizes:
            values = [_get(results, s, n, *path) for s in servers if n in results[s]]
            cells += [_fmt(v, digits) for v in values]
            if all(n in results[s] for s in ("pcreceipt", "powercontext") if s in results) and len(servers) > 1:
                ratio = _ratio(_get(results, "pcreceipt", n, *path), _get(results, "powercontext", n, *path))
                cells.append(_fmt(ratio, 3) if isinstance(ratio, float) else "–")
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "Ratios are pcreceipt ÷ peer.", ""]
    if report.get("goals"):
        lines += ["## Goals", "", "| goal | value | limit | met |", "|---|---|---|---|"]
        for goal in report["goals"]:
            met = {True: "yes", False: "**no**", None: "not measured"}[goal["met"]]
            lines.append(f"| {goal['text']} {goal['note']} | {_fmt(goal['value'], 3)} | {goal['limit']} | {met} |")
        lines.append("")
    lines += ["## Per query kind (sequential, without receipt)", ""]
    lines += ["| server | N | kind | p50 ms | p99 ms | ready | target in content |", "|---|---|---|---|---|---|---|"]
    for s in servers:
        for n in sorted(results[s]):
            seq = results[s][n].get("sequential", {})
            for kind, stats in seq.get("by_kind", {}).items():
                lines.append(
                    f"| {s} | {n} | {kind} | {_fmt(stats.get('p50_ms'), 2)} | {_fmt(stats.get('p99_ms'), 2)} | "
                    f"{seq.get('ready_by_kind', {}).get(kind, 0)}/{stats.get('n', 0)} | "
                    f"{seq.get('target_in_content', {}).get(kind, '–')} |"
                )
    lines.append("")
    if report.get("plot"):
        lines += [f"![latency vs N]({report['plot']})", ""]
    return "\n".join(lines)


def plot(results: dict[str, dict[int, dict]], path: Path) -> str | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for color, (server, by_n) in zip(("tab:blue", "tab:red", "tab:green"), results.items(), strict=False):
        sizes = sorted(n for n in by_n if "sequential" in by_n[n])
        if not sizes:
            continue
        for key, style in (("p50_ms", "-o"), ("p99_ms", "--^")):
            values = [by_n[n]["sequential"]["plain"][key] for n in sizes]
            ax.plot(sizes, values, style, color=color, label=f"{server} {key[:3]}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("corpus size N (artifacts)")
    ax.set_ylabel("sequential prepare latency (ms)")
    ax.set_title("prepare latency vs corpus size")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path.name


# ---------------------------------------------------------------------------------------------- main


def source_revision() -> str:
    """The pcreceipt source measured: ``git describe --dirty`` of this checkout, or BENCH_SOURCE."""
    if "BENCH_SOURCE" in os.environ:
        return os.environ["BENCH_SOURCE"]
    try:
        return subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def summarize(path: Path, goal_n: int) -> int:
    """Rewrite summary.md and latency.png from a report.json (JSON turned the N keys into strings)."""
    report = json.loads(path.read_text())
    results = {s: {int(n): r for n, r in by_n.items()} for s, by_n in report["results"].items()}
    report["results"] = results
    if "pcreceipt" in results:
        report["goals"] = [{**vars(g), "met": g.met} for g in goals(results, goal_n)]
    report["plot"] = plot(results, path.parent / "latency.png")
    (path.parent / "summary.md").write_text(markdown(report))
    print(f"wrote {path.parent / 'summary.md'}")
    return 0


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="pcreceipt prepare benchmark (see the module docstring).")
    parser.add_argument("--n", default="1000,10000,100000", help="comma-separated corpus sizes [1000,10000,100000]")
    parser.add_argument("--quick", action="store_true", help="N=1000, 100 queries: a smoke run of the whole pipeline")
    parser.add_argument("--peer-command", help="the peer's CLI (`powercontext`), to run it side by side")
    parser.add_argument("--peer-max-n", type=int, default=10000, help="largest N loaded into the peer [10000]")
    parser.add_argument("--base-url", help="benchmark this already running loopback server instead")
    parser.add_argument("--no-pcreceipt", action="store_true", help="skip pcreceipt (peer only)")
    parser.add_argument("--queries", type=int, default=300, help="number of queries [300]")
    parser.add_argument("--warmup", type=int, default=30, help="warm-up requests per variant [30]")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--concurrent-requests", type=int, default=800, help="requests in the concurrent phase")
    parser.add_argument("--seq-budget", type=float, default=300, help="seconds at most for the sequential loop")
    parser.add_argument("--conc-budget", type=float, default=90, help="seconds at most for the concurrent loop")
    parser.add_argument("--load-budget", type=float, default=1800, help="seconds at most for a one-by-one load")
    parser.add_argument("--profile-n", default="10000", help="comma-separated N to profile in-process at [10000]")
    parser.add_argument("--restarts", type=int, default=3, help="restarts timed per server (median reported) [3]")
    parser.add_argument("--keep-data", action="store_true", help="keep the data directories (for experiments)")
    parser.add_argument("--goal-n", type=int, default=10000, help="N at which the goals are judged")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--summarize", type=Path, metavar="REPORT",
                        help="only rewrite summary.md and latency.png (next to REPORT) from a report.json")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.summarize:
        return summarize(args.summarize, args.goal_n)
    if args.quick:
        args.n, args.queries, args.concurrent_requests, args.profile_n = "1000", 100, 200, "1000"
    sizes = sorted({int(x) for x in args.n.split(",") if x.strip()})
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"building the corpus (N up to {max(sizes)}) and {args.queries} queries", flush=True)
    everything = corpus_module.corpus(max(sizes))
    options = Options(
        queries=corpus_module.queries(args.queries),
        warmup=args.warmup,
        clients=args.clients,
        concurrent_requests=args.concurrent_requests,
        seq_budget_s=args.seq_budget,
        conc_budget_s=args.conc_budget,
        load_budget_s=args.load_budget,
        profile_n=frozenset(int(x) for x in args.profile_n.split(",") if x.strip()),
        out_dir=args.out,
        keep_data=args.keep_data,
        restarts=args.restarts,
    )
    results: dict[str, dict[int, dict]] = {}
    if args.base_url:
        results["external"] = {sizes[0]: run_external(args.base_url, sizes[0], everything[: sizes[0]], options)}
    else:
        specs: list[tuple[ServerSpec, int]] = []
        if not args.no_pcreceipt:
            specs.append((pcreceipt_spec(), max(sizes)))
        if args.peer_command:
            specs.append((peer_spec(args.peer_command), args.peer_max_n))
        for n in sizes:
            for name, result in run_size([s for s, limit in specs if n <= limit], n, everything[:n], options).items():
                results.setdefault(name, {})[n] = result
    report: dict[str, Any] = {
        "meta": {
            "started": started,
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}",
            "python": platform.python_version(),
            "source": source_revision(),
            "corpus": corpus_module.fingerprint(),
            "queries": len(options.queries),
            "query_kinds": dict(Counter(q.kind for q in options.queries)),
            "args": {k: str(v) for k, v in vars(args).items()},
        },
        "results": results,
    }
    if "pcreceipt" in results:
        report["goals"] = [{**vars(g), "met": g.met} for g in goals(results, args.goal_n)]
    report["plot"] = plot(results, args.out / "latency.png")
    (args.out / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False, default=str))
    (args.out / "summary.md").write_text(markdown(report))
    print(f"wrote {args.out / 'report.json'} and {args.out / 'summary.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
