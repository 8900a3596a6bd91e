"""``pcreceipt receipt diff A.json B.json [--json]``: what changed between two saved prepare responses.

The diff is ``pcreceipt.contract.diff.diff_responses`` (docs/receipt-diff.md); ``--json`` prints it
as ``json.dumps(diff, indent=2, ensure_ascii=False)``, the same text the TypeScript package's
``diffReceipts`` gives with ``JSON.stringify(diff, null, 2)``. Without ``--json`` it is a compact
rich view in the style of the Receipt view (cli/receipt_view.py): every value from a response is
rendered as text, never as markup.

Exit status: 0 (whether or not anything changed), 2 when a file cannot be read, is not a prepare
response that passes the gate with its Receipt, or carries no Receipt: one line on standard
error, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from pcreceipt.cli import paths
from pcreceipt.cli.common import read_problem
from pcreceipt.cli.receipt_view import DIFF_JSON_HINT, identity_label, plain, print_parts
from pcreceipt.contract import gate
from pcreceipt.contract.diff import ReceiptDiffError, diff_responses, is_empty

receipt_app = typer.Typer(no_args_is_help=True, help="Work with saved Receipts.")


def _load(source: str, side: str) -> Any:
    def fail(problem: str) -> typer.Exit:
        typer.echo(f"error: receipt diff: {side} ({source}): {problem}", err=True)
        return typer.Exit(2)

    try:
        response = json.loads(Path(source).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise fail(f"cannot read it: {read_problem(exc)}") from None
    if not isinstance(response, dict) or not isinstance(response.get("receipt"), dict):
        raise fail("no Receipt: it was not requested (include_receipt), or the server dropped it")
    violations = gate.check_prepared_context(response, include_receipt=True)
    if violations:
        first = violations[0]
        raise fail(
            f"not a valid prepare response: {len(violations)} violation(s), first {first.path or '/'} {first.rule}"
        )
    return response


# -- the human view --------------------------------------------------------------------------------


def _label(entry: Mapping[str, Any]) -> tuple[str, str]:
    return identity_label(entry, snippet=True)


def _table(title: str, columns: Sequence[str], right: set[str]) -> Table:
    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column, justify="right" if column in right else "left")
    return table


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def selected_table(selected: Mapping[str, Any]) -> Table | None:
    rows: list[tuple[Any, ...]] = []
    for entry in selected["removed"]:
        rows.append(("-", entry["rank"], "", entry["kind"], *_label(entry), entry["rendered_bytes"]))
    for entry in selected["added"]:
        rows.append(("+", "", entry["rank"], entry["kind"], *_label(entry), entry["rendered_bytes"]))
    for entry in selected["moved"]:
        rows.append(("~", entry["from"], entry["to"], entry["kind"], *_label(entry), ""))
    if not rows:
        return None
    table = _table("Selected", ("", "A", "B", "kind", "scope", "identity", "bytes"), {"A", "B", "bytes"})
    for row in rows:
        table.add_row(*map(plain, row))
    return table


def omitted_table(omitted: Sequence[Mapping[str, Any]]) -> Table | None:
    if not omitted:
        return None
    table = _table("Omitted", ("family", "reason", "A", "B", "delta"), {"A", "B", "delta"})
    for group in omitted:
        row = (group["family"], group["reason"], group["a"], group["b"], _signed(group["delta"]))
        table.add_row(*map(plain, row))
    return table


def _groups(groups: Sequence[Mapping[str, Any]]) -> str:
    def one(g: Mapping[str, Any]) -> str:
        fallback = "" if g["fallback_reason"] == "none" else f" ({g['fallback_reason']})"
        return f"{g['mode']} {g['outcome']}{fallback} x{g['count']}"

    return "; ".join(map(one, groups)) or "-"


def _round(state: Mapping[str, Any] | None) -> str:
    if state is None:
        return "-"
    return f"{state['outcome']}{'' if state['retained'] else ' (abandoned)'}"


def retrieval_tables(retrieval: Mapping[str, Any]) -> list[Table]:
    out: list[Table] = []
    if retrieval["rounds"]:
        table = _table("Rounds", ("round", "A", "B"), {"round"})
        for r in retrieval["rounds"]:
            table.add_row(*map(plain, (r["round"], _round(r["a"]), _round(r["b"]))))
        out.append(table)
    if retrieval["searches"]:
        table = _table("Searches (round x family)", ("round", "family", "A", "B"), {"round"})
        for cell in retrieval["searches"]:
            table.add_row(*map(plain, (cell["round"], cell["family"], _groups(cell["a"]), _groups(cell["b"]))))
        out.append(table)
    configs = retrieval["rerank_configs"]
    if configs["added"] or configs["removed"]:
        table = _table("Rerank configurations", ("", "policy", "model", "prompt", "config"), set())
        for sign, name in (("-", "removed"), ("+", "added")):
            for config in configs[name]:
                prompt = config["prompt"]
                prompt_text = (
                    "-" if prompt is None else f"{prompt['key']} {prompt['selection']} v{prompt['selected_version']}"
                )
                row = (
                    sign,
                    config["policy_id"],
                    config["model"] or "deterministic",
                    prompt_text,
                    config["config_id"][:19] + "…",
                )
                table.add_row(*map(plain, row))
        out.append(table)
    if retrieval["reranks"]:
        table = _table(
            "Rerank calls", ("round", "config", "outcome", "reason", "A", "B", "delta"), {"round", "A", "B", "delta"}
        )
        for g in retrieval["reranks"]:
            reason = "" if g["fallback_reason"] == "none" else g["fallback_reason"]
            cells = (g["round"], g["config_id"][:19] + "…", g["outcome"], reason, g["a"], g["b"], _signed(g["delta"]))
            table.add_row(*map(plain, cells))
        out.append(table)
    return out


def bytes_summary(sizes: Mapping[str, Any]) -> Text:
    a, b, delta = sizes["a"], sizes["b"], sizes["delta"]
    return Text.assemble(
        ("bytes ", "bold"),
        f"A {a['content_bytes']}/{a['requested_max_bytes']}  B {b['content_bytes']}/{b['requested_max_bytes']}",
        f"  (content {_signed(delta['content_bytes'])}, max_bytes {_signed(delta['requested_max_bytes'])})",
        ("   truncated ", "bold"),
        f"A {'yes' if a['truncated'] else 'no'}  B {'yes' if b['truncated'] else 'no'}",
    )


def items_table(items: Sequence[Mapping[str, Any]]) -> Table | None:
    if not items:
        return None
    table = _table("Same identity, other rendering", ("kind", "scope", "identity", "A", "B"), {"A", "B"})

    def side(s: Mapping[str, Any]) -> str:
        return f"#{s['rank']} {s['rendered_bytes']}{' truncated' if s['truncated'] else ''}"

    for item in items:
        table.add_row(*map(plain, (item["kind"], *_label(item), side(item["a"]), side(item["b"]))))
    return table


def diff_renderable(diff: Mapping[str, Any], names: tuple[str, str]) -> Group:
    head = Text.assemble(("A ", "bold"), names[0], ("   B ", "bold"), names[1])
    parts: list[Any] = [head, bytes_summary(diff["bytes"])]
    if is_empty(diff):
        parts.append(plain("no change: the same selection, omissions, retrieval path and byte use"))
    tables = [
        selected_table(diff["selected"]),
        items_table(diff["bytes"]["items"]),
        omitted_table(diff["omitted"]),
        *retrieval_tables(diff["retrieval"]),
    ]
    parts += [t for t in tables if t is not None]
    return Group(*parts)


def _saved_response(metavar: str, which: str) -> Any:
    return typer.Argument(
        metavar=metavar, help=f"The {which} saved prepare response (with a Receipt).", callback=paths.input_file
    )


@receipt_app.command("diff")
def diff(
    a: Annotated[str, _saved_response("A.json", "first")],
    b: Annotated[str, _saved_response("B.json", "second")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the diff as JSON (docs/receipt-diff.md).")] = False,
) -> None:
    """What changed from A to B: selected items added, removed or moved (by exact identity), omitted count
    deltas, retrieval path and rerank configuration changes, and byte use. Exit 2 if a side has no Receipt."""
    response_a, response_b = _load(a, "A"), _load(b, "B")
    try:
        result = diff_responses(response_a, response_b)
    except ReceiptDiffError as error:
        typer.echo(f"error: receipt diff: {error}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(result, indent=2, ensure_ascii=False))
        return
    print_parts(Console(), diff_renderable(result, (a, b)).renderables, hint=DIFF_JSON_HINT)
