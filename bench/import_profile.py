"""Where the server's CPU goes per imported row: the ``import_artifacts`` request path run in this
process, stage by stage, on the scale corpus (issue 17's bulk load).

The stages are the server's own functions, called in the order the endpoint calls them, in one
thread (so thread CPU time and cProfile see all of it; the HTTP layer of uvicorn and Starlette is
not in here, see ``py-spy`` on a real ``pcreceipt serve`` for that):

1. ``decode`` — the body bytes to JSON (strict UTF-8, duplicate keys, depth, lone surrogates);
2. ``request gate`` — ``checks.check_request_body`` (the contract schema of the 1000 items);
3. ``handler`` — ``PathEndpoint._serve``: authorisation, the Scope check, ``import_artifacts``
   (content filled in, the writer, the store's transaction);
4. ``reply gate`` — ``checks.check_reply``;
5. ``serialise`` — ``responses.reply_response``.

Per stage: thread CPU µs per row over ``--batches`` batches of 1000 (after ``--warmup``), then a
cProfile of ``--profile-batches`` more batches (top functions by own time and by cumulative
time) into ``--out``. A benchmark, not a test.

    python bench/import_profile.py --batches 10 --profile-batches 5
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from loading import import_bodies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batches", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--profile-batches", type=int, default=5)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    args = parser.parse_args()

    from pcreceipt.compose import compose
    from pcreceipt.config import load_settings
    from pcreceipt.models import BY_ID

    try:
        from pcreceipt.server.http.body import decode_json_body
    except ImportError:  # a tree from before the decoding had its own function (run with PYTHONPATH=old/src)
        from pcreceipt.server.http import body as body_module

        def decode_json_body(data: bytes) -> Any:
            value = json.loads(data.decode("utf-8"), object_pairs_hook=body_module._unique_keys,
                               parse_constant=body_module._no_constants)  # fmt: skip
            if body_module._scan(value) is not None:
                raise ValueError("the body breaks a body rule")
            return value

    from pcreceipt.server.handlers import HANDLERS
    from pcreceipt.server.http.checks import check_reply, check_request_body
    from pcreceipt.server.http.endpoint import PathEndpoint
    from pcreceipt.server.http.exchange import Call, Services
    from pcreceipt.server.http.responses import reply_response

    total = args.warmup + args.batches + args.profile_batches
    bodies = import_bodies(total, 0)
    operation = BY_ID["import_artifacts"]
    with tempfile.TemporaryDirectory(prefix="pcr-import-profile-") as tmp:
        settings = load_settings(environ={}, overrides={"data_dir": Path(tmp)})
        parts = compose(settings)
        try:
            services = Services(store=parts.store, runtime=parts.preparer, settings=settings, writer=parts.writer)
            endpoint = PathEndpoint([operation], HANDLERS, services)
            scope, _ = services.store.create_scope(
                title="profile", summary="Import profile.", idempotency_key="import-profile",
                parent_scope_id=None, context_references=(), external_references=(),
            )  # fmt: skip

            def one(body: bytes, stages: dict[str, float] | None) -> int:
                clock = time.thread_time
                t0 = clock()
                value = decode_json_body(body)
                t1 = clock()
                check_request_body(operation, value, services)
                t2 = clock()
                call = Call(operation=operation, request_id="import-profile", path={"scope_id": scope.scope_id},
                            query={}, headers={}, body=value, services=services)  # fmt: skip
                reply = endpoint._serve(call)
                t3 = clock()
                violations = check_reply(call, reply)
                t4 = clock()
                response = reply_response(reply)
                t5 = clock()
                if violations or reply.status != 201:
                    raise RuntimeError(f"import failed: {reply.status} {violations[:3]}")
                if stages is not None:
                    for name, seconds in (("decode", t1 - t0), ("request gate", t2 - t1), ("handler", t3 - t2),
                                          ("reply gate", t4 - t3), ("serialise", t5 - t4)):  # fmt: skip
                        stages[name] += seconds
                del response
                return len(value["items"])

            for body in bodies[: args.warmup]:
                one(body, None)
            stages: dict[str, float] = defaultdict(float)
            rows = sum(one(body, stages) for body in bodies[args.warmup : args.warmup + args.batches])
            profiler = cProfile.Profile()
            profiler.enable()
            profiled = sum(one(body, None) for body in bodies[args.warmup + args.batches :])
            profiler.disable()
        finally:
            parts.close()
    per_row = {name: round(seconds / rows * 1e6, 1) for name, seconds in stages.items()}
    per_row["all"] = round(sum(stages.values()) / rows * 1e6, 1)
    args.out.mkdir(parents=True, exist_ok=True)
    text = io.StringIO()
    stats = pstats.Stats(profiler, stream=text)
    text.write(f"cProfile of {profiled} rows ({args.profile_batches} batches)\n")
    stats.sort_stats("tottime").print_stats(45)
    stats.sort_stats("cumulative").print_stats(60)
    (args.out / "import-profile.txt").write_text(text.getvalue())
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print(json.dumps({"rows": rows, "thread_cpu_us_per_row": per_row, "load_average_after": load,
                      "profile": str(args.out / "import-profile.txt")}, indent=2))  # fmt: skip


if __name__ == "__main__":
    main()
