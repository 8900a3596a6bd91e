"""Profiles of the in-process prepare hot path: pyinstrument (call tree) and cProfile (self time).

Not named ``profile``: that would shadow the standard library module cProfile imports.
"""

from __future__ import annotations

import cProfile
import io
import pstats
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import corpus as corpus_module
from inprocess import open_runtime
from prepares import MAX_BYTES


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
