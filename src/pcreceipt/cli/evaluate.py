"""``pcreceipt eval``: recall of labelled queries, measured from Receipts (docs/eval.md).

``pcreceipt eval INPUT.jsonl`` (the same as ``pcreceipt eval run INPUT.jsonl``) prepares every
query with a Receipt, once per run (each ``--url`` with each ``--variant``), and writes
report.json, report.md and PNG plots into ``--out``. ``pcreceipt eval sample`` writes the shipped
sample set into a new Scope of a server and its labelled queries into sample.jsonl.

Exit status: 0; 1 when ``--fail-under`` is not met; 2 for bad input or options (one line each),
or when a server cannot be reached (after the retries) — the report is still written when
some prepares got through.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pcreceipt.cli import helpstyle, paths
from pcreceipt.cli.common import DEFAULT_URL, Token, Url, checked_server_url, run_client
from pcreceipt.client import AsyncClient

_FAIL_UNDER = re.compile(r"^(?P<metric>recall|precision)=(?P<value>[0-9]*\.?[0-9]+)$")


class EvalGroup(helpstyle.Group):
    """``pcreceipt eval ARGS`` runs ``pcreceipt eval run ARGS`` unless ARGS names a subcommand."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


eval_app = typer.Typer(
    cls=EvalGroup,
    no_args_is_help=True,
    help="Recall of labelled queries, from Receipts: pcreceipt eval INPUT.jsonl (see docs/eval.md).",
)


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


@eval_app.command("run")
def run(
    source: Annotated[
        Path,
        typer.Argument(
            metavar="INPUT.jsonl",
            help="The labelled queries, one JSON object a line.",
            show_default=False,
            callback=paths.input_file,
        ),
    ],
    url: Annotated[
        list[str] | None,
        typer.Option(
            "--url",
            envvar="PCRECEIPT_URL",
            help=f"A server URL; give two to compare servers [default: {DEFAULT_URL}].",
            show_default=False,
            callback=paths.server_urls,
        ),
    ] = None,
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant", help="KEY=VALUE request overrides, one run each (max_bytes=4000).", show_default=False
        ),
    ] = None,
    token: Token = None,
    out: Annotated[Path, typer.Option("--out", help="The report directory.", callback=paths.directory)] = Path(
        "eval-report"
    ),
    concurrency: Annotated[int, typer.Option("--concurrency", help="Prepares at once.", min=1, max=64)] = 4,
    retries: Annotated[
        int, typer.Option("--retries", help="Retries of a prepare that did not complete.", min=0, max=10)
    ] = 3,
    fail_under: Annotated[
        list[str] | None,
        typer.Option(
            "--fail-under",
            help="METRIC=X: exit 1 when a run's mean recall (or precision) is below X.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Prepare every labelled query with a Receipt and report recall at injection."""
    from pcreceipt.evaluation.load import InputError, load_cases
    from pcreceipt.evaluation.report import build_report, write_report
    from pcreceipt.evaluation.run import Unreachable, execute, plan_runs

    thresholds: dict[str, float] = {}
    for text in fail_under or []:
        match = _FAIL_UNDER.match(text.strip())
        if match is None:
            raise _fail(f"--fail-under {text!r}: give recall=X or precision=X, X a number such as 0.8")
        thresholds[match.group("metric")] = float(match.group("value"))
    urls = [checked_server_url(u) for u in (url or [DEFAULT_URL])]
    try:
        runs = plan_runs(urls, variant or [])
    except ValueError as exc:
        raise _fail(f"--variant: {exc}") from None
    try:
        cases = load_cases(source)
    except InputError as exc:
        for problem in exc.problems[:10]:
            typer.echo(f"error: {problem}", err=True)
        if len(exc.problems) > 10:
            typer.echo(f"error: … and {len(exc.problems) - 10} more", err=True)
        raise typer.Exit(2) from None
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _fail(f"--out {out}: cannot create the directory: {exc.strerror or type(exc).__name__}") from None
    console = Console(stderr=True)
    progress = Progress(
        TextColumn("eval"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=not console.is_terminal,
        transient=True,
    )
    with progress:
        task = progress.add_task("eval", total=len(runs) * len(cases))
        try:
            outcomes, families = asyncio.run(
                execute(
                    runs,
                    cases,
                    token=token,
                    concurrency=concurrency,
                    retries=retries,
                    on_done=lambda: progress.advance(task),
                )
            )
        except Unreachable as exc:
            raise _fail(f"{exc}; is `pcreceipt serve` running there?") from None
    report = build_report(str(source), runs, outcomes, families)
    from pcreceipt.evaluation.plots import write_plots  # matplotlib: loaded only once there is a report

    try:
        plots = write_plots(out, report)
        json_path, md_path = write_report(out, report, plots)
    except OSError as exc:
        raise _fail(f"--out {out}: cannot write the report: {exc.strerror or type(exc).__name__}") from None
    for entry in report["runs"]:
        s = entry["summary"]
        recall = s["recall_at_injected"]
        shown = (
            "–" if recall["mean"] is None else f"{recall['mean']:.3f} [{recall['ci'][0]:.3f}, {recall['ci'][1]:.3f}]"
        )
        errors = sum(s["errors"].values())
        typer.echo(
            f"{entry['name']}: recall at injection {shown} over {recall['n']} queries; "
            f"{errors} error(s), {s['receipt_missing']} without a Receipt"
        )
    for comparison in report["comparisons"]:
        diff = comparison["recall_diff"]
        if diff["mean"] is not None:
            typer.echo(
                f"{comparison['b']} − {comparison['a']}: recall {diff['mean']:+.3f} "
                f"[{diff['ci'][0]:+.3f}, {diff['ci'][1]:+.3f}] over {comparison['pairs']} paired queries"
            )
    typer.echo(f"wrote {json_path}, {md_path} and {len(plots)} plot(s)")
    transport = sum(entry["summary"]["errors"].get("transport", 0) for entry in report["runs"])
    if transport:
        typer.echo(
            f"error: {transport} prepare(s) did not complete after {retries + 1} attempt(s) each "
            "(the report counts them as errors)",
            err=True,
        )
        raise typer.Exit(2)
    refused = [q for entry in report["runs"] for q in entry["queries"] if q["error"] is not None]
    if refused:
        scope_of = {case.id: case.scope_id for case in cases}
        typer.echo(f"error: {_refusals(refused, scope_of)}; the report counts them as errors", err=True)
        raise typer.Exit(2)
    failed = False
    key_of = {"recall": "recall_at_injected", "precision": "precision"}
    for metric, threshold in thresholds.items():
        for entry in report["runs"]:
            value = entry["summary"][key_of[metric]]["mean"]
            if value is None or value < threshold:
                shown = "undefined" if value is None else f"{value:.3f}"
                typer.echo(f"fail-under: {entry['name']}: {metric} {shown} is below {threshold:g}", err=True)
                failed = True
    if failed:
        raise typer.Exit(1)


def _refusals(queries: list[dict[str, Any]], scope_of: dict[str, str]) -> str:
    """The prepares the server refused, in words: how many, with which error codes, and for an
    unknown Scope which Scopes (the usual cause: the set was written for another server)."""
    codes = Counter(str(q["error"].get("code") or f"HTTP {q['error'].get('status')}") for q in queries)
    shown = ", ".join(f"{code} ×{n}" for code, n in sorted(codes.items()))
    missing = sorted({scope_of[q["id"]] for q in queries if q["error"].get("code") == "scope_not_found"})
    scopes = f"; no such Scope on the server: {', '.join(missing[:5])}{', …' if len(missing) > 5 else ''}"
    return f"the server refused {len(queries)} prepare(s) ({shown}){scopes if missing else ''}"


@eval_app.command("sample")
def sample(
    out: Annotated[Path, typer.Option("--out", help="Where to write sample.jsonl.", callback=paths.directory)] = Path(
        "eval-sample"
    ),
    url: Url = DEFAULT_URL,
    token: Token = None,
) -> None:
    """Write the shipped sample set into a new Scope of the server, and its labelled queries to OUT/sample.jsonl."""
    from pcreceipt.evaluation.sample import load_sample

    async def work(client: AsyncClient) -> tuple[str, list[dict[str, Any]]]:
        return await load_sample(client)

    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _fail(f"--out {out}: {exc.strerror or type(exc).__name__}") from None
    scope_id, lines = run_client(url, token, work)
    path = out / "sample.jsonl"
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    typer.echo(f"created Scope {scope_id} with the sample set; wrote {len(lines)} labelled queries to {path}")
    sys.stdout.flush()
