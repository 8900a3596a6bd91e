"""A writer process for the position test: captures Sources and writes artifacts into one Scope.

Usage: python source_writer.py DATABASE_PATH_OR_STORE_URL SCOPE_ID TAG COUNT. Waits for a line on
stdin (so every writer starts together), then captures COUNT Sources with ids ``TAG-<n>``, and
after every third capture creates an atomic memory (a lineage Source), replaying each capture
once. Prints one JSON object: ``{"captured": {source_id: position}, "replayed": {...}}``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pcreceipt.store import open_store
from pcreceipt.store.records import CapturedSource
from pcreceipt.store.sqlite import SQLiteStore


def main(target: str, scope_id: str, tag: str, count: int) -> None:
    store = open_store(target) if "://" in target else SQLiteStore(Path(target))
    sys.stdin.readline()
    captured: dict[str, int | None] = {}
    replayed: dict[str, int | None] = {}
    try:
        for number in range(count):
            source = CapturedSource(f"{tag}-{number}", f"{tag} says {number}", {"writer": tag})
            captured[source.source_id] = store.capture_source(scope_id, source)
            if number % 3 == 2:
                store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": f"{tag} wrote {number}"})
        for number in range(count):
            source = CapturedSource(f"{tag}-{number}", f"{tag} says {number}", {"writer": tag})
            replayed[source.source_id] = store.capture_source(scope_id, source)
    finally:
        store.close()
    print(json.dumps({"captured": captured, "replayed": replayed}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
