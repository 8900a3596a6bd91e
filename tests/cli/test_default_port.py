"""``pcreceipt serve`` exactly as the README writes it: no flags, a fresh HOME, the documented
default port (8000), so this module is ``serial`` (tests/README.md: fixed ports)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _support.commands import DEFAULT_PORT, PCRECEIPT, ServerProcess, user_environment
from _support.ports import port_is_free

pytestmark = pytest.mark.serial  # the documented default port, 8000


def test_serve_with_no_flags_in_a_fresh_home_starts_and_says_what_it_serves(tmp_path: Path) -> None:
    assert port_is_free(DEFAULT_PORT), "port 8000 (the documented default) is taken on this machine"
    env = user_environment(tmp_path)
    server = ServerProcess([PCRECEIPT, "serve"], env)
    try:
        ready = server.wait_ready(f"http://127.0.0.1:{DEFAULT_PORT}", timeout=60)
    finally:
        output = server.stop()
    assert ready, output
    data_dir = tmp_path / ".local" / "share" / "pcreceipt"
    assert f"serving http://127.0.0.1:{DEFAULT_PORT}" in output
    assert f"store          SQLite {data_dir / 'pcreceipt.db'}" in output
    assert f"data directory {data_dir}" in output
    assert "authorisation  local single-user (loopback, no token)" in output
    assert "Traceback" not in output
