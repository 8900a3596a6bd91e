"""One default TLS context per test process for every httpx client.

httpx builds a fresh ``ssl.SSLContext`` for each client it makes with ``verify=True`` (the default)
and loads certifi's CA bundle into it: about 0.1 s of CPU, paid by every ``httpx.Client``,
``httpx.AsyncClient`` and ``httpx.get``. The tests open thousands of clients, nearly all to
loopback servers over plain HTTP. ``share_the_default_context`` makes the default case build the
context once and hand the same one to every client after; any other ``verify`` or a client
certificate is built as httpx builds it. The verification a client does is unchanged: the shared
context is exactly the one httpx would have built.
"""

from __future__ import annotations

import os
import ssl
from functools import cache
from typing import Any

import httpx._transports.default as transports

_build = transports.create_ssl_context


@cache
def _default(trust_env: bool, cert_file: str | None, cert_dir: str | None) -> ssl.SSLContext:
    """What httpx builds for ``verify=True`` under these (the variables it reads), built once."""
    return _build(trust_env=trust_env)


def _shared(verify: Any = True, cert: Any = None, trust_env: bool = True) -> ssl.SSLContext:
    if verify is True and cert is None:
        return _default(trust_env, os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))
    return _build(verify=verify, cert=cert, trust_env=trust_env)


def share_the_default_context() -> None:
    """From now on, httpx's transports in this process share one default TLS context."""
    transports.create_ssl_context = _shared  # type: ignore[assignment]
