"""``pcreceipt reembed``: backfill vectors for searchable artifacts that have none.

Works on the local store named by the settings (like ``serve``), with the configured embedder
(both from ``pcreceipt.compose``, as the server builds them).
Writes made while the embedder was down or unconfigured are committed without a vector; this
command embeds them under the current embedding profile, batch by batch, and is safe to stop and
run again.

Exit status: 0 when every artifact it looked at got a vector; 1 when the embedder failed (down,
too slow, or answering with unusable vectors), after saying how many were not embedded; 2 for
configuration errors (no embedder, no vector search, bad settings).
"""

from __future__ import annotations

from typing import Annotated

import typer

from pcreceipt.cli.local import ConfigOption, DataDirOption, fail, local_settings, open_local_store
from pcreceipt.compose import compose
from pcreceipt.store.records import StoreUnavailable

#: What each provider error class means for a backfill (no URL, no provider message).
FAILURES = {
    "inference_unavailable": "the embedder is unreachable or answered with an error",
    "inference_timeout": "the embedder did not answer within embedding.timeout_seconds",
    "invalid_output": "the embedder's answer was not usable vectors (check embedding.model and embedding.dimensions)",
}


def reembed(
    data_dir: DataDirOption = None,
    config: ConfigOption = None,
    limit: Annotated[int, typer.Option(help="Embed at most this many artifacts.", min=1)] = 1_000_000,
) -> None:
    """Embed searchable artifacts that have no vector under the current embedding profile."""
    parts = compose(local_settings(data_dir, config), opener=open_local_store)
    try:
        embedder = parts.embedder
        if embedder is None:
            fail("no embedder is configured (see docs/configuration.md)")
        if not parts.store.vector_search_available:
            fail("this store has no vector search, so vectors cannot be stored")
        result = parts.writer.reembed(limit=limit)
    except StoreUnavailable:
        typer.echo("error: the store became unavailable; run `pcreceipt reembed` again", err=True)
        raise typer.Exit(2) from None
    finally:
        parts.close()
    typer.echo(f"embedded {result.embedded} artifact(s) under profile {embedder.profile}")
    if result.failure is not None or result.not_embedded:
        cause = FAILURES.get(result.failure or "", "some artifacts got no vector")
        typer.echo(
            f"error: {cause}; {result.not_embedded} artifact(s) were not embedded. "
            "Run `pcreceipt reembed` again once the embedder answers.",
            err=True,
        )
        raise typer.Exit(1)
