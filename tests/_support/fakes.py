"""A real loopback HTTP server speaking the two OpenAI-compatible endpoints pcreceipt calls.

    with FakeInference() as fake:
        fake.embeddings.mode = "down"          # or fake.configure("embeddings", mode="down", fail_first=1)
        ...  # point a client at fake.base_url
        assert fake.embeddings.calls == 1
        assert fake.requests[0].path == "/v1/embeddings"

Modes, per endpoint (``fake.embeddings`` / ``fake.chat``):

- ``ok``: embeddings are a hashed bag of words (lowercased word tokens, CJK as bigrams) projected
  into ``dimensions`` floats and L2-normalised; chat ranks ``candidates`` by word overlap with
  ``query`` (ties by id), expands an ``expand_query`` task with a few fixed synonyms, or answers
  an ``extract_memory`` task with one memory per line of the Source's text that reads
  ``<kind>: <text>`` (``extract_lines``; other lines are ignored), and a ``generate_*`` task with
  the proposal its evidence spells out line by line (``generated_proposal``), or ``null``, and a
  ``generate_handoff`` task with the draft its evidence spells out (``generated_handoff``), and a
  ``generate_profile`` task with the profile its Sources' ``profile:`` lines spell out
  (``generated_profile``);
- ``slow``: waits ``delay`` seconds, then answers as ``ok``;
- ``down``: HTTP ``status`` (503 unless set; the body echoes the request, so tests can prove clients never repeat it);
- ``refuse``: reads the request, then closes the connection without an answer;
- ``invalid``: a 200 whose body is broken, as chosen by ``invalid``: ``json`` (not JSON),
  ``shape`` (no data/choices; echoes the request), ``dimensions`` (vectors one float short),
  ``count`` (one vector missing), ``content`` (chat content that is prose, not JSON),
  ``memories`` (an extraction answer outside the closed shape: an unknown kind);
- ``empty``: embeddings ``{"data": []}``; chat content ``{"ranking": []}``.

``fail_first = N`` (N > 0) applies the failing mode to the next N calls only, then answers ``ok``;
``ok_first = N`` answers the next N calls ``ok`` before the failing mode applies.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import socket
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

Mode = Literal["ok", "slow", "down", "refuse", "invalid", "empty"]
Invalid = Literal["json", "shape", "dimensions", "count", "content", "memories"]
MEMORY_KINDS = ("fact", "preference", "decision", "constraint", "working_note")
_MEMORY_LINE = re.compile(r"^\s*(" + "|".join(MEMORY_KINDS) + r"):\s*(\S.*?)\s*$")

DEFAULT_DIMENSIONS = 384
SYNONYMS: dict[str, tuple[str, ...]] = {
    "error": ("failure", "exception"),
    "bug": ("defect", "issue"),
    "login": ("signin", "authentication"),
    "auth": ("authentication", "credentials"),
    "fast": ("quick", "performance"),
    "slow": ("latency", "performance"),
    "config": ("configuration", "settings"),
    "delete": ("remove", "erase"),
    "test": ("check", "verify"),
    "search": ("find", "lookup"),
}
_WORD = re.compile(r"[^\W_]+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")


def tokens(text: str) -> list[str]:
    """Lowercased word tokens; runs of CJK characters become overlapping bigrams."""
    out: list[str] = []
    for word in _WORD.findall(text.lower()):
        for part in re.split(f"({_CJK.pattern})", word):
            if not part:
                continue
            if _CJK.fullmatch(part):
                out.extend([part] if len(part) == 1 else [part[i : i + 2] for i in range(len(part) - 1)])
            else:
                out.append(part)
    return out


def pseudo_embedding(text: str, dimensions: int) -> list[float]:
    """Signed feature hashing of the tokens, L2-normalised: texts sharing words point closer."""
    vector = [0.0] * dimensions
    for token in tokens(text):
        digest = hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest()
        value = int.from_bytes(digest, "big")
        vector[value % dimensions] += 1.0 if (value >> 63) & 1 else -1.0
    norm = math.sqrt(sum(x * x for x in vector))
    if norm == 0:
        vector[0], norm = 1.0, 1.0
    return [x / norm for x in vector]


def rank_by_overlap(query: str, candidates: list[dict[str, Any]]) -> list[int]:
    wanted = set(tokens(query))
    scored = [(-len(wanted & set(tokens(str(c.get("text", ""))))), int(c["id"])) for c in candidates]
    return [cid for _, cid in sorted(scored)]


def expand_query(query: str) -> str:
    extra: list[str] = []
    for token in tokens(query):
        extra.extend(s for s in SYNONYMS.get(token, ()) if s not in extra)
    return " ".join([query, *(extra or ["details"])])


def extract_lines(text: str) -> list[dict[str, str]]:
    """The memories the fake extracts from a Source's text: each line ``<kind>: <text>``."""
    found = [_MEMORY_LINE.match(line) for line in text.splitlines()]
    return [{"kind": m.group(1), "text": m.group(2)} for m in found if m is not None]


GENERATION_FIELDS = {
    "generate_experience": ("situation", "action", "outcome", "lesson"),
    "generate_skill": ("name", "description", "instructions", "validation"),
}


def generated_proposal(task: dict[str, Any]) -> dict[str, Any] | None:
    """What the fake proposes for a ``generate_*`` task: the lines ``<field>: <text>`` of the
    evidence's Source texts, when every field of the family is there (``validation`` a one-item
    list); else null, the model's no-op."""
    fields = GENERATION_FIELDS[str(task["task"])]
    found: dict[str, Any] = {}
    for item in task.get("evidence", []):
        try:
            text = str(json.loads(item.get("content", "{}")).get("content") or "")
        except (ValueError, AttributeError):
            continue
        for line in text.splitlines():
            name, _, value = line.partition(":")
            if name.strip() in fields and value.strip():
                found.setdefault(name.strip(), value.strip())
    if set(found) != set(fields):
        return None
    if "validation" in found:
        found["validation"] = [found["validation"]]
    return found


DREAM_TASKS = ("dream_refine_experience", "dream_derive_skill")


def _experience_in(text: str) -> dict[str, Any] | None:
    """The first object holding an Experience's four fields inside an evidence item's JSON."""
    try:
        stack: list[Any] = [json.loads(text)]
    except ValueError:
        return None
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if all(isinstance(value.get(k), str) for k in GENERATION_FIELDS["generate_experience"]):
                return value
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return None


def dream_plan(task: dict[str, Any]) -> dict[str, Any]:
    """What the fake answers a Dream task: refine_experience proposes the Experience the Source lines
    spell (``generate_experience``'s rule), derive_skill a Skill from the first Experience artifact
    (its lesson, action and outcome), each citing every evidence item but the target; else no_change."""
    evidence = list(task.get("evidence", []))
    target = task.get("target_evidence_id")
    cited = [str(item["evidence_id"]) for item in evidence if item.get("evidence_id") != target]
    proposal: dict[str, Any] | None = None
    if task["task"] == "dream_refine_experience":
        proposal = generated_proposal({"task": "generate_experience", "evidence": evidence})
        intent = "create" if target is None else "refine"
    else:
        intent = "derive"
        for item in evidence:
            found = _experience_in(str(item.get("content", "")))
            if found is not None:
                proposal = {
                    "name": "derived-skill", "description": found["lesson"], "instructions": found["action"],
                    "validation": [found["outcome"]],
                }  # fmt: skip
                break
    if proposal is None or not cited:
        return {"outcome": "no_change", "reason": "Nothing new to propose.", "intent": None, "proposal": None,
                "evidence_ids": []}  # fmt: skip
    return {"outcome": "proposed", "reason": "Supported by the evidence.", "intent": intent, "proposal": proposal,
            "evidence_ids": cited}  # fmt: skip


HANDOFF_TASK = "generate_handoff"


def generated_handoff(task: dict[str, Any]) -> dict[str, Any]:
    """What the fake drafts for a ``generate_handoff`` task: a statement per line ``state: <text>``
    of each evidence item's Source text (citing that item), the first ``next: <text>`` as the next
    action, ``omission: <text>`` lines as omissions, ``disposition: <d>`` (else continuable);
    without any state line, one statement naming the first item."""
    state: list[dict[str, Any]] = []
    omissions: list[dict[str, Any]] = []
    next_action: dict[str, Any] | None = None
    disposition = "continuable"
    items = list(task.get("evidence", []))
    for item in items:
        try:
            text = str(json.loads(item.get("content", "{}")).get("content") or "")
        except (ValueError, AttributeError):
            continue
        for line in text.splitlines():
            name, _, value = (part.strip() for part in line.partition(":"))
            if not value:
                continue
            if name == "state":
                state.append({"text": value, "evidence_ids": [item["evidence_id"]]})
            elif name == "next" and next_action is None:
                next_action = {"text": value, "evidence_ids": [item["evidence_id"]]}
            elif name == "omission":
                omissions.append({"text": value, "evidence_id": item["evidence_id"]})
            elif name == "disposition":
                disposition = value
    if not state and items:
        state.append(
            {
                "text": f"The evidence {items[0]['evidence_id']} records the work.",
                "evidence_ids": [items[0]["evidence_id"]],
            }
        )
    return {"state": state, "disposition": disposition, "next_action": next_action, "omissions": omissions}


PROFILE_TASK = "generate_profile"


def generated_profile(task: dict[str, Any]) -> str | None:
    """What the fake answers a ``generate_profile`` task: the previous profile's lines followed by
    every ``profile: <text>`` line of the Sources' texts not already in it, one line each; null
    when the Sources hold no such line."""
    lines = [line for line in str(task.get("previous_content") or "").splitlines() if line]
    new = []
    for source in task.get("sources", []):
        for line in str(source.get("text", "")).splitlines():
            name, _, value = (part.strip() for part in line.partition(":"))
            if name == "profile" and value:
                new.append(value)
    if not new:
        return None
    return "\n".join(dict.fromkeys([*lines, *new]))


def demonstrations(task: dict[str, Any]) -> list[dict[str, str]]:
    """What the fake answers a ``generate_prompt_demonstrations`` task: exactly the count asked,
    each input naming the instructions and each output what the key's operation accepts."""
    count, key = int(task["demonstration_count"]), str(task["prompt_key"])
    made = []
    for n in range(1, count + 1):
        if key == "atomic_memory.extract":
            output = json.dumps({"memories": [{"kind": "fact", "text": f"example fact {n}"}]})
        else:
            output = json.dumps({"ranking": [n]})
        made.append({"input": f"example {n}: {task['instructions']}", "expected_output": output})
    return made


def find_task(text: str) -> dict[str, Any] | None:
    """The first JSON object in ``text`` that has candidates+query, or an expand_query or extract_memory task."""
    decoder = json.JSONDecoder()
    for start in (i for i, ch in enumerate(text) if ch == "{"):
        try:
            value, _ = decoder.raw_decode(text, start)
        except ValueError:
            continue
        if isinstance(value, dict) and (
            ("candidates" in value and "query" in value)
            or value.get("task")
            in (
                "expand_query",
                "extract_memory",
                HANDOFF_TASK,
                PROFILE_TASK,
                "generate_prompt_demonstrations",
                *GENERATION_FIELDS,
                *DREAM_TASKS,
            )
        ):
            return value
    return None


@dataclass
class Endpoint:
    """Runtime configuration and counters of one endpoint; safe to change while serving."""

    mode: Mode = "ok"
    delay: float = 1.0
    fail_first: int = 0
    ok_first: int = 0
    invalid: Invalid = "json"
    status: int = 503  # what "down" answers: 503, or e.g. 429 / 401
    calls: int = 0
    failures_served: int = 0

    def failing_mode(self) -> Mode:
        """Which mode this call gets (called once per call, under the server lock)."""
        self.calls += 1
        if self.ok_first > 0:
            self.ok_first -= 1
            return "ok"
        if self.mode == "ok" or (self.fail_first > 0 and self.failures_served >= self.fail_first):
            return "ok"
        self.failures_served += 1
        return self.mode


@dataclass(frozen=True)
class RecordedRequest:
    path: str
    json: Any
    headers: dict[str, str] = field(default_factory=dict)
    peer: str = ""  # the client's host:port: the same peer twice means a reused connection


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    fake: FakeInference

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # clients that time out close their end; that is expected here


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 10
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        fake = self.server.fake
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body: Any = json.loads(raw)
        except ValueError:
            body = None
        endpoint = {"/v1/embeddings": fake.embeddings, "/v1/chat/completions": fake.chat}.get(self.path)
        with fake.lock:
            headers = {k.lower(): v for k, v in self.headers.items()}
            peer = "{}:{}".format(*self.client_address[:2])
            fake.requests.append(RecordedRequest(self.path, body, headers, peer))
            if endpoint is not None:
                mode = endpoint.failing_mode()
                delay, invalid, status = endpoint.delay, endpoint.invalid, endpoint.status
        if endpoint is None:
            self._send(404, {"error": {"message": "not found"}})
        elif mode == "refuse":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
        elif mode == "down":
            self._send(status, {"error": {"message": "unavailable", "echo": body}})
        elif mode == "invalid" and invalid == "json":
            self._send(200, b'{"data": [')
        elif mode == "invalid" and invalid == "shape":
            self._send(200, {"object": "error", "echo": body})
        else:
            if mode == "slow":
                fake.stopping.wait(delay)
            is_embeddings = endpoint is fake.embeddings
            self._send(200, self._embeddings(body, mode, invalid) if is_embeddings else self._chat(body, mode, invalid))

    def _embeddings(self, body: Any, mode: Mode, invalid: Invalid) -> dict[str, Any]:
        texts = body.get("input", []) if isinstance(body, dict) else []
        texts = [texts] if isinstance(texts, str) else texts
        dimensions = int(body.get("dimensions") or DEFAULT_DIMENSIONS) if isinstance(body, dict) else 8
        if mode == "invalid" and invalid == "dimensions":
            dimensions -= 1
        data = [
            {"object": "embedding", "index": i, "embedding": pseudo_embedding(str(t), dimensions)}
            for i, t in enumerate(texts)
        ]
        if mode == "empty":
            data = []
        elif mode == "invalid" and invalid == "count":
            data = data[:-1]
        data.reverse()  # providers may answer out of order; clients must sort by index
        model = body.get("model") if isinstance(body, dict) else None
        return {"object": "list", "data": data, "model": model, "usage": {"prompt_tokens": 0, "total_tokens": 0}}

    def _chat(self, body: Any, mode: Mode, invalid: Invalid) -> dict[str, Any]:
        messages = body.get("messages", []) if isinstance(body, dict) else []
        user = [m.get("content", "") for m in messages if isinstance(m, dict) and m.get("role") == "user"]
        task = find_task(str(user[-1])) if user else None
        if mode == "empty":
            content = json.dumps({"ranking": []})
        elif mode == "invalid" and invalid == "content":
            content = "Sure! Here is my ranking of the candidates."
        elif mode == "invalid" and invalid == "memories":
            content = json.dumps({"memories": [{"kind": "rumour", "text": "not a kind the shape allows"}]})
        elif task is not None and task.get("task") == PROFILE_TASK:
            content = json.dumps({"content": generated_profile(task)})
        elif task is not None and task.get("task") == HANDOFF_TASK:
            content = json.dumps(generated_handoff(task))
        elif task is not None and task.get("task") in DREAM_TASKS:
            content = json.dumps(dream_plan(task))
        elif task is not None and task.get("task") in GENERATION_FIELDS:
            content = json.dumps({"proposal": generated_proposal(task)})
        elif task is not None and task.get("task") == "extract_memory":
            content = json.dumps({"memories": extract_lines(str(task.get("source", {}).get("text", "")))})
        elif task is not None and task.get("task") == "generate_prompt_demonstrations":
            content = json.dumps({"demonstrations": demonstrations(task)})
        elif task is not None and task.get("task") == "expand_query":
            content = json.dumps({"query": expand_query(str(task.get("query", "")))})
        elif task is not None:
            content = json.dumps({"ranking": rank_by_overlap(str(task["query"]), list(task["candidates"]))})
        else:
            content = "{}"
        return {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "model": body.get("model") if isinstance(body, dict) else None,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }

    def _send(self, status: int, payload: Any) -> None:
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class FakeInference:
    """Starts on 127.0.0.1 with a free port on ``__enter__``; stops (and wakes slow calls) on exit."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.embeddings = Endpoint()
        self.chat = Endpoint()
        self.requests: list[RecordedRequest] = []
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        assert self._server is not None, "FakeInference is not running"
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def configure(
        self,
        endpoint: Literal["embeddings", "chat"],
        mode: Mode = "ok",
        *,
        fail_first: int = 0,
        ok_first: int = 0,
        delay: float = 1.0,
        invalid: Invalid = "json",
        status: int = 503,
    ) -> Endpoint:
        """Sets one endpoint's behaviour anew (its fail_first count restarts; calls are kept)."""
        with self.lock:
            target = self.embeddings if endpoint == "embeddings" else self.chat
            target.mode, target.fail_first, target.delay, target.invalid = mode, fail_first, delay, invalid
            target.status, target.ok_first = status, ok_first
            target.failures_served = 0
            return target

    def requests_to(self, path: str) -> list[RecordedRequest]:
        with self.lock:
            return [r for r in self.requests if r.path == path]

    def start(self) -> FakeInference:
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.fake = self
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-inference", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeInference:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
