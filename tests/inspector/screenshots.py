"""Capture the Context Inspector's screenshots for the docs (docs/img/inspector-*.png).

    .venv/bin/python tests/inspector/screenshots.py [OUT_DIR]

Starts ``pcreceipt serve`` as a user does (fresh HOME, its own process), seeds it through the HTTP
API (``_support.inspector_seed``), and drives the page in the system's headless Chromium: a prepare with
a code item and an exact read beside the list; a saved file that was tampered with; a comparison
of the same query at two budgets; the token prompt of a server that requires tokens. Not a test:
the browser tests are the test_*.py files beside it.
"""

from __future__ import annotations

import copy
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from _support.inspector_harness import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402
from _support.inspector_pages import open_inspector, prepare_in_page, save  # noqa: E402
from _support.inspector_seed import Api, seed  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

ROOT = HERE.parents[1]
QUERY = "How does the store use WAL?"
# one long memory: cut to fit at 1200 bytes and whole at 8000, so the comparison has a bytes row
LONG_MEMORY = (
    "decision",
    "How the store uses WAL: the local store runs SQLite in WAL mode with one writer and many readers; "
    "a passive checkpoint runs after every import batch, a full checkpoint only at shutdown, and the WAL "
    "file is never deleted by hand. Readers never block the writer, and a reader that outlives many "
    "checkpoints keeps the WAL from shrinking, so long read transactions are avoided in the server.",
)


def shoot(page: Page, path: Path) -> None:
    page.screenshot(path=str(path), full_page=True)
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as scratch:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
        for server in start_server():
            seeded = seed(server.url, extra=(LONG_MEMORY,))
            with Api(server.url) as api:
                small = api.prepare(seeded.scope_id, QUERY, include_code=True, max_bytes=1200)
                saved = api.prepare(seeded.scope_id, QUERY, include_code=True)
            open_inspector(page, server.url)
            prepare_in_page(page, seeded.scope_id, QUERY, include_code=True)
            page.click("#selected-table tbody tr[data-index='1']")
            page.wait_for_selector("#drill dl.fields")
            shoot(page, out / "inspector-prepare.png")

            tampered = copy.deepcopy(saved)
            tampered["content"] = saved["content"].replace("WAL", "LOG", 1)
            page.click("#tab-file")
            page.set_input_files("#file-input", str(save(Path(scratch) / "tampered.json", tampered)))
            page.wait_for_selector("#file-result #violations")
            shoot(page, out / "inspector-file.png")

            page.click("#tab-compare")
            page.click("#compare-use-current")
            page.set_input_files("#compare-b", str(save(Path(scratch) / "small.json", small)))
            page.wait_for_selector("#compare-diff")
            shoot(page, out / "inspector-compare.png")
        for server in start_server("--require-tokens"):
            open_inspector(page, server.url, wait_for_scopes=False)
            page.wait_for_selector("#token-panel:not([hidden])")
            page.set_viewport_size({"width": 1280, "height": 420})
            page.screenshot(path=str(out / "inspector-token.png"))
            print(f"wrote {out / 'inspector-token.png'}")
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img")
