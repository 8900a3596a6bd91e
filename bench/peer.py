"""The peer: PowerContext's CLI started as a server, in its own home and workspace under the data
directory (``nox -s bench_peer`` installs PowerContext 1.4.1 into its own virtualenv).
"""

from __future__ import annotations

import os
from pathlib import Path

from servers import HOST, ServerSpec


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
