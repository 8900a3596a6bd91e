"""The Context Inspector: a static, dependency-free web page served by ``pcreceipt serve`` at ``/inspector/``.

The page (``static/``: HTML, one stylesheet, plain ES modules) and the contract package bundled for
the browser (``pcreceipt._gen``'s ``inspector/contract.js``, written by ``codegen/generate.py``)
ship in the wheel; nothing is fetched from anywhere else. ``routes`` serves them:

- ``GET /inspector`` redirects (308) to ``/inspector/``; ``GET /inspector/`` is ``index.html``;
  ``GET /inspector/<name>`` is one of the listed assets, anything else a 404 of its own.
- The assets are public (no token): they hold no data. The API calls the page makes carry the
  token the user typed, and are authorised as every other call (``server.http.authorization``).
- Every Inspector response carries ``SECURITY_HEADERS``: a Content-Security-Policy that allows
  only this origin's scripts, styles and connections (no inline script or style, no eval, no
  framing, no forms posting anywhere, no ``<base>``), ``nosniff`` and ``no-referrer``.

The assets are read once, when the routes are built, so a request never touches the disk.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pcreceipt.contract.digests import wire_bytes
from pcreceipt.errors import RouteNotFound

PREFIX = "/inspector"
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"
)
SECURITY_HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
MEDIA_TYPES: Mapping[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}
# the page's own files (static/), by the name they are served under
STATIC_ASSETS = (
    "index.html",
    "inspector.css",
    "app.js",
    "api.js",
    "dom.js",
    "verify.js",
    "receipt-view.js",
    "drill.js",
    "files.js",
    "compare.js",
    "favicon.svg",
)
# the generated contract bundle (pcreceipt._gen/inspector/), served beside them
CONTRACT_BUNDLE = "contract.js"


@dataclass(frozen=True, slots=True)
class Asset:
    body: bytes
    media_type: str


def load_assets() -> dict[str, Asset]:
    """Every servable file, read now: the page's own and the contract bundle."""
    static = resources.files(__name__).joinpath("static")
    assets = {name: static.joinpath(name).read_bytes() for name in STATIC_ASSETS}
    assets[CONTRACT_BUNDLE] = resources.files("pcreceipt._gen").joinpath("inspector", CONTRACT_BUNDLE).read_bytes()
    return {name: Asset(body, MEDIA_TYPES["." + name.rsplit(".", 1)[1]]) for name, body in assets.items()}


def _not_found() -> Response:
    """A name the Inspector does not serve: the server's 404 envelope (``RouteNotFound``), with the
    Inspector's headers."""
    body = wire_bytes(RouteNotFound().envelope())
    return Response(body, status_code=404, media_type="application/json", headers=SECURITY_HEADERS)


def routes() -> list[BaseRoute]:
    """The Inspector's routes (GET and HEAD only)."""
    assets = load_assets()

    async def redirect(request: Request) -> Response:
        request.scope["state"]["route"] = PREFIX
        return RedirectResponse(PREFIX + "/", status_code=308, headers=SECURITY_HEADERS)

    async def asset(request: Request) -> Response:
        request.scope["state"]["route"] = PREFIX + "/{asset}"
        found = assets.get(request.path_params.get("asset") or "index.html")
        if found is None:
            return _not_found()
        return Response(found.body, media_type=found.media_type, headers=SECURITY_HEADERS)

    return [
        Route(PREFIX, redirect, methods=["GET"]),
        Route(PREFIX + "/", asset, methods=["GET"]),
        Route(PREFIX + "/{asset:path}", asset, methods=["GET"]),
    ]
