"""docs/contract-changelog.md: what each release changed in the contract, for a host maintainer.

Written by generate.py (so `nox -s generate -- --check` fails when it is stale). For each pair of
consecutive releases recorded in codegen/baseline/ (openapi-<version>.json), oldest first:

- every change `contract_diff.compare` finds between the two bundled OpenAPI documents, by level;
  each *breaking* change with the one line a host changes for it, from
  codegen/baseline/upgrade-notes.json (keyed by release, then by the change's "pointer: detail"
  text). A breaking change without a note, or a note that matches no change, stops the generator:
  a release is not recorded without saying what a host does about it;
- what the previous release's vendored validators (codegen/baseline/validators-<version>/, when
  recorded) refuse among the messages the newer release calls valid: every valid prepare request
  and response vector of tests/vectors/, run through the older host kit. Each refusal is a break too.

The newest section compares the last release with schemas/ when schemas/ is a release of its own
(pyproject's version is not recorded yet), so the changelog is right before `--record` runs.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import contract_diff as cd

ROOT = cd.ROOT
NOTES = cd.BASELINES / "upgrade-notes.json"
VECTORS = ROOT / "tests" / "vectors"
TARGET = "docs/contract-changelog.md"


class ChangelogError(ValueError):
    """A breaking change without its host line, or a stale note."""


def releases(folder: Path = cd.BASELINES) -> list[tuple[str, dict[str, Any]]]:
    """(version, bundled OpenAPI document) of every recorded release, oldest first, then schemas/
    as the pyproject version when that version is not recorded."""
    found = sorted(
        (tuple(int(part) for part in m.groups()), p)
        for p in folder.glob("*.json")
        if (m := cd.BASELINE_NAME.match(p.name))
    )
    out = [(".".join(map(str, key)), json.loads(p.read_text(encoding="utf-8"))) for key, p in found]
    version = cd.project_version()
    if version not in {v for v, _ in out}:
        out.append((version, cd.current_contract()))
    return out


def _host_kit(folder: Path) -> ModuleType | None:
    path = folder / cd.HOST_KIT
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"pcreceipt_host_validators_{folder.name.replace('.', '_')}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def _valid_vectors() -> Iterator[dict[str, Any]]:
    for path in sorted(VECTORS.rglob("*.json")):
        if path.is_relative_to(VECTORS / "diff"):
            continue
        vector = json.loads(path.read_text(encoding="utf-8"))
        if vector.get("valid"):
            yield vector


def old_refusals(kit: ModuleType) -> list[str]:
    """Each valid vector the older host kit refuses: "<vector id> (<kind>): <path> <rule>, …"."""
    lines = []
    for vector in _valid_vectors():
        context = vector["context"]
        if vector["kind"] == "request":
            violations = kit.check_prepare_request(
                vector["data"],
                assembly_max_entries=context.get("assembly_max_entries", kit.DEFAULT_ASSEMBLY_MAX_ENTRIES),
            )
        else:
            violations = kit.check_prepared_context(
                vector["data"],
                max_bytes=context.get("max_bytes"),
                include_receipt=context.get("include_receipt"),
                explain=context.get("explain"),
            )
        if violations:
            shown = ", ".join(f"`{v.path or '/'}` {v.rule}" for v in violations)
            lines.append(f"`{vector['id']}` ({vector['kind']}): {shown}")
    return lines


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def section(
    old_version: str, old: dict[str, Any], new_version: str, new: dict[str, Any], notes: dict[str, str]
) -> list[str]:
    changes = cd.compare(old, new)
    by_level = {level: [c for c in changes if c.level == level] for level in cd.LEVELS}
    keys = {f"{c.pointer}: {c.detail}" for c in by_level["breaking"]}
    missing = sorted(keys - notes.keys())
    stale = sorted(notes.keys() - keys)
    if missing or stale:
        problems = [f"  no host line for: {k}" for k in missing] + [f"  note matches no change: {k}" for k in stale]
        raise ChangelogError(f"codegen/baseline/upgrade-notes.json, release {new_version}:\n" + "\n".join(problems))
    old_contract, new_contract = old["info"]["version"], new["info"]["version"]
    lines = [
        f"## {new_version}: contract {new_contract} (from {old_version}, contract {old_contract})",
        "",
        ", ".join(f"{len(by_level[level])} {level}" for level in reversed(cd.LEVELS)) + ".",
        "",
    ]
    if by_level["breaking"]:
        lines += ["| breaking change | what a host changes |", "|---|---|"]
        for c in by_level["breaking"]:
            lines.append(f"| `{_cell(c.pointer)}`: {_cell(c.detail)} | {_cell(notes[f'{c.pointer}: {c.detail}'])} |")
        lines.append("")
    kit = _host_kit(cd.BASELINES / f"validators-{old_version}")
    if kit is not None:
        refused = old_refusals(kit)
        lines.append(
            f"Valid under contract {new_contract} and refused by the validators of {old_version} "
            f"(`codegen/baseline/validators-{old_version}/`, the host kit over every valid contract vector): "
            + ("none." if not refused else f"{len(refused)}, each breaking for a host that still runs them:")
        )
        lines += [""] + [f"- {line}" for line in refused] + ([""] if refused else [])
    for level in ("warning", "additive"):
        if by_level[level]:
            lines += [f"<details><summary>{len(by_level[level])} {level}</summary>", ""]
            lines += [f"- `{c.pointer}`: {c.detail}" for c in by_level[level]]
            lines += ["", "</details>", ""]
    return lines


def render() -> str:
    notes: dict[str, dict[str, str]] = json.loads(NOTES.read_text(encoding="utf-8"))
    recorded = releases()
    unknown = sorted(notes.keys() - {v for v, _ in recorded[1:]})
    if unknown:
        raise ChangelogError(f"codegen/baseline/upgrade-notes.json names releases with no predecessor: {unknown}")
    lines = [
        "# Contract changelog",
        "",
        "<!-- Generated by codegen/changelog.py (nox -s generate) from codegen/baseline/; do not edit. -->",
        "",
        "What each release of pcreceipt changed in its contract (the bundled OpenAPI document,",
        "`GET /openapi.json`), newest first, as `codegen/contract_diff.py` compares consecutive releases.",
        "A breaking change comes with the one change a host makes for it. `get_server_info`'s",
        "`api_contract_version`, the host kit's `CONTRACT_VERSION` and the TypeScript package's",
        "`CONTRACT_VERSION` name the contract; docs/hosts.md says how to upgrade and check a vendored copy.",
        "",
    ]
    pairs = list(itertools.pairwise(recorded))
    for (old_version, old), (new_version, new) in reversed(pairs):
        lines += section(old_version, old, new_version, new, notes.get(new_version, {}))
    return "\n".join(lines).rstrip("\n") + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
