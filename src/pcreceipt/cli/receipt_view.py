"""A human view of a Receipt (rich). Shows identities, omissions, the retrieval path and stage
timings; never bodies (the Receipt has none) and never the content unless asked by the caller.

Every value that comes from a response (identities, paths, enums, the content itself) is
rendered as a ``rich.text.Text``, never as a ``str``: rich reads a ``str`` as console markup
(``[bold]``, ``[/]``, ``:emoji:``) and highlights it, so stored text would be altered, or crash
the view with a MarkupError. ``plain`` is the one way to turn such a value into a renderable.

Identities and Scope ids are printed whole, so they can be copied to read an item: when the
Selected table does not fit the terminal (80 columns is too narrow for a Scope id and an
artifact identity side by side), the summary and the Selected items are printed stacked, one
value a line, without wrapping or cutting (a value wider than the terminal is left to the
terminal to wrap), followed by a hint that ``--json`` prints the whole response.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text


def plain(value: object) -> Text:
    """``value`` exactly as it is: no markup, no emoji codes, no highlighting."""
    return Text(str(value))


def identity_label(item: Mapping[str, Any], *, snippet: bool = False) -> tuple[str, str]:
    """(Scope, identity) of a selected item for people: ``art_…@revision`` or ``path:start-end``
    (with ``snippet``, code also shows the start of its snippet hash, so two ranges that differ
    only in their bytes stay apart)."""
    if "artifact_address" in item:
        address = item["artifact_address"]
        artifact = address["artifact"]
        return address["scope_id"], f"{artifact['artifact_id']}@{artifact['revision']}"
    code = item["code_evidence"]
    label = f"{code['path']}:{code['start_line']}-{code['end_line']}"
    return code["scope_id"], f"{label} #{code['snippet_sha256'][:12]}" if snippet else label


def selected_table(receipt: Mapping[str, Any]) -> Table:
    table = Table(title="Selected (injection order)", title_justify="left", expand=False)
    for column in ("#", "kind", "scope", "identity", "bytes", "truncated"):
        table.add_column(column, justify="right" if column in {"#", "bytes"} else "left")
    for n, item in enumerate(receipt["selected"], 1):
        scope, identity = identity_label(item)
        table.add_row(
            *map(plain, (n, item["kind"], scope, identity, item["rendered_bytes"], "yes" if item["truncated"] else ""))
        )
    return table


def omitted_table(receipt: Mapping[str, Any]) -> Table:
    table = Table(title="Omitted", title_justify="left")
    for column in ("family", "reason", "count"):
        table.add_column(column, justify="right" if column == "count" else "left")
    for group in receipt["omitted"]:
        table.add_row(*map(plain, (group["family"], group["reason"], group["count"])))
    return table


def retrieval_table(receipt: Mapping[str, Any]) -> Table:
    retrieval = receipt["retrieval"]
    rounds = {r["round"]: r for r in retrieval["rounds"]}
    table = Table(title="Retrieval path", title_justify="left")
    for column in ("round", "family", "mode", "outcome", "fallback", "calls"):
        table.add_column(column, justify="right" if column in {"round", "calls"} else "left")
    for group in retrieval["searches"]:
        round_ = rounds.get(group["round"], {})
        marker = "" if round_.get("retained", True) else " (abandoned)"
        fallback = "" if group["fallback_reason"] == "none" else group["fallback_reason"]
        row = (f"{group['round']}{marker}", group["family"], group["mode"], group["outcome"], fallback, group["count"])
        table.add_row(*map(plain, row))
    return table


def rerank_table(receipt: Mapping[str, Any]) -> Table | None:
    retrieval = receipt["retrieval"]
    if not retrieval["reranks"]:
        return None
    configs = {c["config_id"]: c for c in retrieval["rerank_configs"]}
    table = Table(title="Rerank", title_justify="left")
    for column in ("round", "policy", "model", "prompt", "outcome", "reason", "calls", "config"):
        table.add_column(column)
    for group in retrieval["reranks"]:
        config = configs[group["config_id"]]
        prompt = config["prompt"]
        prompt_text = (
            "-" if prompt is None else f"{prompt['selection']} v{prompt['selected_version']} ({prompt['scope_id']})"
        )
        row = (
            group["round"],
            config["policy_id"],
            config["model"] or "deterministic",
            prompt_text,
            group["outcome"],
            "" if group["fallback_reason"] == "none" else group["fallback_reason"],
            group["count"],
            group["config_id"][:19] + "…",
        )
        table.add_row(*map(plain, row))
    return table


def stages_table(receipt: Mapping[str, Any]) -> Table:
    table = Table(title="Stages", title_justify="left")
    for column in ("stage", "ms", "runs"):
        table.add_column(column, justify="left" if column == "stage" else "right")
    for stage in receipt["stages"]:
        table.add_row(*map(plain, (stage["stage"], f"{stage['duration_ms']:.2f}", stage["count"])))
    return table


WHOLE_COLUMNS = frozenset({"scope", "identity"})


def fits(console: Console, renderable: Any) -> bool:
    """Whether ``renderable`` fits the console's width without wrapping or cutting anything."""
    unbounded = console.options.update_width(1_000_000)
    return Measurement.get(console, unbounded, renderable).maximum <= console.width


def stacked(table: Table) -> Text:
    """A table's rows for a narrow terminal: each row's other cells on one line (``header value``),
    then each of its ``WHOLE_COLUMNS`` on a line of its own, whole."""
    columns = [(str(column.header), [str(cell) for cell in column.cells]) for column in table.columns]
    lines = [Text(str(table.title or ""), style="italic")]
    for row in range(table.row_count):
        short = [f"{name} {cells[row]}".strip() for name, cells in columns if name not in WHOLE_COLUMNS and cells[row]]
        lines.append(plain("  ".join(short)))
        lines += [plain(f"    {name:<9} {cells[row]}") for name, cells in columns if name in WHOLE_COLUMNS]
    return Text("\n").join(lines)


def print_parts(console: Console, parts: Sequence[Any], *, hint: str | None) -> None:
    """Print ``parts`` one after the other; a table holding Scope ids or identities that does not fit
    is printed ``stacked`` and unwrapped (the terminal wraps a line wider than itself), and then
    ``hint``, if any, says where the whole values can be had."""
    narrowed = False
    for part in parts:
        whole = isinstance(part, Table) and any(str(column.header) in WHOLE_COLUMNS for column in part.columns)
        if whole and not fits(console, part):
            console.print(stacked(part), soft_wrap=True)
            narrowed = True
        else:
            console.print(part)
    if narrowed and hint is not None:
        console.print(plain(hint), style="dim")


RECEIPT_TITLE = "PreparedContext Receipt v1"
JSON_HINT = "hint: ids are printed whole above; --json prints the whole response as JSON"
DIFF_JSON_HINT = "hint: ids are printed whole above; --json prints the whole diff as JSON"


def summary_text(response: Mapping[str, Any]) -> Text:
    receipt = response["receipt"]
    return Text.assemble(
        ("status ", "bold"),
        str(response["status"]),
        ("   bytes ", "bold"),
        f"{receipt['used_bytes']}/{receipt['requested_max_bytes']}",
        ("   truncated ", "bold"),
        "yes" if receipt["truncated"] else "no",
        ("   non-deterministic ", "bold"),
        "yes" if receipt["non_deterministic"] else "no",
        "\n",
        ("receipt ", "bold"),
        str(receipt["receipt_id"]),
        "\n",
        ("query   ", "bold"),
        str(receipt["query_digest"]),
        "\n",
        ("content ", "bold"),
        str(receipt["content_digest"]),
    )


def _after_selected(receipt: Mapping[str, Any]) -> list[Any]:
    parts: list[Any] = []
    if receipt["omitted"]:
        parts.append(omitted_table(receipt))
    parts.append(retrieval_table(receipt))
    rerank = rerank_table(receipt)
    if rerank is not None:
        parts.append(rerank)
    parts.append(stages_table(receipt))
    return parts


def print_content(response: Mapping[str, Any], console: Console) -> None:
    """The injected content, exactly as the server sent it, under a titled rule: printed with
    soft wrapping (no line break added), since the default form's envelope is one long line."""
    console.rule(plain(f"content ({response['content_bytes']} bytes)"), align="left")
    console.print(plain(response["content"]), soft_wrap=True)
    console.rule()


def print_receipt(response: Mapping[str, Any], console: Console | None = None, *, json_hint: bool = True) -> None:
    """The Receipt's view: tables when they fit, else stacked with identities whole (module docstring);
    ``json_hint`` says whether the command has a ``--json`` to point at."""
    console = console or Console()
    if "receipt" not in response:
        console.print("[yellow]no Receipt: it was not requested, or it was dropped (see the server log)[/yellow]")
        return
    receipt = response["receipt"]
    summary = Panel(summary_text(response), title=RECEIPT_TITLE, expand=False)
    if fits(console, summary):
        console.print(summary)
    else:  # a digest does not fit in the panel: unframed, so it prints whole
        console.rule(plain(RECEIPT_TITLE), align="left")
        console.print(summary_text(response), soft_wrap=True)
    parts = [selected_table(receipt), *_after_selected(receipt)]
    print_parts(console, parts, hint=JSON_HINT if json_hint else None)
